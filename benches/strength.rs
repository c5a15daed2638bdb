//! The agents' strength, measured rather than assumed: on every game in `rules/`, `mcts` plays
//! `random`, and in two-seat games `greedy` too (and `greedy` plays `random`, for reference). The
//! agent measured takes one seat and its team mates, the opponent every other seat, the agent's
//! seat going round the seats from game to game; the win rates are printed as Markdown tables
//! with 95% Wilson intervals beside the share of wins an even side would get and the wins split by
//! how the agent's side stood at the first decision by the agents' heuristic (a random setup can
//! decide much of a game),
//! followed by the search speed (iterations and playouts a second, one thread, and the share of
//! playouts that finish the game) on positions from random games (the measured agent's
//! parameters, searched for a fixed time).
//!
//! ```text
//! cargo bench --bench strength -- [--games N] [--mcts SPEC] [--seed S] [--workers N]
//!     [--pairings random,greedy,reference|none] [--level-within N] [--per-game CSV]
//!     [FILE[:NAME=VALUE,...]...]
//! ```
//!
//! `--level-within N` plays only the setups that leave the agent's side within `N` of the other
//! sides at the first decision by the heuristic (skipping the seeds of the others), for games whose
//! rolled setup decides most games: the agents' skill is then measured where the dice leave the
//! game to the players.
//!
//! `--per-game CSV` also writes one line a game (the game, the agents, the seed, the agent's seat,
//! its side's lead at the first decision by the heuristic, the outcome, the plies), for analyses
//! the tables do not make: how the result depends on how far the setup put the agent behind, say.
//!
//! Options of a game follow its file after a colon: `rules/den-den.rules:players=4`.
//! Defaults: 40 games a pairing, `mcts:iterations=1000,threads=1` (a thousand iterations a move,
//! one thread), seed 1, one worker a core (each game is played on one worker; with an iteration
//! budget the tables do not depend on the number of workers or the machine). Game `i` of a
//! pairing uses seed `S + i`; the agent measured takes seat `i mod n` of `n` (and its team mates).
//! It wins a game when its side ends ahead of every other side, and loses when another side ends
//! ahead of it (a side's standing is the mean place of its seats).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use ludex::OptionValues;
use ludex::agents::evaluation::{advantage, heuristic_scores};
use ludex::agents::mcts::{self, Budget, MctsConfig, SearchReport};
use ludex::agents::play::{play_out, roll_to_decision};
use ludex::agents::stats::Proportion;
use ludex::agents::{Agent, AgentSpec, RandomAgent};
use ludex::ir::Game;
use ludex::runtime::{Engine, Move, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How many seeds `--level-within` looks through for each game it plays, at most.
const LEVEL_SCAN: u64 = 100;

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
    pairings: Pairings,
    /// Only the setups whose starting lead is within this (`--level-within`).
    level_within: Option<f64>,
    per_game: Option<PathBuf>,
    files: Vec<GameFile>,
}

/// A rules file and the option values to compile it with.
struct GameFile {
    path: PathBuf,
    options: OptionValues,
}

impl GameFile {
    /// `FILE` or `FILE:NAME=VALUE,...`.
    fn parse(arg: &str) -> Result<GameFile, String> {
        let Some((path, list)) = arg.split_once(':').filter(|(_, list)| list.contains('=')) else {
            return Ok(GameFile { path: PathBuf::from(arg), options: OptionValues::new() });
        };
        let mut options = OptionValues::new();
        for pair in list.split(',') {
            let (name, value) = pair.split_once('=').ok_or(format!("{arg}: options are NAME=VALUE"))?;
            let value = value.trim().parse().map_err(|e| format!("{arg}: {name}: {e}"))?;
            options.insert(name.trim().to_string(), value);
        }
        Ok(GameFile { path: PathBuf::from(path), options })
    }

    /// The file's name without `.rules`, and its options.
    fn name(&self) -> String {
        let stem = self.path.file_stem().map_or(String::new(), |stem| stem.to_string_lossy().into_owned());
        let options: Vec<String> =
            self.options.iter().map(|(name, value)| format!("{name}={value}")).collect();
        if options.is_empty() { stem } else { format!("{stem} ({})", options.join(", ")) }
    }
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
        mcts: "mcts:iterations=1000,threads=1".parse()?,
        seed: 1,
        workers: cores,
        pairings: Pairings::ALL,
        level_within: None,
        per_game: None,
        files: Vec::new(),
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--bench" => {}
            "--games" => settings.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--mcts" => settings.mcts = value()?.parse()?,
            "--pairings" => settings.pairings = Pairings::parse(&value()?)?,
            "--level-within" => {
                let within: f64 = value()?.parse().map_err(|e| format!("--level-within: {e}"))?;
                settings.level_within = Some(within).filter(|within| *within >= 0.0);
                if settings.level_within.is_none() {
                    return Err("--level-within: a lead of 0 or more".into());
                }
            }
            "--per-game" => settings.per_game = Some(PathBuf::from(value()?)),
            "--seed" => settings.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--workers" => settings.workers = value()?.parse().map_err(|e| format!("--workers: {e}"))?,
            _ if arg.starts_with("--") => return Err(format!("unknown flag {arg}")),
            _ => settings.files.push(GameFile::parse(&arg)?),
        }
    }
    if settings.files.is_empty() {
        settings.files = shipped_rules()?;
    }
    settings.workers = settings.workers.max(1);
    Ok(settings)
}

/// `rules/*.rules`, sorted, with default options.
fn shipped_rules() -> Result<Vec<GameFile>, String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/rules");
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{dir}: {e}"))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "rules"))
        .collect();
    files.sort();
    Ok(files.into_iter().map(|path| GameFile { path, options: OptionValues::new() }).collect())
}

fn run(settings: &Settings) {
    let engines: Vec<(String, Engine)> = settings.files.iter().filter_map(engine).collect();
    let setups = settings.level_within.map_or(String::new(), |within| {
        format!(", setups with the agent's side within {within} of the others at the start")
    });
    println!(
        "Budget: {}; {} games a pairing, seeds from {}{setups}\n",
        settings.mcts, settings.games, settings.seed
    );
    println!(
        "| game | agent | opponent | games | wins | draws | losses | win rate (95% CI) | even share | wins/games starting behind · level · ahead | mean plies |"
    );
    println!("| --- | --- | --- | ---: | ---: | ---: | ---: | --- | ---: | --- | ---: |");
    let mut per_game = settings.per_game.as_ref().and_then(|path| {
        let created = std::fs::File::create(path).map_err(|e| eprintln!("{}: {e}", path.display()));
        created.ok().map(|file| (path, std::io::BufWriter::new(file)))
    });
    if let Some((_, out)) = &mut per_game {
        write_or_warn(out, "game,agent,opponent,seed,seat,lead,outcome,plies");
    }
    for (name, engine) in &engines {
        for (agent, opponent) in settings.pairings.of(&engine.game, settings.mcts) {
            let tally = play_pairing(engine, agent, opponent, settings);
            println!("{}", tally.row(name, agent, opponent, sides(&engine.game)));
            if let Some((_, out)) = &mut per_game {
                for game in &tally.played {
                    write_or_warn(out, &game.csv(name, agent, opponent));
                }
            }
        }
    }
    if let Some((path, out)) = &mut per_game {
        std::io::Write::flush(out).unwrap_or_else(|e| eprintln!("{}: {e}", path.display()));
    }
    println!("\n| game | iterations/s | playouts/s | playouts that finish the game | positions searched |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for (name, engine) in &engines {
        println!("{}", search_speed(engine, settings).row(name));
    }
}

fn write_or_warn(out: &mut impl std::io::Write, line: &str) {
    writeln!(out, "{line}").unwrap_or_else(|e| eprintln!("--per-game: {e}"));
}

/// The engine of a rules file with its options, named by the file and the options; a file that
/// cannot be read or does not compile is skipped.
fn engine(file: &GameFile) -> Option<(String, Engine)> {
    let path = file.path.display();
    let text = std::fs::read_to_string(&file.path).map_err(|e| eprintln!("{path}: {e}")).ok()?;
    let compiled = ludex::compile(&text, &file.options);
    let Some(game) = compiled.game else {
        eprintln!("{path}: does not compile with {:?}; skipped", file.options);
        return None;
    };
    Some((file.name(), Engine::new(game)))
}

/// The pairings of `--pairings` (default: all three): `mcts` against `random`, against `greedy`
/// (two-seat games only), and `greedy` against `random` (the reference).
#[derive(Clone, Copy)]
struct Pairings {
    random: bool,
    greedy: bool,
    reference: bool,
}

impl Pairings {
    const ALL: Pairings = Pairings { random: true, greedy: true, reference: true };

    /// `random,greedy,reference` or any of them; `none` for the speed table alone.
    fn parse(list: &str) -> Result<Pairings, String> {
        let mut pairings = Pairings { random: false, greedy: false, reference: false };
        for word in list.split(',') {
            match word.trim() {
                "random" => pairings.random = true,
                "greedy" => pairings.greedy = true,
                "reference" => pairings.reference = true,
                "none" => {}
                other => return Err(format!("--pairings: {other}? (random, greedy, reference, none)")),
            }
        }
        Ok(pairings)
    }

    /// The agent and opponent of each pairing played on the game.
    fn of(self, game: &Game, mcts: AgentSpec) -> Vec<(AgentSpec, AgentSpec)> {
        let wanted = [
            (self.random, (mcts, AgentSpec::Random)),
            (self.greedy && game.seats.len() == 2, (mcts, AgentSpec::Greedy)),
            (self.reference, (AgentSpec::Greedy, AgentSpec::Random)),
        ];
        wanted.into_iter().filter(|(wanted, _)| *wanted).map(|(_, pairing)| pairing).collect()
    }
}

/// Whether two seats play on the same side: the same seat, or team mates.
fn allied(game: &Game, a: usize, b: usize) -> bool {
    let team = |seat: usize| game.seats.get(seat).and_then(|seat| seat.team);
    a == b || team(a).is_some_and(|t| Some(t) == team(b))
}

/// The number of sides: seats, team mates counted once.
fn sides(game: &Game) -> usize {
    (0..game.seats.len()).filter(|&seat| (0..seat).all(|earlier| !allied(game, earlier, seat))).count()
}

/// The agent's wins, draws and losses against the opponent.
#[derive(Default)]
struct Tally {
    wins: u64,
    draws: u64,
    losses: u64,
    plies: u64,
    /// Wins and games by how the agent's side started (see [`Start`]): behind, level, ahead.
    by_start: [(u64, u64); 3],
    /// Every game, in the order of their seeds.
    played: Vec<Played>,
}

/// One game of a pairing, for `--per-game`.
struct Played {
    seed: u64,
    seat: usize,
    /// The agent's side's lead at the first decision (see [`Start`]).
    lead: f64,
    place: Option<Place>,
    plies: u64,
}

impl Played {
    fn csv(&self, game: &str, agent: AgentSpec, opponent: AgentSpec) -> String {
        let outcome = match self.place {
            Some(Place::Won) => "win",
            Some(Place::Drew) => "draw",
            Some(Place::Lost) => "loss",
            None => "unfinished",
        };
        let Played { seed, seat, lead, plies, .. } = self;
        format!("\"{game}\",\"{agent}\",\"{opponent}\",{seed},{seat},{lead},{outcome},{plies}")
    }
}

impl Tally {
    fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    fn row(&self, game: &str, agent: AgentSpec, opponent: AgentSpec, sides: usize) -> String {
        let rate = Proportion::new(self.wins, self.games());
        let mean_plies = self.plies as f64 / self.games().max(1) as f64;
        let share = 100.0 / sides.max(1) as f64;
        format!(
            "| {game} | {agent} | {opponent} | {} | {} | {} | {} | {:.0}% ({:.0}–{:.0}%) | {share:.0}% | {} | {mean_plies:.0} |",
            self.games(),
            self.wins,
            self.draws,
            self.losses,
            100.0 * rate.rate,
            100.0 * rate.low,
            100.0 * rate.high,
            self.by_start.map(|(wins, games)| format!("{wins}/{games}")).join(" · ")
        )
    }
}

/// How the agent's side stood at the first decision point of a game, by the heuristic the agents
/// use (`rank by` keys or material): a game whose setup is random may start far from even.
#[derive(Clone, Copy)]
enum Start {
    Behind,
    Level,
    Ahead,
}

impl Start {
    fn of(lead: f64) -> Start {
        match lead.total_cmp(&0.0) {
            std::cmp::Ordering::Less => Start::Behind,
            std::cmp::Ordering::Equal => Start::Level,
            std::cmp::Ordering::Greater => Start::Ahead,
        }
    }
}

/// How far the seat's side leads at the first decision of the game of this seed.
fn starting_lead(engine: &Engine, seat: usize, seed: u64) -> f64 {
    let mut state = engine.initial_state();
    roll_to_decision(engine, &mut state, &mut ChaCha8Rng::seed_from_u64(seed));
    let mut scores = Vec::new();
    heuristic_scores(engine, &state, &mut scores);
    advantage(&engine.game, &scores, seat)
}

/// One game of a pairing: its seed, the agent's seat and its side's lead at the first decision.
struct Setup {
    seed: u64,
    seat: usize,
    lead: f64,
}

/// The games a pairing plays: game `i` has seed `S + i` and gives the agent seat `i mod n`. The
/// first `games`, or with `--level-within` the first `games` whose setup is level enough (looking
/// through [`LEVEL_SCAN`] seeds a game at most).
fn setups(engine: &Engine, settings: &Settings) -> Vec<Setup> {
    let seats = engine.game.seats.len().max(1) as u64;
    let setup = |index: u64| {
        let (seat, seed) = ((index % seats) as usize, settings.seed.wrapping_add(index));
        Setup { seed, seat, lead: starting_lead(engine, seat, seed) }
    };
    let Some(within) = settings.level_within else { return (0..settings.games).map(setup).collect() };
    let scan = settings.games.saturating_mul(LEVEL_SCAN);
    let level: Vec<Setup> = (0..scan)
        .map(setup)
        .filter(|setup| setup.lead.abs() <= within)
        .take(settings.games as usize)
        .collect();
    if (level.len() as u64) < settings.games {
        eprintln!("--level-within {within}: {} level setups in {scan} seeds", level.len());
    }
    level
}

/// Plays the pairing's games on the workers, each game with its own seed.
fn play_pairing(engine: &Engine, agent: AgentSpec, opponent: AgentSpec, settings: &Settings) -> Tally {
    let setups = setups(engine, settings);
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    std::thread::scope(|scope| {
        for _ in 0..settings.workers {
            scope.spawn(|| {
                while let Some(setup) = setups.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let (place, plies) = play_game(engine, agent, opponent, setup);
                    let Setup { seed, seat, lead } = *setup;
                    let mut tally = tally.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    tally.plies += plies;
                    let (wins, games) = &mut tally.by_start[Start::of(lead) as usize];
                    *games += 1;
                    *wins += u64::from(matches!(place, Some(Place::Won)));
                    match place {
                        Some(Place::Won) => tally.wins += 1,
                        Some(Place::Lost) => tally.losses += 1,
                        _ => tally.draws += 1,
                    }
                    tally.played.push(Played { seed, seat, lead, place, plies });
                }
            });
        }
    });
    let mut tally = tally.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    tally.played.sort_by_key(|game| game.seed);
    tally
}

enum Place {
    Won,
    Drew,
    Lost,
}

/// One game: the agent takes the setup's seat and its team mates, the opponent the other seats.
/// Returns how the agent did (`None` for a game the rules did not end) and the game's plies.
fn play_game(engine: &Engine, agent: AgentSpec, opponent: AgentSpec, setup: &Setup) -> (Option<Place>, u64) {
    let (seats, seat) = (engine.game.seats.len(), setup.seat);
    let ours = |other: usize| allied(&engine.game, seat, other);
    let mut agents: Vec<Box<dyn Agent>> = (0..seats)
        .map(|other| if ours(other) { agent } else { opponent })
        .map(|spec| spec.automatic().unwrap_or_else(|| Box::new(RandomAgent)))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    let game = play_out(engine, engine.initial_state(), &mut agents, &mut rng);
    let place = game.result().map(|result| {
        let mine = side_place(&engine.game, &result.places, seat);
        let theirs = (0..seats)
            .filter(|&other| !ours(other))
            .map(|other| side_place(&engine.game, &result.places, other));
        match mine.total_cmp(&theirs.fold(f64::INFINITY, f64::min)) {
            std::cmp::Ordering::Less => Place::Won,
            std::cmp::Ordering::Equal => Place::Drew,
            std::cmp::Ordering::Greater => Place::Lost,
        }
    });
    (place, game.plies.len() as u64)
}

/// The mean place of the seat's side (the seat and its team mates).
fn side_place(game: &Game, places: &[u32], seat: usize) -> f64 {
    let side: Vec<f64> = (0..places.len())
        .filter(|&other| allied(game, seat, other))
        .map(|other| f64::from(places[other]))
        .collect();
    side.iter().sum::<f64>() / side.len().max(1) as f64
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
                        speed.add(&mcts::search(
                            engine,
                            &mcts::Root { state: &state, past: &[] },
                            &moves,
                            &config,
                            rng.random(),
                        ));
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
