//! Run-time values of expressions and the operators on them, with the language's rules for `none`:
//! any operation on `none` gives `none` except `==`/`!=`; `and`/`or`/`not` read it as false;
//! comparisons with it are false; arithmetic saturates; `/` and `mod` by 0 give 0.

use ludex_ir::{BinaryOp, CellId, Const, IntegerResult, PhaseId, SeatId, TypeId};

use super::state::{Piece, Prize};

/// The value of an expression at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// `none`: no piece, no cell, no seat.
    None,
    /// An integer.
    Int(i64),
    /// A truth value.
    Bool(bool),
    /// A cell of the board.
    Cell(CellId),
    /// A seat.
    Seat(SeatId),
    /// A piece not on the board (in a reserve, or kept in a variable).
    Piece(Piece),
    /// A piece in a prize pile, which keeps its value at capture.
    Prize(Prize),
    /// A piece type.
    PieceType(TypeId),
    /// A phase.
    Phase(PhaseId),
    /// A piece on the board with the cell it stands on.
    Placed(Piece, CellId),
}

impl Value {
    /// Whether it is `true` (`none` and everything else are not).
    pub fn truthy(self) -> bool {
        matches!(self, Value::Bool(true))
    }

    /// The integer, if it is one.
    pub fn as_int(self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(n),
            _ => None,
        }
    }

    /// The seat, if it is one.
    pub fn as_seat(self) -> Option<SeatId> {
        match self {
            Value::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// The cell, if it is one.
    pub fn as_cell(self) -> Option<CellId> {
        match self {
            Value::Cell(c) => Some(c),
            _ => None,
        }
    }

    /// The piece itself, for board pieces and prizes alike.
    pub fn as_piece(self) -> Option<Piece> {
        match self {
            Value::Piece(p) | Value::Placed(p, _) => Some(p),
            Value::Prize(p) => Some(p.piece),
            _ => None,
        }
    }

    /// Where a piece stands (a prize: where it was taken); `None` for other values.
    pub fn piece_cell(self) -> Option<CellId> {
        match self {
            Value::Placed(_, cell) => Some(cell),
            Value::Prize(p) => p.cell,
            _ => None,
        }
    }

    /// The value as a variable keeps it: a piece without the cell it stood on.
    pub fn stored(self) -> Value {
        match self {
            Value::Placed(p, _) => Value::Piece(p),
            other => other,
        }
    }

    /// The value of an IR constant.
    pub fn from_const(constant: Const) -> Value {
        match constant {
            Const::None => Value::None,
            Const::Int(n) => Value::Int(n),
            Const::Bool(b) => Value::Bool(b),
            Const::Cell(c) => Value::Cell(c),
            Const::Seat(s) => Value::Seat(s),
            Const::PieceType(t) => Value::PieceType(t),
            Const::Phase(p) => Value::Phase(p),
        }
    }

    /// `wrap` of the value, or `none` when there is none.
    pub fn from_option<T>(value: Option<T>, wrap: impl FnOnce(T) -> Value) -> Value {
        value.map_or(Value::None, wrap)
    }
}

/// A strict binary operator (not `and`/`or`, which short-circuit) on two values.
pub fn binary(op: BinaryOp, left: Value, right: Value) -> Value {
    match op {
        BinaryOp::Eq => Value::Bool(left == right),
        BinaryOp::Ne => Value::Bool(left != right),
        BinaryOp::Or | BinaryOp::And => {
            let (a, b) = (left.truthy(), right.truthy());
            Value::Bool(if op == BinaryOp::Or { a || b } else { a && b })
        }
        _ => match (left, right) {
            (Value::Int(a), Value::Int(b)) => integer(op, a, b),
            _ if op.is_comparison() => Value::Bool(false),
            _ => Value::None,
        },
    }
}

fn integer(op: BinaryOp, a: i64, b: i64) -> Value {
    match op.on_integers(a, b) {
        IntegerResult::Int(n) => Value::Int(n),
        IntegerResult::Bool(v) => Value::Bool(v),
        IntegerResult::NotInteger => Value::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn none_rules() {
        assert_eq!(binary(BinaryOp::Add, Value::None, Value::Int(1)), Value::None);
        assert_eq!(binary(BinaryOp::Eq, Value::None, Value::None), Value::Bool(true));
        assert_eq!(binary(BinaryOp::Ne, Value::None, Value::Int(0)), Value::Bool(true));
        assert_eq!(binary(BinaryOp::Lt, Value::None, Value::Int(1)), Value::Bool(false));
        assert_eq!(binary(BinaryOp::Or, Value::None, Value::Bool(true)), Value::Bool(true));
        assert_eq!(binary(BinaryOp::And, Value::None, Value::Bool(true)), Value::Bool(false));
    }

    #[test]
    fn arithmetic_saturates_and_divides_by_zero_to_zero() {
        assert_eq!(binary(BinaryOp::Add, Value::Int(i64::MAX), Value::Int(1)), Value::Int(i64::MAX));
        assert_eq!(binary(BinaryOp::Div, Value::Int(7), Value::Int(0)), Value::Int(0));
        assert_eq!(binary(BinaryOp::Mod, Value::Int(7), Value::Int(0)), Value::Int(0));
        assert_eq!(binary(BinaryOp::Div, Value::Int(i64::MIN), Value::Int(-1)), Value::Int(i64::MAX));
        assert_eq!(binary(BinaryOp::Mod, Value::Int(-7), Value::Int(3)), Value::Int(2));
        assert_eq!(binary(BinaryOp::Div, Value::Int(-7), Value::Int(2)), Value::Int(-3));
    }
}
