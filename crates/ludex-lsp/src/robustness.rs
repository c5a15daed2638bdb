//! Every feature on damaged rules files, at any place: no panic, and every range it answers with
//! lies in the document.

use lsp_types::{Range, Uri};
use proptest::prelude::*;

use crate::document::Document;
use crate::{completion, diagnostics, hover, navigation, semantic_tokens, symbols};

/// The shipped rules, which the damage starts from.
fn rules() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules");
    let mut paths: Vec<_> =
        std::fs::read_dir(dir).expect("rules/").map(|e| e.expect("an entry").path()).collect();
    paths.sort();
    paths.iter().map(|p| std::fs::read_to_string(p).expect("a rules file")).collect()
}

/// A rules file with a range cut out and bits of the language (and of other scripts) put in.
fn damaged() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "{", "}", "(", ")", "#", "\"", "é", "🎲", "\n", " = ", ".", ", ", "+", "to", "x", "1",
    ]);
    (0..rules().len(), any::<prop::sample::Index>(), 0usize..200, prop::collection::vec(pieces, 0..6))
        .prop_map(|(file, at, cut, inserted)| {
            let text = &rules()[file];
            let mut start = at.index(text.len());
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            let mut end = (start + cut).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            format!("{}{}{}", &text[..start], inserted.concat(), &text[end..])
        })
}

fn inside(document: &Document, range: &Range) {
    let end = document.position(document.text.len());
    assert!(range.start <= range.end && range.end <= end, "{range:?} ends after {end:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_feature_answers_anywhere_in_a_damaged_file(text in damaged(), places in prop::collection::vec(any::<prop::sample::Index>(), 8)) {
        let uri: Uri = "file:///damaged.rules".parse().expect("a URI");
        let document = Document::new(text, 1, Default::default());
        for d in diagnostics::publish(&uri, &document).diagnostics {
            inside(&document, &d.range);
        }
        semantic_tokens::full(&document);
        for symbol in symbols::outline(&document) {
            inside(&document, &symbol.range);
        }
        for place in places {
            // As a position gives it: on a character's boundary.
            let mut offset = place.index(document.text.len() + 1);
            while !document.text.is_char_boundary(offset) {
                offset -= 1;
            }
            if let Some(hover) = hover::hover(&document, offset) {
                inside(&document, &hover.range.expect("a range"));
            }
            completion::complete(&document, offset);
            for location in navigation::definition(&uri, &document, offset) {
                inside(&document, &location.range);
            }
            navigation::references(&uri, &document, offset, true);
            let _ = navigation::prepare_rename(&document, offset);
            let _ = navigation::rename(&uri, &document, offset, "renamed");
        }
    }
}
