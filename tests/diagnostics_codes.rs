//! Every diagnostic code is explained, shown and reachable. The examples of each explanation
//! (`crates/ludex-diagnostics/explanations/CODE.md`) are checked: a block marked `ludex,error` or
//! `ludex,warning` reports that code and only it, with that severity (`also:CODE` in the fence:
//! and that other code too, which the situation always brings); a plain `ludex` block checks
//! clean. The diagnostics of the reported examples are snapshotted in `tests/snapshots/`. A code
//! whose examples would be too long to read (a hundred broken items) has its fixture in
//! `tests/diagnostics/CODE.rules` or `CODE-*.rules` instead. Every code has a fixture, and every
//! code is emitted by one: a code the checker can no longer emit fails here. `ludex explain` prints
//! the explanations.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use ludex::OptionValues;
use ludex::diagnostics::{Code, Colors, Diagnostic, Severity, render};

/// What checking an example must give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// No diagnostic at all.
    Clean,
    /// At least one diagnostic, each of the explained code and of this severity.
    Reported(Severity),
}

/// What an example is written in.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Language {
    /// A rules file (`ludex`).
    Rules,
    /// A `.tests` file run against the rules file at this path of the repository
    /// (`ludex-tests,rules:PATH`).
    Tests { rules: String },
}

/// A `ludex` or `ludex-tests` block of an explanation.
struct Example {
    language: Language,
    expect: Expect,
    /// `option:NAME=VALUE` in the fence: checked as with `--option NAME=VALUE`.
    options: OptionValues,
    /// `also:CODE` in the fence: another code the example reports besides its own (a rule that
    /// always holds, shadowing those after it, also ends the game at the start).
    also: Option<Code>,
    text: String,
    /// The line of its opening fence in the explanation.
    line: usize,
}

/// The `ludex` blocks of an explanation. Any other fenced block must be `text` (shown, not
/// checked), so that a misspelled fence cannot skip an example.
fn examples(code: Code) -> Vec<Example> {
    let lines: Vec<&str> = code.explanation().lines().collect();
    let mut found = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let Some(info) = lines[index].strip_prefix("```") else {
            index += 1;
            continue;
        };
        let end = (index + 1..lines.len())
            .find(|&i| lines[i] == "```")
            .unwrap_or_else(|| panic!("{code}.md:{}: the block is never closed", index + 1));
        let body: String = lines[index + 1..end].iter().map(|line| format!("{line}\n")).collect();
        if let Some(example) = example(code, info, body, index + 1) {
            found.push(example);
        }
        index = end + 1;
    }
    found
}

/// The example a fence opens (`ludex`, `ludex,error`, `ludex,warning,option:goal=12`,
/// `ludex-tests,error,rules:PATH`), `None` for a `text` block.
fn example(code: Code, info: &str, text: String, line: usize) -> Option<Example> {
    let mut words = info.split(',');
    let mut language = match words.next() {
        Some("ludex") => Language::Rules,
        Some("ludex-tests") => Language::Tests { rules: String::new() },
        Some("text") => return None,
        other => panic!("{code}.md:{line}: a block is `ludex...`, `ludex-tests...` or `text`, not {other:?}"),
    };
    let mut example = Example {
        language: Language::Rules,
        expect: Expect::Clean,
        options: OptionValues::new(),
        also: None,
        text,
        line,
    };
    for word in words {
        match word {
            "error" => example.expect = Expect::Reported(Severity::Error),
            "warning" => example.expect = Expect::Reported(Severity::Warning),
            _ if word.starts_with("also:") => {
                let named = Code::named(&word["also:".len()..]);
                example.also =
                    Some(named.unwrap_or_else(|| panic!("{code}.md:{line}: `{word}` names no code")));
            }
            _ if word.starts_with("rules:") => match &mut language {
                Language::Tests { rules } => *rules = word["rules:".len()..].to_string(),
                Language::Rules => panic!("{code}.md:{line}: `{word}` is for `ludex-tests` blocks"),
            },
            _ => {
                let option = word.strip_prefix("option:").and_then(|o| o.split_once('='));
                let Some((name, value)) = option else {
                    panic!("{code}.md:{line}: unknown fence word `{word}`")
                };
                let value = value.parse().unwrap_or_else(|_| panic!("{code}.md:{line}: `{word}`"));
                example.options.insert(name.to_string(), value);
            }
        }
    }
    if language == (Language::Tests { rules: String::new() }) {
        panic!("{code}.md:{line}: a `ludex-tests` block names its rules file (`rules:PATH`)");
    }
    example.language = language;
    Some(example)
}

fn diagnostics_of(example: &Example) -> Vec<Diagnostic> {
    match &example.language {
        Language::Rules => ludex::compile(&example.text, &example.options).diagnostics,
        Language::Tests { rules } => scenario_diagnostics(rules, &example.text),
    }
}

/// What `ludex test` reports on a `.tests` text run against a shipped rules file: its syntax
/// diagnostics, then every test's findings.
fn scenario_diagnostics(rules: &str, tests: &str) -> Vec<Diagnostic> {
    let rules = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rules))
        .unwrap_or_else(|_| panic!("the rules file {rules}"));
    let parsed = ludex::scenario::parse(tests);
    let mut diagnostics = parsed.diagnostics.clone();
    let mut runner = ludex::scenario::Runner::new(&rules, tests);
    for test in &parsed.suite.tests {
        let report = runner.run(&parsed.suite, test);
        diagnostics.extend(report.findings.into_iter().map(|finding| finding.diagnostic));
    }
    diagnostics
}

/// Checks the examples of one code and renders the diagnostics of those that are reported.
fn explained(code: Code) -> String {
    let mut rendered = Vec::new();
    for example in examples(code) {
        let diagnostics = diagnostics_of(&example);
        let at = format!("{code}.md:{}", example.line);
        match example.expect {
            Expect::Clean => assert!(diagnostics.is_empty(), "{at} must check clean: {diagnostics:#?}"),
            Expect::Reported(severity) => {
                assert!(!diagnostics.is_empty(), "{at} must report `{code}`");
                for diagnostic in &diagnostics {
                    assert!(
                        diagnostic.code == code && diagnostic.severity == severity
                            || Some(diagnostic.code) == example.also,
                        "{at} must report only `{code}` as {severity:?}: {diagnostic:#?}"
                    );
                }
                if let Some(also) = example.also {
                    assert!(diagnostics.iter().any(|d| d.code == also), "{at} must also report `{also}`");
                }
                let extension = match example.language {
                    Language::Rules => "rules",
                    Language::Tests { .. } => "tests",
                };
                let name = format!("{code}-{}.{extension}", rendered.len() + 1);
                rendered.push(render(&diagnostics, &name, &example.text, Colors::Plain));
            }
        }
    }
    rendered.join("\n")
}

#[test]
fn explanations() {
    insta::glob!("../crates/ludex-diagnostics/explanations", "*.md", |path| {
        let name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let code = Code::named(&name).unwrap_or_else(|| panic!("{name}.md explains no code"));
        let rendered = explained(code);
        // A code shown only in `text` blocks has its snapshot with its fixture's, in diagnostics.rs.
        if !rendered.is_empty() {
            insta::assert_snapshot!(rendered);
        }
    });
}

/// The fixtures in `tests/diagnostics/`, each with the code it is named for, if it is.
fn fixtures() -> Vec<(PathBuf, Option<Code>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics");
    let entries = std::fs::read_dir(&dir).expect("tests/diagnostics is readable");
    let mut fixtures: Vec<(PathBuf, Option<Code>)> = entries
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rules"))
        .map(|path| {
            let code = named_code(&path);
            (path, code)
        })
        .collect();
    fixtures.sort();
    fixtures
}

/// The code a fixture is named for: `CODE.rules` or `CODE-SITUATION.rules`.
fn named_code(path: &Path) -> Option<Code> {
    let stem = path.file_stem()?.to_str()?;
    Code::ALL
        .iter()
        .copied()
        .filter(|code| stem == code.as_str() || stem.starts_with(&format!("{code}-")))
        .max_by_key(|code| code.as_str().len())
}

fn fixture_diagnostics(path: &Path) -> Vec<Diagnostic> {
    let text = std::fs::read_to_string(path).expect("the fixture is readable");
    ludex::compile(&text, &Default::default()).diagnostics
}

#[test]
fn every_code_has_a_fixture() {
    let named: BTreeSet<Code> = fixtures().into_iter().filter_map(|(_, code)| code).collect();
    let without: Vec<&str> = Code::ALL
        .iter()
        .filter(|code| {
            let reported = examples(**code).iter().any(|e| e.expect != Expect::Clean);
            !reported && !named.contains(code) && !REPORTS_A_BUG_IN_LUDEX.contains(code)
        })
        .map(|code| code.as_str())
        .collect();
    assert!(
        without.is_empty(),
        "codes with no reported example in their explanation and no tests/diagnostics/CODE.rules: {without:?}"
    );
}

#[test]
fn fixtures_named_for_a_code_report_it() {
    for (path, code) in fixtures() {
        let Some(code) = code else { continue };
        let codes: Vec<Code> = fixture_diagnostics(&path).iter().map(|d| d.code).collect();
        assert!(codes.contains(&code), "{} must report `{code}`: {codes:?}", path.display());
    }
}

/// Codes that only a bug in ludex itself can produce (an internal check that refuses to go on), so
/// no input file can be their fixture.
const REPORTS_A_BUG_IN_LUDEX: [Code; 1] = [Code::FormatterFailed];

#[test]
fn every_code_is_emitted_by_a_fixture() {
    let mut emitted: BTreeSet<Code> = BTreeSet::new();
    for (path, _) in fixtures() {
        emitted.extend(fixture_diagnostics(&path).iter().map(|d| d.code));
    }
    for code in Code::ALL {
        for example in examples(*code) {
            emitted.extend(diagnostics_of(&example).iter().map(|d| d.code));
        }
    }
    let never: Vec<&str> = Code::ALL
        .iter()
        .filter(|c| !emitted.contains(c) && !REPORTS_A_BUG_IN_LUDEX.contains(c))
        .map(|c| c.as_str())
        .collect();
    assert!(never.is_empty(), "codes that no fixture emits (remove them if nothing can): {never:?}");
}

/// Runs `ludex` from the crate root: its exit code, standard output and standard error.
fn ludex(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_ludex"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (output.status.code(), text(&output.stdout), text(&output.stderr))
}

#[test]
fn explain_prints_the_explanation_of_a_code_with_or_without_its_prefix() {
    for name in ["unknown-piece", "ludex::unknown-piece"] {
        let (code, out, _) = ludex(&["explain", name]);
        assert_eq!((code, out.as_str()), (Some(0), Code::UnknownPiece.explanation()));
    }
}

#[test]
fn explain_refuses_an_unknown_code_with_a_suggestion() {
    let (code, _, errors) = ludex(&["explain", "ludex::unknown-peice"]);
    assert_eq!(code, Some(2));
    assert_eq!(errors, "error: no diagnostic code `ludex::unknown-peice` (did you mean `unknown-piece`?)\n");
    assert_eq!(ludex(&["explain"]).0, Some(2));
}

#[test]
fn explain_lists_every_code_with_its_summary() {
    let (code, listed, _) = ludex(&["explain", "--list"]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), Code::ALL.len());
    for (line, code) in lines.iter().zip(Code::ALL) {
        let (name, summary) = line.split_once(' ').unwrap_or_default();
        assert_eq!((name, summary.trim_start()), (code.as_str(), code.summary()));
    }
}

#[test]
fn a_failed_check_ends_by_pointing_to_explain_once() {
    let (code, _, errors) = ludex(&["check", "tests/diagnostics/check-unknown-piece.rules"]);
    assert_eq!(code, Some(1));
    let hint = "\n\nFor more information about this error, try `ludex explain unknown-piece`.\n";
    assert!(errors.ends_with(hint), "{errors}");
    assert_eq!(errors.matches("ludex explain").count(), 1, "{errors}");
    let (code, _, warnings) = ludex(&["check", "tests/diagnostics/check-unused.rules"]);
    assert_eq!(code, Some(0));
    assert!(!warnings.contains("ludex explain"), "{warnings}");
}
