//! Straight lines of cells: the sets `ray(CELL, DIRS [, TEST])` (from a cell to the edge, or to
//! the first cell that fails the test), `axis(CELL [, DIRS])` (the whole lines through a cell),
//! `between(CELL,
//! CELL)` (strictly between two cells on one line) and `lines(CELL, N [, DIRS [, TEST]])` (the
//! lines of at least N cells through a cell, or of exactly N with `exactly N`), and the condition
//! `in_a_row(CELL, N [, DIRS [, TEST]])` (whether there is one). A line runs along an axis, a
//! direction and its opposite.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{self as ir, CellCollection, Collection, DirId, Line, LineBound, LineTest, PerSeat};
use ludex_syntax::ast::ExprKind;

use super::Checker;
use super::calls::{Call, Pieces};
use super::scope::Scope;
use super::types::{Extent, Ty, Typed};

impl<'a> Checker<'a> {
    /// `ray(CELL, DIRS [, TEST])`.
    pub(super) fn ray(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<Pieces> {
        if !self.arity(call, 2..=3, scope) {
            return None;
        }
        let [cell, directions, rest @ ..] = call.args else { return None };
        let cell = self.expect_typed(cell, scope, Ty::Cell);
        let directions = self.direction_argument(directions);
        let test = match rest.first() {
            Some(test) => Some(self.cell_test(test)?),
            None => None,
        };
        let extent = self.along_board(&[cell.extent]);
        let set = CellCollection::Ray { cell: Box::new(cell.expr), directions: directions?, test };
        Some(Pieces { collection: Collection::Cells(set), element: Ty::Cell, extent })
    }

    /// `between(CELL, CELL)`.
    pub(super) fn between(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<Pieces> {
        if !self.arity(call, 2..=2, scope) {
            return None;
        }
        let [cell, other] = call.args else { return None };
        let (cell, other) =
            (self.expect_typed(cell, scope, Ty::Cell), self.expect_typed(other, scope, Ty::Cell));
        let extent = self.along_board(&[cell.extent, other.extent]);
        let set = CellCollection::Between { cell: Box::new(cell.expr), other: Box::new(other.expr) };
        Some(Pieces { collection: Collection::Cells(set), element: Ty::Cell, extent })
    }

    /// `lines(CELL, N [, DIRS [, TEST]])`.
    pub(super) fn lines(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<Pieces> {
        let (line, extent) = self.line(call, scope)?;
        Some(Pieces { collection: Collection::Cells(CellCollection::Lines(line)), element: Ty::Cell, extent })
    }

    /// `axis(CELL [, DIRS])`: along each axis of the directions (default: every direction), the
    /// whole line through the cell, whatever its cells hold: a line of at least one cell that
    /// every cell passes.
    pub(super) fn axis(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<Pieces> {
        if !self.arity(call, 1..=2, scope) {
            return None;
        }
        let [cell, rest @ ..] = call.args else { return None };
        let cell = self.expect_typed(cell, scope, Ty::Cell);
        let directions = match rest.first() {
            Some(directions) => self.direction_argument(directions),
            None => Some(self.all_directions()),
        };
        let axes = directions?.iter().map(|dirs| self.axes(dirs)).collect();
        let extent = self.along_board(&[cell.extent]);
        let line = Line {
            cell: Box::new(cell.expr),
            length: 1,
            axes,
            test: LineTest::Every,
            bound: LineBound::AtLeast,
        };
        Some(Pieces { collection: Collection::Cells(CellCollection::Lines(line)), element: Ty::Cell, extent })
    }

    /// `in_a_row(CELL, N [, DIRS [, TEST]])`.
    pub(super) fn in_a_row(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Typed {
        match self.line(call, scope) {
            Some((line, extent)) => Typed { expr: ir::Expr::InARow(line), ty: Ty::Bool, extent },
            None => Typed::unknown(),
        }
    }

    /// The arguments of `in_a_row` and `lines`: the cell, the length (a constant, at least 1;
    /// `exactly N` for lines of that length only),
    /// the directions (default: every direction of the board) and the
    /// test (default: a piece of the same owner as the cell's).
    fn line(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<(Line, Extent)> {
        if !self.arity(call, 2..=4, scope) {
            return None;
        }
        let [cell, length, rest @ ..] = call.args else { return None };
        let cell = self.expect_typed(cell, scope, Ty::Cell);
        let (length, bound) = match &length.node {
            ExprKind::Exactly(length) => (length.as_ref(), LineBound::Exactly),
            _ => (length, LineBound::AtLeast),
        };
        let length = self.line_length(length, scope);
        let directions = match rest.first() {
            Some(directions) => self.direction_argument(directions),
            None => Some(self.all_directions()),
        };
        let test = match rest.get(1) {
            Some(test) => self.cell_test(test).map(LineTest::Cells),
            None => Some(LineTest::SameOwner),
        };
        let axes = directions?.iter().map(|dirs| self.axes(dirs)).collect();
        let extent = self.along_board(&[cell.extent]);
        let line = Line { cell: Box::new(cell.expr), length: length?, axes, test: test?, bound };
        Some((line, extent))
    }

    /// The length of a line: a constant integer, at least 1.
    fn line_length(&mut self, e: &'a ludex_syntax::ast::Expr, scope: &Scope<'a>) -> Option<u32> {
        let value = self.expect(e, scope, Ty::Int);
        match self.constant_int(&value) {
            Some(n) if n >= 1 => Some(u32::try_from(n).unwrap_or(u32::MAX)),
            Some(n) => {
                let message =
                    format!("a line of {n} cells is never too short: the length must be at least 1");
                self.report(Diagnostic::error(Code::OutOfRange, message, e.span, "at least 1 expected"));
                None
            }
            None => {
                self.report(
                    Diagnostic::error(
                        Code::NotConstant,
                        "the length of a line must be known before the game",
                        e.span,
                        "depends on the game's state",
                    )
                    .with_help("write a number or an option: `in_a_row(to, 5)`"),
                );
                None
            }
        }
    }

    /// Every direction of the board, for every seat.
    fn all_directions(&self) -> PerSeat<Vec<DirId>> {
        let count = self.game.board.as_ref().map_or(0, |b| b.directions.len());
        let all: Vec<DirId> = (0..count).filter_map(|d| DirId::try_from(d).ok()).collect();
        vec![all; self.game.seats.len()]
    }

    /// Each direction's axis once: the direction and its opposite.
    fn axes(&self, directions: &[DirId]) -> Vec<(DirId, Option<DirId>)> {
        let mut axes: Vec<(DirId, Option<DirId>)> = Vec::new();
        for &direction in directions {
            if axes.iter().any(|&(d, opposite)| d == direction || opposite == Some(direction)) {
                continue;
            }
            axes.push((direction, self.opposite(direction)));
        }
        axes
    }

    /// The direction that undoes a step in this one.
    fn opposite(&self, direction: DirId) -> Option<DirId> {
        let board = self.game.board.as_ref()?;
        let step = board.directions.get(direction as usize)?;
        let opposite = board
            .directions
            .iter()
            .position(|d| Some(d.dx) == step.dx.checked_neg() && Some(d.dy) == step.dy.checked_neg())?;
        DirId::try_from(opposite).ok()
    }

    /// The extent of a walk along the board's lines from the operands.
    fn along_board(&self, operands: &[Extent]) -> Extent {
        let cells = self.game.board.as_ref().map_or(1, |b| b.cell_count() as u64);
        let directions = self.game.board.as_ref().map_or(1, |b| b.directions.len() as u64);
        let over = Extent::over(operands);
        Extent { cost: over.cost.saturating_add(cells.saturating_mul(directions)), ..over }
    }
}
