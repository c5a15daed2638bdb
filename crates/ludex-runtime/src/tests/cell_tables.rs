//! Conditions and integers that read one cell and nothing that changes, tabled by cell, give what
//! `eval` gives at every cell, at no cell and (for `it`) for values that are no cell; those that
//! read more are not tabled; chains of `and` and `or` regrouped give what the chain gives.

use super::compiled::game_with_maps;
use super::*;
use crate::compiled::{Cond, Int, Layout};
use crate::eval::Ctx;

/// A fixed map with holes at a cell, a distance to a cell, a zone for a named seat and for all.
fn map(cell: Expr) -> Expr {
    Expr::Map(0, Box::new(cell))
}

fn distance(a: Expr, b: Expr) -> Expr {
    Expr::Distance(Box::new(a), Box::new(b))
}

fn in_zone(cell: Expr, zone: ZoneId, seat: Expr) -> Expr {
    Expr::InZone { cell: Box::new(cell), zone, seat: Box::new(seat) }
}

/// Conditions of one cell word that are tabled.
fn tabled_conditions(game: &Game, word: Expr) -> Vec<Expr> {
    let cell = |c| Expr::Const(Const::Cell(c));
    let east = Expr::Shift { cell: Box::new(word.clone()), paths: absolute(game, &["e"]) };
    vec![
        bin(BinaryOp::Ge, bin(BinaryOp::Add, map(word.clone()), int(1)), int(3)),
        bin(BinaryOp::Le, distance(word.clone(), cell(8)), int(1)),
        in_zone(word.clone(), 0, seat_const(1)),
        in_zone(word.clone(), 0, Expr::Const(Const::None)),
        Expr::Not(Box::new(in_zone(word.clone(), 1, seat_const(0)))),
        bin(BinaryOp::Eq, map(east.clone()), int(2)),
        bin(BinaryOp::Eq, east, Expr::Const(Const::None)),
        bin(
            BinaryOp::Or,
            bin(BinaryOp::Lt, map(word.clone()), int(2)),
            bin(BinaryOp::And, in_zone(word.clone(), 0, seat_const(0)), bin(BinaryOp::Ne, word, cell(7))),
        ),
    ]
}

/// Integers of one cell word that are tabled.
fn tabled_integers(word: Expr) -> Vec<Expr> {
    let cell = |c| Expr::Const(Const::Cell(c));
    vec![
        bin(BinaryOp::Sub, int(4), distance(word.clone(), cell(8))),
        bin(BinaryOp::Mul, map(word.clone()), map(word.clone())),
        Expr::If(
            Box::new(bin(BinaryOp::Gt, map(word.clone()), int(1))),
            Box::new(distance(word.clone(), cell(0))),
            Box::new(Expr::Const(Const::None)),
        ),
        bin(BinaryOp::Div, int(6), map(word)),
    ]
}

#[test]
fn one_cell_forms_are_tabled_and_agree_with_eval() {
    let (engine, state) = game_with_maps();
    let layout = Layout { game: &engine.game, state: &engine.tables.layout };
    let words = [ContextWord::From, ContextWord::To, ContextWord::It];
    // `it` a cell, none, a seat, an integer.
    let cells = (0..9).map(Value::Cell).chain([Value::None, Value::Seat(1), Value::Int(3)]);
    let cells: Vec<Value> = cells.collect();
    let mut tabled = 0;
    for word in words {
        let conditions = tabled_conditions(&engine.game, ctx(word));
        let integers = tabled_integers(ctx(word));
        let compiled: Vec<Cond> = conditions.iter().map(|e| Cond::new(e, &layout)).collect();
        let ints: Vec<Int> = integers.iter().map(|e| Int::new(e, &layout)).collect();
        assert!(compiled.iter().all(|c| matches!(c, Cond::Cells(_))), "{compiled:?}");
        assert!(ints.iter().all(|i| matches!(i, Int::Cells(_))), "{ints:?}");
        for &value in &cells {
            let cell = value.as_cell();
            let base = Ctx::new(Some(0), Some(1));
            let ctx = match word {
                ContextWord::From => Ctx { from: cell, to: Some(4), ..base },
                ContextWord::To => Ctx { to: cell, from: Some(4), ..base },
                _ => base.with_it(value),
            };
            for (expr, cond) in conditions.iter().zip(&compiled) {
                assert_eq!(
                    engine.test(&state, &ctx, cond),
                    engine.holds(&state, &ctx, expr),
                    "{expr:?} at {value:?}"
                );
                tabled += 1;
            }
            for (expr, int) in integers.iter().zip(&ints) {
                let written = engine.eval(&state, &ctx, expr).as_int();
                assert_eq!(engine.int(&state, &ctx, int), written, "{expr:?} at {value:?}");
            }
        }
    }
    assert!(tabled > 0);
}

#[test]
fn forms_that_read_more_than_one_cell_are_not_tabled() {
    let (engine, _) = game_with_maps();
    let layout = Layout { game: &engine.game, state: &engine.tables.layout };
    let (from, to) = (ctx(ContextWord::From), ctx(ContextWord::To));
    let forward = Expr::Shift { cell: Box::new(from.clone()), paths: relative(&engine.game, &["n"]) };
    let untabled = [
        // Two cell words, a mutable map, a variable, the mover's zone, a path read from the mover's
        // side, the board.
        bin(BinaryOp::Le, distance(from.clone(), to.clone()), int(1)),
        bin(BinaryOp::Eq, Expr::Map(1, Box::new(to.clone())), int(5)),
        bin(BinaryOp::Eq, map(to.clone()), var(2)),
        in_zone(to.clone(), 0, ctx(ContextWord::Mover)),
        bin(BinaryOp::Eq, map(forward), int(2)),
        bin(BinaryOp::Eq, Expr::PieceAt(Box::new(to.clone())), Expr::Const(Const::None)),
        // The word compared with a constant is one comparison already (and a move dropped is
        // recognised as `from == none`).
        bin(BinaryOp::Eq, from.clone(), Expr::Const(Const::None)),
        bin(BinaryOp::Ne, Expr::Const(Const::Cell(4)), to.clone()),
    ];
    for expr in &untabled {
        let cond = Cond::new(expr, &layout);
        assert!(!matches!(cond, Cond::Cells(_)), "{expr:?}: {cond:?}");
    }
    // A map read at the word is one lookup already (and walks read its length as such).
    assert!(!matches!(Int::new(&map(to), &layout), Int::Cells(_)));
}

/// A chain of `and` (and one of `or`) mixing conditions of `from`, of `to` and of the state: the
/// first two tabled once each, first, and the whole giving what `eval` gives on every pair of cells
/// and every value of the variable read.
#[test]
fn chains_regrouped_by_cell_agree_with_eval() {
    let (engine, mut state) = game_with_maps();
    let layout = Layout { game: &engine.game, state: &engine.tables.layout };
    let (from, to) = (ctx(ContextWord::From), ctx(ContextWord::To));
    let cell = |c| Expr::Const(Const::Cell(c));
    let operands = [
        bin(BinaryOp::Ge, map(from.clone()), int(1)),
        bin(BinaryOp::Eq, var(2), int(1)),
        bin(BinaryOp::Le, distance(to.clone(), cell(8)), int(2)),
        bin(BinaryOp::Le, distance(from.clone(), cell(0)), int(2)),
        in_zone(to.clone(), 0, seat_const(0)),
        bin(BinaryOp::Ne, from, to),
    ];
    let chain = |op| {
        let (first, rest) = operands.split_first().unwrap();
        rest.iter().fold(first.clone(), |left, right| bin(op, left, right.clone()))
    };
    for op in [BinaryOp::And, BinaryOp::Or] {
        let expr = chain(op);
        let cond = Cond::new(&expr, &layout);
        // from's, (to's, (the variable's, the two cells' comparison)).
        let (Cond::And(a, rest) | Cond::Or(a, rest)) = &cond else { panic!("{cond:?}") };
        let (Cond::And(b, _) | Cond::Or(b, _)) = &**rest else { panic!("{cond:?}") };
        assert!(matches!((&**a, &**b), (Cond::Cells(_), Cond::Cells(_))), "{cond:?}");
        for left in [Value::Int(1), Value::Int(0), Value::None] {
            state.variables[3] = left;
            for from in (0..9).map(Some).chain([None]) {
                for to in (0..9).map(Some).chain([None]) {
                    let ctx = Ctx { from, to, ..Ctx::new(Some(0), Some(1)) };
                    assert_eq!(
                        engine.test(&state, &ctx, &cond),
                        engine.holds(&state, &ctx, &expr),
                        "{expr:?}"
                    );
                }
            }
        }
    }
}
