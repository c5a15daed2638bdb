//! Collections of cells (the site algebra): the cells of a [`CellCollection`] visited in the set's
//! own order, computed on the position without allocating (rays are followed on the board's
//! neighbour tables; the effects that go over a set first choose its cells into a bit set on the
//! stack). The reference implementation reads them through the same code: they are plain walks.

use ludex_ir::{CellCollection, CellId, CellTest, DirId, SeatId, ZoneId};

use super::Engine;
use super::bits::{CELL_WORDS, cells_in, clear_bit, has_bit, set_bit};
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
                    self.ray(origin, direction).take(run).for_each(&mut visit);
                }
            }
            CellCollection::Ray { directions, .. } => {
                let directions = directions.get(seat.unwrap_or(0) as usize).map_or(&[][..], Vec::as_slice);
                for &direction in directions {
                    self.ray(origin, direction).for_each(&mut visit);
                }
            }
            CellCollection::Between { other, .. } => {
                if let Some(other) = self.eval(state, ctx, other).as_cell() {
                    self.between(origin, other, visit);
                }
            }
            CellCollection::Lines(line) => self.cells_in_a_row(state, ctx, line, visit),
        }
    }

    /// Whether the seat's pieces join the two zones (the seat's versions): a flood from the
    /// seat's pieces in the first zone through neighbours holding its pieces, on bit sets on the
    /// stack.
    pub(crate) fn connected(
        &self,
        state: &State,
        seat: SeatId,
        [from, to]: [ZoneId; 2],
        directions: &[DirId],
    ) -> bool {
        let zone = |zone: ZoneId| self.game.zones.get(zone as usize).and_then(|z| z.cells.get(seat as usize));
        let (Some(from), Some(to)) = (zone(from), zone(to)) else { return false };
        let owned = |cell: CellId| state.piece(cell).is_some_and(|p| p.owner == Some(seat));
        let (mut reached, mut frontier) = ([0u64; CELL_WORDS], [0u64; CELL_WORDS]);
        for &cell in from.cells.iter().filter(|&&c| owned(c)) {
            set_bit(&mut reached, cell);
            set_bit(&mut frontier, cell);
        }
        loop {
            let Some(cell) = cells_in(&frontier).next() else { return false };
            if to.contains(cell) {
                return true;
            }
            clear_bit(&mut frontier, cell);
            for next in directions.iter().filter_map(|&d| self.game.board.neighbour(cell, d)) {
                if !has_bit(&reached, next) && owned(next) {
                    set_bit(&mut reached, next);
                    set_bit(&mut frontier, next);
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
