//! Plain walks, whose steps have no rules (no guard, cost, push or exit): what matters is only
//! which cells they reach, as a bit set. From the walk's table when there is one (`table`), by the
//! walk's search otherwise.

use ludex_ir::{ActionId, CellId, SeatId};

use super::{Entry, NoUndo, Steps, WalkShape, search};
use crate::Engine;
use crate::bits::{MAX_TABLED_WORDS, set_bit};
use crate::cell_bits::CellBits;
use crate::state::{Piece, State};

/// The steps of a plain walk on a position: a path passes through empty cells and ends on any
/// cell; the cells reached are kept.
pub(crate) struct PlainSteps<'a> {
    state: &'a State,
    /// The cells reached.
    pub(crate) reached: CellBits,
}

impl<'a> PlainSteps<'a> {
    pub(crate) fn new(state: &'a State, cells: usize) -> PlainSteps<'a> {
        PlainSteps { state, reached: CellBits::empty(cells) }
    }
}

impl Steps for PlainSteps<'_> {
    type Carry = ();
    type Undo = NoUndo;

    fn extend(&mut self, (): (), _: ludex_ir::DirId) -> Option<()> {
        Some(())
    }

    fn leave(&mut self, _: CellId, _: ludex_ir::DirId, (): ()) -> Option<()> {
        None
    }

    fn enter(&mut self, _: CellId, _: ludex_ir::DirId, next: CellId, (): ()) -> Entry<(), NoUndo> {
        match self.state.piece(next) {
            Some(occupant) => Entry::Occupied((), occupant),
            None => Entry::Clear((), None),
        }
    }

    fn undo(&mut self, undo: NoUndo) {
        match undo {}
    }

    fn end(&mut self, to: Option<CellId>, (): (), _: Option<Piece>) {
        if let Some(to) = to {
            set_bit(&mut self.reached, to);
        }
    }
}

impl Engine {
    /// Calls `with` on the cells reached by the seat's plain walk by the action, of the given
    /// shape, from `from`, as a bit set of the board's words: from the walk table when there is
    /// one, by the search otherwise.
    pub(crate) fn with_plain_walk<R>(
        &self,
        state: &State,
        (action, seat): (ActionId, SeatId),
        (shape, from): (WalkShape, CellId),
        with: impl FnOnce(&mut [u64]) -> R,
    ) -> R {
        let words = self.game.board.cell_count().div_ceil(64);
        let mut tabled = [0u64; MAX_TABLED_WORDS];
        if let Some(reached) = tabled.get_mut(..words)
            && self.tables.speed.walks.reach(state, action.into(), seat, (from, shape.length), reached)
        {
            return with(reached);
        }
        let mut steps = PlainSteps::new(state, self.game.board.cell_count());
        search(&self.game.board, shape, from, (), &mut steps);
        with(&mut steps.reached)
    }
}
