//! Collections of cells (the site algebra): the cells of a [`CellCollection`] visited in the set's
//! own order, computed on the position without allocating: rays are followed on the board's
//! neighbour tables, and the other sets (regions, neighbours, groups, what surrounds a set,
//! territories) are built as bit sets of the board's words (`cell_bits`), groups and territories by
//! floods over them.
//! The effects that go over a set first choose its cells into a bit set too. The reference
//! implementation computes the same sets plainly (`reference::cell_sets`).

use ludex_ir::{CellCollection, CellId, CellSet, CellTest, DirId, Member, SeatId, ZoneId};

use super::Engine;
use super::bits::{add_all, cells_in, clear_bit, has_bit, set_bit};
use super::cell_bits::CellBits;
use super::eval::{Ctx, Local};
use super::state::State;
use super::value::Value;

impl Engine {
    /// Visits the cells of the set, as `ctx` binds the words it reads, in the set's order: a
    /// bracketed set ray by ray, nearest first; any other in cell order.
    pub(crate) fn for_each_cell(
        &self,
        state: &State,
        ctx: &Ctx,
        set: &CellCollection,
        mut visit: impl FnMut(CellId),
    ) {
        match set {
            CellCollection::Bracketed { cell, directions, inner, outer } => {
                let Some(origin) = self.eval(state, ctx, cell).as_cell() else { return };
                let seat = ctx.mover;
                let directions = directions.get(seat.unwrap_or(0) as usize).map_or(&[][..], Vec::as_slice);
                for &direction in directions {
                    let run = self.bracketed_run(state, seat, origin, direction, (*inner, *outer));
                    self.ray(origin, direction).take(run).for_each(&mut visit);
                }
            }
            CellCollection::Ray { cell, directions, test } => {
                let Some(origin) = self.eval(state, ctx, cell).as_cell() else { return };
                let directions =
                    directions.get(ctx.mover.unwrap_or(0) as usize).map_or(&[][..], Vec::as_slice);
                let passes =
                    |cell: &CellId| test.is_none_or(|test| self.cell_passes(state, ctx.mover, *cell, test));
                for &direction in directions {
                    self.ray(origin, direction).take_while(passes).for_each(&mut visit);
                }
            }
            CellCollection::Between { cell, other } => {
                let origin = self.eval(state, ctx, cell).as_cell();
                if let (Some(origin), Some(other)) = (origin, self.eval(state, ctx, other).as_cell()) {
                    self.between(origin, other, visit);
                }
            }
            CellCollection::Lines(line) => self.cells_in_a_row(state, ctx, line, visit),
            CellCollection::Let { slot, value, set } => {
                let local = Local::new(*slot, self.eval(state, ctx, value), ctx.locals);
                self.for_each_cell(state, &Ctx { locals: Some(&local), ..*ctx }, set, visit);
            }
            CellCollection::Region { .. }
            | CellCollection::Neighbours { .. }
            | CellCollection::Group { .. }
            | CellCollection::Around { .. }
            | CellCollection::Territory { .. } => {
                let bits = self.cell_bits(state, ctx, set);
                cells_in(&bits).for_each(visit);
            }
        }
    }

    /// Whether the cell is in the set.
    pub(crate) fn in_cell_set(&self, state: &State, ctx: &Ctx, cell: CellId, set: &CellCollection) -> bool {
        has_bit(&self.cell_bits(state, ctx, set), cell)
    }

    /// The cells of the set, as a bit set.
    pub(crate) fn cell_bits(&self, state: &State, ctx: &Ctx, set: &CellCollection) -> CellBits {
        let mut bits = self.no_cells();
        self.add_cells(state, ctx, set, &mut bits);
        bits
    }

    /// Adds the cells of the set to `bits`, a set of the board's cells (a slice, so that the
    /// floods below index its words directly).
    fn add_cells(&self, state: &State, ctx: &Ctx, set: &CellCollection, bits: &mut [u64]) {
        let seat = ctx.mover.unwrap_or(0) as usize;
        match set {
            CellCollection::Bracketed { .. }
            | CellCollection::Ray { .. }
            | CellCollection::Between { .. }
            | CellCollection::Lines(_)
            | CellCollection::Let { .. } => {
                self.for_each_cell(state, ctx, set, |cell| set_bit(bits, cell));
            }
            CellCollection::Region { cells } => {
                let cells = cells.get(seat).map_or(&[][..], |set| set.cells.as_slice());
                cells.iter().for_each(|&cell| set_bit(bits, cell));
            }
            CellCollection::Neighbours { cell, directions } => {
                if let Some(origin) = self.eval(state, ctx, cell).as_cell() {
                    for next in seat_directions(directions, seat)
                        .iter()
                        .filter_map(|&d| self.game.board.neighbour(origin, d))
                    {
                        set_bit(bits, next);
                    }
                }
            }
            CellCollection::Group { cell, directions, member } => {
                if let Some(origin) = self.eval(state, ctx, cell).as_cell() {
                    let alike = state.piece(origin).map(|p| p.owner);
                    let joins = |cell: CellId| match member {
                        Member::Alike => state.piece(cell).map(|p| p.owner) == alike,
                        Member::Where(condition) => {
                            self.holds(state, &ctx.with_it(Value::Cell(cell)), condition)
                        }
                    };
                    self.flood(bits, origin, seat_directions(directions, seat), joins);
                }
            }
            CellCollection::Around { set, directions } => {
                let inner_set = self.cell_bits(state, ctx, set);
                let inner: &[u64] = &inner_set;
                for cell in cells_in(inner) {
                    for next in seat_directions(directions, seat)
                        .iter()
                        .filter_map(|&d| self.game.board.neighbour(cell, d))
                    {
                        if !has_bit(inner, next) {
                            set_bit(bits, next);
                        }
                    }
                }
            }
            CellCollection::Territory { seat, directions } => {
                if let Some(seat) = self.eval(state, ctx, seat).as_seat() {
                    self.territory(state, seat, directions, bits);
                }
            }
        }
    }

    /// The empty set of the board's cells.
    pub(crate) fn no_cells(&self) -> CellBits {
        CellBits::empty(self.game.board.cell_count())
    }

    /// Adds to `bits` the cells joined to `origin` (added too) through neighbours in the directions
    /// for which `joins` holds.
    fn flood(
        &self,
        bits: &mut [u64],
        origin: CellId,
        directions: &[DirId],
        mut joins: impl FnMut(CellId) -> bool,
    ) {
        let mut frontier_set = self.no_cells();
        let frontier: &mut [u64] = &mut frontier_set;
        set_bit(bits, origin);
        set_bit(frontier, origin);
        while let Some(cell) = first_cell(frontier) {
            clear_bit(frontier, cell);
            for next in directions.iter().filter_map(|&d| self.game.board.neighbour(cell, d)) {
                if !has_bit(bits, next) && joins(next) {
                    set_bit(bits, next);
                    set_bit(frontier, next);
                }
            }
        }
    }

    /// Adds to `bits` the seat's territory: each empty region (joined through the directions)
    /// whose bordering pieces are all the seat's, when there is at least one.
    fn territory(&self, state: &State, seat: SeatId, directions: &[DirId], bits: &mut [u64]) {
        let mut seen = self.no_cells();
        for start in (0..self.game.board.cell_count() as CellId).filter(|&c| state.piece(c).is_none()) {
            if has_bit(&seen, start) {
                continue;
            }
            let mut region = self.no_cells();
            let (mut own, mut other) = (false, false);
            self.flood(&mut region, start, directions, |cell| match state.piece(cell) {
                None => true,
                Some(piece) => {
                    let mine = piece.owner == Some(seat);
                    own |= mine;
                    other |= !mine;
                    false
                }
            });
            add_all(&mut seen, &region);
            if own && !other {
                add_all(bits, &region);
            }
        }
    }

    /// The cells of the zone, the seat's version of a zone of each seat (none for no seat).
    pub(crate) fn zone_cells(&self, zone: ZoneId, seat: Option<SeatId>) -> Option<&CellSet> {
        let zone = self.game.zones.get(zone as usize)?;
        let index = match (zone.per_seat, seat) {
            (false, _) => 0,
            (true, Some(seat)) => seat as usize,
            (true, None) => return None,
        };
        zone.cells.get(index)
    }

    /// Whether the seat's pieces join the two zones (the seat's versions): a flood from the
    /// seat's pieces in the first zone through neighbours holding its pieces, on bit sets of the
    /// board's words.
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
        let (mut reached_set, mut frontier_set) = (self.no_cells(), self.no_cells());
        let (reached, frontier): (&mut [u64], &mut [u64]) = (&mut reached_set, &mut frontier_set);
        for &cell in from.cells.iter().filter(|&&c| owned(c)) {
            set_bit(reached, cell);
            set_bit(frontier, cell);
        }
        loop {
            let Some(cell) = first_cell(frontier) else { return false };
            if to.contains(cell) {
                return true;
            }
            clear_bit(frontier, cell);
            for next in directions.iter().filter_map(|&d| self.game.board.neighbour(cell, d)) {
                if !has_bit(reached, next) && owned(next) {
                    set_bit(reached, next);
                    set_bit(frontier, next);
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

/// A seat's version of per-seat directions.
fn seat_directions(directions: &[Vec<DirId>], seat: usize) -> &[DirId] {
    directions.get(seat).map_or(&[][..], Vec::as_slice)
}

/// The first cell of a bit set.
fn first_cell(bits: &[u64]) -> Option<CellId> {
    let (index, word) = bits.iter().enumerate().find(|(_, word)| **word != 0)?;
    Some((index as u32 * 64 + word.trailing_zeros()) as CellId)
}
