//! Hot expressions compiled once, when the engine is built: the conditions on moves (an action's
//! `when`, the filters), the turns' `legal if`, the end rules and the lengths of moves. The shapes
//! these use most — `and`, `or`, `not`, comparisons of integers such as map values, attributes of
//! the pieces in context and counts of pieces (read from the board's bit sets), a variable or
//! context word compared with a constant, a count of pieces that pass a condition compared with a
//! constant, `attacked`, whether a cell is empty (`piece_at(CELL) == none`), cells shifted along a
//! path, variables read for a seat (`score(mover)`, `out(it)`), `allied`, `first(...)` compared
//! with `none` (a count) — are evaluated without building a [`Value`] for each node; every other
//! expression inside them is evaluated as written, so they mean exactly what [`Engine::eval`] gives.

use ludex_ir::Board;
use ludex_ir::geometry::NO_CELL;
use ludex_ir::{
    ActionKind, AttrId, BinaryOp, CellId, Collection, Const, ContextWord, DirId, Expr, Game, IntegerResult,
    MapId, PerSeat, PieceField, SeatId, Stacking, TypeId, ValueType, VarId, ZoneId,
};

use std::ops::ControlFlow;

use super::cell_tables::{CellTable, chain, regrouped};
use super::equalities::{PieceTest, SameCell, count_of_types};
use super::eval::{Ctx, PieceSlot};
use super::programs::Program;
use super::state::{Piece, State};
use super::value::Value;
use super::{Engine, StateLayout};

/// An expression read as a condition (true only when it gives `true`).
#[derive(Debug)]
pub(super) enum Cond {
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
    Not(Box<Cond>),
    /// `==`, `!=`, `<`, `<=`, `>`, `>=` between two expressions that give integers or `none`.
    Compare(BinaryOp, Int, Int),
    /// A variable or a context word compared with a constant (`negated`: `!=`).
    IsConst {
        operand: Operand,
        constant: Value,
        negated: bool,
    },
    /// `count(pieces(OWNER, TYPES...), PREDICATE) OP k`, `k` a constant: the pieces visited on the
    /// board's bit sets (those beneath the tops of stacks too), the predicate tested with `it` each
    /// of them, the counting stopped once the comparison is decided.
    CountWhere {
        op: BinaryOp,
        owner: Owner,
        types: Vec<TypeId>,
        predicate: Box<Cond>,
        bound: i64,
    },
    /// `attacked(CELL, SEAT)` without `by`: the cell and the seat read without building values.
    Attacked {
        cell: CellOf,
        defender: Owner,
    },
    Expr(Expr),
    /// `piece_at(CELL) == none` (`negated`: `!=`): whether no piece stands on the cell (true
    /// when it gives no cell, as `piece_at` then gives `none`).
    Empty {
        cell: CellOf,
        negated: bool,
    },
    /// `count(pieces(OWNER, TYPES...)) OP k` where the comparison only asks whether there is such
    /// a piece (`== 0`, `<= 0`, `< 1`; `!= 0`, `> 0`, `>= 1`): no bits counted.
    Pieces {
        owner: Owner,
        types: Vec<TypeId>,
        wanted: Wanted,
    },
    /// `count(COLLECTION, PREDICATE) OP k`, `k` a constant, over a collection other than the
    /// board's pieces (seats, cells, reserves, prizes...): the members visited as `eval` visits
    /// them, the predicate (if any) tested in its compiled form with `it` each member.
    CountMembers {
        op: BinaryOp,
        collection: Collection,
        predicate: Option<Box<Cond>>,
        bound: i64,
    },
    /// `CELL in ZONE`, with the seat a zone of each seat is read for.
    InZone {
        cell: CellOf,
        zone: ZoneId,
        seat: Owner,
    },
    /// `if CONDITION then A else B` read as a condition: the branch the condition picks, tested.
    If {
        condition: Box<Cond>,
        then: Box<Cond>,
        otherwise: Box<Cond>,
    },
    /// `allied(A, B)`: whether two seats are on the same side (false unless both are seats).
    Allied(Box<[Owner; 2]>),
    /// An attribute of the piece a context word names compared with a constant (`piece.ATTR >= 2`).
    Attribute {
        word: ContextWord,
        attribute: AttrId,
        op: BinaryOp,
        bound: i64,
    },
    /// A piece's type or owner compared with a type or a seat word (see `equalities`).
    Piece(Box<PieceTest>),
    /// Two cells compared (see `equalities`).
    SameCell(Box<SameCell>),
    /// A condition that reads one cell and nothing that changes, tabled by cell (see
    /// `cell_tables`).
    Cells(Box<CellTable<bool>>),
}

/// What a [`Cond::Pieces`] asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Wanted {
    NoPiece,
    SomePiece,
}

impl Wanted {
    /// What `count OP k` asks for, when it only asks whether the count is 0.
    pub(super) fn of(op: BinaryOp, k: i64) -> Option<Wanted> {
        match (op, k) {
            (BinaryOp::Eq | BinaryOp::Le, 0) | (BinaryOp::Lt, 1) => Some(Wanted::NoPiece),
            (BinaryOp::Ne | BinaryOp::Gt, 0) | (BinaryOp::Ge, 1) => Some(Wanted::SomePiece),
            _ => None,
        }
    }
}

/// What `IsConst` compares.
#[derive(Debug)]
pub(super) enum Operand {
    /// A variable read without a seat, by its state slot (none for a per-seat variable).
    Variable(Option<u32>),
    Context(ContextWord),
    /// A variable read for a seat (`last_cell(it)`; boxed: an `Operand` stays small).
    SeatVariable(Box<SeatVariable>),
}

/// A variable read for a seat, `VARIABLE(SEAT)`: the seat's value of a per-seat variable, the value
/// of one without seats, `none` when the seat's expression gives no seat.
#[derive(Debug)]
pub(super) struct SeatVariable {
    variable: VarId,
    seat: Owner,
}

/// An expression read as an integer (`None` for any other value).
#[derive(Debug)]
pub(super) enum Int {
    Const(Option<i64>),
    /// A map's value at a cell.
    Map(MapAt, CellOf),
    /// An attribute of the piece a context word names (`piece.face`, `target.face`).
    Attribute(ContextWord, AttrId),
    /// `count(pieces(OWNER, TYPES...))`: the pieces of the owner (`none`: neutral ones; any
    /// other value: none) of the types (of any type when there are none).
    PieceCount {
        owner: Owner,
        types: Vec<TypeId>,
    },
    Expr(Expr),
    /// `+`, `-`, `*`, `/` or `mod` between two integers (`none` when either is none, or when the
    /// operator gives no integer), as [`BinaryOp::on_integers`] computes it.
    Arith(BinaryOp, Box<Int>, Box<Int>),
    /// `distance(A, B)`: the board's distance between two cells (boxed: an `Int` stays small).
    Distance(Box<[CellOf; 2]>),
    /// A variable of integers read without a seat, by its state slot (none for a per-seat one).
    Variable(Option<u32>),
    /// A variable of integers read for a seat (`score(mover)`).
    SeatVariable(Box<SeatVariable>),
    /// A context word that gives an integer or `none` (`turns`, `captures`...).
    Context(ContextWord),
    /// An integer that reads one cell and nothing that changes, tabled by cell (see
    /// `cell_tables`).
    Cells(Box<CellTable<Option<i64>>>),
}

/// Where a map's values are read.
#[derive(Debug)]
pub(super) enum MapAt {
    /// A mutable map, from this offset in the state's maps.
    State(usize),
    /// A fixed map's values (none for a map that does not exist).
    Fixed(Vec<Option<i32>>),
}

impl MapAt {
    /// The map's values in the state, cell by cell.
    pub(super) fn values<'s>(&'s self, state: &'s State) -> &'s [Option<i32>] {
        match self {
            MapAt::State(offset) => state.maps.get(*offset..).unwrap_or(&[]),
            MapAt::Fixed(values) => values,
        }
    }
}

/// The owner of the pieces counted.
#[derive(Debug)]
pub(super) enum Owner {
    Mover,
    Next,
    Expr(Expr),
    /// The seat `it` names (a member of a collection of seats).
    It,
}

/// An expression read as a cell (`None` for any other value).
#[derive(Debug)]
pub(super) enum CellOf {
    From,
    To,
    /// `it.cell`: the cell of the piece `it` names.
    ItCell,
    /// A variable read without a seat, by its state slot (none for a per-seat variable).
    Variable(Option<u32>),
    Expr(Expr),
    /// `shift(CELL, PATH)`: the cell the mover's path leads to from the cell, if on the board.
    Shift(Box<Shift>),
    /// A walk's `step_from`, `step_to`, `pushed_from` or `pushed_to`.
    Walk(WalkCell),
    /// A cell named in the rules.
    Fixed(CellId),
    /// A variable of cells read for a seat (`last_cell(it)`).
    SeatVariable(Box<SeatVariable>),
    /// `if CONDITION then A else B` read as a cell.
    If(Box<CellIf>),
    /// `none`.
    Nothing,
}

/// The parts of a [`CellOf::If`].
#[derive(Debug)]
pub(super) struct CellIf {
    pub condition: Program,
    pub then: CellOf,
    pub otherwise: CellOf,
}

/// A [`CellOf::Shift`]: the start, each seat's path, and where each seat's path leads from each
/// cell (seat by seat, [`NO_CELL`] off the board), found when the engine is built on boards of at
/// most [`MOST_SHIFTED_CELLS`] cells (none on larger ones, whose shifts walk their paths).
#[derive(Debug)]
pub(super) struct Shift {
    start: CellOf,
    paths: PerSeat<Vec<DirId>>,
    ends: Box<[CellId]>,
}

/// The largest board whose shifts are tabled by cell.
const MOST_SHIFTED_CELLS: usize = 4096;

impl Shift {
    fn new(start: CellOf, paths: &PerSeat<Vec<DirId>>, layout: &Layout) -> Shift {
        let board = &layout.game.board;
        let cells = board.cell_count();
        let mut shift = Shift { start, paths: paths.clone(), ends: Box::default() };
        if cells <= MOST_SHIFTED_CELLS {
            let seats = 0..shift.paths.len();
            let ends = seats.flat_map(|seat| (0..cells).map(move |cell| (seat, cell)));
            let end_of = |(seat, cell): (usize, usize)| {
                let cell = CellId::try_from(cell).ok()?;
                shift.walk(board, seat, cell)
            };
            shift.ends = ends.map(|at| end_of(at).unwrap_or(NO_CELL)).collect();
        }
        shift
    }

    /// The cell the seat's path leads to from `start`, walked step by step (an empty path for a
    /// seat without one, as `eval` reads it); out of line, as the ends hold it on most boards.
    #[inline(never)]
    fn walk(&self, board: &Board, seat: usize, start: CellId) -> Option<CellId> {
        let path = self.paths.get(seat).map_or(&[][..], Vec::as_slice);
        path.iter().try_fold(start, |cell, &d| board.neighbour(cell, d))
    }
}

/// The cells a walk's step binds.
#[derive(Clone, Copy, Debug)]
pub(super) enum WalkCell {
    StepFrom,
    StepTo,
    PushedFrom,
    PushedTo,
}

/// A game, and where its variables and mutable maps are kept in its states.
pub(super) struct Layout<'a> {
    pub game: &'a Game,
    pub state: &'a StateLayout,
}

/// Whether the board's bit sets hold every piece of the game, so that a count of pieces may be
/// read from them: one piece a cell. On a board with stacks the pieces beneath the tops are
/// not in the bit sets, and `count(pieces(...))` counts them too.
pub(super) fn pieces_all_indexed(game: &Game) -> bool {
    game.stacking == Stacking::Single
}

impl Layout<'_> {
    fn variable(&self, variable: VarId) -> Option<u32> {
        super::variable_slot(self.game, &self.state.variable_slots, variable, None)
    }

    pub(super) fn map(&self, map: MapId) -> MapAt {
        match self.state.map_offsets.get(map as usize).copied().flatten() {
            Some(offset) => MapAt::State(offset as usize),
            None => MapAt::Fixed(self.game.maps.get(map as usize).map_or(Vec::new(), |m| m.values.clone())),
        }
    }

    /// Whether a map's values never change (no state holds them).
    pub(super) fn map_is_fixed(&self, map: MapId) -> bool {
        self.state.map_offsets.get(map as usize).copied().flatten().is_none()
    }
}

impl Cond {
    pub(super) fn new(expr: &Expr, layout: &Layout) -> Cond {
        use BinaryOp::{And, Eq, Ge, Gt, Le, Lt, Ne, Or};
        let boxed = |e: &Expr| Box::new(Cond::new(e, layout));
        if let Some(table) = CellTable::new(expr, layout) {
            return Cond::Cells(Box::new(table));
        }
        if let Expr::Binary(op @ (Eq | Ne), left, right) = expr
            && let Some((operand, constant)) = constant_test(left, right, layout)
        {
            return Cond::IsConst { operand, constant, negated: *op == Ne };
        }
        if let Expr::Binary(op @ (Eq | Ne | Lt | Le | Gt | Ge), left, right) = expr
            && let (Expr::Field(piece, PieceField::Attribute(attribute)), Expr::Const(Const::Int(bound))) =
                (&**left, &**right)
            && let Expr::Context(word) = **piece
        {
            return Cond::Attribute { word, attribute: *attribute, op: *op, bound: *bound };
        }
        if let Expr::Binary(op @ (Eq | Ne), left, right) = expr
            && let Some(count) = first_compared_with_none(left, right)
        {
            // `first(C, P)` is none exactly when no member passes (no member is none): a count.
            let (op, bound) = if *op == Eq { (Eq, 0) } else { (Gt, 0) };
            return Cond::new(
                &Expr::Binary(op, Box::new(count), Box::new(Expr::Const(Const::Int(bound)))),
                layout,
            );
        }
        if let Expr::Binary(op @ (Eq | Ne), left, right) = expr
            && let Some(cell) = piece_at_compared_with_none(left, right)
        {
            return Cond::Empty { cell: CellOf::new(cell, layout), negated: *op == Ne };
        }
        if let Expr::Binary(op @ (Eq | Ne | Lt | Le | Gt | Ge), count, bound) = expr
            && let (
                Expr::Count(Collection::Pieces { owner, types }, Some(predicate)),
                Expr::Const(Const::Int(k)),
            ) = (&**count, &**bound)
        {
            if let Some(cond) = count_of_types((*op, *k), owner, types, predicate, layout) {
                return cond;
            }
            let (owner, types) = (Owner::new(owner), types.clone());
            return Cond::CountWhere { op: *op, owner, types, predicate: boxed(predicate), bound: *k };
        }
        if let Expr::Binary(op, count, bound) = expr
            && let (Expr::Count(Collection::Pieces { owner, types }, None), Expr::Const(Const::Int(k))) =
                (&**count, &**bound)
            && let Some(wanted) = Wanted::of(*op, *k)
            && pieces_all_indexed(layout.game)
        {
            return Cond::Pieces { owner: Owner::new(owner), types: types.clone(), wanted };
        }
        if let Some(operand) = Operand::of(expr, layout) {
            // A variable read as a condition: true when it holds `true`.
            return Cond::IsConst { operand, constant: Value::Bool(true), negated: false };
        }
        match expr {
            Expr::Allied(a, b) => Cond::Allied(Box::new([Owner::new(a), Owner::new(b)])),
            Expr::Attacked { cell, seat, by: None } => {
                Cond::Attacked { cell: CellOf::new(cell, layout), defender: Owner::new(seat) }
            }
            Expr::Binary(op @ (And | Or), ..) => match regrouped(*op, expr, layout) {
                Some(cond) => cond,
                None => {
                    let mut operands = Vec::new();
                    chain(*op, expr, &mut operands);
                    let operands = operands.into_iter().map(|operand| Cond::new(operand, layout)).collect();
                    nested_to_the_right(*op, operands)
                }
            },
            Expr::Not(inner) => Cond::Not(boxed(inner)),
            Expr::InZone { cell, zone, seat } => {
                Cond::InZone { cell: CellOf::new(cell, layout), zone: *zone, seat: Owner::new(seat) }
            }
            Expr::If(condition, then, otherwise) => {
                Cond::If { condition: boxed(condition), then: boxed(then), otherwise: boxed(otherwise) }
            }
            // A count of members of another collection compared with a constant: the predicate
            // compiled (a count of pieces without one is read from the board's bit sets below).
            Expr::Binary(op @ (Eq | Ne | Lt | Le | Gt | Ge), count, bound)
                if let (Expr::Count(collection, predicate), Expr::Const(Const::Int(k))) =
                    (&**count, &**bound)
                    && !matches!(collection, Collection::Pieces { .. }) =>
            {
                Cond::CountMembers {
                    op: *op,
                    collection: collection.clone(),
                    predicate: predicate.as_deref().map(boxed),
                    bound: *k,
                }
            }
            Expr::Binary(op @ (Eq | Ne | Lt | Le | Gt | Ge), left, right)
                if gives_int(left, layout.game) && gives_int(right, layout.game) =>
            {
                Cond::Compare(*op, Int::new(left, layout), Int::new(right, layout))
            }
            Expr::Binary(op, left, right) if let Some(test) = PieceTest::new(*op, left, right, layout) => {
                Cond::Piece(Box::new(test))
            }
            Expr::Binary(op, left, right) if let Some(test) = SameCell::new(*op, left, right, layout) => {
                Cond::SameCell(Box::new(test))
            }
            _ => Cond::Expr(expr.clone()),
        }
    }
}

/// The chain of the operands joined by `and` (`op` `And`) or `or`, nested to the right (`a and (b
/// and c)`), which [`Engine::test`] walks in a loop; `true` for no operand. `and` and `or` are
/// associative and keep their order left to right, so the nesting does not change what the chain
/// gives or which operands it tests.
pub(super) fn nested_to_the_right(op: BinaryOp, operands: Vec<Cond>) -> Cond {
    let node: fn(Box<Cond>, Box<Cond>) -> Cond = if op == BinaryOp::Or { Cond::Or } else { Cond::And };
    let mut operands = operands.into_iter().rev();
    let last = operands.next().unwrap_or(Cond::Expr(Expr::Const(Const::Bool(true))));
    operands.fold(last, |right, left| node(Box::new(left), Box::new(right)))
}

impl Int {
    pub(super) fn new(expr: &Expr, layout: &Layout) -> Int {
        use BinaryOp::{Add, Div, Mod, Mul, Sub};
        if let Some(table) = CellTable::new(expr, layout) {
            return Int::Cells(Box::new(table));
        }
        match expr {
            Expr::Const(Const::Int(n)) => Int::Const(Some(*n)),
            Expr::Const(Const::None) => Int::Const(None),
            Expr::Map(map, cell) => Int::Map(layout.map(*map), CellOf::new(cell, layout)),
            Expr::Field(piece, PieceField::Attribute(attribute)) => match **piece {
                Expr::Context(word) => Int::Attribute(word, *attribute),
                _ => Int::Expr(expr.clone()),
            },
            Expr::Count(Collection::Pieces { owner, types }, None) if pieces_all_indexed(layout.game) => {
                Int::PieceCount { owner: Owner::new(owner), types: types.clone() }
            }
            Expr::Binary(op @ (Add | Sub | Mul | Div | Mod), left, right)
                if gives_int(left, layout.game) && gives_int(right, layout.game) =>
            {
                Int::Arith(*op, Box::new(Int::new(left, layout)), Box::new(Int::new(right, layout)))
            }
            Expr::Distance(a, b) => Int::Distance(Box::new([CellOf::new(a, layout), CellOf::new(b, layout)])),
            Expr::Variable(variable) if gives_int(expr, layout.game) => {
                Int::Variable(layout.variable(*variable))
            }
            Expr::SeatVariable(variable, seat) if gives_int(expr, layout.game) => {
                Int::SeatVariable(SeatVariable::boxed(*variable, seat))
            }
            Expr::Context(word) if gives_int(expr, layout.game) => Int::Context(*word),
            _ => Int::Expr(expr.clone()),
        }
    }
}

impl SeatVariable {
    fn boxed(variable: VarId, seat: &Expr) -> Box<SeatVariable> {
        Box::new(SeatVariable { variable, seat: Owner::new(seat) })
    }
}

impl Owner {
    pub(super) fn new(expr: &Expr) -> Owner {
        match expr {
            Expr::Context(ContextWord::Mover) => Owner::Mover,
            Expr::Context(ContextWord::Next) => Owner::Next,
            Expr::Context(ContextWord::It) => Owner::It,
            other => Owner::Expr(other.clone()),
        }
    }
}

impl CellOf {
    pub(super) fn new(expr: &Expr, layout: &Layout) -> CellOf {
        match expr {
            Expr::Context(ContextWord::From) => CellOf::From,
            Expr::Context(ContextWord::To) => CellOf::To,
            Expr::Field(piece, PieceField::Cell) if **piece == Expr::Context(ContextWord::It) => {
                CellOf::ItCell
            }
            Expr::Variable(variable) => CellOf::Variable(layout.variable(*variable)),
            Expr::Shift { cell, paths } => {
                CellOf::Shift(Box::new(Shift::new(CellOf::new(cell, layout), paths, layout)))
            }
            Expr::Context(ContextWord::StepFrom) => CellOf::Walk(WalkCell::StepFrom),
            Expr::Context(ContextWord::StepTo) => CellOf::Walk(WalkCell::StepTo),
            Expr::Context(ContextWord::PushedFrom) => CellOf::Walk(WalkCell::PushedFrom),
            Expr::Context(ContextWord::PushedTo) => CellOf::Walk(WalkCell::PushedTo),
            Expr::Const(Const::Cell(cell)) => CellOf::Fixed(*cell),
            Expr::SeatVariable(variable, seat) => CellOf::SeatVariable(SeatVariable::boxed(*variable, seat)),
            Expr::Const(Const::None) => CellOf::Nothing,
            Expr::If(condition, then, otherwise) => CellOf::If(Box::new(CellIf {
                condition: Program::new(Cond::new(condition, layout)),
                then: CellOf::new(then, layout),
                otherwise: CellOf::new(otherwise, layout),
            })),
            _ => CellOf::Expr(expr.clone()),
        }
    }

    /// Whether it gives a cell or `none` and nothing else, whatever the state (a variable or a
    /// written expression may give a value of another kind): then [`Engine::cell_of`] reads it
    /// exactly.
    pub(super) fn gives_cell(&self) -> bool {
        match self {
            CellOf::From
            | CellOf::To
            | CellOf::ItCell
            | CellOf::Shift(_)
            | CellOf::Walk(_)
            | CellOf::Fixed(_)
            | CellOf::Nothing => true,
            CellOf::If(choice) => choice.then.gives_cell() && choice.otherwise.gives_cell(),
            CellOf::Variable(_) | CellOf::SeatVariable(_) | CellOf::Expr(_) => false,
        }
    }
}

/// A variable or context word on one side of `==` or `!=`, a constant on the other.
fn constant_test(left: &Expr, right: &Expr, layout: &Layout) -> Option<(Operand, Value)> {
    let operand = |e: &Expr| match e {
        Expr::Context(word) => Some(Operand::Context(*word)),
        other => Operand::of(other, layout),
    };
    match (left, right) {
        (side, Expr::Const(constant)) | (Expr::Const(constant), side) => {
            Some((operand(side)?, Value::from_const(*constant)))
        }
        _ => None,
    }
}

impl Operand {
    /// A variable, read without a seat or for one (`None` for any other expression).
    fn of(expr: &Expr, layout: &Layout) -> Option<Operand> {
        match expr {
            Expr::Variable(variable) => Some(Operand::Variable(layout.variable(*variable))),
            Expr::SeatVariable(variable, seat) => {
                Some(Operand::SeatVariable(SeatVariable::boxed(*variable, seat)))
            }
            _ => None,
        }
    }
}

/// `count(C, P)` for `first(C, P)` on one side of `==` or `!=`, `none` on the other.
fn first_compared_with_none(left: &Expr, right: &Expr) -> Option<Expr> {
    match (left, right) {
        (Expr::First(collection, predicate), Expr::Const(Const::None))
        | (Expr::Const(Const::None), Expr::First(collection, predicate)) => {
            Some(Expr::Count(collection.clone(), predicate.clone()))
        }
        _ => None,
    }
}

/// The cell of `piece_at(CELL)` on one side of `==` or `!=`, `none` on the other.
fn piece_at_compared_with_none<'e>(left: &'e Expr, right: &'e Expr) -> Option<&'e Expr> {
    match (left, right) {
        (Expr::PieceAt(cell), Expr::Const(Const::None)) | (Expr::Const(Const::None), Expr::PieceAt(cell)) => {
            Some(cell)
        }
        _ => None,
    }
}

/// Whether an expression always gives an integer or `none` (arithmetic does unless an operand may
/// be a decimal).
pub(super) fn gives_int(expr: &Expr, game: &Game) -> bool {
    use BinaryOp::{Add, Div, Mod, Mul, Sub};
    match expr {
        Expr::Const(constant) => matches!(constant, Const::Int(_) | Const::None),
        Expr::Context(word) => matches!(
            word,
            ContextWord::Captures
                | ContextWord::Turns
                | ContextWord::Choice
                | ContextWord::Repetitions
                | ContextWord::SinceFirstSeen
                | ContextWord::Passes
        ),
        Expr::Field(_, field) => matches!(field, PieceField::Attribute(_) | PieceField::Value),
        Expr::Neg(inner) => gives_int(inner, game),
        Expr::Binary(Div | Mod, ..) => true,
        Expr::Binary(Add | Sub | Mul, left, right) => {
            !may_be_decimal(left, game) && !may_be_decimal(right, game)
        }
        Expr::Map(..) | Expr::Count(..) | Expr::Sum(..) | Expr::Distance(..) => true,
        // A variable of integers holds an integer or `none` (effects and positions keep its type).
        Expr::Variable(v) | Expr::SeatVariable(v, _) => {
            game.variables.get(usize::from(*v)).is_some_and(|v| v.ty == ValueType::Int)
        }
        _ => false,
    }
}

/// Whether an expression may give a decimal: it reads a decimal constant or variable.
pub(super) fn may_be_decimal(expr: &Expr, game: &Game) -> bool {
    let decimal_variable =
        |v: &VarId| game.variables.get(usize::from(*v)).is_some_and(|v| v.ty == ValueType::Decimal);
    expr.any(&mut |e| match e {
        Expr::Const(Const::Decimal(_)) => true,
        Expr::Variable(v) | Expr::SeatVariable(v, _) => decimal_variable(v),
        _ => false,
    })
}

/// The length of each action's moves that has one (a walk's length, a slide's most steps).
pub(super) fn move_lengths(layout: &Layout) -> Vec<Option<Int>> {
    let length = |kind: &ActionKind| match kind {
        ActionKind::Walk { length, .. } => Some(Int::new(length, layout)),
        ActionKind::Slide { max: Some(max), .. } => Some(Int::new(max, layout)),
        ActionKind::Slide { max: None, .. }
        | ActionKind::Step { .. }
        | ActionKind::Leap { .. }
        | ActionKind::Drop { .. }
        | ActionKind::Choose { .. }
        | ActionKind::Declare
        | ActionKind::Place { .. }
        | ActionKind::Hop { .. }
        | ActionKind::Anywhere { .. }
        | ActionKind::Remove { .. }
        | ActionKind::Along { .. }
        | ActionKind::Sow { .. }
        | ActionKind::SlideExactly { .. } => None,
    };
    layout.game.actions.iter().map(|action| length(&action.kind)).collect()
}

impl Engine {
    pub(super) fn test(&self, state: &State, ctx: &Ctx, cond: &Cond) -> bool {
        // Chains are nested to the right (`nested_to_the_right`): walked in a loop, each left
        // operand tested in place.
        let mut cond = cond;
        loop {
            match cond {
                Cond::And(left, right) => {
                    if !self.operand(state, ctx, left) {
                        return false;
                    }
                    cond = right;
                }
                Cond::Or(left, right) => {
                    if self.operand(state, ctx, left) {
                        return true;
                    }
                    cond = right;
                }
                Cond::Not(inner) => return !self.operand(state, ctx, inner),
                leaf => return self.leaf(state, ctx, leaf),
            }
        }
    }

    /// An operand of `and`, `or` or `not`: a leaf tested in place, without a call.
    #[inline(always)]
    fn operand(&self, state: &State, ctx: &Ctx, cond: &Cond) -> bool {
        match cond {
            Cond::And(..) | Cond::Or(..) | Cond::Not(..) => self.test(state, ctx, cond),
            leaf => self.leaf(state, ctx, leaf),
        }
    }

    /// A condition that is no `and`, `or` or `not` (those it hands back to `test`).
    #[inline(always)]
    pub(super) fn leaf(&self, state: &State, ctx: &Ctx, cond: &Cond) -> bool {
        match cond {
            Cond::Attribute { word, attribute, op, bound } => {
                compare(*op, self.context_attribute(state, ctx, *word, *attribute), Some(*bound))
            }
            Cond::And(..) | Cond::Or(..) | Cond::Not(..) => self.test(state, ctx, cond),
            Cond::Compare(op, left, right) => {
                compare(*op, self.int(state, ctx, left), self.int(state, ctx, right))
            }
            Cond::IsConst { operand, constant, negated } => {
                let equal = match (operand, *constant) {
                    (Operand::Context(word), Value::None) => self.context_is_none(state, ctx, *word),
                    (Operand::Context(word), constant) => equals(self.context(state, ctx, *word), constant),
                    (Operand::Variable(slot), constant) => equals(read_slot(state, *slot), constant),
                    (Operand::SeatVariable(read), constant) => {
                        equals(self.seat_variable(state, ctx, read), constant)
                    }
                };
                equal != *negated
            }
            Cond::CountWhere { op, owner, types, predicate, bound } => {
                self.count_where(state, ctx, (owner, types), predicate, (*op, *bound))
            }
            Cond::Attacked { cell, defender } => {
                let defender = self.seat_of(state, ctx, defender);
                match (self.cell_of(state, ctx, cell), defender) {
                    (Some(cell), Some(defender)) => self.attacked(state, ctx, cell, defender, None),
                    _ => false,
                }
            }
            Cond::Expr(expr) => self.holds(state, ctx, expr),
            Cond::Empty { cell, negated } => {
                let cell = self.cell_of(state, ctx, cell);
                cell.is_none_or(|cell| state.piece(cell).is_none()) != *negated
            }
            Cond::Pieces { owner, types, wanted } => {
                // An owner that is neither a seat nor `none` has no pieces.
                let any =
                    self.pieces_owner(state, ctx, owner).is_some_and(|owner| state.index.any(owner, types));
                let found = if any { Wanted::SomePiece } else { Wanted::NoPiece };
                found == *wanted
            }
            Cond::CountMembers { op, collection, predicate, bound } => {
                self.count_members(state, ctx, collection, predicate.as_deref(), (*op, *bound))
            }
            Cond::InZone { cell, zone, seat } => self.cell_in_zone(state, ctx, cell, (*zone, seat)),
            Cond::If { condition, then, otherwise } => {
                let branch = if self.operand(state, ctx, condition) { then } else { otherwise };
                self.operand(state, ctx, branch)
            }
            Cond::Allied(seats) => self.seats_allied(state, ctx, seats),
            Cond::Piece(test) => self.piece_test(state, ctx, test),
            Cond::SameCell(test) => self.same_cell(state, ctx, test),
            Cond::Cells(table) => table.holds(self, state, ctx),
        }
    }

    /// `count(pieces(OWNER, TYPES...), PREDICATE) OP bound`, counting no further than decides it.
    /// A predicate that asks only whether the piece's cell is attacked is tested on the cell,
    /// without a context built for each piece (see [`attacked_cell_defender`]).
    fn count_where(
        &self,
        state: &State,
        ctx: &Ctx,
        (owner, types): (&Owner, &[TypeId]),
        predicate: &Cond,
        (op, bound): (BinaryOp, i64),
    ) -> bool {
        let owner = self.pieces_owner(state, ctx, owner);
        let cap = bound.saturating_add(1).max(0);
        let mut count = 0i64;
        let attacked_on = attacked_cell_defender(ctx, predicate);
        let passes = |cell: CellId, piece: Piece| match attacked_on {
            Some(defender) => {
                defender.is_some_and(|defender| self.attacked(state, ctx, cell, defender, None))
            }
            None => self.test(state, &ctx.with_it(Value::Placed(piece, cell)), predicate),
        };
        if let Some(owner) = owner.filter(|_| cap > 0) {
            let _ = state.try_for_each_stacked_piece(owner, types, |cell, piece| {
                count += i64::from(passes(cell, piece));
                if count >= cap { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            });
        }
        compare(op, Some(count.min(cap)), Some(bound))
    }

    /// `count(COLLECTION, PREDICATE) OP bound` over a collection other than the board's pieces.
    fn count_members(
        &self,
        state: &State,
        ctx: &Ctx,
        collection: &Collection,
        predicate: Option<&Cond>,
        (op, bound): (BinaryOp, i64),
    ) -> bool {
        // Past the bound the comparison is settled (a count only grows): the members after that
        // are not tested, as `count_where` stops.
        let cap = bound.saturating_add(1).max(0);
        let mut count = 0i64;
        let mut member = *ctx;
        self.for_each_in(state, ctx, collection, |it| {
            if count >= cap {
                return;
            }
            member.each.it = it;
            let passes = predicate.is_none_or(|predicate| self.test(state, &member, predicate));
            count += i64::from(passes);
        });
        compare(op, Some(count), Some(bound))
    }

    #[inline(always)]
    pub(super) fn int(&self, state: &State, ctx: &Ctx, int: &Int) -> Option<i64> {
        match int {
            Int::Const(n) => *n,
            Int::Map(map, cell) => {
                let cell = usize::from(self.cell_of(state, ctx, cell)?);
                let value = match map {
                    MapAt::State(offset) => state.maps.get(offset + cell),
                    MapAt::Fixed(values) => values.get(cell),
                };
                value.copied().flatten().map(i64::from)
            }
            Int::Attribute(word, attribute) => self.context_attribute(state, ctx, *word, *attribute),
            Int::PieceCount { owner, types } => {
                let Some(owner) = self.pieces_owner(state, ctx, owner) else { return Some(0) };
                Some(state.index.count(owner, types).into())
            }
            Int::Expr(expr) => self.eval(state, ctx, expr).as_int(),
            Int::Arith(op, left, right) => self.arith(state, ctx, *op, (left, right)),
            Int::Distance(cells) => self.distance(state, ctx, cells),
            Int::Context(word) => self.context_int(state, ctx, *word),
            Int::Variable(slot) => read_slot(state, *slot).as_int(),
            Int::SeatVariable(read) => self.seat_variable(state, ctx, read).as_int(),
            Int::Cells(table) => table.int(self, state, ctx),
        }
    }

    /// A context word read as an integer: the turn's counters and the choice read in place, as
    /// [`Engine::context`] gives them, any other word through it.
    #[inline(always)]
    pub(super) fn context_int(&self, state: &State, ctx: &Ctx, word: ContextWord) -> Option<i64> {
        match word {
            ContextWord::Captures => Some(state.captures.into()),
            ContextWord::Turns => Some(state.turns.into()),
            ContextWord::Passes => Some(state.passes.into()),
            ContextWord::Choice => ctx.choice,
            other => self.context(state, ctx, other).as_int(),
        }
    }

    /// Whether a context word gives `none`: the words the context holds as options read in place,
    /// as [`Engine::context`] gives them, any other word through it.
    #[inline(always)]
    fn context_is_none(&self, state: &State, ctx: &Ctx, word: ContextWord) -> bool {
        match word {
            ContextWord::Promotion => ctx.promotion.is_none(),
            ContextWord::Mover => ctx.mover.is_none(),
            ContextWord::Next => ctx.next.is_none(),
            ContextWord::From => ctx.from.is_none(),
            ContextWord::To => ctx.to.is_none(),
            ContextWord::Choice => ctx.choice.is_none(),
            other => matches!(self.context(state, ctx, other), Value::None),
        }
    }

    /// An attribute of the piece a context word names: of the moving piece, the target and `it`
    /// read in place, of any other word's piece as [`Engine::context`] gives it.
    #[inline(always)]
    fn context_attribute(
        &self,
        state: &State,
        ctx: &Ctx,
        word: ContextWord,
        attribute: AttrId,
    ) -> Option<i64> {
        let read = |piece: &Piece| i64::from(piece.attribute(attribute));
        match word {
            ContextWord::Piece => match &ctx.piece {
                PieceSlot::None => None,
                PieceSlot::At(cell) => state.board.get(usize::from(*cell))?.as_ref().map(read),
                PieceSlot::Held(piece) => Some(read(piece)),
            },
            ContextWord::Target => ctx.target.as_ref().map(read),
            ContextWord::It => ctx.each.it.as_piece().as_ref().map(read),
            other => self.context(state, ctx, other).as_piece().as_ref().map(read),
        }
    }

    /// A [`Cond::InZone`], out of line so that the leaf tests stay small where they are inlined.
    #[inline(never)]
    fn cell_in_zone(&self, state: &State, ctx: &Ctx, cell: &CellOf, (zone, seat): (ZoneId, &Owner)) -> bool {
        let seat = self.seat_of(state, ctx, seat);
        self.cell_of(state, ctx, cell).is_some_and(|cell| self.in_zone(zone, seat, cell))
    }

    /// A [`SeatVariable`]'s value, out of line as [`Engine::arith`] is.
    #[inline(never)]
    pub(super) fn seat_variable(&self, state: &State, ctx: &Ctx, read: &SeatVariable) -> Value {
        match self.seat_of(state, ctx, &read.seat) {
            Some(seat) => self.read_variable(state, read.variable, Some(seat)),
            None => Value::None,
        }
    }

    /// A [`Cond::Allied`], out of line.
    #[inline(never)]
    fn seats_allied(&self, state: &State, ctx: &Ctx, [a, b]: &[Owner; 2]) -> bool {
        match (self.seat_of(state, ctx, a), self.seat_of(state, ctx, b)) {
            (Some(a), Some(b)) => self.allied(a, b),
            _ => false,
        }
    }

    /// The seat an owner names (`None` when it gives no seat).
    #[inline(always)]
    pub(super) fn seat_of(&self, state: &State, ctx: &Ctx, owner: &Owner) -> Option<SeatId> {
        match owner {
            Owner::Mover => ctx.mover,
            Owner::Next => ctx.next,
            Owner::It => ctx.each.it.as_seat(),
            Owner::Expr(expr) => self.eval(state, ctx, expr).as_seat(),
        }
    }

    /// An [`Int::Distance`], out of line as [`Engine::arith`] is.
    #[inline(never)]
    fn distance(&self, state: &State, ctx: &Ctx, [a, b]: &[CellOf; 2]) -> Option<i64> {
        let (a, b) = (self.cell_of(state, ctx, a)?, self.cell_of(state, ctx, b)?);
        self.game.board.distance(a, b).map(i64::from)
    }

    /// An [`Int::Arith`], out of line so that [`Engine::int`] stays inlined where it is read.
    #[inline(never)]
    fn arith(&self, state: &State, ctx: &Ctx, op: BinaryOp, (left, right): (&Int, &Int)) -> Option<i64> {
        let (left, right) = (self.int(state, ctx, left)?, self.int(state, ctx, right)?);
        match op.on_integers(left, right) {
            IntegerResult::Int(n) => Some(n),
            IntegerResult::Bool(_) | IntegerResult::NotInteger => None,
        }
    }

    /// Whose pieces a collection of pieces holds: a seat's, or the neutral ones (`None`); nobody's
    /// (the outer `None`) when the owner's expression gives neither a seat nor `none`.
    #[inline(always)]
    fn pieces_owner(&self, state: &State, ctx: &Ctx, owner: &Owner) -> Option<Option<SeatId>> {
        let owner_of = |value: Value| match value {
            Value::Seat(seat) => Some(Some(seat)),
            Value::None => Some(None),
            _ => None,
        };
        match owner {
            Owner::Mover => Some(ctx.mover),
            Owner::Next => Some(ctx.next),
            Owner::It => owner_of(ctx.each.it),
            Owner::Expr(expr) => owner_of(self.eval(state, ctx, expr)),
        }
    }

    #[inline(always)]
    pub(super) fn cell_of(&self, state: &State, ctx: &Ctx, cell: &CellOf) -> Option<CellId> {
        match cell {
            CellOf::From => ctx.from,
            CellOf::To => ctx.to,
            CellOf::ItCell => ctx.each.it.piece_cell(),
            CellOf::Variable(slot) => read_slot(state, *slot).as_cell(),
            CellOf::Expr(expr) => self.eval(state, ctx, expr).as_cell(),
            CellOf::Shift(shift) => self.shifted(state, ctx, shift),
            CellOf::Walk(WalkCell::StepFrom) => ctx.walk.step_from,
            CellOf::Walk(WalkCell::StepTo) => ctx.walk.step_to,
            CellOf::Walk(WalkCell::PushedFrom) => ctx.walk.pushed_from,
            CellOf::Walk(WalkCell::PushedTo) => ctx.walk.pushed_to,
            CellOf::Fixed(cell) => Some(*cell),
            CellOf::SeatVariable(read) => self.seat_variable(state, ctx, read).as_cell(),
            CellOf::If(choice) => self.cell_if(state, ctx, choice),
            CellOf::Nothing => None,
        }
    }

    /// A [`CellOf::If`]: the cell of the branch the condition picks, out of line.
    #[inline(never)]
    fn cell_if(&self, state: &State, ctx: &Ctx, choice: &CellIf) -> Option<CellId> {
        self.chosen_cell(state, ctx, choice)
    }

    /// The cell of the branch a [`CellIf`]'s condition picks, read in place.
    #[inline(always)]
    pub(super) fn chosen_cell(&self, state: &State, ctx: &Ctx, choice: &CellIf) -> Option<CellId> {
        let branch =
            if self.run_program(state, ctx, &choice.condition) { &choice.then } else { &choice.otherwise };
        self.cell_in_place(state, ctx, branch)
    }

    /// The cell the mover's path (as `shift` reads it) leads to from the shift's start: read from
    /// its ends, or walked along the path where they hold none. A start that is the move's `from`
    /// or `to` is read in place, any other by [`Engine::shifted_from_any`], so that this body,
    /// out of line, holds no [`Engine::cell_of`] with every form of cell inlined into it.
    #[inline(never)]
    fn shifted(&self, state: &State, ctx: &Ctx, shift: &Shift) -> Option<CellId> {
        let start = match shift.start {
            CellOf::From => ctx.from,
            CellOf::To => ctx.to,
            _ => return self.shifted_from_any(state, ctx, shift),
        };
        self.shift_end(ctx, shift, start?)
    }

    /// The cell a leaf that tests one reads (a piece test, a comparison of cells), or a branch of
    /// a cell chosen by `if`: `from`, `to`, a shift of either read in place from the shift's ends,
    /// a named cell and `none`, without the calls of [`Engine::cell_of`] and [`Engine::shifted`];
    /// any other form through them, out of line.
    #[inline(always)]
    pub(super) fn cell_in_place(&self, state: &State, ctx: &Ctx, cell: &CellOf) -> Option<CellId> {
        match cell {
            CellOf::From => ctx.from,
            CellOf::To => ctx.to,
            CellOf::Shift(shift) => match shift.start {
                CellOf::From => self.shift_end(ctx, shift, ctx.from?),
                CellOf::To => self.shift_end(ctx, shift, ctx.to?),
                _ => self.shifted_from_any(state, ctx, shift),
            },
            CellOf::Fixed(cell) => Some(*cell),
            CellOf::Nothing => None,
            other => self.cell_out_of_line(state, ctx, other),
        }
    }

    /// [`Engine::cell_of`], out of line: the forms of cells [`Engine::cell_in_place`] does not
    /// read in place.
    #[inline(never)]
    fn cell_out_of_line(&self, state: &State, ctx: &Ctx, cell: &CellOf) -> Option<CellId> {
        self.cell_of(state, ctx, cell)
    }

    /// A [`CellOf::Shift`] from a start other than `from` and `to`.
    #[inline(never)]
    fn shifted_from_any(&self, state: &State, ctx: &Ctx, shift: &Shift) -> Option<CellId> {
        let start = self.cell_of(state, ctx, &shift.start)?;
        self.shift_end(ctx, shift, start)
    }

    /// Where the mover's path leads from `start`: read from the shift's ends, or walked along the
    /// path where they hold none.
    #[inline(always)]
    fn shift_end(&self, ctx: &Ctx, shift: &Shift, start: CellId) -> Option<CellId> {
        let (seat, cells) = (ctx.mover.unwrap_or(0) as usize, self.game.board.cell_count());
        let tabled = (usize::from(start) < cells).then(|| shift.ends.get(seat * cells + usize::from(start)));
        match tabled.flatten() {
            Some(&end) => (end != NO_CELL).then_some(end),
            None => shift.walk(&self.game.board, seat, start),
        }
    }
}

/// A comparison of two integers or `none`: `none` equals only itself and is in no order.
#[inline(always)]
pub(super) fn compare(op: BinaryOp, left: Option<i64>, right: Option<i64>) -> bool {
    match (op, left, right) {
        (BinaryOp::Eq, ..) => left == right,
        (BinaryOp::Ne, ..) => left != right,
        (BinaryOp::Lt, Some(a), Some(b)) => a < b,
        (BinaryOp::Le, Some(a), Some(b)) => a <= b,
        (BinaryOp::Gt, Some(a), Some(b)) => a > b,
        (BinaryOp::Ge, Some(a), Some(b)) => a >= b,
        (_, Some(a), Some(b)) => op.on_integers(a, b) == IntegerResult::Bool(true),
        _ => false,
    }
}

/// `value == constant` as [`Value`]'s equality gives it (values of two kinds are unequal), a
/// constant of one word compared in place, without a call.
#[inline(always)]
fn equals(value: Value, constant: Value) -> bool {
    match (constant, value) {
        (Value::None, value) => matches!(value, Value::None),
        (Value::Int(a), Value::Int(b)) => a == b,
        (Value::Bool(a), Value::Bool(b)) => a == b,
        (Value::Cell(a), Value::Cell(b)) => a == b,
        (Value::Seat(a), Value::Seat(b)) => a == b,
        (Value::PieceType(a), Value::PieceType(b)) => a == b,
        (Value::Phase(a), Value::Phase(b)) => a == b,
        (Value::Int(_) | Value::Bool(_) | Value::Cell(_) | Value::Seat(_), _)
        | (Value::PieceType(_) | Value::Phase(_), _) => false,
        (Value::Piece(_) | Value::Prize(_) | Value::Placed(..) | Value::Decimal(_), value) => {
            value == constant
        }
    }
}

/// A variable's value by its slot (`none` without one).
pub(super) fn read_slot(state: &State, slot: Option<u32>) -> Value {
    slot.and_then(|slot| state.variables.get(slot as usize)).copied().unwrap_or(Value::None)
}

/// The defender when a count's predicate is `attacked(it.cell, mover)` or `attacked(it.cell,
/// next)`: a question about the piece's cell alone, whose seat does not depend on the piece
/// (`None` for any other predicate).
fn attacked_cell_defender(ctx: &Ctx, predicate: &Cond) -> Option<Option<SeatId>> {
    match predicate {
        Cond::Attacked { cell: CellOf::ItCell, defender: Owner::Mover } => Some(ctx.mover),
        Cond::Attacked { cell: CellOf::ItCell, defender: Owner::Next } => Some(ctx.next),
        _ => None,
    }
}
