//! Running tests: the game compiled once for each set of options, the start state (the setup, or
//! a position read with `Engine::load_position`), each `play` step applied as the engine applies a
//! move or a roll, each expectation checked where it stands. A step that cannot be played ends the
//! test; a failed expectation does not, so one run reports every expectation that fails.

use std::collections::BTreeMap;

use ludex_check::{OptionValues, compile};
use ludex_diagnostics::{Code, Diagnostic, Span, did_you_mean};
use ludex_runtime::{Engine, State, Status};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::ast::{PositionText, Start, StartKind, Statement, Step, StepKind, Suite, Test};
use crate::expect;
use crate::report::{Finding, FindingKind, TestReport};
use crate::syntax_errors::STATEMENT_KEYWORDS;

/// Runs the tests of one rules file.
pub struct Runner<'r> {
    rules: &'r str,
    /// The text of the tests, which the expectations point into.
    tests: &'r str,
    /// The game for each set of option values the tests ask for; the rules' first error otherwise.
    engines: BTreeMap<OptionValues, Result<Engine, (Code, String)>>,
}

impl<'r> Runner<'r> {
    /// A runner for the rules file's text and the text its tests were parsed from.
    pub fn new(rules: &'r str, tests: &'r str) -> Runner<'r> {
        Runner { rules, tests, engines: BTreeMap::new() }
    }

    /// Runs one test of the suite.
    pub fn run(&mut self, suite: &Suite, test: &Test) -> TestReport {
        let mut report = TestReport { name: test.name.value.clone(), findings: Vec::new() };
        if let Err(finding) = self.play_test(suite, test, &mut report.findings) {
            report.findings.push(*finding);
        }
        // An error of the rules that only playing shows (a look-ahead nested in another) makes
        // whatever the test saw untrustworthy.
        if let Some(fault) = self.engine(test).ok().and_then(Engine::fault) {
            let diagnostic = Diagnostic::error(
                Code::LimitExceeded,
                "the rules cannot be played faithfully",
                test.name.span,
                "while playing this test",
            )
            .with_help(fault.to_string());
            report.findings.push(Finding { kind: FindingKind::Failed, diagnostic, fill: None });
        }
        report
    }

    /// The test's steps and expectations in order; `Err` for what ends it early.
    fn play_test(
        &mut self,
        suite: &Suite,
        test: &Test,
        findings: &mut Vec<Finding>,
    ) -> Result<(), Box<Finding>> {
        let malformed =
            |diagnostic| Box::new(Finding { kind: FindingKind::Malformed, diagnostic, fill: None });
        let tests = self.tests;
        let engine = self.engine(test).map_err(malformed)?;
        let mut state = start_state(engine, suite, &test.start).map_err(malformed)?;
        for statement in &test.statements {
            match statement {
                Statement::Play(steps) => {
                    for step in steps {
                        play_step(engine, &mut state, step).map_err(|diagnostic| {
                            Box::new(Finding { kind: FindingKind::Failed, diagnostic, fill: None })
                        })?;
                    }
                }
                Statement::Expect(expectation) => {
                    findings.extend(expect::check(engine, &state, tests, expectation))
                }
            }
        }
        Ok(())
    }

    /// The game compiled with the test's options.
    fn engine(&mut self, test: &Test) -> Result<&Engine, Diagnostic> {
        let options: OptionValues = test.options.iter().map(|o| (o.name.value.clone(), o.value)).collect();
        let rules = self.rules;
        let compiled = self.engines.entry(options.clone()).or_insert_with(|| {
            let compiled = compile(rules, &options);
            match compiled.game {
                Some(game) if !compiled.has_errors() => Ok(Engine::new(game)),
                // The checker gives no game only with an error to say why.
                _ => Err(compiled
                    .diagnostics
                    .iter()
                    .find(|d| d.is_error())
                    .map_or((Code::SyntaxError, "the rules give no game".to_string()), |d| {
                        (d.code, d.message.clone())
                    })),
            }
        });
        compiled.as_ref().map_err(|(code, error)| {
            let (span, label) = match test.options.iter().map(|o| o.span).reduce(Span::to) {
                Some(span) => (span, "with these options"),
                None => (test.name.span, "this test"),
            };
            Diagnostic::error(*code, "the rules file does not compile for this test", span, label)
                .with_help(error.clone())
        })
    }
}

/// The state the test starts from.
fn start_state(engine: &Engine, suite: &Suite, start: &Start) -> Result<State, Diagnostic> {
    match &start.kind {
        StartKind::Setup { seed: None } => Ok(engine.initial_state()),
        StartKind::Setup { seed: Some(seed) } => {
            let mut state = engine.initial_state();
            let mut rng = ChaCha8Rng::seed_from_u64(*seed);
            ludex_agents::play::roll_to_decision(engine, &mut state, &mut rng);
            Ok(state)
        }
        StartKind::Position(position) => load(engine, position),
        StartKind::NamedPosition(name) => match suite.positions.iter().find(|p| p.name.value == name.value) {
            Some(named) => load(engine, &named.text),
            None => {
                let names = suite.positions.iter().map(|p| p.name.value.as_str());
                let diagnostic = Diagnostic::error(
                    Code::UnknownName,
                    format!("no position is named `{}`", name.value),
                    name.span,
                    "not a named position",
                );
                Err(match did_you_mean(&name.value, names) {
                    Some(suggestion) => diagnostic.with_help(suggestion),
                    None => {
                        diagnostic.with_help("name a position outside the tests: `position NAME { ... }`")
                    }
                })
            }
        },
    }
}

/// Reads a position; an error points at the line of the position it names.
fn load(engine: &Engine, position: &PositionText) -> Result<State, Diagnostic> {
    engine.load_position(&position.text).map_err(|error| {
        let line = error
            .strip_prefix("line ")
            .and_then(|rest| rest.split_once(':'))
            .and_then(|(number, _)| number.parse::<usize>().ok());
        let span = line.and_then(|n| line_span(&position.text, n)).map_or(position.span, |(start, end)| {
            Span::new(position.span.start + start, position.span.start + end)
        });
        let message = line.and_then(|_| error.split_once(": ").map(|(_, m)| m.to_string())).unwrap_or(error);
        Diagnostic::error(Code::BadPosition, "the position does not load", span, message)
            .with_help("positions are written as docs/positions.md describes")
    })
}

/// The byte range of the 1-based line in the text, without its indentation.
fn line_span(text: &str, number: usize) -> Option<(usize, usize)> {
    let mut start = 0;
    for (index, line) in text.split('\n').enumerate() {
        if index + 1 == number {
            let indent = line.len() - line.trim_start().len();
            return Some((start + indent, start + line.trim_end().len()));
        }
        start += line.len() + 1;
    }
    None
}

/// Plays a move or gives a roll its outcome.
fn play_step(engine: &Engine, state: &mut State, step: &Step) -> Result<(), Diagnostic> {
    let status = engine.status(state);
    match (&step.kind, status) {
        (StepKind::Move(text), Status::Decision { .. }) => match engine.parse_move(state, text) {
            Ok(mv) => {
                engine.apply_move(state, mv);
                Ok(())
            }
            Err(error) => Err(illegal_move(text, step.span, error)),
        },
        (StepKind::Roll(outcome), Status::Chance { sides }) if (1..=sides).contains(outcome) => {
            engine.apply_chance(state, *outcome);
            Ok(())
        }
        (StepKind::Roll(outcome), Status::Chance { sides }) => Err(Diagnostic::error(
            Code::IllegalMove,
            format!("a d{sides} cannot show {outcome}"),
            step.span,
            format!("the pending roll is a d{sides}"),
        )),
        (kind, status) => {
            let what = match kind {
                StepKind::Move(text) => format!("`{text}` cannot be played"),
                StepKind::Roll(_) => "no roll is pending".to_string(),
            };
            let (why, help) = match status {
                Status::Over(result) => (format!("the game is over ({})", result.reason), None),
                Status::Chance { sides } => (
                    format!("a d{sides} roll is pending"),
                    Some("give its outcome first: `roll N`".to_string()),
                ),
                Status::Decision { seat } => {
                    let name = engine.game.seats.get(seat as usize).map_or("?", |s| s.name.as_str());
                    (format!("{name} is to move"), None)
                }
            };
            let diagnostic = Diagnostic::error(Code::IllegalMove, format!("{what}: {why}"), step.span, why);
            Err(match help {
                Some(help) => diagnostic.with_help(help),
                None => diagnostic,
            })
        }
    }
}

fn illegal_move(text: &str, span: Span, error: String) -> Diagnostic {
    let diagnostic =
        Diagnostic::error(Code::IllegalMove, format!("`{text}` is not a legal move here"), span, "not legal");
    let first_word = text.split(' ').next().unwrap_or(text);
    match did_you_mean(first_word, STATEMENT_KEYWORDS) {
        Some(suggestion) => diagnostic.with_help(format!("{suggestion} (a `play` line is all moves)")),
        None => diagnostic
            .with_help(error.split_once("; ").map_or(error.as_str(), |(_, legal)| legal).to_string()),
    }
}
