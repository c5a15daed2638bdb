//! A warm random playout allocates nothing: once a few games have grown the buffers (the move list,
//! the state's vectors, the trials' and the walks' scratch copies), seeded random games of every
//! shipped rules file, played into the same state buffer, make no heap allocation at the plies
//! that do not end the game, but for rare effects that search (a captured piece released onto the
//! nearest empty cell) or gather a seat's pieces (a seat retiring): at most one ply in a hundred.
//! The ply that ends the game allocates its result. A turn's `prefer` (maximal dice use) searches
//! the rest of the turn on copies of the position kept from one decision to the next.
//! Counted by a global allocator that counts the allocations of the thread that asks.

#[path = "support/counting_alloc.rs"]
mod counting_alloc;

use std::collections::BTreeMap;

use counting_alloc::counted_playout;
use ludex::runtime::Engine;

#[test]
fn warm_random_playouts_allocate_nothing() {
    let mut files: Vec<_> = std::fs::read_dir("rules")
        .expect("the rules folder")
        .map(|e| e.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a rules file");
        let game = ludex::compile(&text, &BTreeMap::new()).game.expect("shipped rules compile");
        let engine = Engine::new(game);
        let start = engine.initial_state();
        let (mut state, mut moves) = (start.clone(), Vec::new());
        let mut playout = |seed| {
            counted_playout(&engine, &start, &mut state, &mut moves, seed, |state, moves, rng| {
                engine.random_move(state, moves, rng)
            })
        };
        // Warm up on the games measured, so that every buffer has reached the size they need.
        for seed in 0..4 {
            playout(seed);
        }
        for seed in 0..4 {
            let counted = playout(seed);
            assert!(
                counted.during * 100 <= counted.plies,
                "{}, seed {seed}: {} allocations in {} plies",
                path.display(),
                counted.during,
                counted.plies
            );
        }
    }
}
