//! Sets of cells for regions and connectivity: `cells(ZONE)`, `neighbours(CELL [, DIRS])`,
//! `group(CELL [, DIRS [, CONDITION]])`, `around(SET [, DIRS])` and `territory(SEAT)`. Like
//! `bracketed`, they are collections with `it` a cell; directions default to the board's side
//! neighbours (orthogonal on a square board, the six sides on a hexagonal one).

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{CellCollection, CellSet, Collection, DirId, Member, PerSeat};
use ludex_syntax::ast::{Expr, ExprKind};

use super::Checker;
use super::calls::{Call, Pieces};
use super::scope::{Scope, Word};
use super::types::{Extent, Ty};

impl<'a> Checker<'a> {
    /// `cells`, `neighbours`, `group`, `around` or `territory`.
    pub(super) fn region_set(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<Pieces> {
        let set = match call.function.name.as_str() {
            "cells" => self.cells_of_zone(call, scope),
            "neighbours" => self.neighbours(call, scope),
            "group" => self.group(call, scope),
            "around" => self.around(call, scope),
            "territory" => self.territory(call, scope),
            _ => None,
        }?;
        Some(self.cell_set_collection(set))
    }

    /// A set of cells as a collection, with the cost of computing it (`Checker::set_cost`).
    fn cell_set_collection(&self, set: CellCollection) -> Pieces {
        let extent = Extent { cost: self.set_cost(&set), ..Extent::LEAF };
        Pieces { collection: Collection::Cells(set), element: Ty::Cell, extent }
    }

    /// `cells(ZONE)` or `cells(board)`: the mover's version of a per-seat zone.
    fn cells_of_zone(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<CellCollection> {
        if !self.arity(call, 1..=1, scope) {
            return None;
        }
        let arg = call.args.first()?;
        if let ExprKind::Name(ident) = &arg.node
            && ident.name == "board"
            && self.names.value("board").is_none()
        {
            let count = self.game.board.as_ref().map_or(0, |b| b.cell_count());
            let all = CellSet::from_cells((0..count as u16).collect(), count);
            return Some(CellCollection::Region { cells: vec![all; self.game.seats.len()] });
        }
        let zone = self.zone_argument(arg, "`cells` takes a zone or `board`: `cells(home)`")?;
        let zone = self.on_first_use.zones.get(zone as usize).and_then(super::Lazy::done)?.clone();
        if zone.per_seat {
            self.word(Word::Mover, arg.span, scope);
        }
        Some(CellCollection::Region { cells: zone.cells })
    }

    /// `neighbours(CELL [, DIRS])`.
    fn neighbours(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<CellCollection> {
        if !self.arity(call, 1..=2, scope) {
            return None;
        }
        let [cell, rest @ ..] = call.args else { return None };
        let cell = self.expect(cell, scope, Ty::Cell);
        let directions = self.directions_or_sides(rest.first())?;
        Some(CellCollection::Neighbours { cell: Box::new(cell), directions })
    }

    /// `group(CELL [, DIRS [, CONDITION]])`, the condition with `it` the candidate cell.
    fn group(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<CellCollection> {
        if !self.arity(call, 1..=3, scope) {
            return None;
        }
        let [cell, rest @ ..] = call.args else { return None };
        let cell = self.expect(cell, scope, Ty::Cell);
        let directions = self.directions_or_sides(rest.first());
        let member = match rest.get(1) {
            Some(condition) => {
                Member::Where(Box::new(self.expect(condition, &scope.with_it(Ty::Cell), Ty::Bool)))
            }
            None => Member::Alike,
        };
        Some(CellCollection::Group { cell: Box::new(cell), directions: directions?, member })
    }

    /// `around(SET [, DIRS])`: SET is a set of cells.
    fn around(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<CellCollection> {
        if !self.arity(call, 1..=2, scope) {
            return None;
        }
        let [set, rest @ ..] = call.args else { return None };
        let inner = self.pieces_arg(set, scope);
        let directions = self.directions_or_sides(rest.first());
        let set = match inner?.collection {
            Collection::Cells(set) => set,
            _ => {
                self.report(
                    Diagnostic::error(
                        Code::TypeMismatch,
                        "expected a set of cells",
                        set.span,
                        "not a set of cells",
                    )
                    .with_help("`around` takes a set of cells: `around(group(to))`"),
                );
                return None;
            }
        };
        Some(CellCollection::Around { set: Box::new(set), directions: directions? })
    }

    /// `territory(SEAT)`.
    fn territory(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<CellCollection> {
        if !self.arity(call, 1..=1, scope) {
            return None;
        }
        let seat = self.expect(call.args.first()?, scope, Ty::Seat);
        Some(CellCollection::Territory { seat: Box::new(seat), directions: self.side_directions() })
    }

    /// The directions written as an argument, or the board's side directions for every seat.
    fn directions_or_sides(&mut self, arg: Option<&'a Expr>) -> Option<PerSeat<Vec<DirId>>> {
        match arg {
            Some(arg) => self.direction_argument(arg),
            None => Some(vec![self.side_directions(); self.game.seats.len()]),
        }
    }

    /// The board's side neighbours: `sides` on a hexagonal board, `orthogonal` on a square one.
    pub(super) fn side_directions(&self) -> Vec<DirId> {
        let board = self.game.board.as_ref();
        board
            .and_then(|b| b.group_named("sides").or_else(|| b.group_named("orthogonal")))
            .map(<[_]>::to_vec)
            .unwrap_or_default()
    }

    /// `CELL in SET`, SET a set of cells written as a call.
    pub(super) fn in_cell_set(
        &mut self,
        cell: ludex_ir::Expr,
        set: &'a Expr,
        scope: &Scope<'a>,
    ) -> Option<ludex_ir::Expr> {
        let Collection::Cells(set) = self.pieces_arg(set, scope)?.collection else { return None };
        Some(ludex_ir::Expr::InCells { cell: Box::new(cell), set })
    }
}
