//! The turn machine's steps after an action, decided per phase when the engine is built. In a
//! phase whose turn takes one action (a constant count of at most 1), with no `start` effects and
//! no `until` asked after a turn (none, or no phase after it), every action ends the turn and the
//! next seat of the order begins its own: when no seat has retired and no roll is pending, the
//! turn machine's questions all have a known answer, and the ply runs them as one fixed sequence
//! ([`Engine::pass_to_next_seat`]).

use ludex_ir::{ActionCount, Const, Expr, Game, Phase};

use super::Engine;
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
