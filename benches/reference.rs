//! The interpreter against Mana written by hand (`benches/reference/mana.rs`): random playouts of
//! both on the same seeds (the same games, since both list their moves in the same order) and the
//! same perft from the start, each for a fixed time on the CPU; prints both speeds and their ratio.
//!
//! `cargo bench --bench reference`. Without `--bench` (`cargo test --benches`) it only runs briefly.

#[path = "common/mod.rs"]
mod common;
#[path = "reference/mana.rs"]
mod mana;

use std::path::Path;
use std::time::Duration;

use common::ThreadCpuTime;
use criterion::measurement::Measurement;
use ludex::runtime::{Engine, perft};
use mana::Mana;

/// The deepest perft tried.
const MAX_PERFT_DEPTH: u32 = 12;

/// Work done in a measured time.
struct Speed {
    /// Playouts, or perft runs.
    runs: u64,
    /// Moves played, or perft leaves.
    items: u64,
    seconds: f64,
}

impl Speed {
    fn runs_per_second(&self) -> f64 {
        self.runs as f64 / self.seconds
    }

    fn items_per_second(&self) -> f64 {
        self.items as f64 / self.seconds
    }
}

/// Runs `round` (which returns the runs and items it did) again and again for `budget` of the
/// thread's time on the CPU.
fn repeat(budget: Duration, mut round: impl FnMut() -> (u64, u64)) -> Speed {
    let clock = ThreadCpuTime::new();
    let started = clock.start();
    let (mut runs, mut items, mut spent) = (0, 0, Duration::ZERO);
    while runs == 0 || spent < budget {
        let (round_runs, round_items) = round();
        runs += round_runs;
        items += round_items;
        spent = clock.end(started);
    }
    Speed { runs, items, seconds: spent.as_secs_f64() }
}

fn main() {
    let full = std::env::args().any(|arg| arg == "--bench");
    let budget = if full { Duration::from_secs(3) } else { Duration::from_millis(50) };
    let (_, engine) = common::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/mana.rules"));
    let reference = Mana::new();
    compare_playouts(&engine, &reference, budget);
    compare_perft(&engine, &reference, budget);
}

/// The interpreter plays seeds 0, 1, ... for the time given; the reference plays the same seeds,
/// round after round, for as long.
fn compare_playouts(engine: &Engine, reference: &Mana, budget: Duration) {
    let mut moves = Vec::new();
    let mut next_seed = 0;
    let interpreter = repeat(budget, || {
        let plies = common::random_playout(engine, next_seed, &mut moves);
        next_seed += 1;
        (1, plies.into())
    });
    let mut reference_moves = Vec::new();
    let mut round_plies = 0;
    let reference_speed = repeat(budget, || {
        let plies =
            (0..next_seed).map(|seed| u64::from(reference.random_playout(seed, &mut reference_moves).plies));
        round_plies = plies.sum();
        (next_seed, round_plies)
    });
    let games = if round_plies == interpreter.items { "the same games on both" } else { "the games differ!" };
    println!("Mana, random playouts of seeds 0 to {} ({games}):", next_seed.saturating_sub(1));
    print_pair(&interpreter, &reference_speed, "playouts", ["ply", "plies"]);
}

/// Perft from the start at the deepest depth the interpreter runs within the time given.
fn compare_perft(engine: &Engine, reference: &Mana, budget: Duration) {
    let start = engine.initial_state();
    let reference_start = reference.initial_state();
    let (mut depth, mut last_nodes) = (1, 1);
    while depth < MAX_PERFT_DEPTH {
        let clock = ThreadCpuTime::new();
        let started = clock.start();
        let nodes = perft(engine, &start, depth);
        let seconds = clock.end(started).as_secs_f64();
        assert_eq!(reference.perft(&reference_start, depth), nodes, "perft {depth}: the games differ");
        // The next depth should grow the count about as much as this one did.
        let growth = nodes as f64 / last_nodes.max(1) as f64;
        if seconds * growth > budget.as_secs_f64() / 2.0 {
            break;
        }
        (depth, last_nodes) = (depth + 1, nodes);
    }
    let interpreter = repeat(budget, || (1, perft(engine, &start, depth)));
    let reference_speed = repeat(budget, || (1, reference.perft(&reference_start, depth)));
    println!("Mana, perft {depth} from the start ({} leaves):", interpreter.items / interpreter.runs);
    print_pair(&interpreter, &reference_speed, "runs", ["leaf", "leaves"]);
}

fn print_pair(interpreter: &Speed, reference: &Speed, runs: &str, [item, items]: [&str; 2]) {
    for (name, speed) in [("interpreter", interpreter), ("reference", reference)] {
        println!(
            "  {name:<12} {:>12.1} {runs}/s {:>12.0} {items}/s {:>10.1} ns per {item}",
            speed.runs_per_second(),
            speed.items_per_second(),
            1e9 / speed.items_per_second(),
        );
    }
    println!(
        "  reference / interpreter: {:.1}x",
        reference.items_per_second() / interpreter.items_per_second()
    );
}
