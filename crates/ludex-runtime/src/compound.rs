//! Compound moves (`then ACTION [if EXPR]`): a move of two parts played as one (one ply, one
//! legal move, one notation). Its second part is a [`Part`] inside the [`Move`], whose `from` is
//! the cell the first part landed on. The second parts of a first part are found on a copy of the
//! position with the first part played (its capture and its `then` effects; the turn's `after`
//! runs once, after both parts), as one more generation of the continued action from that cell. The
//! reference implementation finds them the same way, with its own generation
//! (`reference::moves`).

use std::cell::Cell;
use std::ops::ControlFlow;

use ludex_ir::{ActionId, CellId, Continuation, SeatId, TypeId};

use super::filters::NO_FILTER;
use super::movegen::{Played, Sink};
use super::state::State;
use super::{Engine, Move, MoveKind, Path};

/// The second part of a compound move: a move of the continued action from where the first part
/// landed, kept by what tells its moves apart (a walk that keeps its path or a hop is never a
/// second part).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Part {
    /// The action continued by.
    pub action: ActionId,
    /// The cell the part ends on or acts on (`None` when it has none).
    pub to: Option<CellId>,
    /// The type dropped or placed, or promoted to.
    pub piece: Option<TypeId>,
    /// The value of a `choose`, or the amount of a move along a track.
    pub choice: i32,
}

impl Move {
    /// The move's first part: the whole of a move of one part.
    pub fn first_part(self) -> Move {
        Move { tail: None, ..self }
    }

    /// A compound move's second part as a move of its own, from where the first part landed.
    pub fn second_part(self) -> Option<Move> {
        let part = self.tail?;
        Some(Move {
            kind: MoveKind::Action(part.action),
            from: self.to,
            to: part.to,
            piece: part.piece,
            choice: part.choice,
            path: Path::NONE,
            tail: None,
        })
    }

    /// This move (a first part) followed by `second`, a move of the action continued by.
    pub(crate) fn followed_by(self, second: Move) -> Move {
        let MoveKind::Action(action) = second.kind else { return self };
        let tail = Part { action, to: second.to, piece: second.piece, choice: second.choice };
        Move { tail: Some(tail), ..self }
    }
}

thread_local! {
    /// The thread's copy of the position after a first part, kept between generations so that a
    /// warm generation does not allocate (a generation inside one, such as a look-ahead's, takes a
    /// new one).
    static AFTER_FIRST: Cell<Option<State>> = const { Cell::new(None) };
}

impl Engine {
    /// The moves a first part begins: it alone where the continuation's condition fails after it,
    /// otherwise it followed by each move of the continued action from where it landed (none when
    /// that action has no move there: the first part is then no move).
    pub(super) fn continue_move(
        &self,
        state: &State,
        seat: SeatId,
        first: Move,
        continuation: &Continuation,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let mut after = match AFTER_FIRST.take() {
            Some(mut scratch) => {
                scratch.clone_from(state);
                scratch
            }
            None => state.clone(),
        };
        let flow = self.continue_from(&mut after, seat, first, continuation, sink);
        AFTER_FIRST.set(Some(after));
        flow
    }

    /// [`Engine::continue_move`] on `after`, a copy of the position before `first`.
    fn continue_from(
        &self,
        after: &mut State,
        seat: SeatId,
        first: Move,
        continuation: &Continuation,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let goes_on = self.play_part(after, seat, first).is_some_and(|ctx| {
            continuation.condition.as_ref().is_none_or(|condition| self.holds(after, &ctx, condition))
        });
        if !goes_on {
            return sink(first);
        }
        let Some(action) = self.game.actions.get(continuation.action as usize) else {
            return ControlFlow::Continue(());
        };
        let second =
            Played { id: continuation.action, action, seat, choice_filter: &NO_FILTER, origin: first.to };
        self.action_moves(after, second, &mut |part| sink(first.followed_by(part)))
    }

    /// The state after a compound move's first part alone (its capture and its `then`), as its
    /// second part is found and written from: `None` for a move of one part.
    pub(crate) fn after_first_part(&self, state: &State, mv: Move) -> Option<State> {
        mv.tail?;
        let mut after = state.clone();
        self.play_part(&mut after, self.current_seat(state), mv.first_part())?;
        Some(after)
    }
}
