//! Heap allocations per ply in random playouts of every shipped rules file, counted by a global
//! allocator (`tests/support/counting_alloc.rs`), once warm (after as many warm-up games as are
//! measured, so that every reused buffer has reached its size):
//!
//! - the runtime's playouts, played into one reused state and move list, each move drawn lazily
//!   (`Engine::random_move`) or from the full legal list: the allocations at the steps after which
//!   the game goes on, the steps that allocated at all, and the allocations at the step that ends
//!   the game (its result), per game;
//! - `ludex run`'s driver (`Playthrough` with random agents), from a copy of the start to the game
//!   it hands over, its plies only counted (`run` without `--record`) or written in notation for
//!   the record (`run --record`).
//!
//! `cargo bench --bench allocations` (16 games a file); without `--bench`, 2 games a file.

#[path = "common/mod.rs"]
mod common;
#[path = "../tests/support/counting_alloc.rs"]
mod counting_alloc;

use counting_alloc::{Counted, allocations, counted_playout};
use ludex::agents::play::{Playthrough, Plies, Step};
use ludex::agents::{Agent, RandomAgent};
use ludex::runtime::{Engine, Move, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let full = std::env::args().any(|arg| arg == "--bench");
    let games = if full { 16 } else { 2 };
    println!(
        "Heap allocations per ply, warm, {games} random games of each rules file (seeds 0 to {}):\n",
        games - 1
    );
    println!(
        "| rules file | plies | lazy: per ply (steps allocating) | full: per ply (steps allocating) | at the end, \
         per game | `run`'s driver, per ply: without records / with records |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for path in common::rules_files() {
        let (_, engine) = common::load(&path);
        let lazy = measure(&engine, games, |engine, state, moves, rng| engine.random_move(state, moves, rng));
        let full_list = measure(&engine, games, |engine, state, moves, rng| {
            engine.legal_moves(state, moves);
            moves.get(rng.random_range(0..moves.len().max(1))).copied()
        });
        let counted = driver_allocations_per_ply(&engine, games, Plies::Counted);
        let written = driver_allocations_per_ply(&engine, games, Plies::Written);
        let name = path.file_name().map_or("?".into(), |name| name.to_string_lossy().into_owned());
        println!(
            "| {name} | {} | {:.4} ({}) | {:.4} ({}) | {:.1} | {counted:.3} / {written:.2} |",
            lazy.plies,
            per_ply(lazy.during, lazy.plies),
            lazy.steps_allocating,
            per_ply(full_list.during, full_list.plies),
            full_list.steps_allocating,
            lazy.at_end as f64 / games as f64,
        );
    }
}

/// The allocations of games `0..games`, each move chosen by `choose`, measured after the same games
/// played once to warm up.
fn measure(
    engine: &Engine,
    games: u64,
    mut choose: impl FnMut(&Engine, &State, &mut Vec<Move>, &mut ChaCha8Rng) -> Option<Move>,
) -> Counted {
    let start = engine.initial_state();
    let (mut state, mut moves) = (start.clone(), Vec::new());
    let mut total = Counted::default();
    for round in 0..2 {
        for seed in 0..games {
            let counted =
                counted_playout(engine, &start, &mut state, &mut moves, seed, |state, moves, rng| {
                    choose(engine, state, moves, rng)
                });
            if round == 1 {
                total.add(counted);
            }
        }
    }
    total
}

/// Allocations per move of whole games played by `ludex run`'s driver with random agents, counted
/// from the copy of the start position to the game handed over.
fn driver_allocations_per_ply(engine: &Engine, games: u64, plies: Plies) -> f64 {
    let start = engine.initial_state();
    let (mut allocated, mut moves) = (0, 0);
    for seed in 0..games {
        let mut agents: Vec<Box<dyn Agent>> =
            engine.game.seats.iter().map(|_| Box::new(RandomAgent) as Box<dyn Agent>).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let before = allocations();
        let mut game = Playthrough::with_plies(engine, start.clone(), plies);
        let played = loop {
            if let Step::End(ending) = game.step(&mut agents, &mut rng) {
                break game.finish(ending);
            }
        };
        allocated += allocations() - before;
        moves += played.moves() as u64;
    }
    per_ply(allocated, moves)
}

fn per_ply(allocations: u64, plies: u64) -> f64 {
    allocations as f64 / plies.max(1) as f64
}
