//! Move notation: `a2-a3` (move), `a2xa3` (capture), `a3-a4-b4` (a walk that keeps its path, `-off`
//! for a step off the board), `R@c3` (drop), `orient 2` (choose), `surrender` (declare), `end`,
//! `pass`, with `:ACTION` appended when two legal moves would read the same. Reading accepts any
//! case, `a2a3` and either separator (when no move is written exactly so), and the suffix only
//! where it is needed.

use super::state::State;
use super::{Engine, Move, MoveKind};
use crate::ir::{ActionId, ActionKind};

/// How many legal moves an error message lists.
const LISTED_MOVES: usize = 40;

impl Engine {
    pub(crate) fn notation(&self, state: &State, mv: Move) -> String {
        let text = self.plain_notation(state, mv);
        let MoveKind::Action(id) = mv.kind else { return text };
        if !self.may_read_alike(id) {
            return text;
        }
        let mut moves = Vec::new();
        self.legal_moves(state, &mut moves);
        let tied = moves.iter().any(|&other| other != mv && self.plain_notation(state, other) == text);
        match self.game.actions.get(id as usize) {
            Some(action) if tied => format!("{text}:{}", action.name),
            _ => text,
        }
    }

    /// Whether another action's moves may read like this action's: piece moves like piece moves,
    /// drops like drops. (A choice names its action; the moves of one action always read apart.)
    fn may_read_alike(&self, id: ActionId) -> bool {
        let family = |kind: &ActionKind| match kind {
            ActionKind::Choose { .. } => None,
            ActionKind::Drop { .. } => Some(true),
            _ => Some(false),
        };
        let Some(mine) = self.game.actions.get(id as usize).and_then(|a| family(&a.kind)) else {
            return false;
        };
        let others = self.game.actions.iter().enumerate().filter(|&(other, _)| other != id as usize);
        others.into_iter().any(|(_, action)| family(&action.kind) == Some(mine))
    }

    /// The notation without the tie-breaking suffix.
    fn plain_notation(&self, state: &State, mv: Move) -> String {
        let MoveKind::Action(id) = mv.kind else {
            return if mv.kind == MoveKind::Pass { "pass" } else { "end" }.to_string();
        };
        let Some(action) = self.game.actions.get(id as usize) else { return "?".to_string() };
        let cell = |c: Option<u16>| c.map_or("?", |c| self.cell_name(c));
        match &action.kind {
            ActionKind::Drop { .. } => {
                let letter =
                    mv.piece.and_then(|t| self.game.pieces.get(t as usize)).map_or('?', |t| t.letter);
                format!("{}@{}", letter.to_ascii_uppercase(), cell(mv.to))
            }
            ActionKind::Choose { .. } => format!("{} {}", action.name, mv.choice),
            ActionKind::Declare => action.name.clone(),
            ActionKind::Walk { rules, .. } if !mv.path.is_empty() => {
                self.path_notation(state, mv, rules.push.is_some())
            }
            _ => {
                let captures = mv.to.is_some_and(|to| state.piece(to).is_some());
                let separator = if captures { 'x' } else { '-' };
                format!("{}{separator}{}", cell(mv.from), cell(mv.to))
            }
        }
    }

    pub(crate) fn parse_notation(&self, state: &State, text: &str) -> Result<Move, String> {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
        let (body, action) = match text.split_once(':') {
            Some((body, action)) => (body.trim(), Some(action.trim())),
            None => (text.as_str(), None),
        };
        let mut moves = Vec::new();
        self.legal_moves(state, &mut moves);
        let named = |mv: &Move| match (mv.kind, action) {
            (_, None) => true,
            (MoveKind::Action(id), Some(name)) => {
                self.game.actions.get(id as usize).is_some_and(|a| a.name.eq_ignore_ascii_case(name))
            }
            _ => false,
        };
        let written = |mv: &Move| self.plain_notation(state, *mv).eq_ignore_ascii_case(body);
        let mut found: Vec<Move> = moves.iter().copied().filter(|mv| written(mv) && named(mv)).collect();
        if found.is_empty() {
            found = moves.iter().copied().filter(|mv| self.reads_as(state, *mv, body) && named(mv)).collect();
        }
        match found.as_slice() {
            [mv] => Ok(*mv),
            [] => Err(format!("`{text}` is not a legal move; legal: {}", self.list(state, &moves))),
            _ => Err(format!("`{text}` is ambiguous: {}", self.list(state, &found))),
        }
    }

    /// Whether lower-cased text without a suffix names the move.
    fn reads_as(&self, state: &State, mv: Move, body: &str) -> bool {
        let plain = self.plain_notation(state, mv).to_ascii_lowercase();
        if plain == body {
            return true;
        }
        let (Some(from), Some(to), None) = (mv.from, mv.to, mv.piece) else { return false };
        let (from, to) = (self.cell_name(from), self.cell_name(to));
        ["", "-", "x"].iter().any(|separator| body == format!("{from}{separator}{to}"))
    }

    fn list(&self, state: &State, moves: &[Move]) -> String {
        let mut names: Vec<String> =
            moves.iter().take(LISTED_MOVES).map(|&m| self.notation(state, m)).collect();
        if moves.len() > LISTED_MOVES {
            names.push(format!("... ({} in all)", moves.len()));
        }
        names.join(", ")
    }
}
