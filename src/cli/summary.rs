//! The summary of many games, as `run` prints it and `merge` rebuilds it from shards: the counts
//! ([`Tally`], which add up exactly from shard to shard) and the report made from them
//! ([`Summary`], as text or JSON).
//!
//! A seat wins a game when its place is 1 and not every seat has place 1; a draw is a game where
//! every seat has place 1. The win and draw rates are over the games the rules decided: those an end
//! rule ended, those where no seat could move (every seat passed in a row), and those whose start
//! position stated a result. Games that reached the move limit are shown apart, not ranked into the
//! rates, and a warning says so when they are many. A game's length counts its plies: the moves
//! played (`pass` and `end` included), not the chance outcomes, which records hold too.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::ops::Range;

use ludex::agents::play::PlayedGame;
use ludex::agents::stats::Proportion;
use ludex::ast::Item;
use ludex::ir::{Game, Number};

use super::points::Points;
use ludex::runtime::{EndReason, GameResult};
use serde::{Deserialize, Serialize};

use super::CliResult;
use super::input::plural;

/// From this share of games at the move limit on, the summary warns that its rates cover few games.
const MOVE_LIMIT_WARNING_SHARE: f64 = 0.10;
/// The longest end rule text shown in the text summary; longer ones are cut with `…`.
const END_RULE_TEXT_WIDTH: usize = 48;

/// The seats with place 1, unless every seat has place 1 (a draw: no winner).
pub fn winners(result: &GameResult) -> Vec<usize> {
    if result.places.iter().all(|&place| place == 1) {
        return Vec::new();
    }
    result.places.iter().enumerate().filter(|&(_, &place)| place == 1).map(|(seat, _)| seat).collect()
}

/// The source text of each end rule, in order, on one line (whitespace runs made one space).
pub fn end_rule_texts(rules_text: &str) -> Vec<String> {
    let (file, _) = ludex::syntax::parse(rules_text);
    let Some(end) = file.items.iter().find_map(|item| match item {
        Item::End(end) => Some(end),
        _ => None,
    }) else {
        return Vec::new();
    };
    end.rules
        .iter()
        .map(|rule| {
            let source = rules_text.get(rule.span.start..rule.span.end).unwrap_or("");
            source.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .collect()
}

/// A slice of a run's games, for running it on several machines: shard `index` of `count` plays
/// the games from `index * games / count` (rounded down) up to the next shard's first, so the
/// shards in order play every game once, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// From 0 to `count - 1`.
    pub index: u64,
    pub count: u64,
    /// The games of the whole run.
    pub run_games: u64,
}

impl Shard {
    /// The indices of the games this shard plays (game `i` uses seed `S + i`).
    pub fn games(&self) -> Range<u64> {
        let first =
            |index: u64| (u128::from(index) * u128::from(self.run_games) / u128::from(self.count)) as u64;
        first(self.index)..first(self.index + 1)
    }
}

/// The games that ended one way: how many, each seat's wins and the draws among them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndCount {
    pub games: u64,
    pub wins: Vec<u64>,
    pub draws: u64,
}

impl EndCount {
    fn new(seats: usize) -> EndCount {
        EndCount { games: 0, wins: vec![0; seats], draws: 0 }
    }

    fn add(&mut self, result: &GameResult) {
        self.games += 1;
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

    fn merge(&mut self, other: &EndCount) {
        self.games = self.games.saturating_add(other.games);
        self.draws = self.draws.saturating_add(other.draws);
        for (wins, more) in self.wins.iter_mut().zip(&other.wins) {
            *wins = wins.saturating_add(*more);
        }
    }
}

/// Counts over the games played: every figure of the summary but the speed comes from them, and
/// the tallies of a run's shards add up to the whole run's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub games: u64,
    /// By end rule, in the order the rules write them.
    pub rules: Vec<EndCount>,
    /// Games where no seat could move.
    pub no_seat_can_move: EndCount,
    /// Games that reached the move limit.
    pub move_limit: EndCount,
    /// Games whose start position stated a result no end above names.
    pub stated: EndCount,
    /// Games the rules did not end (an agent left, or the driver stopped).
    pub unfinished: u64,
    /// Moves over all games, and in the longest game.
    pub plies: u64,
    pub max_plies: u64,
    /// Games whose result gave scores, and each seat's points over them.
    pub scored: u64,
    pub points: Vec<Number>,
}

impl Tally {
    pub fn new(seats: usize, end_rules: usize) -> Tally {
        Tally {
            games: 0,
            rules: vec![EndCount::new(seats); end_rules],
            no_seat_can_move: EndCount::new(seats),
            move_limit: EndCount::new(seats),
            stated: EndCount::new(seats),
            unfinished: 0,
            plies: 0,
            max_plies: 0,
            scored: 0,
            points: vec![Number::Int(0); seats],
        }
    }

    pub fn add(&mut self, game: &PlayedGame) {
        self.games += 1;
        let plies = game.moves() as u64;
        self.plies += plies;
        self.max_plies = self.max_plies.max(plies);
        let Some(result) = game.result() else {
            self.unfinished += 1;
            return;
        };
        if !result.scores.is_empty() {
            self.scored += 1;
            for (total, &points) in self.points.iter_mut().zip(&result.scores) {
                *total = total.plus(points);
            }
        }
        self.end_count(result.end).add(result);
    }

    /// Where a game that ended so is counted (a rule the rules do not have, which only a position
    /// written by hand can name, counts as stated).
    fn end_count(&mut self, end: EndReason) -> &mut EndCount {
        match end {
            EndReason::Rule(index) if (index as usize) < self.rules.len() => &mut self.rules[index as usize],
            EndReason::Rule(_) | EndReason::Stated => &mut self.stated,
            EndReason::NoSeatCanMove => &mut self.no_seat_can_move,
            EndReason::MoveLimit => &mut self.move_limit,
        }
    }

    /// Adds another tally of the same game (the same seats and end rules).
    pub fn merge(&mut self, other: &Tally) -> Result<(), String> {
        if !other.fits(self.points.len(), self.rules.len()) || !self.fits(self.points.len(), self.rules.len())
        {
            return Err("the tallies count different seats or end rules".to_string());
        }
        // Saturating: the tallies of shards may come from files edited by hand.
        self.games = self.games.saturating_add(other.games);
        self.rules.iter_mut().zip(&other.rules).for_each(|(mine, theirs)| mine.merge(theirs));
        self.no_seat_can_move.merge(&other.no_seat_can_move);
        self.move_limit.merge(&other.move_limit);
        self.stated.merge(&other.stated);
        self.unfinished = self.unfinished.saturating_add(other.unfinished);
        self.plies = self.plies.saturating_add(other.plies);
        self.max_plies = self.max_plies.max(other.max_plies);
        self.scored = self.scored.saturating_add(other.scored);
        for (points, more) in self.points.iter_mut().zip(&other.points) {
            *points = points.plus(*more);
        }
        Ok(())
    }

    /// Whether the tally counts this many seats and end rules.
    pub fn fits(&self, seats: usize, end_rules: usize) -> bool {
        self.rules.len() == end_rules
            && self.points.len() == seats
            && self.ends().all(|c| c.wins.len() == seats)
    }

    fn ends(&self) -> impl Iterator<Item = &EndCount> {
        self.rules.iter().chain([&self.no_seat_can_move, &self.move_limit, &self.stated])
    }

    /// The games the rules decided: every end but the move limit.
    fn decided(&self) -> EndCount {
        let mut decided = EndCount::new(self.points.len());
        for count in self.rules.iter().chain([&self.no_seat_can_move, &self.stated]) {
            decided.merge(count);
        }
        decided
    }

    /// Each seat's mean points over the games that gave scores, if any did.
    fn mean_points(&self) -> Option<Vec<f64>> {
        (self.scored > 0).then(|| self.points.iter().map(|&p| p.approximate() / self.scored as f64).collect())
    }
}

/// What a summary tells about the match besides its counts.
pub struct Match<'a> {
    pub game: &'a Game,
    /// The rules file as given, and the value of every option.
    pub rules: &'a str,
    pub options: &'a BTreeMap<String, Number>,
    /// Each seat's agent, as written on the command line.
    pub agents: Vec<String>,
    /// Each end rule's source text ([`end_rule_texts`]).
    pub end_rules: &'a [String],
    /// Game `i` of the run used seed `seed + i`.
    pub seed: u64,
}

/// Which games a summary covers: the games planned (the shard's, or the run's), so that fewer
/// played means the run was interrupted; and where their records went.
pub struct Extent {
    pub planned: u64,
    pub shard: Option<Shard>,
    pub record: Option<String>,
}

/// The summary, as printed with `--json` (the text form is [`Summary::text`]).
#[derive(Serialize)]
pub struct Summary {
    game: String,
    rules: String,
    options: BTreeMap<String, Number>,
    /// Game `i` of the run used seed `seed + i`.
    seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<Shard>,
    #[serde(skip_serializing_if = "Option::is_none")]
    record: Option<String>,
    /// The games played.
    games: u64,
    /// Whether Ctrl-C stopped the run before every planned game was played.
    interrupted: bool,
    #[serde(skip)]
    planned: u64,
    /// The games the rates are over.
    decided: u64,
    draws: u64,
    /// Draws over decided games, with its 95% Wilson interval.
    draw_rate: Proportion,
    /// Games that reached the move limit.
    move_limit: u64,
    unfinished: u64,
    seats: Vec<SeatSummary>,
    ends: Vec<EndSummary>,
    mean_length: f64,
    max_length: u64,
    seconds: f64,
    games_per_second: f64,
    plies_per_second: f64,
    warnings: Vec<String>,
    /// The raw counts, which `ludex merge` adds up.
    tally: Tally,
    /// The points table (mean points per seat and team), when the games gave scores.
    #[serde(skip)]
    points: Option<String>,
}

#[derive(Serialize)]
struct SeatSummary {
    seat: String,
    agent: String,
    /// Wins in decided games.
    wins: u64,
    /// Wins over decided games, with its 95% Wilson interval.
    win_rate: Proportion,
    /// Mean points over the games that gave scores.
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_points: Option<f64>,
}

/// The games that ended one way.
#[derive(Serialize)]
struct EndSummary {
    #[serde(flatten)]
    end: End,
    games: u64,
    /// Games over all games played.
    share: f64,
    wins: Vec<u64>,
    draws: u64,
}

/// An end, as the JSON summary names it in its `end` field.
#[derive(Serialize)]
#[serde(tag = "end")]
enum End {
    /// The end rule numbered `rule` (from 1), with its source text.
    #[serde(rename = "rule")]
    Rule { rule: usize, text: String },
    #[serde(rename = "no seat can move")]
    NoSeatCanMove,
    /// The move limit, of `plies` plies.
    #[serde(rename = "move limit")]
    MoveLimit { plies: u32 },
    /// A result the start position stated.
    #[serde(rename = "stated")]
    Stated,
}

impl Summary {
    pub fn new(context: &Match, tally: Tally, extent: Extent, seconds: f64) -> Summary {
        let per_second = |count: u64| if seconds > 0.0 { count as f64 / seconds } else { 0.0 };
        let decided = tally.decided();
        let mean_points = tally.mean_points();
        let seats = decided
            .wins
            .iter()
            .zip(&context.agents)
            .enumerate()
            .map(|(seat, (&wins, agent))| SeatSummary {
                seat: seat_name(context.game, seat).to_string(),
                agent: agent.clone(),
                wins,
                win_rate: Proportion::new(wins, decided.games),
                mean_points: mean_points.as_ref().map(|points| points[seat]),
            })
            .collect();
        let points = mean_points.map(|points| super::points::table(context.game, "mean points", &points, 1));
        Summary {
            game: context.game.name.clone(),
            rules: context.rules.to_string(),
            options: context.options.clone(),
            seed: context.seed,
            shard: extent.shard,
            record: extent.record,
            games: tally.games,
            interrupted: tally.games < extent.planned,
            planned: extent.planned,
            decided: decided.games,
            draws: decided.draws,
            draw_rate: Proportion::new(decided.draws, decided.games),
            move_limit: tally.move_limit.games,
            unfinished: tally.unfinished,
            seats,
            ends: end_summaries(context, &tally),
            mean_length: if tally.games == 0 { 0.0 } else { tally.plies as f64 / tally.games as f64 },
            max_length: tally.max_plies,
            seconds,
            games_per_second: per_second(tally.games),
            plies_per_second: per_second(tally.plies),
            warnings: warnings(context.game, &tally),
            tally,
            points,
        }
    }

    /// Prints the summary on standard output: as JSON, or as text.
    pub fn print(&self, json: bool) -> CliResult {
        print_report(self, json, || self.text())
    }

    pub fn games(&self) -> u64 {
        self.games
    }

    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// The summary as text: the heading, the seats' wins and rates, the draws, how the games ended,
    /// lengths, speed, the points table, then the warnings.
    pub fn text(&self) -> String {
        let mut text = self.heading();
        let agent_width = self.seats.iter().map(|seat| seat.agent.len()).max().unwrap_or(0).max(8);
        for seat in &self.seats {
            let wins = plural(seat.wins as usize, "win");
            let rate = percent(seat.win_rate);
            text.push_str(&format!("  {:<12} {:<agent_width$} {wins:>10}  {rate}\n", seat.seat, seat.agent));
        }
        text.push_str(&format!("  draws {}  {}\n", self.draws, percent(self.draw_rate)));
        if self.decided < self.games {
            text.push_str(&format!("  {}\n", self.rates_cover()));
        }
        text.push_str(&self.ends_table());
        text.push_str(&format!(
            "  length: mean {:.1} plies, max {}\n  speed: {:.1} games/s, {:.0} plies/s ({:.2} s)\n",
            self.mean_length, self.max_length, self.games_per_second, self.plies_per_second, self.seconds
        ));
        for line in self.points.iter().flat_map(|points| points.lines()) {
            text.push_str(&format!("  {line}\n"));
        }
        for warning in &self.warnings {
            text.push_str(&format!("warning: {warning}\n"));
        }
        text
    }

    /// `Chess: 100 games, seeds 0 to 99`, with the shard and an interruption when there are.
    fn heading(&self) -> String {
        let first = self.shard.map_or(0, |shard| shard.games().start);
        let first_seed = self.seed.wrapping_add(first);
        let last_seed = first_seed.wrapping_add(self.games.saturating_sub(1));
        let mut games = match self.interrupted {
            true => format!("{} of {} games (interrupted)", self.games, self.planned),
            false => plural(self.games as usize, "game"),
        };
        if let Some(shard) = self.shard {
            games.push_str(&format!(
                " (shard {}/{} of a run of {})",
                shard.index, shard.count, shard.run_games
            ));
        }
        match self.games {
            0 => format!("{}: {games}\n", self.game),
            _ => format!("{}: {games}, seeds {first_seed} to {last_seed}\n", self.game),
        }
    }

    /// `rates over the 92 games the rules decided: 8 reached the move limit, 1 unfinished`.
    fn rates_cover(&self) -> String {
        let mut apart = Vec::new();
        if self.move_limit > 0 {
            apart.push(format!("{} reached the move limit", self.move_limit));
        }
        if self.unfinished > 0 {
            apart.push(format!("{} unfinished", self.unfinished));
        }
        format!("rates over the {} games the rules decided: {}", self.decided, apart.join(", "))
    }

    /// `how the games ended:` and a row an end: its label, games, share and outcomes.
    fn ends_table(&self) -> String {
        let labels: Vec<String> = self.ends.iter().map(EndSummary::label).collect();
        let width = labels.iter().map(|label| label.chars().count()).max().unwrap_or(0);
        let count_width = self.games.to_string().len();
        let mut text = "  how the games ended:\n".to_string();
        for (end, label) in self.ends.iter().zip(&labels) {
            let pad = width - label.chars().count();
            let mut row = format!("    {label}{:pad$}  {:>count_width$}", "", end.games);
            if end.games > 0 {
                row.push_str(&format!("  {:5.1}%  {}", 100.0 * end.share, self.outcomes(end)));
            }
            text.push_str(row.trim_end());
            text.push('\n');
        }
        if self.unfinished > 0 {
            text.push_str(&format!("    unfinished (the driver stopped them): {}\n", self.unfinished));
        }
        text
    }

    /// `white 12, black 10, draws 3`, leaving out what is 0.
    fn outcomes(&self, end: &EndSummary) -> String {
        let wins = self.seats.iter().zip(&end.wins).filter(|&(_, &wins)| wins > 0);
        let mut parts: Vec<String> = wins.map(|(seat, wins)| format!("{} {wins}", seat.seat)).collect();
        if end.draws > 0 {
            parts.push(plural(end.draws as usize, "draw"));
        }
        let mut text = parts.join(", ");
        if let End::MoveLimit { .. } = end.end {
            text.push_str(" (not in the rates)");
        }
        text
    }
}

impl EndSummary {
    fn label(&self) -> String {
        match &self.end {
            End::Rule { rule, text } => format!("end rule {rule}  {}", shorten(text)),
            End::NoSeatCanMove => "no seat can move".to_string(),
            End::MoveLimit { plies } => format!("move limit ({plies} plies)"),
            End::Stated => "result stated by the start position".to_string(),
        }
    }
}

/// The text cut to [`END_RULE_TEXT_WIDTH`] characters, ending with `…` when cut.
fn shorten(text: &str) -> String {
    if text.chars().count() <= END_RULE_TEXT_WIDTH {
        return text.to_string();
    }
    let kept: String = text.chars().take(END_RULE_TEXT_WIDTH - 1).collect();
    format!("{}…", kept.trim_end())
}

/// A row per end rule, then no seat can move, the move limit, and stated results when there are.
fn end_summaries(context: &Match, tally: &Tally) -> Vec<EndSummary> {
    let share = |games: u64| if tally.games == 0 { 0.0 } else { games as f64 / tally.games as f64 };
    let row = |end: End, count: &EndCount| EndSummary {
        end,
        games: count.games,
        share: share(count.games),
        wins: count.wins.clone(),
        draws: count.draws,
    };
    let mut rows: Vec<EndSummary> = tally
        .rules
        .iter()
        .enumerate()
        .map(|(index, count)| {
            let text = context.end_rules.get(index).cloned().unwrap_or_default();
            row(End::Rule { rule: index + 1, text }, count)
        })
        .collect();
    rows.push(row(End::NoSeatCanMove, &tally.no_seat_can_move));
    rows.push(row(End::MoveLimit { plies: context.game.limits.max_plies }, &tally.move_limit));
    if tally.stated.games > 0 {
        rows.push(row(End::Stated, &tally.stated));
    }
    rows
}

/// A warning when many games reached the move limit: the rates then cover few games.
fn warnings(game: &Game, tally: &Tally) -> Vec<String> {
    let limited = tally.move_limit.games;
    if tally.games == 0 || (limited as f64) < MOVE_LIMIT_WARNING_SHARE * tally.games as f64 {
        return Vec::new();
    }
    vec![format!(
        "{limited} of {} games ({:.0}%) reached the move limit of {} plies; the win and draw rates \
         cover only the {} games the rules decided",
        tally.games,
        100.0 * limited as f64 / tally.games as f64,
        game.limits.max_plies,
        tally.decided().games
    )]
}

fn seat_name(game: &Game, seat: usize) -> &str {
    game.seats.get(seat).map_or("?", |s| s.name.as_str())
}

/// Prints a report on standard output: as JSON, or as the text `text` makes.
pub fn print_report(report: &impl Serialize, json: bool, text: impl FnOnce() -> String) -> CliResult {
    let mut out = io::stdout().lock();
    if json {
        serde_json::to_writer_pretty(&mut out, report).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", text())?;
    }
    Ok(())
}

/// `52.0% (95% CI 42.3–61.5%)`.
pub fn percent(proportion: Proportion) -> String {
    let Proportion { rate, low, high } = proportion;
    format!("{:5.1}% (95% CI {:.1}–{:.1}%)", 100.0 * rate, 100.0 * low, 100.0 * high)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludex::agents::play::Ending;

    fn result(places: &[u32], end: EndReason) -> GameResult {
        GameResult { places: places.to_vec(), reason: "test".into(), end, scores: Vec::new() }
    }

    /// A game of `moves` passes, each after a roll.
    fn played(ending: Ending, moves: usize) -> PlayedGame {
        let plies = ["roll 1", "pass"].iter().cycle().take(2 * moves).map(|p| p.to_string()).collect();
        PlayedGame::written(plies, ending)
    }

    #[test]
    fn winners_have_place_one_unless_everyone_does() {
        let end = EndReason::Rule(0);
        assert_eq!(winners(&result(&[1, 2], end)), vec![0]);
        assert_eq!(winners(&result(&[2, 1, 1, 2], end)), vec![1, 2]);
        assert!(winners(&result(&[1, 1], end)).is_empty());
    }

    fn sample_tally() -> Tally {
        let mut tally = Tally::new(2, 2);
        tally.add(&played(Ending::Over(result(&[2, 1], EndReason::Rule(0))), 10));
        tally.add(&played(Ending::Over(result(&[1, 1], EndReason::Rule(1))), 30));
        tally.add(&played(Ending::Over(result(&[1, 2], EndReason::MoveLimit)), 40));
        tally.add(&played(Ending::Over(result(&[1, 1], EndReason::NoSeatCanMove)), 7));
        tally.add(&played(Ending::Over(result(&[1, 2], EndReason::Rule(5))), 1));
        tally.add(&played(Ending::Quit { seat: 0 }, 5));
        tally
    }

    #[test]
    fn the_tally_counts_each_end_apart() {
        let tally = sample_tally();
        assert_eq!((tally.games, tally.unfinished, tally.plies, tally.max_plies), (6, 1, 93, 40));
        assert_eq!(tally.rules[0], EndCount { games: 1, wins: vec![0, 1], draws: 0 });
        assert_eq!(tally.rules[1], EndCount { games: 1, wins: vec![0, 0], draws: 1 });
        assert_eq!(tally.move_limit, EndCount { games: 1, wins: vec![1, 0], draws: 0 });
        assert_eq!(tally.no_seat_can_move, EndCount { games: 1, wins: vec![0, 0], draws: 1 });
        // A rule the rules do not have can only be stated by a position.
        assert_eq!(tally.stated, EndCount { games: 1, wins: vec![1, 0], draws: 0 });
        // The move limit is not decided.
        assert_eq!(tally.decided(), EndCount { games: 4, wins: vec![1, 1], draws: 2 });
    }

    #[test]
    fn tallies_merge_into_the_tally_of_all_their_games() {
        let mut merged = sample_tally();
        merged.merge(&sample_tally()).unwrap();
        assert_eq!((merged.games, merged.unfinished, merged.plies, merged.max_plies), (12, 2, 186, 40));
        assert_eq!(merged.decided(), EndCount { games: 8, wins: vec![2, 2], draws: 4 });
        assert!(merged.merge(&Tally::new(2, 3)).is_err());
        assert!(merged.merge(&Tally::new(3, 2)).is_err());
    }

    #[test]
    fn shards_cover_every_game_once_in_order() {
        for (run_games, count) in [(10, 3), (3, 5), (0, 2), (u64::MAX, 7), (100, 1)] {
            let mut next = 0;
            for index in 0..count {
                let games = Shard { index, count, run_games }.games();
                assert_eq!(games.start, next, "{run_games} games in {count}");
                assert!(games.end - games.start <= run_games / count + 1);
                next = games.end;
            }
            assert_eq!(next, run_games);
        }
    }

    #[test]
    fn the_text_shows_each_end_apart_and_warns_about_the_move_limit() {
        let text = "game \"T\"\nseat a\nseat b turned 180\nboard square 2 by 2\npiece p { letter P }\n\
                    action go for p { step n }\nphase play { turn { play go } }\n\
                    end {\n  when false: win mover\n  when true: draw\n}\nsetup { place p for a on cells a1 }";
        // The checker alone: `when true` ends the game at its start, which `ludex::compile` refuses;
        // the tally below is made up.
        let game = ludex::check::compile(text, &BTreeMap::new()).game.expect("valid");
        let end_rules = end_rule_texts(text);
        let options = BTreeMap::new();
        let agents = vec!["random".to_string(), "greedy".to_string()];
        let context = Match {
            game: &game,
            rules: "t.rules",
            options: &options,
            agents,
            end_rules: &end_rules,
            seed: 7,
        };
        let mut tally = Tally::new(2, 2);
        let ends = [
            ([1, 2], EndReason::Rule(0)),
            ([1, 2], EndReason::Rule(0)),
            ([2, 1], EndReason::Rule(0)),
            ([1, 1], EndReason::Rule(1)),
            ([1, 2], EndReason::MoveLimit),
            ([1, 1], EndReason::MoveLimit),
            ([1, 1], EndReason::NoSeatCanMove),
        ];
        for (places, end) in ends {
            tally.add(&played(Ending::Over(result(&places, end)), 10));
        }
        tally.add(&played(Ending::Stopped { reason: "test".into() }, 3));
        let summary = Summary::new(&context, tally, Extent { planned: 10, shard: None, record: None }, 2.0);
        assert_eq!(
            summary.text(),
            "T: 8 of 10 games (interrupted), seeds 7 to 14
  a            random       2 wins   40.0% (95% CI 11.8–76.9%)
  b            greedy        1 win   20.0% (95% CI 3.6–62.4%)
  draws 2   40.0% (95% CI 11.8–76.9%)
  rates over the 5 games the rules decided: 2 reached the move limit, 1 unfinished
  how the games ended:
    end rule 1  when false: win mover  3   37.5%  a 2, b 1
    end rule 2  when true: draw        1   12.5%  1 draw
    no seat can move                   1   12.5%  1 draw
    move limit (2000 plies)            2   25.0%  a 1, 1 draw (not in the rates)
    unfinished (the driver stopped them): 1
  length: mean 9.1 plies, max 10
  speed: 4.0 games/s, 36 plies/s (2.00 s)
warning: 2 of 8 games (25%) reached the move limit of 2000 plies; the win and draw rates cover only \
             the 5 games the rules decided
"
        );
    }

    #[test]
    fn long_end_rules_are_cut() {
        assert_eq!(shorten("when stuck: draw"), "when stuck: draw");
        let long = "when only_king_and(white, bishop) and only_king_and(black, bishop) and x: draw";
        let cut = shorten(long);
        assert_eq!(cut.chars().count(), END_RULE_TEXT_WIDTH);
        assert!(cut.ends_with("…") && long.starts_with(cut.trim_end_matches('…')), "{cut}");
    }

    #[test]
    fn end_rule_texts_are_the_source_on_one_line() {
        let text = "game \"T\"\nend {\n  when stuck\n    and true: draw\n  when false: win mover\n}\n";
        assert_eq!(end_rule_texts(text), ["when stuck and true: draw", "when false: win mover"]);
        assert!(end_rule_texts("game \"T\"").is_empty());
    }
}
