//! Stacks (`board ... stacks`): the pieces beneath each cell's top piece, kept in a side list of
//! the state that is empty in every game without stacks, so that those keep the board's plain
//! top-piece array and lose no speed. A piece put on an occupied cell goes on top; lifting the top
//! uncovers the piece beneath.

use std::ops::ControlFlow;

use ludex_ir::{CellId, SeatId, Stacking, TypeId};

use super::Engine;
use super::state::{Piece, State};

impl Engine {
    /// Puts a piece on the cell: on a board with stacks on top of the piece there, on any other
    /// board in its place (the side list is never touched there, so moves cost what they cost
    /// before stacks existed).
    pub(crate) fn put(&self, state: &mut State, cell: CellId, piece: Piece) {
        match self.game.stacking {
            Stacking::Single => state.set_piece(cell, Some(piece)),
            Stacking::Stacks => state.put(cell, piece),
        }
    }

    /// Takes the top piece off the cell, uncovering the one beneath on a board with stacks.
    pub(crate) fn lift(&self, state: &mut State, cell: CellId) -> Option<Piece> {
        match self.game.stacking {
            Stacking::Single => {
                let piece = state.piece(cell)?;
                state.set_piece(cell, None);
                Some(piece)
            }
            Stacking::Stacks => state.lift(cell),
        }
    }
}

impl State {
    /// Puts a piece on top of the cell; the piece there (if any) goes beneath it.
    pub(crate) fn put(&mut self, cell: CellId, piece: Piece) {
        if let Some(covered) = self.piece(cell) {
            let at = self.below.partition_point(|&(c, _)| c <= cell);
            self.below.insert(at, (cell, covered));
        }
        self.set_piece(cell, Some(piece));
    }

    /// Takes the top piece off the cell, uncovering the one beneath (if any).
    pub(crate) fn lift(&mut self, cell: CellId) -> Option<Piece> {
        let top = self.piece(cell)?;
        let uncovered = self.take_beneath(cell);
        self.set_piece(cell, uncovered);
        Some(top)
    }

    /// The highest piece beneath the top of the cell, taken out of the side list.
    fn take_beneath(&mut self, cell: CellId) -> Option<Piece> {
        if self.below.is_empty() {
            return None;
        }
        let end = self.below.partition_point(|&(c, _)| c <= cell);
        let last = end.checked_sub(1)?;
        if self.below.get(last)?.0 != cell {
            return None;
        }
        Some(self.below.remove(last).1)
    }

    /// The pieces beneath the cell's top piece, bottom first.
    pub(crate) fn beneath(&self, cell: CellId) -> impl Iterator<Item = Piece> + '_ {
        let start = self.below.partition_point(|&(c, _)| c < cell);
        let end = self.below.partition_point(|&(c, _)| c <= cell);
        self.below.get(start..end).unwrap_or(&[]).iter().map(|&(_, piece)| piece)
    }

    /// The pieces on the cell, bottom to top.
    pub(crate) fn stack(&self, cell: CellId) -> impl Iterator<Item = Piece> + '_ {
        self.beneath(cell).chain(self.piece(cell))
    }

    /// How many pieces stand on the cell.
    pub(crate) fn height(&self, cell: CellId) -> usize {
        match self.piece(cell) {
            Some(_) => 1 + self.beneath(cell).count(),
            None => 0,
        }
    }

    /// Visits the owner's pieces of the types (any type when there are none) on the board, those
    /// beneath the tops included: cell by cell, each stack bottom to top, until `visit` breaks.
    #[inline]
    pub(crate) fn try_for_each_stacked_piece(
        &self,
        owner: Option<SeatId>,
        types: &[TypeId],
        mut visit: impl FnMut(CellId, Piece) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.below.is_empty() {
            return self.try_for_each_piece(owner, types, visit);
        }
        let wanted = |p: &Piece| p.owner == owner && (types.is_empty() || types.contains(&p.kind));
        for cell in 0..self.board.len() as CellId {
            for piece in self.stack(cell).filter(wanted) {
                visit(cell, piece)?;
            }
        }
        ControlFlow::Continue(())
    }
}
