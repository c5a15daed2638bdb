//! Compiled conditions and integers give what `eval` gives, on every shape they specialise, with
//! `none`, mismatched values, neutral pieces and per-seat variables among the inputs.

use super::*;
use crate::runtime::compiled::{Cond, Int, Layout};
use crate::runtime::eval::Ctx;

/// Expressions over `from`, `to`, maps with holes (fixed, mutable, missing), a cell variable and a
/// per-seat one.
fn operands() -> Vec<Expr> {
    let map = |cell: Expr| Expr::Map(0, Box::new(cell));
    vec![
        int(2),
        Expr::Const(Const::None),
        Expr::Const(Const::Bool(true)),
        ctx(ContextWord::From),
        map(ctx(ContextWord::From)),
        map(ctx(ContextWord::To)),
        map(var(0)),
        Expr::Map(1, Box::new(ctx(ContextWord::From))),
        Expr::Map(2, Box::new(ctx(ContextWord::To))),
        map(var(1)),
        map(Expr::Const(Const::Cell(3))),
        var(0),
        var(1),
        bin(BinaryOp::Add, map(ctx(ContextWord::From)), int(1)),
        pieces_of(ctx(ContextWord::Mover)),
        pieces_of(ctx(ContextWord::Next)),
        pieces_of(Expr::Const(Const::None)),
        pieces_of(int(1)),
        Expr::Count(Collection::Pieces { owner: Box::new(seat_const(1)), types: vec![0, 0] }, None),
        ctx(ContextWord::Mover),
        ctx(ContextWord::Phase),
        seat_const(0),
        Expr::Const(Const::Phase(0)),
    ]
}

#[test]
fn compiled_forms_agree_with_eval() {
    let mut g = game(3, 3);
    g.maps.push(Map {
        name: "level".into(),
        values: vec![Some(1), Some(2), None, Some(3), Some(1)],
        mutable: false,
    });
    g.maps.push(Map { name: "tide".into(), values: vec![None, Some(5), Some(1), Some(2)], mutable: true });
    g.variables.push(Variable { ty: ValueType::Cell, ..variable("mark", Expr::Const(Const::None)) });
    g.variables.push(Variable { per_seat: true, ..variable("score", int(0)) });
    let (engine, mut state) = load(g, "board\n. M . \nM1:2 . M2:1\n. . M2:3");
    let mut conditions = Vec::new();
    let operands = operands();
    for left in &operands {
        for right in &operands {
            for op in [BinaryOp::Eq, BinaryOp::Ne, BinaryOp::Lt, BinaryOp::Ge] {
                conditions.push(bin(op, left.clone(), right.clone()));
            }
        }
    }
    let pairs: Vec<Expr> = conditions.iter().step_by(7).cloned().collect();
    for (a, b) in pairs.iter().zip(pairs.iter().skip(1)) {
        conditions.push(bin(BinaryOp::And, a.clone(), b.clone()));
        conditions.push(bin(BinaryOp::Or, Expr::Not(Box::new(a.clone())), b.clone()));
    }
    let tables = &engine.tables;
    let layout = Layout {
        game: &engine.game,
        variable_slots: &tables.variable_slots,
        map_offsets: &tables.map_offsets,
    };
    for mark in [Value::None, Value::Cell(0), Value::Cell(4), Value::Cell(8), Value::Int(1)] {
        state.variables[0] = mark;
        for (from, to, next) in [(None, None, None), (Some(0), Some(4), Some(1)), (Some(2), Some(7), Some(0))]
        {
            let ctx = Ctx { from, to, ..Ctx::new(Some(0), next) };
            for expr in &conditions {
                let compiled = engine.test(&state, &ctx, &Cond::new(expr, &layout));
                assert_eq!(compiled, engine.holds(&state, &ctx, expr), "{expr:?} with {mark:?}, {ctx:?}");
            }
            for expr in &operands {
                let compiled = engine.int(&state, &ctx, &Int::new(expr, &layout));
                assert_eq!(compiled, engine.eval(&state, &ctx, expr).as_int(), "{expr:?} with {mark:?}");
            }
        }
    }
}
