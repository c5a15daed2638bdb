//! The turn machine's questions answered plainly ([`Plain`]): the seat to act has a legal action
//! when the reference lists one, and an end rule holds when its condition, evaluated whole, does.
//! Moves, roll outcomes and the setup are played by the engine's one turn machine with these
//! answers.

use crate::eval::Ctx;
use crate::state::State;
use crate::turns::Answers;
use crate::{Engine, Move, MoveKind};

/// The reference's answers to the turn machine.
#[derive(Debug)]
pub(crate) struct Plain;

impl Answers for Plain {
    fn any_legal_action(&self, engine: &Engine, state: &State) -> bool {
        engine.reference_legal_moves(state).iter().any(|mv| matches!(mv.kind, MoveKind::Action(_)))
    }

    fn first_end_rule(&self, engine: &Engine, state: &State, ctx: &Ctx) -> Option<usize> {
        engine.game.end.iter().position(|rule| engine.holds(state, ctx, &rule.condition))
    }
}

impl Engine {
    /// The state after setup, up to the first decision point (or roll).
    pub(crate) fn reference_initial_state(&self) -> State {
        self.start_game(&Plain)
    }

    /// The state after a move played at a decision point, judged.
    pub(crate) fn reference_apply_move(&self, state: &State, mv: Move) -> State {
        let mut after = state.clone();
        self.play_with(&mut after, mv, &Plain);
        self.judge_with(&mut after, &Plain);
        after
    }

    /// The state after the outcome of the pending roll.
    pub(crate) fn reference_apply_chance(&self, state: &State, outcome: u32) -> State {
        let mut after = state.clone();
        self.resolve_roll_with(&mut after, outcome, &Plain);
        after
    }
}
