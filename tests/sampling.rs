//! `Engine::random_move`: drawn moves are legal and every legal move is about as likely, with and
//! without `legal if`, with `end` among the moves, and none once the game is over.

use std::collections::BTreeMap;

use ludex::runtime::{Engine, State, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn engine_for(text: &str) -> Engine {
    let compiled = ludex::compile(text, &BTreeMap::new());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
}

fn engine_of(path: &str) -> Engine {
    engine_for(&std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}")))
}

/// The legal moves in notation, sorted.
fn legal(engine: &Engine, state: &State) -> Vec<String> {
    let mut moves = Vec::new();
    engine.legal_moves(state, &mut moves);
    let mut names: Vec<String> = moves.iter().map(|&m| engine.move_notation(state, m)).collect();
    names.sort();
    names
}

/// Draws 300 moves a legal move and checks each legal move came up 300 times, give or take 40%.
fn assert_uniform(engine: &Engine, state: &State) {
    let mut legal = Vec::new();
    engine.legal_moves(state, &mut legal);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut buffer, mut drawn) = (Vec::new(), BTreeMap::new());
    for _ in 0..300 * legal.len() {
        let mv = engine.random_move(state, &mut buffer, &mut rng).expect("a decision point");
        assert!(legal.contains(&mv), "{mv:?} is not legal");
        *drawn.entry(mv).or_insert(0u32) += 1;
    }
    assert_eq!(drawn.len(), legal.len(), "every legal move is drawn");
    assert!(drawn.values().all(|&n| (180..=420).contains(&n)), "{drawn:?}");
}

#[test]
fn a_king_in_check_gets_its_few_legal_moves_uniformly() {
    let engine = engine_of("rules/chess.rules");
    // White in check from the rook on e8: most of White's moves leave the king in check.
    let position = "turn white\npieces K1:1@e1 Q1@d1 N1@g1 B1@f1 P1@a2 P1@h2 R2:1@e8 K2:1@a8 P2@h7\n";
    let state = engine.load_position(position).expect("a position");
    assert_eq!(legal(&engine, &state), ["d1-e2", "e1-d2", "e1-f2", "f1-e2", "g1-e2"]);
    assert_uniform(&engine, &state);
}

#[test]
fn end_is_drawn_as_often_as_each_action() {
    let text = "game \"sampling\"\nseat white\nseat black turned 180\nboard square 3 by 3\n\
                piece man {\n  letter M\n}\nsetup {\n  place man for white on cells a1\n  place man for black on cells c3\n}\n\
                action step for man {\n  step all\n  to empty\n}\n\
                phase play {\n  turn {\n    play step\n    actions up to 2\n    legal if count(pieces(mover), it.cell == b2) == 0\n  }\n}\n";
    let engine = engine_for(text);
    let state = engine.initial_state();
    assert_eq!(legal(&engine, &state), ["a1-a2", "a1-b1", "end"], "a1-b2 is not legal");
    assert_uniform(&engine, &state);
}

#[test]
fn without_legal_if_the_draw_is_an_index_into_the_legal_moves() {
    let engine = engine_of("rules/mana.rules");
    let mut state = engine.initial_state();
    let (mut buffer, mut legal) = (Vec::new(), Vec::new());
    let (mut ours, mut theirs) = (ChaCha8Rng::seed_from_u64(3), ChaCha8Rng::seed_from_u64(3));
    while let Some(mv) = engine.random_move(&state, &mut buffer, &mut ours) {
        engine.legal_moves(&state, &mut legal);
        assert_eq!(mv, legal[theirs.random_range(0..legal.len())]);
        engine.apply_move(&mut state, mv);
    }
    assert!(matches!(engine.status(&state), Status::Over(_)));
    assert_eq!(engine.random_move(&state, &mut buffer, &mut ours), None, "none once the game is over");
}

#[test]
fn every_move_drawn_in_random_games_is_legal() {
    for path in ["rules/chess.rules", "rules/glinski.rules"] {
        let engine = engine_of(path);
        let (mut buffer, mut legal) = (Vec::new(), Vec::new());
        for seed in 0..3 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut state = engine.initial_state();
            for _ in 0..200 {
                let Some(mv) = engine.random_move(&state, &mut buffer, &mut rng) else { break };
                engine.legal_moves(&state, &mut legal);
                assert!(legal.contains(&mv), "{path}, seed {seed}: {}", engine.move_notation(&state, mv));
                engine.apply_move(&mut state, mv);
            }
        }
    }
}
