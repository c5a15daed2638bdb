//! Effects on pieces beyond moving them: a piece's type changed, a captured piece released back onto
//! the board or given to another prize pile, a seat retiring from the game. None of them allocates
//! once warm: the search for the empty cell nearest to a region keeps its cells in a buffer kept
//! per thread, and a retiring seat's cells are gathered in a set of the board's cells.

use std::cell::Cell;

use ludex_ir::{CellId, CellSet, Expr, SeatId, TypeId};

use super::Engine;
use super::bits::{add_all, cells_in, has_bit, set_bit};
use super::eval::Ctx;
use super::state::State;
use super::value::Value;

thread_local! {
    /// The cells met by the thread's search for the empty cell nearest to a region, ring after
    /// ring (the region's cells first).
    static RINGS: Cell<Vec<CellId>> = const { Cell::new(Vec::new()) };
}

impl Engine {
    /// The piece on `cell` becomes a `kind`: same owner, the attributes both types have kept, the
    /// others fresh.
    pub(crate) fn change_type(&self, state: &mut State, cell: CellId, kind: TypeId) {
        let (Some(piece), Some(new_type)) = (state.piece(cell), self.game.pieces.get(kind as usize)) else {
            return;
        };
        let old_attributes = self.game.pieces.get(piece.kind as usize).map_or(&[][..], |t| &t.attributes);
        let mut changed = self.fresh_piece(kind, piece.owner);
        for &attribute in new_type.attributes.iter().filter(|a| old_attributes.contains(a)) {
            if let Some(slot) = changed.attributes.get_mut(attribute as usize) {
                *slot = piece.attribute(attribute);
            }
        }
        state.set_piece(cell, Some(changed));
    }

    /// The piece type and owner of `TYPE of SEAT`, when both are values.
    pub(crate) fn captured(
        &self,
        state: &State,
        ctx: &Ctx,
        piece_type: &Expr,
        owner: &Expr,
    ) -> Option<(TypeId, SeatId)> {
        let Value::PieceType(kind) = self.eval(state, ctx, piece_type) else { return None };
        Some((kind, self.eval(state, ctx, owner).as_seat()?))
    }

    /// Puts the first captured `kind` of `owner` back on the board: on the first empty cell of the
    /// region, else on the empty cell nearest to it. Nothing happens when none is captured, the
    /// region is empty or the board is full.
    pub(crate) fn release(&self, state: &mut State, kind: TypeId, owner: SeatId, region: Option<&CellSet>) {
        let Some(index) = held_prize(state, kind, owner) else { return };
        let Some(cell) = region.and_then(|region| self.landing_cell(state, region)) else { return };
        let prize = state.prizes.remove(index);
        state.set_piece(cell, Some(prize.piece));
    }

    /// The first empty cell of the region, or else the nearest empty cell: the fewest steps from
    /// the region in any of the board's directions; among equals the first found, going through
    /// the region's cells in order and each cell's neighbours in the board's direction order.
    fn landing_cell(&self, state: &State, region: &CellSet) -> Option<CellId> {
        if let Some(&cell) = region.cells.iter().find(|&&cell| state.piece(cell).is_none()) {
            return Some(cell);
        }
        let mut rings = RINGS.take();
        rings.clear();
        rings.extend_from_slice(&region.cells);
        let found = self.nearest_empty(state, &mut rings);
        RINGS.set(rings);
        found
    }

    /// The first empty cell of the ring after ring of neighbours around `rings`' cells (the first
    /// ring, none of them empty), each ring's cells appended to `rings` as they are found.
    fn nearest_empty(&self, state: &State, rings: &mut Vec<CellId>) -> Option<CellId> {
        let board = &self.game.board;
        let mut seen = self.no_cells();
        rings.iter().for_each(|&cell| set_bit(&mut seen, cell));
        let mut ring = 0..rings.len();
        while !ring.is_empty() {
            let next = rings.len();
            for index in ring {
                let Some(&cell) = rings.get(index) else { break };
                for direction in 0..board.directions.len() {
                    let Some(neighbour) = board.neighbour(cell, direction as u8) else { continue };
                    if !has_bit(&seen, neighbour) {
                        set_bit(&mut seen, neighbour);
                        rings.push(neighbour);
                    }
                }
            }
            if let Some(&cell) =
                rings.get(next..).and_then(|ring| ring.iter().find(|&&c| state.piece(c).is_none()))
            {
                return Some(cell);
            }
            ring = next..rings.len();
        }
        None
    }

    /// Moves the first captured `kind` of `owner` to `holder`'s prize pile, value and cell kept.
    pub(crate) fn give(&self, state: &mut State, kind: TypeId, owner: SeatId, holder: SeatId) {
        if (holder as usize) >= self.seat_count() {
            return;
        }
        if let Some(index) = held_prize(state, kind, owner) {
            let prize = state.prizes.remove(index);
            state.add_prize(super::Prize { holder, ..prize });
        }
    }

    /// The seat leaves the game: it takes no more turns, and its pieces leave the board unless it
    /// leaves them there (frozen: a retired seat's pieces never move or attack).
    pub(crate) fn retire(&self, state: &mut State, seat: SeatId, pieces: RetiredPieces) {
        if (seat as usize) >= self.seat_count() {
            return;
        }
        state.retired |= 1 << seat;
        if pieces == RetiredPieces::Frozen {
            return;
        }
        let mut cells = self.no_cells();
        add_all(&mut cells, state.index.of_owner(Some(seat)));
        for cell in cells_in(&cells) {
            state.set_piece(cell, None);
        }
    }
}

/// What becomes of a retiring seat's pieces on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RetiredPieces {
    /// They leave the board (they are not captured).
    Removed,
    /// They stay, frozen (`leaving pieces`).
    Frozen,
}

/// Where the first captured `kind` of `owner` is in the prize piles.
fn held_prize(state: &State, kind: TypeId, owner: SeatId) -> Option<usize> {
    state.prizes.iter().position(|p| p.piece.kind == kind && p.piece.owner == Some(owner))
}
