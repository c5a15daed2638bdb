//! A global allocator that counts the heap allocations (and reallocations) of each thread, and a
//! random playout that counts them step by step, for the test and the bench that prove a warm random
//! playout allocates nothing per ply. Including this module makes it the binary's allocator.

// The test and the bench that include this module each use only part of it.
#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use ludex::runtime::{Engine, Move, State, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The most steps (moves and chance outcomes) a counted playout plays.
const MAX_STEPS: usize = 100_000;

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

/// The allocations the calling thread has made so far.
pub fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// The allocations of a random playout, step by step.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counted {
    /// Moves played (chance outcomes are not counted).
    pub plies: u64,
    /// Allocations at the steps (moves and chance outcomes) after which the game went on.
    pub during: u64,
    /// Those steps that allocated at all.
    pub steps_allocating: u64,
    /// Allocations at the step that ended the game (its result).
    pub at_end: u64,
}

impl Counted {
    pub fn add(&mut self, other: Counted) {
        self.plies += other.plies;
        self.during += other.during;
        self.steps_allocating += other.steps_allocating;
        self.at_end += other.at_end;
    }
}

/// Plays a seeded random game into `state` (refilled from `start`), each move chosen by `choose`
/// from the state, the move buffer and the game's generator, counting the allocations of each step.
pub fn counted_playout(
    engine: &Engine,
    start: &State,
    state: &mut State,
    moves: &mut Vec<Move>,
    seed: u64,
    mut choose: impl FnMut(&State, &mut Vec<Move>, &mut ChaCha8Rng) -> Option<Move>,
) -> Counted {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    state.clone_from(start);
    let mut counted = Counted::default();
    for _ in 0..MAX_STEPS {
        let before = allocations();
        match engine.status(state) {
            Status::Over(_) => break,
            Status::Chance { sides } => engine.apply_chance(state, rng.random_range(1..=sides)),
            Status::Decision { .. } => {
                let Some(mv) = choose(state, moves, &mut rng) else { break };
                engine.apply_move(state, mv);
                counted.plies += 1;
            }
        }
        let allocated = allocations() - before;
        if engine.seat_to_move(state).is_some() {
            counted.during += allocated;
            counted.steps_allocating += u64::from(allocated > 0);
        } else {
            counted.at_end += allocated;
        }
    }
    counted
}
