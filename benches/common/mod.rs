//! What the benches share: a rules file compiled into an engine, the random playout they time (a
//! uniformly random legal move at every decision, drawn from the full list as `ludex run` draws it
//! or lazily by `Engine::random_move`, chance outcomes sampled, as `ludex bench` plays them, without
//! writing moves in notation), and the clock: the thread's time on the CPU, so that figures hold
//! while other programs share the machine.

// Each bench that includes this module uses only part of it.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};

use ludex::agents::play::MAX_DRIVER_PLIES;
use ludex::runtime::{Engine, Move, State, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every `.rules` file in `rules/`, sorted.
pub fn rules_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "rules"))
        .collect();
    files.sort();
    files
}

/// The rules file's text and its engine; a file that does not compile stops the bench.
pub fn load(path: &Path) -> (String, Engine) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let compiled = ludex::compile(&text, &BTreeMap::new());
    let game = compiled.game.unwrap_or_else(|| panic!("{}: {:?}", path.display(), compiled.diagnostics));
    (text, Engine::new(game))
}

/// How a random playout draws each move.
#[derive(Clone, Copy, Debug)]
pub enum Draw {
    /// `Engine::legal_moves`, then a uniformly random index: what `ludex run` does.
    Full,
    /// `Engine::random_move`, which tests the turn's `legal if` only on the moves it draws.
    Lazy,
}

/// One random game from the setup, each move drawn as `draw` says; its length in moves (chance
/// outcomes are not counted).
pub fn random_playout_drawn(engine: &Engine, seed: u64, moves: &mut Vec<Move>, draw: Draw) -> u32 {
    random_playout_visiting(engine, seed, moves, draw, |_, _| {})
}

/// The same game, showing `visit` each decision point and the move chosen there.
pub fn random_playout_visiting(
    engine: &Engine,
    seed: u64,
    moves: &mut Vec<Move>,
    draw: Draw,
    visit: impl FnMut(&State, Move),
) -> u32 {
    // One loop for each way, so that each is compiled with its draw inlined.
    match draw {
        Draw::Full => playout_choosing(engine, seed, moves, visit, |state, moves, rng| {
            engine.legal_moves(state, moves);
            moves.get(rng.random_range(0..moves.len().max(1))).copied()
        }),
        Draw::Lazy => playout_choosing(engine, seed, moves, visit, |state, moves, rng| {
            engine.random_move(state, moves, rng)
        }),
    }
}

/// A random game whose moves `choose` draws (`None` stops it).
fn playout_choosing(
    engine: &Engine,
    seed: u64,
    moves: &mut Vec<Move>,
    mut visit: impl FnMut(&State, Move),
    mut choose: impl FnMut(&State, &mut Vec<Move>, &mut ChaCha8Rng) -> Option<Move>,
) -> u32 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = engine.initial_state();
    for _ in 0..MAX_DRIVER_PLIES {
        match engine.status(&state) {
            Status::Over(_) => break,
            Status::Chance { sides } => engine.apply_chance(&mut state, rng.random_range(1..=sides.max(1))),
            Status::Decision { .. } => {
                let Some(mv) = choose(&state, moves, &mut rng) else { break };
                visit(&state, mv);
                engine.apply_move(&mut state, mv);
            }
        }
    }
    engine.ply(&state)
}

/// Criterion's measurement of the time the benchmarking thread spends on the CPU, shown like
/// wall-clock time.
pub struct ThreadCpuTime {
    /// Lends its formatter (durations in ns, µs, ms).
    wall: WallTime,
}

impl ThreadCpuTime {
    pub const fn new() -> ThreadCpuTime {
        ThreadCpuTime { wall: WallTime }
    }
}

impl Measurement for ThreadCpuTime {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        thread_cpu_time()
    }

    fn end(&self, start: Duration) -> Duration {
        thread_cpu_time().saturating_sub(start)
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        self.wall.formatter()
    }
}

/// The calling thread's time on the CPU (`CLOCK_THREAD_CPUTIME_ID`).
fn thread_cpu_time() -> Duration {
    let mut time = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `clock_gettime` writes the clock's value into the timespec it is given.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) };
    assert_eq!(status, 0, "the thread's CPU clock cannot be read");
    Duration::new(time.tv_sec as u64, time.tv_nsec as u32)
}
