//! Sowing: the pattern `sow from REGION along TRACK [skipping EXPR]`, which lifts every piece of a
//! cell of the region and drops them one per cell along the mover's track (the mancala family),
//! and the effects on whole stacks, `move stack(CELL) to CELL` and `capture stack(CELL)`.

use ludex_ir::{self as ir, ActionKind};
use ludex_syntax::ast::{Expr, ExprKind, Ident, Region, Span};

use super::Checker;
use super::regions::{Seating, Side};
use super::scope::{Binding, Scope};
use super::types::Ty;

/// The built-in collection whose whole stack a `move` or `capture` effect takes.
const STACK: &str = "stack";

impl<'a> Checker<'a> {
    /// `sow from REGION along TRACK [skipping EXPR]`, on a board with stacks.
    pub(super) fn sow(
        &mut self,
        (region, track, skipping): (&'a Region, &Ident, Option<&'a Expr>),
        span: Span,
        binding: &Binding<'a>,
    ) -> ActionKind {
        self.require_stacks(span, "sowing");
        let shape = self.region(region, Seating::EachSeat);
        let cells = self.per_seat_cells(&shape, Side::of);
        let track = self.track_named(track);
        let scope = Scope::before_move("a sowing's `skipping`", binding).with_it(Ty::Cell);
        let skipping = skipping.map(|e| self.condition(e, &scope));
        ActionKind::Sow { cells, track, skipping }
    }

    /// The cell of `stack(CELL)` when the expression is that call (an effect on the whole stack),
    /// after checking it needs a board with stacks.
    pub(super) fn whole_stack(&mut self, e: &'a Expr, scope: &Scope<'a>) -> Option<ir::Expr> {
        let ExprKind::Call { function, args } = &e.node else { return None };
        if function.name != STACK || self.names.value(STACK).is_some() {
            return None;
        }
        self.require_stacks(e.span, "an effect on a whole stack");
        let [cell] = args.as_slice() else {
            self.arity(super::calls::Call { function, args, span: e.span }, 1..=1, scope);
            return Some(ir::Expr::Const(ir::Const::None));
        };
        Some(self.expect(cell, scope, Ty::Cell))
    }

    /// `move CELL to CELL`, or `move stack(CELL) to CELL`: every piece of the stack, in order.
    pub(super) fn move_effect(&mut self, from: &'a Expr, to: &'a Expr, scope: &Scope<'a>) -> ir::Effect {
        match self.whole_stack(from, scope) {
            Some(from) => ir::Effect::MoveStack { from, to: self.expect(to, scope, Ty::Cell) },
            None => ir::Effect::Move {
                from: self.expect(from, scope, Ty::Cell),
                to: self.expect(to, scope, Ty::Cell),
            },
        }
    }
}
