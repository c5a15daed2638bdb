//! Plain walks as one generation makes them for every piece of an action: on a board of one word,
//! with a walk table, a length that is a constant or a map's value at the piece's cell, and nothing
//! to test per piece or per move, a piece's moves are the cells its table reaches and-ed with the
//! cells the walk may end on. Everything that does not depend on the piece (the table, where the
//! length is read, the occupied cells, the allowed ends) is found once for the generation, and no
//! context is built and no condition evaluated a piece. Walks that do not fit this shape are made
//! piece by piece as `movegen` makes them.

use ludex_ir::{ActionId, CellId, SeatId};

use super::table::SeatPaths;
use crate::Engine;
use crate::compiled::{CellOf, Int};
use crate::state::State;

/// One generation's plain walks of one action by one seat (see the module doc).
pub(crate) struct PlainWalks<'a> {
    /// The seat's part of the action's table.
    paths: SeatPaths<'a>,
    length: WalkLength<'a>,
    /// The cells holding pieces.
    occupied: u64,
    /// The cells a walk may end on (the destination rule and the cell tests).
    ends: u64,
    /// The board's cells: no walk is longer.
    cells: usize,
}

/// Where a walk's length is read.
enum WalkLength<'a> {
    Fixed(usize),
    /// A map's values, read at the piece's cell.
    AtFrom(&'a [Option<i32>]),
}

impl<'a> PlainWalks<'a> {
    /// The action's plain walks in this generation, when the board is one word, the action has a
    /// walk table and its length is a constant or a map read at `from`; `ends` are the cells its
    /// moves may end on, `occupied` those holding pieces. The caller checks that the walk is plain
    /// and that nothing is left to test a piece or a move (`OneWordWalk`). Inlined into the
    /// generation's walks, its one caller.
    #[inline(always)]
    pub(crate) fn new(
        engine: &'a Engine,
        state: &'a State,
        (action, seat): (ActionId, SeatId),
        (ends, occupied): (u64, u64),
    ) -> Option<PlainWalks<'a>> {
        let speed = &engine.tables.speed;
        let paths = speed.walks.of_one_word(action as usize)?;
        let cells = engine.game.board.cell_count();
        let length = match speed.move_lengths.get(action as usize)?.as_ref()? {
            // As `int` gives it: `none` is no step.
            Int::Const(length) => WalkLength::Fixed(clamped(length.unwrap_or(0), cells)),
            Int::Map(map, CellOf::From) => WalkLength::AtFrom(map.values(state)),
            Int::Map(..)
            | Int::Attribute(..)
            | Int::PieceCount { .. }
            | Int::Expr(_)
            | Int::Arith(..)
            | Int::Distance(..)
            | Int::Variable(_)
            | Int::SeatVariable(_)
            | Int::Context(_)
            | Int::Cells(_) => {
                return None;
            }
        };
        Some(PlainWalks { paths: paths.of_seat(seat), length, occupied, ends, cells })
    }

    /// The cells the walk of the piece on `from` ends on; none when its length passes the table's
    /// (the walk is then made by its search). Inlined into the generation's loop over pieces.
    #[inline(always)]
    pub(crate) fn ends_from(&self, from: CellId) -> Option<u64> {
        let length = match self.length {
            WalkLength::Fixed(length) => length,
            WalkLength::AtFrom(values) => {
                let length = values.get(from as usize).copied().flatten().map_or(0, i64::from);
                clamped(length, self.cells)
            }
        };
        let reached = self.paths.reach(from, length, self.occupied)?;
        Some(reached & self.ends)
    }
}

/// A walk's length as `Generator::count_limit` bounds it: from none to the board's cells.
fn clamped(length: i64, cells: usize) -> usize {
    length.clamp(0, cells as i64) as usize
}
