//! `ludex run`: many games between agents (random by default), on every core, with a progress bar
//! and a summary (see `summary`: wins, draws, how the games ended, lengths, speed, points).
//!
//! Game `i` (0-based) is played with seed `S + i` (wrapping), so any game of a run can be played
//! again alone with `--seed`, and the games are independent of each other: threads play them in
//! batches, and their results are taken in game order, so the summary and the records are the same
//! whatever the number of threads. `--shard I/N` plays a slice of the games (see `summary::Shard`),
//! for `ludex merge` to combine with the other shards into the whole run's summary and records.
//!
//! The plies of each game are written in notation only for `--record`; otherwise they are counted,
//! which spares the notation's work and allocations.
//!
//! `--paired` plays each seed twice, the second time with the agents of the two sides swapped, and
//! reports the pairs instead (see `paired`); game `2i` and `2i + 1` are pair `i`, with seed `S + i`.
//!
//! Ctrl-C stops the run: no game is started after it, the games under way are abandoned, and the
//! games played before the first one not played are kept: their records are written whole, their
//! summary is printed, and the command exits 130.

use std::num::NonZero;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use ludex::agents::AgentSpec;
use ludex::agents::play::{PlayedGame, Plies, play_out_unless};
use ludex::record::Record;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::paired::{Leg, PairTally, PairedSummary, Sides};
use super::session::{MatchArgs, RecordFile, Session};
use super::summary::{Extent, Shard, Summary, Tally};
use super::{CliError, CliResult};

/// The most threads `--threads` accepts.
const MAX_THREADS: usize = 1024;
/// Each thread's share of a batch: the threads wait for each other only at the end of a batch.
const GAMES_PER_THREAD_IN_A_BATCH: usize = 64;

/// Set by Ctrl-C while a run plays.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

#[derive(Args)]
pub struct RunArgs {
    #[command(flatten)]
    game: MatchArgs,
    /// How many games to play (or `games` in the match file); with --paired, how many pairs
    #[arg(long)]
    games: Option<u64>,
    /// Play each seed twice, the agents of the two sides swapped the second time, and report the
    /// pairs with 95% intervals (side A: the first seat's agent; B: the other)
    #[arg(long, conflicts_with = "shard")]
    paired: bool,
    /// Play on this many threads (default: one per core); the summary and records do not depend on it
    #[arg(long, value_parser = parse_threads)]
    threads: Option<usize>,
    /// Play only shard I of N (I from 0 to N-1): the I-th of N equal slices of consecutive games,
    /// for `ludex merge` to combine
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    shard: Option<(u64, u64)>,
    /// Print the summary as JSON (and no progress bar)
    #[arg(long)]
    json: bool,
}

pub fn run(args: &RunArgs) -> CliResult {
    let session = Session::open(&args.game, |_| AgentSpec::Random)?;
    if let Some(seat) = session.agents.iter().position(|&agent| agent == AgentSpec::Human) {
        return Err(CliError::usage(format!(
            "run plays without people, but seat {} ({}) is human: give it another agent with --seat",
            seat + 1,
            session.seat_name(seat)
        )));
    }
    let games = args
        .games
        .or(session.games)
        .ok_or_else(|| CliError::usage("how many games? give --games N (or `games` in the match file)"))?;
    let seed = session.seed.unwrap_or(0);
    let threads =
        args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, NonZero::get));
    watch_for_ctrl_c();
    let record_file = args.game.record.as_deref().map(RecordFile::create).transpose()?;
    // Notation is written only for the records.
    let plies = if record_file.is_some() { Plies::Written } else { Plies::Counted };
    let ran = if args.paired {
        let sides = Sides::new(&session.agents).map_err(CliError::usage)?;
        let job = Job { session: &session, seed, plies, pairing: Some(&sides) };
        run_pairs(args, &job, &sides, games, threads, record_file)
    } else {
        let job = Job { session: &session, seed, plies, pairing: None };
        run_games(args, &job, games, threads, record_file)
    };
    match session.engine.fault() {
        Some(fault) => Err(CliError::failed(format!("the games above cannot be trusted: {fault}"))),
        None => ran,
    }
}

/// Plays the games of a run and prints their summary.
fn run_games(
    args: &RunArgs,
    job: &Job,
    games: u64,
    threads: usize,
    mut record_file: Option<RecordFile>,
) -> CliResult {
    let session = job.session;
    let shard = args.shard.map(|(index, count)| Shard { index, count, run_games: games });
    let slice = shard.map_or(0..games, |shard| shard.games());
    let progress = progress_bar(slice.end - slice.start, args.json);
    let mut tally = Tally::new(session.agents.len(), session.engine.game.end.len());
    let started = Instant::now();
    let played = play_in_order(job, slice.clone(), threads, &progress, |index, game| {
        tally.add(&game);
        write_record(job, record_file.as_mut(), index, game)
    });
    progress.finish_and_clear();
    played?;
    record_file.map(RecordFile::finish).transpose()?;
    let record = args.game.record.as_ref().map(|path| path.display().to_string());
    let extent = Extent { planned: slice.end - slice.start, shard, record };
    let summary =
        Summary::new(&session.summary_match(job.seed), tally, extent, started.elapsed().as_secs_f64());
    summary.print(args.json)?;
    stopped_early(summary.interrupted(), "summary", summary.games(), "game")
}

/// Plays the pairs of a paired run and prints their report.
fn run_pairs(
    args: &RunArgs,
    job: &Job,
    sides: &Sides,
    pairs: u64,
    threads: usize,
    mut record_file: Option<RecordFile>,
) -> CliResult {
    let games = pairs.saturating_mul(2);
    let progress = progress_bar(games, args.json);
    let mut tally = PairTally::default();
    let started = Instant::now();
    let played = play_in_order(job, 0..games, threads, &progress, |index, game| {
        tally.add(sides, index, &game);
        write_record(job, record_file.as_mut(), index, game)
    });
    progress.finish_and_clear();
    played?;
    record_file.map(RecordFile::finish).transpose()?;
    let record = args.game.record.as_ref().map(|path| path.display().to_string());
    let seconds = started.elapsed().as_secs_f64();
    let summary = PairedSummary::new(job.session, sides, &tally, (job.seed, pairs), record, seconds);
    summary.print(args.json)?;
    stopped_early(summary.interrupted(), "report", summary.pairs(), "pair")
}

/// The exit of a run Ctrl-C interrupted (its `report` covers `count` `unit`s), else success.
fn stopped_early(interrupted: bool, report: &str, count: u64, unit: &str) -> CliResult {
    if interrupted {
        return Err(CliError::interrupted(format!(
            "interrupted: the {report} covers the {} played before it",
            super::input::plural(count as usize, unit)
        )));
    }
    Ok(())
}

/// Writes game `index` of the run to the record file, if there is one.
fn write_record(job: &Job, file: Option<&mut RecordFile>, index: u64, game: PlayedGame) -> CliResult {
    match file {
        Some(file) => {
            let (seed, agents) = job.game(index);
            file.write(&Record::new(job.session.header_with(seed, &agents), game))
        }
        None => Ok(()),
    }
}

/// From now on Ctrl-C sets [`INTERRUPTED`] instead of ending the process. (Where no handler can
/// be set, Ctrl-C ends the process at once, as it would without one.)
fn watch_for_ctrl_c() {
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::Relaxed));
}

/// The games of a run: game `i` is played with seed `seed + i`, or in a paired run, game `i` is
/// leg `i mod 2` of the pair with seed `seed + i / 2`.
struct Job<'s> {
    session: &'s Session,
    seed: u64,
    plies: Plies,
    pairing: Option<&'s Sides>,
}

impl Job<'_> {
    /// The seed and the seats' agents of game `index` of the run.
    fn game(&self, index: u64) -> (u64, Vec<AgentSpec>) {
        match self.pairing {
            None => (self.seed.wrapping_add(index), self.session.agents.clone()),
            Some(sides) => (self.seed.wrapping_add(index / 2), sides.seat_agents(Leg::of_game(index))),
        }
    }
}

/// Plays the games `games` on `threads` threads and hands each to `take` with its index, in game
/// order, until every game is played or Ctrl-C: then it stops at the first game not played.
fn play_in_order(
    job: &Job,
    games: Range<u64>,
    threads: usize,
    progress: &ProgressBar,
    mut take: impl FnMut(u64, PlayedGame) -> CliResult,
) -> CliResult {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|error| CliError::failed(format!("cannot start {threads} threads: {error}")))?;
    let batch = threads.saturating_mul(GAMES_PER_THREAD_IN_A_BATCH) as u64;
    let mut first = games.start;
    while first < games.end {
        let count = batch.min(games.end - first) as usize;
        let played: Vec<Option<PlayedGame>> = pool.install(|| {
            (0..count)
                .into_par_iter()
                .map(|offset| {
                    let game = play_one(job, first + offset as u64);
                    progress.inc(1);
                    game
                })
                .collect()
        });
        for (index, game) in (first..).zip(played) {
            let Some(game) = game else { return Ok(()) };
            take(index, game)?;
        }
        first += count as u64;
    }
    Ok(())
}

/// Game `index` of the run, unless Ctrl-C came before it ended.
fn play_one(job: &Job, index: u64) -> Option<PlayedGame> {
    if INTERRUPTED.load(Ordering::Relaxed) {
        return None;
    }
    let session = job.session;
    let (seed, specs) = job.game(index);
    // No seat is human: `run` refused them.
    let mut agents: Vec<Box<dyn ludex::agents::Agent>> = specs
        .iter()
        .map(|spec| spec.automatic().unwrap_or_else(|| Box::new(ludex::agents::RandomAgent)))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    play_out_unless(&INTERRUPTED, job.plies, &session.engine, session.start.clone(), &mut agents, &mut rng)
}

/// A progress bar on standard error, hidden when that is not a terminal or with `--json`.
fn progress_bar(games: u64, json: bool) -> ProgressBar {
    if json || !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}") {
        bar.set_style(style);
    }
    bar
}

/// Parses `--threads N`: from 1 to [`MAX_THREADS`].
fn parse_threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(threads) if (1..=MAX_THREADS).contains(&threads) => Ok(threads),
        _ => Err(format!("expected a number of threads from 1 to {MAX_THREADS}, got `{text}`")),
    }
}

/// Parses `--shard I/N`: `N` at least 1, `I` from 0 to `N - 1`.
fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let bad = || {
        format!(
            "expected I/N with N at least 1 and I from 0 to N-1 (shard 0/4 is the first of 4), got `{text}`"
        )
    };
    let (index, count) = text.split_once('/').ok_or_else(bad)?;
    let index: u64 = index.trim().parse().map_err(|_| bad())?;
    let count: u64 = count.trim().parse().map_err(|_| bad())?;
    if index < count { Ok((index, count)) } else { Err(bad()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_and_threads_parse_with_clear_errors() {
        assert_eq!(parse_shard("0/4"), Ok((0, 4)));
        assert_eq!(parse_shard("3/4"), Ok((3, 4)));
        for bad in ["4/4", "1/0", "0/0", "-1/4", "1", "a/b", "1/2/3", ""] {
            assert!(parse_shard(bad).unwrap_err().contains("I/N"), "{bad}");
        }
        assert_eq!(parse_threads("3"), Ok(3));
        for bad in ["0", "-2", "x", "100000"] {
            assert!(parse_threads(bad).unwrap_err().contains("from 1 to"), "{bad}");
        }
    }
}
