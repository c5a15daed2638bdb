//! Parsing a `.tests` file: the pest grammar (`grammar/scenario.pest`) and the conversion of its
//! parse tree into the [`crate::ast`]. Every line that does not parse, every test whose statements
//! are out of order and every name given twice is a diagnostic; parsing goes on with the next line.

use pest::Parser;
use pest::iterators::Pair;

use ludex_diagnostics::{Code, Diagnostic, Span};
use ludex_ir::{Number, NumberError};

use crate::ast::{
    Claim, Expectation, Expected, Holding, NamedPosition, OptionSetting, Outcome, PositionText, Relation,
    SeatNumber, Spanned, Start, StartKind, Statement, Step, StepKind, Suite, Test,
};
use crate::syntax_errors;

/// The pest parser generated from `grammar/scenario.pest`.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/scenario.pest"]
pub(crate) struct ScenarioParser;

/// A parsed file: the well-formed tests, and a diagnostic for everything that is not.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    /// The tests and named positions that parsed; each can be run on its own.
    pub suite: Suite,
    /// Every line that does not parse, statement out of order and name given twice, pointing into
    /// the text; empty when the whole file is well formed.
    pub diagnostics: Vec<Diagnostic>,
    /// The names of the tests left out of the suite because they are malformed.
    pub malformed: Vec<Spanned<String>>,
}

/// Parses a `.tests` file.
pub fn parse(text: &str) -> Parsed {
    let mut reader = Reader { text, parsed: Parsed::default(), error_run: None };
    match ScenarioParser::parse(Rule::file, text) {
        Ok(mut pairs) => {
            for pair in pairs.next().map(Pair::into_inner).into_iter().flatten() {
                reader.item(pair);
            }
            reader.close_error_run();
        }
        // The grammar swallows any line it cannot read, so this is not expected; say so anyway.
        Err(error) => {
            let at = match error.location {
                pest::error::InputLocation::Pos(at) | pest::error::InputLocation::Span((at, _)) => at,
            };
            let diagnostic = Diagnostic::error(
                Code::SyntaxError,
                "this file does not read as tests",
                Span::new(at, at),
                "here",
            );
            reader.parsed.diagnostics.push(diagnostic);
        }
    }
    reader.check_names();
    reader.parsed
}

struct Reader<'t> {
    text: &'t str,
    parsed: Parsed,
    /// Lines outside the tests that do not parse, one after the other: reported as one mistake.
    error_run: Option<Span>,
}

impl Reader<'_> {
    fn item(&mut self, pair: Pair<'_, Rule>) {
        match pair.as_rule() {
            Rule::item_error => {
                let span = span_of(&pair);
                self.error_run = Some(self.error_run.map_or(span, |run| run.to(span)));
            }
            Rule::EOI => {}
            Rule::test => {
                self.close_error_run();
                self.test(pair);
            }
            Rule::named_position => {
                self.close_error_run();
                let mut inner = pair.into_inner();
                if let (Some(name), Some(block)) = (inner.next(), inner.next()) {
                    let position = NamedPosition { name: spanned(&name), text: position_text(block) };
                    self.parsed.suite.positions.push(position);
                }
            }
            other => unreachable_rule(other, &mut self.parsed.diagnostics, span_of(&pair)),
        }
    }

    fn close_error_run(&mut self) {
        if let Some(span) = self.error_run.take() {
            self.parsed.diagnostics.push(syntax_errors::item_error(self.text, span));
        }
    }

    fn test(&mut self, pair: Pair<'_, Rule>) {
        let span = span_of(&pair);
        let mut inner = pair.into_inner();
        let Some(name) = inner.next() else { return };
        let name = Spanned::new(unquote(name.as_str()), span_of(&name));
        let mut builder = TestBuilder { text: self.text, diagnostics: Vec::new(), ..TestBuilder::default() };
        for statement in inner {
            builder.statement(statement);
        }
        match builder.finish(name.clone(), span) {
            Ok(test) => self.parsed.suite.tests.push(test),
            Err(diagnostics) => {
                self.parsed.diagnostics.extend(diagnostics);
                self.parsed.malformed.push(name);
            }
        }
    }

    /// Test names and position names are each given once.
    fn check_names(&mut self) {
        let tests = self.parsed.suite.tests.iter().map(|t| &t.name);
        let mut names: Vec<&Spanned<String>> = tests.chain(&self.parsed.malformed).collect();
        names.sort_by_key(|name| name.span.start);
        duplicates(&names, "test", &mut self.parsed.diagnostics);
        let positions: Vec<&Spanned<String>> = self.parsed.suite.positions.iter().map(|p| &p.name).collect();
        duplicates(&positions, "position", &mut self.parsed.diagnostics);
    }
}

fn duplicates(names: &[&Spanned<String>], what: &str, diagnostics: &mut Vec<Diagnostic>) {
    for (index, name) in names.iter().enumerate() {
        if let Some(first) = names[..index].iter().find(|earlier| earlier.value == name.value) {
            diagnostics.push(
                Diagnostic::error(
                    Code::DuplicateDefinition,
                    format!("the {what} `{}` is written twice", name.value),
                    name.span,
                    "written again here",
                )
                .with_label(first.span, "first written here"),
            );
        }
    }
}

/// The statements of one test, read in order: options, one start, then moves and expectations.
#[derive(Default)]
struct TestBuilder<'t> {
    text: &'t str,
    options: Vec<OptionSetting>,
    start: Option<Start>,
    statements: Vec<Statement>,
    diagnostics: Vec<Diagnostic>,
    /// A `test` line was found inside the test: the lines after it belong to that test, so they
    /// are not read as this one's.
    abandoned: bool,
}

impl TestBuilder<'_> {
    fn statement(&mut self, pair: Pair<'_, Rule>) {
        let span = span_of(&pair);
        if self.abandoned {
            return;
        }
        match pair.as_rule() {
            Rule::option => match self.start {
                Some(_) => self.misplaced(span, "an `option` comes before the start of the test"),
                None => {
                    if let Some(option) = self.option(pair) {
                        self.options.push(option);
                    }
                }
            },
            Rule::setup | Rule::position => {
                if let Some(start) = &self.start {
                    let diagnostic = Diagnostic::error(
                        Code::MisplacedStatement,
                        "a test has one start",
                        span,
                        "a second start",
                    )
                    .with_label(start.span, "the test starts here")
                    .with_help("to test another start, write another test");
                    self.diagnostics.push(diagnostic);
                } else if let Some(start) = self.start(pair) {
                    self.start = Some(start);
                }
            }
            Rule::play | Rule::expect if self.start.is_none() => {
                self.misplaced(span, "the test has not started yet: begin it with `setup` or `position`");
            }
            Rule::play => {
                let steps =
                    pair.into_inner().flat_map(Pair::into_inner).filter_map(|m| self.step(m)).collect();
                self.statements.push(Statement::Play(steps));
            }
            Rule::expect => {
                let Some(claim) = pair.into_inner().next() else { return };
                let span = span_of(&claim);
                if let Some(claim) = self.claim(claim) {
                    self.statements.push(Statement::Expect(Expectation { claim, span }));
                }
            }
            Rule::statement_error => {
                let diagnostic = syntax_errors::statement_error(self.text, span);
                self.abandoned = diagnostic.code == Code::UnclosedBrace;
                self.diagnostics.push(diagnostic);
            }
            other => unreachable_rule(other, &mut self.diagnostics, span),
        }
    }

    fn misplaced(&mut self, span: Span, message: &str) {
        let diagnostic = Diagnostic::error(Code::MisplacedStatement, message, span, "out of order")
            .with_help("a test gives its options, then its start (`setup` or `position`), then `play` and `expect` lines");
        self.diagnostics.push(diagnostic);
    }

    fn finish(self, name: Spanned<String>, span: Span) -> Result<Test, Vec<Diagnostic>> {
        let mut diagnostics = self.diagnostics;
        match self.start {
            Some(start) if diagnostics.is_empty() => {
                Ok(Test { name, span, options: self.options, start, statements: self.statements })
            }
            Some(_) => Err(diagnostics),
            None => {
                diagnostics.push(
                    Diagnostic::error(Code::MissingStart, "the test has no start", name.span, "this test")
                        .with_help("begin it with `setup`, `setup seed N` or `position { ... }`"),
                );
                Err(diagnostics)
            }
        }
    }

    fn option(&mut self, pair: Pair<'_, Rule>) -> Option<OptionSetting> {
        let span = span_of(&pair);
        let mut inner = pair.into_inner();
        let name = spanned(&inner.next()?);
        let value = self.decimal(&inner.next()?)?;
        Some(OptionSetting { name, value, span })
    }

    fn start(&mut self, pair: Pair<'_, Rule>) -> Option<Start> {
        let span = span_of(&pair);
        let kind = match pair.as_rule() {
            Rule::setup => match pair.into_inner().next() {
                Some(seed) => StartKind::Setup { seed: Some(self.number(&seed)?) },
                None => StartKind::Setup { seed: None },
            },
            _ => {
                let source = pair.into_inner().next()?;
                match source.as_rule() {
                    Rule::position_block => StartKind::Position(position_text(source)),
                    _ => StartKind::NamedPosition(spanned(&source)),
                }
            }
        };
        Some(Start { kind, span })
    }

    fn step(&mut self, pair: Pair<'_, Rule>) -> Option<Step> {
        let span = span_of(&pair);
        let text = words(pair.as_str());
        let kind = match text.strip_prefix("roll ") {
            Some(outcome) => StepKind::Roll(self.parse_number(outcome, span)?),
            None => StepKind::Move(text),
        };
        Some(Step { kind, span })
    }

    fn claim(&mut self, pair: Pair<'_, Rule>) -> Option<Claim> {
        let rule = pair.as_rule();
        let mut inner = pair.into_inner();
        Some(match rule {
            Rule::moves_expectation => {
                let parts: Vec<Pair<'_, Rule>> = inner.collect();
                let cell = |rule: Rule| {
                    let part = parts.iter().find(|p| p.as_rule() == rule)?;
                    part.clone().into_inner().next().map(|cell| spanned(&cell))
                };
                let (from, to) = (cell(Rule::from_cell), cell(Rule::to_cell));
                Claim::Moves { from, to, relation: relation(parts.last()?.clone())? }
            }
            Rule::piece_expectation => {
                let cell = spanned(&inner.next()?);
                let value = inner.next()?;
                let piece = expected(value, |v| match v.as_rule() {
                    Rule::nothing => Some(None),
                    _ => Some(Some(spanned(&v))),
                })?;
                Claim::Piece { cell, piece }
            }
            Rule::empty_expectation => Claim::Empty { cells: inner.map(|c| spanned(&c)).collect() },
            Rule::reserve_expectation | Rule::prizes_expectation => {
                let seat = spanned(&inner.next()?);
                let pieces = expected(inner.next()?, |v| Some(list(v)))?;
                let kind = if rule == Rule::reserve_expectation { Holding::Reserve } else { Holding::Prizes };
                Claim::Holding { kind, seat, pieces }
            }
            Rule::perft_expectation => {
                let depth = self.number(&inner.next()?)?;
                let count = inner.next()?;
                let count = match count.as_rule() {
                    Rule::placeholder => Expected { value: None, span: span_of(&count) },
                    _ => Expected { value: Some(self.number(&count)?), span: span_of(&count) },
                };
                Claim::Perft { depth, count }
            }
            Rule::turn_expectation => Claim::Turn(expected(inner.next()?, |v| Some(spanned(&v)))?),
            Rule::phase_expectation => Claim::Phase(expected(inner.next()?, |v| Some(spanned(&v)))?),
            Rule::roll_expectation => {
                let value = inner.next()?;
                let span = span_of(&value);
                let sides = match value.as_rule() {
                    Rule::placeholder => None,
                    _ => Some(self.parse_number(value.as_str().get(1..).unwrap_or(""), span)?),
                };
                Claim::Roll(Expected { value: sides, span })
            }
            Rule::result_expectation => {
                let value = inner.next()?;
                let span = span_of(&value);
                let outcome = match value.as_rule() {
                    Rule::placeholder => None,
                    Rule::nothing => Some(Outcome::NotOver),
                    Rule::draw => Some(Outcome::Draw),
                    Rule::winners => {
                        Some(Outcome::Winners(value.into_inner().map(|s| spanned(&s)).collect()))
                    }
                    _ => Some(Outcome::Places(self.seat_numbers(value.into_inner(), Self::number)?)),
                };
                Claim::Result(Expected { value: outcome, span })
            }
            Rule::reason_expectation => {
                Claim::Reason(expected(inner.next()?, |v| Some(unquote(v.as_str())))?)
            }
            Rule::scores_expectation => {
                let first = inner.peek()?;
                match first.as_rule() {
                    Rule::placeholder => Claim::Scores(Expected { value: None, span: span_of(&first) }),
                    _ => {
                        let span = inner.clone().map(|p| span_of(&p)).reduce(Span::to)?;
                        Claim::Scores(Expected {
                            value: Some(self.seat_numbers(inner, Self::decimal)?),
                            span,
                        })
                    }
                }
            }
            Rule::variable_expectation => {
                let name = spanned(&inner.next()?);
                let mut value = inner.next()?;
                let seat = match value.as_rule() {
                    Rule::name => {
                        let seat = spanned(&value);
                        value = inner.next()?;
                        Some(seat)
                    }
                    _ => None,
                };
                Claim::Variable { name, seat, value: expected(value, |v| Some(spanned(&v)))? }
            }
            other => {
                unreachable_rule(other, &mut self.diagnostics, Span::default());
                return None;
            }
        })
    }

    /// `SEAT N, SEAT N`, each number read by `read`.
    fn seat_numbers<'i, N>(
        &mut self,
        pairs: impl Iterator<Item = Pair<'i, Rule>>,
        read: impl Fn(&mut Self, &Pair<'i, Rule>) -> Option<N>,
    ) -> Option<Vec<SeatNumber<N>>> {
        pairs
            .map(|pair| {
                let mut inner = pair.into_inner();
                let seat = spanned(&inner.next()?);
                let number = read(self, &inner.next()?)?;
                Some(SeatNumber { seat, number })
            })
            .collect()
    }

    /// A number of the grammar (`int` or `integer`), refused when it does not fit.
    fn number<N: std::str::FromStr>(&mut self, pair: &Pair<'_, Rule>) -> Option<N> {
        self.parse_number(pair.as_str(), span_of(pair))
    }

    fn parse_number<N: std::str::FromStr>(&mut self, text: &str, span: Span) -> Option<N> {
        let number = text.trim().parse().ok();
        if number.is_none() {
            self.diagnostics.push(Diagnostic::error(
                Code::NumberTooLarge,
                format!("`{}` is too large", text.trim()),
                span,
                "too large",
            ));
        }
        number
    }

    /// A whole or decimal number (`number` of the grammar), refused with the reason it cannot be read.
    fn decimal(&mut self, pair: &Pair<'_, Rule>) -> Option<Number> {
        let text = pair.as_str().trim();
        let error = match text.parse() {
            Ok(number) => return Some(number),
            Err(error) => error,
        };
        let code = match error {
            NumberError::TooManyFractionDigits => Code::DecimalDigits,
            NumberError::TooLarge | NumberError::NotANumber => Code::NumberTooLarge,
        };
        self.diagnostics.push(Diagnostic::error(
            code,
            format!("`{text}`: {error}"),
            span_of(pair),
            "not read",
        ));
        None
    }
}

/// How the moves compare with a list: `: LIST`, `include LIST` or `exclude LIST`.
fn relation(pair: Pair<'_, Rule>) -> Option<Relation> {
    let rule = pair.as_rule();
    let value = pair.into_inner().next()?;
    Some(match rule {
        Rule::exact_moves => Relation::Exactly(expected(value, |v| Some(list(v)))?),
        Rule::included_moves => Relation::Include(list(value)),
        _ => Relation::Exclude(list(value)),
    })
}

/// A value or the placeholder `?`, with the span to write into.
fn expected<T>(pair: Pair<'_, Rule>, read: impl FnOnce(Pair<'_, Rule>) -> Option<T>) -> Option<Expected<T>> {
    let span = span_of(&pair);
    match pair.as_rule() {
        Rule::placeholder => Some(Expected { value: None, span }),
        _ => Some(Expected { value: Some(read(pair)?), span }),
    }
}

/// The items of a `moves` or `tokens` list (`none`: no items).
fn list(pair: Pair<'_, Rule>) -> Vec<Spanned<String>> {
    match pair.as_rule() {
        Rule::nothing => Vec::new(),
        _ => pair.into_inner().map(|item| Spanned::new(words(item.as_str()), span_of(&item))).collect(),
    }
}

fn position_text(block: Pair<'_, Rule>) -> PositionText {
    let inner = block.into_inner().next();
    let span = inner.as_ref().map_or(Span::default(), span_of);
    PositionText { text: inner.map_or(String::new(), |p| p.as_str().to_string()), span }
}

fn spanned(pair: &Pair<'_, Rule>) -> Spanned<String> {
    Spanned::new(pair.as_str().to_string(), span_of(pair))
}

pub(crate) fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let span = pair.as_span();
    Span::new(span.start(), span.end())
}

/// The words of a token with single spaces between them (`orient   2` is `orient 2`).
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn unquote(text: &str) -> String {
    text.trim_matches('"').to_string()
}

/// A rule the tree cannot hold where it was found: a mismatch between the grammar and this module.
fn unreachable_rule(rule: Rule, diagnostics: &mut Vec<Diagnostic>, span: Span) {
    diagnostics.push(Diagnostic::error(
        Code::SyntaxError,
        format!("internal error: unexpected `{rule:?}` in the parse tree"),
        span,
        "here",
    ));
}
