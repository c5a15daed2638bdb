//! The interpreter on every rules file in `rules/` (new games are benched without a change here):
//! legal move generation, applying a move, cloning a state, whole random playouts (moves drawn from
//! the full legal list, and lazily), and compiling the rules text (`check`). The positions are the decision points of a few seeded random games.
//!
//! Times are the thread's time on the CPU. `cargo bench --bench interpreter [-- FILTER]`; each bench
//! is short (10 samples, 2 s) so the whole run takes a few minutes on two cores.

#[path = "common/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::Duration;

use common::{Draw, ThreadCpuTime};
use criterion::{BatchSize, BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use ludex::runtime::{Engine, Move, State};

/// The games whose decision points are the benched positions.
const SAMPLE_GAMES: u64 = 4;
/// The games played in one iteration of the playout bench.
const PLAYOUTS_PER_ITERATION: u64 = 8;

/// The decision points of seeded random games, each with the random move played there.
fn sample_positions(engine: &Engine) -> Vec<(State, Move)> {
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    for seed in 0..SAMPLE_GAMES {
        common::random_playout_visiting(engine, seed, &mut moves, common::Draw::Full, |state, mv| {
            positions.push((state.clone(), mv));
        });
    }
    positions
}

fn bench_rules_files(c: &mut Criterion<ThreadCpuTime>) {
    for path in common::rules_files() {
        let (text, engine) = common::load(&path);
        let name = path.file_stem().map_or("?".into(), |stem| stem.to_string_lossy().into_owned());
        let mut group = c.benchmark_group(name);
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        bench_positions(&mut group, &engine);
        bench_playouts(&mut group, &engine);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function("check", |b| b.iter(|| ludex::compile(black_box(&text), &BTreeMap::new())));
        group.finish();
    }
}

/// Per position: its legal moves, a clone of it, and the move played there applied to a clone made
/// outside the timing.
fn bench_positions(group: &mut BenchmarkGroup<'_, ThreadCpuTime>, engine: &Engine) {
    let positions = sample_positions(engine);
    let mut moves = Vec::new();
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            for (state, _) in &positions {
                engine.legal_moves(black_box(state), &mut moves);
                black_box(moves.len());
            }
        })
    });
    group.bench_function("clone", |b| {
        b.iter(|| {
            for (state, _) in &positions {
                black_box(black_box(state).clone());
            }
        })
    });
    group.bench_function("apply", |b| {
        b.iter_batched_ref(
            || positions.clone(),
            |positions| {
                for (state, mv) in positions.iter_mut() {
                    engine.apply_move(state, *mv);
                }
            },
            BatchSize::SmallInput,
        )
    });
}

/// Whole random games from the setup, seeds 0 to 7 each iteration, each move drawn from the full
/// legal list (`playouts`) or lazily (`playouts_lazy`); throughput in moves.
fn bench_playouts(group: &mut BenchmarkGroup<'_, ThreadCpuTime>, engine: &Engine) {
    let mut moves = Vec::new();
    for (name, draw) in [("playouts", Draw::Full), ("playouts_lazy", Draw::Lazy)] {
        let plies: u64 = (0..PLAYOUTS_PER_ITERATION)
            .map(|seed| u64::from(common::random_playout_drawn(engine, seed, &mut moves, draw)))
            .sum();
        group.throughput(Throughput::Elements(plies));
        group.bench_function(name, |b| {
            b.iter(|| {
                for seed in 0..PLAYOUTS_PER_ITERATION {
                    black_box(common::random_playout_drawn(engine, seed, &mut moves, draw));
                }
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ThreadCpuTime::new());
    targets = bench_rules_files
}
criterion_main!(benches);
