//! Compiled conditions and integers give what `eval` gives, on every shape they specialise, with
//! `none`, mismatched values, neutral pieces and per-seat variables among the inputs.

use super::*;
use crate::cell_tests::{CellMask, CellTest, Key};
use crate::compiled::{Cond, Int, Layout};
use crate::eval::{Ctx, PieceSlot, WalkWords};

/// Expressions over `from`, `to`, the attributes of the pieces in context, maps with holes (fixed, mutable, missing), a cell variable and a
/// per-seat one, the pieces on cells (shifted along paths that stay on the board or leave it),
/// variables of integers and of truth values read without a seat and for seats.
fn operands(game: &Game) -> Vec<Expr> {
    let map = |cell: Expr| Expr::Map(0, Box::new(cell));
    let shift = |cell: Expr, path: &[&str]| Expr::Shift { cell: Box::new(cell), paths: relative(game, path) };
    let piece_at = |cell: Expr| Expr::PieceAt(Box::new(cell));
    vec![
        int(2),
        int(0),
        int(1),
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
        field(ctx(ContextWord::Piece), PieceField::Attribute(0)),
        field(ctx(ContextWord::Target), PieceField::Attribute(0)),
        field(ctx(ContextWord::It), PieceField::Attribute(0)),
        field(Expr::PieceAt(Box::new(ctx(ContextWord::To))), PieceField::Attribute(0)),
        seat_const(0),
        Expr::Const(Const::Phase(0)),
        piece_at(ctx(ContextWord::To)),
        piece_at(var(0)),
        piece_at(shift(ctx(ContextWord::From), &["n"])),
        piece_at(shift(ctx(ContextWord::To), &["e", "e"])),
        piece_at(shift(shift(var(0), &["s"]), &["w"])),
        field(piece_at(shift(ctx(ContextWord::From), &["e"])), PieceField::Attribute(0)),
        map(ctx(ContextWord::StepFrom)),
        map(ctx(ContextWord::StepTo)),
        map(ctx(ContextWord::PushedFrom)),
        piece_at(ctx(ContextWord::PushedTo)),
        bin(BinaryOp::Sub, map(ctx(ContextWord::StepTo)), int(2)),
        bin(BinaryOp::Mul, map(ctx(ContextWord::To)), bin(BinaryOp::Add, map(var(0)), int(1))),
        bin(BinaryOp::Div, int(7), map(ctx(ContextWord::From))),
        bin(BinaryOp::Mod, map(ctx(ContextWord::StepFrom)), int(0)),
        bin(BinaryOp::Mod, int(-7), map(ctx(ContextWord::To))),
        bin(
            BinaryOp::Add,
            field(ctx(ContextWord::Piece), PieceField::Attribute(0)),
            Expr::Const(Const::None),
        ),
        Expr::Distance(Box::new(ctx(ContextWord::From)), Box::new(ctx(ContextWord::To))),
        bin(BinaryOp::Sub, int(4), Expr::Distance(Box::new(Expr::Const(Const::Cell(8))), Box::new(var(0)))),
        map(Expr::Const(Const::Cell(1))),
        var(2),
        seat_var(1, ctx(ContextWord::Mover)),
        seat_var(1, ctx(ContextWord::Next)),
        seat_var(1, ctx(ContextWord::It)),
        seat_var(1, int(1)),
        seat_var(2, ctx(ContextWord::Mover)),
        seat_var(3, ctx(ContextWord::It)),
        bin(BinaryOp::Add, seat_var(1, ctx(ContextWord::It)), var(2)),
        Expr::Distance(Box::new(seat_var(0, ctx(ContextWord::Mover))), Box::new(ctx(ContextWord::To))),
        piece_at(seat_var(0, ctx(ContextWord::It))),
    ]
}

/// `VARIABLE(SEAT)`.
fn seat_var(variable: VarId, seat: Expr) -> Expr {
    Expr::SeatVariable(variable, Box::new(seat))
}

/// A 3 by 3 game with a fixed map with holes, a mutable one, a cell variable (`mark`) and a
/// per-seat one, and pieces of both seats and a neutral one.
pub(super) fn game_with_maps() -> (Engine, State) {
    let mut g = game(3, 3);
    g.maps.push(Map {
        name: "level".into(),
        values: vec![Some(1), Some(2), None, Some(3), Some(1)],
        mutable: false,
    });
    g.maps.push(Map { name: "tide".into(), values: vec![None, Some(5), Some(1), Some(2)], mutable: true });
    g.variables.push(Variable { ty: ValueType::Cell, ..variable("mark", Expr::Const(Const::None)) });
    g.variables.push(Variable { per_seat: true, ..variable("score", int(0)) });
    g.variables.push(variable("left", int(1)));
    let no = Expr::Const(Const::Bool(false));
    g.variables.push(Variable { ty: ValueType::Bool, per_seat: true, ..variable("out", no) });
    let (top, bottom) = (CellSet::from_cells(vec![6, 7, 8, 4], 9), CellSet::from_cells(vec![0, 1, 2], 9));
    g.zones.push(Zone { name: "goal".into(), per_seat: true, cells: vec![top, bottom] });
    g.zones.push(Zone {
        name: "middle".into(),
        per_seat: false,
        cells: vec![CellSet::from_cells(vec![4], 9)],
    });
    load(g, "board\n. M . \nM1:2 . M2:1\n. . M2:3")
}

#[test]
fn compiled_forms_agree_with_eval() {
    let (engine, mut state) = game_with_maps();
    let mut conditions = Vec::new();
    let operands = operands(&engine.game);
    for left in &operands {
        for right in &operands {
            for op in [BinaryOp::Eq, BinaryOp::Ne, BinaryOp::Lt, BinaryOp::Ge] {
                conditions.push(bin(op, left.clone(), right.clone()));
            }
        }
    }
    let pairs: Vec<Expr> = conditions.iter().step_by(7).cloned().collect();
    for ((a, b), c) in pairs.iter().zip(pairs.iter().skip(1)).zip(pairs.iter().skip(2)) {
        conditions.push(bin(BinaryOp::And, a.clone(), b.clone()));
        conditions.push(bin(BinaryOp::Or, Expr::Not(Box::new(a.clone())), b.clone()));
        conditions.push(Expr::If(Box::new(a.clone()), Box::new(b.clone()), Box::new(c.clone())));
    }
    // Counts of seats and of a reserve's pieces, with and without a predicate, against bounds.
    let it_is_not = |word| bin(BinaryOp::Ne, ctx(ContextWord::It), ctx(word));
    let has_pieces = bin(BinaryOp::Gt, pieces_of(ctx(ContextWord::It)), int(0));
    for (collection, predicate) in [
        (Collection::Seats, Some(it_is_not(ContextWord::Mover))),
        (Collection::Seats, Some(bin(BinaryOp::And, it_is_not(ContextWord::Next), has_pieces))),
        (Collection::Seats, None),
        (Collection::Reserve { owner: Box::new(ctx(ContextWord::Mover)) }, None),
    ] {
        for (op, k) in [(BinaryOp::Eq, 0), (BinaryOp::Gt, 0), (BinaryOp::Ge, 2), (BinaryOp::Lt, 1)] {
            let count = Expr::Count(collection.clone(), predicate.clone().map(Box::new));
            conditions.push(bin(op, count, int(k)));
        }
    }
    // Cells in a zone of each seat (for a seat, none, or no seat) and in a zone of all.
    let in_zone =
        |cell: Expr, zone, seat: Expr| Expr::InZone { cell: Box::new(cell), zone, seat: Box::new(seat) };
    for cell in [ctx(ContextWord::To), ctx(ContextWord::From), var(0), Expr::Const(Const::Cell(4))] {
        for seat in
            [ctx(ContextWord::Mover), ctx(ContextWord::Next), seat_const(1), Expr::Const(Const::None), int(0)]
        {
            conditions.push(in_zone(cell.clone(), 0, seat.clone()));
            conditions.push(in_zone(cell.clone(), 1, seat));
        }
    }
    // Variables read as conditions, for seats or not; `allied` between seats and other values.
    let out = |seat: Expr| seat_var(3, seat);
    let (it, mover, next) = (ctx(ContextWord::It), ctx(ContextWord::Mover), ctx(ContextWord::Next));
    let allied = |a: &Expr, b: &Expr| Expr::Allied(Box::new(a.clone()), Box::new(b.clone()));
    conditions.extend([
        var(3),
        var(2),
        out(it.clone()),
        out(mover.clone()),
        Expr::Not(Box::new(out(next.clone()))),
        out(field(ctx(ContextWord::Target), PieceField::Owner)),
        bin(BinaryOp::Eq, seat_var(1, mover.clone()), int(2)),
        bin(BinaryOp::Ne, seat_var(0, it.clone()), Expr::Const(Const::None)),
        bin(BinaryOp::Eq, Expr::Const(Const::Bool(false)), out(mover.clone())),
        allied(&it, &mover),
        allied(&mover, &next),
        allied(&int(1), &mover),
        allied(&seat_const(1), &next),
        in_zone(ctx(ContextWord::To), 0, it.clone()),
    ]);
    // `first(...)` compared with `none`, over seats, pieces and a reserve.
    let has_score = |score| bin(BinaryOp::Eq, seat_var(1, ctx(ContextWord::It)), int(score));
    let pieces = Collection::Pieces { owner: Box::new(mover.clone()), types: vec![] };
    for (collection, predicate) in [
        (Collection::Seats, Some(has_score(2))),
        (Collection::Seats, Some(has_score(5))),
        (pieces.clone(), Some(bin(BinaryOp::Ge, field(it.clone(), PieceField::Attribute(0)), int(2)))),
        (pieces, None),
        (Collection::Reserve { owner: Box::new(next.clone()) }, None),
    ] {
        let first = Expr::First(collection, predicate.map(Box::new));
        conditions.push(bin(BinaryOp::Eq, first.clone(), Expr::Const(Const::None)));
        conditions.push(bin(BinaryOp::Ne, Expr::Const(Const::None), first));
    }
    // A condition that gives no truth value picks the `else` branch.
    conditions.push(Expr::If(Box::new(int(1)), Box::new(pairs[0].clone()), Box::new(pairs[1].clone())));
    let tables = &engine.tables;
    let layout = Layout { game: &engine.game, state: &tables.layout };
    // Scores 2 and -1, `left` 1, the first seat out.
    let values = [Value::Int(2), Value::Int(-1), Value::Int(1), Value::Bool(true), Value::Bool(false)];
    state.variables[1..].copy_from_slice(&values);
    for mark in [Value::None, Value::Cell(0), Value::Cell(4), Value::Cell(8), Value::Int(1)] {
        state.variables[0] = mark;
        let moves = [
            (None, None, None),
            (Some(0), Some(4), Some(1)),
            (Some(2), Some(7), Some(0)),
            (Some(1), Some(3), Some(1)),
        ];
        for (from, to, next) in moves {
            // `it` a piece or an integer, or a seat.
            let it = from.and_then(|cell| engine.piece_at(&state, cell)).map_or(Value::Int(3), Value::Piece);
            let it = if next == Some(0) { Value::Seat(0) } else { it };
            let base = Ctx::new(Some(0), next).with_it(it);
            // The walk's words: a step from `from` to `to`, pushing what stands on `to` off the board.
            let walk =
                WalkWords { step_from: from, step_to: to, pushed_from: to, pushed_to: None, ..base.walk };
            // The moving piece read from its cell, and held (a drop's).
            let held =
                from.and_then(|cell| engine.piece_at(&state, cell)).map_or(PieceSlot::None, PieceSlot::Held);
            for piece in [from.map_or(PieceSlot::None, PieceSlot::At), held] {
                let target = to.and_then(|cell| engine.piece_at(&state, cell));
                let ctx = Ctx { from, to, piece, target, walk, ..base };
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
}

/// Filter conjuncts kept as sets of cells (a map at the cell compared, the cell itself compared,
/// the cell in a zone of a seat, of each seat or of none, under `not` or not) hold on
/// the cells where `eval` says they hold, with and without a cell, whatever the variable holds (a
/// cell, none, an integer); conjuncts of other shapes are not kept so.
#[test]
fn cell_tests_agree_with_eval() {
    let (engine, mut state) = game_with_maps();
    let map = |cell: Expr| Expr::Map(0, Box::new(cell));
    let tide = |cell: Expr| Expr::Map(1, Box::new(cell));
    let (from, to) = (ctx(ContextWord::From), ctx(ContextWord::To));
    let unset = bin(BinaryOp::Eq, var(0), Expr::Const(Const::None));
    let in_zone =
        |cell: Expr, zone, seat: Expr| Expr::InZone { cell: Box::new(cell), zone, seat: Box::new(seat) };
    let tests = vec![
        bin(BinaryOp::Eq, map(from.clone()), map(var(0))),
        bin(BinaryOp::Ne, map(to.clone()), map(var(0))),
        bin(BinaryOp::Lt, map(to.clone()), int(2)),
        bin(BinaryOp::Ge, int(2), map(from.clone())),
        bin(BinaryOp::Eq, Expr::Map(1, Box::new(to.clone())), pieces_of(ctx(ContextWord::Mover))),
        bin(BinaryOp::Eq, Expr::Map(2, Box::new(to.clone())), Expr::Const(Const::None)),
        bin(BinaryOp::Or, unset.clone(), bin(BinaryOp::Eq, map(from.clone()), map(var(0)))),
        bin(BinaryOp::Or, bin(BinaryOp::Le, map(to.clone()), map(var(0))), unset.clone()),
        bin(BinaryOp::Or, unset.clone(), bin(BinaryOp::Eq, tide(from.clone()), tide(var(0)))),
        bin(
            BinaryOp::Or,
            bin(BinaryOp::Ne, var(2), int(1)),
            bin(BinaryOp::Gt, tide(to.clone()), map(var(0))),
        ),
        bin(BinaryOp::Or, bin(BinaryOp::Eq, int(1), var(2)), bin(BinaryOp::Eq, map(to.clone()), int(1))),
        bin(BinaryOp::Ne, map(from.clone()), Expr::Const(Const::None)),
        bin(BinaryOp::Eq, from.clone(), var(0)),
        bin(BinaryOp::Eq, var(0), to.clone()),
        bin(BinaryOp::Ne, to.clone(), var(0)),
        bin(BinaryOp::Ne, from.clone(), Expr::Const(Const::None)),
        bin(BinaryOp::Or, unset.clone(), bin(BinaryOp::Eq, to.clone(), var(0))),
        in_zone(from.clone(), 0, ctx(ContextWord::Mover)),
        in_zone(to.clone(), 0, ctx(ContextWord::Next)),
        in_zone(to.clone(), 1, seat_const(1)),
        in_zone(from.clone(), 0, Expr::Const(Const::None)),
        Expr::Not(Box::new(in_zone(from.clone(), 0, ctx(ContextWord::Mover)))),
        Expr::Not(Box::new(in_zone(to.clone(), 1, ctx(ContextWord::Mover)))),
        bin(BinaryOp::Or, unset.clone(), in_zone(to.clone(), 0, ctx(ContextWord::Mover))),
    ];
    let others = vec![
        bin(BinaryOp::Eq, map(from.clone()), map(to.clone())),
        bin(BinaryOp::Eq, from.clone(), to.clone()),
        bin(BinaryOp::Lt, to.clone(), var(0)),
        in_zone(from.clone(), 0, ctx(ContextWord::Target)),
        in_zone(var(0), 0, ctx(ContextWord::Mover)),
        bin(
            BinaryOp::Eq,
            map(from.clone()),
            Expr::Field(Box::new(ctx(ContextWord::Piece)), PieceField::Value),
        ),
        bin(
            BinaryOp::Or,
            bin(BinaryOp::Eq, map(to.clone()), int(1)),
            bin(BinaryOp::Eq, map(from.clone()), int(1)),
        ),
        bin(BinaryOp::Or, unset.clone(), bin(BinaryOp::Or, unset, bin(BinaryOp::Eq, map(from), int(1)))),
    ];
    let tables = &engine.tables;
    let layout = Layout { game: &engine.game, state: &tables.layout };
    for expr in &others {
        assert!(CellTest::new(expr, &layout).is_none(), "{expr:?}");
    }
    let own = state.index.of_owner(Some(0)).to_vec();
    for mark in [Value::None, Value::Cell(0), Value::Cell(4), Value::Int(1)] {
        state.variables[0] = mark;
        let generation = Ctx::new(Some(0), Some(1));
        for expr in &tests {
            let test = CellTest::new(expr, &layout).unwrap_or_else(|| panic!("{expr:?} is a cell test"));
            let mut mask = CellMask::ALL;
            test.restrict(&engine, &state, (0, Some(1)), &mut mask);
            // A test of `from` is asked only about the seat's pieces' cells.
            let asked = |cell: &Option<CellId>| {
                test.key == Key::To || cell.is_none_or(|cell| own[0] & 1 << cell != 0)
            };
            for cell in std::iter::once(None).chain((0..9).map(Some)).filter(asked) {
                let ctx = match test.key {
                    Key::From => Ctx { from: cell, ..generation },
                    Key::To => Ctx { to: cell, ..generation },
                };
                assert_eq!(
                    mask.holds(cell),
                    engine.holds(&state, &ctx, expr),
                    "{expr:?} at {cell:?}, {mark:?}"
                );
            }
        }
    }
}

/// Counts of pieces that pass a condition, compared with a constant, and `attacked` — the shapes of
/// a `legal if` such as `not in_check(mover)` — give what `eval` gives: every comparison and bound
/// (negative, zero, reached, passed), owners that are seats, `none` and no seat, cells that are
/// `it.cell`, a context word, a variable or no cell, on positions where the pieces are attacked or
/// not by a capturing step and a slide.
#[test]
fn compiled_counts_and_attacks_agree_with_eval() {
    let mut g = game(3, 3);
    let slide = ActionKind::Slide { directions: absolute(&g, &["ne", "nw", "se", "sw"]), max: None };
    g.actions = vec![action("step", step(&g, &["n", "e", "s", "w"])), action("slide", slide)];
    g.phases = vec![phase("play", vec![0, 1])];
    g.variables.push(Variable { ty: ValueType::Cell, ..variable("mark", Expr::Const(Const::None)) });
    let it_cell = field(ctx(ContextWord::It), PieceField::Cell);
    let attacked =
        |cell: Expr, seat: Expr| Expr::Attacked { cell: Box::new(cell), seat: Box::new(seat), by: None };
    let predicates = [
        attacked(it_cell.clone(), ctx(ContextWord::Mover)),
        attacked(it_cell.clone(), ctx(ContextWord::Next)),
        bin(BinaryOp::Ge, field(ctx(ContextWord::It), PieceField::Attribute(0)), int(2)),
        Expr::Not(Box::new(attacked(it_cell.clone(), seat_const(1)))),
    ];
    let owners = [ctx(ContextWord::Mover), ctx(ContextWord::Next), Expr::Const(Const::None), int(1)];
    let mut conditions = Vec::new();
    for predicate in &predicates {
        for owner in &owners {
            let count = Expr::Count(
                Collection::Pieces { owner: Box::new(owner.clone()), types: vec![] },
                Some(Box::new(predicate.clone())),
            );
            for op in [BinaryOp::Eq, BinaryOp::Ne, BinaryOp::Lt, BinaryOp::Le, BinaryOp::Gt, BinaryOp::Ge] {
                for bound in [-1, 0, 1, 2] {
                    conditions.push(bin(op, count.clone(), int(bound)));
                }
            }
        }
    }
    for cell in [ctx(ContextWord::From), ctx(ContextWord::To), var(0), it_cell, Expr::Const(Const::None)] {
        for seat in [ctx(ContextWord::Mover), ctx(ContextWord::Next), seat_const(0), int(1)] {
            conditions.push(attacked(cell.clone(), seat.clone()));
        }
    }
    let mut attacks = [0; 2];
    for position in ["board\nM1:1 . M2:3\n. M2:1 .\nM1:2 . .", "board\n. M . \nM1:2 . M2:1\n. . M2:3"] {
        let (engine, mut state) = load(g.clone(), position);
        let layout = Layout { game: &engine.game, state: &engine.tables.layout };
        for mark in [Value::None, Value::Cell(4), Value::Cell(8)] {
            state.variables[0] = mark;
            for (from, to, mover) in
                [(None, None, Some(0)), (Some(0), Some(4), Some(1)), (Some(2), Some(7), None)]
            {
                let it = from
                    .and_then(|cell| engine.piece_at(&state, cell))
                    .map_or(Value::Int(3), |piece| Value::Placed(piece, from.unwrap_or_default()));
                let ctx = Ctx { from, to, ..Ctx::new(mover, mover.map(|seat| 1 - seat)).with_it(it) };
                for expr in &conditions {
                    let compiled = engine.test(&state, &ctx, &Cond::new(expr, &layout));
                    assert_eq!(compiled, engine.holds(&state, &ctx, expr), "{expr:?} in {position}, {ctx:?}");
                    if matches!(expr, Expr::Attacked { .. }) {
                        attacks[usize::from(compiled)] += 1;
                    }
                }
            }
        }
    }
    // The positions hold cells that are attacked and cells that are not.
    assert!(attacks.iter().all(|&n| n > 0), "{attacks:?}");
}
