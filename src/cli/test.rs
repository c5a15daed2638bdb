//! `ludex test`: runs the scenario tests of rules files. The tests of `NAME.rules` are in
//! `NAME.tests` beside it (a rules file without one has no tests). Prints one line a test and a
//! cargo-like summary, then each failure as a diagnostic pointing into the `.tests` text; `--json`
//! prints the same as one object; `--bless` writes the values found into the expectations left
//! `?` (and, with `--bless=all`, over every failing expectation that states a value).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use ludex::diagnostics::{self, Colors, Diagnostic};
use ludex::scenario::{self, Bless, Fill, Finding, FindingKind, Parsed, Runner, TestReport};
use serde::Serialize;

use super::input::{check_file, plural, read_text};
use super::style;
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
    let colors = if args.json { Colors::Plain } else { style::colors(&io::stdout()) };
    let mut files = Vec::new();
    for pair in &pairs {
        let results = run_file(pair, args.filter.as_deref(), bless, colors)?;
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

fn run_file(pair: &Pair, filter: Option<&str>, bless: Bless, colors: Colors) -> CliResult<FileResults> {
    let mut results = FileResults::new(pair.rules.display().to_string());
    if !pair.named && !pair.tests.exists() {
        return Ok(results);
    }
    results.tests = Some(pair.tests.display().to_string());
    let checked = check_file(&pair.rules, &Default::default())?;
    if checked.errors() > 0 {
        let rules = Source { name: checked.name.clone(), text: checked.text.clone(), colors };
        results.add_problems(&rules, &checked.diagnostics);
        return Ok(results);
    }
    let source = Source { name: pair.tests.display().to_string(), text: read_text(&pair.tests)?, colors };
    let parsed = scenario::parse(&source.text);
    results.add_problems(&source, &parsed.diagnostics);
    let stem = pair.rules.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let selected = |name: &str| filter.is_none_or(|f| format!("{stem}::{name}").contains(f));
    let mut runner = Runner::new(&checked.text, &source.text);
    let reports: Vec<TestReport> = parsed
        .suite
        .tests
        .iter()
        .filter(|test| selected(&test.name.value))
        .map(|test| runner.run(&parsed.suite, test))
        .collect();
    for report in &reports {
        results.add_report(&source, &stem, report, bless);
    }
    results.results.extend(malformed_tests(&parsed, &stem, &selected));
    results.count(parsed.suite.tests.len() + parsed.malformed.len());
    let fills: Vec<&Fill> = reports.iter().flat_map(|report| report.fills(bless)).collect();
    results.blessed = write_blessed(&pair.tests, &source, &fills)?;
    Ok(results)
}

/// Writes the values found into the tests file; how many.
fn write_blessed(path: &Path, source: &Source, fills: &[&Fill]) -> CliResult<usize> {
    if !fills.is_empty() {
        std::fs::write(path, scenario::bless(&source.text, fills))
            .map_err(|e| CliError::failed(format!("cannot write `{}`: {e}", source.name)))?;
    }
    Ok(fills.len())
}

/// A file the diagnostics point into: rendered for the terminal, or as JSON.
struct Source {
    name: String,
    text: String,
    colors: Colors,
}

impl Source {
    fn render(&self, diagnostics: &[Diagnostic]) -> String {
        diagnostics::render(diagnostics, &self.name, &self.text, self.colors)
    }

    fn json(&self, diagnostics: &[Diagnostic], kind: &'static str) -> Vec<JsonFinding> {
        diagnostics::to_json(diagnostics, &self.name, &self.text)
            .iter()
            .map(|d| JsonFinding { kind, diagnostic: serde_json::to_value(d).unwrap_or_default() })
            .collect()
    }
}

impl FileResults {
    fn new(rules: String) -> FileResults {
        FileResults {
            rules,
            tests: None,
            passed: 0,
            failed: 0,
            filtered_out: 0,
            blessed: 0,
            diagnostics: Vec::new(),
            results: Vec::new(),
            failures: Vec::new(),
        }
    }

    /// Problems of a whole file: lines that do not parse, the rules' errors.
    fn add_problems(&mut self, source: &Source, diagnostics: &[Diagnostic]) {
        if !diagnostics.is_empty() {
            self.diagnostics.extend(source.json(diagnostics, "malformed"));
            self.failures.push((source.name.clone(), source.render(diagnostics)));
        }
    }

    fn add_report(&mut self, source: &Source, stem: &str, report: &TestReport, bless: Bless) {
        let name = format!("{stem}::{}", report.name);
        let failures: Vec<&Finding> = report.failures(bless).collect();
        if !failures.is_empty() {
            let diagnostics: Vec<Diagnostic> = failures.iter().map(|f| f.diagnostic.clone()).collect();
            self.failures.push((name.clone(), source.render(&diagnostics)));
        }
        let findings =
            failures.iter().flat_map(|f| source.json(std::slice::from_ref(&f.diagnostic), kind_name(f.kind)));
        self.results.push(JsonTest { name, passed: report.passed(bless), findings: findings.collect() });
    }

    /// The counts, once every selected test has a result, out of the file's `total` tests.
    fn count(&mut self, total: usize) {
        self.passed = self.results.iter().filter(|t| t.passed).count();
        self.failed = self.results.len() - self.passed;
        self.filtered_out = total - self.results.len();
    }
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

fn kind_name(kind: FindingKind) -> &'static str {
    match kind {
        FindingKind::Unfilled => "unfilled",
        FindingKind::Failed => "failed",
        FindingKind::Malformed => "malformed",
    }
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
