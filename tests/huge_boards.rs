//! Boards past the 4,096 cells of before, up to the 65,535 a cell's number allows (docs/language.md
//! 6.1, docs/security.md): a 250 by 250 board checks, builds and plays (rooks in its corners: their
//! legal moves and perft as worked out by hand, random moves whose notation reads back); Frontier
//! (docs/examples/frontier.rules) on a 100 by 100 board: perft by hand, and random games whose
//! records replay; Go (rules/go.rules) on a 65 by 65 board, whose groups and liberties are sets of
//! the board's cells: a group of fifty stones past the old limit captured whole when its last
//! liberty is filled, suicide refused in the far corner, seeded random games played alike twice;
//! on 70 by 70 its liberties pass the default bound on evaluation work, and check when it is
//! raised. A board past the limit, or past a lower limit set for the run, is refused with a
//! diagnostic on its declaration, not a panic.

mod support;

use std::collections::BTreeMap;

use ludex::agents::play::play_out;
use ludex::agents::{Agent, RandomAgent};
use ludex::diagnostics::{Code, Diagnostic};
use ludex::ir::{Game, Limits, MAX_CELLS};
use ludex::record::{self, Record, RecordHeader};
use ludex::runtime::{Engine, Leaves, State, Status, perft, perft_with};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use support::{legal, load, piece_on, play};

fn game(text: &str) -> Game {
    let compiled = ludex::compile(text, &BTreeMap::new());
    compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics))
}

/// The diagnostics of a rules text checked under the limits.
fn refused(text: &str, limits: &Limits) -> Vec<Diagnostic> {
    let compiled = ludex::compile_with_limits(text, &BTreeMap::new(), limits);
    assert!(compiled.game.is_none(), "a board past the limit checks");
    compiled.diagnostics
}

/// Two rooks a side in the corners of an `n` by `n` board, the last file named `last`.
fn rooks(n: u32, last: &str) -> String {
    format!(
        "game \"Rooks\"\nseat white\nseat black turned 180\nboard square {n} by {n}\npiece rook {{ letter R }}\n\
         setup {{ place rook for each seat on cells a1, {last}1 }}\n\
         action rook_move for rook {{ slide orthogonal  to empty or enemy }}\ncapture {{ to prizes }}\n\
         end {{ when count(pieces(next)) == 0: win mover }}\n"
    )
}

/// The rooks' perft 2 on an `n` by `n` board, by hand. Each rook has `n - 2` steps along its rank
/// and as many up its file, then takes the enemy rook at the end: `4n - 6` moves a side. A rook
/// that goes up its file to rank `k` leaves the enemy rook above it `n - k` moves down (`4n - 5 -
/// k` in all); one that goes along its rank leaves Black its `4n - 6`; a capture leaves Black one
/// rook with `2n - 2`. (On 64 by 64 this is the 58,346 of tests/wide_boards.rs.)
fn rooks_perft_2(n: u64) -> u64 {
    let up_the_file: u64 = (2..n).map(|k| 4 * n - 5 - k).sum();
    2 * (up_the_file + (n - 2) * (4 * n - 6) + (2 * n - 2))
}

#[test]
fn the_rooks_perft_by_hand_agrees_with_the_64_by_64_count() {
    assert_eq!(rooks_perft_2(64), 58_346);
}

/// 250 by 250 is 62,500 cells: files `a` to `ip`.
#[test]
fn a_250_by_250_board_checks_builds_and_plays() {
    let engine = Engine::new(game(&rooks(250, "ip")));
    assert_eq!(engine.game.board.cell_count(), 62_500);
    let start = engine.initial_state();
    let moves = legal(&engine, &start);
    assert_eq!(moves.len(), 994);
    for expected in ["a1-a249", "a1xa250", "a1-io1", "ip1-ip249", "ip1xip250", "ip1-b1"] {
        assert!(moves.contains(&expected.to_string()), "{expected}");
    }
    assert_eq!(perft(&engine, &start, 1), 994);
    assert_eq!(perft_with(&engine, &start, 2, Leaves::Counted), rooks_perft_2(250));
    let mut state = start;
    play(&engine, &mut state, "ip1xip250");
    assert_eq!(piece_on(&engine, &state, "ip250").map(|p| p.owner), Some(Some(0)));
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut buffer = Vec::new();
    for _ in 0..60 {
        let Some(mv) = engine.random_move(&state, &mut buffer, &mut rng) else { break };
        let text = engine.move_notation(&state, mv);
        assert_eq!(engine.parse_move(&state, &text), Ok(mv), "{text}");
        engine.apply_move(&mut state, mv);
    }
    assert_eq!(load(&engine, &engine.write_position(&state)), state);
}

const FRONTIER: &str = "docs/examples/frontier.rules";

/// Frontier on 100 by 100 (files `a` to `cv`): its pawns on row 12, its far row the 100th.
fn frontier_100() -> Game {
    let text = std::fs::read_to_string(FRONTIER).expect("frontier.rules");
    let text = text.replace("board square 30 by 30", "board square 100 by 100").replace("row 30", "row 100");
    game(&text)
}

/// By hand: 100 pawn steps and 300 drops on the three home rows a side, and none of White's first
/// moves changes Black's 400.
#[test]
fn frontier_on_100_by_100_counts_its_perft_by_hand() {
    let engine = Engine::new(frontier_100());
    let start = engine.initial_state();
    assert_eq!(perft(&engine, &start, 1), 400);
    assert_eq!(perft_with(&engine, &start, 2, Leaves::Counted), 400 * 400);
}

#[test]
fn frontier_on_100_by_100_plays_random_games_whose_records_replay() {
    let mut game = frontier_100();
    game.limits.max_plies = 300;
    let engine = Engine::new(game);
    for seed in 0..2 {
        let mut agents: Vec<Box<dyn Agent>> = vec![Box::new(RandomAgent), Box::new(RandomAgent)];
        let played =
            play_out(&engine, engine.initial_state(), &mut agents, &mut ChaCha8Rng::seed_from_u64(seed));
        let header = RecordHeader {
            rules: FRONTIER.into(),
            options: BTreeMap::new(),
            seed,
            seats: vec!["random".into(); 2],
            position: None,
        };
        let written = Record::new(header, played);
        assert_eq!(written.plies.len(), 300, "the move limit ends it");
        let past_z = |ply: &String| ply.chars().take_while(char::is_ascii_lowercase).count() >= 2;
        assert!(written.plies.iter().any(past_z), "{:?}", written.plies);
        record::verify(&engine, &written).expect("every move legal, the result as recorded");
    }
}

/// Go (rules/go.rules) on an `n` by `n` board.
fn go_text(n: u32) -> String {
    let text = std::fs::read_to_string("rules/go.rules").expect("go.rules");
    text.replace("board square 9 by 9", &format!("board square {n} by {n}"))
}

/// Go on 65 by 65: 4,225 points, files `a` to `bm`.
fn go_65() -> Engine {
    Engine::new(game(&go_text(65)))
}

/// On 70 by 70 the checker bounds Go's liberties, counted for each pair of cells, at 1.5·10¹²
/// steps a move generation, past the default `evaluation-steps`; raised, the game checks.
#[test]
fn go_on_70_by_70_passes_the_default_bound_on_evaluation_work_and_checks_under_a_raised_one() {
    let diagnostics = refused(&go_text(70), &Limits::default());
    assert!(
        !diagnostics.is_empty() && diagnostics.iter().all(|d| d.code == Code::LimitExceeded),
        "{diagnostics:?}"
    );
    let raised = Limits { max_evaluation_steps: 1 << 42, ..Limits::default() };
    let compiled = ludex::compile_with_limits(&go_text(70), &BTreeMap::new(), &raised);
    assert_eq!(compiled.game.map(|game| game.board.cell_count()), Some(4_900), "{:?}", compiled.diagnostics);
}

/// The names of the cells of the rank whose files are `files` (from 1).
fn rank_cells(engine: &Engine, rank: u32, files: std::ops::RangeInclusive<u32>) -> Vec<String> {
    let cells = engine.game.board.cells.iter();
    cells
        .filter(|cell| cell.rank == rank && files.contains(&cell.file))
        .map(|cell| cell.name.clone())
        .collect()
}

/// White's fifty stones along the top edge (cells 4,160 to 4,209), Black's fifty below them: the
/// white group's one liberty is `ay65`.
#[test]
fn go_on_65_by_65_captures_a_group_of_fifty_when_its_last_liberty_is_filled() {
    let engine = go_65();
    let white = rank_cells(&engine, 65, 1..=50);
    let black = rank_cells(&engine, 64, 1..=50);
    let pieces: Vec<String> = white
        .iter()
        .map(|cell| format!("S2@{cell}"))
        .chain(black.iter().map(|cell| format!("S1@{cell}")))
        .collect();
    let mut state = load(&engine, &format!("pieces {}\n", pieces.join(" ")));
    let moves = legal(&engine, &state);
    assert_eq!(moves.len(), 4_125 + 1, "every empty point and a pass");
    play(&engine, &mut state, "ay65");
    assert!(
        white.iter().all(|cell| piece_on(&engine, &state, cell).is_none()),
        "the group is captured whole"
    );
    assert!(black.iter().all(|cell| piece_on(&engine, &state, cell).is_some()));
    assert_eq!(engine.status(&state), Status::Decision { seat: 1 });
}

#[test]
fn go_on_65_by_65_refuses_suicide_in_the_far_corner() {
    let engine = go_65();
    let state = load(&engine, "pieces S1@bl65 S1@bm64\nturn white\n");
    let moves = legal(&engine, &state);
    assert!(!moves.contains(&"bm65".to_string()), "no liberty");
    assert!(moves.contains(&"bl64".to_string()) && moves.contains(&"pass".to_string()));
}

/// The state after `plies` seeded random moves, drawn lazily.
fn random_go(engine: &Engine, seed: u64, plies: usize) -> State {
    let (mut state, mut moves) = (engine.initial_state(), Vec::new());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..plies {
        let Some(mv) = engine.random_move(&state, &mut moves, &mut rng) else { break };
        engine.apply_move(&mut state, mv);
    }
    state
}

#[test]
fn go_on_65_by_65_plays_the_same_random_game_from_the_same_seed() {
    let engine = go_65();
    let state = random_go(&engine, 5, 400);
    assert_eq!(engine.status(&state), Status::Decision { seat: 0 }, "400 plies, no end");
    assert_eq!(state, random_go(&engine, 5, 400));
    assert_ne!(state, random_go(&engine, 6, 400));
}

/// One cell past the 65,535, as squares, a rhombus and a lone row, and past a lower limit set for
/// the run: each refused on the board's declaration.
#[test]
fn a_board_past_the_cell_limit_is_refused_with_a_diagnostic_on_its_declaration() {
    let body = "piece pawn { letter P }\nsetup { place pawn for white on cells a1 }\n\
                action advance for pawn { step forward }\nend { when count(pieces(white)) == 0: draw }\n";
    let defaults = Limits::default();
    assert_eq!(defaults.max_cells, MAX_CELLS);
    let lowered = Limits { max_cells: 10_000, ..Limits::default() };
    let cases = [
        ("square 256 by 256", &defaults),
        ("square 65536 by 1", &defaults),
        ("hex 300 by 300", &defaults),
        ("square 4294967296 by 4294967296", &defaults),
        ("square 101 by 100", &lowered),
    ];
    for (shape, limits) in cases {
        let text = format!("game \"T\"\nseat white\nboard {shape}\n{body}");
        let diagnostics = refused(&text, limits);
        let [diagnostic] = diagnostics.as_slice() else { panic!("{shape}: {diagnostics:?}") };
        assert_eq!(diagnostic.code, Code::BadBoardSize, "{shape}");
        let span = diagnostic.primary.span;
        assert_eq!(&text[span.start..span.end], format!("board {shape}"));
        let help = diagnostic.help.as_deref().unwrap_or_default();
        assert!(help.contains(&format!("at most {} cells", limits.max_cells)), "{help}");
    }
    // The largest boards there may be check.
    for shape in ["square 65535 by 1", "square 255 by 257", "hex 255 by 257"] {
        let text = format!("game \"T\"\nseat white\nboard {shape}\n{body}");
        assert_eq!(game(&text).board.cell_count(), MAX_CELLS, "{shape}");
    }
}
