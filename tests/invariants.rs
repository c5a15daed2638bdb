//! Invariants of the runtime and the checker, as property tests over every shipped rules file (and
//! the documentation's examples) and many seeds:
//!
//! - every generated move applies: each legal move, applied to a copy, gives a state one ply on,
//!   and its notation reads back as the same move;
//! - pieces are conserved: the pieces held (on the board, in every reserve and prize pile) never
//!   change over a roll, and over a move they change only by pieces leaving the game, which only a
//!   capture or `send` to nowhere or a seat retiring does: in a game whose rules have neither, the
//!   count never shrinks, and it never grows but by the one piece a placing move (`place`) brings;
//! - a record replays to the very state the game ended in;
//! - checking is deterministic: the same text (a shipped file, or one mutated as the fuzzer
//!   mutates it) gives the same diagnostics and the same game.
//!
//! Games are cut short (a few dozen plies) so that the whole runs in seconds in a debug build.

use std::collections::BTreeMap;

use ludex::agents::play::{Playthrough, Step};
use ludex::agents::{Agent, RandomAgent};
use ludex::fuzzing::RULES;
use ludex::ir::{ActionKind, Game};
use ludex::record::{self, Record, RecordHeader};
use ludex::runtime::{Engine, State, Status};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plies played per game.
const PLIES: usize = 24;
/// Moves a decision whose notation is read back (reading one generates the legal moves again).
const NOTATIONS_READ: usize = 2;

/// The engine of every rules file, compiled once.
fn engines() -> &'static [(String, Engine)] {
    static ENGINES: std::sync::OnceLock<Vec<(String, Engine)>> = std::sync::OnceLock::new();
    ENGINES.get_or_init(|| {
        RULES
            .iter()
            .map(|(name, text)| {
                let game =
                    ludex::compile(text, &BTreeMap::new()).game.unwrap_or_else(|| panic!("{name} checks"));
                (name.to_string(), Engine::new(game))
            })
            .collect()
    })
}

/// The pieces held: on the board, in every reserve and in every prize pile.
fn held(engine: &Engine, state: &State) -> usize {
    let on_board: usize =
        (0..engine.game.board.cell_count()).map(|c| engine.stack_height(state, c as u16)).sum();
    let seats = 0..engine.game.seats.len() as u8;
    let holdings: usize = seats.map(|s| engine.reserve(state, s).len() + engine.prizes(state, s).len()).sum();
    on_board + holdings
}

/// Whether the rules can take a piece out of the game: a capture or `send` to nowhere, or a seat
/// retiring.
fn pieces_may_leave(game: &Game) -> bool {
    let ir = serde_json::to_string(game).expect("the IR serializes");
    ir.contains("\"Nowhere\"") || ir.contains("\"Retire\"")
}

/// The most pieces a move can bring into the game: one for a game that places new pieces from an
/// unlimited supply (`place TYPES on REGION`), none otherwise.
fn pieces_may_enter(game: &Game) -> usize {
    usize::from(game.actions.iter().any(|action| matches!(action.kind, ActionKind::Place { .. })))
}

/// Plays random moves and rolls from the setup for at most [`PLIES`] steps, calling `visit` at
/// every decision before the move is chosen.
fn random_walk(engine: &Engine, seed: u64, mut visit: impl FnMut(&State)) -> State {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = engine.initial_state();
    let mut moves = Vec::new();
    for _ in 0..PLIES {
        match engine.status(&state) {
            Status::Chance { sides } => {
                let before = held(engine, &state);
                engine.apply_chance(&mut state, rng.random_range(1..=sides.max(1)));
                assert_eq!(held(engine, &state), before, "a roll moves no piece in or out");
            }
            Status::Decision { .. } => {
                visit(&state);
                engine.legal_moves(&state, &mut moves);
                let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) else { break };
                engine.apply_move(&mut state, mv);
            }
            Status::Over(_) => break,
        }
    }
    state
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20, ..ProptestConfig::default() })]

    #[test]
    fn every_generated_move_applies(file in 0..RULES.len(), seed in any::<u64>()) {
        let (name, engine) = &engines()[file];
        let mut moves = Vec::new();
        random_walk(engine, seed, |state| {
            engine.legal_moves(state, &mut moves);
            for (i, &mv) in moves.iter().enumerate() {
                let notation = engine.move_notation(state, mv);
                if i < NOTATIONS_READ {
                    assert_eq!(engine.parse_move(state, &notation), Ok(mv), "{name}: `{notation}` reads back");
                }
                let mut next = state.clone();
                engine.apply_move(&mut next, mv);
                assert_eq!(engine.ply(&next), engine.ply(state) + 1, "{name}: `{notation}` is one ply");
            }
        });
    }

    #[test]
    fn pieces_are_conserved(file in 0..RULES.len(), seed in any::<u64>()) {
        let (name, engine) = &engines()[file];
        let may_leave = pieces_may_leave(&engine.game);
        let may_enter = pieces_may_enter(&engine.game);
        let mut moves = Vec::new();
        random_walk(engine, seed, |state| {
            let before = held(engine, state);
            engine.legal_moves(state, &mut moves);
            for &mv in &moves {
                let mut next = state.clone();
                engine.apply_move(&mut next, mv);
                let after = held(engine, &next);
                let notation = engine.move_notation(state, mv);
                assert!(after <= before + may_enter, "{name}: `{notation}` made pieces: {before} then {after}");
                assert!(may_leave || after >= before, "{name}: `{notation}` lost pieces: {before} then {after}");
            }
        });
    }

    #[test]
    fn a_record_replays_to_the_final_state(file in 0..RULES.len(), seed in any::<u64>()) {
        let (name, engine) = &engines()[file];
        let mut agents: Vec<Box<dyn Agent>> =
            engine.game.seats.iter().map(|_| Box::new(RandomAgent) as Box<dyn Agent>).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Playthrough::new(engine, engine.initial_state());
        for _ in 0..PLIES {
            if let Step::End(_) = game.step(&mut agents, &mut rng) {
                break;
            }
        }
        let end = game.state().clone();
        let ending = match engine.status(&end) {
            Status::Over(result) => ludex::agents::play::Ending::Over(result),
            _ => ludex::agents::play::Ending::Stopped { reason: "cut short".into() },
        };
        let header = RecordHeader { rules: name.clone(), options: BTreeMap::new(), seed, seats: vec![], position: None };
        let record = Record::new(header, game.finish(ending));
        let mut line = Vec::new();
        record::write(&mut line, &record).expect("written");
        let (_, read) = record::read(line.as_slice()).next().expect("one record").expect("it reads");
        prop_assert_eq!(&read, &record);
        let replayed = record::verify(engine, &read).map_err(|e| TestCaseError::fail(format!("{name}: {e}")))?;
        prop_assert_eq!(replayed, end);
    }

    #[test]
    fn checking_is_deterministic(bytes in proptest::collection::vec(any::<u8>(), 0..24)) {
        let text = ludex::fuzzing::mutated_text(&bytes);
        let first = ludex::compile(&text, &BTreeMap::new());
        let second = ludex::compile(&text, &BTreeMap::new());
        prop_assert_eq!(&first.diagnostics, &second.diagnostics);
        prop_assert_eq!(&first.game, &second.game);
    }
}
