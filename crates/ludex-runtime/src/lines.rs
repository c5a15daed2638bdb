//! Straight lines of cells on the board's neighbour tables: rays (`ray`), the cells between two
//! cells (`between`), and the lines through a cell (`in_a_row`, `lines`), each a walk along one
//! direction and its opposite. Nothing is allocated; the reference implementation reads them
//! through the same code, as they are plain walks.

use ludex_ir::{CellId, DirId, Line, LineTest, SeatId};

use super::Engine;
use super::eval::Ctx;
use super::state::State;

impl Engine {
    /// The cells from `origin` (excluded) along the direction to the edge, nearest first.
    pub(crate) fn ray(&self, origin: CellId, direction: DirId) -> impl Iterator<Item = CellId> + '_ {
        std::iter::successors(self.game.board.neighbour(origin, direction), move |&c| {
            self.game.board.neighbour(c, direction)
        })
    }

    /// Visits the cells strictly between the two cells, nearest `from` first, when a direction of
    /// the board leads from one to the other.
    pub(crate) fn between(&self, from: CellId, to: CellId, mut visit: impl FnMut(CellId)) {
        let directions = self.game.board.directions.len();
        let leads_to = (0..directions)
            .filter_map(|d| DirId::try_from(d).ok())
            .find(|&d| from != to && self.ray(from, d).any(|c| c == to));
        if let Some(direction) = leads_to {
            self.ray(from, direction).take_while(|&c| c != to).for_each(&mut visit);
        }
    }

    /// Whether a line through the line's cell is long enough (`in_a_row`).
    pub(crate) fn in_a_row(&self, state: &State, ctx: &Ctx, line: &Line) -> bool {
        let mut found = false;
        self.each_line(state, ctx, line, |_, _, _| {
            found = true;
            std::ops::ControlFlow::Break(())
        });
        found
    }

    /// Visits the cells of the lines through the line's cell that are long enough, each line from
    /// one end to the other, axis by axis; the cell itself once, in the first such line.
    pub(crate) fn cells_in_a_row(
        &self,
        state: &State,
        ctx: &Ctx,
        line: &Line,
        mut visit: impl FnMut(CellId),
    ) {
        let mut origin_seen = false;
        self.each_line(state, ctx, line, |origin, (forward, backward), (ahead, behind)| {
            let far_end = behind.checked_sub(1).and_then(|k| self.ray(origin, backward?).nth(k));
            let start = far_end.unwrap_or(origin);
            let cells = std::iter::once(start).chain(self.ray(start, forward)).take(behind + 1 + ahead);
            for cell in cells.filter(|&c| c != origin || !origin_seen) {
                visit(cell);
            }
            origin_seen = true;
            std::ops::ControlFlow::Continue(())
        });
    }

    /// Calls `found` with the origin, the axis and the run lengths ahead and behind the origin
    /// for each axis whose line is long enough (or exactly long enough), until it breaks.
    fn each_line(
        &self,
        state: &State,
        ctx: &Ctx,
        line: &Line,
        mut found: impl FnMut(CellId, (DirId, Option<DirId>), (usize, usize)) -> std::ops::ControlFlow<()>,
    ) {
        let Some(origin) = self.eval(state, ctx, &line.cell).as_cell() else { return };
        let seat = ctx.mover;
        let owner = state.piece(origin).map(|p| p.owner);
        if !self.on_line(state, seat, owner, origin, line.test) {
            return;
        }
        let axes = line.axes.get(seat.unwrap_or(0) as usize).map_or(&[][..], Vec::as_slice);
        let length = line.length as usize;
        for &(forward, backward) in axes {
            let run = |direction: Option<DirId>| {
                direction.map_or(0, |d| {
                    self.ray(origin, d)
                        .take_while(|&c| self.on_line(state, seat, owner, c, line.test))
                        .count()
                })
            };
            let (ahead, behind) = (run(Some(forward)), run(backward));
            if line.bound.admits(ahead + behind + 1, length)
                && found(origin, (forward, backward), (ahead, behind)).is_break()
            {
                return;
            }
        }
    }

    /// Whether a cell may be part of the line: it passes the test (`SameOwner`: it holds a piece
    /// of `owner`, the owner of the piece on the line's cell, when there is one).
    fn on_line(
        &self,
        state: &State,
        seat: Option<SeatId>,
        owner: Option<Option<SeatId>>,
        cell: CellId,
        test: LineTest,
    ) -> bool {
        match test {
            LineTest::SameOwner => owner.is_some() && state.piece(cell).map(|p| p.owner) == owner,
            LineTest::Cells(test) => self.cell_passes(state, seat, cell, test),
            LineTest::Every => true,
        }
    }
}
