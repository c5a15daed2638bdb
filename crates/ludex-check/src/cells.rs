//! Collections of cells (the site algebra): `bracketed(CELL, DIRECTIONS, INNER, OUTER)` and the
//! cell tests its arguments name (`empty`, `occupied`, `friend`, `enemy`, from the mover's side).
//! They are collections like `pieces(...)`: arguments of `count`, `first`, `sum` and `for each`,
//! with `it` the cell.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{CellCollection, CellTest, Collection};
use ludex_syntax::ast::{Expr, ExprKind};

use super::Checker;
use super::calls::{Call, Pieces};
use super::scope::Scope;
use super::types::Ty;

/// The functions that make a collection of cells.
pub(super) const CELL_COLLECTIONS: [&str; 1] = ["bracketed"];

/// The words of a cell test, as `bracketed` reads them.
const CELL_TESTS: [(&str, CellTest); 4] = [
    ("empty", CellTest::Empty),
    ("occupied", CellTest::Occupied),
    ("friend", CellTest::Friend),
    ("enemy", CellTest::Enemy),
];

impl<'a> Checker<'a> {
    /// A collection of cells, `it` a cell.
    pub(super) fn cell_collection(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<Pieces> {
        match call.function.name.as_str() {
            "bracketed" => self.bracketed(call, scope),
            _ => None,
        }
    }

    /// `bracketed(CELL, DIRECTIONS, INNER, OUTER)`.
    fn bracketed(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<Pieces> {
        if !self.arity(call, 4..=4, scope) {
            return None;
        }
        let [cell, directions, inner, outer] = call.args else { return None };
        let cell = self.expect_typed(cell, scope, Ty::Cell);
        let directions = self.direction_argument(directions);
        let (inner, outer) = (self.cell_test(inner), self.cell_test(outer));
        let set = CellCollection::Bracketed {
            cell: Box::new(cell.expr),
            directions: directions?,
            inner: inner?,
            outer: outer?,
        };
        Some(Pieces { collection: Collection::Cells(set), element: Ty::Cell, extent: cell.extent })
    }

    /// A direction or a group of directions written as an argument, as each seat reads it.
    fn direction_argument(&mut self, arg: &'a Expr) -> Option<ludex_ir::PerSeat<Vec<ludex_ir::DirId>>> {
        let ExprKind::Name(ident) = &arg.node else {
            self.report(
                Diagnostic::error(
                    Code::TypeMismatch,
                    "expected a direction or a group of directions",
                    arg.span,
                    "not a direction's name",
                )
                .with_help("write a direction (`n`, `forward`) or a group (`orthogonal`, `all`)"),
            );
            return None;
        };
        let directions = self.direction_list(std::slice::from_ref(ident));
        (!directions.is_empty()).then(|| self.per_seat(&directions))
    }

    /// One of the cell test words.
    fn cell_test(&mut self, arg: &'a Expr) -> Option<CellTest> {
        let word = match &arg.node {
            ExprKind::Name(ident) => CELL_TESTS.iter().find(|(w, _)| *w == ident.name).map(|&(_, test)| test),
            _ => None,
        };
        if word.is_none() {
            self.report(
                Diagnostic::error(
                    Code::TypeMismatch,
                    "expected a cell test: `empty`, `occupied`, `friend` or `enemy`",
                    arg.span,
                    "not a cell test",
                )
                .with_help("the test is read from the mover's side, as in `to enemy`"),
            );
        }
        word
    }
}
