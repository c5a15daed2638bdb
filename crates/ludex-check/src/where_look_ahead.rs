//! `stuck` in an action's `where`: sugar for the turn's `legal if`. A conjunct of the `where` that
//! is `stuck` or `not stuck` leaves the action's filter and joins the `legal if` of every turn that
//! plays the action as `not MoveOf(action) or CONJUNCT`, so its look-ahead is exactly the one of
//! `legal if` (one level deep, refused in a game that rolls). `stuck` anywhere else in a `where`
//! (inside a larger condition) would make the rest of that condition read the position after the
//! move instead of the one before it, so it is an error with a span, never a guess.

use ludex_diagnostics::{Code, Diagnostic, Span};
use ludex_ir::{self as ir, ActionId, BinaryOp, ContextWord, Expr};
use ludex_syntax::ast::ActionClause;

use super::Checker;

/// A look-ahead taken out of an action's `where`.
pub(super) struct WhereLookAhead {
    /// The action whose moves it judges.
    pub action: ActionId,
    /// `stuck`, `not stuck`, or their conjunction.
    pub condition: Expr,
    /// The `where` condition it was written in.
    pub span: Span,
}

impl Checker<'_> {
    /// Takes the look-ahead conjuncts out of each action's `where` (the actions in declaration
    /// order, as lowered).
    pub(super) fn where_look_aheads(&mut self, actions: &mut [ir::Action]) -> Vec<WhereLookAhead> {
        let decls = self.decls.actions.clone();
        let mut look_aheads = Vec::new();
        for (id, (decl, action)) in decls.iter().zip(actions.iter_mut()).enumerate() {
            let Some(filter) = action.filter.take() else { continue };
            let Some(span) = decl.clauses.iter().find_map(|clause| match clause {
                ActionClause::Where(e) => Some(e.span),
                _ => None,
            }) else {
                action.filter = Some(filter);
                continue;
            };
            let (kept, looked) = self.split_look_ahead(filter, span);
            action.filter = kept;
            if let (Some(condition), Ok(action)) = (looked, ActionId::try_from(id)) {
                look_aheads.push(WhereLookAhead { action, condition, span });
            }
        }
        look_aheads
    }

    /// The conjuncts of `filter` that do not read `stuck`, and those that are `stuck` or
    /// `not stuck`; any other conjunct reading `stuck` is reported.
    fn split_look_ahead(&mut self, filter: Expr, span: Span) -> (Option<Expr>, Option<Expr>) {
        let mut conjuncts = Vec::new();
        flatten_and(filter, &mut conjuncts);
        let (mut kept, mut looked) = (Vec::new(), Vec::new());
        for conjunct in conjuncts {
            if !conjunct.any(&mut is_stuck) {
                kept.push(conjunct);
            } else if is_look_ahead(&conjunct) {
                looked.push(conjunct);
            } else {
                self.report(
                    Diagnostic::error(
                        Code::ContextUnavailable,
                        "`stuck` in a `where` must stand alone",
                        span,
                        "reads `stuck` inside a larger condition",
                    )
                    .with_help(
                        "in a `where`, `stuck` (or `not stuck`) is a condition of its own, joined by \
                         `and`: `where CONDITION and not stuck`; the rest of the `where` reads the \
                         position before the move, so a condition on the position after it belongs in \
                         the turn's `legal if`",
                    ),
                );
            }
        }
        (conjunction(kept), conjunction(looked))
    }
}

/// Adds each look-ahead to the `legal if` of every turn that plays its action, after the turn's
/// own condition: `LEGAL and (not MoveOf(action) or CONDITION)`.
pub(super) fn join_where_look_aheads(phases: &mut [ir::Phase], look_aheads: &[WhereLookAhead]) {
    for phase in phases {
        for look_ahead in look_aheads {
            let plays = phase.turn.choices.iter().any(|choice| choice.actions.contains(&look_ahead.action));
            if !plays {
                continue;
            }
            let other_action = Expr::Not(Box::new(Expr::MoveOf(look_ahead.action)));
            let guarded = binary(BinaryOp::Or, other_action, look_ahead.condition.clone());
            phase.turn.legal = Some(match phase.turn.legal.take() {
                Some(legal) => binary(BinaryOp::And, legal, guarded),
                None => guarded,
            });
        }
    }
}

fn is_stuck(expr: &Expr) -> bool {
    *expr == Expr::Context(ContextWord::Stuck)
}

/// `stuck` or `not stuck`.
fn is_look_ahead(expr: &Expr) -> bool {
    match expr {
        Expr::Not(inner) => is_stuck(inner),
        other => is_stuck(other),
    }
}

fn flatten_and(expr: Expr, into: &mut Vec<Expr>) {
    match expr {
        Expr::Binary(BinaryOp::And, a, b) => {
            flatten_and(*a, into);
            flatten_and(*b, into);
        }
        other => into.push(other),
    }
}

fn conjunction(exprs: Vec<Expr>) -> Option<Expr> {
    exprs.into_iter().reduce(|a, b| binary(BinaryOp::And, a, b))
}

fn binary(op: BinaryOp, a: Expr, b: Expr) -> Expr {
    Expr::Binary(op, Box::new(a), Box::new(b))
}
