//! Sowing (`sow from REGION along TRACK [skipping EXPR]`): the cells the pieces of a cell fall on,
//! one each along the mover's track, round and round (shared by move generation and the effect);
//! and the effects on whole stacks, `move stack(CELL) to CELL` and `capture stack(CELL)`. A warm
//! sowing allocates nothing: the pieces lifted wait in a buffer kept per thread.

use std::cell::RefCell;

use ludex_ir::{CellId, Expr, SeatId, Track};

use super::Engine;
use super::bits::{has_bit, set_bit};
use super::cell_bits::CellBits;
use super::eval::{Ctx, PieceSlot};
use super::state::{Piece, State};
use super::value::Value;

thread_local! {
    /// The pieces lifted by the thread's sowing or stack move in progress, top first.
    static LIFTED: RefCell<Vec<Piece>> = const { RefCell::new(Vec::new()) };
}

/// A sowing's course on the seat's version of a track: the cells `skipping` names, as a bit set
/// read once on the position before the move.
pub(crate) struct Course<'a> {
    track: &'a Track,
    seat: SeatId,
    skipped: CellBits,
}

impl Course<'_> {
    /// The cells the pieces fall on, `count` of them, from the one after `from` round the track;
    /// none when `from` is off the track or no cell of the track takes a piece.
    fn drops(&self, from: CellId, count: usize) -> impl Iterator<Item = CellId> + '_ {
        let laps = self.track.len(self.seat);
        let start = self.track.position(self.seat, from).filter(|_| self.takes_any());
        let positions =
            start.into_iter().flat_map(move |start| (1..).map(move |k| (start + k - 1) % laps + 1));
        positions
            .filter_map(|position| self.track.cell_at(self.seat, position))
            .filter(|&cell| !has_bit(&self.skipped, cell))
            .take(count)
    }

    fn takes_any(&self) -> bool {
        let cells = self.track.cells.get(self.seat as usize).map_or(&[][..], Vec::as_slice);
        cells.iter().any(|&cell| !has_bit(&self.skipped, cell))
    }
}

impl Engine {
    /// The course of a sowing from the context's `from`, `skipping` read with `it` each cell.
    pub(crate) fn course<'a>(
        &self,
        state: &State,
        ctx: &Ctx,
        (track, seat): (&'a Track, SeatId),
        skipping: Option<&Expr>,
    ) -> Course<'a> {
        let mut skipped = self.no_cells();
        if let (Some(skipping), Some(cells)) = (skipping, track.cells.get(seat as usize)) {
            for &cell in cells {
                if self.holds(state, &ctx.with_it(Value::Cell(cell)), skipping) {
                    set_bit(&mut skipped, cell);
                }
            }
        }
        Course { track, seat, skipped }
    }

    /// Where the last piece on `from` falls, sown on its course; `None` (no move) when the cell is
    /// empty or off the track, or when no cell of the track takes a piece.
    pub(crate) fn sowing_end(&self, state: &State, course: &Course, from: CellId) -> Option<CellId> {
        course.drops(from, state.height(from)).last()
    }

    /// Plays a sowing from the move's `from`: every piece there is lifted, then dropped, the top
    /// one first, on the cells of its course.
    pub(super) fn sow_pieces(
        &self,
        state: &mut State,
        ctx: &mut Ctx,
        (from, to): (Option<CellId>, Option<CellId>),
        (track, skipping): (Option<&Track>, Option<&Expr>),
    ) {
        let (Some(seat), Some(from), Some(track)) = (ctx.mover, from, track) else { return };
        ctx.from = Some(from);
        let course = self.course(state, ctx, (track, seat), skipping);
        LIFTED.with_borrow_mut(|lifted| {
            lifted.clear();
            lifted.extend(std::iter::from_fn(|| state.lift(from)));
            for (cell, &piece) in course.drops(from, lifted.len()).zip(lifted.iter()) {
                state.put(cell, piece);
            }
        });
        ctx.to = to;
        ctx.piece = to.map_or(PieceSlot::None, PieceSlot::At);
    }

    /// Every piece on `from` goes on top of `to`, the bottom one first (`move stack(C) to D`).
    pub(super) fn move_stack(&self, state: &mut State, from: CellId, to: CellId) {
        if from == to {
            return;
        }
        LIFTED.with_borrow_mut(|lifted| {
            lifted.clear();
            lifted.extend(std::iter::from_fn(|| state.lift(from)));
            for &piece in lifted.iter().rev() {
                state.put(to, piece);
            }
        });
    }

    /// Every piece on `cell` is captured, the top one first (`capture stack(C)`).
    pub(super) fn capture_stack(&self, state: &mut State, ctx: &Ctx, cell: CellId) {
        while let Some(piece) = state.piece(cell) {
            self.capture(state, ctx, piece, cell);
        }
    }
}
