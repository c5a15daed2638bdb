//! `stuck` in a turn's `legal if` (the look-ahead): the engine and the reference agree on the
//! positions where it decides (Shogi's pawn drop that would mate), a look-ahead that a multi-action
//! turn or a turn's `after` leads through sees the position the turn machine would reach, and a
//! look-ahead inside a look-ahead is the engine's fault, never a guess.

use super::*;
use crate::Fault;

fn engine_for(text: &str) -> Engine {
    let compiled = ludex_check::compile(text, &ludex_check::OptionValues::default());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
}

fn shogi() -> Engine {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/shogi.rules");
    engine_for(&std::fs::read_to_string(path).expect("rules/shogi.rules"))
}

fn notations(engine: &Engine, state: &State, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&mv| engine.move_notation(state, mv)).collect()
}

/// The legal moves, the engine's and the reference's, in notation: they must be equal.
fn agreed_moves(engine: &Engine, state: &State) -> Vec<String> {
    let mut moves = Vec::new();
    engine.legal_moves(state, &mut moves);
    let reference = engine.reference_legal_moves(state);
    assert_eq!(notations(engine, state, &moves), notations(engine, state, &reference));
    notations(engine, state, &moves)
}

/// The gote king in the corner, its escapes covered; sente holds a pawn and a gold.
const CORNER: &str = "reserve sente P G\npieces K2@a9 L1@a1 S1@c8 G1@c7 K1@e1\n";

#[test]
fn a_pawn_drop_that_mates_is_refused_by_the_engine_and_the_reference_alike() {
    let engine = shogi();
    let state = engine.load_position(CORNER).unwrap();
    let moves = agreed_moves(&engine, &state);
    assert!(!moves.contains(&"P@a8".to_string()), "{moves:?}");
    assert!(moves.contains(&"G@a8".to_string()) && moves.contains(&"P@a7".to_string()));
    // Without the lance behind it the pawn may be taken: the drop gives check without mate.
    let state = engine.load_position("reserve sente P\npieces K2@a9 S1@c8 G1@c7 K1@e1\n").unwrap();
    assert!(agreed_moves(&engine, &state).contains(&"P@a8".to_string()));
    assert_eq!(engine.fault(), None);
}

#[test]
fn a_refused_pawn_drop_mate_is_explained_by_the_look_ahead() {
    let engine = shogi();
    let state = engine.load_position(CORNER).unwrap();
    let refusal = engine.explain_refusal(&state, "P@a8");
    assert_eq!(
        engine.describe_refusal(&refusal),
        "it would leave your king attacked, or the next seat without a legal move (the turn's `legal if`)"
    );
}

/// Two men a side on a 3 by 3 board stepping orthogonally onto empty cells, with the turn's
/// `legal if` given.
fn blocking_game(legal: &str) -> String {
    format!(
        "game \"block\"\nseat white\nseat black turned 180\nboard square 3 by 3\n\
         piece man {{\n  letter M\n}}\n\
         setup {{\n  place man for each seat on cells a1\n}}\n\
         action step for man {{\n  step orthogonal\n  to empty\n}}\n\
         phase play {{\n  turn {{\n    play step\n    legal if {legal}\n  }}\n}}\n\
         end {{\n  when stuck: win mover\n}}\n"
    )
}

#[test]
fn the_look_ahead_asks_whether_the_next_seat_keeps_a_move() {
    // White may not leave black without a move; black's own moves never look ahead.
    let engine = engine_for(&blocking_game("mover == black or not stuck"));
    let state = engine.load_position("pieces M1@a2 M1@b2 M2@a3\n").unwrap();
    // b2-b3 would leave the black man on a3 no empty cell to step to.
    assert_eq!(agreed_moves(&engine, &state), ["a2-a1", "b2-b1", "b2-c2"]);
    assert_eq!(engine.fault(), None);
}

#[test]
fn a_look_ahead_inside_a_look_ahead_is_a_fault_not_a_guess() {
    // Every move of either side reads `stuck`: finding black's moves in the look-ahead would need
    // a second look-ahead.
    // The end rule's `stuck` at the start already finds the moves.
    let engine = engine_for(&blocking_game("not stuck"));
    assert_eq!(engine.fault(), None);
    engine.initial_state();
    assert_eq!(engine.fault(), Some(Fault::NestedLookAhead));
}

/// The blocking game with white's men (`man`) and black's stones (`stone`) moved by two actions:
/// white's step has the `where` given, black's none.
fn blocking_by_action(filter: &str) -> String {
    format!(
        "game \"block\"\nseat white\nseat black turned 180\nboard square 3 by 3\n\
         piece man {{\n  letter M\n}}\npiece stone {{\n  letter S\n}}\n\
         setup {{\n  place man for white on cells a1\n  place stone for black on cells c3\n}}\n\
         action step for man {{\n  step orthogonal\n  to empty\n  where {filter}\n}}\n\
         action shuffle for stone {{\n  step orthogonal\n  to empty\n}}\n\
         phase play {{\n  turn {{\n    play step, shuffle\n  }}\n}}\n\
         end {{\n  when stuck: win mover\n}}\n"
    )
}

#[test]
fn stuck_in_a_where_filters_the_moves_of_its_action_as_legal_if_would() {
    // b2-b3 would leave the black stone on a3 no empty cell to step to.
    let engine = engine_for(&blocking_by_action("not stuck"));
    let state = engine.load_position("pieces M1@a2 M1@b2 S2@a3\n").unwrap();
    assert_eq!(agreed_moves(&engine, &state), ["a2-a1", "b2-b1", "b2-c2"]);
    // Only moves that leave black stuck, with the rest of the `where` read before the move.
    let engine = engine_for(&blocking_by_action("from == b2 and stuck"));
    assert_eq!(agreed_moves(&engine, &state), ["b2-b3"]);
    // Black's stones never look ahead, so no look-ahead nests.
    let black = engine.load_position("turn black\npieces M1@a2 M1@b2 S2@a3\n").unwrap();
    assert_eq!(agreed_moves(&engine, &black), ["a3-b3"]);
    assert_eq!(engine.fault(), None);
}

#[test]
fn stuck_in_a_where_lowers_to_the_turns_legal_if() {
    let compiled = ludex_check::compile(&blocking_by_action("to != c1 and not stuck"), &Default::default());
    let game = compiled.game.expect("the game checks");
    let step = &game.actions[0];
    assert_eq!(
        step.filter,
        Some(ludex_ir::Expr::Binary(
            ludex_ir::BinaryOp::Ne,
            Box::new(ludex_ir::Expr::Context(ludex_ir::ContextWord::To)),
            Box::new(ludex_ir::Expr::Const(ludex_ir::Const::Cell(2))),
        ))
    );
    let stuck = ludex_ir::Expr::Context(ludex_ir::ContextWord::Stuck);
    let other_action = ludex_ir::Expr::Not(Box::new(ludex_ir::Expr::MoveOf(0)));
    let not_stuck = ludex_ir::Expr::Not(Box::new(stuck));
    assert_eq!(
        game.phases[0].turn.legal,
        Some(ludex_ir::Expr::Binary(ludex_ir::BinaryOp::Or, Box::new(other_action), Box::new(not_stuck)))
    );
}
