//! Built-in functions about cells: `attacked(CELL, SEAT [, BY])`, whether an enemy of the seat
//! (or the seat `BY`) could capture there, and `shift(CELL, PATH)`, the cell a path of directions leads to.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir as ir;
use ludex_syntax::ast::{BinaryOp, Expr, ExprKind, Ident};

use super::Checker;
use super::calls::Call;
use super::directions::DirRef;
use super::scope::{Scope, Word};
use super::types::{Ty, Typed};

impl<'a> Checker<'a> {
    /// `attacked(CELL, SEAT [, BY])`
    pub(super) fn attacked(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Typed {
        if !self.arity(call, 2..=3, scope) {
            return Typed::unknown();
        }
        let [cell, seat, by @ ..] = call.args else { return Typed::unknown() };
        let cell = self.expect_typed(cell, scope, Ty::Cell);
        let seat = self.expect_typed(seat, scope, Ty::Seat);
        let by = by.first().map(|by| self.expect_typed(by, scope, Ty::Seat));
        let extents: Vec<_> = [Some(cell.extent), Some(seat.extent), by.as_ref().map(|b| b.extent)]
            .into_iter()
            .flatten()
            .collect();
        let expr = ir::Expr::Attacked {
            cell: Box::new(cell.expr),
            seat: Box::new(seat.expr),
            by: by.map(|b| Box::new(b.expr)),
        };
        let mut typed = Typed::node(expr, Ty::Bool, &extents);
        typed.extent.cost = typed.extent.cost.saturating_add(self.attack_cost());
        typed
    }

    /// `seen_by(CELL, SEAT)`: the image of the cell under the seat's view.
    pub(super) fn seen_by(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Typed {
        if !self.arity(call, 2..=2, scope) {
            return Typed::unknown();
        }
        let [cell, seat] = call.args else { return Typed::unknown() };
        let (cell, seat) =
            (self.expect_typed(cell, scope, Ty::Cell), self.expect_typed(seat, scope, Ty::Seat));
        let extents = [cell.extent, seat.extent];
        Typed::node(ir::Expr::SeenBy(Box::new(cell.expr), Box::new(seat.expr)), Ty::Cell, &extents)
    }

    /// `shift(CELL, PATH)`: PATH is directions joined by `+`, read from the mover's side.
    pub(super) fn shift(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Typed {
        if !self.arity(call, 2..=2, scope) {
            return Typed::unknown();
        }
        let [cell, path_arg] = call.args else { return Typed::unknown() };
        let cell = self.expect_typed(cell, scope, Ty::Cell);
        let Some(steps) = path_names(path_arg) else {
            self.report(
                Diagnostic::error(
                    Code::TypeMismatch,
                    "expected a path of directions",
                    path_arg.span,
                    "not directions joined by `+`",
                )
                .with_help("write the steps like a leap's path: `shift(to, forward + forward)`"),
            );
            return Typed::unknown();
        };
        let Some(path) = steps.iter().map(|step| self.path_step(step)).collect::<Option<Vec<_>>>() else {
            return Typed::unknown();
        };
        let relative = path.iter().any(|d| matches!(d, DirRef::Relative(_)));
        if relative && scope.word_type(Word::Mover).is_none() {
            self.report(
                Diagnostic::error(
                    Code::ContextUnavailable,
                    format!("a seat-relative path needs a mover, and there is none in {}", scope.place),
                    path_arg.span,
                    "read from the mover's side",
                )
                .with_help("use the board's own directions here, such as `n` or `e`"),
            );
            return Typed::unknown();
        }
        let paths = (0..self.game.seats.len()).map(|seat| self.seat_path(seat, &path)).collect();
        Typed::node(ir::Expr::Shift { cell: Box::new(cell.expr), paths }, Ty::Cell, &[cell.extent])
    }
}

/// The names of a path written `a + b + c`, or `None` when it is something else.
fn path_names(e: &Expr) -> Option<Vec<&Ident>> {
    match &e.node {
        ExprKind::Name(ident) => Some(vec![ident]),
        ExprKind::Binary { op, left, right } if op.node == BinaryOp::Add => {
            let mut names = path_names(left)?;
            names.extend(path_names(right)?);
            Some(names)
        }
        _ => None,
    }
}
