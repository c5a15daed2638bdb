//! Walk clauses and the effects that came with them, on small games written here: what Duwen does
//! not show (a guard alone, `exit to prizes`, effects on pushed pieces, pushing enemies instead of
//! capturing them, `for each` changing attributes, `send piece`, the path length limit).

mod support;

use std::collections::BTreeMap;

use ludex::runtime::Engine;
use support::{legal, load, play, token_on};

/// Two seats on a `width` by 3 board, a `man` with `power` 0 to 9 and a neutral `stone`, the
/// action `go` with the clauses given, and more items.
fn game(width: u32, go: &str, more: &str) -> Engine {
    let text = format!(
        "game \"T\"\nseat white\nseat black turned 180\nboard square {width} by 3\n\
         piece man {{ letter M  attribute power from 0 to 9 }}\npiece stone {{ letter S }}\n\
         action go for man {{ {go} }}\n{more}\n\
         phase play {{ turn {{ play go }} }}\nend {{ when count(pieces(next)) == 0: win mover }}\n"
    );
    // The checker alone: without a setup the game is over at its start, which `ludex::compile`
    // refuses; the tests load their positions.
    let compiled = ludex::check::compile(&text, &BTreeMap::new());
    assert!(!compiled.has_errors(), "{:?}\n{text}", compiled.diagnostics);
    Engine::new(compiled.game.expect("a game"))
}

fn board(engine: &Engine, rows: &str) -> ludex::runtime::State {
    load(engine, &format!("board\n{rows}"))
}

#[test]
fn a_guard_alone_keeps_one_move_per_square() {
    // Only steps onto row 1 or 2 are allowed: the walk stays below row 3.
    let engine =
        game(3, "walk orthogonal at most 2  each step where step_to in low", "zone low = rows 1 to 2");
    let state = board(&engine, "3 . . .\n2 . . .\n1 M1:0 . .");
    assert_eq!(legal(&engine, &state), ["a1-a2", "a1-b1", "a1-b2", "a1-c1"]);
}

#[test]
fn a_walk_that_pushes_never_captures_and_pushed_pieces_may_be_changed() {
    let push = "walk e at most 1  push { then { set pushed.power = pushed.power + 1 } }";
    let engine = game(4, push, "");
    let mut state = board(&engine, "3 . . . .\n2 . . . .\n1 M1:0 M2:3 S M2:5");
    play(&engine, &mut state, "a1-b1");
    let row: Vec<String> = ["a1", "b1", "c1", "d1"].iter().map(|c| token_on(&engine, &state, c)).collect();
    assert_eq!(row, [".", "M1:0", "M2:4", "S"], "the line moved, and the man still on the board gained 1");
    // The black man that was on d1 left the board for its owner's reserve, out of the effect's reach.
    let reserve: Vec<i32> = engine.reserve(&state, 1).iter().map(|p| p.attributes[0]).collect();
    assert_eq!(reserve, [5]);
    assert!(engine.prizes(&state, 0).is_empty() && engine.prizes(&state, 1).is_empty());
}

#[test]
fn a_neutral_piece_pushed_off_goes_to_the_pushers_prizes_and_a_walk_may_exit_to_prizes() {
    let engine = game(2, "walk e at most 2  push  exit to prizes", "");
    let mut state = board(&engine, "3 . .\n2 . .\n1 M1:2 S");
    assert_eq!(legal(&engine, &state), ["a1-b1", "a1-b1-off"]);
    play(&engine, &mut state, "a1-b1-off");
    let prizes: Vec<String> =
        engine.prizes(&state, 0).iter().map(|p| engine.cell_name(p.cell.unwrap()).to_string()).collect();
    assert_eq!(prizes, ["b1", "b1"], "the stone pushed off b1, then the man itself");
    assert!(engine.reserve(&state, 0).is_empty());
}

#[test]
fn a_path_holds_at_most_sixteen_steps() {
    let engine = game(20, "walk e  paying 0 power per step", "");
    let state =
        board(&engine, &format!("3{}\n2{}\n1 M1:1{}", " .".repeat(20), " .".repeat(20), " .".repeat(19)));
    let moves = legal(&engine, &state);
    assert_eq!(moves.len(), 16);
    assert!(moves.iter().any(|m| m.ends_with("-q1")) && !moves.iter().any(|m| m.ends_with("-r1")));
}

#[test]
fn for_each_changes_every_chosen_piece() {
    let go =
        "step e  then { for each pieces(mover, man) where it.power < 5 { set it.power = it.power + 2 } }";
    let engine = game(3, go, "");
    let mut state = board(&engine, "3 . . .\n2 M1:4 . .\n1 M1:1 . M1:7");
    play(&engine, &mut state, "a1-b1");
    let men: Vec<String> = ["b1", "a2", "c1"].iter().map(|c| token_on(&engine, &state, c)).collect();
    assert_eq!(men, ["M1:3", "M1:6", "M1:7"]);
}

#[test]
fn send_takes_the_moved_piece_off_the_board() {
    let engine = game(3, "step n  then { send piece to nowhere }", "");
    let mut state = board(&engine, "3 . . .\n2 . . .\n1 M1:1 M2:1 .");
    play(&engine, &mut state, "a1-a2");
    assert_eq!((token_on(&engine, &state, "a1"), token_on(&engine, &state, "a2")), (".".into(), ".".into()));
    assert!(engine.reserve(&state, 0).is_empty() && engine.prizes(&state, 0).is_empty());
}
