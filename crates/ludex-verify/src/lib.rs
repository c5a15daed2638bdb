//! The checks of a whole game that need the engine, which the checker (`ludex_check`) cannot make:
//! it cannot depend on the runtime, whose tests compile rules with it. The `ludex` command, the
//! language server and the browser playground run them after the checker ([`check_game`], a
//! `ludex_check::GameCheck`). Today that is one: whether a game is over before its first move.
//!
//! The engine itself is asked: the game that checked is run from its setup to its first decision
//! point, and its end rules judged there as in play. The checker's own guess (the `ends-at-start`
//! warning of its lints) knows only part of the language; the engine knows all of it (`group`,
//! `first`, `stuck`, a turn's `start`...).
//!
//! A start that rolls (a setup or a first turn that rolls dice) is followed for every outcome of
//! every roll, up to [`MAX_START_STATES`] states: the game is reported only when each of them ends
//! by an end rule; when some roll leads to a decision, or the rolls are too many to follow, nothing
//! is reported. The engine runs under the game's own limits, as in play.

#![warn(missing_docs)]
// No input may make the checks panic: they run on untrusted rules (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
#![cfg_attr(not(test), deny(clippy::arithmetic_side_effects, clippy::indexing_slicing))]

use std::collections::BTreeSet;

use ludex_diagnostics::{Code, Diagnostic, Span};
use ludex_ir::Game;
use ludex_runtime::{EndReason, Engine, Fault, Status};
use ludex_syntax::ast::{self, Item};

/// The most states (chance nodes and their outcomes) followed from the setup to the first decision.
pub const MAX_START_STATES: usize = 4096;

/// The checks of a whole game that need the engine, `text` being the rules it was lowered from:
/// the error for a game over before its first move.
pub fn check_game(text: &str, game: &Game) -> Option<Diagnostic> {
    over_at_start(text, game)
}

/// The error for a game that every start ends by an end rule, `text` being the rules it was
/// compiled from (for the rules' places); `None` when the game can begin.
pub fn over_at_start(text: &str, game: &Game) -> Option<Diagnostic> {
    let engine = Engine::new(game.clone());
    let ending = ending_of_the_start(&engine)?;
    let (file, _) = ludex_syntax::parse(text);
    let written: Vec<&ast::EndRule> = file
        .items
        .iter()
        .filter_map(|item| if let Item::End(end) = item { Some(end.rules.as_slice()) } else { None })
        .flatten()
        .collect();
    let without_seat = match engine.fault() {
        Some(Fault::OutcomeWithoutSeat { rule }) => Some(rule),
        Some(Fault::NestedLookAhead) | None => None,
    };
    error(&ending, &written, without_seat)
}

/// How every start of a game ends.
struct Ending {
    /// The end rules that end it, by index: one, or one for each roll.
    rules: BTreeSet<u32>,
    /// Whether the start rolls dice.
    rolls: Rolls,
}

/// Whether a start rolls dice.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rolls {
    None,
    Some,
}

/// How the start ends when every way it can go ends by an end rule; `None` when some reaches a
/// decision or another end (the move limit), or the rolls are too many to follow.
fn ending_of_the_start(engine: &Engine) -> Option<Ending> {
    let mut ending = Ending { rules: BTreeSet::new(), rolls: Rolls::None };
    let mut to_follow = vec![engine.initial_state()];
    let mut followed = 0usize;
    while let Some(state) = to_follow.pop() {
        followed = followed.saturating_add(1);
        match engine.status(&state) {
            Status::Decision { .. } => return None,
            Status::Over(result) => match result.end {
                EndReason::Rule(index) => _ = ending.rules.insert(index),
                EndReason::NoSeatCanMove | EndReason::MoveLimit | EndReason::Stated => return None,
            },
            Status::Chance { sides } => {
                ending.rolls = Rolls::Some;
                let count = usize::try_from(sides).unwrap_or(usize::MAX);
                if followed.saturating_add(to_follow.len()).saturating_add(count) > MAX_START_STATES {
                    return None;
                }
                for outcome in 1..=sides {
                    let mut next = state.clone();
                    engine.apply_chance(&mut next, outcome);
                    to_follow.push(next);
                }
            }
        }
    }
    Some(ending)
}

/// The error, on the first rule that ends the start, naming the others (other rolls) and the seat
/// that a `win` or `loss` found missing.
fn error(ending: &Ending, written: &[&ast::EndRule], without_seat: Option<u32>) -> Option<Diagnostic> {
    let rule_at = |index: u32| written.get(usize::try_from(index).ok()?).copied();
    let mut rules = ending.rules.iter().filter_map(|&index| rule_at(index));
    let first = rules.next()?;
    let label = match ending.rolls {
        Rolls::None => "holds before the first move",
        Rolls::Some => "holds before the first move, whatever the roll",
    };
    let mut diagnostic = Diagnostic::error(
        Code::EndsAtStart,
        "the game is over before the first move",
        first.condition.span,
        label,
    );
    for other in rules {
        diagnostic = diagnostic.with_label(other.condition.span, "or this one, after other rolls");
    }
    if let Some(seat) = without_seat.and_then(rule_at).and_then(|rule| outcome_seat(&rule.outcome)) {
        diagnostic = diagnostic.with_label(seat, "no seat: nobody has moved yet");
    }
    Some(diagnostic.with_help(
        "no game can be played: each would end at once, in 0 plies; at the start `mover` is none (so \
         `pieces(mover)` are the neutral pieces, in one group or none) and `turns` is 0: ask about \
         `next`, or guard the rule with `mover != none` or the phase",
    ))
}

/// Where the seat a `win` or `loss` names is written.
fn outcome_seat(outcome: &ast::Outcome) -> Option<Span> {
    match outcome {
        ast::Outcome::Win(seat) | ast::Outcome::Loss(seat) => Some(seat.span),
        ast::Outcome::Draw(_) | ast::Outcome::Rank(_) => None,
    }
}
