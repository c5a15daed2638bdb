//! Constant evaluation of IR expressions at lowering time: `cells where` conditions (the tested
//! cell is `it`) and counts known before the game (`actions 2`, `at most 2`). It follows the
//! runtime's rules on `none`, saturating arithmetic and division by zero.

use ludex_ir::{BinaryOp, Board, CellId, Const, ContextWord, Expr, Map, MapId, Number, NumberResult, Zone};

use super::Lazy;

/// What a constant expression may read.
pub struct Env<'c> {
    pub board: Option<&'c Board>,
    pub maps: &'c [Map],
    pub zones: &'c [Lazy<Zone>],
    /// The cell `it` stands for, in `cells where`.
    pub cell: Option<CellId>,
}

/// Why an expression has no value before the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dynamic {
    /// It reads the state of a game (pieces, variables, the mover...).
    State,
    /// It reads a map that `rotate` changes.
    RotatedMap(MapId),
}

/// The value of an expression, or why it depends on the state of a game.
pub fn eval(expr: &Expr, env: &Env) -> Result<Const, Dynamic> {
    Ok(match expr {
        Expr::Const(c) => *c,
        Expr::Context(ContextWord::It) => Const::Cell(env.cell.ok_or(Dynamic::State)?),
        Expr::Map(id, cell) => {
            let map = env.maps.get(*id as usize).ok_or(Dynamic::State)?;
            if map.mutable {
                return Err(Dynamic::RotatedMap(*id));
            }
            match eval(cell, env)? {
                Const::Cell(c) => map
                    .values
                    .get(c as usize)
                    .copied()
                    .flatten()
                    .map_or(Const::None, |v| Const::Int(v.into())),
                _ => Const::None,
            }
        }
        Expr::InZone { cell, zone, seat } => {
            let zone = env.zones.get(*zone as usize).and_then(Lazy::done).ok_or(Dynamic::State)?;
            match (eval(cell, env)?, eval(seat, env)?) {
                (Const::Cell(c), Const::Seat(s)) => {
                    Const::Bool(zone.cells.get(s as usize).is_some_and(|set| set.contains(c)))
                }
                _ => Const::None,
            }
        }
        Expr::Distance(a, b) => match (eval(a, env)?, eval(b, env)?, env.board) {
            (Const::Cell(a), Const::Cell(b), Some(board)) => {
                board.distance(a, b).map_or(Const::None, |d| Const::Int(d.into()))
            }
            _ => Const::None,
        },
        Expr::Not(e) => Const::Bool(!truthy(eval(e, env)?)),
        Expr::Neg(e) => eval(e, env)?.number().map_or(Const::None, |n| Const::of_number(n.negated())),
        Expr::Binary(op, a, b) => binary(*op, eval(a, env)?, || eval(b, env))?,
        Expr::If(c, a, b) => {
            if truthy(eval(c, env)?) {
                eval(a, env)?
            } else {
                eval(b, env)?
            }
        }
        _ => return Err(Dynamic::State),
    })
}

/// An integer known before the game.
pub fn int(expr: &Expr, env: &Env) -> Option<i64> {
    match eval(expr, env) {
        Ok(Const::Int(n)) => Some(n),
        _ => None,
    }
}

fn truthy(value: Const) -> bool {
    value == Const::Bool(true)
}

fn binary(op: BinaryOp, a: Const, b: impl FnOnce() -> Result<Const, Dynamic>) -> Result<Const, Dynamic> {
    Ok(match op {
        BinaryOp::And => Const::Bool(truthy(a) && truthy(b()?)),
        BinaryOp::Or => Const::Bool(truthy(a) || truthy(b()?)),
        BinaryOp::Eq => Const::Bool(canonical(a) == canonical(b()?)),
        BinaryOp::Ne => Const::Bool(canonical(a) != canonical(b()?)),
        _ => match (a.number(), b()?.number()) {
            (Some(x), Some(y)) => numeric(op, x, y),
            _ if op.is_comparison() => Const::Bool(false),
            _ => Const::None,
        },
    })
}

/// The constant with a whole decimal as the whole number it is (numbers are equal by value).
fn canonical(value: Const) -> Const {
    value.number().map_or(value, Const::of_number)
}

fn numeric(op: BinaryOp, a: Number, b: Number) -> Const {
    match Number::on_numbers(op, a, b) {
        NumberResult::Number(n) => Const::of_number(n),
        NumberResult::Bool(v) => Const::Bool(v),
        NumberResult::NotNumeric => Const::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env() -> Env<'static> {
        Env { board: None, maps: &[], zones: &[], cell: Some(3) }
    }

    fn bin(op: BinaryOp, a: Const, b: Const) -> Expr {
        Expr::Binary(op, Box::new(Expr::Const(a)), Box::new(Expr::Const(b)))
    }

    #[test]
    fn arithmetic_saturates_and_division_by_zero_is_zero() {
        let max = Const::Int(i64::MAX);
        assert_eq!(eval(&bin(BinaryOp::Add, max, Const::Int(1)), &env()), Ok(max));
        assert_eq!(eval(&bin(BinaryOp::Div, Const::Int(7), Const::Int(0)), &env()), Ok(Const::Int(0)));
        assert_eq!(eval(&bin(BinaryOp::Mod, Const::Int(-1), Const::Int(4)), &env()), Ok(Const::Int(3)));
        assert_eq!(eval(&bin(BinaryOp::Mod, Const::Int(5), Const::Int(0)), &env()), Ok(Const::Int(0)));
    }

    #[test]
    fn none_rules() {
        assert_eq!(eval(&bin(BinaryOp::Add, Const::None, Const::Int(1)), &env()), Ok(Const::None));
        assert_eq!(eval(&bin(BinaryOp::Lt, Const::None, Const::Int(1)), &env()), Ok(Const::Bool(false)));
        assert_eq!(eval(&bin(BinaryOp::Eq, Const::None, Const::None), &env()), Ok(Const::Bool(true)));
        assert_eq!(eval(&Expr::Not(Box::new(Expr::Const(Const::None))), &env()), Ok(Const::Bool(true)));
    }

    #[test]
    fn it_is_the_cell_and_state_is_not_constant() {
        assert_eq!(eval(&Expr::Context(ContextWord::It), &env()), Ok(Const::Cell(3)));
        assert_eq!(eval(&Expr::Context(ContextWord::Mover), &env()), Err(Dynamic::State));
        assert_eq!(eval(&Expr::PieceAt(Box::new(Expr::Const(Const::Cell(0)))), &env()), Err(Dynamic::State));
    }
}
