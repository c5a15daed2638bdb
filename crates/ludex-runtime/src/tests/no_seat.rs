//! An end rule whose `win` or `loss` names no seat: the game ends, but the engine keeps the fault
//! (it is not the end the rules wrote), which `ludex run`, `perft` and `test` report.

use super::*;
use crate::Fault;

fn stepper_ending(condition: Expr, outcome: Outcome) -> Engine {
    let mut g = game(3, 3);
    g.actions.push(action("step", step(&g, &ORTHOGONAL)));
    g.end = vec![end_rule(bin(BinaryOp::Eq, ctx(ContextWord::Turns), int(-1)), Outcome::Draw)];
    g.end.push(end_rule(condition, outcome));
    Engine::new(g)
}

fn reason(engine: &Engine, state: &State) -> String {
    match engine.status(state) {
        Status::Over(result) => result.reason,
        other => panic!("not over: {other:?}"),
    }
}

#[test]
fn winning_mover_before_the_first_move_is_a_fault_of_the_rule() {
    let engine = stepper_ending(Expr::Const(Const::Bool(true)), Outcome::Win(ctx(ContextWord::Mover)));
    let state = engine.initial_state();
    assert_eq!(reason(&engine, &state), "end rule 2: no seat");
    assert_eq!(engine.fault(), Some(Fault::OutcomeWithoutSeat { rule: 1 }));
    let message = engine.fault().map(|fault| fault.to_string()).unwrap_or_default();
    assert!(
        message.starts_with("end rule 2 held, but the seat its `win` or `loss` names is none"),
        "{message}"
    );
}

#[test]
fn losing_a_seat_that_is_none_is_a_fault_too() {
    let engine = stepper_ending(after_one_turn(), Outcome::Loss(Expr::Const(Const::None)));
    let mut state = engine.load_position("board\n. . .\nM1 . M2\n. . .").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(engine.fault(), None);
    play(&engine, &mut state, "a2-b2");
    assert_eq!(reason(&engine, &state), "end rule 2: no seat");
    assert_eq!(engine.fault(), Some(Fault::OutcomeWithoutSeat { rule: 1 }));
}

#[test]
fn a_rule_naming_its_seat_ends_the_game_without_fault() {
    let engine = stepper_ending(after_one_turn(), Outcome::Win(ctx(ContextWord::Mover)));
    let mut state = engine.load_position("board\n. . .\nM1 . M2\n. . .").unwrap_or_else(|e| panic!("{e}"));
    play(&engine, &mut state, "a2-b2");
    assert_eq!(reason(&engine, &state), "end rule 2: white wins");
    assert_eq!(engine.fault(), None);
}

fn after_one_turn() -> Expr {
    bin(BinaryOp::Ge, ctx(ContextWord::Turns), int(1))
}
