//! The positions a game has been in, for `repetitions` and `since_first_seen`: at every decision
//! point the runtime appends a hash of the position to the state's history (only when the rules ask
//! about repeated positions). A position is everything in the state that the game's future depends
//! on except the counters that never repeat: the board, reserves, prize piles, variables (but those
//! declared `untracked`), rotated maps, the phase, the seat to act and its actions and captures
//! this turn, the retired seats; not the plies, the turns, the passes, the last mover or the
//! history itself.

use std::hash::{Hash, Hasher};

use super::hashing::WordHasher;

use ludex_ir::{ContextWord, Expr, Game, Outcome};

use super::Engine;
use super::eval::{Ctx, Judged};
use super::state::{HistoryCopy, State};

/// Whether the rules ask how often a position occurred: in the end rules or a turn's `legal if`.
pub(super) fn reads_repetitions(game: &Game) -> bool {
    let reads = |expr: &Expr| expr.any(&mut |e| is_repetitions(e));
    let keys = |rule: &ludex_ir::EndRule| match &rule.outcome {
        Outcome::Rank(keys) => keys.iter().any(reads),
        Outcome::Win(_) | Outcome::Loss(_) | Outcome::Draw => false,
    };
    game.end.iter().any(|rule| reads(&rule.condition) || keys(rule))
        || game.phases.iter().filter_map(|p| p.turn.legal.as_ref()).any(reads)
}

/// Whether the expression itself asks how often a position (or a board) occurred.
pub(super) fn is_repetitions(expr: &Expr) -> bool {
    matches!(
        expr,
        Expr::Context(ContextWord::Repetitions) | Expr::RecentRepetitions(_) | Expr::BoardRepetitions(_)
    )
}

/// Whether the rules ask how often a board occurred (`repetitions(board)`): the boards are then
/// recorded beside the positions.
pub(super) fn reads_board_repetitions(game: &Game) -> bool {
    let reads = |expr: &Expr| expr.any(&mut |e| matches!(e, Expr::BoardRepetitions(_)));
    let keys = |rule: &ludex_ir::EndRule| match &rule.outcome {
        Outcome::Rank(keys) => keys.iter().any(reads),
        Outcome::Win(_) | Outcome::Loss(_) | Outcome::Draw => false,
    };
    game.end.iter().any(|rule| reads(&rule.condition) || keys(rule))
        || game.phases.iter().filter_map(|p| p.turn.legal.as_ref()).any(reads)
}

/// What a repetition compares: the whole position, or the board alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Repeated {
    /// The position (see the module doc), the seat to act included.
    Position,
    /// The pieces on the board (stacks included), whoever is to act.
    Board,
}

/// Whether the end rules read a context word (`repetitions`, `since_first_seen` and `stuck`, whose
/// costs the runtime pays only for rules that read them).
pub(super) fn end_rules_read(game: &Game, word: ContextWord) -> bool {
    game.end.iter().any(|rule| {
        let keys = match &rule.outcome {
            Outcome::Rank(keys) => keys.as_slice(),
            Outcome::Win(_) | Outcome::Loss(_) | Outcome::Draw => &[],
        };
        mentions(&rule.condition, word) || keys.iter().any(|k| mentions(k, word))
    })
}

/// Whether an expression reads a context word.
pub(super) fn mentions(expr: &Expr, word: ContextWord) -> bool {
    expr.any(&mut |e| *e == Expr::Context(word))
}

thread_local! {
    /// The thread's copy of a trial's state whose turn is ended to find the position a move leads
    /// to (kept between trials, so that a warm search does not allocate).
    static NEXT: std::cell::Cell<Option<State>> = const { std::cell::Cell::new(None) };
}

impl Engine {
    /// The hash of the position (see the module doc).
    pub(crate) fn position_hash(&self, state: &State) -> u64 {
        let mut hasher = WordHasher::seeded(state.index.hash());
        state.below.hash(&mut hasher);
        state.reserve.hash(&mut hasher);
        state.prizes.hash(&mut hasher);
        match &self.tables.layout.tracked_slots {
            None => state.variables.hash(&mut hasher),
            Some(tracked) => {
                let slots = state.variables.iter().zip(tracked).filter(|&(_, &tracked)| tracked);
                slots.for_each(|(value, _)| value.hash(&mut hasher));
            }
        }
        state.maps.hash(&mut hasher);
        (state.phase, state.order_index, state.actions, state.captures, state.retired).hash(&mut hasher);
        hasher.finish()
    }

    /// A key for the position, equal for two states exactly when they are the same position as
    /// `repetitions` compares them (the board with its stacks, reserves, prizes, the variables
    /// but those declared `untracked`, the maps, the phase, the seat to act and the turn's actions
    /// and captures so far) and have the same rolls pending: what an agent compares to see that a
    /// game makes no progress. Different positions share a key seldom (it is a 64-bit hash).
    pub fn position_key(&self, state: &State) -> u64 {
        let mut hasher = WordHasher::seeded(self.position_hash(state));
        (&state.pending, &state.resume).hash(&mut hasher);
        hasher.finish()
    }

    /// The hash of the board alone: its pieces, stacks included.
    pub(crate) fn board_hash(&self, state: &State) -> u64 {
        let mut hasher = WordHasher::seeded(state.index.hash());
        state.below.hash(&mut hasher);
        hasher.finish()
    }

    /// The hash of the position or board at the decision a move's trial leads to: the turn ends
    /// (the checker allows `repetitions` in `legal if` only where turns hold one action).
    fn move_result_hash(&self, trial: &State, repeated: Repeated) -> u64 {
        let mut next = NEXT.take().unwrap_or_else(|| State::trial_copy(trial, HistoryCopy::Empty));
        next.copy_from(trial, HistoryCopy::Empty);
        self.end_turn_after_action(&mut next);
        let hash = self.hash_of(&next, repeated);
        NEXT.set(Some(next));
        hash
    }

    fn hash_of(&self, state: &State, repeated: Repeated) -> u64 {
        match repeated {
            Repeated::Position => self.position_hash(state),
            Repeated::Board => self.board_hash(state),
        }
    }

    /// Appends the position (and the board, when the rules ask about boards) to the history, if
    /// the rules ask about repeated positions and the state records its positions (a leaf of perft
    /// does not: see `State::record_positions`).
    ///
    /// Inlined: in most games and plies it records nothing, which its callers find without a call.
    #[inline]
    pub(crate) fn record_position(&self, state: &mut State) {
        let reads = &self.tables.end_reads;
        if (reads.history || reads.boards) && state.records_positions() {
            self.append_position(state);
        }
    }

    /// Appends the position (and the board) to the histories the rules ask about.
    fn append_position(&self, state: &mut State) {
        let reads = &self.tables.end_reads;
        if reads.history {
            let hash = self.position_hash(state);
            state.history.push(hash);
        }
        if reads.boards {
            let hash = self.board_hash(state);
            state.board_history.push(hash);
        }
    }

    /// How many times the position `ctx` asks about has occurred, this time included; with a
    /// window, among it and the so many positions before it only. At a decision point the current
    /// position is the last of the history; a move's trial holds the history before the move.
    pub(crate) fn repetitions(
        &self,
        state: &State,
        ctx: &Ctx,
        window: Option<i64>,
        repeated: Repeated,
    ) -> i64 {
        let history = match repeated {
            Repeated::Position => &state.history,
            Repeated::Board => &state.board_history,
        };
        let recent = |positions: usize| {
            let kept = window.map_or(history.len(), |w| usize::try_from(w.max(0)).unwrap_or(usize::MAX));
            history.get(history.len().saturating_sub(kept.saturating_add(positions))..).unwrap_or(&[])
        };
        let count = |hash: u64, history: &[u64]| history.iter().filter(|&&h| h == hash).count() as i64;
        match ctx.evaluation.position {
            Judged::MoveResult(_) => 1 + count(self.move_result_hash(state, repeated), recent(0)),
            Judged::Current => count(self.current_hash(state, history, repeated), recent(1)).max(1),
        }
    }

    /// How many moves have been played since the current position first occurred: the decision
    /// points recorded after its first one (0 when it is new).
    pub(crate) fn since_first_seen(&self, state: &State) -> i64 {
        let hash = self.current_hash(state, &state.history, Repeated::Position);
        let first = state.history.iter().position(|&h| h == hash);
        let current = match state.history.last() {
            Some(&last) if last == hash => state.history.len().saturating_sub(1),
            _ => state.history.len(),
        };
        first.map_or(0, |first| current.saturating_sub(first) as i64)
    }

    /// The hash of the current position (or board): at a decision point, the last of its history.
    fn current_hash(&self, state: &State, history: &[u64], repeated: Repeated) -> u64 {
        match history.last() {
            Some(&last) if state.pending.is_empty() => last,
            _ => self.hash_of(state, repeated),
        }
    }
}
