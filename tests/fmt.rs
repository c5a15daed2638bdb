//! The formatter (`ludex fmt`): formatting is idempotent and keeps what a file means (the same
//! lowered game, or the same diagnostics) and its comments, over every shipped rules file, every
//! diagnostics fixture and random re-spacings and re-commentings of the shipped files; every
//! shipped file is formatted already; and the layouts of tricky inputs are snapshotted in
//! `tests/snapshots/` (`INSTA_UPDATE=always cargo test --test fmt` after a deliberate change).

use std::path::{Path, PathBuf};

use proptest::prelude::*;

/// What a rules file means: its lowered game as JSON (spans are not in the IR), or, when it does
/// not check, its diagnostics without their places.
fn meaning(text: &str) -> String {
    let compiled = ludex::compile(text, &Default::default());
    match compiled.game {
        Some(game) => serde_json::to_string(&game).expect("a game serializes"),
        None => compiled
            .diagnostics
            .iter()
            .map(|d| {
                format!("{} {:?} {} | {}", d.code, d.severity, d.message, d.help.as_deref().unwrap_or(""))
            })
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// The comments of a text, in order, without trailing whitespace.
fn comments(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|line| {
            let mut in_string = false;
            let hash = line.char_indices().find_map(|(i, c)| match c {
                '"' => {
                    in_string = !in_string;
                    None
                }
                '#' if !in_string => Some(i),
                _ => None,
            })?;
            Some(line[hash..].trim_end())
        })
        .collect()
}

/// Checks the formatter's promises on one text and gives the formatted text: a text that does not
/// parse is refused with its syntax errors; one that parses is formatted, and formatting that
/// again changes nothing, its meaning is the same and so are its comments.
fn assert_formatting_keeps(name: &str, text: &str) -> Option<String> {
    let formatted = match ludex::fmt::format(text) {
        Ok(formatted) => formatted,
        Err(diagnostics) => {
            let (_, syntax) = ludex::syntax::parse(text);
            assert!(
                syntax.iter().any(|d| d.is_error()),
                "{name}: refused without a syntax error: {diagnostics:?}"
            );
            assert_eq!(diagnostics, syntax, "{name}: refused with other diagnostics than the parser's");
            return None;
        }
    };
    assert_eq!(
        ludex::fmt::format(&formatted).as_ref(),
        Ok(&formatted),
        "{name}: formatting the formatted text changes it:\n{formatted}"
    );
    assert_eq!(meaning(&formatted), meaning(text), "{name}: formatting changed the meaning:\n{formatted}");
    assert_eq!(comments(&formatted), comments(text), "{name}: formatting changed the comments:\n{formatted}");
    Some(formatted)
}

/// The files of a directory, in name order.
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut paths: Vec<PathBuf> =
        entries.map(|entry| entry.expect("a directory entry").path()).filter(|path| path.is_file()).collect();
    paths.sort();
    paths
}

/// Checks the formatter's promises on every file of a directory (any name; files that are not
/// UTF-8 text are skipped) and returns how many were formatted and how many refused. Point it at
/// a fuzz corpus to check the formatter against it.
fn check_formatting_of_every_file_in(dir: &Path) -> (usize, usize) {
    let (mut formatted, mut refused) = (0, 0);
    // A `.tests` file beside a rules file is in the scenario language, which `ludex fmt` does not lay out.
    for path in files_in(dir).into_iter().filter(|path| path.extension().is_none_or(|e| e != "tests")) {
        let Ok(text) = String::from_utf8(std::fs::read(&path).expect("a readable file")) else { continue };
        match assert_formatting_keeps(&path.display().to_string(), &text) {
            Some(_) => formatted += 1,
            None => refused += 1,
        }
    }
    (formatted, refused)
}

/// Every rules file the project ships: the games and the documentation's examples.
fn shipped_rules_files() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = files_in(Path::new("rules"));
    paths.extend(files_in(Path::new("docs/examples")));
    paths.retain(|path| path.extension().is_some_and(|e| e == "rules"));
    paths
}

#[test]
fn every_shipped_rules_file_is_formatted() {
    let paths = shipped_rules_files();
    assert!(paths.len() >= 13, "{paths:?}");
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("a rules file");
        assert_eq!(
            ludex::fmt::format(&text).as_deref(),
            Ok(text.as_str()),
            "{} is not formatted: run `ludex fmt` on it",
            path.display()
        );
    }
}

#[test]
fn formatting_keeps_the_meaning_of_every_shipped_file_and_fixture() {
    for dir in ["rules", "docs/examples"] {
        let rules_files =
            files_in(Path::new(dir)).iter().filter(|p| p.extension().is_some_and(|e| e == "rules")).count();
        assert_eq!(check_formatting_of_every_file_in(Path::new(dir)), (rules_files, 0), "{dir}");
    }
    // The fixtures show mistakes: those of syntax are refused, the others formatted with the same
    // diagnostics.
    let (formatted, refused) = check_formatting_of_every_file_in(Path::new("tests/diagnostics"));
    assert!(formatted >= 40 && refused >= 15, "{formatted} formatted, {refused} refused");
}

/// The fuzzers' committed corpus: the byte inputs of `rules_bytes` as they are, and the seeds of
/// `mutated_rules` and `played_rules` turned into the mutated rules files the fuzzers check.
#[test]
fn formatting_keeps_the_meaning_of_the_fuzz_corpus() {
    let (mut formatted, mut refused) =
        check_formatting_of_every_file_in(Path::new("fuzz/corpus/rules_bytes"));
    for target in ["mutated_rules", "played_rules"] {
        for path in files_in(&Path::new("fuzz/corpus").join(target)) {
            let text = ludex::fuzzing::mutated_text(&std::fs::read(&path).expect("a corpus file"));
            match assert_formatting_keeps(&path.display().to_string(), &text) {
                Some(_) => formatted += 1,
                None => refused += 1,
            }
        }
    }
    assert!(formatted >= 20, "{formatted} formatted, {refused} refused");
}

/// Points the checks at any directory of inputs, such as a fuzz corpus:
/// `LUDEX_FMT_CORPUS=fuzz/corpus/parse cargo test --test fmt -- --ignored`.
#[test]
#[ignore = "needs LUDEX_FMT_CORPUS, a directory of inputs"]
fn formatting_keeps_the_meaning_of_every_file_of_a_corpus() {
    let dir = std::env::var("LUDEX_FMT_CORPUS").expect("LUDEX_FMT_CORPUS names a directory");
    let (formatted, refused) = check_formatting_of_every_file_in(Path::new(&dir));
    println!("{dir}: {formatted} formatted, {refused} refused");
}

#[test]
fn formatted_tricky_inputs() {
    insta::glob!("fmt/*.rules", |path| {
        let text = std::fs::read_to_string(path).expect("the fixture is readable");
        let name = path.display().to_string();
        let formatted = assert_formatting_keeps(&name, &text).unwrap_or_else(|| panic!("{name} parses"));
        insta::assert_snapshot!(formatted);
    });
}

#[test]
fn a_file_that_does_not_parse_is_refused_with_its_errors() {
    let diagnostics = ludex::fmt::format("game \"x\"\nseat a turnd 90\n").expect_err("a syntax error");
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].code, ludex::diagnostics::Code::SyntaxError);
    assert_eq!(ludex::fmt::is_formatted("seat a\n"), Ok(true));
    assert_eq!(ludex::fmt::is_formatted("seat  a\n"), Ok(false));
    assert_eq!(ludex::fmt::format(""), Ok(String::new()));
    assert_eq!(ludex::fmt::format("\n\n# only a comment  \n\n"), Ok("# only a comment\n".to_string()));
}

/// What goes between two tokens of a re-spaced text.
#[derive(Clone, Debug)]
enum Gap {
    /// What the text had.
    Kept,
    /// Nothing, where the tokens do not run together.
    Tight,
    Spaces(usize),
    /// Line breaks, then an indentation.
    Lines(usize, usize),
    /// A comment after the token, then a line break.
    Trailing,
    /// A comment on a line of its own.
    OwnLine,
}

fn gap() -> impl Strategy<Value = Gap> {
    prop_oneof![
        6 => Just(Gap::Kept),
        2 => Just(Gap::Tight),
        2 => (1..4usize).prop_map(Gap::Spaces),
        2 => (1..4usize, 0..7usize).prop_map(|(lines, indent)| Gap::Lines(lines, indent)),
        1 => Just(Gap::Trailing),
        1 => Just(Gap::OwnLine),
    ]
}

/// A text cut into its tokens and the gaps between them. A map's grid, where a line break ends a
/// row, is a gap of its own.
struct Cut<'t> {
    tokens: Vec<&'t str>,
    /// `gaps[i]` comes before `tokens[i]`; the last one ends the text.
    gaps: Vec<&'t str>,
    /// Whether each gap is a grid.
    grids: Vec<bool>,
}

/// The length of the decimal literal `rest` starts with (`6.5`: digits, a point, digits), if it
/// starts with one: one token, which respacing must not split.
fn decimal_length(rest: &str) -> Option<usize> {
    let whole = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    let after_point = rest.get(whole..)?.strip_prefix('.')?;
    let fraction = after_point.find(|c: char| !c.is_ascii_digit()).unwrap_or(after_point.len());
    (whole > 0 && fraction > 0).then_some(whole + 1 + fraction)
}

fn cut(text: &str) -> Cut<'_> {
    let mut cut = Cut { tokens: Vec::new(), gaps: Vec::new(), grids: Vec::new() };
    let mut at = 0;
    let mut gap_start = 0;
    let mut grid = false;
    while at < text.len() {
        let rest = &text[at..];
        let c = rest.chars().next().unwrap_or(' ');
        let len = if c.is_whitespace() {
            c.len_utf8()
        } else if c == '#' {
            rest.find('\n').unwrap_or(rest.len())
        } else if grid {
            // Inside a grid everything up to `}` stays in the gap.
            if c == '}' {
                grid = false;
                cut.gaps.push(&text[gap_start..at]);
                cut.grids.push(true);
                cut.tokens.push("}");
                gap_start = at + 1;
            }
            c.len_utf8()
        } else {
            let len = if c == '"' {
                rest[1..].find('"').map_or(rest.len(), |i| i + 2)
            } else if let Some(len) = decimal_length(rest) {
                len
            } else if c.is_ascii_alphanumeric() || c == '_' {
                rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len())
            } else if ["==", "!=", "<=", ">="].iter().any(|op| rest.starts_with(op)) {
                2
            } else {
                c.len_utf8()
            };
            cut.gaps.push(&text[gap_start..at]);
            cut.grids.push(false);
            cut.tokens.push(&rest[..len]);
            grid = rest.starts_with('{') && cut.tokens.iter().rev().nth(2) == Some(&"map");
            gap_start = at + len;
            len
        };
        at += len;
    }
    cut.gaps.push(&text[gap_start..]);
    cut.grids.push(false);
    cut
}

/// Whether two tokens would run together into one without a space between them.
fn run_together(before: &str, after: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    word(before.chars().last()) && word(after.chars().next())
}

/// The text with the gaps between its tokens replaced, in turn, by `gaps`; a gap holding a comment,
/// and a grid, is kept.
fn respaced(text: &str, gaps: &[Gap]) -> String {
    let cut = cut(text);
    let mut out = String::new();
    for (at, token) in cut.tokens.iter().enumerate() {
        let original = cut.gaps[at];
        let previous = at.checked_sub(1).map(|i| cut.tokens[i]);
        let keep = original.contains('#') || previous.is_none() || cut.grids[at];
        match (keep, &gaps[at % gaps.len()]) {
            (true, _) | (false, Gap::Kept) => out.push_str(original),
            (false, Gap::Tight) if previous.is_some_and(|p| run_together(p, token)) => out.push(' '),
            (false, Gap::Tight) => {}
            (false, Gap::Spaces(count)) => out.push_str(&" ".repeat(*count)),
            (false, Gap::Lines(lines, indent)) => {
                out.push_str(&"\n".repeat(*lines));
                out.push_str(&" ".repeat(*indent));
            }
            (false, Gap::Trailing) => out.push_str(&format!(" # after {}\n", previous.unwrap_or(""))),
            (false, Gap::OwnLine) => out.push_str(&format!("\n  # before {token}\n")),
        }
        out.push_str(token);
    }
    out.push_str(cut.gaps.last().copied().unwrap_or(""));
    out
}

#[test]
fn respacing_keeps_the_tokens_comments_and_grids() {
    let text = "map m {\n  1 2\n  3 4\n} # grid\nseat a turned 90 # a\ndefine d = f(x) >= 2\n";
    let cut = cut(text);
    assert_eq!(
        cut.tokens,
        [
            "map", "m", "{", "}", "seat", "a", "turned", "90", "define", "d", "=", "f", "(", "x", ")", ">=",
            "2"
        ]
    );
    assert_eq!((cut.gaps[3], cut.grids[3]), ("\n  1 2\n  3 4\n", true));
    let tight = respaced(text, &[Gap::Tight]);
    assert_eq!(tight, "map m{\n  1 2\n  3 4\n} # grid\nseat a turned 90 # a\ndefine d=f(x)>=2\n");
    let commented = respaced("seat a\nseat b", &[Gap::Trailing, Gap::OwnLine]);
    assert_eq!(commented, "seat\n  # before a\na # after a\nseat\n  # before b\nb");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Any re-spacing and re-commenting of a shipped file means what the file means, and formats
    /// to a text that means it too, keeps the comments and is formatted already.
    #[test]
    fn respaced_and_commented_files_format_alike(
        file in any::<prop::sample::Index>(),
        gaps in prop::collection::vec(gap(), 1..48),
    ) {
        let paths = shipped_rules_files();
        let path = &paths[file.index(paths.len())];
        let text = std::fs::read_to_string(path).expect("a rules file");
        let variant = respaced(&text, &gaps);
        prop_assert_eq!(meaning(&variant), meaning(&text), "the re-spacing changed the file:\n{}", variant);
        let formatted = assert_formatting_keeps(&path.display().to_string(), &variant);
        prop_assert!(formatted.is_some(), "{} re-spaced does not format:\n{}", path.display(), variant);
    }
}

/// Characters that make and break the structure of a rules file.
const SIGNS: &[char] = &['{', '}', '(', ')', ',', ':', '=', '+', '-', '.', '#', '"', '\n', ' ', 'x', '1'];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// A shipped file with characters inserted and removed is formatted, keeping what it means and
    /// its comments, or refused with its syntax errors; never anything else.
    #[test]
    fn damaged_files_are_formatted_or_refused(
        file in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), prop::option::of(0..SIGNS.len())), 1..6),
    ) {
        let paths = shipped_rules_files();
        let path = &paths[file.index(paths.len())];
        let mut text = std::fs::read_to_string(path).expect("a rules file");
        for (at, sign) in &edits {
            let boundaries: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
            let at = boundaries[at.index(boundaries.len())];
            match sign {
                Some(sign) => text.insert(at, SIGNS[*sign]),
                None if at < text.len() => {
                    text.remove(at);
                }
                None => {}
            }
        }
        assert_formatting_keeps(&format!("{} damaged", path.display()), &text);
    }

    /// Any text at all is formatted or refused, without a panic.
    #[test]
    fn any_text_is_formatted_or_refused(text in "[a-z0-9 {}()=,:#\n.+-]{0,200}") {
        assert_formatting_keeps("a random text", &text);
    }
}
