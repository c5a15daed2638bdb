//! The rules errors an engine meets while playing, which the checker cannot see: a look-ahead
//! inside a look-ahead (`look_ahead`), an end rule whose `win` or `loss` names no seat (`turns`).
//! The engine keeps the first of each kind; `ludex perft`, `test` and `run` report them as a
//! failure, since what was played is not what the rules say.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use super::Engine;

/// A rules error found while playing, which the checker cannot see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A `legal if` read `stuck` while a look-ahead was finding legal actions: a look-ahead inside a
    /// look-ahead.
    NestedLookAhead,
    /// An end rule held, and the seat its `win` or `loss` names is none (`mover` before anyone
    /// moved, the owner of an empty cell): the game cannot end as the rule says. `rule` counts
    /// from 0, in the order the rules write them.
    OutcomeWithoutSeat {
        /// The end rule's index.
        rule: u32,
    },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::NestedLookAhead => f.write_str(
                "a turn's `legal if` read `stuck` inside the look-ahead of another `stuck`: a look-ahead \
                 is one level deep, so these rules cannot be played faithfully (guard the `stuck` so \
                 that the moves it looks ahead to never reach it)",
            ),
            Fault::OutcomeWithoutSeat { rule } => write!(
                f,
                "end rule {} held, but the seat its `win` or `loss` names is none (as `mover` is \
                 before the first move), so the game cannot end as the rule says (guard the rule, \
                 with `mover != none` for instance)",
                u64::from(*rule) + 1
            ),
        }
    }
}

/// The faults an engine has met, kept once found (see [`Fault`]).
#[derive(Debug, Default)]
pub(crate) struct Faults {
    nested_look_ahead: AtomicBool,
    /// The index of the first end rule met without a seat to name, plus 1 (0: none met).
    outcome_without_seat: AtomicU32,
}

impl Faults {
    pub(crate) fn record(&self, fault: Fault) {
        match fault {
            Fault::NestedLookAhead => self.nested_look_ahead.store(true, Ordering::Relaxed),
            Fault::OutcomeWithoutSeat { rule } => {
                let kept = rule.saturating_add(1);
                _ = self.outcome_without_seat.compare_exchange(0, kept, Ordering::Relaxed, Ordering::Relaxed);
            }
        }
    }

    pub(crate) fn first(&self) -> Option<Fault> {
        if self.nested_look_ahead.load(Ordering::Relaxed) {
            return Some(Fault::NestedLookAhead);
        }
        let rule = self.outcome_without_seat.load(Ordering::Relaxed).checked_sub(1)?;
        Some(Fault::OutcomeWithoutSeat { rule })
    }
}

impl Engine {
    /// The first rules error met while playing, if any (see [`Fault`]).
    pub fn fault(&self) -> Option<Fault> {
        self.faults.first()
    }
}
