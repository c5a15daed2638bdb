//! `prefer most actions then most EXPR` (maximal dice use): of the legal moves at a decision, only
//! those that begin a completion of the turn with the most actions, and among those the highest
//! sum of `EXPR` over the turn's actions from this one on, stay legal. Each move is played on a
//! copy and the rest of the turn searched depth first; positions reached twice (the same dice
//! played in another order) are searched once. The search ends where the turn ends: when its
//! action count is reached, no action is legal, the game ends or a roll is made. One decision
//! searches at most [`MAX_PREFER_POSITIONS`] positions; past them, a move counts as ending the turn
//! (docs/language.md, "Limits"). The positions searched and the positions reached are kept per
//! thread from one decision to the next and refilled in place, so that a warm search does not
//! allocate.

use std::cell::Cell;
use std::collections::HashMap;
use std::hash::BuildHasher;

use ludex_ir::{Expr, Preference};

use super::eval::{Ctx, PieceSlot};
use super::state::State;
use super::{Engine, Move, MoveKind};

/// How good a completion of the turn is: its actions, then the sum of the preference's term.
type Worth = (u32, i64);

/// The most positions one decision's search plays moves into.
pub(crate) const MAX_PREFER_POSITIONS: usize = 1 << 16;

thread_local! {
    /// The thread's search buffers, kept from one decision to the next so that a warm search does
    /// not allocate (a search inside a search, which the turn machine never makes, takes new ones).
    static SEARCH: Cell<Option<Search>> = const { Cell::new(None) };
}

/// The buffers of one decision's search.
#[derive(Default)]
struct Search {
    seen: Seen,
    /// The worth of each legal move of the decision.
    worths: Vec<Worth>,
    /// The positions and moves of the levels of the search in progress, for reuse.
    spare: Vec<Level>,
}

/// One level of the search: the position a move leads to and its legal moves.
struct Level {
    state: State,
    moves: Vec<Move>,
}

/// The worth of the best completion from each position reached after an action, and how many
/// more positions the search may play into. The positions are kept in `entries` (the first
/// `used` of them, the others kept for their buffers), chained by hash from `heads`.
#[derive(Default)]
struct Seen {
    heads: HashMap<u64, usize>,
    entries: Vec<SeenEntry>,
    used: usize,
    budget: usize,
}

struct SeenEntry {
    state: State,
    worth: Worth,
    /// The entry before it with the same hash.
    next: Option<usize>,
}

impl Seen {
    /// Forgets every position, keeping the buffers.
    fn clear(&mut self) {
        self.heads.clear();
        self.used = 0;
        self.budget = MAX_PREFER_POSITIONS;
    }

    fn worth(&self, state: &State) -> Option<Worth> {
        let mut at = self.heads.get(&self.heads.hasher().hash_one(state)).copied();
        while let Some(entry) = at.and_then(|index| self.entries.get(index)) {
            if entry.state == *state {
                return Some(entry.worth);
            }
            at = entry.next;
        }
        None
    }

    fn insert(&mut self, state: &State, worth: Worth) {
        let hash = self.heads.hasher().hash_one(state);
        let next = self.heads.get(&hash).copied();
        match self.entries.get_mut(self.used) {
            Some(entry) => {
                entry.state.clone_from(state);
                entry.worth = worth;
                entry.next = next;
            }
            None => self.entries.push(SeenEntry { state: state.clone(), worth, next }),
        }
        self.heads.insert(hash, self.used);
        self.used += 1;
    }
}

impl Engine {
    /// Keeps, of the legal moves `moves` of the seat to act, those the turn's preference allows.
    pub(crate) fn keep_preferred(&self, state: &State, preference: &Preference, moves: &mut Vec<Move>) {
        if moves.len() < 2 {
            return;
        }
        let mut search = SEARCH.take().unwrap_or_default();
        search.seen.clear();
        search.worths.clear();
        for &mv in moves.iter() {
            let worth = self.completion(state, mv, preference, &mut search);
            search.worths.push(worth);
        }
        if let Some(&best) = search.worths.iter().max() {
            let mut worth = search.worths.iter();
            moves.retain(|_| worth.next() == Some(&best));
        }
        SEARCH.set(Some(search));
    }

    /// The worth of the best completion of the turn that begins with `mv`.
    fn completion(&self, state: &State, mv: Move, preference: &Preference, search: &mut Search) -> Worth {
        if !matches!(mv.kind, MoveKind::Action(_)) {
            return (0, 0);
        }
        let term = preference.then_most.as_ref().map_or(0, |term| self.term_of(state, mv, term));
        if search.seen.budget == 0 {
            return (1, term);
        }
        search.seen.budget -= 1;
        let mut level = match search.spare.pop() {
            Some(mut level) => {
                level.state.clone_from(state);
                level
            }
            None => Level { state: state.clone(), moves: Vec::new() },
        };
        let rest = self.rest_of_turn(state, mv, preference, (&mut level, search));
        search.spare.push(level);
        match rest {
            Some(rest) => (rest.0.saturating_add(1), rest.1.saturating_add(term)),
            None => (1, term),
        }
    }

    /// The worth of the best completion of the turn after `mv`, played from `state` on the
    /// level's position; `None` when the move ends the turn.
    fn rest_of_turn(
        &self,
        state: &State,
        mv: Move,
        preference: &Preference,
        (level, search): (&mut Level, &mut Search),
    ) -> Option<Worth> {
        let next = &mut level.state;
        // Played unjudged: whether the game ends is all the search asks.
        self.play(next, mv);
        let goes_on = !self.is_over_unjudged(next)
            && next.pending.is_empty()
            && next.phase == state.phase
            && next.turns == state.turns;
        if !goes_on {
            return None;
        }
        if let Some(worth) = search.seen.worth(next) {
            return Some(worth);
        }
        level.moves.clear();
        self.unpreferred_legal_moves(next, &mut level.moves);
        let mut best = None;
        for &m in &level.moves {
            best = best.max(Some(self.completion(next, m, preference, search)));
        }
        let worth = best.unwrap_or((0, 0));
        search.seen.insert(next, worth);
        Some(worth)
    }

    /// The preference's term for a move, read on the move as an action's `where` reads it.
    fn term_of(&self, state: &State, mv: Move, term: &Expr) -> i64 {
        self.eval(state, &self.move_context(state, mv), term).as_int().unwrap_or(0)
    }

    /// The context of a move about to be played, as its action's `where` reads it: the mover, the
    /// piece (on its cell, or a new one for a drop), `from`, `to`, `target` and the choice.
    pub(crate) fn move_context(&self, state: &State, mv: Move) -> Ctx<'static> {
        let seat = self.current_seat(state);
        let piece = match (mv.from, mv.piece) {
            (Some(from), _) => PieceSlot::At(from),
            (None, Some(kind)) => PieceSlot::Held(self.fresh_piece(kind, Some(seat))),
            (None, None) => PieceSlot::None,
        };
        Ctx {
            piece,
            from: mv.from,
            to: mv.to,
            target: mv.to.and_then(|to| state.piece(to)),
            choice: Some(mv.choice.into()),
            ..Ctx::new(Some(seat), Some(self.seat_after(state)))
        }
    }
}
