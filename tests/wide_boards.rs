//! Boards wider than 26 files, whose files past `z` are `aa`, `ab`, ... (docs/language.md 6.1).
//! Frontier (docs/examples/frontier.rules, 30 by 30): every legal move of random games reads back
//! from its notation in each form it may be typed; a position and a record with cells like `ad30`
//! read back as they were written; perft to depth 3 is the count worked out by hand. A 64 by 64
//! board slides rooks to its last file `bl`; on a board 625 files wide, whose last file `xa`
//! begins with the capture sign, every move still reads one way. The scenario of each of Frontier's
//! rules is in docs/examples/frontier.tests (`ludex test docs/examples/frontier.rules`).

mod support;

use std::collections::BTreeMap;

use ludex::agents::play::play_out;
use ludex::agents::{Agent, RandomAgent};
use ludex::record::{self, Record, RecordHeader};
use ludex::runtime::{Engine, Refusal, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use support::{engine, legal, load, play, timed_perft};

const FRONTIER: &str = "docs/examples/frontier.rules";

fn compiled(text: &str) -> Engine {
    let compiled = ludex::compile(text, &BTreeMap::new());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
}

/// Each legal move reads back from its notation; one in `sampled` also from its notation in
/// capitals and, for a piece move, without its `-`.
fn assert_notation_reads_back(engine: &Engine, state: &State, sampled: usize) {
    let mut moves = Vec::new();
    engine.legal_moves(state, &mut moves);
    for (index, &mv) in moves.iter().enumerate() {
        let text = engine.move_notation(state, mv);
        assert_eq!(engine.parse_move(state, &text), Ok(mv), "{text}");
        if index % sampled == 0 {
            assert_eq!(engine.parse_move(state, &text.to_ascii_uppercase()), Ok(mv), "{text} in capitals");
            if !text.contains(['@', '/']) {
                let joined = text.replacen('-', "", 1);
                assert_eq!(engine.parse_move(state, &joined), Ok(mv), "{joined}");
            }
        }
    }
}

#[test]
fn frontiers_moves_read_back_from_their_notation_through_random_games() {
    let engine = engine(FRONTIER);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut state = engine.initial_state();
    let mut seen_past_z = 0;
    for ply in 0..400 {
        let mut moves = Vec::new();
        engine.legal_moves(&state, &mut moves);
        let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) else { break };
        if ply % 20 == 0 {
            assert_notation_reads_back(&engine, &state, 7);
        }
        let text = engine.move_notation(&state, mv);
        seen_past_z += usize::from(["aa", "ab", "ac", "ad"].iter().any(|file| text.contains(file)));
        engine.apply_move(&mut state, mv);
    }
    assert!(seen_past_z >= 10, "the moves went past the file z {seen_past_z} times");
}

#[test]
fn a_move_from_an_empty_cell_past_z_is_refused_naming_the_cell() {
    let engine = engine(FRONTIER);
    let state = engine.initial_state();
    let refusal = engine.explain_refusal(&state, "ab13-ab14");
    assert_eq!(refusal, Refusal::NoPiece { cell: engine.cell_named("ab13").expect("a cell") });
    assert!(engine.describe_refusal(&refusal).contains("ab13"), "{}", engine.describe_refusal(&refusal));
}

#[test]
fn a_frontier_position_with_cells_past_z_reads_back_as_written() {
    let engine = engine(FRONTIER);
    let text =
        "turn black\nreserve white G\npieces P1@ac29 G1@ad1 P2@ab4 P2@z26\nprizes black P1@aa12 G1@ad30\n";
    let state = load(&engine, text);
    let written = engine.write_position(&state);
    assert!(written.contains("P1@aa12") && written.contains("G1@ad30"), "{written}");
    assert_eq!(load(&engine, &written), state, "{written}");
    assert!(engine.load_position("pieces P1@ae1").is_err(), "no file ae on a 30-wide board");
}

#[test]
fn frontier_records_with_cells_past_z_are_written_read_and_replayed() {
    let engine = engine(FRONTIER);
    let mut agents: Vec<Box<dyn Agent>> = vec![Box::new(RandomAgent), Box::new(RandomAgent)];
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let game = play_out(&engine, engine.initial_state(), &mut agents, &mut rng);
    let header = RecordHeader {
        rules: FRONTIER.into(),
        options: BTreeMap::new(),
        seed: 3,
        seats: vec!["random".into(); 2],
        position: None,
    };
    let written = Record::new(header, game);
    assert!(written.result.is_some());
    assert!(written.plies.iter().any(|ply| ply.contains("ad")), "{:?}", written.plies);
    let mut bytes = Vec::new();
    record::write(&mut bytes, &written).expect("written");
    let (_, read) = record::read(bytes.as_slice()).next().expect("a record").expect("it reads");
    assert_eq!(read.plies, written.plies);
    record::verify(&engine, &read).expect("every move legal, the result as recorded");
}

/// Frontier's perft 3, by hand: after 30 pawn steps White again has 120 moves (30 steps, 90 drops);
/// after one of the 90 drops, 30 steps, 89 drops and the guard's steps, which over the 90 home
/// cells sum to 614 (3 in each bottom corner, 5 along the edges, 8 inside); Black always has 120.
/// So 30 * 120 * 120 + (90 * 119 + 614) * 120 = 432,000 + 1,358,880.
#[test]
#[ignore = "slow in debug builds"]
fn frontier_perft_to_depth_3_is_the_count_worked_out_by_hand() {
    let engine = engine(FRONTIER);
    assert_eq!(timed_perft(&engine, "start", &engine.initial_state(), 3), 1_790_880);
}

/// Two rooks a side in the corners of a 64 by 64 board (files `a` to `bl`). By hand: each rook has
/// 62 steps along its rank and 62 up its file, then takes the enemy rook at the end: 250 moves.
/// At depth 2, a rook that goes up the file to rank k leaves the enemy rook above it 64 - k moves
/// down (251 - k in all, 13,547 over k = 2 to 63), a rook that goes along the rank leaves Black
/// its 250 (15,500 over the 62 files), and a capture leaves Black one rook with 126: twice
/// 13,547 + 15,500 + 126 is 58,346.
#[test]
fn rooks_slide_to_the_last_file_of_a_64_by_64_board() {
    let engine = compiled(
        "game \"Wide\"\nseat white\nseat black turned 180\nboard square 64 by 64\npiece rook { letter R }\n\
         setup { place rook for each seat on cells a1, bl1 }\n\
         action rook_move for rook { slide orthogonal  to empty or enemy }\ncapture { to prizes }\n\
         end { when count(pieces(next)) == 0: win mover }\n",
    );
    let start = engine.initial_state();
    let moves = legal(&engine, &start);
    assert_eq!(moves.len(), 250);
    for expected in ["a1-a63", "a1xa64", "a1-bk1", "bl1-bl63", "bl1xbl64", "bl1-b1"] {
        assert!(moves.contains(&expected.to_string()), "{expected}");
    }
    assert_notation_reads_back(&engine, &start, 1);
    assert_eq!(timed_perft(&engine, "start", &start, 2), 58_346);
    let mut state = start;
    play(&engine, &mut state, "BL1BL64");
    let written = engine.write_position(&state);
    assert!(written.lines().any(|line| line.starts_with("prizes white R2@bl64")), "{written}");
}

/// On a board 625 files wide the file `xa` exists (the 625th), so `a1xa2` (a capture on a2) and
/// `a1-xa2` (a move to `xa2`) differ only by the separator, and a placing on `xa2` is written as
/// the removal of the piece on a2 is. Each reads one way: a text the engine writes reads back as
/// that move, and two moves that would read alike are told apart by their action.
#[test]
fn a_board_625_files_wide_reads_the_capture_sign_apart_from_the_file_x() {
    let engine = compiled(
        "game \"Long\"\nseat white\nseat black\nboard square 625 by 2\npiece stone { letter S }\n\
         piece rook { letter R }\naction put { place stone on board }\naction take { remove on board }\n\
         action jump for rook { anywhere  to empty or enemy }\ncapture { to prizes }\n\
         end { when turns >= 100: draw }\n",
    );
    let state = load(&engine, "pieces R1@a1 S2@a2");
    let moves = legal(&engine, &state);
    for written in ["a1xa2", "a1-xa2", "xa2:put", "xa2:take", "xa1", "a1-xa1"] {
        assert!(moves.contains(&written.to_string()), "{written} in {} moves", moves.len());
    }
    assert_notation_reads_back(&engine, &state, 50);
    let capture = engine.parse_move(&state, "a1xa2").expect("the capture, as written");
    assert_eq!(engine.move_notation(&state, capture), "a1xa2");
    let error = engine.parse_move(&state, "xa2").expect_err("a placing and a removal");
    assert!(error.contains("ambiguous"), "{error}");
}
