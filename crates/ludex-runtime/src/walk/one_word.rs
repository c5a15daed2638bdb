//! Plain walks on a board of one word, planned per action when the engine is built: whether an
//! action's walks are plain for a whole generation (no step rules, no promotion, no `when`, no
//! conjunct of its filter and no capture rule left to test a piece or a move, a walk table, and a
//! length that is a constant or a map read at `from`), and which pieces it moves and may end on.
//! A generation then finds in one pass over each owner's word of the board index the occupied
//! cells, the cells its moves may end on and the cells of the pieces that walk, instead of asking
//! those questions again for every generation.

use ludex_ir::{ActionKind, Destination, Game, SeatId, Stacking, TypeId};

use crate::SpeedLayers;
use crate::board_index::BoardIndex;
use crate::compiled::{CellOf, Int};

/// An action whose walks are plain for a whole generation, on a board of one word.
#[derive(Debug)]
pub(crate) struct OneWordWalk {
    /// The types of the pieces that walk; empty when every type of the game does (the owner's
    /// set is read).
    types: Vec<TypeId>,
    /// By seat walking, the seats on whose pieces its walks may end (bit `s` for seat `s`), as
    /// the destination rule, the teams and stacking allow.
    ends_on: Vec<u64>,
    /// Whether a walk may end on an empty cell.
    ends_on_empty: bool,
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
        let ends_on = ends_on(game, action.destination)?;
        plain.then_some(OneWordWalk { types, ends_on, ends_on_empty: action.destination.allows_empty() })
    };
    game.actions.iter().enumerate().map(plan).collect()
}

/// By seat walking, the seats on whose pieces a walk with this destination rule may end (bit `s`
/// for seat `s`): its enemies' when the rule allows enemies, its own and its team mates' when it
/// allows friends and the board stacks. None past 64 seats.
fn ends_on(game: &Game, destination: Destination) -> Option<Vec<u64>> {
    let seats = game.seats.len();
    if seats > 64 {
        return None;
    }
    let friends = destination.allows_friend() && game.stacking == Stacking::Stacks;
    let ends_on = |seat: usize| {
        (0..seats).fold(0, |mask, other| {
            let allowed = if crate::allied(game, seat as SeatId, other as SeatId) {
                friends
            } else {
                destination.allows_enemy()
            };
            mask | u64::from(allowed) << other
        })
    };
    Some((0..seats).map(ends_on).collect())
}

impl OneWordWalk {
    /// The generation's bit sets for the seat's walks, the cell tests' masks of `from` and `to`
    /// applied: one pass over the owners' words (the neutral pieces', then each seat's).
    #[inline]
    pub(crate) fn setup(
        &self,
        index: &BoardIndex,
        seat: SeatId,
        (from_kept, to_kept): (u64, u64),
    ) -> OneWordSetup {
        let word = |owner: Option<SeatId>| index.of_owner(owner).first().copied().unwrap_or(0);
        let ends_on = self.ends_on.get(seat as usize).copied().unwrap_or(0);
        let (mut occupied, mut ends) = (word(None), 0);
        for other in 0..self.ends_on.len() {
            let pieces = word(Some(other as SeatId));
            occupied |= pieces;
            ends |= pieces & 0u64.wrapping_sub(ends_on >> other & 1);
        }
        if self.ends_on_empty {
            ends |= !occupied;
        }
        let pieces = match self.types.as_slice() {
            [] => word(Some(seat)),
            types => types.iter().fold(0, |cells, &kind| {
                cells | index.of_type(Some(seat), kind).first().copied().unwrap_or(0)
            }),
        };
        OneWordSetup { occupied, ends: ends & to_kept, pieces: pieces & from_kept }
    }
}
