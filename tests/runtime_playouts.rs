//! The runtime on the shipped rules files: seeded random playouts finish within the limits and
//! replay identically, the records the library's driver writes replay through `record::verify`,
//! every state survives the position format, notation reads back, and perft from the first decision
//! point agrees with counts made by hand.

use std::collections::BTreeMap;

use ludex::agents::play::{PlayedGame, play_out, roll_to_decision};
use ludex::agents::{Agent, RandomAgent};
use ludex::ir::SeatId;
use ludex::record::{self, Record, RecordHeader};
use ludex::runtime::{Engine, Move, State, Status, perft, perft_divide};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn engine(path: &str) -> Engine {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let compiled = ludex::compile(&text, &BTreeMap::new());
    let game = compiled.game.unwrap_or_else(|| panic!("{path}: {:?}", compiled.diagnostics));
    Engine::new(game)
}

/// What happened in a random game: every ply in notation (`roll N` for chance) and the result.
struct Playout {
    plies: Vec<String>,
    places: Vec<u32>,
    states: Vec<State>,
}

fn random_playout(engine: &Engine, seed: u64) -> Playout {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = engine.initial_state();
    let (mut plies, mut states, mut moves) = (Vec::new(), vec![state.clone()], Vec::new());
    let most_plies = engine.game.limits.max_plies as usize + 10_000;
    loop {
        assert!(plies.len() < most_plies, "seed {seed}: the game does not end");
        match engine.status(&state) {
            Status::Over(result) => return Playout { plies, places: result.places, states },
            Status::Chance { sides } => {
                let outcome = rng.random_range(1..=sides);
                engine.apply_chance(&mut state, outcome);
                plies.push(format!("roll {outcome}"));
            }
            Status::Decision { .. } => {
                engine.legal_moves(&state, &mut moves);
                assert!(!moves.is_empty(), "seed {seed}: no legal move at a decision point");
                let mv = moves[rng.random_range(0..moves.len())];
                plies.push(engine.move_notation(&state, mv));
                engine.apply_move(&mut state, mv);
            }
        }
        states.push(state.clone());
    }
}

/// Seeds to play for a file: from 0 while fewer than `most` games and `budget` moves were played,
/// and at least two games, so that long games (thousands of moves) keep the suite quick.
fn seeds_within(most: u64, budget: u32, mut moves_of: impl FnMut(u64) -> u32) {
    let mut spent = 0;
    for seed in 0..most {
        if seed >= 2 && spent >= budget {
            break;
        }
        spent += moves_of(seed);
    }
}

fn check_playouts(path: &str, most: u64) {
    let engine = engine(path);
    seeds_within(most, 3000, |seed| {
        let game = random_playout(&engine, seed);
        let last = game.states.last().expect("a state");
        assert!(engine.ply(last) <= engine.game.limits.max_plies, "{path} seed {seed}");
        assert_eq!(game.places.len(), engine.game.seats.len());
        assert!(game.places.contains(&1), "{path} seed {seed}: nobody placed first");
        let again = random_playout(&engine, seed);
        assert_eq!((&again.plies, &again.places), (&game.plies, &game.places), "{path} seed {seed}");
        for state in game.states.iter().step_by(7) {
            check_state(&engine, state);
        }
        engine.ply(last)
    });
}

/// The state survives the position format and each legal move's notation reads back.
fn check_state(engine: &Engine, state: &State) {
    let text = engine.write_position(state);
    assert_eq!(engine.load_position(&text).as_ref(), Ok(state), "\n{text}");
    let mut moves = Vec::new();
    engine.legal_moves(state, &mut moves);
    for &mv in &moves {
        let notation = engine.move_notation(state, mv);
        assert_eq!(engine.parse_move(state, &notation), Ok(mv), "{notation}\n{text}");
    }
}

/// Every rules file shipped in `rules/`.
fn rules_files() -> Vec<String> {
    let mut paths: Vec<String> = std::fs::read_dir("rules")
        .expect("rules/")
        .filter_map(|entry| entry.ok()?.path().to_str().map(str::to_string))
        .filter(|path| path.ends_with(".rules"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 2, "{paths:?}");
    paths
}

#[test]
fn random_games_of_every_rules_file_finish_and_replay() {
    for path in rules_files() {
        check_playouts(&path, 12);
    }
}

/// The first decision point, setup rolls drawn from the seed as the driver draws them.
fn first_decision(engine: &Engine, seed: u64) -> State {
    let mut state = engine.initial_state();
    roll_to_decision(engine, &mut state, &mut ChaCha8Rng::seed_from_u64(seed));
    state
}

/// A game between random agents, played by the library's driver from `seed`.
fn driven_game(engine: &Engine, seed: u64) -> PlayedGame {
    let mut agents: Vec<Box<dyn Agent>> =
        engine.game.seats.iter().map(|_| Box::new(RandomAgent) as Box<dyn Agent>).collect();
    play_out(engine, engine.initial_state(), &mut agents, &mut ChaCha8Rng::seed_from_u64(seed))
}

#[test]
fn records_of_the_library_driver_replay_to_the_same_end() {
    for path in rules_files() {
        let engine = engine(&path);
        seeds_within(40, 6000, |seed| {
            let game = driven_game(&engine, seed);
            let result =
                game.result().cloned().unwrap_or_else(|| panic!("{path} seed {seed}: {:?}", game.ending));
            let header = RecordHeader {
                rules: path.clone(),
                options: BTreeMap::new(),
                seed,
                seats: vec!["random".into(); engine.game.seats.len()],
                position: None,
            };
            let moves = game.moves();
            let mut line = Vec::new();
            record::write(&mut line, &Record::new(header, game)).expect("written");
            let (_, read) = record::read(line.as_slice()).next().expect("a record").expect("readable");
            let end = record::verify(&engine, &read).unwrap_or_else(|e| panic!("{path} seed {seed}: {e}"));
            assert_eq!(engine.status(&end), Status::Over(result), "{path} seed {seed}");
            // The game's length counts moves only: the engine's ply counter agrees.
            assert_eq!(engine.ply(&end) as usize, moves, "{path} seed {seed}");
            assert!(moves as u32 <= engine.game.limits.max_plies, "{path} seed {seed}");
            moves as u32
        });
    }
}

#[test]
fn mana_perft_matches_hand_counts() {
    let engine = engine("rules/mana.rules");
    let state = first_decision(&engine, 0);
    // Red orients the mat (4 ways), then drops its six pieces on its 12 home cells: the damyo or a
    // ronin first (2 types x 12 cells); after the damyo only ronins are left for 11 cells, after a
    // ronin both types are: 4 * (12 * 11 + 12 * 22).
    assert_eq!(perft(&engine, &state, 1), 4);
    assert_eq!(perft(&engine, &state, 2), 4 * 24);
    assert_eq!(perft(&engine, &state, 3), 4 * (12 * 11 + 12 * 22));
    let divide = perft_divide(&engine, &state, 3);
    assert_eq!(divide.len(), 4);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), perft(&engine, &state, 3));
}

#[test]
fn dice_chess_perft_counts_the_front_row_moves() {
    let engine = engine("rules/dice-chess.rules");
    for seed in 0..4 {
        let state = first_decision(&engine, seed);
        assert_eq!(engine.seat_to_move(&state), Some(0 as SeatId));
        // Only White's second rank can move: a 1 goes one or two squares ahead, a 2 to 5 one
        // square ahead, a 6 ahead or diagonally ahead (one diagonal on the a and h files).
        let expected: u64 = (0..8u16)
            .map(|file| {
                let cell = engine.cell_named(&format!("{}2", (b'a' + file as u8) as char)).expect("cell");
                let face = engine.piece_at(&state, cell).expect("a die").attributes[0];
                match face {
                    1 => 2,
                    6 if file == 0 || file == 7 => 2,
                    6 => 3,
                    _ => 1,
                }
            })
            .sum();
        assert_eq!(perft(&engine, &state, 1), expected, "seed {seed}");
        let moves = perft_divide(&engine, &state, 2);
        assert_eq!(moves.len() as u64, expected);
        assert_eq!(moves.iter().map(|(_, n)| n).sum::<u64>(), perft(&engine, &state, 2), "seed {seed}");
    }
}

#[test]
fn legal_moves_are_listed_in_order_once_each() {
    for path in rules_files() {
        let engine = engine(&path);
        for seed in [99, 100, 101] {
            let game = random_playout(&engine, seed);
            let mut moves: Vec<Move> = Vec::new();
            for state in &game.states {
                engine.legal_moves(state, &mut moves);
                assert!(moves.is_sorted_by(|a, b| a < b), "{path} seed {seed}");
            }
        }
    }
}
