//! Collections of cells (the site algebra): `bracketed(CELL, DIRECTIONS, INNER, OUTER)` and the
//! cell tests its arguments name (`empty`, `occupied`, `friend`, `enemy`, from the mover's side).
//! They are collections like `pieces(...)`: arguments of `count`, `first`, `sum` and `for each`,
//! with `it` the cell.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{CellCollection, CellTest, Collection};
use ludex_syntax::ast::{Expr, ExprKind};

use super::Checker;
use super::calls::{Call, Pieces};
use super::names::Symbol;
use super::scope::Scope;
use super::types::{Extent, Ty, Typed};

/// The functions that make a collection of cells (the regions' are in `regions_calls`).
pub(super) const CELL_COLLECTIONS: [&str; 10] =
    ["bracketed", "ray", "between", "lines", "cells", "neighbours", "group", "around", "territory", "axis"];

/// The words of a cell test, as `bracketed` reads them.
const CELL_TESTS: [(&str, CellTest); 4] = [
    ("empty", CellTest::Empty),
    ("occupied", CellTest::Occupied),
    ("friend", CellTest::Friend),
    ("enemy", CellTest::Enemy),
];

/// How `connected` is called.
const CONNECTED_HELP: &str = "`connected` joins two zones: `connected(near, far)`";

impl<'a> Checker<'a> {
    /// Whether the name is a function that makes a collection of cells here: one the rules do not
    /// declare themselves (`territory` is no reserved word: a file may name a zone so).
    pub(super) fn is_cell_collection(&self, name: &str) -> bool {
        CELL_COLLECTIONS.contains(&name) && self.names.value(name).is_none()
    }

    /// A collection of cells, `it` a cell.
    pub(super) fn cell_collection(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<Pieces> {
        match call.function.name.as_str() {
            "bracketed" => self.bracketed(call, scope),
            "ray" => self.ray(call, scope),
            "between" => self.between(call, scope),
            "lines" => self.lines(call, scope),
            "axis" => self.axis(call, scope),
            _ => self.region_set(call, scope),
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

    /// `connected(ZONE, ZONE)`: whether the mover's pieces join the two zones (the mover's versions)
    /// through the board's side neighbours (orthogonal on a square board).
    pub(super) fn connected(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Typed {
        if !self.arity(call, 2..=2, scope) {
            return Typed::unknown();
        }
        let zones: Vec<Option<ludex_ir::ZoneId>> =
            call.args.iter().map(|arg| self.zone_argument(arg, CONNECTED_HELP)).collect();
        let seat = self.word(super::scope::Word::Mover, call.function.span, scope);
        let directions = self.side_directions();
        let board = self.game.board.as_ref();
        let (Some(Some(from)), Some(Some(to))) = (zones.first(), zones.get(1)) else {
            return Typed::unknown();
        };
        let expr = ludex_ir::Expr::Connected { zones: [*from, *to], seat: Box::new(seat.expr), directions };
        let cells = board.map_or(1, |b| b.cell_count() as u64);
        Typed { expr, ty: Ty::Bool, extent: Extent { cost: cells.saturating_mul(8), ..Extent::LEAF } }
    }

    /// A zone written as an argument (`help` shows how the function is called).
    pub(super) fn zone_argument(&mut self, arg: &'a Expr, help: &str) -> Option<ludex_ir::ZoneId> {
        if let ExprKind::Name(ident) = &arg.node
            && let Some(Symbol::Zone(zone)) = self.names.value(&ident.name)
        {
            self.use_at(Symbol::Zone(zone), ident.span);
            self.zone(zone, ident.span);
            return Some(zone);
        }
        self.report(
            Diagnostic::error(Code::UnknownZone, "expected a zone", arg.span, "not a zone").with_help(help),
        );
        None
    }

    /// A direction or a group of directions written as an argument, as each seat reads it.
    pub(super) fn direction_argument(
        &mut self,
        arg: &'a Expr,
    ) -> Option<ludex_ir::PerSeat<Vec<ludex_ir::DirId>>> {
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
    pub(super) fn cell_test(&mut self, arg: &'a Expr) -> Option<CellTest> {
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
