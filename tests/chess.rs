//! Chess (rules/chess.rules): perft from the start and from the standard test positions, and a
//! scenario for each rule. Positions are written in Forsyth-Edwards Notation (FEN) and turned into
//! the position format by [`from_fen`].

mod support;

use ludex::runtime::{Engine, State, Value, perft};
use support::{engine, legal, load, play, result, sorted, token_on, variable};

const RULES: &str = "rules/chess.rules";

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

/// A FEN position in the position format: kings and rooks that may still castle are unmoved
/// (`:0`), the en passant square is `crossed`, the move counters give `turns` and
/// `last_progress`.
fn from_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let [placement, side, castling, en_passant, halfmove, fullmove] = fields[..] else { panic!("{fen}") };
    let unmoved = |letter: char, square: &str| match (letter, square) {
        ('K', "e1") => castling.contains(['K', 'Q']),
        ('k', "e8") => castling.contains(['k', 'q']),
        ('R', "h1") => castling.contains('K'),
        ('R', "a1") => castling.contains('Q'),
        ('r', "h8") => castling.contains('k'),
        ('r', "a8") => castling.contains('q'),
        _ => false,
    };
    let mut board = String::from("board\n");
    for (row, rank) in placement.split('/').zip((1..=8).rev()) {
        let mut file = b'a';
        for c in row.chars() {
            if let Some(gap) = c.to_digit(10) {
                board.push_str(&". ".repeat(gap as usize));
                file += gap as u8;
                continue;
            }
            let seat = if c.is_ascii_uppercase() { 1 } else { 2 };
            board.push_str(&format!("{}{seat}", c.to_ascii_uppercase()));
            if "KkRr".contains(c) {
                let square = format!("{}{rank}", file as char);
                board.push_str(if unmoved(c, &square) { ":0" } else { ":1" });
            }
            board.push(' ');
            file += 1;
        }
        board.push('\n');
    }
    let turns = 2 * (fullmove.parse::<u32>().expect("a move number") - 1) + u32::from(side == "b");
    let progress = turns - halfmove.parse::<u32>().expect("a halfmove clock");
    let crossed = if en_passant == "-" { "none" } else { en_passant };
    let seat = if side == "w" { "white" } else { "black" };
    format!(
        "turn {seat}\nturns {turns}\nvariable crossed = {crossed}\nvariable last_progress = {progress}\n{board}"
    )
}

fn game(fen: &str) -> (Engine, State) {
    let engine = engine(RULES);
    let state = load(&engine, &from_fen(fen));
    (engine, state)
}

/// The legal moves of the piece on `from`.
fn moves_from(engine: &Engine, state: &State, from: &str) -> Vec<String> {
    legal(engine, state).into_iter().filter(|m| m.starts_with(from)).collect()
}

fn places(engine: &Engine, state: &State) -> Option<Vec<u32>> {
    result(engine, state).map(|r| r.places)
}

// ---- perft ---------------------------------------------------------------------------------------

fn perft_counts(engine: &Engine, state: &State, depth: u32) -> Vec<u64> {
    (1..=depth).map(|d| perft(engine, state, d)).collect()
}

#[test]
fn perft_from_the_start() {
    let engine = engine(RULES);
    assert_eq!(perft_counts(&engine, &engine.initial_state(), 3), [20, 400, 8_902]);
}

#[test]
fn perft_of_kiwipete() {
    let (engine, state) = game(KIWIPETE);
    assert_eq!(perft_counts(&engine, &state, 2), [48, 2_039]);
}

#[test]
fn perft_of_position_3() {
    let (engine, state) = game(POSITION_3);
    assert_eq!(perft_counts(&engine, &state, 3), [14, 191, 2_812]);
}

/// Perft to a depth, printing the speed.
fn timed_perft(engine: &Engine, name: &str, state: &State, depth: u32) -> u64 {
    let start = std::time::Instant::now();
    let nodes = perft(engine, state, depth);
    let seconds = start.elapsed().as_secs_f64();
    println!("{name} depth {depth}: {nodes} nodes in {seconds:.2} s, {:.0} nodes/s", nodes as f64 / seconds);
    nodes
}

/// The deeper counts: `cargo test --release --test chess -- --ignored --nocapture`.
#[test]
#[ignore = "slow in debug builds"]
fn perft_deeper() {
    let engine = engine(RULES);
    assert_eq!(timed_perft(&engine, "start", &engine.initial_state(), 4), 197_281);
    let (_, kiwipete) = game(KIWIPETE);
    assert_eq!(timed_perft(&engine, "kiwipete", &kiwipete, 3), 97_862);
    let (_, position_3) = game(POSITION_3);
    assert_eq!(timed_perft(&engine, "position 3", &position_3, 4), 43_238);
}

#[test]
#[ignore = "about a minute in a release build"]
fn perft_from_the_start_at_depth_5() {
    let engine = engine(RULES);
    assert_eq!(timed_perft(&engine, "start", &engine.initial_state(), 5), 4_865_609);
}

// ---- castling --------------------------------------------------------------------------------------

// "the king is transferred from its original square two squares towards the rook on its original
//  square, then that rook is transferred to the square the king has just crossed."

#[test]
fn both_sides_castle_on_either_wing() {
    let (engine, white) = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let king = ["e1-c1", "e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2", "e1-g1"];
    assert_eq!(moves_from(&engine, &white, "e1"), sorted(&king));
    let (_, black) = game("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    let king = ["e8-c8", "e8-d7", "e8-d8", "e8-e7", "e8-f7", "e8-f8", "e8-g8"];
    assert_eq!(moves_from(&engine, &black, "e8"), sorted(&king));
}

#[test]
fn castling_moves_the_rook_to_the_square_the_king_crossed() {
    let (engine, mut state) = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&engine, &mut state, "e1-g1");
    let row = |state: &State, cells: &[&str]| -> Vec<String> {
        cells.iter().map(|c| token_on(&engine, state, c)).collect()
    };
    assert_eq!(row(&state, &["e1", "f1", "g1", "h1"]), [".", "R1:0", "K1:1", "."]);
    play(&engine, &mut state, "e8-c8");
    assert_eq!(row(&state, &["a8", "b8", "c8", "d8", "e8"]), [".", ".", "K2:1", "R2:0", "."]);
}

// "The right to castle has been lost: if the king has already moved, or with a rook that has
//  already moved."

#[test]
fn a_moved_king_or_rook_cannot_castle() {
    let (engine, moved_king) = game("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1");
    assert_eq!(
        moves_from(&engine, &moved_king, "e1"),
        sorted(&["e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2"])
    );
    let (_, moved_rook) = game("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
    let king = ["e1-c1", "e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2"];
    assert_eq!(moves_from(&engine, &moved_rook, "e1"), sorted(&king));
}

#[test]
fn a_king_that_moves_and_returns_has_lost_the_right() {
    let (engine, mut state) = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for ply in ["e1-f1", "e8-f8", "f1-e1", "f8-e8"] {
        play(&engine, &mut state, ply);
    }
    assert!(!legal(&engine, &state).iter().any(|m| m == "e1-g1" || m == "e1-c1"));
}

// "Castling is prevented temporarily: if the square on which the king stands, or the square which it
//  must cross, or the square which it is to occupy, is attacked by one or more of the opponent's
//  pieces, or if there is any piece between the king and the rook with which castling is to be
//  effected."

#[test]
fn no_castling_out_of_check() {
    let (engine, state) = game("r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(moves_from(&engine, &state, "e1"), sorted(&["e1-d1", "e1-d2", "e1-f1", "e1-f2"]));
}

#[test]
fn no_castling_through_or_into_an_attacked_square() {
    // The bishop on h3 sees f1, which the king would cross; the knight on b3 sees c1, where it
    // would land (and d2).
    let (engine, state) = game("r3k2r/8/8/8/8/1n5b/8/R3K2R w KQkq - 0 1");
    assert_eq!(moves_from(&engine, &state, "e1"), sorted(&["e1-d1", "e1-e2", "e1-f2"]));
}

#[test]
fn an_attacked_rook_or_b_file_square_does_not_prevent_castling() {
    let (engine, state) = game("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let moves = moves_from(&engine, &state, "e1");
    assert!(moves.contains(&"e1-c1".to_string()), "{moves:?}");
}

#[test]
fn a_piece_between_king_and_rook_prevents_castling() {
    let (engine, state) = game("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    let moves = moves_from(&engine, &state, "e1");
    assert!(moves.contains(&"e1-g1".to_string()) && !moves.contains(&"e1-c1".to_string()), "{moves:?}");
}

// ---- pawns -------------------------------------------------------------------------------------

// "The pawn may move forward to the square immediately in front of it ... or on its first move the
//  pawn may ... advance two squares ... provided that both squares are unoccupied" and "The pawn
//  may move to a square occupied by an opponent's piece diagonally in front of it".

#[test]
fn pawns_advance_one_or_two_and_take_diagonally() {
    let (engine, state) = game("4k3/8/8/8/8/2n5/1PP5/4K3 w - - 0 1");
    assert_eq!(moves_from(&engine, &state, "b2"), sorted(&["b2-b3", "b2-b4", "b2xc3"]));
    assert!(moves_from(&engine, &state, "c2").is_empty());
    let (_, later) = game("4k3/8/8/8/8/1P6/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&engine, &later, "b3"), ["b3-b4"]);
}

// "A pawn occupying a square on the same rank as and on an adjacent file to an opponent's pawn which
//  has just advanced two squares in one move from its original square may capture this opponent's
//  pawn as though the latter had been moved only one square. This capture is only legal on the move
//  following this advance".

#[test]
fn en_passant_takes_the_pawn_that_just_advanced_two_squares() {
    let (engine, mut state) = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&engine, &mut state, "d7-d5");
    assert_eq!(variable(&engine, &state, "crossed"), Value::Cell(engine.cell_named("d6").expect("d6")));
    assert_eq!(moves_from(&engine, &state, "e5"), sorted(&["e5-d6", "e5-e6"]));
    play(&engine, &mut state, "e5-d6");
    let cells: Vec<String> = ["d5", "d6", "e5"].iter().map(|c| token_on(&engine, &state, c)).collect();
    assert_eq!(cells, [".", "P1", "."]);
}

#[test]
fn en_passant_is_only_possible_on_the_next_move() {
    let (engine, mut state) = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    for ply in ["d7-d5", "e1-e2", "e8-e7"] {
        play(&engine, &mut state, ply);
    }
    assert_eq!(moves_from(&engine, &state, "e5"), ["e5-e6"]);
}

#[test]
fn a_double_step_with_no_pawn_beside_it_opens_no_en_passant() {
    let (engine, mut state) = game("4k3/p7/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&engine, &mut state, "a7-a5");
    assert_eq!(variable(&engine, &state, "crossed"), Value::None);
}

// "When a pawn reaches the rank furthest from its starting position it must be exchanged as part of
//  the same move on the same square for a new queen, rook, bishop or knight of the same colour."

#[test]
fn a_pawn_reaching_the_last_rank_promotes_to_a_piece_of_choice() {
    let (engine, state) = game("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let pawn = ["e7-e8=B", "e7-e8=N", "e7-e8=Q", "e7-e8=R", "e7xd8=B", "e7xd8=N", "e7xd8=Q", "e7xd8=R"];
    assert_eq!(moves_from(&engine, &state, "e7"), sorted(&pawn));
    let mut knight = state.clone();
    play(&engine, &mut knight, "e7e8n");
    assert_eq!(token_on(&engine, &knight, "e8"), "N1");
    let mut queen = state;
    play(&engine, &mut queen, "e7xd8=Q");
    assert_eq!(token_on(&engine, &queen, "d8"), "Q1");
    // The new queen checks the king along the eighth rank.
    assert_eq!(moves_from(&engine, &queen, "h8"), sorted(&["h8-g7", "h8-h7"]));
}

// ---- check -----------------------------------------------------------------------------------------

// "No piece can be moved that will either expose the king of the same colour to check or leave that
//  king in check."

#[test]
fn a_king_in_check_must_escape_it() {
    let (engine, state) = game("4k3/8/8/8/8/8/3q4/1N2K3 w - - 0 1");
    assert_eq!(legal(&engine, &state), sorted(&["b1xd2", "e1-f1", "e1xd2"]));
}

#[test]
fn a_pinned_piece_stays_between_its_king_and_the_attacker() {
    let (engine, state) = game("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    assert_eq!(legal(&engine, &state), sorted(&["e1-d1", "e1-d2", "e1-f1", "e1-f2"]));
}

#[test]
fn kings_never_stand_side_by_side() {
    // The rook only keeps the position from being a dead draw (kings alone cannot mate).
    let (engine, state) = game("8/8/8/3k4/8/3K4/8/R7 w - - 0 1");
    assert_eq!(moves_from(&engine, &state, "d3"), sorted(&["d3-c2", "d3-c3", "d3-d2", "d3-e2", "d3-e3"]));
}

// ---- the end of the game -----------------------------------------------------------------------------

// "The game is won by the player who has checkmated his opponent's king."

#[test]
fn fools_mate_wins_for_black() {
    let engine = engine(RULES);
    let mut state = engine.initial_state();
    for ply in ["f2-f3", "e7-e5", "g2-g4"] {
        play(&engine, &mut state, ply);
    }
    assert_eq!(places(&engine, &state), None);
    play(&engine, &mut state, "d8-h4");
    assert_eq!(places(&engine, &state), Some(vec![2, 1]));
}

#[test]
fn a_position_read_at_mate_is_over() {
    let engine = engine(RULES);
    let fen = from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    let state = load(&engine, &format!("{fen}\nlast black"));
    assert_eq!(places(&engine, &state), Some(vec![2, 1]));
    assert_eq!(legal(&engine, &state), Vec::<String>::new());
}

// "The game is drawn when the player to move has no legal move and his king is not in check."

#[test]
fn stalemate_is_a_draw() {
    let (engine, mut state) = game("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1");
    play(&engine, &mut state, "g1-g6");
    assert_eq!(places(&engine, &state), Some(vec![1, 1]));
}

// "The game is drawn when a position has arisen in which neither player can checkmate the
//  opponent's king with any series of legal moves."

#[test]
fn a_lone_minor_piece_cannot_mate() {
    for fen in ["4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1", "4k3/8/8/8/8/8/3r4/1N2K3 w - - 0 1"] {
        let (engine, mut state) = game(fen);
        let capture = legal(&engine, &state).into_iter().find(|m| m.ends_with("xd2")).expect("a capture");
        play(&engine, &mut state, &capture);
        assert_eq!(places(&engine, &state), Some(vec![1, 1]), "{fen}");
    }
}

#[test]
fn bishops_on_one_colour_cannot_mate_but_on_both_they_play_on() {
    let (engine, mut same) = game("4k3/8/8/8/3b4/8/3r4/2B1K3 w - - 0 1");
    play(&engine, &mut same, "c1xd2");
    assert_eq!(places(&engine, &same), Some(vec![1, 1]));
    let (_, mut opposite) = game("4k3/8/8/3b4/8/8/3r4/2B1K3 w - - 0 1");
    play(&engine, &mut opposite, "c1xd2");
    assert_eq!(places(&engine, &opposite), None);
}

// "The game is drawn ... the same position ... has appeared at least three times".

#[test]
fn the_third_occurrence_of_a_position_is_a_draw() {
    let engine = engine(RULES);
    let mut state = engine.initial_state();
    let shuffle = ["g1-f3", "g8-f6", "f3-g1", "f6-g8"];
    for ply in shuffle.iter().chain(&shuffle[..3]) {
        play(&engine, &mut state, ply);
        assert_eq!(places(&engine, &state), None, "after {ply}");
    }
    play(&engine, &mut state, "f6-g8");
    assert_eq!(places(&engine, &state), Some(vec![1, 1]));
}

// "The game is drawn ... the last 50 moves by each player have been completed without the movement
//  of any pawn and without any capture."

#[test]
fn fifty_moves_without_pawn_move_or_capture_draw() {
    let (engine, mut quiet) = game("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80");
    play(&engine, &mut quiet, "a1-b1");
    assert_eq!(places(&engine, &quiet), Some(vec![1, 1]));
    let (_, mut pawn) = game("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80");
    play(&engine, &mut pawn, "a2-a3");
    assert_eq!(places(&engine, &pawn), None);
}
