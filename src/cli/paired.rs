//! Paired games, for `ludex run --paired`: two agents measured against each other with the luck of
//! the setup cancelled out. The seats hold two agents: side A is every seat of the first seat's
//! agent, side B every other seat. Each seed is played twice: first with the seats as given, then
//! with the agents of the two sides swapped, so both agents meet the same rolled setup from both
//! sides. A pair is A's when A scores more in its two games than B (a win is 1, a draw ½), B's
//! when less, and even otherwise; the report gives the pairs by A's score, A's share of the
//! decided pairs and its score share, each with a 95% Wilson interval over the pairs.
//!
//! A game the rules did not decide (the move limit, or the driver stopping) counts as a draw, and
//! the report says how many there were.

use std::collections::BTreeMap;

use ludex::agents::AgentSpec;
use ludex::agents::play::{Ending, PlayedGame};
use ludex::agents::stats::Proportion;
use ludex::ir::Number;
use ludex::runtime::{EndReason, GameResult};
use serde::Serialize;

use super::CliResult;
use super::input::plural;
use super::session::Session;
use super::summary::{percent, print_report};

/// Which game of a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leg {
    /// The seats' agents as given.
    AsGiven,
    /// The two sides' agents swapped.
    Swapped,
}

impl Leg {
    /// Game `index` of a paired run is the leg `index mod 2` of pair `index / 2`.
    pub fn of_game(index: u64) -> Leg {
        if index.is_multiple_of(2) { Leg::AsGiven } else { Leg::Swapped }
    }
}

/// The two sides of a paired run.
#[derive(Clone, Debug, PartialEq)]
pub struct Sides {
    /// The agents of side A (the first seat's) and of side B.
    agents: [AgentSpec; 2],
    /// Whether each seat is on side A when the seats are as given.
    on_a: Vec<bool>,
}

impl Sides {
    /// The sides of the seats' agents: exactly two different agents, or an error saying why not.
    pub fn new(agents: &[AgentSpec]) -> Result<Sides, String> {
        let Some(&a) = agents.first() else { return Err("the game has no seats".into()) };
        let mut others = agents.iter().filter(|&&agent| agent != a);
        let Some(&b) = others.next() else {
            return Err(format!(
                "--paired measures two agents against each other, but every seat plays `{a}`: give \
                 another agent to some seats with --seat"
            ));
        };
        if let Some(third) = others.find(|&&agent| agent != b) {
            return Err(format!(
                "--paired measures two agents against each other, but the seats play `{a}`, `{b}` and \
                 `{third}`"
            ));
        }
        Ok(Sides { agents: [a, b], on_a: agents.iter().map(|&agent| agent == a).collect() })
    }

    /// The agent of each seat in the leg.
    pub fn seat_agents(&self, leg: Leg) -> Vec<AgentSpec> {
        let [a, b] = self.agents;
        let (on_a, on_b) = match leg {
            Leg::AsGiven => (a, b),
            Leg::Swapped => (b, a),
        };
        self.on_a.iter().map(|&is_a| if is_a { on_a } else { on_b }).collect()
    }

    /// A's score in a game of the leg: 1 for a win, ½ for a draw or a game the rules did not
    /// decide, 0 for a loss. A side wins when its seats' mean place is better than the other's.
    fn score_of_a(&self, leg: Leg, game: &PlayedGame) -> Score {
        let Ending::Over(result) = &game.ending else { return Score::Undecided };
        if result.end == EndReason::MoveLimit {
            return Score::Undecided;
        }
        let a_seats_given = |seat: usize| self.on_a.get(seat).copied().unwrap_or(false);
        let is_a = |seat: usize| match leg {
            Leg::AsGiven => a_seats_given(seat),
            Leg::Swapped => !a_seats_given(seat),
        };
        let (a, b) = (mean_place(result, is_a), mean_place(result, |seat| !is_a(seat)));
        match a.partial_cmp(&b) {
            Some(std::cmp::Ordering::Less) => Score::Win,
            Some(std::cmp::Ordering::Greater) => Score::Loss,
            _ => Score::Draw,
        }
    }
}

/// The mean place of the seats `on_side` picks (lower is better).
fn mean_place(result: &GameResult, on_side: impl Fn(usize) -> bool) -> f64 {
    let places: Vec<f64> = result
        .places
        .iter()
        .enumerate()
        .filter(|&(seat, _)| on_side(seat))
        .map(|(_, &place)| f64::from(place))
        .collect();
    places.iter().sum::<f64>() / places.len().max(1) as f64
}

/// How one game went for side A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Score {
    Win,
    Draw,
    Loss,
    /// Not decided by the rules: counted as a draw.
    Undecided,
}

impl Score {
    /// The score in half points: 2 a win, 1 a draw, 0 a loss.
    fn halves(self) -> usize {
        match self {
            Score::Win => 2,
            Score::Draw | Score::Undecided => 1,
            Score::Loss => 0,
        }
    }
}

/// The pairs played so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PairTally {
    /// Pairs by A's score in half points (0 to 4): `by_halves[4]` are the pairs A won both games of.
    by_halves: [u64; 5],
    /// Of the even pairs, those of two draws (the others are one win each).
    two_draws: u64,
    /// Games the rules did not decide, counted as draws.
    undecided: u64,
    /// The first game of the pair under way, until its second comes.
    pending: Option<Score>,
}

impl PairTally {
    /// Adds game `index` of the run (the games come in order, both legs of a pair in turn).
    pub fn add(&mut self, sides: &Sides, index: u64, game: &PlayedGame) {
        let leg = Leg::of_game(index);
        let score = sides.score_of_a(leg, game);
        self.undecided += u64::from(score == Score::Undecided);
        match (leg, self.pending.take()) {
            (Leg::AsGiven, _) => self.pending = Some(score),
            (Leg::Swapped, Some(first)) => {
                let halves = first.halves() + score.halves();
                if let Some(count) = self.by_halves.get_mut(halves) {
                    *count += 1;
                }
                self.two_draws += u64::from(first.halves() == 1 && score.halves() == 1);
            }
            // A second leg without its first cannot come: the games come in order.
            (Leg::Swapped, None) => {}
        }
    }

    fn pairs(&self) -> u64 {
        self.by_halves.iter().sum()
    }
}

/// The report of a paired run, as printed with `--json` (the text form is [`PairedSummary::text`]).
#[derive(Serialize)]
pub struct PairedSummary {
    game: String,
    rules: String,
    options: BTreeMap<String, Number>,
    /// Pair `i` of the run used seed `seed + i` for both its games.
    seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    record: Option<String>,
    /// The pairs played (both games).
    pairs: u64,
    /// Whether Ctrl-C stopped the run before every planned pair was played.
    interrupted: bool,
    /// Side A: the first seat's agent, and its seats in the first game of each pair.
    a: SideSummary,
    /// Side B: the other agent and seats.
    b: SideSummary,
    /// Pairs A won both games of.
    won_both: u64,
    /// Pairs A won one game of and drew the other.
    won_and_drew: u64,
    /// Pairs of one win each, or two draws.
    even: u64,
    /// Of the even pairs, those of two draws.
    two_draws: u64,
    /// Pairs A drew one game of and lost the other.
    drew_and_lost: u64,
    /// Pairs A lost both games of.
    lost_both: u64,
    /// Pairs one side won (not even).
    decided_pairs: u64,
    /// A's pairs over the decided pairs, with its 95% Wilson interval.
    pair_win_rate: Proportion,
    /// A's mean score a game (a win 1, a draw ½), with a conservative 95% Wilson interval over
    /// the pairs (see `Proportion::of_scores`).
    score_share: Proportion,
    /// Games the rules did not decide (the move limit, or the driver stopping), counted as draws.
    undecided_games: u64,
    seconds: f64,
}

#[derive(Serialize)]
struct SideSummary {
    agent: String,
    seats: Vec<String>,
}

impl PairedSummary {
    /// The report of `tally`, pairs with seeds from `seed`, `planned` of them.
    pub fn new(
        session: &Session,
        sides: &Sides,
        tally: &PairTally,
        (seed, planned): (u64, u64),
        record: Option<String>,
        seconds: f64,
    ) -> PairedSummary {
        let context = session.summary_match(seed);
        let side = |on_a: bool| SideSummary {
            agent: sides.agents[usize::from(!on_a)].to_string(),
            seats: (sides.on_a.iter().enumerate())
                .filter(|&(_, &is_a)| is_a == on_a)
                .map(|(seat, _)| session.seat_name(seat).to_string())
                .collect(),
        };
        let [lost_both, drew_and_lost, even, won_and_drew, won_both] = tally.by_halves;
        let pairs = tally.pairs();
        let decided_pairs = pairs - even;
        let halves: u64 = tally.by_halves.iter().zip(0u64..).map(|(count, halves)| count * halves).sum();
        PairedSummary {
            game: context.game.name.clone(),
            rules: context.rules.to_string(),
            options: context.options.clone(),
            seed,
            record,
            pairs,
            interrupted: pairs < planned,
            a: side(true),
            b: side(false),
            won_both,
            won_and_drew,
            even,
            two_draws: tally.two_draws,
            drew_and_lost,
            lost_both,
            decided_pairs,
            pair_win_rate: Proportion::new(won_both + won_and_drew, decided_pairs),
            score_share: Proportion::of_scores(halves as f64 / 4.0, pairs),
            undecided_games: tally.undecided,
            seconds,
        }
    }

    /// Prints the report on standard output: as JSON, or as text.
    pub fn print(&self, json: bool) -> CliResult {
        print_report(self, json, || self.text())
    }

    pub fn pairs(&self) -> u64 {
        self.pairs
    }

    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// The report as text.
    pub fn text(&self) -> String {
        let last_seed = self.seed.wrapping_add(self.pairs.saturating_sub(1));
        let mut text = format!(
            "{}: {}, seeds {} to {last_seed}, each played twice with the sides swapped{}\n",
            self.game,
            plural(self.pairs as usize, "pair"),
            self.seed,
            if self.interrupted { " (interrupted)" } else { "" },
        );
        for (name, side) in [("A", &self.a), ("B", &self.b)] {
            text.push_str(&format!("  {name} {}  ({} first)\n", side.agent, side.seats.join(", ")));
        }
        text.push_str(&format!(
            "  pairs: A won both {} · won one, drew one {} · even {} ({} of two draws) · drew one, lost one {} \
             · lost both {}\n",
            self.won_both, self.won_and_drew, self.even, self.two_draws, self.drew_and_lost, self.lost_both
        ));
        text.push_str(&format!(
            "  A won {} of the {} decided pairs: {}\n",
            self.won_both + self.won_and_drew,
            self.decided_pairs,
            percent(self.pair_win_rate)
        ));
        text.push_str(&format!("  A's score share (a win 1, a draw ½): {}\n", percent(self.score_share)));
        if self.undecided_games > 0 {
            text.push_str(&format!(
                "  {} not decided by the rules (move limit or stopped), counted as draws\n",
                plural(self.undecided_games as usize, "game")
            ));
        }
        text.push_str(&format!("  speed: {:.2} s\n", self.seconds));
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn over(places: &[u32], end: EndReason) -> PlayedGame {
        let result = GameResult { places: places.to_vec(), reason: String::new(), end, scores: Vec::new() };
        PlayedGame { plies: Vec::new(), moves: 1, ending: Ending::Over(result) }
    }

    fn won_by(seat: usize, seats: usize) -> PlayedGame {
        let places: Vec<u32> = (0..seats).map(|s| if s == seat { 1 } else { 2 }).collect();
        over(&places, EndReason::Rule(0))
    }

    #[test]
    fn sides_need_exactly_two_agents_and_swap_them() {
        let (mcts, random) = (AgentSpec::Mcts(Default::default()), AgentSpec::Random);
        assert!(Sides::new(&[random, random]).unwrap_err().contains("every seat plays `random`"));
        let three = Sides::new(&[random, AgentSpec::Greedy, mcts]).unwrap_err();
        assert!(three.contains("`random`, `greedy` and `mcts:"), "{three}");
        let sides = Sides::new(&[mcts, random, mcts, random]).expect("two sides");
        assert_eq!(sides.seat_agents(Leg::AsGiven), [mcts, random, mcts, random]);
        assert_eq!(sides.seat_agents(Leg::Swapped), [random, mcts, random, mcts]);
        assert_eq!(
            (0..4).map(Leg::of_game).collect::<Vec<_>>(),
            [Leg::AsGiven, Leg::Swapped, Leg::AsGiven, Leg::Swapped]
        );
    }

    #[test]
    fn pairs_are_scored_for_side_a_whichever_seats_it_holds() {
        let sides = Sides::new(&[AgentSpec::Greedy, AgentSpec::Random]).expect("two sides");
        let mut tally = PairTally::default();
        let draw = over(&[1, 1], EndReason::Rule(0));
        let limit = over(&[1, 1], EndReason::MoveLimit);
        // Seed by seed: seat 1 wins twice (A won one, lost one: even); A wins from seat 1 and then
        // from seat 2 (won both); a draw, then A (on seat 2) wins; two draws, one at the move limit;
        // A loses from seat 1, then draws.
        for game in [
            won_by(0, 2),
            won_by(0, 2),
            won_by(0, 2),
            won_by(1, 2),
            draw.clone(),
            won_by(1, 2),
            draw.clone(),
            limit,
            won_by(1, 2),
            draw,
        ] {
            let index = tally.by_halves.iter().sum::<u64>() * 2 + u64::from(tally.pending.is_some());
            tally.add(&sides, index, &game);
        }
        assert_eq!(tally.by_halves, [0, 1, 2, 1, 1]);
        assert_eq!((tally.two_draws, tally.undecided, tally.pending), (1, 1, None));
    }

    #[test]
    fn a_side_of_team_mates_wins_by_its_mean_place() {
        let sides = Sides::new(&[AgentSpec::Greedy, AgentSpec::Random, AgentSpec::Greedy, AgentSpec::Random])
            .expect("two sides");
        let game = over(&[1, 2, 3, 4], EndReason::Rule(0));
        assert_eq!(sides.score_of_a(Leg::AsGiven, &game), Score::Win);
        assert_eq!(sides.score_of_a(Leg::Swapped, &game), Score::Loss);
        let level = over(&[1, 2, 4, 3], EndReason::Rule(0));
        assert_eq!(sides.score_of_a(Leg::AsGiven, &level), Score::Draw);
        let quit = PlayedGame { plies: Vec::new(), moves: 0, ending: Ending::Quit { seat: 0 } };
        assert_eq!(sides.score_of_a(Leg::AsGiven, &quit), Score::Undecided);
    }
}
