//! Hops and their clauses: `hop DIRS` (over the adjacent cell to the empty cell beyond), `over`
//! (what the jumped cell must hold; `enemy` by default, the only kind that captures) and `chain`
//! (the piece hops on from where it lands, the whole chain one move). `over` and `chain` belong to
//! hops only.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir as ir;
use ludex_syntax::ast::{self, ActionClause, Ident};

use super::Checker;
use super::actions::clause_span;
use super::scope::{Binding, Scope};

/// The keyword a hop clause is written with.
fn keyword(clause: &ActionClause) -> &'static str {
    match clause {
        ActionClause::Over(_) => "over",
        _ => "chain",
    }
}

/// What an `over` clause names.
pub(super) fn over(over: ast::Over) -> ir::Over {
    match over {
        ast::Over::Enemy => ir::Over::Enemy,
        ast::Over::Friend => ir::Over::Friend,
        ast::Over::Occupied => ir::Over::Occupied,
        ast::Over::Empty => ir::Over::Empty,
        ast::Over::Any => ir::Over::Any,
    }
}

impl<'a> Checker<'a> {
    /// A hop in the directions with its `over` and `chain`, each written at most once.
    pub(super) fn hop(
        &mut self,
        (directions, span): (&'a [Ident], ast::Span),
        clauses: &[&'a ActionClause],
        binding: &Binding<'a>,
    ) -> ir::ActionKind {
        for word in ["over", "chain"] {
            let spans: Vec<_> =
                clauses.iter().filter(|c| keyword(c) == word).map(|c| clause_span(c)).collect();
            self.written_once(word, &spans);
        }
        let dirs = self.direction_list(directions);
        let over = clauses.iter().find_map(|clause| match clause {
            ActionClause::Over(over) => Some(over),
            _ => None,
        });
        let kind = over.map_or(ir::Over::Enemy, |o| self::over(o.node));
        let chain = clauses.iter().find_map(|clause| match clause {
            ActionClause::Chain { condition, .. } => Some(condition),
            _ => None,
        });
        let chain = chain.map(|condition| ir::Chain {
            condition: condition
                .as_ref()
                .map(|c| self.condition(c, &Scope::finished_move("a chain's `while`", binding))),
        });
        if kind.captures() {
            self.capture_condition_with_hops(over.map_or(span, |o| o.span));
        }
        ir::ActionKind::Hop { directions: self.per_seat(&dirs), over: kind, chain }
    }

    /// A capture rule's `when` reads the piece on `to`, which a hop does not capture: reported
    /// rather than applied to the wrong piece.
    fn capture_condition_with_hops(&mut self, span: ast::Span) {
        let Some(condition) = self.decls.capture.and_then(|capture| capture.when.first()) else { return };
        self.report(
            Diagnostic::error(
                Code::ConflictingClauses,
                "a hop over an enemy captures under a capture rule with `when`",
                span,
                "this hop captures the piece it jumps",
            )
            .with_label(condition.span, "this condition reads the piece on `to`")
            .with_help("the capture rule's `when` does not apply to hops: write the condition in the action's `where`"),
        );
    }

    /// Reports the hop clauses of an action that does not hop.
    pub(super) fn hop_clauses_without_hop(&mut self, clauses: &[&ActionClause]) {
        for &clause in clauses {
            let word = keyword(clause);
            self.report(
                Diagnostic::error(
                    Code::ConflictingClauses,
                    format!("`{word}` is for hops"),
                    clause_span(clause),
                    "a clause of `hop`",
                )
                .with_help("only a `hop` jumps over a cell and may chain"),
            );
        }
    }

    /// Reports a `to` on a hop: a hop always lands on an empty cell.
    pub(super) fn destination_of_hop(&mut self, span: ast::Span) {
        self.report(
            Diagnostic::error(Code::ConflictingClauses, "`to` is not for hops", span, "a hop lands on an empty cell")
                .with_help("say what it jumps with `over enemy`, `over friend`, `over occupied`, `over empty` or `over any`"),
        );
    }
}
