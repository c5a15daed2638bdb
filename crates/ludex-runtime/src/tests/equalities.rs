//! Compiled equalities (a piece's type or owner, two cells), cells chosen by `if`, and compiled
//! effects give what `eval` and the written effects give: pieces of two types, of both seats and
//! neutral, missing pieces, cells off the board, and a cell variable that holds something else.

use super::*;
use crate::compiled::{CellOf, Cond, Layout};
use crate::compiled_effects::{EffectTables, SetValue, Step};
use crate::eval::{Ctx, PieceSlot};
use crate::programs::Program;

/// A 3 by 3 game with a second piece type (`king`, K), a cell variable (`mark`), an integer one
/// (`count`) and a per-seat one (`score`), pieces of both seats and a neutral one.
fn two_types() -> (Engine, State) {
    let mut g = game(3, 3);
    let king = PieceType { name: "king".into(), letter: 'K', attributes: vec![], ..g.pieces[0].clone() };
    g.pieces.push(king);
    g.variables.push(Variable { ty: ValueType::Cell, ..variable("mark", Expr::Const(Const::None)) });
    g.variables.push(variable("count", int(0)));
    g.variables.push(Variable { per_seat: true, ..variable("score", int(0)) });
    load(g, "board\nK1 M . \nM1:2 . K2\nM:4 . M2:3")
}

fn shift(game: &Game, cell: Expr, path: &[&str]) -> Expr {
    Expr::Shift { cell: Box::new(cell), paths: relative(game, path) }
}

/// The cells and pieces the equalities read: words, shifted cells (on and off the board), the
/// pieces on them, the cell variable, a cell chosen by `if`, `none` and values of other kinds.
fn equalities(game: &Game) -> Vec<Expr> {
    let (from, to) = (ctx(ContextWord::From), ctx(ContextWord::To));
    let piece_at = |cell: Expr| Expr::PieceAt(Box::new(cell));
    let is_king =
        |piece: Expr| bin(BinaryOp::Eq, field(piece, PieceField::Type), Expr::Const(Const::PieceType(1)));
    let chosen = Expr::If(
        Box::new(is_king(ctx(ContextWord::Piece))),
        Box::new(shift(game, from.clone(), &["n"])),
        Box::new(Expr::Const(Const::None)),
    );
    let cells = [
        from.clone(),
        to.clone(),
        var(0),
        shift(game, from.clone(), &["n"]),
        shift(game, to.clone(), &["e", "e"]),
        Expr::Const(Const::Cell(4)),
        Expr::Const(Const::None),
        chosen,
        field(ctx(ContextWord::It), PieceField::Cell),
        int(1),
    ];
    let pieces = [
        ctx(ContextWord::Piece),
        ctx(ContextWord::Target),
        ctx(ContextWord::It),
        piece_at(from.clone()),
        piece_at(to.clone()),
        piece_at(shift(game, from.clone(), &["e"])),
        piece_at(shift(game, to.clone(), &["s"])),
        piece_at(shift(game, var(0), &["w"])),
        piece_at(Expr::Const(Const::Cell(4))),
        piece_at(Expr::Const(Const::None)),
        piece_at(var(0)),
    ];
    let mut conditions = Vec::new();
    for op in [BinaryOp::Eq, BinaryOp::Ne] {
        for left in &cells {
            for right in &cells {
                conditions.push(bin(op, left.clone(), right.clone()));
            }
        }
        for piece in &pieces {
            for kind in [0, 1] {
                let kind = Expr::Const(Const::PieceType(kind));
                conditions.push(bin(op, field(piece.clone(), PieceField::Type), kind.clone()));
                conditions.push(bin(op, kind, field(piece.clone(), PieceField::Type)));
            }
            for seat in [ContextWord::Mover, ContextWord::Next] {
                conditions.push(bin(op, field(piece.clone(), PieceField::Owner), ctx(seat)));
                conditions.push(bin(op, ctx(seat), field(piece.clone(), PieceField::Owner)));
            }
        }
    }
    conditions
}

/// Counts of pieces whose predicate reads only `it.type` (keeping one type, both, or none),
/// against bounds that ask whether there is any and bounds that count.
fn counts_of_types() -> Vec<Expr> {
    let it_type = |op, kind| {
        bin(op, field(ctx(ContextWord::It), PieceField::Type), Expr::Const(Const::PieceType(kind)))
    };
    let predicates = [
        it_type(BinaryOp::Ne, 1),
        bin(BinaryOp::Or, it_type(BinaryOp::Eq, 0), it_type(BinaryOp::Eq, 1)),
        Expr::Not(Box::new(it_type(BinaryOp::Eq, 0))),
        bin(BinaryOp::And, it_type(BinaryOp::Ne, 0), it_type(BinaryOp::Ne, 1)),
    ];
    let owners = [ctx(ContextWord::Mover), ctx(ContextWord::Next), Expr::Const(Const::None), int(1)];
    let mut counts = Vec::new();
    for predicate in &predicates {
        for owner in &owners {
            for types in [vec![], vec![1]] {
                let collection = Collection::Pieces { owner: Box::new(owner.clone()), types };
                for (op, k) in [
                    (BinaryOp::Eq, 0),
                    (BinaryOp::Gt, 0),
                    (BinaryOp::Ge, 2),
                    (BinaryOp::Eq, 1),
                    (BinaryOp::Lt, 3),
                ] {
                    counts.push(bin(
                        op,
                        Expr::Count(collection.clone(), Some(Box::new(predicate.clone()))),
                        int(k),
                    ));
                }
            }
        }
    }
    counts
}

/// The contexts the tests run in: moves with and without cells, with the seats either way round
/// and with no next seat, `it` a piece, a cell or nothing.
fn contexts(engine: &Engine, state: &State) -> Vec<Ctx<'static>> {
    let moves = [
        (None, None, Some(1)),
        (Some(0), Some(4), Some(1)),
        (Some(3), Some(1), None),
        (Some(8), Some(5), Some(0)),
    ];
    let mut contexts = Vec::new();
    for (mover, (from, to, next)) in [Some(0), Some(1), Some(1), None].into_iter().zip(moves) {
        let it = match from {
            Some(cell) => engine.piece_at(state, cell).map_or(Value::Cell(cell), |p| Value::Placed(p, cell)),
            None => Value::None,
        };
        let base = Ctx::new(mover, next).with_it(it);
        contexts.push(Ctx {
            from,
            to,
            piece: from.map_or(PieceSlot::None, PieceSlot::At),
            target: to.and_then(|cell| engine.piece_at(state, cell)),
            ..base
        });
    }
    contexts
}

#[test]
fn compiled_equalities_agree_with_eval() {
    let (engine, mut state) = two_types();
    let layout = Layout { game: &engine.game, state: &engine.tables.layout };
    let mut conditions = equalities(&engine.game);
    let counts = counts_of_types();
    conditions.extend(counts.iter().cloned());
    let compiled: Vec<Cond> = conditions.iter().map(|expr| Cond::new(expr, &layout)).collect();
    // The counts are read from the type bit sets, not piece by piece.
    let by_piece = compiled.iter().filter(|cond| matches!(cond, Cond::CountWhere { .. })).count();
    assert_eq!(by_piece, 0);
    // The shapes are compiled, not left to `eval` (a count no piece passes is a constant).
    let written = compiled
        .iter()
        .filter(|cond| matches!(cond, Cond::Expr(expr) if !matches!(expr, Expr::Const(_))))
        .count();
    assert!(written < conditions.len() / 10, "{written} of {} left to eval", conditions.len());
    for mark in [Value::None, Value::Cell(0), Value::Cell(4), Value::Cell(5), Value::Int(1)] {
        state.variables[0] = mark;
        for ctx in contexts(&engine, &state) {
            for (expr, cond) in conditions.iter().zip(&compiled) {
                let holds = engine.holds(&state, &ctx, expr);
                assert_eq!(engine.test(&state, &ctx, cond), holds, "{expr:?} with {mark:?}, {ctx:?}");
            }
        }
    }
}

/// `set` with integer, cell and word values (global and per-seat variables), and `if` with both
/// branches, compiled and as written, leave the same state.
#[test]
fn compiled_effects_agree_with_written_ones() {
    let (mut engine, mut state) = two_types();
    let game = engine.game.clone();
    let is_king =
        bin(BinaryOp::Eq, field(ctx(ContextWord::Piece), PieceField::Type), Expr::Const(Const::PieceType(1)));
    let per_seat =
        |seat: ContextWord, value: Expr| Effect::SetVariable { variable: 2, seat: Some(ctx(seat)), value };
    let effects = vec![
        set(
            0,
            Expr::If(
                Box::new(is_king.clone()),
                Box::new(shift(&game, ctx(ContextWord::From), &["n"])),
                Box::new(Expr::Const(Const::None)),
            ),
        ),
        set(1, bin(BinaryOp::Add, ctx(ContextWord::Turns), int(1))),
        Effect::If {
            condition: bin(BinaryOp::Or, is_king, bin(BinaryOp::Gt, ctx(ContextWord::Captures), int(0))),
            then: vec![per_seat(ContextWord::Mover, bin(BinaryOp::Mul, var(1), int(3)))],
            otherwise: vec![per_seat(ContextWord::Next, int(7)), set(0, ctx(ContextWord::To))],
        },
        set(
            1,
            Expr::If(
                Box::new(bin(BinaryOp::Eq, var(0), Expr::Const(Const::None))),
                Box::new(int(2)),
                Box::new(Expr::Const(Const::None)),
            ),
        ),
        set(0, var(0)),
    ];
    engine.game.phases[0].turn.after = effects.clone();
    engine.tables.speed.effects =
        EffectTables::new(&Layout { game: &engine.game, state: &engine.tables.layout });
    let steps = engine.turn_after(0);
    assert!(steps.iter().any(|step| matches!(step, Step::If(_))));
    // The cell chosen by `if` is read as a cell alone, the variable as the value it holds.
    assert!(matches!(&steps[0], Step::Set { value: SetValue::CellOnly(CellOf::If(_)), .. }));
    assert!(matches!(&steps[4], Step::Set { value: SetValue::Cell(CellOf::Variable(_)), .. }));
    state.turns = 5;
    for mark in [Value::None, Value::Cell(2), Value::Int(1)] {
        state.variables[0] = mark;
        for captures in [0, 1] {
            state.captures = captures;
            for ctx in contexts(&engine, &state) {
                let (mut compiled, mut written) = (state.clone(), state.clone());
                engine.run_steps(&mut compiled, &ctx, steps);
                engine.run_effects(&mut written, &ctx, &effects);
                assert_eq!(compiled.variables, written.variables, "{mark:?}, {captures} captures, {ctx:?}");
            }
        }
    }
}

/// A variable set to a word of the context gives what the written `set` gives: `from` and `to`
/// into a variable without a seat (stored where the steps run), the cells of a walk's step, and
/// words of other kinds, into a global and a per-seat variable, over contexts with and without
/// each cell.
#[test]
fn words_set_as_written() {
    let (mut engine, mut state) = two_types();
    let words = [
        ContextWord::From,
        ContextWord::To,
        ContextWord::StepFrom,
        ContextWord::StepTo,
        ContextWord::Mover,
        ContextWord::Next,
        ContextWord::Turns,
        ContextWord::Target,
        ContextWord::Piece,
    ];
    let mut in_place = 0;
    for word in words {
        let effects = vec![
            set(0, ctx(word)),
            Effect::SetVariable { variable: 2, seat: Some(ctx(ContextWord::Mover)), value: ctx(word) },
        ];
        engine.game.phases[0].turn.after = effects.clone();
        engine.tables.speed.effects =
            EffectTables::new(&Layout { game: &engine.game, state: &engine.tables.layout });
        let steps = engine.turn_after(0);
        in_place += steps.iter().filter(|s| matches!(s, Step::SetMoveCell { .. })).count();
        state.turns = 3;
        for mark in [Value::None, Value::Cell(7), Value::Int(1)] {
            state.variables[0] = mark;
            for ctx in contexts(&engine, &state) {
                for step_cells in [(None, None), (Some(2), Some(5))] {
                    let mut ctx = ctx;
                    (ctx.walk.step_from, ctx.walk.step_to) = step_cells;
                    let (mut compiled, mut written) = (state.clone(), state.clone());
                    engine.run_steps(&mut compiled, &ctx, steps);
                    engine.run_effects(&mut written, &ctx, &effects);
                    assert_eq!(compiled.variables, written.variables, "{word:?}, {mark:?}, {ctx:?}");
                }
            }
        }
    }
    // `from` and `to` into the variable without a seat.
    assert_eq!(in_place, 2);
}

/// A context word plus or minus a constant, set compiled, gives what the written `set` gives:
/// each word (`choice` none in most contexts), both sides of `+`, saturating either way, and the
/// least integer subtracted (left to the general form, whose negation would overflow).
#[test]
fn words_plus_constants_set_as_written() {
    let (mut engine, mut state) = two_types();
    let (add, sub) = (|a, b| bin(BinaryOp::Add, a, b), |a, b| bin(BinaryOp::Sub, a, b));
    let word = |word| ctx(word);
    let values = [
        add(word(ContextWord::Turns), int(1)),
        add(int(-3), word(ContextWord::Captures)),
        sub(word(ContextWord::Passes), int(2)),
        add(word(ContextWord::Choice), int(4)),
        add(word(ContextWord::Turns), int(i64::MAX)),
        sub(word(ContextWord::Captures), int(i64::MAX)),
        sub(word(ContextWord::Turns), int(-i64::MAX)),
        sub(word(ContextWord::Turns), int(i64::MIN)),
    ];
    let mut planned = 0;
    for value in values {
        let effects = vec![
            set(1, value.clone()),
            Effect::SetVariable { variable: 2, seat: Some(ctx(ContextWord::Next)), value: value.clone() },
        ];
        engine.game.phases[0].turn.after = effects.clone();
        engine.tables.speed.effects =
            EffectTables::new(&Layout { game: &engine.game, state: &engine.tables.layout });
        let steps = engine.turn_after(0);
        planned +=
            steps.iter().filter(|s| matches!(s, Step::Set { value: SetValue::WordPlus(..), .. })).count();
        for (turns, captures, passes) in [(0, 0, 0), (5, 1, 3), (u32::MAX, 7, 1)] {
            (state.turns, state.captures, state.passes) = (turns, captures, passes);
            for ctx in contexts(&engine, &state) {
                for choice in [None, Some(2), Some(i64::MIN)] {
                    let ctx = Ctx { choice, ..ctx };
                    let (mut compiled, mut written) = (state.clone(), state.clone());
                    engine.run_steps(&mut compiled, &ctx, steps);
                    engine.run_effects(&mut written, &ctx, &effects);
                    assert_eq!(compiled.variables, written.variables, "{value:?}, {ctx:?}");
                }
            }
        }
    }
    // Every value but the least integer subtracted, for both variables.
    assert_eq!(planned, 14);
}

/// Conditions of pieces, cells, context words and variables joined by `and`, `or`, `not` and `if`
/// (nested either way), as branching programs, give what `eval` gives: with the cell variable
/// holding a cell, `none` or an integer, with and without captures and a promotion.
#[test]
fn programs_agree_with_eval() {
    let (engine, mut state) = two_types();
    let game = &engine.game;
    let layout = Layout { game, state: &engine.tables.layout };
    let none = || Expr::Const(Const::None);
    let from = ctx(ContextWord::From);
    let leaves = [
        bin(BinaryOp::Eq, field(ctx(ContextWord::Piece), PieceField::Type), Expr::Const(Const::PieceType(1))),
        bin(
            BinaryOp::Ne,
            field(Expr::PieceAt(Box::new(shift(game, from.clone(), &["e"]))), PieceField::Owner),
            ctx(ContextWord::Mover),
        ),
        bin(BinaryOp::Eq, ctx(ContextWord::To), shift(game, from, &["n"])),
        bin(BinaryOp::Ne, ctx(ContextWord::Promotion), none()),
        bin(BinaryOp::Gt, ctx(ContextWord::Captures), int(0)),
        bin(BinaryOp::Eq, bin(BinaryOp::Add, ctx(ContextWord::Turns), int(1)), int(6)),
        bin(BinaryOp::Eq, var(0), none()),
        bin(BinaryOp::Eq, var(0), Expr::Const(Const::Cell(1))),
        bin(BinaryOp::Ne, var(0), int(1)),
        bin(BinaryOp::Eq, ctx(ContextWord::Mover), seat_const(1)),
    ];
    let (and, or) = (
        |a: &Expr, b: Expr| bin(BinaryOp::And, a.clone(), b),
        |a: &Expr, b: Expr| bin(BinaryOp::Or, a.clone(), b),
    );
    let not = |a: Expr| Expr::Not(Box::new(a));
    let mut conditions = Vec::new();
    for a in &leaves {
        for b in &leaves {
            for c in &leaves {
                conditions.push(and(a, or(b, not(c.clone()))));
                conditions.push(and(&or(a, b.clone()), not(and(c, a.clone()))));
                conditions.push(or(&not(or(a, b.clone())), c.clone()));
                conditions.push(Expr::If(
                    Box::new(a.clone()),
                    Box::new(not(b.clone())),
                    Box::new(or(c, b.clone())),
                ));
            }
        }
    }
    let programs: Vec<Program> = conditions.iter().map(|e| Program::new(Cond::new(e, &layout))).collect();
    state.turns = 5;
    let (mut held, mut passed) = (0, 0);
    for mark in [Value::None, Value::Cell(1), Value::Int(1)] {
        state.variables[0] = mark;
        for captures in [0, 1] {
            state.captures = captures;
            for promotion in [None, Some(1)] {
                for ctx in contexts(&engine, &state) {
                    let ctx = Ctx { promotion, ..ctx };
                    for (expr, program) in conditions.iter().zip(&programs) {
                        let holds = engine.holds(&state, &ctx, expr);
                        assert_eq!(engine.run_program(&state, &ctx, program), holds, "{expr:?}, {ctx:?}");
                        (held, passed) = (held + usize::from(holds), passed + 1);
                    }
                }
            }
        }
    }
    // Both answers are given, many times.
    assert!(held > passed / 10 && held < passed * 9 / 10, "{held} of {passed}");
}

/// Shifts read from their ends by cell give what `eval` gives from every cell and from no cell,
/// for each seat's path, with no mover (the first seat's path) and for a seat without a path:
/// from the move's `from` and `to` (read in place) and from a variable and another shift (read
/// out of line), each start on the cell while the others stand elsewhere.
#[test]
fn shifts_tabled_by_cell_agree_with_eval() {
    let (engine, mut state) = two_types();
    let game = &engine.game;
    let layout = Layout { game, state: &engine.tables.layout };
    let (from, to) = (ctx(ContextWord::From), ctx(ContextWord::To));
    let mut paths = vec![
        relative(game, &["n"]),
        relative(game, &["e", "e"]),
        relative(game, &["n", "w"]),
        absolute(game, &["s"]),
    ];
    paths.push(vec![vec![], absolute(game, &["e"])[0].clone()]);
    let starts = [from.clone(), to, var(0), shift(game, from, &["w"])];
    let mut moved = 0;
    for (path, start) in paths.iter().flat_map(|path| starts.iter().map(move |start| (path, start))) {
        let expr = Expr::Shift { cell: Box::new(start.clone()), paths: path.clone() };
        let shifted = CellOf::new(&expr, &layout);
        assert!(matches!(shifted, CellOf::Shift(_)));
        for mover in [Some(0), Some(1), None, Some(2)] {
            for cell in (0..9).map(Some).chain([None]) {
                // The other starts stand on the cell across the board (or on none).
                let other = cell.map(|cell| 8 - cell);
                let ctx = Ctx { from: cell, to: other, ..Ctx::new(mover, Some(1)) };
                for (from, to) in [(cell, other), (other, cell)] {
                    state.variables[0] = Value::from_option(to, Value::Cell);
                    let ctx = Ctx { from, to, ..ctx };
                    let written = engine.eval(&state, &ctx, &expr).as_cell();
                    assert_eq!(
                        engine.cell_of(&state, &ctx, &shifted),
                        written,
                        "{expr:?} from {from:?}, to {to:?}, {mover:?}"
                    );
                    moved += usize::from(written.is_some() && written != cell);
                }
            }
        }
    }
    assert!(moved > 0);
}
