//! `ludex run`: many games between agents (random by default), with a progress bar and a summary:
//! wins per seat with the win rate and its 95% Wilson interval (so balance, such as an advantage of
//! the first seat, shows at a glance), draws, game lengths and speed, and mean points when the rules
//! give scores. Game `i` (0-based) is played with seed `S + i` (wrapping), so any game of a run can
//! be played again alone with `--seed`.
//!
//! A seat wins a game when its place is 1 and not every seat has place 1; a draw is a game where
//! every seat has place 1. A game's length counts its plies: the moves played (`pass` and `end`
//! included), not the chance outcomes, which records hold too.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use ludex::agents::AgentSpec;
use ludex::agents::play::{PlayedGame, play_out};
use ludex::agents::stats::Proportion;
use ludex::record::Record;
use ludex::runtime::GameResult;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::input::plural;
use super::session::{MatchArgs, RecordFile, Session};
use super::{CliError, CliResult};

#[derive(Args)]
pub struct RunArgs {
    #[command(flatten)]
    game: MatchArgs,
    /// How many games to play (or `games` in the match file)
    #[arg(long)]
    games: Option<u64>,
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
    let mut record_file = args.game.record.as_deref().map(RecordFile::create).transpose()?;
    let progress = if args.json { ProgressBar::hidden() } else { progress_bar(games) };
    let mut tally = Tally::new(session.agents.len());
    let started = Instant::now();
    for index in 0..games {
        let game_seed = seed.wrapping_add(index);
        let played = play_one(&session, game_seed);
        tally.add(&played);
        if let Some(file) = record_file.as_mut() {
            file.write(&Record::new(session.header(game_seed), played))?;
        }
        progress.inc(1);
    }
    progress.finish_and_clear();
    record_file.map(RecordFile::finish).transpose()?;
    let report = Report::new(&session, &tally, seed, started.elapsed());
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &report).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", report.text())?;
    }
    Ok(())
}

fn play_one(session: &Session, seed: u64) -> PlayedGame {
    // No seat is human: `run` refused them.
    let mut agents = session.make_agents(|| Box::new(ludex::agents::RandomAgent));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    play_out(&session.engine, session.start.clone(), &mut agents, &mut rng)
}

/// A progress bar on standard error, hidden when that is not a terminal.
fn progress_bar(games: u64) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}") {
        bar.set_style(style);
    }
    bar
}

/// The seats with place 1, unless every seat has place 1 (a draw: no winner).
pub fn winners(result: &GameResult) -> Vec<usize> {
    if result.places.iter().all(|&place| place == 1) {
        return Vec::new();
    }
    result.places.iter().enumerate().filter(|&(_, &place)| place == 1).map(|(seat, _)| seat).collect()
}

/// Counts over the games played.
struct Tally {
    games: u64,
    draws: u64,
    /// Games the rules did not end (an agent left, or the driver stopped).
    unfinished: u64,
    wins: Vec<u64>,
    /// Moves over all games, and in the longest game.
    total_plies: u64,
    max_plies: usize,
    /// Games whose result gave scores, and each seat's points over them.
    scored: u64,
    points: Vec<i64>,
}

impl Tally {
    fn new(seats: usize) -> Tally {
        Tally {
            games: 0,
            draws: 0,
            unfinished: 0,
            wins: vec![0; seats],
            total_plies: 0,
            max_plies: 0,
            scored: 0,
            points: vec![0; seats],
        }
    }

    fn add(&mut self, game: &PlayedGame) {
        self.games += 1;
        let plies = game.moves();
        self.total_plies += plies as u64;
        self.max_plies = self.max_plies.max(plies);
        let Some(result) = game.result() else {
            self.unfinished += 1;
            return;
        };
        if !result.scores.is_empty() {
            self.scored += 1;
            for (total, &points) in self.points.iter_mut().zip(&result.scores) {
                *total = total.saturating_add(points);
            }
        }
        let winners = winners(result);
        if winners.is_empty() {
            self.draws += 1;
        }
        for seat in winners {
            if let Some(wins) = self.wins.get_mut(seat) {
                *wins += 1;
            }
        }
    }
}

/// The summary, as printed with `--json`.
#[derive(Serialize)]
struct Report {
    game: String,
    games: u64,
    /// Game `i` used seed `seed + i`.
    seed: u64,
    draws: u64,
    /// Draws over games, with its 95% Wilson interval.
    draw_rate: Proportion,
    unfinished: u64,
    seats: Vec<SeatReport>,
    mean_length: f64,
    max_length: usize,
    seconds: f64,
    games_per_second: f64,
    plies_per_second: f64,
    /// The points table (mean points per seat and team), when the games gave scores.
    #[serde(skip)]
    points: Option<String>,
}

#[derive(Serialize)]
struct SeatReport {
    seat: String,
    agent: String,
    wins: u64,
    /// Wins over games, with its 95% Wilson interval.
    win_rate: Proportion,
    /// Mean points over the games that gave scores.
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_points: Option<f64>,
}

impl Report {
    fn new(session: &Session, tally: &Tally, seed: u64, elapsed: Duration) -> Report {
        let seconds = elapsed.as_secs_f64();
        let per_second = |count: f64| if seconds > 0.0 { count / seconds } else { 0.0 };
        let seats = tally
            .wins
            .iter()
            .zip(&session.agents)
            .enumerate()
            .map(|(seat, (&wins, agent))| SeatReport {
                seat: session.seat_name(seat).to_string(),
                agent: agent.to_string(),
                wins,
                win_rate: Proportion::new(wins, tally.games),
                mean_points: mean_points(tally).map(|points| points[seat]),
            })
            .collect();
        let points = mean_points(tally)
            .map(|points| super::points::table(&session.engine.game, "mean points", &points, 1));
        Report {
            game: session.engine.game.name.clone(),
            games: tally.games,
            seed,
            draws: tally.draws,
            draw_rate: Proportion::new(tally.draws, tally.games),
            unfinished: tally.unfinished,
            seats,
            mean_length: if tally.games == 0 { 0.0 } else { tally.total_plies as f64 / tally.games as f64 },
            max_length: tally.max_plies,
            seconds,
            games_per_second: per_second(tally.games as f64),
            plies_per_second: per_second(tally.total_plies as f64),
            points,
        }
    }

    fn text(&self) -> String {
        let last_seed = self.seed.wrapping_add(self.games.saturating_sub(1));
        let mut text = format!("{}: {} games, seeds {} to {last_seed}\n", self.game, self.games, self.seed);
        let agent_width = self.seats.iter().map(|seat| seat.agent.len()).max().unwrap_or(0).max(8);
        for seat in &self.seats {
            let wins = plural(seat.wins as usize, "win");
            let rate = percent(seat.win_rate);
            text.push_str(&format!("  {:<12} {:<agent_width$} {wins:>10}  {rate}\n", seat.seat, seat.agent));
        }
        text.push_str(&format!("  draws {}  {}", self.draws, percent(self.draw_rate)));
        if self.unfinished > 0 {
            text.push_str(&format!(", unfinished {}", self.unfinished));
        }
        text.push_str(&format!(
            "\n  length: mean {:.1} plies, max {}\n  speed: {:.1} games/s, {:.0} plies/s ({:.2} s)\n",
            self.mean_length, self.max_length, self.games_per_second, self.plies_per_second, self.seconds
        ));
        for line in self.points.iter().flat_map(|points| points.lines()) {
            text.push_str(&format!("  {line}\n"));
        }
        text
    }
}

/// `52.0% (95% CI 42.3–61.5%)`.
fn percent(proportion: Proportion) -> String {
    let Proportion { rate, low, high } = proportion;
    format!("{:5.1}% (95% CI {:.1}–{:.1}%)", 100.0 * rate, 100.0 * low, 100.0 * high)
}

/// Each seat's mean points over the games that gave scores, if any did.
fn mean_points(tally: &Tally) -> Option<Vec<f64>> {
    (tally.scored > 0).then(|| tally.points.iter().map(|&p| p as f64 / tally.scored as f64).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludex::agents::play::Ending;

    fn result(places: &[u32]) -> GameResult {
        GameResult { places: places.to_vec(), reason: "test".into(), scores: Vec::new() }
    }

    /// A game of `moves` passes, each after a roll.
    fn played(ending: Ending, moves: usize) -> PlayedGame {
        let plies = ["roll 1", "pass"].iter().cycle().take(2 * moves).map(|p| p.to_string()).collect();
        PlayedGame { plies, ending }
    }

    #[test]
    fn winners_have_place_one_unless_everyone_does() {
        assert_eq!(winners(&result(&[1, 2])), vec![0]);
        assert_eq!(winners(&result(&[2, 1, 1, 2])), vec![1, 2]);
        assert!(winners(&result(&[1, 1])).is_empty());
    }

    #[test]
    fn the_tally_counts_wins_draws_unfinished_and_lengths() {
        let mut tally = Tally::new(2);
        tally.add(&played(Ending::Over(result(&[2, 1])), 10));
        tally.add(&played(Ending::Over(result(&[1, 1])), 30));
        tally.add(&played(Ending::Quit { seat: 0 }, 5));
        assert_eq!((tally.games, tally.draws, tally.unfinished), (3, 1, 1));
        assert_eq!(tally.wins, vec![0, 1]);
        assert_eq!((tally.total_plies, tally.max_plies), (45, 30));
    }
}
