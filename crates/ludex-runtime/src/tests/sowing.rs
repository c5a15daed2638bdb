//! Sowings and the effects on whole stacks, on small games compiled from text: a track of four
//! cells a1 b1 c1 d1 (a 4x1 board with stacks) sown from `a1` or `b1`.

use super::*;

fn compiled(action: &str, extra: &str) -> Engine {
    let text = format!(
        "game \"T\"\nseat white\nseat black\nboard square 4 by 1 stacks\npiece seed {{ letter S }}\n\
         track round = a1 to d1\ncapture {{ to prizes }}\naction sow {{ sow from cells a1, b1 along round {action} }}\n\
         {extra}"
    );
    let compiled = ludex_check::compile(&text, &Default::default());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:#?}", compiled.diagnostics)))
}

fn legal(engine: &Engine, state: &State) -> Vec<String> {
    let mut moves = Vec::new();
    engine.legal_moves(state, &mut moves);
    moves.into_iter().map(|mv| engine.notation(state, mv)).collect()
}

fn position(engine: &Engine, state: &State) -> String {
    let row = engine.write_position(state).lines().find(|l| l.starts_with("1 ")).unwrap_or("").to_string();
    row.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn a_sowing_goes_round_the_track_and_past_the_cells_skipped() {
    let engine = compiled("skipping it == from", "");
    let mut state = engine.load_position("pieces S*5@a1 S@c1").unwrap();
    assert_eq!(legal(&engine, &state), ["a1"]);
    play(&engine, &mut state, "a1");
    // b1 c1 d1, then round past a1 (skipped) to b1 and c1.
    assert_eq!(position(&engine, &state), "1 . S*2 S*3 S");
}

#[test]
fn a_sowing_may_come_round_to_its_own_cell_but_a_lap_that_drops_nothing_is_no_move() {
    let engine = compiled("skipping it != b1", "");
    let mut state = engine.load_position("pieces S*2@a1 S@b1").unwrap();
    // From b1 the seed comes round to b1, the only cell that takes one.
    assert_eq!(legal(&engine, &state), ["a1", "b1"]);
    play(&engine, &mut state, "b1");
    assert_eq!(position(&engine, &state), "1 S*2 S . .");
    let engine = compiled("skipping true", "");
    let state = engine.load_position("pieces S*2@a1 S@b1").unwrap();
    assert_eq!(legal(&engine, &state), ["pass"]);
}

#[test]
fn move_stack_moves_every_piece_keeping_their_order() {
    let engine = compiled("then { move stack(to) to a1 }", "piece bean { letter B }");
    let mut state = engine.load_position("pieces B/S@b1 S*2@d1").unwrap();
    play(&engine, &mut state, "b1");
    // The top seed falls on c1, the bean on d1, the last cell: d1's stack goes onto a1.
    assert_eq!(position(&engine, &state), "1 S*2/B . S .");
}

#[test]
fn capture_stack_captures_every_piece_of_the_cell() {
    let engine = compiled("then { capture stack(to) }", "");
    let mut state = engine.load_position("pieces S@b1 S*2@c1").unwrap();
    play(&engine, &mut state, "b1");
    assert_eq!(position(&engine, &state), "1 . . . .");
    assert_eq!(state.prizes.len(), 3);
}

/// The end rules of a two-seat game on a 3x1 board with stacks, each a count of pieces.
fn counting_engine() -> Engine {
    let text = "game \"T\"\nseat white\nseat black\nboard square 3 by 1 stacks\npiece man { letter M }\n\
                action step for man { walk orthogonal exactly 1 }\nphase play { turn { play step } }\n\
                end {\n  when count(pieces(white)) == 0: win black\n  when count(pieces(black)) < 1: win white\n  \
                when count(pieces(white)) == 2 and count(pieces(black), it.type == man) >= 2: draw\n}";
    let compiled = ludex_check::compile(text, &Default::default());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:#?}", compiled.diagnostics)))
}

#[test]
fn counts_of_pieces_count_those_beneath_the_tops_of_stacks() {
    let engine = counting_engine();
    // White's only piece lies beneath black's: white still has a piece, and cannot move it.
    let state = engine.load_position("turn white\npieces M1/M2@a1").unwrap();
    assert!(matches!(engine.status(&state), Status::Decision { seat: 0 }), "{:?}", engine.status(&state));
    assert_eq!(legal(&engine, &state), ["pass"]);
    // Two of each, one of white's and both of black's beneath others: the third rule holds.
    let state = engine.load_position("turn white\npieces M2/M1/M2@a1 M1@c1").unwrap();
    match engine.status(&state) {
        Status::Over(result) => assert_eq!(result.places, [1, 1]),
        other => panic!("{other:?}"),
    }
}
