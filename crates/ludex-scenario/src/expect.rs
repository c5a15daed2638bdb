//! Checking one expectation against the game where the test stands. Each check reads the state
//! through the engine, compares it with what the expectation writes, and on a mismatch says what
//! differs (moves missing and moves extra, the value expected and the value found) and what the
//! actual value is, for `--bless` to write. Names the game does not know (a cell, seat, variable,
//! piece letter) make the expectation malformed.

use ludex_diagnostics::{Code, Diagnostic, Span, did_you_mean};
use ludex_ir::{CellId, Number, SeatId, ValueType};
use ludex_runtime::{Engine, State, Status, Value, perft};

use crate::ast::{Claim, Expectation, Expected, Holding, Outcome, Relation, SeatNumber, Spanned};
use crate::pattern::{self, PiecePattern, TokenError};
use crate::report::{Fill, FillValue, Finding, FindingKind};

/// The deepest perft an expectation may ask for: deeper counts take minutes or hours.
pub const MAX_PERFT_DEPTH: u32 = 6;

/// At most this many items of a list are labelled in a diagnostic.
const LABELLED_ITEMS: usize = 8;

/// What the check of an expectation found wrong, if anything.
type Check = Result<(), Box<Finding>>;

/// Checks an expectation written in `source`; `None` when it holds.
pub(crate) fn check(
    engine: &Engine,
    state: &State,
    source: &str,
    expectation: &Expectation,
) -> Option<Finding> {
    let game = Game { engine, state, source };
    let outcome = match &expectation.claim {
        Claim::Moves { from, to, relation } => game.moves(from.as_ref(), to.as_ref(), relation),
        Claim::Piece { cell, piece } => game.piece(cell, piece),
        Claim::Empty { cells } => game.empty(cells),
        Claim::Holding { kind, seat, pieces } => game.holding(*kind, seat, pieces),
        Claim::Perft { depth, count } => game.perft(*depth, count, expectation.span),
        Claim::Turn(seat) => game.turn(seat),
        Claim::Roll(sides) => game.roll(sides),
        Claim::Phase(phase) => game.phase(phase),
        Claim::Result(outcome) => game.result(outcome),
        Claim::Reason(reason) => game.reason(reason),
        Claim::Scores(scores) => game.scores(scores),
        Claim::Variable { name, seat, value } => game.variable(name, seat.as_ref(), value),
    };
    outcome.err().map(|finding| *finding)
}

/// The game where the test stands, and the text of the tests.
struct Game<'a> {
    engine: &'a Engine,
    state: &'a State,
    source: &'a str,
}

impl Game<'_> {
    fn moves(
        &self,
        from: Option<&Spanned<String>>,
        to: Option<&Spanned<String>>,
        relation: &Relation,
    ) -> Check {
        let from_cell = from.map(|cell| self.cell(cell)).transpose()?;
        let to_cell = to.map(|cell| self.cell(cell)).transpose()?;
        let mut legal = Vec::new();
        self.engine.legal_moves(self.state, &mut legal);
        let mut actual: Vec<String> = legal
            .iter()
            .filter(|mv| from_cell.is_none_or(|cell| mv.from == Some(cell)))
            .filter(|mv| to_cell.is_none_or(|cell| mv.to == Some(cell)))
            .map(|&mv| self.engine.move_notation(self.state, mv))
            .collect();
        actual.sort();
        actual.dedup();
        let subject = match (from, to) {
            (None, None) => "the legal moves".to_string(),
            (Some(from), None) => format!("the moves from {}", from.value),
            (None, Some(to)) => format!("the moves to {}", to.value),
            (Some(from), Some(to)) => format!("the moves from {} to {}", from.value, to.value),
        };
        let listed = |moves: &[Spanned<String>], name: &str| moves.iter().any(|m| m.value == name);
        match relation {
            Relation::Exactly(Expected { value: None, span }) => {
                Err(unfilled(*span, &subject, FillValue::List(actual)))
            }
            Relation::Exactly(Expected { value: Some(expected), span }) => {
                let missing: Vec<&Spanned<String>> =
                    expected.iter().filter(|m| !actual.contains(&m.value)).collect();
                let extra: Vec<&String> = actual.iter().filter(|name| !listed(expected, name)).collect();
                if missing.is_empty() && extra.is_empty() {
                    return Ok(());
                }
                let mut help = Vec::new();
                if !missing.is_empty() {
                    help.push(format!(
                        "missing (listed, not legal): {}",
                        join(missing.iter().map(|m| &m.value))
                    ));
                }
                if !extra.is_empty() {
                    help.push(format!("extra (legal, not listed):  {}", join(extra.iter().copied())));
                }
                help.extend(self.status_note());
                let label = format!("{} missing, {} extra", missing.len(), extra.len());
                let diagnostic = failure(format!("{subject} are not the ones listed"), *span, label, help);
                let diagnostic = label_items(diagnostic, &missing, "not legal");
                Err(failed(diagnostic, Some(Fill { span: *span, value: FillValue::List(actual) })))
            }
            Relation::Include(expected) => {
                let missing: Vec<&Spanned<String>> =
                    expected.iter().filter(|m| !actual.contains(&m.value)).collect();
                let Some(span) = missing.iter().map(|m| m.span).reduce(Span::to) else { return Ok(()) };
                let mut help = vec![format!("{subject}: {}", join_or_none(&actual))];
                help.extend(self.status_note());
                let message = format!("{subject} do not include {}", join(missing.iter().map(|m| &m.value)));
                let diagnostic =
                    label_items(failure(message, span, "not legal", help), &missing[1..], "not legal");
                Err(failed(diagnostic, None))
            }
            Relation::Exclude(expected) => {
                let present: Vec<&Spanned<String>> =
                    expected.iter().filter(|m| actual.contains(&m.value)).collect();
                let Some(span) = present.iter().map(|m| m.span).reduce(Span::to) else { return Ok(()) };
                let message = format!("{subject} include {}", join(present.iter().map(|m| &m.value)));
                let diagnostic =
                    label_items(failure(message, span, "legal", Vec::new()), &present[1..], "legal");
                Err(failed(diagnostic, None))
            }
        }
    }

    fn piece(&self, cell: &Spanned<String>, piece: &Expected<Option<Spanned<String>>>) -> Check {
        let at = self.cell(cell)?;
        let actual = self.engine.piece_at(self.state, at);
        // A stack (on a board with stacks) is written whole, bottom first: `O1*2/O2`.
        let stack = self.engine.stack_token(self.state, at);
        let actual_text = match actual {
            None => "none".to_string(),
            Some(_) if stack.contains(['*', '/']) => stack.clone(),
            Some(p) => self.engine.piece_token(&p),
        };
        let subject = format!("the piece at {}", cell.value);
        let holds = match &piece.value {
            None => return Err(unfilled(piece.span, &subject, FillValue::Text(actual_text))),
            Some(None) => actual.is_none(),
            Some(Some(token)) if token.value.contains(['*', '/']) => stack.eq_ignore_ascii_case(&token.value),
            Some(Some(token)) => {
                let pattern =
                    PiecePattern::board(self.engine, &token.value).map_err(|e| bad_token(e, token.span))?;
                actual.is_some_and(|p| pattern.matches(self.engine, &p))
            }
        };
        let expected = piece.value.as_ref().and_then(|p| p.as_ref()).map_or("none", |t| t.value.as_str());
        mismatch(
            holds,
            &subject,
            expected,
            &actual_text,
            piece.span,
            self.fill(piece.span, actual_text.clone()),
        )
    }

    fn empty(&self, cells: &[Spanned<String>]) -> Check {
        let mut occupied = Vec::new();
        for cell in cells {
            if let Some(piece) = self.engine.piece_at(self.state, self.cell(cell)?) {
                occupied.push((cell, self.engine.piece_token(&piece)));
            }
        }
        let Some(((first, token), rest)) = occupied.split_first() else { return Ok(()) };
        let names: Vec<&String> = occupied.iter().map(|(cell, _)| &cell.value).collect();
        let message = format!(
            "{} {} not empty",
            join(names.iter().copied()),
            if names.len() == 1 { "is" } else { "are" }
        );
        let mut diagnostic = failure(message, first.span, format!("holds {token}"), Vec::new());
        for (cell, token) in rest.iter().take(LABELLED_ITEMS) {
            diagnostic = diagnostic.with_label(cell.span, format!("holds {token}"));
        }
        Err(failed(diagnostic, None))
    }

    fn holding(
        &self,
        kind: Holding,
        seat: &Spanned<String>,
        pieces: &Expected<Vec<Spanned<String>>>,
    ) -> Check {
        let id = self.seat(seat)?;
        let actual = pattern::written_holding(self.engine, self.state, kind.keyword(), id);
        let subject = format!("{}'s {}", seat.value, kind.keyword());
        let Some(tokens) = &pieces.value else {
            return Err(unfilled(pieces.span, &subject, FillValue::List(actual)));
        };
        let texts: Vec<&str> = tokens.iter().map(|t| t.value.as_str()).collect();
        let comparison = match kind {
            Holding::Reserve => {
                pattern::compare_reserve(self.engine, id, &texts, self.engine.reserve(self.state, id))
            }
            Holding::Prizes => {
                pattern::compare_prizes(self.engine, &texts, self.engine.prizes(self.state, id), &actual)
            }
        };
        let comparison = comparison.map_err(|(index, error)| bad_token(error, tokens[index].span))?;
        holding_mismatch(&subject, pieces.span, tokens, comparison, actual)
    }

    fn perft(&self, depth: u32, count: &Expected<u64>, span: Span) -> Check {
        if depth > MAX_PERFT_DEPTH {
            let diagnostic = Diagnostic::error(
                Code::LimitExceeded,
                format!("perft to depth {depth} is too deep for a test"),
                span,
                "too deep",
            )
            .with_help(format!(
                "a test counts at most {MAX_PERFT_DEPTH} moves deep; `ludex perft` goes deeper"
            ));
            return Err(malformed(diagnostic));
        }
        let actual = perft(self.engine, self.state, depth);
        let subject = format!("perft {depth}");
        match count.value {
            None => Err(unfilled(count.span, &subject, FillValue::Text(actual.to_string()))),
            Some(expected) => mismatch(
                expected == actual,
                &subject,
                &expected.to_string(),
                &actual.to_string(),
                count.span,
                self.fill(count.span, actual.to_string()),
            ),
        }
    }

    fn turn(&self, seat: &Expected<Spanned<String>>) -> Check {
        let actual = match self.engine.status(self.state) {
            Status::Decision { seat } => Ok(self.seat_name(seat).to_string()),
            Status::Chance { .. } | Status::Over(_) => Err(self.status_text()),
        };
        let expected = seat.value.as_ref().map(|s| self.seat(s).map(|id| (s, id))).transpose()?;
        let holds = match (&expected, self.engine.status(self.state)) {
            (Some((_, id)), Status::Decision { seat }) => *id == seat,
            _ => false,
        };
        self.compare_state(
            "the seat to move",
            seat.span,
            expected.map(|(s, _)| s.value.as_str()),
            holds,
            actual,
        )
    }

    fn roll(&self, sides: &Expected<u32>) -> Check {
        let (actual, holds) = match self.engine.status(self.state) {
            Status::Chance { sides: pending } => (Ok(format!("d{pending}")), sides.value == Some(pending)),
            Status::Decision { .. } | Status::Over(_) => (Err(self.status_text()), false),
        };
        let expected = sides.value.map(|s| format!("d{s}"));
        self.compare_state("the pending roll", sides.span, expected.as_deref(), holds, actual)
    }

    fn phase(&self, phase: &Expected<Spanned<String>>) -> Check {
        let phases = &self.engine.game.phases;
        let actual = phases.get(self.engine.phase(self.state) as usize).map_or("?", |p| p.name.as_str());
        if let Some(name) = &phase.value
            && !phases.iter().any(|p| p.name == name.value)
        {
            let names = phases.iter().map(|p| p.name.as_str());
            return Err(unknown(Code::UnknownName, "phase", name, names));
        }
        let expected = phase.value.as_ref().map(|p| p.value.as_str());
        let holds = expected == Some(actual);
        self.compare_state("the phase", phase.span, expected, holds, Ok(actual.to_string()))
    }

    fn result(&self, outcome: &Expected<Outcome>) -> Check {
        let result = match self.engine.status(self.state) {
            Status::Over(result) => Some(result),
            Status::Decision { .. } | Status::Chance { .. } => None,
        };
        let places = result.as_ref().map(|r| r.places.as_slice());
        let holds = match &outcome.value {
            None => false,
            Some(Outcome::NotOver) => places.is_none(),
            Some(Outcome::Draw) => places.is_some_and(|p| p.iter().all(|&place| place == 1)),
            Some(Outcome::Winners(seats)) => {
                let winners =
                    seats.iter().map(|s| self.seat(s)).collect::<Result<Vec<SeatId>, Box<Finding>>>()?;
                places.is_some_and(|p| {
                    let first: Vec<SeatId> =
                        (0..p.len()).filter(|&s| p[s] == 1).map(|s| s as SeatId).collect();
                    first.len() < p.len()
                        && first.iter().all(|s| winners.contains(s))
                        && winners.iter().all(|s| first.contains(s))
                })
            }
            Some(Outcome::Places(expected)) => {
                let expected = self.seat_numbers(expected)?;
                places.is_some_and(|p| {
                    expected
                        .iter()
                        .all(|&(seat, place)| p.get(seat as usize).map(|&x| i64::from(x)) == Some(place))
                })
            }
        };
        let actual = match places {
            None => "none".to_string(),
            Some(places) => self.outcome_text(places),
        };
        let subject = "the result";
        match outcome.value {
            None => Err(unfilled(outcome.span, subject, FillValue::Text(actual))),
            Some(_) => {
                let expected = self.written(outcome.span);
                mismatch(
                    holds,
                    subject,
                    expected,
                    &actual,
                    outcome.span,
                    self.fill(outcome.span, actual.clone()),
                )
            }
        }
    }

    fn reason(&self, reason: &Expected<String>) -> Check {
        let actual = match self.engine.status(self.state) {
            Status::Over(result) => Ok(format!("\"{}\"", result.reason)),
            Status::Decision { .. } | Status::Chance { .. } => Err("the game is not over".to_string()),
        };
        let expected = reason.value.as_ref().map(|r| format!("\"{r}\""));
        let holds = actual.as_ref().is_ok_and(|a| Some(a) == expected.as_ref());
        self.compare_state("the reason the game ended", reason.span, expected.as_deref(), holds, actual)
    }

    fn scores(&self, scores: &Expected<Vec<SeatNumber<Number>>>) -> Check {
        let actual = match self.engine.status(self.state) {
            Status::Over(result) if result.scores.is_empty() => Err("the rules give no scores".to_string()),
            Status::Over(result) => Ok(result.scores),
            Status::Decision { .. } | Status::Chance { .. } => Err("the game is not over".to_string()),
        };
        let text = actual.as_ref().map_err(String::clone).map(|scores| {
            let each = scores
                .iter()
                .enumerate()
                .map(|(seat, score)| format!("{} {score}", self.seat_name(seat as SeatId)));
            each.collect::<Vec<_>>().join(", ")
        });
        let holds = match (&scores.value, &actual) {
            (Some(expected), Ok(actual)) => self
                .seat_numbers(expected)?
                .iter()
                .all(|&(seat, score)| actual.get(seat as usize) == Some(&score)),
            _ => false,
        };
        let expected = scores.value.as_ref().map(|_| self.written(scores.span));
        self.compare_state("the scores", scores.span, expected, holds, text)
    }

    fn variable(
        &self,
        name: &Spanned<String>,
        seat: Option<&Spanned<String>>,
        value: &Expected<Spanned<String>>,
    ) -> Check {
        let variables = &self.engine.game.variables;
        let Some(variable) = variables.iter().find(|v| v.name == name.value) else {
            return Err(unknown(
                Code::UnknownVariable,
                "variable",
                name,
                variables.iter().map(|v| v.name.as_str()),
            ));
        };
        let seat_id = seat.map(|s| self.seat(s)).transpose()?;
        if variable.per_seat != seat_id.is_some() {
            let help = match variable.per_seat {
                true => format!("`{0}` is per seat: write `{0}(SEAT)`", variable.name),
                false => format!("`{}` is one value for the game: write it without a seat", variable.name),
            };
            let diagnostic = Diagnostic::error(
                Code::TypeMismatch,
                format!("`{}` is written with the wrong form", variable.name),
                name.span,
                "this variable",
            )
            .with_help(help);
            return Err(malformed(diagnostic));
        }
        let actual = self.engine.variable(self.state, &variable.name, seat_id).unwrap_or(Value::None);
        let actual_text = self.engine.value_text(actual);
        let subject = match seat {
            Some(seat) => format!("{}({})", name.value, seat.value),
            None => name.value.clone(),
        };
        let Some(expected) = &value.value else {
            return Err(unfilled(value.span, &subject, FillValue::Text(actual_text)));
        };
        let holds = self.value_holds(variable.ty, expected, actual)?;
        mismatch(
            holds,
            &subject,
            &expected.value,
            &actual_text,
            value.span,
            self.fill(value.span, actual_text.clone()),
        )
    }

    /// Whether a variable's value is the one written, read as the variable's type says.
    fn value_holds(
        &self,
        ty: ValueType,
        expected: &Spanned<String>,
        actual: Value,
    ) -> Result<bool, Box<Finding>> {
        let text = expected.value.as_str();
        if text == "none" {
            return Ok(actual == Value::None);
        }
        let game = &self.engine.game;
        let read = match ty {
            ValueType::Int => text.parse::<i64>().ok().map(|n| actual == Value::Int(n)),
            ValueType::Decimal => text.parse::<Number>().ok().map(|n| actual == Value::of_number(n)),
            ValueType::Bool => text.parse::<bool>().ok().map(|b| actual == Value::Bool(b)),
            ValueType::Cell => self.engine.cell_named(text).map(|c| actual == Value::Cell(c)),
            ValueType::Seat => self.engine.seat_named(text).map(|s| actual == Value::Seat(s)),
            ValueType::PieceType => {
                game.pieces.iter().position(|p| p.name == text).map(|t| actual == Value::PieceType(t as u8))
            }
            ValueType::Phase => {
                game.phases.iter().position(|p| p.name == text).map(|p| actual == Value::Phase(p as u8))
            }
            ValueType::Piece => {
                let pattern =
                    PiecePattern::board(self.engine, text).map_err(|e| bad_token(e, expected.span))?;
                Some(actual.as_piece().is_some_and(|p| pattern.matches(self.engine, &p)))
            }
        };
        read.ok_or_else(|| {
            let diagnostic = Diagnostic::error(
                Code::TypeMismatch,
                format!("`{text}` is not a {} value", type_name(ty)),
                expected.span,
                format!("expected a {}", type_name(ty)),
            );
            malformed(diagnostic)
        })
    }

    /// The expectation of a part of the state that may be missing (no seat to move, no pending
    /// roll, no result): `actual` is its value, or why there is none.
    fn compare_state(
        &self,
        subject: &str,
        span: Span,
        expected: Option<&str>,
        holds: bool,
        actual: Result<String, String>,
    ) -> Check {
        match (expected, actual) {
            (_, Ok(_)) if holds => Ok(()),
            (None, Ok(actual)) => Err(unfilled(span, subject, FillValue::Text(actual))),
            (Some(expected), Ok(actual)) => {
                mismatch(false, subject, expected, &actual, span, self.fill(span, actual.clone()))
            }
            (expected, Err(why)) => {
                let message = match expected {
                    Some(expected) => format!("expected {subject} to be {expected}, but {why}"),
                    None => format!("{subject} cannot be filled in: {why}"),
                };
                Err(failed(failure(message, span, why, Vec::new()), None))
            }
        }
    }

    /// The text of the tests at the span.
    fn written(&self, span: Span) -> &str {
        self.source.get(span.start..span.end).unwrap_or("")
    }

    fn fill(&self, span: Span, text: String) -> Option<Fill> {
        Some(Fill { span, value: FillValue::Text(text) })
    }

    /// How the game ended, as a result expectation writes it: `draw`, `white wins`, `south, north
    /// win`, or each seat's place when there are more than two places.
    fn outcome_text(&self, places: &[u32]) -> String {
        let mut distinct = places.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        let name = |seat: usize| self.seat_name(seat as SeatId).to_string();
        match distinct.as_slice() {
            [1] => "draw".to_string(),
            [1, _] => {
                let winners: Vec<String> = (0..places.len()).filter(|&s| places[s] == 1).map(name).collect();
                let verb = if winners.len() == 1 { "wins" } else { "win" };
                format!("{} {verb}", winners.join(", "))
            }
            _ => {
                (0..places.len()).map(|s| format!("{} {}", name(s), places[s])).collect::<Vec<_>>().join(", ")
            }
        }
    }

    /// Why no move can be played, when none can: the game is over, or a roll is pending.
    fn status_note(&self) -> Option<String> {
        match self.engine.status(self.state) {
            Status::Decision { .. } => None,
            Status::Over(_) | Status::Chance { .. } => Some(self.status_text()),
        }
    }

    /// Whose decision it is, in words.
    fn status_text(&self) -> String {
        match self.engine.status(self.state) {
            Status::Decision { seat } => format!("{} is to move", self.seat_name(seat)),
            Status::Chance { sides } => format!("a d{sides} roll is pending"),
            Status::Over(result) => format!("the game is over ({})", result.reason),
        }
    }

    fn seat_numbers<N: Copy>(&self, numbers: &[SeatNumber<N>]) -> Result<Vec<(SeatId, N)>, Box<Finding>> {
        numbers.iter().map(|n| Ok((self.seat(&n.seat)?, n.number))).collect()
    }

    fn cell(&self, cell: &Spanned<String>) -> Result<CellId, Box<Finding>> {
        self.engine.cell_named(&cell.value).ok_or_else(|| {
            let names = self.engine.game.board.cells.iter().map(|c| c.name.as_str());
            unknown(Code::UnknownCell, "cell", cell, names)
        })
    }

    fn seat(&self, seat: &Spanned<String>) -> Result<SeatId, Box<Finding>> {
        self.engine.seat_named(&seat.value).ok_or_else(|| {
            let names = self.engine.game.seats.iter().map(|s| s.name.as_str());
            unknown(Code::UnknownSeat, "seat", seat, names)
        })
    }

    fn seat_name(&self, seat: SeatId) -> &str {
        self.engine.game.seats.get(seat as usize).map_or("?", |s| s.name.as_str())
    }
}

fn holding_mismatch(
    subject: &str,
    span: Span,
    tokens: &[Spanned<String>],
    comparison: pattern::Comparison,
    actual: Vec<String>,
) -> Check {
    if comparison.is_exact() {
        return Ok(());
    }
    let unmatched: Vec<&Spanned<String>> = comparison.unmatched_tokens.iter().map(|&i| &tokens[i]).collect();
    let mut help = Vec::new();
    if !unmatched.is_empty() {
        help.push(format!("listed, not held: {}", join(unmatched.iter().map(|t| &t.value))));
    }
    if !comparison.unnamed_pieces.is_empty() {
        help.push(format!("held, not listed: {}", join(comparison.unnamed_pieces.iter())));
    }
    help.push(format!("{subject}: {}", join_or_none(&actual)));
    let label = format!("{} not held, {} not listed", unmatched.len(), comparison.unnamed_pieces.len());
    let diagnostic = label_items(
        failure(format!("{subject}: not the pieces listed"), span, label, help),
        &unmatched,
        "not held",
    );
    Err(failed(diagnostic, Some(Fill { span, value: FillValue::List(actual) })))
}

/// A value compared: `Ok` when it holds, else the failure with the actual value to write.
fn mismatch(
    holds: bool,
    subject: &str,
    expected: &str,
    actual: &str,
    span: Span,
    fill: Option<Fill>,
) -> Check {
    if holds {
        return Ok(());
    }
    let diagnostic = failure(
        format!("expected {subject} to be {expected}, found {actual}"),
        span,
        format!("found {actual}"),
        Vec::new(),
    );
    Err(failed(diagnostic, fill))
}

fn failure(
    message: impl Into<String>,
    span: Span,
    label: impl Into<String>,
    help: Vec<String>,
) -> Diagnostic {
    let diagnostic = Diagnostic::error(Code::ExpectationFailed, message, span, label);
    match help.is_empty() {
        true => diagnostic,
        false => diagnostic.with_help(help.join("\n")),
    }
}

fn failed(diagnostic: Diagnostic, fill: Option<Fill>) -> Box<Finding> {
    Box::new(Finding { kind: FindingKind::Failed, diagnostic, fill })
}

fn malformed(diagnostic: Diagnostic) -> Box<Finding> {
    Box::new(Finding { kind: FindingKind::Malformed, diagnostic, fill: None })
}

/// An expectation written `?`: the actual value waits for `--bless`.
fn unfilled(span: Span, subject: &str, value: FillValue) -> Box<Finding> {
    let shown = match &value {
        FillValue::Text(text) => text.clone(),
        FillValue::List(items) => join_or_none(items),
    };
    let diagnostic = Diagnostic::error(
        Code::UnfilledExpectation,
        format!("{subject}: no expected value yet"),
        span,
        format!("found {}", shorten(&shown)),
    )
    .with_help("`ludex test --bless` writes the value found here; review it before you keep it");
    Box::new(Finding { kind: FindingKind::Unfilled, diagnostic, fill: Some(Fill { span, value }) })
}

fn bad_token(error: TokenError, span: Span) -> Box<Finding> {
    let diagnostic = Diagnostic::error(Code::UnknownPiece, error.message, span, "not read as a piece");
    malformed(match error.help {
        Some(help) => diagnostic.with_help(help),
        None => diagnostic,
    })
}

/// A name the game does not have, with a suggestion or the list of what there is.
fn unknown<'n>(
    code: Code,
    what: &str,
    name: &Spanned<String>,
    names: impl Iterator<Item = &'n str> + Clone,
) -> Box<Finding> {
    let diagnostic = Diagnostic::error(
        code,
        format!("the game has no {what} `{}`", name.value),
        name.span,
        format!("not a {what}"),
    );
    let help = did_you_mean(&name.value, names.clone()).unwrap_or_else(|| {
        let all: Vec<&str> = names.collect();
        match all.len() {
            0 => format!("the game has no {what}s"),
            1..=12 => format!("its {what}s: {}", all.join(", ")),
            _ => format!("its {what}s: {}, ...", all[..12].join(", ")),
        }
    });
    malformed(diagnostic.with_help(help))
}

/// Labels the items (the first few), except one the primary label already points at.
fn label_items(mut diagnostic: Diagnostic, items: &[&Spanned<String>], label: &str) -> Diagnostic {
    let primary = diagnostic.primary.span;
    for item in items.iter().filter(|item| item.span != primary).take(LABELLED_ITEMS) {
        diagnostic = diagnostic.with_label(item.span, label);
    }
    diagnostic
}

fn type_name(ty: ValueType) -> &'static str {
    match ty {
        ValueType::Int => "number",
        ValueType::Bool => "true or false",
        ValueType::Cell => "cell",
        ValueType::Seat => "seat",
        ValueType::Piece => "piece",
        ValueType::PieceType => "piece type",
        ValueType::Phase => "phase",
        ValueType::Decimal => "number",
    }
}

fn join<'s>(items: impl Iterator<Item = &'s String>) -> String {
    items.map(String::as_str).collect::<Vec<_>>().join(", ")
}

fn join_or_none(items: &[String]) -> String {
    if items.is_empty() { "none".to_string() } else { items.join(", ") }
}

/// A long value cut for a label.
fn shorten(text: &str) -> String {
    const LIMIT: usize = 60;
    match text.char_indices().nth(LIMIT) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}
