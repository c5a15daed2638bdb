//! Compound moves (`then ACTION [if EXPR]`): an action's continuation lowered to
//! [`ir::Continuation`], the checks that the action continued by can end a move (it is not
//! compound itself and its moves keep no path) and that it can go on from where the first part
//! lands, and the actions that only continue others, which a default turn does not offer alone.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{self as ir, ActionId, ActionKind, TrackSource, TypeId};
use ludex_syntax::ast::{ActionClause, Span};

use super::Checker;
use super::names::Symbol;
use super::scope::{Binding, Scope};

impl<'a> Checker<'a> {
    /// The continuation that an action's `then ACTION [if EXPR]` clause gives (written once).
    pub(super) fn continuation(
        &mut self,
        clauses: &[&'a ActionClause],
        binding: &Binding<'a>,
    ) -> Option<ir::Continuation> {
        let spans: Vec<Span> = clauses.iter().map(|c| super::actions::clause_span(c)).collect();
        self.written_once("then ACTION", &spans);
        let Some(ActionClause::Continue { action, condition, .. }) = clauses.first() else { return None };
        let Some(id) = self.names.action(&action.name) else {
            self.unknown_action(action);
            return None;
        };
        self.use_at(Symbol::Action(id), action.span);
        let scope = Scope::finished_move("a continuation's `if`", binding);
        let condition = condition.as_ref().map(|c| self.condition(c, &scope));
        Some(ir::Continuation { action: id, condition })
    }

    /// Reports, once every action is lowered, each continuation that cannot end a move or that
    /// can never go on from where its first part lands.
    pub(super) fn check_continuations(&mut self, actions: &[ir::Action]) {
        let decls = self.decls.actions.clone();
        for (decl, action) in decls.iter().zip(actions) {
            let Some(continuation) = &action.continuation else { continue };
            let Some(next) = actions.get(continuation.action as usize) else { continue };
            let Some(span) = decl.clauses.iter().find_map(|c| match c {
                ActionClause::Continue { span, .. } => Some(*span),
                _ => None,
            }) else {
                continue;
            };
            if let Some(why) = cannot_end_a_move(next) {
                self.report(
                    Diagnostic::error(
                        Code::CompoundContinuation,
                        format!("action `{}` cannot end a compound move: {why}", next.name),
                        span,
                        "the move goes on by it",
                    )
                    .with_help("a compound move has two parts: continue by an action without `then ACTION`, whose moves are single steps, slides, leaps, walks without rules, drops, placings, removals, choices or declarations"),
                );
            } else if let Some(why) = never_applies(action, next) {
                self.report(
                    Diagnostic::error(
                        Code::ContinuationNeverApplies,
                        format!("action `{}` can never go on by `{}`: {why}", action.name, next.name),
                        span,
                        "never applies",
                    )
                    .with_help(format!(
                        "the second part's `from` is where `{}` lands: continue by an action for the piece that lands there",
                        action.name
                    )),
                );
            }
        }
    }

    /// The actions that some action's `then ACTION` names: a default turn offers them only as
    /// the second part of a move.
    pub(super) fn continuation_targets(&self) -> Vec<ActionId> {
        let clauses = self.decls.actions.iter().flat_map(|decl| &decl.clauses);
        let named = clauses.filter_map(|clause| match clause {
            ActionClause::Continue { action, .. } => self.names.action(&action.name),
            _ => None,
        });
        let mut targets: Vec<ActionId> = named.collect();
        targets.sort_unstable();
        targets.dedup();
        targets
    }
}

/// Why an action cannot be a compound move's second part, if it cannot.
fn cannot_end_a_move(action: &ir::Action) -> Option<&'static str> {
    if action.continuation.is_some() {
        return Some("it is compound itself (a move goes on once)");
    }
    match &action.kind {
        ActionKind::Hop { .. } => Some("its hops keep their path"),
        ActionKind::Walk { rules, .. } if rules.keeps_paths() => Some("its walks keep their path"),
        ActionKind::Sow { .. } => Some("it sows from its region, not from where a move lands"),
        ActionKind::Walk { .. }
        | ActionKind::Step { .. }
        | ActionKind::Slide { .. }
        | ActionKind::Leap { .. }
        | ActionKind::Drop { .. }
        | ActionKind::Choose { .. }
        | ActionKind::Declare
        | ActionKind::Place { .. }
        | ActionKind::Anywhere { .. }
        | ActionKind::Remove { .. }
        | ActionKind::Along { .. }
        | ActionKind::SlideExactly { .. } => None,
    }
}

/// Why the second part can never go on from where the first lands, if it never can: it moves
/// the piece on its `from`, and the first part leaves none there, or none of a type it moves.
fn never_applies(first: &ir::Action, next: &ir::Action) -> Option<String> {
    if !next.kind.moves_piece() {
        return None;
    }
    let Some(landed) = landing_types(first) else {
        return Some(format!("`{}` leaves no piece of the mover's where it acts", first.name));
    };
    let moved = |t: &TypeId| next.pieces.contains(t);
    (!next.pieces.is_empty() && !landed.iter().any(moved))
        .then(|| format!("`{}` moves none of the types `{}` leaves on its cell", next.name, first.name))
}

/// The types the piece a move puts on its `to` may have; `None` when the move puts no piece of
/// the mover's there.
fn landing_types(action: &ir::Action) -> Option<Vec<TypeId>> {
    let promoted = action.promotion.iter().flat_map(|p| p.types.iter().copied());
    match &action.kind {
        ActionKind::Choose { .. }
        | ActionKind::Declare
        | ActionKind::Remove { .. }
        | ActionKind::Sow { .. } => None,
        ActionKind::Drop { .. } | ActionKind::Place { .. } => Some(action.pieces.clone()),
        ActionKind::Along { source: TrackSource::Reserve, .. } => Some(action.pieces.clone()),
        ActionKind::Step { .. }
        | ActionKind::Slide { .. }
        | ActionKind::Leap { .. }
        | ActionKind::Walk { .. }
        | ActionKind::Hop { .. }
        | ActionKind::Anywhere { .. }
        | ActionKind::Along { source: TrackSource::Board, .. }
        | ActionKind::SlideExactly { .. } => Some(action.pieces.iter().copied().chain(promoted).collect()),
    }
}
