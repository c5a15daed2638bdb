//! Pieces taken off the board by an effect (`remove REGION where PRED`): nobody captures them.

use crate::ir::{CellSet, Expr};

use super::Engine;
use super::eval::Ctx;
use super::state::State;
use super::value::Value;

impl Engine {
    /// Takes off the board every piece on the cells for which the condition holds (`it` is the
    /// piece).
    pub(crate) fn remove(
        &self,
        state: &mut State,
        ctx: &Ctx,
        cells: Option<&CellSet>,
        condition: Option<&Expr>,
    ) {
        for &cell in cells.map_or(&[][..], |set| set.cells.as_slice()) {
            let Some(piece) = state.piece(cell) else { continue };
            let it = Ctx { it: Value::Piece(piece), ..*ctx };
            if condition.is_none_or(|condition| self.holds(state, &it, condition)) {
                state.set_piece(cell, None);
            }
        }
    }
}
