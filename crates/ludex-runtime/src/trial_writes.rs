//! What trying a move can write, decided once from the IR: a phase whose moves, with every effect
//! a trial plays, write nothing but the board's cells (and the count of the turn's captures) has
//! its scratch copy put back by rewriting only those cells, with no copy of the rest of the state
//! (variables, maps, reserves, prize piles, pending rolls, stacks).

use ludex_ir::{ActionId, ActionKind, CaptureDestination, Effect, Expr, Game, Phase, Stacking};

use super::attacks::captures;
use super::effects::TurnAfter;

/// What a trial of a phase's moves may write on its scratch copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TrialWrites {
    /// The board's cells and the count of the turn's captures, nothing else.
    Board,
    /// Anything: the whole state is put back after each trial.
    Anything,
}

impl TrialWrites {
    /// What the trials of the phase's moves write, `after` its turn's `after` effects played or not.
    pub(crate) fn of(game: &Game, phase: &Phase, after: TurnAfter) -> TrialWrites {
        let actions = phase.turn.choices.iter().flat_map(|choice| &choice.actions);
        let continued = actions.clone().filter_map(|&id| {
            game.actions.get(id as usize)?.continuation.as_ref().map(|continuation| continuation.action)
        });
        let after_effects = match after {
            TurnAfter::Played => &phase.turn.after[..],
            TurnAfter::LeftOut => &[],
        };
        let writes = BoardWrites { game };
        let board_only = game.stacking == Stacking::Single
            && actions.copied().chain(continued).all(|id| writes.action(id))
            && writes.effects(&game.capture.then)
            && writes.effects(after_effects);
        if board_only { TrialWrites::Board } else { TrialWrites::Anything }
    }
}

/// The question "does this write only board cells?" asked of a game's actions and effects.
struct BoardWrites<'a> {
    game: &'a Game,
}

impl BoardWrites<'_> {
    /// Whether playing the action (its piece's move, a capture, its `then`) writes only cells.
    fn action(&self, id: ActionId) -> bool {
        let Some(action) = self.game.actions.get(id as usize) else { return false };
        let moves_on_board = match &action.kind {
            ActionKind::Step { .. }
            | ActionKind::Slide { .. }
            | ActionKind::SlideExactly { .. }
            | ActionKind::Leap { .. }
            | ActionKind::Anywhere { .. }
            | ActionKind::Hop { .. }
            | ActionKind::Remove { .. }
            | ActionKind::Choose { .. }
            | ActionKind::Declare => true,
            // A walk may push or pay its cost, a drop takes from the reserve, a placing's
            // attributes may roll, a move along a track may enter or leave the board, a sowing
            // lifts stacks.
            ActionKind::Walk { .. }
            | ActionKind::Drop { .. }
            | ActionKind::Place { .. }
            | ActionKind::Along { .. }
            | ActionKind::Sow { .. } => false,
        };
        let captured_leave = !captures(action) || leaves_the_state(self.game.capture.destination);
        moves_on_board && captured_leave && self.effects(&action.then)
    }

    fn effects(&self, effects: &[Effect]) -> bool {
        effects.iter().all(|effect| self.effect(effect))
    }

    fn effect(&self, effect: &Effect) -> bool {
        match effect {
            Effect::SetAttribute { value, .. } => !matches!(value, Expr::Roll(_)),
            Effect::SetType { .. } | Effect::Move { .. } | Effect::SetOwner { .. } => true,
            Effect::Capture { .. } => leaves_the_state(self.game.capture.destination),
            Effect::Send { destination, .. } => leaves_the_state(*destination),
            Effect::If { then, otherwise, .. } => self.effects(then) && self.effects(otherwise),
            Effect::ForEach { body, .. } => self.effects(body),
            Effect::SetVariable { .. }
            | Effect::RotateMap { .. }
            | Effect::Release { .. }
            | Effect::Give { .. }
            | Effect::Retire { .. }
            | Effect::MoveStack { .. }
            | Effect::CaptureStack { .. } => false,
        }
    }
}

/// Whether a piece sent there leaves the state (it goes to no reserve or prize pile).
fn leaves_the_state(destination: CaptureDestination) -> bool {
    match destination {
        CaptureDestination::Nowhere => true,
        CaptureDestination::Prizes | CaptureDestination::Reserve | CaptureDestination::Hand => false,
    }
}

#[cfg(test)]
mod tests {
    use ludex_check::OptionValues;

    use super::super::effects::TurnAfter;
    use super::TrialWrites;

    /// What the trials of the first phase write, in a game whose capture rule, step action's
    /// `then` and turn's `after` are as given, `after` played or not.
    fn writes(capture: &str, then: &str, after: &str, played: TurnAfter) -> TrialWrites {
        let text = format!(
            "game \"writes\"\nseat white\nseat black turned 180\nboard square 3 by 3\n{capture}\n\
             piece man {{\n  letter M\n  attribute power from 0 to 6\n}}\nvariable flag = 0\n\
             setup {{\n  place man for each seat on cells a1\n}}\n\
             action step for man {{\n  step all\n  then {{\n    {then}\n  }}\n}}\n\
             phase play {{\n  turn {{\n    play step\n    after {{\n      {after}\n    }}\n  }}\n}}\n"
        );
        let compiled = ludex_check::compile(&text, &OptionValues::default());
        let game = compiled.game.unwrap_or_else(|| panic!("{text}\n{:?}", compiled.diagnostics));
        TrialWrites::of(&game, &game.phases[0], played)
    }

    #[test]
    fn moves_whose_effects_write_cells_write_only_the_board() {
        let board = TrialWrites::Board;
        assert_eq!(writes("", "set piece.power = 1", "set flag = 1", TurnAfter::LeftOut), board);
        let cells = "if piece.power == 0 {\n set piece.power = 2\n }\n capture shift(to, n)";
        assert_eq!(writes("", cells, "", TurnAfter::Played), board);
    }

    #[test]
    fn variables_rolls_and_kept_captures_write_more() {
        let anything = TrialWrites::Anything;
        // The turn's `after` sets a variable: only when it is played is that written.
        assert_eq!(writes("", "set piece.power = 1", "set flag = 1", TurnAfter::Played), anything);
        assert_eq!(writes("", "set flag = 1", "", TurnAfter::LeftOut), anything);
        assert_eq!(writes("", "set piece.power = roll d6", "", TurnAfter::LeftOut), anything);
        // Captured pieces kept in a prize pile or a reserve are written there.
        assert_eq!(writes("capture {\n  to prizes\n}", "", "", TurnAfter::LeftOut), anything);
        assert_eq!(writes("capture {\n  to reserve\n}", "", "", TurnAfter::LeftOut), anything);
    }
}
