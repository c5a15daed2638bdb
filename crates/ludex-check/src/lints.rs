//! Warnings for rules that check but cannot mean what they say, found by a small abstract
//! interpretation of the lowered conditions: each expression is given the set of values it can
//! take (a constant, an integer range that may include `none`, or anything), either at any point
//! of a game or when the game starts. From it:
//!
//! - a comparison that always gives the same answer (`count(pieces(mover)) < 0`, a die's face
//!   compared with 7, `distance(from, to) >= 0`) is `constant-comparison`;
//! - an end rule that already holds when the game starts (`count(pieces(mover)) == 0` before anyone
//!   moved, `when true`) is `ends-at-start`: a warning, as far as this analysis knows the start;
//!   where the engine is asked too (a [`crate::GameCheck`], as `ludex::compile` gives), its error
//!   replaces it;
//! - an end rule after one that always holds can never end the game: `shadowed-rule`.
//!
//! The analysis reads the IR (names resolved, definitions inlined) beside the AST the IR was
//! lowered from, walked in step while the two have the same shape, which gives the warnings their
//! places. Option values and seats or teams that options leave out are constants in the IR; an
//! expression that reads them (directly or through a definition) is taken to be able to hold any
//! value, so that a file is not warned about what only one choice of options makes constant.

use std::collections::{BTreeMap, HashMap, HashSet};

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{
    self as ir, BinaryOp, Collection, Const, ContextWord, Expr, Game, PieceField, SeatId, SetupStep, TypeId,
};
use ludex_syntax::ast::{self, ActionClause, ExprKind, Item, RulesFile};

/// Finds the traps of a game that checked without error, `file` being what it was lowered from.
pub(crate) fn lint(file: &RulesFile, game: &Game, diagnostics: &mut Vec<Diagnostic>) {
    let source = Source::new(file);
    let anytime = Facts::anytime(game);
    let at_start = Facts::at_start(game);
    let mut found = Findings::default();
    for (ast_action, action) in source.actions.iter().zip(&game.actions) {
        for (written, lowered) in [(&ast_action.when, &action.when), (&ast_action.filter, &action.filter)] {
            if let (Some(written), Some(lowered)) = (written, lowered) {
                anytime.eval(lowered, Twin::of(written, &source), &mut found);
            }
        }
    }
    for (phase, lowered) in source.phases.iter().zip(&game.phases) {
        if let (Some(written), Some(lowered)) = (&phase.until, &lowered.until) {
            anytime.eval(lowered, Twin::of(written, &source), &mut found);
        }
    }
    let mut always_holds: Option<&ast::EndRule> = None;
    let rules: Vec<_> = source.end_rules.iter().zip(&game.end).collect();
    for (index, &(written, rule)) in rules.iter().enumerate() {
        if let Some(first) = always_holds {
            found.diagnostics.push(shadowed(written, first));
            continue;
        }
        let twin = Twin::of(&written.condition, &source);
        let is_last = index.saturating_add(1) == rules.len();
        if anytime.eval(&rule.condition, twin, &mut found).is_true() && !is_last {
            // The rules it hides are warned about, pointing at it.
            always_holds = Some(written);
        } else if at_start.eval(&rule.condition, twin, &mut Findings::default()).is_true() {
            found.diagnostics.push(ends_at_start(written));
        }
    }
    diagnostics.extend(found.diagnostics);
}

/// The parts of the AST whose conditions are linted, in the order the IR lowers them.
struct Source<'a> {
    actions: Vec<ActionConditions<'a>>,
    phases: Vec<&'a ast::PhaseDecl>,
    end_rules: Vec<&'a ast::EndRule>,
    /// Names whose value depends on the options: options, seats and teams formed only under a
    /// condition, and definitions that read any of them.
    option_dependent: HashSet<&'a str>,
}

/// An action's `when` and `where`, when each is written once (several are lowered as one
/// conjunction, linted only as a whole).
struct ActionConditions<'a> {
    when: Option<&'a ast::Expr>,
    filter: Option<&'a ast::Expr>,
}

impl<'a> Source<'a> {
    fn new(file: &'a RulesFile) -> Source<'a> {
        let mut source = Source {
            actions: Vec::new(),
            phases: Vec::new(),
            end_rules: Vec::new(),
            option_dependent: HashSet::new(),
        };
        let mut defines = Vec::new();
        for item in &file.items {
            match item {
                Item::Option(option) => _ = source.option_dependent.insert(&option.name.name),
                Item::Seat(seat) if seat.condition.is_some() => {
                    _ = source.option_dependent.insert(&seat.name.name)
                }
                Item::Team(team) if team.condition.is_some() => {
                    _ = source.option_dependent.insert(&team.name.name)
                }
                Item::Define(define) => defines.push(define),
                Item::Action(action) => source.actions.push(ActionConditions::of(action)),
                Item::Phase(phase) => source.phases.push(phase),
                Item::End(end) => source.end_rules.extend(&end.rules),
                Item::Game(_)
                | Item::Seat(_)
                | Item::Team(_)
                | Item::Board(_)
                | Item::Map(_)
                | Item::Directions(_)
                | Item::Piece(_)
                | Item::Zone(_)
                | Item::Variable(_)
                | Item::Setup(_)
                | Item::Capture(_)
                | Item::Track(_) => {}
            }
        }
        // A definition reading an option-dependent name is one too, through any chain of them.
        loop {
            let before = source.option_dependent.len();
            for define in &defines {
                if source.depends_on_options(&define.body) {
                    source.option_dependent.insert(&define.name.name);
                }
            }
            if source.option_dependent.len() == before {
                break;
            }
        }
        source
    }

    /// Whether the expression names anything whose value the options decide.
    fn depends_on_options(&self, expr: &ast::Expr) -> bool {
        let named = |name: &str| self.option_dependent.contains(name);
        match &expr.node {
            ExprKind::Int(_)
            | ExprKind::Decimal(_)
            | ExprKind::Bool(_)
            | ExprKind::None
            | ExprKind::Roll { .. } => false,
            ExprKind::Exactly(inner) => self.depends_on_options(inner),
            ExprKind::Name(ident) => named(&ident.name),
            ExprKind::Call { function, args } => {
                named(&function.name) || args.iter().any(|a| self.depends_on_options(a))
            }
            ExprKind::Field { base, .. } => self.depends_on_options(base),
            ExprKind::Unary { operand, .. } => self.depends_on_options(operand),
            ExprKind::Binary { left, right, .. } => {
                self.depends_on_options(left) || self.depends_on_options(right)
            }
            ExprKind::If { condition, then, otherwise } => {
                [condition, then, otherwise].iter().any(|e| self.depends_on_options(e))
            }
        }
    }
}

impl<'a> ActionConditions<'a> {
    fn of(action: &'a ast::ActionDecl) -> ActionConditions<'a> {
        let only = |conditions: Vec<&'a ast::Expr>| match conditions.as_slice() {
            [one] => Some(*one),
            _ => None,
        };
        let when =
            action.clauses.iter().filter_map(|c| if let ActionClause::When(e) = c { Some(e) } else { None });
        let filter =
            action.clauses.iter().filter_map(|c| if let ActionClause::Where(e) = c { Some(e) } else { None });
        ActionConditions { when: only(when.collect()), filter: only(filter.collect()) }
    }
}

/// The AST expression an IR expression was lowered from, while the two have the same shape.
#[derive(Clone, Copy)]
struct Twin<'s, 'a> {
    expr: Option<&'a ast::Expr>,
    source: &'s Source<'a>,
}

impl<'s, 'a> Twin<'s, 'a> {
    fn of(expr: &'a ast::Expr, source: &'s Source<'a>) -> Twin<'s, 'a> {
        Twin { expr: Some(expr), source }
    }

    fn lost(self) -> Twin<'s, 'a> {
        Twin { expr: None, ..self }
    }

    /// The twins of a binary IR expression's operands.
    fn operands(self, op: BinaryOp) -> (Twin<'s, 'a>, Twin<'s, 'a>) {
        match self.expr.map(|e| &e.node) {
            Some(ExprKind::Binary { op: written, left, right }) if same_op(written.node, op) => {
                (Twin { expr: Some(left), ..self }, Twin { expr: Some(right), ..self })
            }
            _ => (self.lost(), self.lost()),
        }
    }

    /// The twin of a unary IR expression's operand.
    fn operand(self) -> Twin<'s, 'a> {
        match self.expr.map(|e| &e.node) {
            Some(ExprKind::Unary { operand, .. }) => Twin { expr: Some(operand), ..self },
            _ => self.lost(),
        }
    }

    /// The twins of a conditional's three parts.
    fn branches(self) -> [Twin<'s, 'a>; 3] {
        match self.expr.map(|e| &e.node) {
            Some(ExprKind::If { condition, then, otherwise }) => {
                [condition, then, otherwise].map(|e| Twin { expr: Some(e), ..self })
            }
            _ => [self.lost(); 3],
        }
    }

    /// Whether the written expression reads a name the options decide.
    fn depends_on_options(self) -> bool {
        self.expr.is_some_and(|e| self.source.depends_on_options(e))
    }
}

/// Whether the IR operator is the one written.
fn same_op(written: ast::BinaryOp, lowered: BinaryOp) -> bool {
    let lowered_as = match written {
        ast::BinaryOp::Or => BinaryOp::Or,
        ast::BinaryOp::And => BinaryOp::And,
        ast::BinaryOp::Eq => BinaryOp::Eq,
        ast::BinaryOp::Ne => BinaryOp::Ne,
        ast::BinaryOp::Lt => BinaryOp::Lt,
        ast::BinaryOp::Le => BinaryOp::Le,
        ast::BinaryOp::Gt => BinaryOp::Gt,
        ast::BinaryOp::Ge => BinaryOp::Ge,
        ast::BinaryOp::Add => BinaryOp::Add,
        ast::BinaryOp::Sub => BinaryOp::Sub,
        ast::BinaryOp::Mul => BinaryOp::Mul,
        ast::BinaryOp::Div => BinaryOp::Div,
        ast::BinaryOp::Mod => BinaryOp::Mod,
        ast::BinaryOp::In => return false,
    };
    lowered_as == lowered
}

/// The values an expression can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Values {
    /// Always this constant.
    Exactly(Const),
    /// An integer from `low` to `high`, or `none` when `or_none`.
    Ints { low: i64, high: i64, or_none: OrNone },
    /// Anything its type allows.
    Any,
}

/// Whether a range of integers may also be `none`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OrNone {
    Never,
    Maybe,
}

impl OrNone {
    fn either(self, other: OrNone) -> OrNone {
        if self == OrNone::Maybe || other == OrNone::Maybe { OrNone::Maybe } else { OrNone::Never }
    }
}

impl Values {
    const NATURAL: Values = Values::Ints { low: 0, high: i64::MAX, or_none: OrNone::Never };

    fn from(low: i64, high: i64, or_none: OrNone) -> Values {
        if low == high && or_none == OrNone::Never {
            Values::Exactly(Const::Int(low))
        } else {
            Values::Ints { low, high, or_none }
        }
    }

    fn truth(value: bool) -> Values {
        Values::Exactly(Const::Bool(value))
    }

    fn is_true(self) -> bool {
        self == Values::truth(true)
    }

    /// The integer range, when the values are integers (or `none`).
    fn ints(self) -> Option<(i64, i64, OrNone)> {
        match self {
            Values::Exactly(Const::Int(n)) => Some((n, n, OrNone::Never)),
            Values::Ints { low, high, or_none } => Some((low, high, or_none)),
            Values::Exactly(_) | Values::Any => None,
        }
    }

    /// Whether the value is `true` (a condition holds), when that is known.
    fn holds(self) -> Option<bool> {
        match self {
            Values::Exactly(c) => Some(c == Const::Bool(true)),
            Values::Ints { .. } => Some(false),
            Values::Any => None,
        }
    }

    /// Either of two sets of values.
    fn join(self, other: Values) -> Values {
        if self == other {
            return self;
        }
        match (self.ints(), other.ints()) {
            (Some((a, b, x)), Some((c, d, y))) => Values::from(a.min(c), b.max(d), x.either(y)),
            _ => Values::Any,
        }
    }

    /// How the values read in a warning: `always 3`, `0 or more`, `from 1 to 6 or none`.
    fn describe(self) -> String {
        let Some((low, high, or_none)) = self.ints() else { return "any value".to_string() };
        let range = match (low, high) {
            _ if low == high => format!("always {low}"),
            (i64::MIN, i64::MAX) => "any integer".to_string(),
            (_, i64::MAX) => format!("{low} or more"),
            (i64::MIN, _) => format!("{high} or less"),
            _ => format!("from {low} to {high}"),
        };
        match or_none {
            OrNone::Never => range,
            OrNone::Maybe => format!("{range}, or none"),
        }
    }
}

/// What is known of a game's state where expressions are evaluated.
struct Facts<'g> {
    game: &'g Game,
    /// What is known when the game starts (before the first move), or nothing more than at any
    /// point of a game.
    start: Option<Start>,
}

/// The state when the game starts, as far as the setup tells it.
struct Start {
    /// The seat to act first, when the setup leaves no doubt.
    first: Option<SeatId>,
    /// The pieces on the board and in the reserves, when the setup only places and reserves
    /// pieces (effects and a turn's `start` could change anything).
    pieces: Option<Pieces>,
}

/// Pieces by owner (`None` neutral) and type.
#[derive(Default)]
struct Pieces {
    board: BTreeMap<(Option<SeatId>, TypeId), i64>,
    reserve: BTreeMap<SeatId, i64>,
}

impl<'g> Facts<'g> {
    fn anytime(game: &'g Game) -> Facts<'g> {
        Facts { game, start: None }
    }

    fn at_start(game: &'g Game) -> Facts<'g> {
        let first_phase = game.phases.first();
        let first = first_phase.and_then(|p| p.order.first().copied());
        let placed_only = game.setup.iter().all(|step| !matches!(step, SetupStep::Effect(_)))
            && first_phase.is_some_and(|p| p.turn.start.is_empty());
        let pieces = placed_only.then(|| placed(&game.setup));
        Facts { game, start: Some(Start { first, pieces }) }
    }

    /// The values of `expr`; comparisons with a constant answer found on the way are added to
    /// `found` (at any point of a game only: at the start many are constant).
    fn eval(&self, expr: &Expr, twin: Twin, found: &mut Findings) -> Values {
        let values = self.values(expr, twin, found);
        if twin.depends_on_options() { Values::Any } else { values }
    }

    /// [`Facts::eval`], before what the options decide is taken to be unknown.
    fn values(&self, expr: &Expr, twin: Twin, found: &mut Findings) -> Values {
        match expr {
            Expr::Const(c) => Values::Exactly(*c),
            Expr::Context(word) => self.context(*word),
            Expr::Variable(_) | Expr::SeatVariable(..) => Values::Any,
            Expr::Map(id, cell) => {
                let on_a_cell =
                    matches!(self.eval(cell, twin.lost(), found), Values::Exactly(Const::Cell(_)));
                let values = self.game.maps.get(*id as usize).map_or(Values::Any, map_values);
                match values.ints() {
                    // Off the board, or on no cell, a map gives none.
                    Some((low, high, _)) if !on_a_cell => Values::Ints { low, high, or_none: OrNone::Maybe },
                    _ => values,
                }
            }
            Expr::InZone { cell, seat, .. } => {
                self.eval(cell, twin.lost(), found);
                self.eval(seat, twin.lost(), found);
                Values::Any
            }
            Expr::PieceAt(cell) => {
                self.eval(cell, twin.lost(), found);
                Values::Any
            }
            Expr::Field(piece, field) => {
                self.eval(piece, twin.lost(), found);
                self.field(*field)
            }
            Expr::Not(e) => match self.eval(e, twin.operand(), found).holds() {
                Some(holds) => Values::truth(!holds),
                None => Values::Any,
            },
            Expr::Neg(e) => match self.eval(e, twin.operand(), found).ints() {
                Some((low, high, or_none)) => {
                    Values::from(high.saturating_neg(), low.saturating_neg(), or_none)
                }
                None => Values::Any,
            },
            Expr::Binary(op, a, b) => {
                let (left, right) = twin.operands(*op);
                let a = self.eval(a, left, found);
                let b = self.eval(b, right, found);
                let result = binary(*op, a, b);
                self.note_constant(*op, (a, b), result, twin, found);
                result
            }
            Expr::If(c, a, b) => {
                let [condition, then, otherwise] = twin.branches();
                let c = self.eval(c, condition, found).holds();
                let a = self.eval(a, then, found);
                let b = self.eval(b, otherwise, found);
                match c {
                    Some(true) => a,
                    Some(false) => b,
                    None => a.join(b),
                }
            }
            Expr::Count(collection, predicate) => {
                let most = self.count(collection, twin, found);
                if let Some(predicate) = predicate {
                    self.eval(predicate, twin.lost(), found);
                }
                match (most, predicate) {
                    (Some(n), None) => Values::Exactly(Const::Int(n)),
                    (Some(n), Some(_)) => Values::from(0, n, OrNone::Never),
                    (None, _) => Values::NATURAL,
                }
            }
            Expr::Sum(collection, term) => {
                self.count(collection, twin, found);
                self.eval(term, twin.lost(), found);
                Values::Any
            }
            Expr::First(collection, predicate) => {
                self.count(collection, twin, found);
                if let Some(predicate) = predicate {
                    self.eval(predicate, twin.lost(), found);
                }
                Values::Any
            }
            Expr::Distance(a, b) => {
                self.eval(a, twin.lost(), found);
                self.eval(b, twin.lost(), found);
                Values::Ints { low: 0, high: i64::MAX, or_none: OrNone::Maybe }
            }
            Expr::Roll(sides) => Values::from(1, (*sides).into(), OrNone::Never),
            // A definition's argument bound for its body: the body's values, the argument unknown.
            Expr::Let { value, body, .. } => {
                self.eval(value, twin.lost(), found);
                self.eval(body, twin.lost(), found)
            }
            Expr::Local(_) | Expr::MoveOf(_) => Values::Any,
            Expr::Connected { seat, .. } => {
                self.eval(seat, twin.lost(), found);
                Values::Any
            }
            Expr::RecentRepetitions(window) | Expr::BoardRepetitions(Some(window)) => {
                self.eval(window, twin.lost(), found);
                Values::Ints { low: 1, high: i64::MAX, or_none: OrNone::Never }
            }
            Expr::BoardRepetitions(None) => Values::Ints { low: 1, high: i64::MAX, or_none: OrNone::Never },
            Expr::InCells { cell, .. } => {
                self.eval(cell, twin.lost(), found);
                Values::Any
            }
            Expr::Partner(e) => {
                self.eval(e, twin.lost(), found);
                Values::Any
            }
            Expr::Allied(a, b) => {
                self.eval(a, twin.lost(), found);
                self.eval(b, twin.lost(), found);
                Values::Any
            }
            Expr::Attacked { cell, seat, by } => {
                self.eval(cell, twin.lost(), found);
                self.eval(seat, twin.lost(), found);
                if let Some(by) = by {
                    self.eval(by, twin.lost(), found);
                }
                Values::Any
            }
            Expr::Shift { cell, .. } => {
                self.eval(cell, twin.lost(), found);
                Values::Any
            }
            Expr::InARow(line) => {
                self.eval(&line.cell, twin.lost(), found);
                Values::Any
            }
            Expr::SeenBy(cell, seat) => {
                self.eval(cell, twin.lost(), found);
                self.eval(seat, twin.lost(), found);
                Values::Any
            }
            Expr::TrackPosition { cell, seat, .. } => {
                self.eval(cell, twin.lost(), found);
                self.eval(seat, twin.lost(), found);
                Values::Ints { low: 1, high: i64::MAX, or_none: OrNone::Maybe }
            }
        }
    }

    fn context(&self, word: ContextWord) -> Values {
        let start = self.start.as_ref();
        match word {
            ContextWord::Captures
            | ContextWord::Turns
            | ContextWord::SinceFirstSeen
            | ContextWord::Passes
                if start.is_some() =>
            {
                Values::Exactly(Const::Int(0))
            }
            ContextWord::Captures
            | ContextWord::Turns
            | ContextWord::SinceFirstSeen
            | ContextWord::Passes => Values::NATURAL,
            ContextWord::Repetitions if start.is_some() => Values::Exactly(Const::Int(1)),
            ContextWord::Repetitions => Values::Ints { low: 1, high: i64::MAX, or_none: OrNone::Never },
            ContextWord::Mover if start.is_some() => Values::Exactly(Const::None),
            ContextWord::Next => match start.and_then(|s| s.first) {
                Some(seat) => Values::Exactly(Const::Seat(seat)),
                None => Values::Any,
            },
            ContextWord::Phase if start.is_some() && !self.game.phases.is_empty() => {
                Values::Exactly(Const::Phase(0))
            }
            ContextWord::Mover
            | ContextWord::Phase
            | ContextWord::Piece
            | ContextWord::From
            | ContextWord::To
            | ContextWord::Target
            | ContextWord::It
            | ContextWord::Seat
            | ContextWord::Choice
            | ContextWord::StepFrom
            | ContextWord::StepTo
            | ContextWord::Pushed
            | ContextWord::PushedFrom
            | ContextWord::PushedTo
            | ContextWord::ItCell
            | ContextWord::Promotion
            | ContextWord::Stuck => Values::Any,
        }
    }

    fn field(&self, field: PieceField) -> Values {
        match field {
            PieceField::Attribute(id) => self.game.attributes.get(id as usize).map_or(Values::Any, |a| {
                Values::Ints { low: a.min.into(), high: a.max.into(), or_none: OrNone::Maybe }
            }),
            PieceField::Type | PieceField::Owner | PieceField::Value | PieceField::Cell => Values::Any,
        }
    }

    /// How many elements the collection has, when known: at the start, from the setup.
    fn count(&self, collection: &Collection, twin: Twin, found: &mut Findings) -> Option<i64> {
        let owner = collection.owner().map(|owner| self.eval(owner, twin.lost(), found));
        let pieces = self.start.as_ref()?.pieces.as_ref()?;
        let owner = match owner {
            Some(Values::Exactly(Const::Seat(seat))) => Some(seat),
            Some(Values::Exactly(Const::None)) => None,
            _ => return None,
        };
        match collection {
            Collection::Pieces { types, .. } => Some(
                pieces
                    .board
                    .iter()
                    .filter(|((o, t), _)| *o == owner && (types.is_empty() || types.contains(t)))
                    .fold(0i64, |sum, (_, n)| sum.saturating_add(*n)),
            ),
            Collection::Reserve { .. } => {
                Some(owner.map_or(0, |seat| pieces.reserve.get(&seat).copied().unwrap_or(0)))
            }
            Collection::Prizes { .. } | Collection::Losses { .. } => Some(0),
            Collection::Seats | Collection::Line | Collection::Cells(_) | Collection::Stack { .. } => None,
        }
    }

    /// Records a comparison whose answer never changes, where it was written.
    fn note_constant(
        &self,
        op: BinaryOp,
        (a, b): (Values, Values),
        result: Values,
        twin: Twin,
        found: &mut Findings,
    ) {
        let compares = matches!(op, BinaryOp::Eq | BinaryOp::Ne) || op.is_comparison();
        let (Some(written), None, Some(answer)) = (twin.expr, &self.start, result.holds()) else { return };
        let ExprKind::Binary { op: written_op, left, right } = &written.node else { return };
        if !compares || a.ints().is_none() || b.ints().is_none() {
            return;
        }
        found.diagnostics.push(
            Diagnostic::warning(
                Code::ConstantComparison,
                format!("this comparison is always {answer}"),
                written_op.span,
                format!("always {answer}"),
            )
            .with_label(left.span, a.describe())
            .with_label(right.span, b.describe())
            .with_help(if answer {
                "a condition that always holds says nothing: remove it, or compare with what was meant"
            } else {
                "a condition that never holds disables what it guards: compare with what was meant"
            }),
        );
    }
}

/// The values of a map: those of its cells (rotating it moves them between cells).
fn map_values(map: &ir::Map) -> Values {
    let values: Vec<i64> = map.values.iter().flatten().map(|&v| v.into()).collect();
    let or_none = if values.len() < map.values.len() { OrNone::Maybe } else { OrNone::Never };
    match (values.iter().min(), values.iter().max()) {
        (Some(&low), Some(&high)) => Values::from(low, high, or_none),
        _ => Values::Exactly(Const::None),
    }
}

/// The pieces a setup of placements and reserves leaves: on each cell the last piece placed there.
fn placed(setup: &[SetupStep]) -> Pieces {
    let mut cells: HashMap<ir::CellId, (Option<SeatId>, TypeId)> = HashMap::new();
    let mut pieces = Pieces::default();
    for step in setup {
        match step {
            SetupStep::Place { piece, owner, cells: on, .. } => {
                cells.extend(on.iter().map(|&cell| (cell, (*owner, *piece))));
            }
            SetupStep::Reserve { owner, count, .. } => {
                let held = pieces.reserve.entry(*owner).or_insert(0);
                *held = held.saturating_add((*count).into());
            }
            SetupStep::Effect(_) => {}
        }
    }
    for placed in cells.into_values() {
        let n = pieces.board.entry(placed).or_insert(0);
        *n = n.saturating_add(1);
    }
    pieces
}

/// The values of a binary operation on values, following the runtime's rules (`none` compares
/// false except with `==`, arithmetic saturates, `mod` is Euclidean, a divisor of 0 gives 0).
fn binary(op: BinaryOp, a: Values, b: Values) -> Values {
    if let (Values::Exactly(x), Values::Exactly(y)) = (a, b) {
        return exact(op, x, y);
    }
    match op {
        BinaryOp::And => match (a.holds(), b.holds()) {
            (Some(false), _) | (_, Some(false)) => Values::truth(false),
            (Some(true), Some(true)) => Values::truth(true),
            _ => Values::Any,
        },
        BinaryOp::Or => match (a.holds(), b.holds()) {
            (Some(true), _) | (_, Some(true)) => Values::truth(true),
            (Some(false), Some(false)) => Values::truth(false),
            _ => Values::Any,
        },
        BinaryOp::Eq | BinaryOp::Ne => {
            let equal = equality(a, b);
            match (op, equal) {
                (BinaryOp::Eq, Some(equal)) => Values::truth(equal),
                (_, Some(equal)) => Values::truth(!equal),
                (_, None) => Values::Any,
            }
        }
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => order(op, a, b),
        BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Mod => arithmetic(op, a, b),
    }
}

/// Two constants combined as constant evaluation does.
fn exact(op: BinaryOp, a: Const, b: Const) -> Values {
    let env = crate::consteval::Env { board: None, maps: &[], zones: &[], cell: None };
    let operation = Expr::Binary(op, Box::new(Expr::Const(a)), Box::new(Expr::Const(b)));
    match crate::consteval::eval(&operation, &env) {
        Ok(c) => Values::Exactly(c),
        Err(_) => Values::Any,
    }
}

/// Whether two integer ranges are always equal (`Some(true)`), never (`Some(false)`), or either.
fn equality(a: Values, b: Values) -> Option<bool> {
    let ((a_low, a_high, a_none), (b_low, b_high, b_none)) = (a.ints()?, b.ints()?);
    let disjoint = a_high < b_low || b_high < a_low;
    let both_may_be_none = a_none == OrNone::Maybe && b_none == OrNone::Maybe;
    (disjoint && !both_may_be_none).then_some(false)
}

/// `<`, `<=`, `>`, `>=` on ranges: `none` on either side makes a comparison false.
fn order(op: BinaryOp, a: Values, b: Values) -> Values {
    let (Some((a_low, a_high, a_none)), Some((b_low, b_high, b_none))) = (a.ints(), b.ints()) else {
        return Values::Any;
    };
    let (always, sometimes) = match op {
        BinaryOp::Lt => (a_high < b_low, a_low < b_high),
        BinaryOp::Le => (a_high <= b_low, a_low <= b_high),
        BinaryOp::Gt => (a_low > b_high, a_high > b_low),
        BinaryOp::Ge => (a_low >= b_high, a_high >= b_low),
        _ => return Values::Any,
    };
    if !sometimes {
        Values::truth(false)
    } else if always && a_none.either(b_none) == OrNone::Never {
        Values::truth(true)
    } else {
        Values::Any
    }
}

/// Integer arithmetic on ranges, saturating as the runtime does.
fn arithmetic(op: BinaryOp, a: Values, b: Values) -> Values {
    let (Some((a_low, a_high, a_none)), Some((b_low, b_high, b_none))) = (a.ints(), b.ints()) else {
        return Values::Any;
    };
    let or_none = a_none.either(b_none);
    match op {
        BinaryOp::Add => Values::from(a_low.saturating_add(b_low), a_high.saturating_add(b_high), or_none),
        BinaryOp::Sub => Values::from(a_low.saturating_sub(b_high), a_high.saturating_sub(b_low), or_none),
        BinaryOp::Mul => {
            let products = [
                a_low.saturating_mul(b_low),
                a_low.saturating_mul(b_high),
                a_high.saturating_mul(b_low),
                a_high.saturating_mul(b_high),
            ];
            let low = products.iter().copied().min().unwrap_or(i64::MIN);
            let high = products.iter().copied().max().unwrap_or(i64::MAX);
            Values::from(low, high, or_none)
        }
        BinaryOp::Div if b_low > 0 => {
            // Dividing by a positive number keeps the order: the extremes divide the extremes.
            let quotients = [(a_low, b_low), (a_low, b_high), (a_high, b_low), (a_high, b_high)]
                .map(|(n, d)| n.checked_div(d).unwrap_or(i64::MAX));
            let low = quotients.iter().copied().min().unwrap_or(i64::MIN);
            let high = quotients.iter().copied().max().unwrap_or(i64::MAX);
            Values::from(low, high, or_none)
        }
        BinaryOp::Mod => {
            // Euclidean: from 0 to one less than the divisor's size (0 for a divisor of 0).
            let largest = b_low.unsigned_abs().max(b_high.unsigned_abs()).saturating_sub(1);
            Values::from(0, i64::try_from(largest).unwrap_or(i64::MAX), or_none)
        }
        _ => Values::Ints { low: i64::MIN, high: i64::MAX, or_none },
    }
}

/// Warnings found on the way.
#[derive(Default)]
struct Findings {
    diagnostics: Vec<Diagnostic>,
}

/// The warning for an end rule that holds before anyone moves.
fn ends_at_start(rule: &ast::EndRule) -> Diagnostic {
    Diagnostic::warning(
        Code::EndsAtStart,
        "this end rule already holds when the game starts",
        rule.condition.span,
        "holds before the first move",
    )
    .with_help(
        "the game would end before anyone moves; at the start `mover` is none (so `pieces(mover)` are \
         the neutral pieces) and `turns` is 0: ask about `next`, or guard the rule with `mover != none` \
         or the phase",
    )
}

/// The warning for an end rule checked only after one that always holds.
fn shadowed(rule: &ast::EndRule, first: &ast::EndRule) -> Diagnostic {
    Diagnostic::warning(
        Code::ShadowedRule,
        "this end rule can never end the game",
        rule.span,
        "never reached",
    )
    .with_label(first.condition.span, "this rule, checked first, always holds")
    .with_help(
        "end rules are checked in order and the first that holds ends the game, so the rule that \
             always holds ends every game before anyone moves: give it a real condition, or put it last",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(low: i64, high: i64) -> Values {
        Values::from(low, high, OrNone::Never)
    }

    fn int(n: i64) -> Values {
        Values::Exactly(Const::Int(n))
    }

    #[test]
    fn ranges_decide_comparisons_only_when_they_cannot_meet() {
        assert_eq!(binary(BinaryOp::Lt, Values::NATURAL, int(0)), Values::truth(false));
        assert_eq!(binary(BinaryOp::Ge, Values::NATURAL, int(0)), Values::truth(true));
        assert_eq!(binary(BinaryOp::Lt, Values::NATURAL, int(1)), Values::Any);
        assert_eq!(binary(BinaryOp::Eq, ints(1, 6), int(7)), Values::truth(false));
        assert_eq!(binary(BinaryOp::Ne, ints(1, 6), int(7)), Values::truth(true));
        assert_eq!(binary(BinaryOp::Eq, ints(1, 6), int(6)), Values::Any);
    }

    #[test]
    fn none_makes_an_order_false_and_may_equal_none() {
        let face = Values::Ints { low: 1, high: 6, or_none: OrNone::Maybe };
        assert_eq!(binary(BinaryOp::Ge, face, int(1)), Values::Any, "none >= 1 is false");
        assert_eq!(binary(BinaryOp::Gt, face, int(6)), Values::truth(false));
        assert_eq!(
            binary(BinaryOp::Eq, face, Values::Ints { low: 7, high: 9, or_none: OrNone::Maybe }),
            Values::Any
        );
    }

    #[test]
    fn arithmetic_follows_the_runtime() {
        assert_eq!(binary(BinaryOp::Mod, Values::Any, int(4)), Values::Any, "not known to be an integer");
        assert_eq!(binary(BinaryOp::Mod, ints(-50, 50), int(4)), ints(0, 3));
        assert_eq!(binary(BinaryOp::Mod, ints(-50, 50), int(-4)), ints(0, 3), "Euclidean");
        assert_eq!(binary(BinaryOp::Add, ints(1, 6), ints(1, 6)), ints(2, 12));
        assert_eq!(binary(BinaryOp::Sub, ints(1, 6), int(10)), ints(-9, -4));
        assert_eq!(binary(BinaryOp::Mul, ints(-2, 3), ints(-5, 4)), ints(-15, 12));
        assert_eq!(binary(BinaryOp::Div, ints(-7, 9), ints(2, 3)), ints(-3, 4));
        assert_eq!(binary(BinaryOp::Add, Values::NATURAL, Values::NATURAL), Values::NATURAL, "saturates");
        assert_eq!(binary(BinaryOp::Add, int(2), int(3)), int(5));
    }

    #[test]
    fn conditions_combine_as_the_runtime_combines_them() {
        let unknown = Values::Any;
        assert_eq!(binary(BinaryOp::And, Values::truth(false), unknown), Values::truth(false));
        assert_eq!(binary(BinaryOp::Or, unknown, Values::truth(true)), Values::truth(true));
        assert_eq!(binary(BinaryOp::And, Values::truth(true), unknown), Values::Any);
        assert_eq!(ints(1, 3).join(int(9)), ints(1, 9));
        assert_eq!(int(9).join(Values::Exactly(Const::None)), Values::Any);
    }

    #[test]
    fn ranges_read_plainly() {
        assert_eq!(Values::NATURAL.describe(), "0 or more");
        assert_eq!(int(7).describe(), "always 7");
        assert_eq!(
            Values::Ints { low: 1, high: 6, or_none: OrNone::Maybe }.describe(),
            "from 1 to 6, or none"
        );
    }
}
