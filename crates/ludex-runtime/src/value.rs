//! Run-time values of expressions and the operators on them, with the language's rules for `none`:
//! any operation on `none` gives `none` except `==`/`!=`; `and`/`or`/`not` read it as false;
//! comparisons with it are false; arithmetic saturates; `/` and `mod` by 0 give 0. A number that is
//! not whole is a [`Value::Decimal`] ([`Number`]'s rules: exact, canonical, saturating); whole
//! numbers keep their own fast path.

use ludex_ir::{
    BinaryOp, CellId, Const, Decimal, IntegerResult, Number, NumberResult, PhaseId, SeatId, TypeId,
};

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
    /// A number with a fractional part (a whole number is always an `Int`).
    Decimal(Decimal),
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

    /// The number, if it is one.
    pub fn as_number(self) -> Option<Number> {
        match self {
            Value::Int(n) => Some(Number::Int(n)),
            Value::Decimal(d) => Some(Number::Decimal(d)),
            _ => None,
        }
    }

    /// The value of a number.
    pub fn of_number(number: Number) -> Value {
        match number {
            Number::Int(n) => Value::Int(n),
            Number::Decimal(d) => Value::Decimal(d),
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
            Const::Decimal(d) => Value::of_number(Number::from_decimal(d)),
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
            (Value::Int(_) | Value::Decimal(_), Value::Int(_) | Value::Decimal(_)) => {
                numeric(op, left, right)
            }
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

/// An operator with a decimal operand.
fn numeric(op: BinaryOp, a: Value, b: Value) -> Value {
    let (Some(a), Some(b)) = (a.as_number(), b.as_number()) else { return Value::None };
    match Number::on_numbers(op, a, b) {
        NumberResult::Number(n) => Value::of_number(n),
        NumberResult::Bool(v) => Value::Bool(v),
        NumberResult::NotNumeric => Value::None,
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

    #[test]
    fn decimals_mix_with_whole_numbers_exactly() {
        let half = Value::Decimal(Decimal::from_thousandths(500));
        let komi = Value::from_const(Const::Decimal(Decimal::from_thousandths(6500)));
        assert_eq!(
            binary(BinaryOp::Add, Value::Int(40), half),
            Value::Decimal(Decimal::from_thousandths(40_500))
        );
        assert_eq!(binary(BinaryOp::Add, komi, half), Value::Int(7));
        assert_eq!(binary(BinaryOp::Eq, binary(BinaryOp::Add, half, half), Value::Int(1)), Value::Bool(true));
        assert_eq!(binary(BinaryOp::Gt, komi, Value::Int(6)), Value::Bool(true));
        assert_eq!(binary(BinaryOp::Lt, komi, Value::None), Value::Bool(false));
        assert_eq!(binary(BinaryOp::Add, komi, Value::None), Value::None);
        assert_eq!(binary(BinaryOp::Div, komi, Value::Int(2)), Value::None);
        assert_eq!(Value::from_const(Const::Decimal(Decimal::from_thousandths(7000))), Value::Int(7));
    }
}
