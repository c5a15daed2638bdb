//! Equalities compiled once, as conditions (see `compiled`): a piece's type or owner against a
//! type or the mover or next seat (`piece.type == TYPE`, `piece_at(CELL).owner != mover`), and two
//! cells (`to == VARIABLE`, `to == shift(from, PATH)`). Each gives exactly what [`Engine::eval`]
//! gives for the comparison as written: a missing piece has no type and no owner (`none`), and
//! a side that may give something other than a cell is compared as the value it gives.

use ludex_ir::{BinaryOp, CellId, Const, ContextWord, Expr, PieceField, TypeId};

use super::Engine;
use super::compiled::{CellOf, Cond, Int, Layout, Owner, Wanted, compare, pieces_all_indexed};
use super::eval::{Ctx, PieceSlot};
use super::state::{Piece, State};
use super::value::Value;

/// `PIECE.FIELD == WANTED` (`negated`: `!=`).
#[derive(Debug)]
pub(super) struct PieceTest {
    piece: PieceOf,
    field: FieldIs,
    negated: bool,
}

/// The piece a [`PieceTest`] reads.
#[derive(Debug)]
enum PieceOf {
    /// The piece a context word names (`piece`, `target`, `it`).
    Word(ContextWord),
    /// The piece on a cell (`piece_at(CELL)`).
    At(CellOf),
}

/// The field a [`PieceTest`] compares, and with what.
#[derive(Debug)]
enum FieldIs {
    Type(TypeId),
    /// The owner against the mover or the next seat.
    Owner(SeatWord),
}

/// A seat the context names.
#[derive(Clone, Copy, Debug)]
enum SeatWord {
    Mover,
    Next,
}

/// `A == B` (`negated`: `!=`) between two expressions read as cells, at least one of which is
/// compiled.
#[derive(Debug)]
pub(super) struct SameCell {
    cells: [CellOf; 2],
    negated: bool,
    /// Both sides give a cell or `none` and nothing else ([`CellOf::gives_cell`]): compared as
    /// cells, without asking each side what it holds.
    cells_only: bool,
}

impl PieceTest {
    /// The test, when `left OP right` compares a piece's type with a type or its owner with
    /// `mover` or `next` (either way round).
    pub(super) fn new(op: BinaryOp, left: &Expr, right: &Expr, layout: &Layout) -> Option<PieceTest> {
        let negated = match op {
            BinaryOp::Eq => false,
            BinaryOp::Ne => true,
            _ => return None,
        };
        let test = |field: &Expr, wanted: &Expr| {
            let Expr::Field(piece, field) = field else { return None };
            let field = match (field, wanted) {
                (PieceField::Type, Expr::Const(Const::PieceType(kind))) => FieldIs::Type(*kind),
                (PieceField::Owner, Expr::Context(ContextWord::Mover)) => FieldIs::Owner(SeatWord::Mover),
                (PieceField::Owner, Expr::Context(ContextWord::Next)) => FieldIs::Owner(SeatWord::Next),
                _ => return None,
            };
            let piece = match &**piece {
                Expr::Context(word @ (ContextWord::Piece | ContextWord::Target | ContextWord::It)) => {
                    PieceOf::Word(*word)
                }
                Expr::PieceAt(cell) => PieceOf::At(CellOf::new(cell, layout)),
                _ => return None,
            };
            Some(PieceTest { piece, field, negated })
        };
        test(left, right).or_else(|| test(right, left))
    }
}

impl SameCell {
    /// The test, when `left OP right` is `==` or `!=` between two expressions one of which reads
    /// as a compiled cell.
    pub(super) fn new(op: BinaryOp, left: &Expr, right: &Expr, layout: &Layout) -> Option<SameCell> {
        let negated = match op {
            BinaryOp::Eq => false,
            BinaryOp::Ne => true,
            _ => return None,
        };
        let cells = [CellOf::new(left, layout), CellOf::new(right, layout)];
        let written = |cell: &CellOf| matches!(cell, CellOf::Expr(_));
        let cells_only = cells[0].gives_cell() && cells[1].gives_cell();
        (!written(&cells[0]) || !written(&cells[1])).then_some(SameCell { cells, negated, cells_only })
    }
}

impl Engine {
    /// A [`PieceTest`]: out of line, as the leaf tests that are rarer than the hot ones. The piece
    /// is read where it stands (its type and owner, no copy of it), its cell in place
    /// ([`Engine::cell_in_place`]).
    #[inline(never)]
    pub(super) fn piece_test(&self, state: &State, ctx: &Ctx, test: &PieceTest) -> bool {
        let fields = |piece: &Piece| (piece.kind, piece.owner);
        let on_board = |cell: CellId| state.board.get(usize::from(cell)).and_then(Option::as_ref).map(fields);
        // As `eval` reads the words (`context`), without building a value.
        let piece = match &test.piece {
            PieceOf::Word(ContextWord::Piece) => match &ctx.piece {
                PieceSlot::None => None,
                PieceSlot::At(cell) => on_board(*cell),
                PieceSlot::Held(piece) => Some(fields(piece)),
            },
            PieceOf::Word(ContextWord::Target) => ctx.target.as_ref().map(fields),
            PieceOf::Word(ContextWord::It) => ctx.each.it.as_piece().as_ref().map(fields),
            PieceOf::Word(word) => self.context(state, ctx, *word).as_piece().as_ref().map(fields),
            PieceOf::At(cell) => self.cell_in_place(state, ctx, cell).and_then(on_board),
        };
        let equal = match test.field {
            FieldIs::Type(kind) => piece.is_some_and(|(piece, _)| piece == kind),
            FieldIs::Owner(seat) => {
                let seat = match seat {
                    SeatWord::Mover => ctx.mover,
                    SeatWord::Next => ctx.next,
                };
                // No piece, or a neutral one, has the owner `none`.
                piece.and_then(|(_, owner)| owner) == seat
            }
        };
        equal != test.negated
    }

    /// A [`SameCell`]: both sides' values compared as [`Engine::eval`] compares them, as cells
    /// when both give a cell or `none` (a move's cell against a cell variable).
    #[inline(never)]
    pub(super) fn same_cell(&self, state: &State, ctx: &Ctx, test: &SameCell) -> bool {
        let [left, right] = &test.cells;
        if test.cells_only {
            let (left, right) = (self.cell_in_place(state, ctx, left), self.cell_in_place(state, ctx, right));
            return (left == right) != test.negated;
        }
        let equal = match (self.plain_cell(state, ctx, left), self.plain_cell(state, ctx, right)) {
            (Some(a), Some(b)) => a == b,
            _ => self.cell_value(state, ctx, left) == self.cell_value(state, ctx, right),
        };
        equal != test.negated
    }

    /// The cell (or `none`) a side of a [`SameCell`] gives, read in place; `None` for a side that
    /// may give another value (a variable holding one, an `if`, a written expression).
    #[inline(always)]
    fn plain_cell(&self, state: &State, ctx: &Ctx, cell: &CellOf) -> Option<Option<CellId>> {
        let held_cell = |value: Value| match value {
            Value::Cell(cell) => Some(Some(cell)),
            Value::None => Some(None),
            _ => None,
        };
        match cell {
            CellOf::Variable(slot) => held_cell(super::compiled::read_slot(state, *slot)),
            CellOf::SeatVariable(read) => held_cell(self.seat_variable(state, ctx, read)),
            CellOf::From => Some(ctx.from),
            CellOf::To => Some(ctx.to),
            CellOf::Fixed(cell) => Some(Some(*cell)),
            CellOf::Nothing => Some(None),
            CellOf::Shift(..) | CellOf::ItCell | CellOf::Walk(_) => Some(self.cell_of(state, ctx, cell)),
            CellOf::If(_) | CellOf::Expr(_) => None,
        }
    }

    /// The value an expression read as a cell gives, exactly as [`Engine::eval`] gives it: a
    /// variable's or a written expression's value as it is (whatever it holds), a compiled cell's
    /// as the cell or `none`.
    pub(super) fn cell_value(&self, state: &State, ctx: &Ctx, cell: &CellOf) -> Value {
        match cell {
            CellOf::Variable(slot) => super::compiled::read_slot(state, *slot),
            CellOf::SeatVariable(read) => self.seat_variable(state, ctx, read),
            CellOf::Expr(expr) => self.eval(state, ctx, expr),
            CellOf::If(choice) => {
                let branch = if self.run_program(state, ctx, &choice.condition) {
                    &choice.then
                } else {
                    &choice.otherwise
                };
                self.cell_value(state, ctx, branch)
            }
            CellOf::From
            | CellOf::To
            | CellOf::ItCell
            | CellOf::Shift(..)
            | CellOf::Walk(_)
            | CellOf::Fixed(_)
            | CellOf::Nothing => Value::from_option(self.cell_of(state, ctx, cell), Value::Cell),
        }
    }
}

/// `count(pieces(OWNER, TYPES...), PREDICATE) OP k` where the predicate reads only `it.type`
/// (`it.type != T`, `==`, under `and`, `or`, `not`): the same count of the types the predicate
/// keeps, read from the board's bit sets (`none` when the predicate reads anything else, or on a
/// board with stacks, whose bit sets hold only the tops while the count visits every piece).
pub(super) fn count_of_types(
    (op, k): (BinaryOp, i64),
    owner: &Expr,
    types: &[TypeId],
    predicate: &Expr,
    layout: &Layout,
) -> Option<Cond> {
    let game = layout.game;
    if !pieces_all_indexed(game) {
        return None;
    }
    let all: Vec<TypeId> = (0..game.pieces.len()).filter_map(|kind| TypeId::try_from(kind).ok()).collect();
    let candidates = if types.is_empty() { &all[..] } else { types };
    let mut kept = Vec::new();
    for &kind in candidates {
        if holds_of_type(predicate, kind)? {
            kept.push(kind);
        }
    }
    if kept.is_empty() {
        // No piece passes: the count is 0 whatever stands on the board.
        return Some(Cond::Expr(Expr::Const(Const::Bool(compare(op, Some(0), Some(k))))));
    }
    let owner = Owner::new(owner);
    Some(match Wanted::of(op, k) {
        Some(wanted) => Cond::Pieces { owner, types: kept, wanted },
        None => Cond::Compare(op, Int::PieceCount { owner, types: kept }, Int::Const(Some(k))),
    })
}

/// Whether a predicate that reads only `it.type` holds of a piece of the type (`None` when it
/// reads anything else).
fn holds_of_type(predicate: &Expr, kind: TypeId) -> Option<bool> {
    let is_type = |a: &Expr, b: &Expr| match (a, b) {
        (Expr::Field(piece, PieceField::Type), Expr::Const(Const::PieceType(t)))
            if **piece == Expr::Context(ContextWord::It) =>
        {
            Some(kind == *t)
        }
        _ => None,
    };
    match predicate {
        Expr::Binary(BinaryOp::And, a, b) => Some(holds_of_type(a, kind)? & holds_of_type(b, kind)?),
        Expr::Binary(BinaryOp::Or, a, b) => Some(holds_of_type(a, kind)? | holds_of_type(b, kind)?),
        Expr::Not(inner) => Some(!holds_of_type(inner, kind)?),
        Expr::Binary(op @ (BinaryOp::Eq | BinaryOp::Ne), a, b) => {
            let equal = is_type(a, b).or_else(|| is_type(b, a))?;
            Some(equal != (*op == BinaryOp::Ne))
        }
        Expr::Const(Const::Bool(holds)) => Some(*holds),
        _ => None,
    }
}
