//! Plain walks on a board of one word, planned per action when the engine is built: whether an
//! action's walks are plain for a whole generation (no step rules, no promotion, no `when`, no
//! conjunct of its filter and no capture rule left to test a piece or a move, a walk table, and a
//! length that is a constant or a map read at `from`), and which pieces it moves and may end on.
//! A generation then finds in one pass over each owner's word of the board index the occupied
//! cells, the cells its moves may end on and the cells of the pieces that walk, instead of asking
//! those questions again for every generation.

use ludex_ir::{ActionKind, Destination, Game, SeatId, Stacking, TypeId};

use crate::board_index::BoardIndex;
use crate::compiled::{CellOf, Int};
use crate::{Engine, SpeedLayers};

/// An action whose walks are plain for a whole generation, on a board of one word.
#[derive(Debug)]
pub(crate) struct OneWordWalk {
    /// The types of the pieces that walk; empty when every type of the game does (the owner's
    /// set is read).
    types: Vec<TypeId>,
    /// The cells a walk may end on, as far as the pieces on them go.
    destination: Destination,
    /// Whether the board stacks a piece that ends on a friend's cell onto it.
    stacking: Stacking,
}

/// What one generation's plain walks of one seat start from: bit sets of the board's one word.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OneWordSetup {
    /// The cells holding pieces.
    pub occupied: u64,
    /// The cells a walk may end on (the destination rule and the cell tests of `to`).
    pub ends: u64,
    /// The cells of the seat's pieces that walk and that the cell tests of `from` keep.
    pub pieces: u64,
}

/// By action, its plan when its walks are plain for a whole generation on a board of one word.
pub(crate) fn one_word_walks(game: &Game, speed: &SpeedLayers) -> Vec<Option<OneWordWalk>> {
    let plan = |(id, action): (usize, &ludex_ir::Action)| {
        let ActionKind::Walk { rules, .. } = &action.kind else { return None };
        let filter = speed.filters.action(id as ludex_ir::ActionId);
        // The lengths `PlainWalks::new` reads once a generation (any other length: no plan).
        let length_read_once =
            matches!(speed.move_lengths.get(id)?.as_ref()?, Int::Const(_) | Int::Map(_, CellOf::From));
        let plain = super::is_plain(rules)
            && action.promotion.is_none()
            && speed.filters.when(id as ludex_ir::ActionId).is_none()
            && filter.early.is_empty()
            && filter.late.is_empty()
            && game.capture.allowed.is_none()
            && speed.walks.of_one_word(id).is_some()
            && length_read_once;
        let every_type = (0..game.pieces.len()).all(|kind| action.pieces.contains(&(kind as TypeId)));
        let types = if every_type { Vec::new() } else { action.pieces.clone() };
        plain.then_some(OneWordWalk { types, destination: action.destination, stacking: game.stacking })
    };
    game.actions.iter().enumerate().map(plan).collect()
}

impl OneWordWalk {
    /// The generation's bit sets for the seat's walks, the cell tests' masks of `from` and `to`
    /// applied: one pass over the owners' words (the neutral pieces', then each seat's).
    pub(crate) fn setup(
        &self,
        engine: &Engine,
        index: &BoardIndex,
        seat: SeatId,
        (from_kept, to_kept): (u64, u64),
    ) -> OneWordSetup {
        let word = |owner: Option<SeatId>| index.of_owner(owner).first().copied().unwrap_or(0);
        let friends = self.destination.allows_friend() && self.stacking == Stacking::Stacks;
        let (mut occupied, mut ends, mut own) = (word(None), 0, 0);
        for other in 0..engine.seat_count() as SeatId {
            let pieces = word(Some(other));
            occupied |= pieces;
            if other == seat {
                own = pieces;
            }
            let ends_there =
                if engine.allied(seat, other) { friends } else { self.destination.allows_enemy() };
            if ends_there {
                ends |= pieces;
            }
        }
        if self.destination.allows_empty() {
            ends |= !occupied;
        }
        let pieces = match self.types.as_slice() {
            [] => own,
            types => types.iter().fold(0, |cells, &kind| {
                cells | index.of_type(Some(seat), kind).first().copied().unwrap_or(0)
            }),
        };
        OneWordSetup { occupied, ends: ends & to_kept, pieces: pieces & from_kept }
    }
}
