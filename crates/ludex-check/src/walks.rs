//! What a walk does on each step: `each step where` (a condition), `paying` (a cost taken from an
//! attribute of the moving piece), `push` (the line of pieces in the way moves one cell ahead),
//! `exit` (the walk may end off the board) and `may revisit` (a path may come back to a cell). These
//! clauses belong to walks only.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir as ir;
use ludex_syntax::ast::{self, ActionClause, Expr};

use super::Checker;
use super::actions::{capture_destination, clause_span};
use super::scope::{Binding, Scope};
use super::types::{Kinds, Ty};

/// The keyword a walk clause is written with, for messages.
fn keyword(clause: &ActionClause) -> &'static str {
    match clause {
        ActionClause::StepCondition(_) => "each step where",
        ActionClause::Paying { .. } => "paying",
        ActionClause::Push { .. } => "push",
        ActionClause::Exit(_) => "exit",
        ActionClause::Revisit { .. } => "may revisit",
        _ => "",
    }
}

/// The keyword of a pattern that is not a walk.
fn pattern_keyword(pattern: &ActionClause) -> &'static str {
    match pattern {
        ActionClause::Step { .. } => "step",
        ActionClause::Slide { .. } => "slide",
        ActionClause::Leap { .. } => "leap",
        ActionClause::Drop { supply, .. } => supply.keyword(),
        ActionClause::Choose { .. } => "choose",
        ActionClause::Hop { .. } => "hop",
        ActionClause::Anywhere { .. } => "anywhere",
        ActionClause::Remove { .. } => "remove",
        ActionClause::Sow { .. } => "sow",
        ActionClause::Along { source: ast::TrackSource::Board, .. } => "along",
        ActionClause::Along { source: ast::TrackSource::Reserve, .. } => "enter",
        _ => "walk",
    }
}

impl<'a> Checker<'a> {
    /// The walk's step rules from its clauses; each clause is written at most once.
    pub(super) fn walk_rules(
        &mut self,
        clauses: &[&'a ActionClause],
        binding: &Binding<'a>,
    ) -> ir::WalkRules {
        for word in ["each step where", "paying", "push", "exit", "may revisit"] {
            let spans: Vec<_> =
                clauses.iter().filter(|c| keyword(c) == word).map(|c| clause_span(c)).collect();
            self.written_once(word, &spans);
        }
        let mut rules = ir::WalkRules::default();
        let step = Scope::step("a walk's step", binding);
        for &clause in clauses {
            match clause {
                ActionClause::StepCondition(condition) if rules.guard.is_none() => {
                    rules.guard = Some(self.condition(condition, &step));
                }
                ActionClause::Paying { amount, attribute, span } if rules.cost.is_none() => {
                    let amount = self.expect(amount, &Scope::step("a walk's cost", binding), Ty::Int);
                    let attribute = self.paying_attribute(attribute.as_ref(), *span, binding);
                    rules.cost = attribute.map(|attribute| ir::StepCost { attribute, amount });
                }
                ActionClause::Push { when, then, .. } if rules.push.is_none() => {
                    rules.push = Some(self.push(when, then, binding));
                }
                ActionClause::Exit(destination) if rules.exit.is_none() => {
                    rules.exit = Some(capture_destination(destination.node));
                }
                ActionClause::Revisit { .. } => rules.revisits = ir::Revisits::Allowed,
                _ => {}
            }
        }
        rules
    }

    /// The attribute a walk pays with: one every moving piece type has.
    fn paying_attribute(
        &mut self,
        attribute: Option<&ludex_syntax::ast::Ident>,
        span: ludex_syntax::ast::Span,
        binding: &Binding<'a>,
    ) -> Option<ir::AttrId> {
        let Some(attribute) = attribute else {
            self.report(
                Diagnostic::error(
                    Code::UnknownAttribute,
                    "a cost needs the attribute it is paid from",
                    span,
                    "paid from what?",
                )
                .with_help("name the attribute: `paying 1 strength per step`"),
            );
            return None;
        };
        self.attribute(attribute, binding.kinds.unwrap_or(Kinds::ANY))
    }

    fn push(
        &mut self,
        when: &'a [Expr],
        then: &'a [ludex_syntax::ast::EffectBlock],
        binding: &Binding<'a>,
    ) -> ir::Push {
        self.written_once("when", &when.iter().map(|e| e.span).collect::<Vec<_>>());
        self.written_once("then", &then.iter().map(|b| b.span).collect::<Vec<_>>());
        let conditions: Vec<&Expr> = when.iter().take(1).collect();
        let allowed = self.conjunction(&conditions, &Scope::push_condition(binding));
        let scope = Scope::push_effects(binding);
        let then = then.iter().take(1).flat_map(|b| self.effects(&b.effects, &scope)).collect();
        ir::Push { allowed, then }
    }

    /// Reports the walk clauses of an action that does not walk.
    pub(super) fn walk_clauses_without_walk(
        &mut self,
        pattern: Option<&ActionClause>,
        clauses: &[&ActionClause],
    ) {
        for &clause in clauses {
            let word = keyword(clause);
            let mut diagnostic = Diagnostic::error(
                Code::ConflictingClauses,
                format!("`{word}` is for walks"),
                clause_span(clause),
                "a clause of `walk`",
            )
            .with_help("only a `walk` takes steps that can be guarded, paid for, push or leave the board");
            if let Some(pattern) = pattern {
                let moves = pattern_keyword(pattern);
                diagnostic =
                    diagnostic.with_label(clause_span(pattern), format!("this action moves by `{moves}`"));
            }
            self.report(diagnostic);
        }
    }
}
