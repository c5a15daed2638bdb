//! `ludex bench`: how fast the runtime plays each rules file. For each file, seeded random playouts
//! for a fixed time on one thread, twice: a uniformly random legal move at every decision drawn
//! lazily by `Engine::random_move` (which tests the turn's `legal if` only on the moves it draws),
//! then drawn from the full list of legal moves (`Engine::legal_moves`, as `ludex run` does); chance
//! outcomes sampled; game `i` uses seed `i`. Then a perft from the first decision point, one depth
//! deeper at a time while the next depth should fit in about half that time, every leaf made; and
//! the same perft with bulk counting (the last level's moves counted, not made), for games whose
//! moves never roll. Plies count decisions (moves), not chance outcomes. One row a file, as a table
//! or a JSON array.
//!
//! Rates are over the time the thread spent on the CPU where the system tells it (Linux), so that
//! they hold on a busy machine; elsewhere over wall-clock time. The time limits are wall-clock.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use ludex::OptionValues;
use ludex::agents::play::MAX_DRIVER_PLIES;
use ludex::runtime::{Engine, Leaves, Move, State, Status, perft_with};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::input::load_game;
use super::limits::limits;
use super::perft::rolls_after_moves;
use super::{CliError, CliResult};

/// The folder whose rules files are benchmarked when no file is given.
const DEFAULT_RULES_DIR: &str = "rules";
/// The longest `--seconds` accepted (an hour), so a typo cannot tie the machine up for days.
const MAX_SECONDS: f64 = 3600.0;

#[derive(Args)]
pub struct BenchArgs {
    /// The rules files (default: every rules/*.rules)
    files: Vec<PathBuf>,
    /// Seconds of random playouts per file, for each way of drawing moves; the perft gets about half
    /// as long, and its bulk counting a quarter
    #[arg(long, default_value_t = 2.0)]
    seconds: f64,
    /// Print the rows as a JSON array
    #[arg(long)]
    json: bool,
}

pub fn bench(args: &BenchArgs) -> CliResult {
    if !(args.seconds > 0.0 && args.seconds <= MAX_SECONDS) {
        return Err(CliError::usage(format!(
            "--seconds must be above 0 and at most {MAX_SECONDS}, got {}",
            args.seconds
        )));
    }
    let budget = Duration::from_secs_f64(args.seconds);
    let files = if args.files.is_empty() { default_files()? } else { args.files.clone() };
    let mut rows = Vec::with_capacity(files.len());
    for file in &files {
        let engine = Engine::new(load_game(file, &OptionValues::new())?);
        rows.push(measure(&engine, file, budget));
    }
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &rows).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", table(&rows))?;
    }
    Ok(())
}

/// Every `.rules` file of the default folder, sorted.
fn default_files() -> CliResult<Vec<PathBuf>> {
    let cannot = |why: String| {
        CliError::usage(format!("no rules files given and `{DEFAULT_RULES_DIR}/` cannot be read: {why}"))
    };
    let entries = std::fs::read_dir(DEFAULT_RULES_DIR).map_err(|e| cannot(e.to_string()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "rules"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(cannot("it holds no `.rules` file".to_string()));
    }
    Ok(files)
}

/// The figures of one rules file.
#[derive(Serialize)]
struct Row {
    file: String,
    game: String,
    /// Each move drawn by `Engine::random_move`, which tests `legal if` only on the moves it draws.
    lazy: Playouts,
    /// Each move drawn from the whole list of legal moves, as `ludex run` draws them.
    full: Playouts,
    /// Every leaf made; `None` when the game has no decision point or ends before any move.
    perft: Option<PerftFigure>,
    /// The same perft, the last level's moves counted without being made; `None` also for games
    /// whose moves may roll.
    bulk_perft: Option<PerftFigure>,
}

/// Random playouts for a fixed time.
#[derive(Serialize)]
struct Playouts {
    playouts: u64,
    /// Decisions played in all the playouts (chance outcomes are not counted).
    plies: u64,
    /// Playouts the rules did not end (the driver's ply cap, or a decision with no move).
    unfinished: u64,
    /// The time the rates are over: on the CPU where known, else wall-clock.
    seconds: f64,
    wall_seconds: f64,
    playouts_per_second: f64,
    plies_per_second: f64,
    /// Plies per playout.
    mean_length: f64,
}

/// A perft from the first decision: leaf positions per second.
#[derive(Serialize)]
struct PerftFigure {
    depth: u32,
    /// The leaves of one perft.
    nodes: u64,
    /// Perfts run (the bulk perft runs again until it has taken a quarter of the time given).
    runs: u64,
    seconds: f64,
    nodes_per_second: f64,
}

fn measure(engine: &Engine, file: &Path, budget: Duration) -> Row {
    let lazy = playouts(engine, Draw::Lazy, budget);
    let full = playouts(engine, Draw::Full, budget);
    let start = first_decision(engine);
    let perft = start.as_ref().and_then(|state| timed_perft(engine, state, budget / 2));
    let bulk_perft = match (&start, &perft) {
        (Some(state), Some(made)) if !rolls_after_moves(&engine.game) => {
            Some(repeated_perft(engine, state, made.depth, budget / 4))
        }
        _ => None,
    };
    Row { file: file.display().to_string(), game: engine.game.name.clone(), lazy, full, perft, bulk_perft }
}

/// Seeded random playouts, seeds 0, 1, ..., for `budget` (at least one).
fn playouts(engine: &Engine, draw: Draw, budget: Duration) -> Playouts {
    let mut tally = Tally::default();
    let mut moves = Vec::new();
    let stopwatch = Stopwatch::start();
    let mut seed = 0u64;
    while seed == 0 || stopwatch.wall() < budget {
        tally.add(random_playout(engine, seed, draw, &mut moves));
        seed += 1;
    }
    let (seconds, wall_seconds) = (stopwatch.seconds(), stopwatch.wall().as_secs_f64());
    Playouts {
        playouts: tally.playouts,
        plies: tally.plies,
        unfinished: tally.unfinished,
        seconds,
        wall_seconds,
        playouts_per_second: rate(tally.playouts, seconds),
        plies_per_second: rate(tally.plies, seconds),
        mean_length: tally.plies as f64 / tally.playouts.max(1) as f64,
    }
}

/// Wall-clock time, and the thread's time on the CPU when the system tells it.
struct Stopwatch {
    wall: Instant,
    cpu: Option<Duration>,
}

impl Stopwatch {
    fn start() -> Stopwatch {
        Stopwatch { wall: Instant::now(), cpu: thread_cpu_time() }
    }

    fn wall(&self) -> Duration {
        self.wall.elapsed()
    }

    /// Seconds on the CPU since the start, else wall-clock seconds.
    fn seconds(&self) -> f64 {
        match (self.cpu, thread_cpu_time()) {
            (Some(start), Some(now)) => now.saturating_sub(start).as_secs_f64(),
            _ => self.wall().as_secs_f64(),
        }
    }
}

/// The time this thread has run on a CPU: the first field of Linux's `/proc/thread-self/schedstat`,
/// in nanoseconds.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanoseconds))
}

fn rate(count: u64, seconds: f64) -> f64 {
    if seconds > 0.0 { count as f64 / seconds } else { 0.0 }
}

#[derive(Default)]
struct Tally {
    playouts: u64,
    plies: u64,
    unfinished: u64,
}

impl Tally {
    fn add(&mut self, playout: Playout) {
        self.playouts += 1;
        self.plies += playout.plies;
        self.unfinished += u64::from(!playout.finished);
    }
}

struct Playout {
    plies: u64,
    finished: bool,
}

/// How a random playout draws its moves.
#[derive(Clone, Copy)]
enum Draw {
    /// `Engine::random_move`: candidates drawn one at a time until one passes `legal if`.
    Lazy,
    /// `Engine::legal_moves`, then a uniformly random index.
    Full,
}

/// One random game from the setup, driven as `ludex run` drives it but without writing each ply in
/// notation. With [`Draw::Full`] these are the games of `ludex run`; with [`Draw::Lazy`] too for
/// rules without `legal if` (otherwise other games, drawn from the same distribution). `moves` is
/// reused between games.
fn random_playout(engine: &Engine, seed: u64, draw: Draw, moves: &mut Vec<Move>) -> Playout {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = engine.initial_state();
    let mut plies = 0u64;
    for _ in 0..MAX_DRIVER_PLIES {
        match engine.status(&state) {
            Status::Over(_) => return Playout { plies, finished: true },
            Status::Chance { sides: 0 } => break,
            Status::Chance { sides } => engine.apply_chance(&mut state, rng.random_range(1..=sides)),
            Status::Decision { .. } => {
                let chosen = match draw {
                    Draw::Lazy => engine.random_move(&state, moves, &mut rng),
                    Draw::Full => {
                        engine.legal_moves(&state, moves);
                        moves.get(rng.random_range(0..moves.len().max(1))).copied()
                    }
                };
                let Some(mv) = chosen else { break };
                engine.apply_move(&mut state, mv);
                plies += 1;
            }
        }
    }
    Playout { plies, finished: false }
}

/// The first decision point after the setup, setup rolls drawn with seed 0; `None` if the game is
/// over before it.
fn first_decision(engine: &Engine) -> Option<State> {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut state = engine.initial_state();
    for _ in 0..MAX_DRIVER_PLIES {
        match engine.status(&state) {
            Status::Decision { .. } => return Some(state),
            Status::Chance { sides } if sides > 0 => {
                engine.apply_chance(&mut state, rng.random_range(1..=sides));
            }
            _ => return None,
        }
    }
    None
}

/// Perft at depth 1, 2, ... while the next depth, predicted from the last one's time and growth,
/// fits in `budget` (and up to the `perft-depth` limit); the deepest depth with any leaf is
/// reported.
fn timed_perft(engine: &Engine, state: &State, budget: Duration) -> Option<PerftFigure> {
    let mut deepest: Option<PerftFigure> = None;
    for depth in 1..=limits().max_perft_depth {
        let stopwatch = Stopwatch::start();
        let nodes = perft_with(engine, state, depth, Leaves::Made);
        let seconds = stopwatch.seconds();
        if nodes == 0 {
            break;
        }
        let growth = deepest.as_ref().map_or(1.0, |d| nodes as f64 / d.nodes.max(1) as f64).max(1.0);
        deepest =
            Some(PerftFigure { depth, nodes, runs: 1, seconds, nodes_per_second: rate(nodes, seconds) });
        if seconds * growth > budget.as_secs_f64() {
            break;
        }
    }
    deepest
}

/// The bulk-counting perft at `depth`, run again and again for `budget` (at least once).
fn repeated_perft(engine: &Engine, state: &State, depth: u32, budget: Duration) -> PerftFigure {
    let stopwatch = Stopwatch::start();
    let (mut runs, mut nodes) = (0u64, 0u64);
    while runs == 0 || stopwatch.wall() < budget {
        nodes = perft_with(engine, state, depth, Leaves::Counted);
        runs += 1;
    }
    let seconds = stopwatch.seconds();
    PerftFigure { depth, nodes, runs, seconds, nodes_per_second: rate(nodes.saturating_mul(runs), seconds) }
}

fn table(rows: &[Row]) -> String {
    let width = rows.iter().map(|row| row.file.len()).max().unwrap_or(0).max("file".len());
    let mut text = format!(
        "{:<width$}  {:>10}  {:>12}  {:>12}  {:>11}  {:>13}  {:>13}  {:>5}\n",
        "file",
        "playouts/s",
        "lazy plies/s",
        "full plies/s",
        "mean length",
        "perft nodes/s",
        "bulk nodes/s",
        "depth"
    );
    let nodes_per_second = |perft: &Option<PerftFigure>| match perft {
        Some(perft) => format!("{:.0}", perft.nodes_per_second),
        None => "n/a".to_string(),
    };
    for row in rows {
        let depth = row.perft.as_ref().map_or("n/a".to_string(), |perft| perft.depth.to_string());
        text.push_str(&format!(
            "{:<width$}  {:>10.1}  {:>12.0}  {:>12.0}  {:>11.1}  {:>13}  {:>13}  {depth:>5}\n",
            row.file,
            row.lazy.playouts_per_second,
            row.lazy.plies_per_second,
            row.full.plies_per_second,
            row.lazy.mean_length,
            nodes_per_second(&row.perft),
            nodes_per_second(&row.bulk_perft),
        ));
    }
    text
}
