//! The turn machine's steps after an action, decided per phase when the engine is built. In a
//! phase whose turn takes one action (a constant count of at most 1), with no `start` effects and
//! no `until` asked after a turn (none, or no phase after it), every action ends the turn and the
//! next seat of the order begins its own: when no seat has retired and no roll is pending, the
//! turn machine's questions all have a known answer, and the ply runs them as one fixed sequence
//! ([`Engine::pass_to_next_seat`]). A phase's turn condition or `until` that only compares the
//! sizes of reserves with a constant is read as those sizes ([`ReserveCount`]).

use ludex_ir::{ActionCount, BinaryOp, Collection, Const, ContextWord, Expr, Game, Phase, SeatId};

use super::Engine;
use super::compiled::compare;
use super::state::{Resume, State};

/// What follows an action in a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AfterAction {
    /// The turn machine asks its questions: whether the turn goes on, the phase ends, a seat is
    /// left out.
    Machine,
    /// The turn ends and the next seat of the order begins its turn, with nothing run between.
    NextSeat,
}

/// By phase, what follows an action.
pub(crate) fn after_action_plans(game: &Game) -> Vec<AfterAction> {
    let phases = game.phases.len();
    let plan = |(index, phase): (usize, &Phase)| {
        let one_action = match &phase.turn.count {
            ActionCount::Exactly(count) | ActionCount::UpTo(count) => {
                matches!(count, Expr::Const(Const::Int(count)) if *count <= 1)
            }
            ActionCount::While(_) => false,
        };
        let until_asked = phase.until.is_some() && index + 1 < phases;
        if one_action && phase.turn.start.is_empty() && !until_asked {
            AfterAction::NextSeat
        } else {
            AfterAction::Machine
        }
    };
    game.phases.iter().enumerate().map(plan).collect()
}

impl Engine {
    /// After an action of a phase whose plan is [`AfterAction::NextSeat`], with no seat retired
    /// and no roll pending: what the turn machine does then, in order. The turn ends (one more
    /// turn, no pass in a row), the next place of the order takes it (no seat is left out), the
    /// new turn begins (no action yet, no capture) and its decision point goes into the history.
    pub(crate) fn pass_to_next_seat(&self, state: &mut State) {
        let places = self.order(state.phase).len().max(1);
        state.turns = state.turns.saturating_add(1);
        state.passes = 0;
        state.order_index = ((state.order_index as usize + 1) % places) as u16;
        state.actions = 0;
        state.captures = 0;
        state.resume = Resume::Decision;
        self.record_position(state);
    }

    /// Whether the steps after an action in `state` are [`Engine::pass_to_next_seat`]'s.
    pub(crate) fn passes_to_next_seat(&self, state: &State) -> bool {
        state.retired == 0
            && state.pending.is_empty()
            && self.tables.speed.after_action.get(state.phase as usize) == Some(&AfterAction::NextSeat)
    }
}

/// A phase's turn condition (`actions while`) or `until` that only compares the sizes of seats'
/// reserves with a constant, `count(reserve(SEAT)) [+ count(reserve(SEAT))...] OP k`, each `SEAT`
/// `mover`, `next` or a seat named in the rules: read as the reserves' lengths, where `eval`
/// visits their pieces one by one.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct ReserveCount {
    seats: Vec<ReserveOf>,
    op: BinaryOp,
    bound: i64,
}

/// Whose reserve a [`ReserveCount`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ReserveOf {
    Mover,
    Next,
    Seat(SeatId),
}

/// A phase's conditions read as reserve counts, where they have that shape.
#[derive(Debug, Default)]
pub(crate) struct PhaseCounts {
    /// The turn's `actions while` condition.
    pub turn: Option<ReserveCount>,
    /// The phase's `until`.
    pub until: Option<ReserveCount>,
}

/// By phase, its turn condition and `until` read as reserve counts.
pub(crate) fn phase_counts(game: &Game) -> Vec<PhaseCounts> {
    let counts = |phase: &Phase| PhaseCounts {
        turn: match &phase.turn.count {
            ActionCount::While(condition) => ReserveCount::new(condition),
            ActionCount::Exactly(_) | ActionCount::UpTo(_) => None,
        },
        until: phase.until.as_ref().and_then(ReserveCount::new),
    };
    game.phases.iter().map(counts).collect()
}

impl ReserveCount {
    /// The condition as a comparison of reserve sizes with a constant, if it has that shape.
    fn new(condition: &Expr) -> Option<ReserveCount> {
        use BinaryOp::{Eq, Ge, Gt, Le, Lt, Ne};
        let Expr::Binary(op @ (Eq | Ne | Lt | Le | Gt | Ge), left, right) = condition else { return None };
        let Expr::Const(Const::Int(bound)) = **right else { return None };
        let mut seats = Vec::new();
        reserves_summed(left, &mut seats)?;
        Some(ReserveCount { seats, op: *op, bound })
    }

    /// Whether the comparison holds, `mover` and `next` being the seats those words name.
    pub(crate) fn holds(&self, state: &State, (mover, next): (Option<SeatId>, Option<SeatId>)) -> bool {
        let size = |seat: Option<SeatId>| seat.map_or(0, |seat| state.reserve_of(seat).len() as i64);
        let total: i64 = self
            .seats
            .iter()
            .map(|of| match of {
                ReserveOf::Mover => size(mover),
                ReserveOf::Next => size(next),
                ReserveOf::Seat(seat) => size(Some(*seat)),
            })
            .sum();
        compare(self.op, Some(total), Some(self.bound))
    }
}

/// Adds to `seats` the reserves whose sizes `expr` sums (`None` if it is no such sum).
fn reserves_summed(expr: &Expr, seats: &mut Vec<ReserveOf>) -> Option<()> {
    match expr {
        Expr::Binary(BinaryOp::Add, left, right) => {
            reserves_summed(left, seats)?;
            reserves_summed(right, seats)
        }
        Expr::Count(Collection::Reserve { owner }, None) => {
            seats.push(match **owner {
                Expr::Context(ContextWord::Mover) => ReserveOf::Mover,
                Expr::Context(ContextWord::Next) => ReserveOf::Next,
                Expr::Const(Const::Seat(seat)) => ReserveOf::Seat(seat),
                _ => return None,
            });
            Some(())
        }
        _ => None,
    }
}
