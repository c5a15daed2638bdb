//! The command examples of README.md, docs/cli.md and docs/tutorial.md are run: every ```console block holds
//! commands (`$ ludex ARGS`, run from the repository's root with the binary under test) each
//! followed by what it prints (standard output, then standard error). In the expected text a line
//! `...` (indented or not) stands for any number of lines and `[..]` for any text within a line (timings, speeds).
//! A block expects exit code 0 unless its fence says otherwise: ```console,exit=2.

use std::path::Path;
use std::process::Command;

/// The documents whose ```console blocks are run.
const DOCUMENTS: [&str; 3] = ["README.md", "docs/cli.md", "docs/tutorial.md"];

/// A command of a console block, with what it must print and exit with.
struct Example {
    place: String,
    args: Vec<String>,
    expected: Vec<String>,
    exit: i32,
}

fn examples(document: &str) -> Vec<Example> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(document);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{document}: {e}"));
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let Some(info) = lines[index].strip_prefix("```console") else {
            index += 1;
            continue;
        };
        let exit = match info.strip_prefix(",exit=") {
            Some(code) => code.parse().unwrap_or_else(|_| panic!("{document}:{}: exit code", index + 1)),
            None if info.is_empty() => 0,
            None => panic!("{document}:{}: a console fence is ```console or ```console,exit=N", index + 1),
        };
        index += 1;
        while index < lines.len() && lines[index] != "```" {
            let command = lines[index]
                .strip_prefix("$ ludex ")
                .unwrap_or_else(|| panic!("{document}:{}: a console block starts with `$ ludex`", index + 1));
            let place = format!("{document}:{}", index + 1);
            let args = command.split_whitespace().map(str::to_string).collect();
            index += 1;
            let mut expected = Vec::new();
            while index < lines.len() && lines[index] != "```" && !lines[index].starts_with("$ ") {
                expected.push(lines[index].to_string());
                index += 1;
            }
            found.push(Example { place, args, expected, exit });
        }
        index += 1;
    }
    found
}

/// Whether a line matches its expectation, `[..]` matching any text.
fn line_matches(expected: &str, line: &str) -> bool {
    let mut parts = expected.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else { return false };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the output's lines match the expected ones, `...` matching any number of lines.
fn matches(expected: &[String], lines: &[&str]) -> bool {
    match expected.split_first() {
        None => lines.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=lines.len()).any(|skip| matches(rest, &lines[skip..]))
        }
        Some((first, rest)) => lines
            .split_first()
            .is_some_and(|(line, others)| line_matches(first, line) && matches(rest, others)),
    }
}

#[test]
fn wildcards_match_lines_and_text_within_them() {
    assert!(line_matches("depth 3: 1584 ([..] nodes/s)", "depth 3: 1584 (0.003 s, 535096 nodes/s)"));
    assert!(!line_matches("depth 3: 1584 ([..] nodes/s)", "depth 3: 1585 (0.003 s, 535096 nodes/s)"));
    assert!(line_matches("exact", "exact") && !line_matches("exact", "exact and more"));
    let expected = ["a".to_string(), "...".to_string(), "z".to_string()];
    assert!(matches(&expected, &["a", "b", "c", "z"]) && matches(&expected, &["a", "z"]));
    assert!(!matches(&expected, &["a", "b"]));
}

#[test]
fn console_examples_print_what_the_docs_say() {
    let mut failures = Vec::new();
    let mut count = 0;
    for document in DOCUMENTS {
        for example in examples(document) {
            count += 1;
            let output = Command::new(env!("CARGO_BIN_EXE_ludex"))
                .args(&example.args)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .env("NO_COLOR", "1")
                .output()
                .expect("the binary runs");
            let printed = format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            let lines: Vec<&str> = printed.lines().collect();
            let code = output.status.code().unwrap_or(-1);
            if code != example.exit || !matches(&example.expected, &lines) {
                failures.push(format!(
                    "{}: `ludex {}` exited {code} (the docs say {}) and printed:\n{printed}",
                    example.place,
                    example.args.join(" "),
                    example.exit
                ));
            }
        }
    }
    assert!(count >= 8, "only {count} console examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
