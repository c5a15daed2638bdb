//! `stuck` in a turn's `legal if`: a look-ahead. The move tried is played on a copy of the position
//! (the trial's); from there the turn machine runs on to the next decision point (the turn goes on,
//! or ends and the next seat's turn begins, with its `start` effects), and `stuck` holds when the
//! seat to act there has no legal action, its own `legal if` applied. The end rules are not
//! consulted on the way. The checker refuses a look-ahead in a game whose moves or turns may roll,
//! so the decision point is always reached.
//!
//! A look-ahead is one level deep: while it finds the next seat's legal actions, a `legal if` that
//! reads `stuck` again (a look-ahead inside a look-ahead) has no answer. That is an error of the
//! rules, never an approximation: the engine keeps it as its `Fault`, which `ludex perft`, `test`
//! and `run` report as a failure (a `stuck` there reads as `none`, and what the run found is not to
//! be trusted).
//! A rule that reads `stuck` only after a drop that gives check (a ban on mating by a drop), which
//! the seat in check can never answer with such a drop, never nests its look-ahead.

use std::cell::Cell;

use super::Engine;
use super::effects::TurnAfter;
use super::eval::Ctx;
use super::faults::Fault;
use super::state::State;
use super::turns::Answers;
use super::value::Value;

thread_local! {
    /// Whether the thread is finding the legal actions of a look-ahead's position.
    static LOOKING_AHEAD: Cell<bool> = const { Cell::new(false) };
    /// The thread's copy of the position a look-ahead runs on, kept between look-aheads so that a
    /// warm search does not allocate.
    static AHEAD: Cell<Option<State>> = const { Cell::new(None) };
}

/// What `stuck` asks, by where it is evaluated.
#[derive(Clone, Copy, Debug)]
pub(crate) enum StuckAsks {
    /// The answer, found once for the decision point (the end rules).
    Known(bool),
    /// The state is a decision point (a turn's `start`): whether its seat to act has no legal action.
    Here,
    /// The state is a move tried against a `legal if`: whether the seat to act at the next decision
    /// point has no legal action, the turn machine's questions answered by `answers`. When the trial
    /// left the turn's `after` out, the look-ahead plays it first.
    AfterMove { answers: &'static dyn Answers, after: TurnAfter },
}

/// Marks the thread as looking ahead while it lives.
struct LookingAhead;

impl LookingAhead {
    fn begin() -> LookingAhead {
        LOOKING_AHEAD.set(true);
        LookingAhead
    }
}

impl Drop for LookingAhead {
    fn drop(&mut self) {
        LOOKING_AHEAD.set(false);
    }
}

impl Engine {
    /// `stuck` on `tried`, the position a move leads to in a `legal if` trial, `ctx` the move's
    /// context (see the module's doc).
    pub(crate) fn stuck_after_move(
        &self,
        tried: &State,
        ctx: &Ctx,
        (answers, after): (&'static dyn Answers, TurnAfter),
    ) -> Value {
        let Some(mover) = ctx.mover else { return Value::None };
        if LOOKING_AHEAD.get() {
            self.faults.record(Fault::NestedLookAhead);
            return Value::None;
        }
        let _looking = LookingAhead::begin();
        let mut next = AHEAD.take().unwrap_or_else(|| tried.clone());
        next.clone_from(tried);
        if after == TurnAfter::LeftOut {
            let phase = next.phase;
            self.run_steps(&mut next, ctx, self.turn_after(phase));
        }
        self.finish_action(&mut next, mover, &answers);
        // A roll pending (or an end) means the checker let a game that rolls look ahead.
        let stuck = match next.pending.is_empty() && next.result.is_none() {
            true => Value::Bool(!answers.any_legal_action(self, &next)),
            false => Value::None,
        };
        AHEAD.set(Some(next));
        stuck
    }
}
