//! The hand-written Mana of `benches/reference/mana.rs` is the game `rules/mana.rules` describes, so
//! that timing one against the other compares like with like: the same perft counts, the same legal
//! moves at every position of random games (also with a move limit they reach, and passes), the same
//! game from the same seed, and the same distribution of game lengths and results over independent
//! seeds.

#[path = "../benches/reference/mana.rs"]
mod mana;

use std::collections::BTreeMap;

use ludex::runtime::{Engine, MoveKind, State, Status, perft};
use mana::{Mana, Outcome};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn interpreter() -> Engine {
    let text = std::fs::read_to_string("rules/mana.rules").expect("rules/mana.rules");
    let compiled = ludex::compile(&text, &BTreeMap::new());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
}

/// A move in terms both implementations share: action, from, to, piece type, choice.
type MoveKey = (String, Option<String>, Option<String>, Option<String>, i32);

fn interpreter_key(engine: &Engine, mv: ludex::runtime::Move) -> MoveKey {
    let action = match mv.kind {
        MoveKind::Action(id) => engine.game.actions[id as usize].name.clone(),
        MoveKind::EndTurn => "end".to_string(),
        MoveKind::Pass => "pass".to_string(),
    };
    let cell = |cell: Option<u16>| cell.map(|c| engine.cell_name(c).to_string());
    let piece = mv.piece.map(|t| engine.game.pieces[t as usize].name.clone());
    (action, cell(mv.from), cell(mv.to), piece, mv.choice)
}

fn reference_key(mv: mana::Move) -> MoveKey {
    let cell = |cell: u8| Some(format!("{}{}", (b'a' + cell % 6) as char, cell / 6 + 1));
    let kind_name = |kind: u8| Some(if kind as usize == mana::DAMYO { "damyo" } else { "ronin" }.to_string());
    match mv {
        mana::Move::Orient(quarter) => ("orient".into(), None, None, None, quarter.into()),
        mana::Move::Deploy { to, kind } => ("deploy".into(), None, cell(to), kind_name(kind), 0),
        mana::Move::Walk { from, to } => ("move".into(), cell(from), cell(to), None, 0),
        mana::Move::Reenter { to } => ("reenter".into(), None, cell(to), kind_name(mana::RONIN as u8), 0),
        mana::Move::Pass => ("pass".into(), None, None, None, 0),
    }
}

/// Places as the interpreter gives them: the winner 1, the loser 2; a draw 1 and 1.
fn places(outcome: Outcome) -> Vec<u32> {
    match outcome {
        Outcome::Win(seat) => (0..2).map(|s| if s == seat { 1 } else { 2 }).collect(),
        Outcome::Draw => vec![1, 1],
    }
}

/// The interpreter's random game: its length in moves and the places.
fn interpreter_playout(engine: &Engine, seed: u64) -> (u32, Vec<u32>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = engine.initial_state();
    let mut moves = Vec::new();
    loop {
        match engine.status(&state) {
            Status::Over(result) => return (engine.ply(&state), result.places),
            Status::Chance { .. } => panic!("Mana has no chance"),
            Status::Decision { .. } => {
                engine.legal_moves(&state, &mut moves);
                engine.apply_move(&mut state, moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}

#[test]
fn perft_counts_agree() {
    let (engine, reference) = (interpreter(), Mana::new());
    let (start, reference_start) = (engine.initial_state(), reference.initial_state());
    // Four orientations; then the damyo or a ronin on any of 12 home squares; then 11 squares
    // left for the ronins after the damyo, 11 squares for either type after a ronin.
    let by_hand = [4, 4 * 24, 4 * (12 * 11 + 12 * 22)];
    for (depth, count) in (1..).zip(by_hand) {
        assert_eq!(reference.perft(&reference_start, depth), count, "depth {depth}");
    }
    for depth in 1..=4 {
        assert_eq!(reference.perft(&reference_start, depth), perft(&engine, &start, depth), "depth {depth}");
    }
}

/// Plays random games on the interpreter and follows them on the reference, comparing the legal
/// moves (as sets) at every decision, and the result.
#[test]
fn legal_moves_agree_along_random_games() {
    let positions = follow_random_games(&interpreter(), &Mana::new(), 0..300);
    assert!(positions > 300 * 13, "{positions}");
}

/// The same with a move limit that random games reach: both draw on the same ply.
#[test]
fn the_move_limit_draws_on_both() {
    const LIMIT: u32 = 40;
    let mut engine = interpreter();
    engine.game.limits.max_plies = LIMIT;
    let reference = Mana::with_move_limit(LIMIT);
    follow_random_games(&engine, &reference, 0..100);
    let mut moves = Vec::new();
    let draws = (0..100).filter(|&seed| reference.random_playout(seed, &mut moves).plies == LIMIT).count();
    assert!(draws > 10, "{draws}");
}

/// Follows the interpreter's random games from `seeds` on the reference; the number of positions.
fn follow_random_games(engine: &Engine, reference: &Mana, seeds: std::ops::Range<u64>) -> usize {
    let mut positions = 0;
    for seed in seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = engine.initial_state();
        let mut reference_state = reference.initial_state();
        while let Status::Decision { .. } = engine.status(&state) {
            let chosen = compare_moves(engine, &state, reference, &reference_state, &mut rng);
            engine.apply_move(&mut state, chosen.0);
            reference.apply(&mut reference_state, chosen.1);
            positions += 1;
        }
        compare_ends(engine, &state, &reference_state);
    }
    positions
}

/// Asserts both have the same seat to move and the same legal moves; one of them drawn at random.
fn compare_moves(
    engine: &Engine,
    state: &State,
    reference: &Mana,
    reference_state: &mana::State,
    rng: &mut ChaCha8Rng,
) -> (ludex::runtime::Move, mana::Move) {
    let context = || format!("ply {}\n{}", engine.ply(state), engine.describe(state));
    assert_eq!(reference_state.outcome, None, "{}", context());
    assert_eq!(engine.seat_to_move(state), Some(reference_state.seat), "{}", context());
    let (mut moves, mut reference_moves) = (Vec::new(), Vec::new());
    engine.legal_moves(state, &mut moves);
    reference.legal_moves(reference_state, &mut reference_moves);
    let mut keys: Vec<MoveKey> = moves.iter().map(|&mv| interpreter_key(engine, mv)).collect();
    let mut reference_keys: Vec<MoveKey> = reference_moves.iter().map(|&mv| reference_key(mv)).collect();
    keys.sort();
    reference_keys.sort();
    assert_eq!(reference_keys, keys, "{}", context());
    let chosen = moves[rng.random_range(0..moves.len())];
    let key = interpreter_key(engine, chosen);
    let reference_move = reference_moves.iter().copied().find(|&mv| reference_key(mv) == key).expect("legal");
    (chosen, reference_move)
}

/// Asserts both games are over with the same places after the same number of moves.
fn compare_ends(engine: &Engine, state: &State, reference_state: &mana::State) {
    let Status::Over(result) = engine.status(state) else { panic!("the game stopped") };
    let outcome = reference_state.outcome.expect("the reference game is over too");
    assert_eq!(places(outcome), result.places, "{}", result.reason);
    assert_eq!(reference_state.plies, engine.ply(state));
}

/// A full mat where no piece can walk and nobody holds a ronin: Red passes, Amber passes, and the
/// game is drawn.
#[test]
fn passes_agree_and_two_in_a_row_draw() {
    let engine = interpreter();
    let position = "
        phase play
        turn red
        ply 100
        variable mana = c3
        board
        6 R1 R1 R1 R1 R1 D2
        5 R1 R1 R1 R1 R1 R1
        4 R1 R1 R1 R1 R1 R1
        3 R1 R1 R1 R1 R1 R1
        2 R1 R1 R1 R1 R1 R1
        1 D1 R1 R1 R1 R1 R1
    ";
    let mut state = engine.load_position(position).expect("the position loads");
    let reference = Mana::new();
    let mut reference_state = mana::State {
        pieces: [(1 << 35) - 1, 1 << 35],
        damyos: [1, 1 << 35],
        reserve: [[0; 2]; 2],
        orientation: 0,
        mana: Some(14),
        phase: mana::Phase::Play,
        seat: 0,
        passes: 0,
        plies: 100,
        outcome: None,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for seat in [0, 1] {
        assert_eq!(engine.seat_to_move(&state), Some(seat));
        let (mv, reference_move) = compare_moves(&engine, &state, &reference, &reference_state, &mut rng);
        assert_eq!(reference_move, mana::Move::Pass);
        engine.apply_move(&mut state, mv);
        reference.apply(&mut reference_state, reference_move);
    }
    compare_ends(&engine, &state, &reference_state);
    assert_eq!(reference_state.outcome, Some(Outcome::Draw));
}

/// Both list their moves in the same order, so a random player plays the same game from a seed:
/// the reference bench compares the same games.
#[test]
fn the_same_seed_plays_the_same_game() {
    let (engine, reference) = (interpreter(), Mana::new());
    let mut moves = Vec::new();
    for seed in 0..200 {
        let playout = reference.random_playout(seed, &mut moves);
        assert_eq!(
            (playout.plies, places(playout.outcome)),
            interpreter_playout(&engine, seed),
            "seed {seed}"
        );
    }
}

/// Over independent seeds (so no game is shared), game lengths have the same distribution (a
/// two-sample Kolmogorov–Smirnov test at the 0.1% level) and results the same frequencies.
#[test]
fn lengths_and_results_have_the_same_distribution() {
    const GAMES: usize = 2000;
    let (engine, reference) = (interpreter(), Mana::new());
    let mut moves = Vec::new();
    let reference_games: Vec<(u32, Vec<u32>)> = (0..GAMES as u64)
        .map(|seed| {
            let playout = reference.random_playout(seed, &mut moves);
            (playout.plies, places(playout.outcome))
        })
        .collect();
    let interpreter_games: Vec<(u32, Vec<u32>)> =
        (0..GAMES as u64).map(|seed| interpreter_playout(&engine, 1_000_000 + seed)).collect();
    let lengths = |games: &[(u32, Vec<u32>)]| games.iter().map(|g| g.0).collect::<Vec<u32>>();
    let distance = kolmogorov_smirnov(&lengths(&reference_games), &lengths(&interpreter_games));
    let critical = 1.95 * (2.0 / GAMES as f64).sqrt();
    assert!(distance < critical, "KS distance {distance:.4} >= {critical:.4}");
    for places in [vec![1, 2], vec![2, 1], vec![1, 1]] {
        let share =
            |games: &[(u32, Vec<u32>)]| games.iter().filter(|g| g.1 == places).count() as f64 / GAMES as f64;
        let (a, b) = (share(&reference_games), share(&interpreter_games));
        let pooled = (a + b) / 2.0;
        let sigma = (2.0 * pooled * (1.0 - pooled) / GAMES as f64).sqrt();
        assert!((a - b).abs() <= 4.0 * sigma + 1e-12, "{places:?}: {a:.4} vs {b:.4}");
    }
}

/// The largest gap between the empirical distribution functions of two samples.
fn kolmogorov_smirnov(a: &[u32], b: &[u32]) -> f64 {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    let (mut i, mut j, mut distance) = (0, 0, 0.0f64);
    while i < a.len() && j < b.len() {
        let value = a[i].min(b[j]);
        while i < a.len() && a[i] == value {
            i += 1;
        }
        while j < b.len() && b[j] == value {
            j += 1;
        }
        distance = distance.max((i as f64 / a.len() as f64 - j as f64 / b.len() as f64).abs());
    }
    distance
}
