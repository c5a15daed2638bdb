//! Effects on pieces beyond moving them: a piece's type changed, a captured piece released back onto
//! the board or given to another prize pile, a seat retiring from the game.

use ludex_ir::{CellId, CellSet, Expr, SeatId, TypeId};

use super::Engine;
use super::eval::Ctx;
use super::state::State;
use super::value::Value;

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
        let empty = |cell: &&CellId| state.piece(**cell).is_none();
        if let Some(&cell) = region.cells.iter().find(empty) {
            return Some(cell);
        }
        let board = &self.game.board;
        let mut seen = vec![false; board.cell_count()];
        let mut ring = region.cells.clone();
        for &cell in &ring {
            seen[cell as usize] = true;
        }
        while !ring.is_empty() {
            let mut next = Vec::new();
            for &cell in &ring {
                for direction in 0..board.directions.len() {
                    let Some(neighbour) = board.neighbour(cell, direction as u8) else { continue };
                    if !std::mem::replace(&mut seen[neighbour as usize], true) {
                        next.push(neighbour);
                    }
                }
            }
            if let Some(&cell) = next.iter().find(empty) {
                return Some(cell);
            }
            ring = next;
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
        let cells: Vec<CellId> = state.cells_of(Some(seat)).collect();
        for cell in cells {
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
