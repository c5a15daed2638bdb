//! Actions (a piece pattern, a drop or a choice, with their conditions and effects) and the
//! capture rule.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{self as ir, ActionKind, TypeId};
use ludex_syntax::ast::{self, ActionClause, ActionDecl, EffectBlock, Expr, Span, Supply, WalkLength};

use super::Checker;
use super::consteval;
use super::regions::{Seating, Side};
use super::scope::{Binding, Scope};
use super::types::{Kinds, Ty};

/// The most values a `choose` may offer.
const MAX_CHOICES: i64 = 1000;

/// An action's clauses by role.
#[derive(Default)]
struct Clauses<'a> {
    /// `step`, `slide`, `leap`, `walk`, `hop`, `drop`, `choose`: exactly one is expected.
    moves: Vec<&'a ActionClause>,
    when: Vec<&'a Expr>,
    filter: Vec<&'a Expr>,
    then: Vec<&'a EffectBlock>,
    destination: Vec<&'a ast::Spanned<ast::Destination>>,
    /// `each step where`, `paying`, `push`, `exit`: what a walk does on each step.
    walk: Vec<&'a ActionClause>,
    /// `promote on REGION to TYPES`: at most one.
    promote: Vec<&'a ActionClause>,
    /// `over`, `chain`: what a hop jumps and whether it chains.
    hop: Vec<&'a ActionClause>,
    /// `then ACTION [if EXPR]`: at most one.
    continuation: Vec<&'a ActionClause>,
}

fn sort_clauses(decl: &ActionDecl) -> Clauses<'_> {
    let mut clauses = Clauses::default();
    for clause in &decl.clauses {
        match clause {
            ActionClause::When(e) => clauses.when.push(e),
            ActionClause::Where(e) => clauses.filter.push(e),
            ActionClause::Then(block) => clauses.then.push(block),
            ActionClause::To(destination) => clauses.destination.push(destination),
            ActionClause::StepCondition(_)
            | ActionClause::Paying { .. }
            | ActionClause::Push { .. }
            | ActionClause::Exit(_)
            | ActionClause::Revisit { .. } => clauses.walk.push(clause),
            ActionClause::Promote { .. } => clauses.promote.push(clause),
            ActionClause::Over(_) | ActionClause::Chain { .. } => clauses.hop.push(clause),
            ActionClause::Continue { .. } => clauses.continuation.push(clause),
            _ => clauses.moves.push(clause),
        }
    }
    clauses
}

pub(super) fn clause_span(clause: &ActionClause) -> Span {
    match clause {
        ActionClause::Step { span, .. }
        | ActionClause::Paying { span, .. }
        | ActionClause::Push { span, .. }
        | ActionClause::Slide { span, .. }
        | ActionClause::Leap { span, .. }
        | ActionClause::Walk { span, .. }
        | ActionClause::Drop { span, .. }
        | ActionClause::Choose { span, .. }
        | ActionClause::Declare { span }
        | ActionClause::Revisit { span }
        | ActionClause::Promote { span, .. }
        | ActionClause::Hop { span, .. }
        | ActionClause::Chain { span, .. }
        | ActionClause::Anywhere { span, .. }
        | ActionClause::Remove { span, .. }
        | ActionClause::Along { span, .. }
        | ActionClause::Continue { span, .. } => *span,
        ActionClause::Sow { span, .. } => *span,
        ActionClause::Over(over) => over.span,
        ActionClause::When(e) | ActionClause::Where(e) | ActionClause::StepCondition(e) => e.span,
        ActionClause::To(destination) => destination.span,
        ActionClause::Exit(destination) => destination.span,
        ActionClause::Then(block) => block.span,
    }
}

/// Where a piece that leaves the board goes.
pub(super) fn capture_destination(d: ast::CaptureDestination) -> ir::CaptureDestination {
    match d {
        ast::CaptureDestination::Prizes => ir::CaptureDestination::Prizes,
        ast::CaptureDestination::Reserve => ir::CaptureDestination::Reserve,
        ast::CaptureDestination::Nowhere => ir::CaptureDestination::Nowhere,
        ast::CaptureDestination::Hand => ir::CaptureDestination::Hand,
    }
}

fn destination(d: ast::Destination) -> ir::Destination {
    match d {
        ast::Destination::Empty => ir::Destination::Empty,
        ast::Destination::Enemy => ir::Destination::Enemy,
        ast::Destination::EmptyOrEnemy => ir::Destination::EmptyOrEnemy,
        ast::Destination::Friend => ir::Destination::Friend,
        ast::Destination::EmptyOrFriend => ir::Destination::EmptyOrFriend,
        ast::Destination::FriendOrEnemy => ir::Destination::FriendOrEnemy,
        ast::Destination::Any => ir::Destination::Any,
    }
}

impl<'a> Checker<'a> {
    pub(super) fn actions(&mut self) -> Vec<ir::Action> {
        let decls = self.decls.actions.clone();
        let actions: Vec<ir::Action> = decls.into_iter().map(|decl| self.action(decl)).collect();
        self.check_continuations(&actions);
        actions
    }

    fn action(&mut self, decl: &'a ActionDecl) -> ir::Action {
        let clauses = sort_clauses(decl);
        self.written_once("when", &clauses.when.iter().map(|e| e.span).collect::<Vec<_>>());
        self.written_once("where", &clauses.filter.iter().map(|e| e.span).collect::<Vec<_>>());
        self.written_once("then", &clauses.then.iter().map(|b| b.span).collect::<Vec<_>>());
        let movers = self.piece_types_named(&decl.pieces);
        let pattern = self.pattern(decl, &clauses.moves);
        let (pieces, binding) = self.binding(pattern, movers);
        let kind = self.action_kind(pattern, &pieces, &binding, (&clauses.walk, &clauses.hop));
        let when = self.conjunction(&clauses.when, &Scope::before_move("an action's `when`", &binding));
        let filter = self.conjunction(&clauses.filter, &Scope::action_filter(&binding));
        let then_scope = Scope::finished_move("an action's `then`", &binding);
        let then = clauses.then.iter().flat_map(|b| self.effects(&b.effects, &then_scope)).collect();
        let destination = self.destination(pattern, &clauses.destination);
        if destination.allows_friend()
            && let Some(written) = clauses.destination.first()
        {
            self.require_stacks(written.span, "a move onto a friendly piece");
        }
        let promotion = self.promotion(pattern, &clauses.promote, &binding);
        let continuation = self.continuation(&clauses.continuation, &binding);
        self.on_first_use.action_bindings.push(binding);
        let name = decl.name.name.clone();
        ir::Action { name, kind, pieces, when, destination, filter, then, promotion, continuation }
    }

    /// The piece types of the names, each once.
    pub(super) fn piece_types_named(&mut self, names: &[ast::Ident]) -> Vec<TypeId> {
        let mut types = Vec::new();
        for t in names.iter().filter_map(|p| self.piece_named(p)) {
            if !types.contains(&t) {
                types.push(t);
            }
        }
        types
    }

    /// Reports every clause of a kind after the first: each is written at most once.
    pub(super) fn written_once(&mut self, keyword: &str, spans: &[Span]) {
        let Some(&first) = spans.first() else { return };
        let help = match keyword {
            "when" | "where" => "keep one, joining the conditions with `and`".to_string(),
            "then" => "keep one, with all the effects".to_string(),
            _ => format!("keep one `{keyword}`"),
        };
        for &again in spans.iter().skip(1) {
            self.report(
                Diagnostic::error(
                    Code::DuplicateClause,
                    format!("`{keyword}` is given twice"),
                    again,
                    format!("`{keyword}` again"),
                )
                .with_label(first, "first given here")
                .with_help(help.clone()),
            );
        }
    }

    /// The one clause that says how the action moves, after reporting a missing one, extra ones
    /// and a `for` that does not fit it.
    fn pattern(&mut self, decl: &ActionDecl, moves: &[&'a ActionClause]) -> Option<&'a ActionClause> {
        let Some(&first) = moves.first() else {
            self.report(
                Diagnostic::error(
                    Code::MissingPattern,
                    format!("action `{}` does not say how it moves", decl.name.name),
                    decl.name.span,
                    "no `step`, `slide`, `leap`, `walk`, `hop`, `drop`, `choose` or `declare`",
                )
                .with_help("a piece action needs a pattern, e.g. `step orthogonal`"),
            );
            return None;
        };
        for &extra in moves.iter().skip(1) {
            self.report(
                Diagnostic::error(
                    Code::ConflictingClauses,
                    format!("action `{}` says twice how it moves", decl.name.name),
                    clause_span(extra),
                    "a second way to move",
                )
                .with_label(clause_span(first), "the first one")
                .with_help("an action has one pattern, drop or choice: split it into two actions"),
            );
        }
        let for_span = decl.pieces.first().zip(decl.pieces.last()).map(|(a, b)| a.span.to(b.span));
        match (first, for_span) {
            (
                ActionClause::Drop { .. }
                | ActionClause::Choose { .. }
                | ActionClause::Declare { .. }
                | ActionClause::Remove { .. }
                | ActionClause::Sow { .. },
                Some(span),
            ) => {
                let what = match first {
                    ActionClause::Drop { supply: Supply::Reserve, .. } => "a drop",
                    ActionClause::Drop { supply: Supply::Unlimited, .. } => "a placing",
                    ActionClause::Choose { .. } => "a choice",
                    ActionClause::Remove { .. } => "a removal",
                    ActionClause::Sow { .. } => "a sowing",
                    _ => "a declaration",
                };
                let message = match first {
                    ActionClause::Sow { .. } => {
                        format!(
                            "action `{}` is a sowing, which moves whatever its cell holds",
                            decl.name.name
                        )
                    }
                    _ => format!("action `{}` is {what}, which no piece on the board makes", decl.name.name),
                };
                self.report(
                    Diagnostic::error(
                        Code::ConflictingClauses,
                        message,
                        span,
                        "`for` names the pieces that move",
                    )
                    .with_label(clause_span(first), what.to_string())
                    .with_help(match first {
                        ActionClause::Drop { supply, .. } => match supply {
                            Supply::Reserve => "remove `for ...`; a drop names the pieces it drops",
                            Supply::Unlimited => "remove `for ...`; a placing names the pieces it places",
                        },
                        _ => "remove `for ...`",
                    }),
                );
            }
            (
                ActionClause::Drop { .. }
                | ActionClause::Choose { .. }
                | ActionClause::Declare { .. }
                | ActionClause::Remove { .. }
                | ActionClause::Sow { .. },
                None,
            )
            | (_, Some(_)) => {}
            (_, None) => self.report(
                Diagnostic::error(
                    Code::MissingPieces,
                    format!("action `{}` moves pieces but does not say which", decl.name.name),
                    decl.name.span,
                    "no `for`",
                )
                .with_help(format!("write `action {} for TYPE {{ ... }}`", decl.name.name)),
            ),
        }
        Some(first)
    }

    /// The types an action moves or drops, and what its clauses may use.
    fn binding(
        &mut self,
        pattern: Option<&'a ActionClause>,
        movers: Vec<TypeId>,
    ) -> (Vec<TypeId>, Binding<'a>) {
        match pattern {
            Some(ActionClause::Choose { name, span, .. }) => {
                self.findings.index.choice_declared(name, *span);
                (Vec::new(), Binding { choices: vec![name], ..Binding::default() })
            }
            Some(ActionClause::Declare { .. } | ActionClause::Remove { .. } | ActionClause::Sow { .. }) => {
                (Vec::new(), Binding::default())
            }
            Some(ActionClause::Along { .. }) => {
                let kinds = (!movers.is_empty()).then(|| Kinds::of(&movers));
                (movers, Binding { kinds, choices: vec![&*super::tracks::PIPS] })
            }
            Some(ActionClause::Drop { pieces, .. }) => {
                let dropped = self.piece_types_named(pieces);
                let kinds = Some(Kinds::of(&dropped));
                (dropped, Binding { kinds, choices: Vec::new() })
            }
            _ => {
                let kinds = (!movers.is_empty()).then(|| Kinds::of(&movers));
                (movers, Binding { kinds, choices: Vec::new() })
            }
        }
    }

    fn action_kind(
        &mut self,
        pattern: Option<&'a ActionClause>,
        pieces: &[TypeId],
        binding: &Binding<'a>,
        (walk_clauses, hop_clauses): (&[&'a ActionClause], &[&'a ActionClause]),
    ) -> ActionKind {
        let before = Scope::before_move("a pattern's length", binding);
        // A move along a track may leave the board at its end: `exit` is for it too.
        let exits = matches!(pattern, Some(ActionClause::Along { source: ast::TrackSource::Board, .. }));
        let (exit_clauses, other_walk_clauses): (Vec<&ActionClause>, Vec<&ActionClause>) =
            walk_clauses.iter().partition(|c| exits && matches!(c, ActionClause::Exit(_)));
        if !matches!(pattern, Some(ActionClause::Walk { .. })) {
            self.walk_clauses_without_walk(pattern, &other_walk_clauses);
        }
        if !matches!(pattern, Some(ActionClause::Hop { .. } | ActionClause::Slide { .. })) {
            self.hop_clauses_without_hop(hop_clauses);
        }
        match pattern {
            Some(ActionClause::Step { directions, .. }) => {
                let dirs = self.direction_list(directions);
                ActionKind::Step { directions: self.per_seat(&dirs) }
            }
            Some(ActionClause::Slide { directions, length, .. }) => {
                self.slide((directions, length.as_ref()), hop_clauses, &before)
            }
            Some(ActionClause::Leap { paths, .. }) => {
                let paths: Vec<Vec<_>> = paths
                    .iter()
                    .filter_map(|path| {
                        path.iter().map(|step| self.path_step(step)).collect::<Option<Vec<_>>>()
                    })
                    .collect();
                let per_seat = (0..self.game.seats.len())
                    .map(|seat| paths.iter().map(|p| self.seat_path(seat, p)).collect())
                    .collect();
                ActionKind::Leap { paths: per_seat }
            }
            Some(ActionClause::Walk { directions, length, .. }) => {
                let dirs = self.direction_list(directions);
                let cells = self.game.board.as_ref().map_or(0, |b| b.cell_count());
                let (length, exact) = match length {
                    Some(WalkLength::Exactly(e)) => (self.length(e, &before), true),
                    Some(WalkLength::AtMost(e)) => (self.length(e, &before), false),
                    None => (ir::Expr::Const(ir::Const::Int(cells as i64)), false),
                };
                let rules = self.walk_rules(walk_clauses, binding);
                ActionKind::Walk { directions: self.per_seat(&dirs), length, exact, rules }
            }
            Some(ActionClause::Drop { region, with, supply, .. }) => {
                let shape = self.region(region, Seating::EachSeat);
                let cells = self.per_seat_cells(&shape, Side::of);
                let kinds = Kinds::of(pieces);
                let place = match supply {
                    Supply::Reserve => "a drop's `with`",
                    Supply::Unlimited => "a placing's `with`",
                };
                let with = self.assignments(with, kinds, &Scope::finished_move(place, binding));
                match supply {
                    Supply::Reserve => ActionKind::Drop { cells, with },
                    Supply::Unlimited => ActionKind::Place { cells, with },
                }
            }
            Some(ActionClause::Choose { from, to, span, .. }) => self.choose(from, to, *span),
            Some(ActionClause::Declare { .. }) => ActionKind::Declare,
            Some(ActionClause::Hop { directions, span }) => {
                self.hop((directions, *span), hop_clauses, binding)
            }
            Some(ActionClause::Anywhere { region, .. }) => {
                let shape = match region {
                    Some(region) => self.region(region, Seating::EachSeat),
                    None => super::regions::Shape::Written(vec![true; self.cell_count()]),
                };
                ActionKind::Anywhere { cells: self.per_seat_cells(&shape, Side::of) }
            }
            Some(ActionClause::Remove { region, .. }) => {
                let shape = self.region(region, Seating::EachSeat);
                ActionKind::Remove { cells: self.per_seat_cells(&shape, Side::of) }
            }
            Some(ActionClause::Along { track, amounts, source, .. }) => {
                self.written_once("exit", &exit_clauses.iter().map(|c| clause_span(c)).collect::<Vec<_>>());
                let exit = exit_clauses.iter().find_map(|c| match c {
                    ActionClause::Exit(d) => Some(capture_destination(d.node)),
                    _ => None,
                });
                self.along((track, amounts), *source, exit, &before)
            }
            Some(ActionClause::Sow { region, track, skipping, span }) => {
                self.sow((region, track, skipping.as_ref()), *span, binding)
            }
            // No pattern (`pattern` reports it): a step nowhere.
            None
            | Some(
                ActionClause::When(_)
                | ActionClause::To(_)
                | ActionClause::Where(_)
                | ActionClause::Then(_)
                | ActionClause::StepCondition(_)
                | ActionClause::Paying { .. }
                | ActionClause::Push { .. }
                | ActionClause::Exit(_)
                | ActionClause::Revisit { .. }
                | ActionClause::Promote { .. }
                | ActionClause::Over(_)
                | ActionClause::Chain { .. }
                | ActionClause::Continue { .. },
            ) => ActionKind::Step { directions: vec![Vec::new(); self.game.seats.len()] },
        }
    }

    /// A slide's or walk's length: an int, at least 1 when known now.
    pub(super) fn length(&mut self, e: &'a Expr, scope: &Scope<'a>) -> ir::Expr {
        self.at_least_one(e, scope, |n| format!("a length of {n} moves nowhere"))
    }

    /// An int that must be at least 1 when known now; `too_small` words the error for one below.
    pub(super) fn at_least_one(
        &mut self,
        e: &'a Expr,
        scope: &Scope<'a>,
        too_small: impl FnOnce(i64) -> String,
    ) -> ir::Expr {
        let value = self.expect(e, scope, Ty::Int);
        if let Some(n) = self.constant_int(&value).filter(|&n| n < 1) {
            self.report(Diagnostic::error(Code::OutOfRange, too_small(n), e.span, "at least 1 expected"));
        }
        value
    }

    pub(super) fn constant_int(&self, e: &ir::Expr) -> Option<i64> {
        consteval::int(e, &self.const_env(None))
    }

    fn choose(&mut self, from: &'a Expr, to: &'a Expr, span: Span) -> ActionKind {
        let scope = Scope::choice_bounds();
        let (from, to) = (self.expect(from, &scope, Ty::Int), self.expect(to, &scope, Ty::Int));
        if let (Some(lo), Some(hi)) = (self.constant_int(&from), self.constant_int(&to)) {
            if lo > hi {
                self.report(
                    Diagnostic::error(
                        Code::EmptyRange,
                        format!("choosing from {lo} to {hi} offers nothing"),
                        span,
                        "empty",
                    )
                    .with_help(format!("write `from {hi} to {lo}`")),
                );
            } else if hi.saturating_sub(lo) >= MAX_CHOICES {
                self.report(Diagnostic::error(
                    Code::OutOfRange,
                    format!("choosing from {lo} to {hi} offers too many values"),
                    span,
                    format!("at most {MAX_CHOICES} values"),
                ));
            }
        }
        ActionKind::Choose { from, to }
    }

    /// Several `when`s (or `where`s) must all hold.
    pub(super) fn conjunction(&mut self, conditions: &[&'a Expr], scope: &Scope<'a>) -> Option<ir::Expr> {
        let lowered: Vec<ir::Expr> = conditions.iter().map(|c| self.condition(c, scope)).collect();
        lowered.into_iter().reduce(|a, b| ir::Expr::Binary(ir::BinaryOp::And, Box::new(a), Box::new(b)))
    }

    fn destination(
        &mut self,
        pattern: Option<&ActionClause>,
        written: &[&ast::Spanned<ast::Destination>],
    ) -> ir::Destination {
        let is_drop = matches!(pattern, Some(ActionClause::Drop { .. }));
        let moves_piece = !is_drop
            && !matches!(
                pattern,
                Some(ActionClause::Choose { .. } | ActionClause::Declare { .. } | ActionClause::Sow { .. })
            );
        self.written_once("to", &written.iter().map(|d| d.span).collect::<Vec<_>>());
        let hops = matches!(pattern, Some(ActionClause::Hop { .. }));
        match written.first() {
            Some(d) if hops => {
                self.destination_of_hop(d.span);
                ir::Destination::Empty
            }
            None if hops => ir::Destination::Empty,
            Some(d) if moves_piece => destination(d.node),
            Some(d) => {
                self.report(Diagnostic::error(
                    Code::ConflictingClauses,
                    "`to` is for piece moves",
                    d.span,
                    "a drop, a choice or a declaration has no destination to choose",
                ));
                ir::Destination::EmptyOrEnemy
            }
            None if is_drop => ir::Destination::Empty,
            None => ir::Destination::EmptyOrEnemy,
        }
    }

    pub(super) fn capture(&mut self) -> ir::Capture {
        let Some(decl) = self.decls.capture else {
            return ir::Capture {
                allowed: None,
                destination: ir::CaptureDestination::Nowhere,
                then: Vec::new(),
            };
        };
        let binding = Binding::default();
        self.written_once("when", &decl.when.iter().map(|e| e.span).collect::<Vec<_>>());
        self.written_once("then", &decl.then.iter().map(|b| b.span).collect::<Vec<_>>());
        let when: Vec<&Expr> = decl.when.iter().collect();
        let allowed = self.conjunction(&when, &Scope::finished_move("the capture's `when`", &binding));
        let then_scope = Scope::finished_move("the capture's `then`", &binding);
        let then = decl.then.iter().flat_map(|b| self.effects(&b.effects, &then_scope)).collect();
        let destination = decl
            .destination
            .as_ref()
            .map_or(ir::CaptureDestination::Nowhere, |d| capture_destination(d.node));
        ir::Capture { allowed, destination, then }
    }
}
