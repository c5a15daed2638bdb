//! `repetitions(board)` and `repetitions(board, N)`: how often the board alone has been as it is,
//! whoever is to move (positional superko), beside `repetitions` and `repetitions(N)`, which count
//! whole positions.

use ludex_ir as ir;
use ludex_syntax::ast::ExprKind;

use super::Checker;
use super::calls::Call;
use super::scope::Scope;
use super::types::{Extent, Ty, Typed};

impl<'a> Checker<'a> {
    /// The call when its first argument is the word `board` (and no declaration takes that name);
    /// `None` for the other forms of `repetitions(...)`.
    pub(super) fn board_repetitions(&mut self, call: Call<'a>, scope: &Scope<'a>) -> Option<Typed> {
        let first = call.args.first()?;
        let ExprKind::Name(ident) = &first.node else { return None };
        if ident.name != "board" || self.names.value("board").is_some() {
            return None;
        }
        if !self.arity(call, 1..=2, scope) {
            return Some(Typed::unknown());
        }
        let window = call.args.get(1).map(|window| self.expect_typed(window, scope, Ty::Int));
        let extent = window.as_ref().map_or(Extent::LEAF, |w| Extent::over(&[w.extent]));
        let expr = ir::Expr::BoardRepetitions(window.map(|w| Box::new(w.expr)));
        Some(Typed { expr, ty: Ty::Int, extent })
    }
}
