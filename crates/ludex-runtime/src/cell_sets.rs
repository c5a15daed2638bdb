//! Collections of cells (the site algebra): the cells of a [`CellCollection`] visited in the set's
//! own order, computed on the position without allocating (rays are followed on the board's
//! neighbour tables; the effects that go over a set first choose its cells into a bit set on the
//! stack). The reference implementation reads them through the same code: they are plain walks.

use ludex_ir::{CellCollection, CellId, CellTest, DirId, SeatId};

use super::Engine;
use super::eval::Ctx;
use super::state::State;

impl Engine {
    /// Visits the cells of the set, as `ctx` binds the words its origin reads, in the set's order.
    pub(crate) fn for_each_cell(
        &self,
        state: &State,
        ctx: &Ctx,
        set: &CellCollection,
        mut visit: impl FnMut(CellId),
    ) {
        let Some(origin) = self.eval(state, ctx, set.origin()).as_cell() else { return };
        let seat = ctx.mover;
        match set {
            CellCollection::Bracketed { directions, inner, outer, .. } => {
                let directions = directions.get(seat.unwrap_or(0) as usize).map_or(&[][..], Vec::as_slice);
                for &direction in directions {
                    let run = self.bracketed_run(state, seat, origin, direction, (*inner, *outer));
                    let ray = std::iter::successors(self.game.board.neighbour(origin, direction), |&c| {
                        self.game.board.neighbour(c, direction)
                    });
                    ray.take(run).for_each(&mut visit);
                }
            }
        }
    }

    /// How many cells from `origin` (excluded) along the direction pass `inner`, when the cell
    /// right after them passes `outer`; 0 otherwise.
    fn bracketed_run(
        &self,
        state: &State,
        seat: Option<SeatId>,
        origin: CellId,
        direction: DirId,
        (inner, outer): (CellTest, CellTest),
    ) -> usize {
        let board = &self.game.board;
        let mut run = 0;
        let mut cell = board.neighbour(origin, direction);
        while let Some(c) = cell.filter(|&c| self.cell_passes(state, seat, c, inner)) {
            run += 1;
            cell = board.neighbour(c, direction);
        }
        match cell {
            Some(end) if run > 0 && self.cell_passes(state, seat, end, outer) => run,
            _ => 0,
        }
    }

    /// Whether the cell passes the test, seen from the seat (no seat: only `empty` and
    /// `occupied` can pass).
    pub(crate) fn cell_passes(
        &self,
        state: &State,
        seat: Option<SeatId>,
        cell: CellId,
        test: CellTest,
    ) -> bool {
        let piece = state.piece(cell);
        match test {
            CellTest::Empty => piece.is_none(),
            CellTest::Occupied => piece.is_some(),
            CellTest::Friend => {
                piece.and_then(|p| p.owner).zip(seat).is_some_and(|(owner, seat)| self.allied(seat, owner))
            }
            CellTest::Enemy => piece.zip(seat).is_some_and(|(p, seat)| self.is_enemy(seat, &p)),
        }
    }
}
