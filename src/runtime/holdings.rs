//! Effects on pieces beyond moving them: a piece's type changed.

use crate::ir::{CellId, TypeId};

use super::Engine;
use super::state::State;

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
}
