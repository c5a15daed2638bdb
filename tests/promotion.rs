//! `promote if EXPR to TYPES`: a promotion whose condition is not a region of `to` (shogi
//! promotes on moves into, within and out of its zone), optional when the piece's own type is
//! listed; and promotion with hands (`to hand`, `captured as`) giving a captured promoted piece
//! back as its unpromoted type.

mod support;

use std::collections::BTreeMap;

use ludex::runtime::Engine;
use support::{legal, load, play, sorted};

const RULES: &str = r#"
game "zone"
seat south
seat north turned 180
board square 3 by 5
piece rook {
  letter R
}
piece dragon {
  letter D
  captured as rook
}
piece king {
  letter K
}
zone camp of each seat = rows 4 to 5
setup {
  place king for each seat on cells a1
}
action rook_move for rook {
  step orthogonal
  promote if from in camp or to in camp to dragon, rook
}
action dragon_move for dragon {
  step all
}
action king_move for king {
  step all
}
capture {
  to hand
}
phase play {
  turn {
    play rook_move, dragon_move, king_move
  }
}
end {
  when count(pieces(next, king)) == 0: win mover
}
"#;

fn engine() -> Engine {
    let compiled = ludex::compile(RULES, &BTreeMap::new());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
}

fn moves_from(engine: &Engine, position: &str, from: &str) -> Vec<String> {
    let state = load(engine, position);
    legal(engine, &state).into_iter().filter(|mv| mv.starts_with(from)).collect()
}

#[test]
fn a_move_into_the_zone_may_promote_and_one_outside_may_not() {
    let engine = engine();
    let position = "board\n5 . . K2\n4 . . .\n3 . R1 .\n2 . . .\n1 K1 . .\n";
    assert_eq!(
        moves_from(&engine, position, "b3"),
        sorted(&["b3-a3", "b3-b2", "b3-b4=D", "b3-b4=R", "b3-c3"])
    );
}

#[test]
fn moves_within_and_out_of_the_zone_may_promote() {
    let engine = engine();
    let position = "board\n5 . . K2\n4 . R1 .\n3 . . .\n2 . . .\n1 K1 . .\n";
    assert_eq!(
        moves_from(&engine, position, "b4"),
        sorted(&["b4-a4=D", "b4-a4=R", "b4-b3=D", "b4-b3=R", "b4-b5=D", "b4-b5=R", "b4-c4=D", "b4-c4=R"])
    );
}

#[test]
fn a_captured_dragon_goes_to_the_captors_hand_as_a_rook() {
    let engine = engine();
    let mut state = load(&engine, "turn north\nboard\n5 . . .\n4 . . .\n3 . . .\n2 K2 . .\n1 D1 K1 .\n");
    play(&engine, &mut state, "a2xa1");
    let written = engine.write_position(&state);
    let reserves: Vec<&str> = written.lines().filter(|line| line.starts_with("reserve")).collect();
    assert_eq!(reserves, ["reserve north R"], "north holds a rook of its own:\n{written}");
}
