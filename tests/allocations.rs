//! A warm random playout allocates nothing: once a few games have grown the buffers (the move list,
//! the state's vectors, the trials' and the walks' scratch copies, the engine's pools of cell sets
//! and the rings of its search for the empty cell nearest to a region), seeded random games of
//! every shipped rules file, played into the same state buffer, make no heap allocation at any ply
//! that does not end the game, with moves drawn lazily or from the full legal list. Den-Den's rare
//! plies (a captured piece released onto the nearest empty cell, a seat retiring) are among them.
//! The ply that ends the game allocates its result. A turn's `prefer` (maximal dice use) searches
//! the rest of the turn on copies of the position kept from one decision to the next.
//! Counted by a global allocator that counts the allocations of the thread that asks.

#[path = "support/counting_alloc.rs"]
mod counting_alloc;

use std::collections::BTreeMap;
use std::path::Path;

use counting_alloc::counted_playout;
use ludex::runtime::{Engine, Move, State};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The seeds of the games played to warm up, then measured.
const SEEDS: std::ops::Range<u64> = 0..16;

/// How a playout draws its moves.
type Draw = fn(&Engine, &State, &mut Vec<Move>, &mut ChaCha8Rng) -> Option<Move>;

fn lazily(engine: &Engine, state: &State, moves: &mut Vec<Move>, rng: &mut ChaCha8Rng) -> Option<Move> {
    engine.random_move(state, moves, rng)
}

fn from_the_full_list(
    engine: &Engine,
    state: &State,
    moves: &mut Vec<Move>,
    rng: &mut ChaCha8Rng,
) -> Option<Move> {
    engine.legal_moves(state, moves);
    moves.get(rng.random_range(0..moves.len().max(1))).copied()
}

/// The measured games of the file whose plies allocated, with their allocations: none.
fn allocating_games(path: &Path, draw: Draw) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("a rules file");
    let game = ludex::compile(&text, &BTreeMap::new()).game.expect("shipped rules compile");
    let engine = Engine::new(game);
    let start = engine.initial_state();
    let (mut state, mut moves) = (start.clone(), Vec::new());
    let mut playout = |seed| {
        counted_playout(&engine, &start, &mut state, &mut moves, seed, |state, moves, rng| {
            draw(&engine, state, moves, rng)
        })
    };
    // Warm up on the games measured, so that every buffer has reached the size they need.
    for seed in SEEDS {
        playout(seed);
    }
    SEEDS
        .filter_map(|seed| {
            let counted = playout(seed);
            (counted.during > 0).then(|| {
                format!(
                    "{}, seed {seed}: {} allocations at {} of {} plies",
                    path.display(),
                    counted.during,
                    counted.steps_allocating,
                    counted.plies
                )
            })
        })
        .collect()
}

#[test]
fn warm_random_playouts_allocate_nothing_at_any_ply_that_does_not_end_the_game() {
    let mut files: Vec<_> = std::fs::read_dir("rules")
        .expect("the rules folder")
        .map(|e| e.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "every shipped rules file: {files:?}");
    let allocating: Vec<String> = files
        .iter()
        .flat_map(|path| [lazily as Draw, from_the_full_list].map(|draw| allocating_games(path, draw)))
        .flatten()
        .collect();
    assert!(allocating.is_empty(), "{allocating:#?}");
}
