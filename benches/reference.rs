//! The interpreter against programs written for one game, measured side by side in one run on one
//! machine, and reported as ratios:
//!
//! - Mana against `benches/reference/mana.rs` (plain Rust with bit boards, no ludex code): random
//!   playouts on the same seeds (the same games, since both list their moves in the same order),
//!   and the same perft from the start.
//! - Chess against cozy-chess (`benches/reference/chess.rs`, a bitboard move generator, with the end
//!   rules of `rules/chess.rules`): perft from the start at the same depth, every leaf made, then
//!   with bulk counting (the last level's moves counted, not made); random playouts with a move
//!   drawn from the full legal list at every ply, the interpreter's also drawn lazily
//!   (`Engine::random_move`). Seeds 0, 1, ... on both; the games differ, the rates are per ply.
//!
//! Each speed is over a fixed time on the CPU. It prints each pair, then a table of the ratios
//! (interpreter over reference, in plies or leaves per second), with the machine named.
//!
//! `cargo bench --bench reference`. Without `--bench` (`cargo test --benches`) it only runs briefly.

#[path = "reference/chess.rs"]
mod chess;
#[path = "common/mod.rs"]
mod common;
#[path = "reference/mana.rs"]
mod mana;

use std::path::Path;
use std::time::Duration;

use common::{Draw, ThreadCpuTime};
use cozy_chess::Board;
use criterion::measurement::Measurement;
use ludex::runtime::{Engine, Leaves, perft_with};
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

/// A comparison: what was timed, and both speeds.
struct Ratio {
    what: String,
    interpreter: Speed,
    reference: Speed,
}

impl Ratio {
    /// Prints both speeds and their ratio: `runs` names the runs, `item` and `items` the items.
    fn print(&self, runs: &str, [item, items]: [&str; 2]) {
        println!("{}:", self.what);
        for (name, speed) in [("interpreter", &self.interpreter), ("reference", &self.reference)] {
            println!(
                "  {name:<12} {:>12.1} {runs}/s {:>12.0} {items}/s {:>10.1} ns per {item}",
                speed.runs_per_second(),
                speed.items_per_second(),
                1e9 / speed.items_per_second(),
            );
        }
        println!("  interpreter / reference: {:.3}x", self.interpreter_over_reference());
    }

    fn interpreter_over_reference(&self) -> f64 {
        self.interpreter.items_per_second() / self.reference.items_per_second()
    }
}

fn main() {
    let full = std::env::args().any(|arg| arg == "--bench");
    let budget = if full { Duration::from_secs(3) } else { Duration::from_millis(50) };
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let (_, mana_engine) = common::load(&rules.join("mana.rules"));
    let (_, chess_engine) = common::load(&rules.join("chess.rules"));
    let reference = Mana::new();
    let ratios = [
        compare_mana_playouts(&mana_engine, &reference, budget),
        compare_mana_perft(&mana_engine, &reference, budget),
        compare_chess_perft(&chess_engine, Leaves::Made, budget),
        compare_chess_perft(&chess_engine, Leaves::Counted, budget),
        compare_chess_playouts(&chess_engine, Draw::Full, budget),
        compare_chess_playouts(&chess_engine, Draw::Lazy, budget),
    ];
    print_table(&ratios);
}

/// The interpreter plays seeds 0, 1, ... for the time given; the reference plays the same seeds,
/// round after round, for as long.
fn compare_mana_playouts(engine: &Engine, reference: &Mana, budget: Duration) -> Ratio {
    let mut moves = Vec::new();
    let mut next_seed = 0;
    let interpreter = repeat(budget, || {
        let plies = common::random_playout_drawn(engine, next_seed, &mut moves, Draw::Full);
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
    let what = format!("Mana, random playouts of seeds 0 to {} ({games})", next_seed.saturating_sub(1));
    let ratio = Ratio { what, interpreter, reference: reference_speed };
    ratio.print("playouts", ["ply", "plies"]);
    ratio
}

/// Perft from the start at the deepest depth the interpreter runs within the time given.
fn compare_mana_perft(engine: &Engine, reference: &Mana, budget: Duration) -> Ratio {
    let start = engine.initial_state();
    let reference_start = reference.initial_state();
    let depth = depth_within(budget, |depth| {
        let nodes = perft_with(engine, &start, depth, Leaves::Made);
        assert_eq!(reference.perft(&reference_start, depth), nodes, "perft {depth}: the games differ");
        nodes
    });
    let interpreter = repeat(budget, || (1, perft_with(engine, &start, depth, Leaves::Made)));
    let reference_speed = repeat(budget, || (1, reference.perft(&reference_start, depth)));
    let what =
        format!("Mana, perft {depth} from the start ({} leaves)", interpreter.items / interpreter.runs);
    let ratio = Ratio { what, interpreter, reference: reference_speed };
    ratio.print("runs", ["leaf", "leaves"]);
    ratio
}

/// Perft from the start, every leaf made or the last level counted, at the deepest depth the
/// interpreter makes every leaf of within the time given.
fn compare_chess_perft(engine: &Engine, leaves: Leaves, budget: Duration) -> Ratio {
    let start = engine.initial_state();
    let board = Board::default();
    let reference_perft = |depth| match leaves {
        Leaves::Made => chess::perft(&board, depth),
        Leaves::Counted => chess::perft_bulk(&board, depth),
    };
    let depth = depth_within(budget, |depth| {
        let nodes = perft_with(engine, &start, depth, Leaves::Made);
        assert_eq!(reference_perft(depth), nodes, "perft {depth}: the games differ");
        nodes
    });
    let interpreter = repeat(budget, || (1, perft_with(engine, &start, depth, leaves)));
    let reference = repeat(budget, || (1, reference_perft(depth)));
    let how = match leaves {
        Leaves::Made => "every leaf made",
        Leaves::Counted => "bulk: the last moves counted, not made",
    };
    let what = format!(
        "chess, perft {depth} from the start ({} leaves), {how}",
        interpreter.items / interpreter.runs
    );
    let ratio = Ratio { what, interpreter, reference };
    ratio.print("runs", ["leaf", "leaves"]);
    ratio
}

/// Random playouts of seeds 0, 1, ... on both for the time given, the interpreter's moves drawn as
/// `draw` says, the reference's from the full legal list.
fn compare_chess_playouts(engine: &Engine, draw: Draw, budget: Duration) -> Ratio {
    let mut moves = Vec::new();
    let mut seed = 0;
    let interpreter = repeat(budget, || {
        let plies = common::random_playout_drawn(engine, seed, &mut moves, draw);
        seed += 1;
        (1, plies.into())
    });
    let mut buffers = chess::Buffers::default();
    let mut reference_seed = 0;
    let reference = repeat(budget, || {
        let playout = chess::random_playout(reference_seed, &mut buffers, false);
        reference_seed += 1;
        (1, playout.plies.into())
    });
    let how = match draw {
        Draw::Full => "the interpreter's moves drawn from the full legal list",
        Draw::Lazy => "the interpreter's moves drawn lazily (Engine::random_move)",
    };
    let what = format!("chess, random playouts, {how}");
    let ratio = Ratio { what, interpreter, reference };
    ratio.print("playouts", ["ply", "plies"]);
    ratio
}

/// Depth 1, 2, ... while the next depth, grown as much as the last one did, should take at most
/// half of `budget`; `count` gives a depth's leaves.
fn depth_within(budget: Duration, mut count: impl FnMut(u32) -> u64) -> u32 {
    let (mut depth, mut last_nodes) = (1, 1);
    while depth < MAX_PERFT_DEPTH {
        let clock = ThreadCpuTime::new();
        let started = clock.start();
        let nodes = count(depth);
        let seconds = clock.end(started).as_secs_f64();
        let growth = nodes as f64 / last_nodes.max(1) as f64;
        if seconds * growth > budget.as_secs_f64() / 2.0 {
            break;
        }
        (depth, last_nodes) = (depth + 1, nodes);
    }
    depth
}

/// The ratios as a Markdown table, with the machine named.
fn print_table(ratios: &[Ratio]) {
    println!("\nOn {}:\n", machine());
    println!("| comparison | interpreter | reference | interpreter / reference |");
    println!("|---|---:|---:|---:|");
    for ratio in ratios {
        println!(
            "| {} | {} | {} | **{:.3}x** (1/{:.1}) |",
            ratio.what,
            per_second(ratio.interpreter.items_per_second()),
            per_second(ratio.reference.items_per_second()),
            ratio.interpreter_over_reference(),
            1.0 / ratio.interpreter_over_reference()
        );
    }
}

/// `2.37 M/s`.
fn per_second(rate: f64) -> String {
    match rate {
        r if r >= 1e6 => format!("{:.2} M/s", r / 1e6),
        r => format!("{:.0} k/s", r / 1e3),
    }
}

/// The processor's model name (Linux `/proc/cpuinfo`) and the cores available.
fn machine() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo").ok().and_then(|info| {
        let line = info.lines().find(|line| line.starts_with("model name"))?;
        Some(line.split_once(':')?.1.trim().to_string())
    });
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    format!("{}, {cores} cores", model.as_deref().unwrap_or("an unknown processor"))
}
