//! `ludex test`: runs the scenario tests of rules files. The tests of `NAME.rules` are in
//! `NAME.tests` beside it (a rules file without one has no tests). Prints one line a test and a
//! cargo-like summary, then each failure as a diagnostic pointing into the `.tests` text; `--json`
//! prints the same as one object; `--bless` writes the values found into the expectations left
//! `?` (and, with `--bless=all`, over every failing expectation that states a value).

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use ludex::diagnostics::{self, Diagnostic};
use ludex::scenario::{self, Bless, Finding, FindingKind, Parsed, Runner, TestReport};
use serde::Serialize;

use super::input::{check_file, plural, read_text};
use super::{CliError, CliResult};

#[derive(Args)]
pub struct TestArgs {
    /// Rules files (NAME.rules) or their tests (NAME.tests)
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Run only the tests whose full name (`NAME::TEST`) contains this text
    #[arg(long, value_name = "TEXT")]
    filter: Option<String>,
    /// Print the results as one JSON object
    #[arg(long)]
    json: bool,
    /// Write the values found into the expectations written `?`; `--bless=all` also rewrites
    /// every failing expectation that states a value
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "placeholders")]
    bless: Option<BlessArg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum BlessArg {
    /// Fill in the `?` expectations
    Placeholders,
    /// Fill in the `?` expectations and rewrite the failing ones
    All,
}

/// A rules file and where its tests are.
struct Pair {
    rules: PathBuf,
    tests: PathBuf,
    /// The tests file was named on the command line (so it must exist).
    named: bool,
}

/// The results of one file, as `--json` prints them.
#[derive(Serialize)]
struct FileResults {
    rules: String,
    /// `None` when the rules file has no tests file.
    tests: Option<String>,
    passed: usize,
    failed: usize,
    filtered_out: usize,
    /// Values `--bless` wrote into the tests file.
    blessed: usize,
    /// Problems outside any test: lines that do not parse, the rules file's errors.
    diagnostics: Vec<JsonFinding>,
    results: Vec<JsonTest>,
    /// What the text summary prints; not part of the JSON.
    #[serde(skip)]
    failures: Vec<(String, String)>,
}

#[derive(Serialize)]
struct JsonTest {
    name: String,
    passed: bool,
    findings: Vec<JsonFinding>,
}

#[derive(Serialize)]
struct JsonFinding {
    kind: &'static str,
    #[serde(flatten)]
    diagnostic: serde_json::Value,
}

pub fn test(args: &TestArgs) -> CliResult {
    let pairs = args.files.iter().map(|file| pair_of(file)).collect::<CliResult<Vec<Pair>>>()?;
    let bless = match args.bless {
        None => Bless::Off,
        Some(BlessArg::Placeholders) => Bless::Placeholders,
        Some(BlessArg::All) => Bless::All,
    };
    let mut out = io::stdout().lock();
    let color = !args.json && io::stdout().is_terminal();
    let mut files = Vec::new();
    for pair in &pairs {
        let results = run_file(pair, args.filter.as_deref(), bless, color)?;
        if !args.json {
            print_file(&mut out, &results)?;
        }
        files.push(results);
    }
    let passed: usize = files.iter().map(|f| f.passed).sum();
    let failed: usize = files.iter().map(|f| f.failed).sum();
    let broken = files.iter().filter(|f| !f.diagnostics.is_empty()).count();
    if args.json {
        let json = serde_json::json!({ "passed": passed, "failed": failed, "files": files });
        serde_json::to_writer_pretty(&mut out, &json).map_err(io::Error::from)?;
        writeln!(out)?;
    } else if files.len() > 1 {
        writeln!(out, "all files: {passed} passed, {failed} failed")?;
    }
    match (failed, broken) {
        (0, 0) => Ok(()),
        (0, _) => Err(CliError::failed(format!("{} do not read", plural(broken, "tests file")))),
        _ => Err(CliError::failed(format!("{failed} of {} failed", plural(passed + failed, "test")))),
    }
}

/// The rules file and the tests file of a path given as either.
fn pair_of(path: &Path) -> CliResult<Pair> {
    let named = path.extension().is_some_and(|e| e == "tests");
    let pair = Pair { rules: path.with_extension("rules"), tests: path.with_extension("tests"), named };
    if !pair.rules.is_file() {
        return Err(CliError::usage(format!("cannot read `{}`: no such rules file", pair.rules.display())));
    }
    if named && !pair.tests.is_file() {
        return Err(CliError::usage(format!("cannot read `{}`: no such tests file", pair.tests.display())));
    }
    Ok(pair)
}

fn run_file(pair: &Pair, filter: Option<&str>, bless: Bless, color: bool) -> CliResult<FileResults> {
    let rules_name = pair.rules.display().to_string();
    let tests_name = pair.tests.display().to_string();
    let mut results = FileResults {
        rules: rules_name.clone(),
        tests: None,
        passed: 0,
        failed: 0,
        filtered_out: 0,
        blessed: 0,
        diagnostics: Vec::new(),
        results: Vec::new(),
        failures: Vec::new(),
    };
    if !pair.named && !pair.tests.exists() {
        return Ok(results);
    }
    results.tests = Some(tests_name.clone());
    let checked = check_file(&pair.rules, &Default::default())?;
    if checked.errors() > 0 {
        let rendered = diagnostics::render(&checked.diagnostics, &rules_name, &checked.text, color);
        results.diagnostics.extend(json_findings(
            &checked.diagnostics,
            "malformed",
            &rules_name,
            &checked.text,
        ));
        results.failures.push((rules_name, rendered));
        return Ok(results);
    }
    let text = read_text(&pair.tests)?;
    let parsed = scenario::parse(&text);
    let stem = pair.rules.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let selected = |name: &str| filter.is_none_or(|f| format!("{stem}::{name}").contains(f));
    let render = |diagnostics: &[Diagnostic]| diagnostics::render(diagnostics, &tests_name, &text, color);
    if !parsed.diagnostics.is_empty() {
        results.diagnostics.extend(json_findings(&parsed.diagnostics, "malformed", &tests_name, &text));
        results.failures.push((tests_name.clone(), render(&parsed.diagnostics)));
    }
    let mut runner = Runner::new(&checked.text, &text);
    let mut fills = Vec::new();
    let reports: Vec<TestReport> = parsed
        .suite
        .tests
        .iter()
        .filter(|test| selected(&test.name.value))
        .map(|test| runner.run(&parsed.suite, test))
        .collect();
    for report in &reports {
        let passed = report.passed(bless);
        let failures: Vec<&Finding> = report.failures(bless).collect();
        if !failures.is_empty() {
            let diagnostics: Vec<Diagnostic> = failures.iter().map(|f| f.diagnostic.clone()).collect();
            results.failures.push((format!("{stem}::{}", report.name), render(&diagnostics)));
        }
        fills.extend(report.fills(bless).cloned());
        results.results.push(JsonTest {
            name: format!("{stem}::{}", report.name),
            passed,
            findings: failures.iter().map(|f| json_finding(f, &tests_name, &text)).collect(),
        });
    }
    results.results.extend(malformed_tests(&parsed, &stem, &selected));
    results.passed = results.results.iter().filter(|t| t.passed).count();
    results.failed = results.results.len() - results.passed;
    results.filtered_out = parsed.suite.tests.len() + parsed.malformed.len() - results.results.len();
    if !fills.is_empty() {
        let written = scenario::bless(&text, &fills.iter().collect::<Vec<_>>());
        std::fs::write(&pair.tests, written)
            .map_err(|e| CliError::failed(format!("cannot write `{tests_name}`: {e}")))?;
        results.blessed = fills.len();
    }
    Ok(results)
}

/// The tests left out of the suite because they do not parse: each fails (the file's diagnostics
/// say why).
fn malformed_tests(parsed: &Parsed, stem: &str, selected: &dyn Fn(&str) -> bool) -> Vec<JsonTest> {
    parsed
        .malformed
        .iter()
        .filter(|name| selected(&name.value))
        .map(|name| JsonTest { name: format!("{stem}::{}", name.value), passed: false, findings: Vec::new() })
        .collect()
}

fn json_finding(finding: &Finding, file: &str, text: &str) -> JsonFinding {
    let kind = match finding.kind {
        FindingKind::Unfilled => "unfilled",
        FindingKind::Failed => "failed",
        FindingKind::Malformed => "malformed",
    };
    json_findings(std::slice::from_ref(&finding.diagnostic), kind, file, text).remove(0)
}

fn json_findings(diagnostics: &[Diagnostic], kind: &'static str, file: &str, text: &str) -> Vec<JsonFinding> {
    diagnostics::to_json(diagnostics, file, text)
        .iter()
        .map(|d| JsonFinding { kind, diagnostic: serde_json::to_value(d).unwrap_or_default() })
        .collect()
}

/// One line a test, the failures, and the summary.
fn print_file(out: &mut impl Write, results: &FileResults) -> io::Result<()> {
    let Some(tests) = &results.tests else {
        return writeln!(out, "{}: no tests\n", results.rules);
    };
    writeln!(out, "running {} from {tests}", plural(results.results.len(), "test"))?;
    for test in &results.results {
        writeln!(out, "test {} ... {}", test.name, if test.passed { "ok" } else { "FAILED" })?;
    }
    if !results.failures.is_empty() {
        writeln!(out, "\nfailures:")?;
        for (name, rendered) in &results.failures {
            writeln!(out, "\n---- {name} ----\n{}", rendered.trim_end())?;
        }
    }
    let verdict = if results.failed == 0 && results.diagnostics.is_empty() { "ok" } else { "FAILED" };
    let mut summary = format!("test result: {verdict}. {} passed, {} failed", results.passed, results.failed);
    if results.filtered_out > 0 {
        summary.push_str(&format!(", {} filtered out", results.filtered_out));
    }
    writeln!(out, "\n{summary}")?;
    if results.blessed > 0 {
        writeln!(out, "wrote {} into {tests}: review them", plural(results.blessed, "value"))?;
    }
    writeln!(out)
}
