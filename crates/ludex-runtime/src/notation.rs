//! Move notation: `a2-a3` (move), `a2xa3` (capture), `a7-a8=Q` (promotion), `a3-a4-b4` (a walk
//! that keeps its path, `-off` for a step off the board), `c3xe5xg7` (a chain of hops, each
//! landing; `-` between them for hops that capture nothing), `R@c3` (drop; a placing too, or `c3`
//! when it places one type), `orient 2` (choose),
//! `surrender` (declare), `c1` (a sowing, by the cell sown from), `e1-off(6)` (off the end of a
//! track, by 6), `d1-d7/g7` (a compound move's parts), `end`, `pass`, with `:ACTION` appended when
//! two legal moves would read
//! the same. Reading accepts any case, `a2a3` and either separator (when no move is written exactly
//! so), `a7a8q` for a promotion, and the suffix only where it is needed.

use super::hops::hop_cells;
use super::state::State;
use super::{Engine, Move, MoveKind};
use ludex_ir::cell_names::file_number;
use ludex_ir::{ActionId, ActionKind, BoardKind, TrackSource, quote};

/// What separates the parts of a compound move: `d1-d7/g7`.
const PART_SEPARATOR: char = '/';

/// How many legal moves an error message lists.
const LISTED_MOVES: usize = 40;

/// Moves whose notation has the same form: piece moves (`a2-a3`), drops (`R@c3`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    PieceMoves,
    Drops,
}

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

    /// Whether another action's moves may read like this action's: piece moves like piece moves
    /// of an action for a type this one moves too, drops like drops of a type this one drops too.
    /// (A choice and a declaration name their action; the moves of one action always read apart.)
    fn may_read_alike(&self, id: ActionId) -> bool {
        let family = |kind: &ActionKind| match kind {
            // `xa2` takes the piece off a2, or places on the cell `xa2` of a board 625 files wide.
            ActionKind::Remove { .. } if self.has_files_after_x() => Some(Family::Drops),
            ActionKind::Choose { .. } | ActionKind::Declare | ActionKind::Remove { .. } => None,
            ActionKind::Drop { .. }
            | ActionKind::Place { .. }
            | ActionKind::Along { source: TrackSource::Reserve, .. } => Some(Family::Drops),
            // Written with a cell alone, as a placing of one type is.
            ActionKind::Sow { .. } => Some(Family::Drops),
            ActionKind::Step { .. }
            | ActionKind::Slide { .. }
            | ActionKind::Leap { .. }
            | ActionKind::Walk { .. }
            | ActionKind::Hop { .. }
            | ActionKind::Anywhere { .. }
            | ActionKind::Along { source: TrackSource::Board, .. }
            | ActionKind::SlideExactly { .. } => Some(Family::PieceMoves),
        };
        let overlap = |a: &[ludex_ir::TypeId], b: &[ludex_ir::TypeId]| {
            a.is_empty() || b.is_empty() || a.iter().any(|t| b.contains(t))
        };
        let Some(action) = self.game.actions.get(id as usize) else { return false };
        let Some(mine) = family(&action.kind) else { return false };
        let others = self.game.actions.iter().enumerate().filter(|&(other, _)| other != id as usize);
        others
            .into_iter()
            .any(|(_, other)| family(&other.kind) == Some(mine) && overlap(&action.pieces, &other.pieces))
    }

    /// Whether the board has files of two letters starting with `x` (`xa`, the 625th file, on): a
    /// removal's `x` then reads like the start of a cell's name.
    fn has_files_after_x(&self) -> bool {
        match self.game.board.kind {
            BoardKind::Square { width, .. } | BoardKind::Rhombus { width, .. } => {
                file_number("xa").is_some_and(|xa| width >= xa)
            }
            BoardKind::Hex { .. } => false,
        }
    }

    /// The notation without the tie-breaking suffix: a compound move's parts joined by `/`, the
    /// second written on the position after the first.
    fn plain_notation(&self, state: &State, mv: Move) -> String {
        match (self.after_first_part(state, mv), self.second_part(mv)) {
            (Some(after), Some(second)) => format!(
                "{}{PART_SEPARATOR}{}",
                self.part_notation(state, mv.first_part()),
                self.part_notation(&after, second)
            ),
            _ => self.part_notation(state, mv),
        }
    }

    /// The notation of a move of one part.
    fn part_notation(&self, state: &State, mv: Move) -> String {
        let MoveKind::Action(id) = mv.kind else {
            return if mv.kind == MoveKind::Pass { "pass" } else { "end" }.to_string();
        };
        let Some(action) = self.game.actions.get(id as usize) else { return "?".to_string() };
        let cell = |c: Option<u16>| c.map_or("?", |c| self.cell_name(c));
        match &action.kind {
            // A placing of one type is written with its cell alone: `d3`.
            ActionKind::Place { .. } if action.pieces.len() == 1 => cell(mv.to).to_string(),
            ActionKind::Drop { .. }
            | ActionKind::Place { .. }
            | ActionKind::Along { source: TrackSource::Reserve, .. } => {
                let letter =
                    mv.piece.and_then(|t| self.game.pieces.get(t as usize)).map_or('?', |t| t.letter);
                format!("{}@{}", letter.to_ascii_uppercase(), cell(mv.to))
            }
            ActionKind::Choose { .. } => format!("{} {}", action.name, mv.choice),
            ActionKind::Declare => action.name.clone(),
            ActionKind::Remove { .. } => format!("x{}", cell(mv.to)),
            ActionKind::Sow { .. } => cell(mv.from).to_string(),
            ActionKind::Walk { rules, .. } if !mv.path.is_empty() => self.path_notation(state, mv, rules),
            ActionKind::Hop { over, .. } => {
                let separator = if over.captures() { 'x' } else { '-' };
                let mut text = cell(mv.from).to_string();
                let from = mv.from.unwrap_or(0);
                for (_, landing) in hop_cells(&self.game.board, from, mv.path) {
                    text.push(separator);
                    text.push_str(self.cell_name(landing));
                }
                text + &self.promotion_suffix(mv)
            }
            // Off the end of a track: the amount tells two ways off the same cell apart.
            ActionKind::Along { source: TrackSource::Board, .. } if mv.to.is_none() => {
                format!("{}-off({})", cell(mv.from), mv.choice)
            }
            ActionKind::Step { .. }
            | ActionKind::Slide { .. }
            | ActionKind::Leap { .. }
            | ActionKind::Walk { .. }
            | ActionKind::Anywhere { .. }
            | ActionKind::Along { source: TrackSource::Board, .. }
            | ActionKind::SlideExactly { .. } => {
                let moving = mv.from.and_then(|from| state.piece(from));
                let captures = mv
                    .to
                    .and_then(|to| state.piece(to))
                    .is_some_and(|target| moving.is_none_or(|piece| !self.stacks_onto(piece, &target)));
                let separator = if captures { 'x' } else { '-' };
                format!("{}{separator}{}{}", cell(mv.from), cell(mv.to), self.promotion_suffix(mv))
            }
        }
    }

    /// `=Q` for a move that promotes to the type with letter Q, empty otherwise.
    fn promotion_suffix(&self, mv: Move) -> String {
        let letter = mv.piece.and_then(|t| self.game.pieces.get(t as usize)).map(|t| t.letter);
        letter.map_or(String::new(), |l| format!("={}", l.to_ascii_uppercase()))
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
            [] => Err(format!(
                "`{}` is not a legal move; legal: {}",
                quote(&text, 40),
                self.list(state, &moves)
            )),
            _ => Err(format!("`{}` is ambiguous: {}", quote(&text, 40), self.list(state, &found))),
        }
    }

    /// Whether lower-cased text without a suffix names the move: each part of a compound move
    /// read as a move of its own.
    fn reads_as(&self, state: &State, mv: Move, body: &str) -> bool {
        let (Some(after), Some(second)) = (self.after_first_part(state, mv), self.second_part(mv)) else {
            return self.part_reads_as(state, mv, body);
        };
        body.split_once(PART_SEPARATOR).is_some_and(|(first_body, second_body)| {
            self.part_reads_as(state, mv.first_part(), first_body)
                && self.part_reads_as(&after, second, second_body)
        })
    }

    /// Whether lower-cased text names a move of one part.
    fn part_reads_as(&self, state: &State, mv: Move, body: &str) -> bool {
        let plain = self.part_notation(state, mv).to_ascii_lowercase();
        if plain == body {
            return true;
        }
        let (Some(from), Some(to)) = (mv.from, mv.to) else { return false };
        let (from, to) = (self.cell_name(from), self.cell_name(to));
        let suffix = self.promotion_suffix(mv).to_ascii_lowercase();
        let suffixes = [suffix.clone(), suffix.replace('=', "")];
        ["", "-", "x"]
            .iter()
            .any(|separator| suffixes.iter().any(|suffix| body == format!("{from}{separator}{to}{suffix}")))
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
