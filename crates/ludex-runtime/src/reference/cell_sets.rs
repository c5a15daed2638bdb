//! The sets of cells plainly (rays, lines and bracketed runs are walked as the engine walks
//! them): each set as a sorted list of cells, regions read from their lists,
//! groups and territories found by a breadth-first search with a queue and a list of cells seen,
//! what surrounds a set by looking at every neighbour of every cell. No bit sets, no floods over
//! words. The differential test holds the engine's sets (`cell_sets`) equal to these.

use std::collections::{BTreeSet, VecDeque};

use ludex_ir::{CellCollection, CellId, DirId, Member, SeatId};

use crate::Engine;
use crate::eval::{Ctx, Local};
use crate::state::State;
use crate::value::Value;

impl Engine {
    /// The cells of the set, in cell order (a bracketed set, whose order is its rays', sorted).
    pub(crate) fn reference_cells(&self, state: &State, ctx: &Ctx, set: &CellCollection) -> BTreeSet<CellId> {
        let seat = ctx.mover.unwrap_or(0) as usize;
        let directions_of = |directions: &[Vec<DirId>]| directions.get(seat).cloned().unwrap_or_default();
        match set {
            // Rays and lines are walked on the neighbour tables, one walk for both implementations.
            CellCollection::Bracketed { .. }
            | CellCollection::Ray { .. }
            | CellCollection::Between { .. }
            | CellCollection::Lines(_) => {
                let mut cells = BTreeSet::new();
                self.for_each_cell(state, ctx, set, |cell| {
                    cells.insert(cell);
                });
                cells
            }
            CellCollection::Let { slot, value, set } => {
                let local = Local::new(*slot, self.eval(state, ctx, value), ctx.locals);
                self.reference_cells(state, &Ctx { locals: Some(&local), ..*ctx }, set)
            }
            CellCollection::Region { cells } => {
                cells.get(seat).map(|set| set.cells.iter().copied().collect()).unwrap_or_default()
            }
            CellCollection::Neighbours { cell, directions } => match self.eval(state, ctx, cell).as_cell() {
                Some(origin) => self.plain_neighbours(origin, &directions_of(directions)).collect(),
                None => BTreeSet::new(),
            },
            CellCollection::Group { cell, directions, member } => {
                let Some(origin) = self.eval(state, ctx, cell).as_cell() else { return BTreeSet::new() };
                let alike = state.piece(origin).map(|p| p.owner);
                let joins = |cell: CellId| match member {
                    Member::Alike => state.piece(cell).map(|p| p.owner) == alike,
                    Member::Where(condition) => self.holds(state, &ctx.with_it(Value::Cell(cell)), condition),
                };
                self.plain_search(origin, &directions_of(directions), joins)
            }
            CellCollection::Around { set, directions } => {
                let inner = self.reference_cells(state, ctx, set);
                let directions = directions_of(directions);
                let around = inner.iter().flat_map(|&cell| self.plain_neighbours(cell, &directions));
                around.filter(|cell| !inner.contains(cell)).collect()
            }
            CellCollection::Territory { seat, directions } => match self.eval(state, ctx, seat).as_seat() {
                Some(seat) => self.plain_territory(state, seat, directions),
                None => BTreeSet::new(),
            },
        }
    }

    fn plain_neighbours<'d>(
        &'d self,
        cell: CellId,
        directions: &'d [DirId],
    ) -> impl Iterator<Item = CellId> + 'd {
        directions.iter().filter_map(move |&d| self.game.board.neighbour(cell, d))
    }

    /// The origin and the cells reached from it through neighbours for which `joins` holds.
    fn plain_search(
        &self,
        origin: CellId,
        directions: &[DirId],
        mut joins: impl FnMut(CellId) -> bool,
    ) -> BTreeSet<CellId> {
        let mut seen = BTreeSet::from([origin]);
        let mut queue = VecDeque::from([origin]);
        while let Some(cell) = queue.pop_front() {
            for next in self.plain_neighbours(cell, directions).collect::<Vec<_>>() {
                if !seen.contains(&next) && joins(next) {
                    seen.insert(next);
                    queue.push_back(next);
                }
            }
        }
        seen
    }

    /// Every empty cell whose empty region borders the seat's pieces and no others.
    fn plain_territory(&self, state: &State, seat: SeatId, directions: &[DirId]) -> BTreeSet<CellId> {
        let cells = 0..self.game.board.cell_count() as CellId;
        cells
            .filter(|&cell| state.piece(cell).is_none())
            .filter(|&cell| {
                let region = self.plain_search(cell, directions, |c| state.piece(c).is_none());
                let owners: BTreeSet<Option<SeatId>> = region
                    .iter()
                    .flat_map(|&c| self.plain_neighbours(c, directions).collect::<Vec<_>>())
                    .filter_map(|c| state.piece(c).map(|p| p.owner))
                    .collect();
                owners == BTreeSet::from([Some(seat)])
            })
            .collect()
    }
}
