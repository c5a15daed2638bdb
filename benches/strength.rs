//! The agents' strength, measured rather than assumed: on every two-seat game in `rules/`, `mcts`
//! plays `random` and `greedy` (and `greedy` plays `random`, for reference), each side taking
//! each seat in turn, and the win rates are printed as Markdown tables with 95% Wilson intervals,
//! followed by the search speed (iterations and playouts a second, one thread, and the share of
//! playouts that finish the game) on positions from random games (the measured agent's
//! parameters, searched for a fixed time).
//!
//! ```text
//! cargo bench --bench strength -- [--games N] [--mcts SPEC] [--seed S] [--workers N] [FILE...]
//! ```
//!
//! Defaults: 40 games a pairing, `mcts:time=100ms,threads=1` (a tenth of a second a move, one
//! thread), seed 1, one worker a core (each game is played on one worker; with an iteration budget
//! instead, the tables do not depend on the number of workers or the machine). Game `i` of a
//! pairing uses seed `S + i`; the agent measured takes seat 1 in the even games and seat 2 in the
//! odd ones.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use ludex::agents::mcts::{self, Budget, MctsConfig, SearchReport};
use ludex::agents::play::play_out;
use ludex::agents::stats::Proportion;
use ludex::agents::{Agent, AgentSpec, RandomAgent};
use ludex::runtime::{Engine, Move, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How long each search timed for the speed table runs.
const SPEED_SEARCH: Duration = Duration::from_millis(200);
/// Random games whose positions are searched for the speed table, every how many decisions, and
/// how many positions a game at most.
const SPEED_GAMES: u64 = 3;
const SPEED_STRIDE: usize = 8;
const SPEED_POSITIONS: usize = 10;

struct Settings {
    games: u64,
    mcts: AgentSpec,
    seed: u64,
    workers: usize,
    files: Vec<PathBuf>,
}

fn main() -> ExitCode {
    match settings(std::env::args().skip(1).collect()) {
        Ok(settings) => {
            run(&settings);
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("strength: {message}");
            ExitCode::from(2)
        }
    }
}

fn settings(args: Vec<String>) -> Result<Settings, String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut settings = Settings {
        games: 40,
        mcts: "mcts:time=100ms,threads=1".parse()?,
        seed: 1,
        workers: cores,
        files: Vec::new(),
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--bench" => {}
            "--games" => settings.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--mcts" => settings.mcts = value()?.parse()?,
            "--seed" => settings.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--workers" => settings.workers = value()?.parse().map_err(|e| format!("--workers: {e}"))?,
            _ if arg.starts_with("--") => return Err(format!("unknown flag {arg}")),
            _ => settings.files.push(PathBuf::from(arg)),
        }
    }
    if settings.files.is_empty() {
        settings.files = shipped_rules()?;
    }
    settings.workers = settings.workers.max(1);
    Ok(settings)
}

/// `rules/*.rules`, sorted.
fn shipped_rules() -> Result<Vec<PathBuf>, String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/rules");
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{dir}: {e}"))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "rules"))
        .collect();
    files.sort();
    Ok(files)
}

fn run(settings: &Settings) {
    let engines: Vec<(String, Engine)> =
        settings.files.iter().map(PathBuf::as_path).filter_map(two_seat_engine).collect();
    println!("Budget: {}; {} games a pairing, seeds from {}\n", settings.mcts, settings.games, settings.seed);
    println!("| game | agent | opponent | games | wins | draws | losses | win rate (95% CI) | mean plies |");
    println!("| --- | --- | --- | ---: | ---: | ---: | ---: | --- | ---: |");
    let pairings = [(settings.mcts, AgentSpec::Random), (settings.mcts, AgentSpec::Greedy)];
    let reference = (AgentSpec::Greedy, AgentSpec::Random);
    for (name, engine) in &engines {
        for (agent, opponent) in pairings.into_iter().chain([reference]) {
            let tally = play_pairing(engine, agent, opponent, settings);
            println!("{}", tally.row(name, agent, opponent));
        }
    }
    println!("\n| game | iterations/s | playouts/s | playouts that finish the game | positions searched |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for (name, engine) in &engines {
        println!("{}", search_speed(engine, settings).row(name));
    }
}

/// The engine of a rules file with two seats, named by the file; other files are skipped.
fn two_seat_engine(path: &Path) -> Option<(String, Engine)> {
    let text = std::fs::read_to_string(path).map_err(|e| eprintln!("{}: {e}", path.display())).ok()?;
    let compiled = ludex::compile(&text, &BTreeMap::new());
    let Some(game) = compiled.game else {
        eprintln!("{}: does not compile; skipped", path.display());
        return None;
    };
    if game.seats.len() != 2 {
        eprintln!("{}: {} seats; skipped", path.display(), game.seats.len());
        return None;
    }
    let name = path.file_stem().map_or(String::new(), |stem| stem.to_string_lossy().into_owned());
    Some((name, Engine::new(game)))
}

/// The agent's wins, draws and losses against the opponent.
#[derive(Default)]
struct Tally {
    wins: u64,
    draws: u64,
    losses: u64,
    plies: u64,
}

impl Tally {
    fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    fn row(&self, game: &str, agent: AgentSpec, opponent: AgentSpec) -> String {
        let rate = Proportion::new(self.wins, self.games());
        let mean_plies = self.plies as f64 / self.games().max(1) as f64;
        format!(
            "| {game} | {agent} | {opponent} | {} | {} | {} | {} | {:.0}% ({:.0}–{:.0}%) | {mean_plies:.0} |",
            self.games(),
            self.wins,
            self.draws,
            self.losses,
            100.0 * rate.rate,
            100.0 * rate.low,
            100.0 * rate.high
        )
    }
}

/// Plays the pairing's games on the workers, each game with its own seed.
fn play_pairing(engine: &Engine, agent: AgentSpec, opponent: AgentSpec, settings: &Settings) -> Tally {
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    std::thread::scope(|scope| {
        for _ in 0..settings.workers {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed) as u64;
                    if index >= settings.games {
                        break;
                    }
                    let (place, plies) = play_game(engine, agent, opponent, index, settings.seed);
                    let mut tally = tally.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    tally.plies += plies;
                    match place {
                        Some(Place::Won) => tally.wins += 1,
                        Some(Place::Lost) => tally.losses += 1,
                        _ => tally.draws += 1,
                    }
                }
            });
        }
    });
    tally.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner())
}

enum Place {
    Won,
    Drew,
    Lost,
}

/// Game `index`: the agent takes seat 1 when `index` is even. Returns how the agent did (`None`
/// for a game the rules did not end) and the game's plies.
fn play_game(
    engine: &Engine,
    agent: AgentSpec,
    opponent: AgentSpec,
    index: u64,
    seed: u64,
) -> (Option<Place>, u64) {
    let seat = (index % 2) as usize;
    let mut specs = [opponent, opponent];
    specs[seat] = agent;
    let mut agents: Vec<Box<dyn Agent>> =
        specs.iter().map(|spec| spec.automatic().unwrap_or_else(|| Box::new(RandomAgent))).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(index));
    let game = play_out(engine, engine.initial_state(), &mut agents, &mut rng);
    let place = game.result().map(|result| {
        let mine = result.places[seat];
        let theirs = result.places[1 - seat];
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Less => Place::Won,
            std::cmp::Ordering::Equal => Place::Drew,
            std::cmp::Ordering::Greater => Place::Lost,
        }
    });
    (place, game.plies.len() as u64)
}

/// The speed of a one-thread search over positions every few decisions of random games (a few
/// positions a game, each searched for a fixed time).
fn search_speed(engine: &Engine, settings: &Settings) -> Speed {
    let config = MctsConfig {
        budget: Budget::Time(SPEED_SEARCH),
        threads: Some(1),
        ..match settings.mcts {
            AgentSpec::Mcts(config) => config,
            _ => MctsConfig::default(),
        }
    };
    let mut speed = Speed::default();
    let mut moves: Vec<Move> = Vec::new();
    for game in 0..SPEED_GAMES {
        let mut rng = ChaCha8Rng::seed_from_u64(settings.seed.wrapping_add(game));
        let mut state = engine.initial_state();
        let (mut decisions, mut searched) = (0usize, 0usize);
        while searched < SPEED_POSITIONS {
            match engine.status(&state) {
                Status::Over(_) => break,
                Status::Chance { sides } => {
                    engine.apply_chance(&mut state, rng.random_range(1..=sides.max(1)))
                }
                Status::Decision { .. } => {
                    engine.legal_moves(&state, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    if decisions % SPEED_STRIDE == 0 && moves.len() > 1 {
                        speed.add(&mcts::search(engine, &state, &moves, &config, rng.random()));
                        searched += 1;
                    }
                    decisions += 1;
                    engine.apply_move(&mut state, moves[rng.random_range(0..moves.len())]);
                }
            }
        }
    }
    speed
}

/// Searches added up.
#[derive(Default)]
struct Speed {
    positions: usize,
    iterations: u64,
    playouts: u64,
    finished_playouts: u64,
    elapsed: Duration,
}

impl Speed {
    fn add(&mut self, report: &SearchReport) {
        self.positions += 1;
        self.iterations += report.iterations;
        self.playouts += report.playouts;
        self.finished_playouts += report.finished_playouts;
        self.elapsed += report.elapsed;
    }

    fn row(&self, game: &str) -> String {
        let seconds = self.elapsed.as_secs_f64().max(f64::MIN_POSITIVE);
        let finished = 100.0 * self.finished_playouts as f64 / self.playouts.max(1) as f64;
        format!(
            "| {game} | {:.0} | {:.0} | {finished:.0}% | {} |",
            self.iterations as f64 / seconds,
            self.playouts as f64 / seconds,
            self.positions
        )
    }
}
