//! A warm random playout allocates nothing: once a few games have grown the buffers (the move list,
//! the state's vectors, the trials' and the walks' scratch copies), seeded random games of every
//! shipped rules file, played into the same state buffer, make no heap allocation at the plies
//! that do not end the game, but for rare effects that search (a captured piece released onto the
//! nearest empty cell) or gather a seat's pieces (a seat retiring): at most one ply in a hundred.
//! The ply that ends the game allocates its result. Counted by a global allocator that counts the
//! allocations of the thread that asks.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeMap;

use ludex::runtime::{Engine, Move, State, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

struct Counting;

// SAFETY: every call is passed on to the system allocator unchanged; counting touches only a
// thread-local integer.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Plays a seeded random game into `state` (refilled from `start`): the allocations made at the
/// plies that did not end the game, and the plies played.
fn playout(
    engine: &Engine,
    start: &State,
    state: &mut State,
    moves: &mut Vec<Move>,
    seed: u64,
) -> (u64, u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    state.clone_from(start);
    let (mut allocated, mut plies) = (0, 0);
    for _ in 0..2_000 {
        let before = allocations();
        match engine.status(state) {
            Status::Over(_) => break,
            Status::Chance { sides } => engine.apply_chance(state, rng.random_range(1..=sides)),
            Status::Decision { .. } => {
                let Some(mv) = engine.random_move(state, moves, &mut rng) else { break };
                engine.apply_move(state, mv);
                plies += 1;
            }
        }
        if engine.seat_to_move(state).is_some() {
            allocated += allocations() - before;
        }
    }
    (allocated, plies)
}

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
        let engine =
            Engine::new(ludex::compile(&text, &BTreeMap::new()).game.expect("shipped rules compile"));
        let start = engine.initial_state();
        let (mut state, mut moves) = (start.clone(), Vec::new());
        // Warm up on the games measured, so that every buffer has reached the size they need.
        for seed in 0..4 {
            playout(&engine, &start, &mut state, &mut moves, seed);
        }
        for seed in 0..4 {
            let (allocated, plies) = playout(&engine, &start, &mut state, &mut moves, seed);
            assert!(
                allocated * 100 <= plies,
                "{}, seed {seed}: {allocated} allocations in {plies} plies",
                path.display()
            );
        }
    }
}
