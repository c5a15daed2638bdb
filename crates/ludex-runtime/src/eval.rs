//! Expression evaluation: walks the resolved IR expressions directly against a state and the
//! context words bound where they are evaluated.

use std::ops::ControlFlow;

use ludex_ir::{
    Action, ActionId, CellId, Collection, Const, ContextWord, DirId, Expr, LocalSlot, Number, PieceField,
    SeatId, TypeId, VarId,
};

use super::Engine;
use super::effects::TurnAfter;
use super::history::Repeated;
use super::look_ahead::StuckAsks;
use super::state::{Piece, State};
use super::turns::Answers;
use super::value::{Value, binary};

/// How deep piece values may refer to other piece values before they read as `none`.
const MAX_VALUE_DEPTH: u8 = 8;

/// The moved or dropped piece: read from a cell (so that effects see its new attributes) or held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PieceSlot {
    None,
    At(CellId),
    Held(Piece),
}

/// The context words bound where an expression is evaluated: the seats, the words of the move,
/// and, grouped, the element an evaluation goes through, a walk's step, and how the evaluation
/// stands.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ctx<'l> {
    /// The seat acting (in end rules: the seat that acted last).
    pub mover: Option<SeatId>,
    /// The seat to act after the mover.
    pub next: Option<SeatId>,
    /// The moved (or dropped) piece.
    pub piece: PieceSlot,
    pub from: Option<CellId>,
    pub to: Option<CellId>,
    /// The piece on `to` before the move.
    pub target: Option<Piece>,
    /// The value of a `choose` action.
    pub choice: Option<i64>,
    /// The type a promoting move turns the piece into.
    pub promotion: Option<TypeId>,
    pub each: Each,
    pub walk: WalkWords,
    pub evaluation: Evaluation,
    /// The values of the enclosing `Let`s, innermost first.
    pub locals: Option<&'l Local<'l>>,
}

/// The value a `Let` bound, on the evaluator's own stack, and the `Let`s around it.
#[derive(Debug)]
pub(crate) struct Local<'l> {
    slot: LocalSlot,
    value: Value,
    outer: Option<&'l Local<'l>>,
}

impl<'l> Local<'l> {
    /// A `Let`'s value, inside the `Let`s around it.
    pub(crate) fn new(slot: LocalSlot, value: Value, outer: Option<&'l Local<'l>>) -> Local<'l> {
        Local { slot, value, outer }
    }

    /// The value of the innermost `Let` of the slot, among this one and those around it.
    fn read(&self, slot: LocalSlot) -> Value {
        let mut local = Some(self);
        while let Some(l) = local {
            if l.slot == slot {
                return l.value;
            }
            local = l.outer;
        }
        Value::None
    }
}

/// What an evaluation element by element binds: `it` (with its cell in a `for each`), or `seat`
/// in one seat by seat (`rank by`, scores, per-seat variables' initial values).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Each {
    pub it: Value,
    pub it_cell: Option<CellId>,
    pub seat: Option<SeatId>,
}

/// The words of a walk's step, for walks with rules: the cells of the step (`step_to` none off the
/// board), and the piece being pushed with its cells and line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WalkWords {
    pub step_from: Option<CellId>,
    pub step_to: Option<CellId>,
    pub pushed: Option<Piece>,
    pub pushed_from: Option<CellId>,
    pub pushed_to: Option<CellId>,
    pub line: Option<Line>,
}

/// How an evaluation stands.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Evaluation {
    /// What `stuck` asks here.
    pub stuck: StuckAsks,
    /// Evaluating the conditions of a possible attacker: `attacked` is false inside.
    pub attacking: bool,
    /// How many piece values are being evaluated inside one another.
    pub value_depth: u8,
    /// Which position `repetitions` asks about.
    pub position: Judged,
}

/// The position `repetitions` counts: the current one, or (in a turn's `legal if`, evaluated on
/// the move's trial) the one at the decision the move leads to, a move of the action
/// (`Expr::MoveOf`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Judged {
    Current,
    MoveResult(ActionId),
}

impl Evaluation {
    /// At the start: nothing known, outside any `attacked` or piece value.
    pub(crate) const START: Evaluation =
        Evaluation { stuck: StuckAsks::Here, attacking: false, value_depth: 0, position: Judged::Current };
}

/// A line of pieces being pushed: `len` occupied cells from `start` along `direction`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    pub start: CellId,
    pub direction: DirId,
    pub len: u16,
}

impl Ctx<'_> {
    pub fn new(mover: Option<SeatId>, next: Option<SeatId>) -> Ctx<'static> {
        Ctx {
            mover,
            next,
            piece: PieceSlot::None,
            from: None,
            to: None,
            target: None,
            choice: None,
            promotion: None,
            // Written out, not copied from constants, so that only the discriminants are stored:
            // a context is built for every piece of every generation.
            each: Each { it: Value::None, it_cell: None, seat: None },
            walk: WalkWords {
                step_from: None,
                step_to: None,
                pushed: None,
                pushed_from: None,
                pushed_to: None,
                line: None,
            },
            evaluation: Evaluation {
                stuck: StuckAsks::Here,
                attacking: false,
                value_depth: 0,
                position: Judged::Current,
            },
            locals: None,
        }
    }

    /// The context with `it` bound to an element.
    pub(crate) fn with_it(self, it: Value) -> Self {
        Ctx { each: Each { it, ..self.each }, ..self }
    }

    /// The context with `it` the piece on `cell` (a `for each`).
    pub(crate) fn with_placed_it(self, piece: Piece, cell: CellId) -> Self {
        Ctx { each: Each { it: Value::Placed(piece, cell), it_cell: Some(cell), ..self.each }, ..self }
    }

    /// The context of a turn's `legal if` on the move tried (its turn's `after` played or left out):
    /// `stuck` looks ahead from it, the turn machine's questions answered by `answers`, and
    /// `repetitions` asks about the position the move of `action` leads to. (One copy of the
    /// context: trials build it for every move they try.)
    pub(crate) fn trying_move(
        self,
        answers: &'static dyn Answers,
        after: TurnAfter,
        action: ActionId,
    ) -> Self {
        let stuck = StuckAsks::AfterMove { answers, after };
        Ctx {
            evaluation: Evaluation { stuck, position: Judged::MoveResult(action), ..self.evaluation },
            ..self
        }
    }

    /// The context of a seat-by-seat evaluation, for `seat`.
    pub(crate) fn for_seat(self, seat: Option<SeatId>) -> Self {
        Ctx { each: Each { seat, ..self.each }, ..self }
    }
}

impl Engine {
    pub(crate) fn eval(&self, state: &State, ctx: &Ctx, expr: &Expr) -> Value {
        match expr {
            Expr::Const(c) => Value::from_const(*c),
            Expr::Context(word) => self.context(state, ctx, *word),
            Expr::Variable(var) => self.read_variable(state, *var, None),
            Expr::SeatVariable(var, seat) => match self.eval_operand(state, ctx, seat) {
                Value::Seat(s) => self.read_variable(state, *var, Some(s)),
                _ => Value::None,
            },
            Expr::Map(map, cell) => match self.eval_operand(state, ctx, cell) {
                Value::Cell(c) => {
                    Value::from_option(self.map_value(state, *map, c), |v| Value::Int(v.into()))
                }
                _ => Value::None,
            },
            Expr::InZone { cell, zone, seat } => {
                let cell = self.eval_operand(state, ctx, cell).as_cell();
                let seat = self.eval_operand(state, ctx, seat).as_seat();
                Value::from_option(cell, |c| Value::Bool(self.in_zone(*zone, seat, c)))
            }
            Expr::PieceAt(cell) => match self.eval_operand(state, ctx, cell) {
                Value::Cell(c) => placed(state, c),
                _ => Value::None,
            },
            Expr::Field(piece, field) => {
                let piece = self.eval_operand(state, ctx, piece);
                self.field(state, ctx, piece, *field)
            }
            Expr::Not(e) => Value::Bool(!self.eval_operand(state, ctx, e).truthy()),
            Expr::Neg(e) => match self.eval_operand(state, ctx, e) {
                Value::Int(n) => Value::Int(n.saturating_neg()),
                Value::Decimal(d) => Value::of_number(Number::Decimal(d).negated()),
                _ => Value::None,
            },
            Expr::Binary(op, left, right) => self.binary_expr(state, ctx, *op, left, right),
            Expr::If(condition, then, otherwise) => {
                let branch = if self.eval_operand(state, ctx, condition).truthy() { then } else { otherwise };
                self.eval_operand(state, ctx, branch)
            }
            Expr::Count(collection, predicate) => {
                Value::Int(self.count(state, ctx, collection, predicate.as_deref(), i64::MAX))
            }
            Expr::First(collection, predicate) => {
                let mut first = Value::None;
                self.for_each_in(state, ctx, collection, |it| {
                    let wanted = first == Value::None
                        && predicate.as_ref().is_none_or(|p| self.eval(state, &ctx.with_it(it), p).truthy());
                    if wanted {
                        first = it;
                    }
                });
                first
            }
            Expr::Allied(a, b) => {
                match (self.eval_operand(state, ctx, a), self.eval_operand(state, ctx, b)) {
                    (Value::Seat(a), Value::Seat(b)) => Value::Bool(self.allied(a, b)),
                    _ => Value::None,
                }
            }
            Expr::Sum(collection, term) => {
                let mut sum = 0i64;
                self.for_each_in(state, ctx, collection, |it| {
                    let term = self.eval(state, &ctx.with_it(it), term).as_int().unwrap_or(0);
                    sum = sum.saturating_add(term);
                });
                Value::Int(sum)
            }
            Expr::Distance(a, b) => {
                match (self.eval_operand(state, ctx, a), self.eval_operand(state, ctx, b)) {
                    (Value::Cell(a), Value::Cell(b)) => {
                        Value::from_option(self.game.board.distance(a, b), |d| Value::Int(d.into()))
                    }
                    _ => Value::None,
                }
            }
            // A roll is only meaningful as the value of a `set` or `with`, where effects queue it.
            Expr::Roll(_) => Value::None,
            Expr::Attacked { cell, seat, by } => {
                let by = match by {
                    Some(by) => match self.eval_operand(state, ctx, by).as_seat() {
                        Some(by) => Some(by),
                        None => return Value::None,
                    },
                    None => None,
                };
                match (
                    self.eval_operand(state, ctx, cell).as_cell(),
                    self.eval_operand(state, ctx, seat).as_seat(),
                ) {
                    (Some(cell), Some(seat)) => Value::Bool(self.attacked(state, ctx, cell, seat, by)),
                    _ => Value::None,
                }
            }
            Expr::Shift { cell, paths } => {
                let path = paths.get(ctx.mover.unwrap_or(0) as usize).map_or(&[][..], Vec::as_slice);
                let start = self.eval_operand(state, ctx, cell).as_cell();
                let end =
                    start.and_then(|c| path.iter().try_fold(c, |c, &d| self.game.board.neighbour(c, d)));
                Value::from_option(end, Value::Cell)
            }
            Expr::Partner(seat) => {
                let partner = self.eval_operand(state, ctx, seat).as_seat().and_then(|s| self.partner(s));
                Value::from_option(partner, Value::Seat)
            }
            Expr::Let { slot, value, body } => {
                let local =
                    Local { slot: *slot, value: self.eval_operand(state, ctx, value), outer: ctx.locals };
                self.eval(state, &Ctx { locals: Some(&local), ..*ctx }, body)
            }
            Expr::Local(slot) => ctx.locals.map_or(Value::None, |local| local.read(*slot)),
            Expr::MoveOf(action) => Value::Bool(ctx.evaluation.position == Judged::MoveResult(*action)),
            Expr::TrackPosition { track, cell, seat } => {
                let cell = self.eval_operand(state, ctx, cell).as_cell();
                let seat = self.eval_operand(state, ctx, seat).as_seat();
                let track = self.game.tracks.get(*track as usize);
                let position = match (track, cell, seat) {
                    (Some(track), Some(cell), Some(seat)) => track.position(seat, cell),
                    _ => None,
                };
                Value::from_option(position, |p| Value::Int(p as i64))
            }
            Expr::Connected { zones: [from, to], seat, directions } => {
                match self.eval_operand(state, ctx, seat) {
                    Value::Seat(seat) => Value::Bool(self.connected(state, seat, [*from, *to], directions)),
                    _ => Value::None,
                }
            }
            Expr::InARow(line) => Value::Bool(self.in_a_row(state, ctx, line)),
            Expr::SeenBy(cell, seat) => {
                match (self.eval_operand(state, ctx, cell), self.eval_operand(state, ctx, seat)) {
                    (Value::Cell(cell), Value::Seat(seat)) => {
                        let view = self.game.seats.get(seat as usize).map(|s| s.view);
                        let symmetry = view.and_then(|v| self.game.board.symmetries.get(v));
                        Value::from_option(
                            symmetry.and_then(|s| s.cells.get(cell as usize)).copied(),
                            Value::Cell,
                        )
                    }
                    _ => Value::None,
                }
            }
            Expr::RecentRepetitions(window) => match self.eval_operand(state, ctx, window) {
                Value::Int(window) => {
                    Value::Int(self.repetitions(state, ctx, Some(window), Repeated::Position))
                }
                _ => Value::None,
            },
            Expr::BoardRepetitions(None) => Value::Int(self.repetitions(state, ctx, None, Repeated::Board)),
            Expr::BoardRepetitions(Some(window)) => match self.eval_operand(state, ctx, window) {
                Value::Int(window) => Value::Int(self.repetitions(state, ctx, Some(window), Repeated::Board)),
                _ => Value::None,
            },
            Expr::InCells { cell, set } => match self.eval_operand(state, ctx, cell) {
                Value::Cell(cell) => Value::Bool(self.in_cell_set(state, ctx, cell, set)),
                _ => Value::None,
            },
        }
    }

    /// The value of an operand: a leaf (a constant, a context word, a local) read in place, saving
    /// the call to [`Engine::eval`] that most operands are; anything else evaluated by that call.
    #[inline(always)]
    fn eval_operand(&self, state: &State, ctx: &Ctx, expr: &Expr) -> Value {
        match expr {
            Expr::Const(c) => Value::from_const(*c),
            Expr::Context(word) => self.context(state, ctx, *word),
            Expr::Local(slot) => ctx.locals.map_or(Value::None, |local| local.read(*slot)),
            _ => self.eval(state, ctx, expr),
        }
    }

    pub(crate) fn holds(&self, state: &State, ctx: &Ctx, expr: &Expr) -> bool {
        self.eval(state, ctx, expr).truthy()
    }

    /// The types a piece move of `action` by `seat` is offered as where it ends (`ctx.to`, with
    /// `from` and `target` bound): the promotion's types when the cell is one of the seat's
    /// promotion cells and the `promote if` condition holds; `None` where the move is offered as
    /// usual. Move generation, hops, `attacked` and the reference all ask here.
    pub(crate) fn promotions_offered<'g>(
        &self,
        state: &State,
        action: &'g Action,
        seat: SeatId,
        ctx: &Ctx,
    ) -> Option<&'g [TypeId]> {
        let promotion = action.promotion.as_ref()?;
        let in_cells = promotion.cells.get(seat as usize)?.contains(ctx.to?);
        let holds = || promotion.condition.as_ref().is_none_or(|condition| self.holds(state, ctx, condition));
        (in_cells && holds()).then_some(promotion.types.as_slice())
    }

    fn binary_expr(
        &self,
        state: &State,
        ctx: &Ctx,
        op: ludex_ir::BinaryOp,
        left: &Expr,
        right: &Expr,
    ) -> Value {
        use ludex_ir::BinaryOp::{And, Eq, Ge, Gt, Le, Lt, Ne, Or};
        // A count compared with a constant k is decided once it passes k: stop counting there.
        if let (Eq | Ne | Lt | Le | Gt | Ge, Expr::Count(collection, predicate), Expr::Const(Const::Int(k))) =
            (op, left, right)
        {
            let cap = k.saturating_add(1).max(0);
            let count = self.count(state, ctx, collection, predicate.as_deref(), cap);
            return binary(op, Value::Int(count), Value::Int(*k));
        }
        let left = self.eval_operand(state, ctx, left);
        match op {
            And if !left.truthy() => Value::Bool(false),
            Or if left.truthy() => Value::Bool(true),
            _ => binary(op, left, self.eval_operand(state, ctx, right)),
        }
    }

    pub(super) fn context(&self, state: &State, ctx: &Ctx, word: ContextWord) -> Value {
        match word {
            ContextWord::Mover => Value::from_option(ctx.mover, Value::Seat),
            ContextWord::Next => Value::from_option(ctx.next, Value::Seat),
            ContextWord::Piece => match ctx.piece {
                PieceSlot::None => Value::None,
                PieceSlot::At(cell) => placed(state, cell),
                PieceSlot::Held(piece) => Value::Piece(piece),
            },
            ContextWord::From => Value::from_option(ctx.from, Value::Cell),
            ContextWord::To => Value::from_option(ctx.to, Value::Cell),
            ContextWord::Target => match (ctx.target, ctx.to) {
                (Some(target), Some(to)) => Value::Placed(target, to),
                (target, _) => Value::from_option(target, Value::Piece),
            },
            ContextWord::It => ctx.each.it,
            ContextWord::Seat => Value::from_option(ctx.each.seat, Value::Seat),
            ContextWord::Choice => Value::from_option(ctx.choice, Value::Int),
            ContextWord::Captures => Value::Int(state.captures.into()),
            ContextWord::Turns => Value::Int(state.turns.into()),
            ContextWord::Phase => Value::Phase(state.phase),
            ContextWord::StepFrom => Value::from_option(ctx.walk.step_from, Value::Cell),
            ContextWord::StepTo => Value::from_option(ctx.walk.step_to, Value::Cell),
            ContextWord::Pushed => Value::from_option(ctx.walk.pushed, Value::Piece),
            ContextWord::PushedFrom => Value::from_option(ctx.walk.pushed_from, Value::Cell),
            ContextWord::PushedTo => Value::from_option(ctx.walk.pushed_to, Value::Cell),
            ContextWord::ItCell => Value::from_option(ctx.each.it_cell, Value::Cell),
            ContextWord::Promotion => Value::from_option(ctx.promotion, Value::PieceType),
            ContextWord::Stuck => match ctx.evaluation.stuck {
                StuckAsks::Known(stuck) => Value::Bool(stuck),
                StuckAsks::Here => Value::Bool(!self.has_legal_action(state)),
                StuckAsks::AfterMove { answers, after } => {
                    self.stuck_after_move(state, ctx, (answers, after))
                }
            },
            ContextWord::Repetitions => Value::Int(self.repetitions(state, ctx, None, Repeated::Position)),
            ContextWord::SinceFirstSeen => Value::Int(self.since_first_seen(state)),
            ContextWord::Passes => Value::Int(state.passes.into()),
        }
    }

    fn field(&self, state: &State, ctx: &Ctx, value: Value, field: PieceField) -> Value {
        let Some(piece) = value.as_piece() else { return Value::None };
        match field {
            PieceField::Attribute(a) => Value::Int(piece.attribute(a).into()),
            PieceField::Type => Value::PieceType(piece.kind),
            PieceField::Owner => Value::from_option(piece.owner, Value::Seat),
            PieceField::Cell => Value::from_option(value.piece_cell(), Value::Cell),
            PieceField::Value => match value {
                Value::Prize(prize) => Value::Int(prize.value),
                _ => Value::from_option(self.piece_value(state, ctx, piece), Value::Int),
            },
        }
    }

    /// A piece's value by its type's `value` expression (`None` when it is not an integer).
    pub(crate) fn piece_value(&self, state: &State, ctx: &Ctx, piece: Piece) -> Option<i64> {
        let depth = ctx.evaluation.value_depth;
        if depth >= MAX_VALUE_DEPTH {
            return None;
        }
        let kind = self.game.pieces.get(piece.kind as usize)?;
        let evaluation = Evaluation { value_depth: depth + 1, ..ctx.evaluation };
        let inner = Ctx { evaluation, ..ctx.with_it(Value::Piece(piece)) };
        self.eval(state, &inner, &kind.value).as_int()
    }

    pub(super) fn read_variable(&self, state: &State, var: VarId, seat: Option<SeatId>) -> Value {
        self.variable_slot(var, seat)
            .and_then(|slot| state.variables.get(slot as usize).copied())
            .unwrap_or(Value::None)
    }

    /// How many members of a collection satisfy the predicate (all without one), counting no
    /// further than `cap`.
    fn count(
        &self,
        state: &State,
        ctx: &Ctx,
        collection: &Collection,
        predicate: Option<&Expr>,
        cap: i64,
    ) -> i64 {
        let holds = |it: Value| predicate.is_none_or(|p| self.eval(state, &ctx.with_it(it), p).truthy());
        let mut count = 0i64;
        match collection {
            Collection::Pieces { owner, types } => {
                let _ = self.try_for_each_on_board(state, ctx, owner, types, |cell, piece| {
                    count += i64::from(holds(Value::Placed(piece, cell)));
                    if count >= cap { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
                });
            }
            // Members past the cap are not tested: the count stops there.
            _ => self.for_each_in(state, ctx, collection, |it| {
                if count < cap {
                    count += i64::from(holds(it));
                }
            }),
        }
        count.min(cap)
    }

    /// The members of a collection, each as the value `it` is bound to.
    pub(crate) fn for_each_in(
        &self,
        state: &State,
        ctx: &Ctx,
        collection: &Collection,
        mut visit: impl FnMut(Value),
    ) {
        match collection {
            Collection::Pieces { owner, types } => {
                let _ = self.try_for_each_on_board(state, ctx, owner, types, |cell, piece| {
                    visit(Value::Placed(piece, cell));
                    ControlFlow::Continue(())
                });
            }
            Collection::Stack { cell } => {
                if let Some(cell) = self.eval(state, ctx, cell).as_cell() {
                    state.stack(cell).for_each(|piece| visit(Value::Placed(piece, cell)));
                }
            }
            Collection::Line => {
                for cell in self.line_cells(ctx.walk.line) {
                    state.piece(cell).into_iter().for_each(|p| visit(Value::Placed(p, cell)));
                }
            }
            Collection::Reserve { owner } => {
                if let Some(seat) = self.eval(state, ctx, owner).as_seat() {
                    state.reserve_of(seat).iter().for_each(|p| visit(Value::Piece(*p)));
                }
            }
            Collection::Prizes { owner } => {
                if let Some(seat) = self.eval(state, ctx, owner).as_seat() {
                    state.prizes_of(seat).iter().for_each(|p| visit(Value::Prize(*p)));
                }
            }
            Collection::Seats => (0..self.seat_count() as SeatId).for_each(|s| visit(Value::Seat(s))),
            Collection::Cells(set) => self.for_each_cell(state, ctx, set, |cell| visit(Value::Cell(cell))),
            Collection::Losses { owner } => {
                if let Some(seat) = self.eval(state, ctx, owner).as_seat() {
                    let lost = state.prizes.iter().filter(|p| p.piece.owner == Some(seat));
                    lost.for_each(|p| visit(Value::Prize(*p)));
                }
            }
        }
    }

    /// The pieces on the board owned by `owner` (`none`: neutral) of the types (all when empty),
    /// with their cells: on a board with stacks, the top pieces only (the pieces effects act on).
    pub(crate) fn for_each_on_board(
        &self,
        state: &State,
        ctx: &Ctx,
        owner: &Expr,
        types: &[TypeId],
        mut visit: impl FnMut(CellId, Piece),
    ) {
        let Some(owner) = self.owner_of(state, ctx, owner) else { return };
        let _ = state.try_for_each_piece(owner, types, |cell, piece| {
            visit(cell, piece);
            ControlFlow::Continue(())
        });
    }

    /// The owner a collection's expression names: a seat, or `None` for the neutral pieces; `None`
    /// (no owner at all) for anything else.
    fn owner_of(&self, state: &State, ctx: &Ctx, owner: &Expr) -> Option<Option<SeatId>> {
        match self.eval(state, ctx, owner) {
            Value::Seat(s) => Some(Some(s)),
            Value::None => Some(None),
            _ => None,
        }
    }

    /// The pieces of a collection of pieces on the board, those beneath the tops of stacks
    /// included, stopping when `visit` breaks.
    fn try_for_each_on_board(
        &self,
        state: &State,
        ctx: &Ctx,
        owner: &Expr,
        types: &[TypeId],
        visit: impl FnMut(CellId, Piece) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Some(owner) = self.owner_of(state, ctx, owner) else { return ControlFlow::Continue(()) };
        state.try_for_each_stacked_piece(owner, types, visit)
    }

    /// The cells of a line, in order from its start.
    pub(crate) fn line_cells(&self, line: Option<Line>) -> impl Iterator<Item = CellId> + '_ {
        let board = &self.game.board;
        let (start, direction, len) = line.map_or((None, 0, 0), |l| (Some(l.start), l.direction, l.len));
        std::iter::successors(start, move |&cell| board.neighbour(cell, direction)).take(len as usize)
    }
}

/// The piece on a cell with its cell, or `none`.
fn placed(state: &State, cell: CellId) -> Value {
    Value::from_option(state.piece(cell), |piece| Value::Placed(piece, cell))
}
