//! Phases, turns (what may be played, how many actions, start and after effects) and end rules.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{self as ir, ActionId, Const};
use ludex_syntax::ast::{self, Expr, Ident, PhaseDecl, TurnDecl};

use super::Checker;
use super::names::{Symbol, not_among};
use super::scope::{Binding, Scope};
use super::types::Ty;

/// The name of the phase of rules that declare none.
const DEFAULT_PHASE: &str = "play";

impl<'a> Checker<'a> {
    pub(super) fn phases(&mut self) -> Vec<ir::Phase> {
        if self.decls.phases.is_empty() {
            return self.default_phase().into_iter().collect();
        }
        let decls = self.decls.phases.clone();
        self.unreachable_phases(&decls);
        decls.into_iter().map(|decl| self.phase(decl)).collect()
    }

    /// Rules without a `phase` have one: `phase play { turn { play A, B, ... } }` over every
    /// action in the order declared, the seats taking turns in their order, one action a turn.
    /// Rules without an action either are an error: nothing could ever be played.
    fn default_phase(&mut self) -> Option<ir::Phase> {
        let continuing = self.continuation_targets();
        let actions: Vec<ActionId> = (0..self.decls.actions.len())
            .filter_map(|a| ActionId::try_from(a).ok())
            .filter(|a| !continuing.contains(a))
            .collect();
        if actions.is_empty() {
            self.report(
                Diagnostic::error(Code::MissingPhase, "the rules declare no phase and no action", self.file_span(), "no `phase`")
                    .with_help("say what a seat may do: `action NAME { ... }` (a game of one phase needs no `phase` item)"),
            );
            return None;
        }
        for &action in &actions {
            self.names.use_symbol(Symbol::Action(action));
        }
        let choices = vec![ir::ActionChoice { actions, filter: None }];
        let turn = ir::Turn {
            start: Vec::new(),
            choices,
            count: one(),
            after: Vec::new(),
            legal: None,
            prefer: None,
            passing: ir::Passing::WhenStuck,
        };
        let order = (0..self.game.seats.len()).filter_map(|s| ir::SeatId::try_from(s).ok()).collect();
        Some(ir::Phase { name: DEFAULT_PHASE.to_string(), order, turn, until: None })
    }

    /// Phases after one that never ends can never begin.
    fn unreachable_phases(&mut self, decls: &[&PhaseDecl]) {
        let Some(endless) = decls.iter().position(|p| p.until.is_none()) else { return };
        let Some(name) = decls.get(endless).map(|p| &p.name) else { return };
        for later in decls.iter().skip(endless.saturating_add(1)) {
            self.report(
                Diagnostic::warning(
                    Code::UnreachablePhase,
                    format!("phase `{}` can never begin", later.name.name),
                    later.name.span,
                    "never reached",
                )
                .with_label(name.span, format!("phase `{}` has no `until`, so it never ends", name.name))
                .with_help(format!("give `{}` an `until`", name.name)),
            );
        }
    }

    fn phase(&mut self, decl: &'a PhaseDecl) -> ir::Phase {
        let order = match &decl.order {
            Some(seats) => seats.iter().filter_map(|s| self.seat_named(s)).collect(),
            None => (0..self.game.seats.len() as ir::SeatId).collect(),
        };
        let turn = match &decl.turn {
            Some(turn) => self.turn(turn),
            None => {
                self.report(
                    Diagnostic::error(
                        Code::MissingPlay,
                        format!("phase `{}` has no turn", decl.name.name),
                        decl.name.span,
                        "nothing can be played in it",
                    )
                    .with_help("add `turn { play ACTION }`"),
                );
                let count = one();
                ir::Turn {
                    start: Vec::new(),
                    choices: Vec::new(),
                    count,
                    after: Vec::new(),
                    legal: None,
                    prefer: None,
                    passing: ir::Passing::WhenStuck,
                }
            }
        };
        let until = decl.until.as_ref().map(|e| self.condition(e, &Scope::until()));
        ir::Phase { name: decl.name.name.clone(), order, turn, until }
    }

    fn turn(&mut self, decl: &'a TurnDecl) -> ir::Turn {
        if decl.choices.is_empty() {
            self.report(
                Diagnostic::error(Code::MissingPlay, "this turn plays no action", decl.span, "no `play`")
                    .with_help("add `play ACTION, ...`"),
            );
        }
        let start =
            decl.start.as_ref().map_or(Vec::new(), |b| self.effects(&b.effects, &Scope::turn_start()));
        let mut all = Binding::default();
        let mut choices = Vec::new();
        for choice in &decl.choices {
            let (actions, binding) = self.played_actions(&choice.actions);
            let scope = Scope::finished_move("a turn's `where`", &binding);
            let filter = choice.filter.as_ref().map(|f| self.condition(f, &scope));
            all.merge(binding);
            choices.push(ir::ActionChoice { actions, filter });
        }
        let count = match &decl.actions {
            None => one(),
            Some(ast::ActionCount::Exactly(n)) => ir::ActionCount::Exactly(self.action_count(n)),
            Some(ast::ActionCount::UpTo(n)) => ir::ActionCount::UpTo(self.action_count(n)),
            Some(ast::ActionCount::While(c)) => {
                ir::ActionCount::While(self.condition(c, &Scope::action_count()))
            }
        };
        let after_scope = Scope::turn_after(&all);
        let after = decl.after.as_ref().map_or(Vec::new(), |b| self.effects(&b.effects, &after_scope));
        let legal_scope = Scope::legal_if(&all, &count);
        let legal = decl.legal.as_ref().map(|c| self.condition(c, &legal_scope));
        let prefer = decl.prefer.as_ref().map(|preference| {
            let scope = Scope::finished_move("a turn's `prefer`", &all);
            let then_most = preference.then_most.as_ref().map(|e| self.expect(e, &scope, Ty::Int));
            ir::Preference { then_most }
        });
        let passing = if decl.may_pass.is_some() { ir::Passing::Always } else { ir::Passing::WhenStuck };
        ir::Turn { start, choices, count, after, legal, prefer, passing }
    }

    /// The actions a `play` or `otherwise` lists, and what their clauses may use.
    fn played_actions(&mut self, names: &[Ident]) -> (Vec<ActionId>, Binding<'a>) {
        let mut binding = Binding::default();
        let mut actions = Vec::new();
        for name in names {
            let Some(id) = self.names.action(&name.name) else {
                self.unknown_action(name);
                continue;
            };
            self.use_at(Symbol::Action(id), name.span);
            if let Some(action) = self.on_first_use.action_bindings.get(id as usize) {
                binding.merge(action.clone());
            }
            actions.push(id);
        }
        (actions, binding)
    }

    pub(super) fn unknown_action(&mut self, name: &Ident) {
        let message = match self.names.value(&name.name) {
            Some(other) => format!("`{}` is a {}, not an action", name.name, other.kind_name()),
            None => format!("unknown action `{}`", name.name),
        };
        let candidates = self.names.action_names();
        self.report(not_among(Code::UnknownAction, message, name, "not an action", candidates));
    }

    /// How many actions a turn holds: an int, at least 1 when known now.
    fn action_count(&mut self, n: &'a Expr) -> ir::Expr {
        self.at_least_one(n, &Scope::action_count(), |k| format!("a turn of {k} actions"))
    }

    pub(super) fn end_rules(&mut self) -> Vec<ir::EndRule> {
        let rules = self.decls.end.map_or(&[][..], |e| e.rules.as_slice());
        // With a `score`, a game without end rules ends, declared, when no seat can move: ranked by
        // the score (Othello).
        let scored = self.decls.end.is_some_and(|e| e.score.is_some());
        if rules.is_empty() && !scored {
            let span = self.decls.end.map_or(self.file_span(), |e| e.span);
            self.report(
                Diagnostic::warning(
                    Code::NoEndRules,
                    "the game has no end rules",
                    span,
                    "no `when ...: outcome`",
                )
                .with_help("without them a game ends only when no seat can move or at the move limit"),
            );
        }
        rules.iter().map(|rule| self.end_rule(rule)).collect()
    }

    /// `score EXPR` in `end`: a number (whole or decimal) for each seat.
    pub(super) fn score(&mut self) -> Option<ir::Expr> {
        let score = self.decls.end.and_then(|e| e.score.as_ref())?;
        Some(self.expect(score, &Scope::score(), Ty::Decimal))
    }

    fn end_rule(&mut self, rule: &'a ast::EndRule) -> ir::EndRule {
        let scope = Scope::end_rule();
        let condition = self.condition(&rule.condition, &scope);
        let outcome = match &rule.outcome {
            ast::Outcome::Win(seat) => ir::Outcome::Win(self.outcome_seat(seat, &scope)),
            ast::Outcome::Loss(seat) => ir::Outcome::Loss(self.outcome_seat(seat, &scope)),
            ast::Outcome::Draw(_) => ir::Outcome::Draw,
            ast::Outcome::Rank(keys) => {
                let scope = Scope::rank_key();
                ir::Outcome::Rank(keys.iter().map(|k| self.expect(k, &scope, Ty::Decimal)).collect())
            }
        };
        ir::EndRule { condition, outcome }
    }

    /// The seat a `win` or `loss` names: `none` written there names no seat, and the game could not
    /// end as the rule says. (A seat expression that gives none in play is a runtime fault.)
    fn outcome_seat(&mut self, seat: &'a Expr, scope: &Scope<'a>) -> ir::Expr {
        let lowered = self.expect(seat, scope, Ty::Seat);
        if seat.node == ast::ExprKind::None {
            self.report(
                Diagnostic::error(
                    Code::TypeMismatch,
                    "`win` and `loss` need a seat, and `none` is no seat",
                    seat.span,
                    "names no seat",
                )
                .with_help(
                    "name the seat that wins or loses: `mover`, `next`, a seat, or `draw` for no winner",
                ),
            );
        }
        lowered
    }
}

/// One action a turn: the default.
fn one() -> ir::ActionCount {
    ir::ActionCount::Exactly(ir::Expr::Const(Const::Int(1)))
}
