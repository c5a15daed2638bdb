//! The checker never panics: any word of any shipped rules file replaced by any other word found in
//! the shipped rules files gives diagnostics or a game, and a game exactly when there is no error.

use std::collections::BTreeSet;

/// Every shipped rules file's text, in name order.
fn shipped_rules() -> Vec<String> {
    let mut paths: Vec<_> = std::fs::read_dir("rules")
        .expect("the rules folder")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rules"))
        .collect();
    paths.sort();
    paths.iter().map(|path| std::fs::read_to_string(path).expect("a rules file")).collect()
}

/// The byte ranges of the words (letters, digits, `_`) of a text, outside comments.
fn words(text: &str) -> Vec<(usize, usize)> {
    let mut words = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let code = line.split('#').next().unwrap_or("");
        let mut start = None;
        for (i, c) in code.char_indices().chain([(code.len(), ' ')]) {
            match (start, c.is_ascii_alphanumeric() || c == '_') {
                (None, true) => start = Some(i),
                (Some(s), false) => {
                    words.push((line_start + s, line_start + i));
                    start = None;
                }
                _ => {}
            }
        }
        line_start += line.len();
    }
    words
}

/// Words a rules file might have in the wrong place: every word of the shipped files, and a few
/// that no file uses.
fn vocabulary(files: &[String]) -> Vec<String> {
    let mut vocabulary: BTreeSet<String> = ["-1", "z9", "0"].map(String::from).into();
    for text in files {
        vocabulary.extend(words(text).into_iter().map(|(start, end)| text[start..end].to_string()));
    }
    vocabulary.into_iter().collect()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    #[test]
    fn replaced_words_never_panic(
        file in proptest::prelude::any::<proptest::sample::Index>(),
        edits in proptest::collection::vec(
            (proptest::prelude::any::<proptest::sample::Index>(), proptest::prelude::any::<proptest::sample::Index>()),
            1..5,
        ),
    ) {
        let files = shipped_rules();
        let vocabulary = vocabulary(&files);
        let text = &files[file.index(files.len())];
        let spans = words(text);
        let mut chosen: Vec<((usize, usize), &str)> = edits
            .iter()
            .map(|(at, word)| (spans[at.index(spans.len())], vocabulary[word.index(vocabulary.len())].as_str()))
            .collect();
        chosen.sort_by_key(|((start, _), _)| std::cmp::Reverse(*start));
        chosen.dedup_by_key(|((start, _), _)| *start);
        let mut edited = text.clone();
        for ((start, end), word) in chosen {
            edited.replace_range(start..end, word);
        }
        let compiled = ludex::compile(&edited, &Default::default());
        proptest::prop_assert_eq!(compiled.game.is_some(), !compiled.has_errors());
    }
}
