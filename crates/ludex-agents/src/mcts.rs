//! The Monte Carlo tree search agent (UCT), generic over any game: decision nodes belong to whoever
//! is to move (the same seat again when a turn holds several actions), rolls are chance nodes with
//! equally likely outcomes, every result is a vector of rewards (one a seat, from the places) and
//! each node accumulates the reward of the seat that chose it. Leaves are valued by playouts, whose
//! moves follow the search's move history (`history`: MAST) and whose rolls are random, cut after a
//! number of plies and then scored by the heuristic (see `evaluation`).
//!
//! The search runs under a budget of iterations or of time, on several threads (root parallelism:
//! each thread grows its own tree from its own seed; the root statistics are summed in thread
//! order). The seed comes from the game's generator, so with an iteration budget a game's seed
//! fixes every move for a given thread count; with `threads=1` the search is fully sequential. Time
//! is read through `web_time`, which is `std::time` except in a browser, where it is the page's clock.

mod history;
mod tree;

use std::thread;
use std::time::Duration;

use web_time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::spec::MAX_THREADS;
use super::{Agent, Decision};
use ludex_runtime::{Engine, Move, State};
use tree::Tree;

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This many iterations in all, shared among the threads.
    Iterations(u64),
    /// Until this much time has passed.
    Time(Duration),
}

/// The search's parameters (the `mcts:` spec).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// How long each search (one a move) may run.
    pub budget: Budget,
    /// Search threads; `None` uses every core.
    pub threads: Option<usize>,
    /// The UCT exploration constant `c` (rewards are in 0..=1).
    pub exploration: f64,
    /// Plies (moves and rolls) a playout plays before it is cut and scored by the heuristic.
    pub playout_plies: u32,
    /// How the root's moves share the budget.
    pub root: RootPolicy,
}

/// How the root's moves share the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootPolicy {
    /// By UCT, like every other node; the move visited most is played.
    Uct,
    /// Sequential halving (Karnin, Koren and Somekh 2013): the budget is split into rounds, each
    /// round gives the moves still in play the same number of iterations, then drops the worse
    /// half by mean reward; the last move left is played. Below the root the search is UCT. It
    /// spends the budget on choosing the move to play rather than on playing the best one often,
    /// which helps when the moves differ little.
    Halving,
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            budget: Budget::Iterations(10_000),
            threads: None,
            exploration: 1.0,
            playout_plies: 200,
            root: RootPolicy::Uct,
        }
    }
}

impl MctsConfig {
    /// The number of threads the search runs on.
    pub fn thread_count(&self) -> usize {
        let cores = || thread::available_parallelism().map_or(1, |n| n.get());
        self.threads.unwrap_or_else(cores).clamp(1, MAX_THREADS)
    }
}

/// Plays the move the search visited most.
#[derive(Clone, Debug)]
pub struct MctsAgent {
    config: MctsConfig,
}

impl MctsAgent {
    /// An agent searching with `config` at every move it is asked for (a single legal move is
    /// played unsearched). Once a search finds that playouts seldom finish the game, the agent's
    /// later searches score leaves by the heuristic without playing out.
    pub fn new(config: MctsConfig) -> MctsAgent {
        MctsAgent { config }
    }
}

impl Agent for MctsAgent {
    /// Searches, and once a search has found that playouts seldom finish the game, plays the
    /// following searches without them (see `tree::playouts_seldom_finish`).
    fn choose(
        &mut self,
        engine: &Engine,
        state: &State,
        moves: &[Move],
        past: &[u64],
        rng: &mut ChaCha8Rng,
    ) -> Decision {
        match moves.len() {
            0 => Decision::Quit,
            1 => Decision::Play(0),
            _ => {
                let report = search(engine, &Root { state, past }, moves, &self.config, rng.random());
                if tree::playouts_seldom_finish(report.playouts, report.finished_playouts) {
                    self.config.playout_plies = 0;
                }
                Decision::Play(report.best)
            }
        }
    }

    /// The search scores a position the game has been in as a draw.
    fn reads_past(&self) -> bool {
        true
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchReport {
    /// The index of the chosen move in the moves searched.
    pub best: usize,
    /// Each move's visits, over every thread.
    pub visits: Vec<u64>,
    /// Each move's mean reward for the seat to move (0 when never visited).
    pub values: Vec<f64>,
    /// Iterations over every thread.
    pub iterations: u64,
    /// Playouts over every thread: iterations that did not end on a finished game already in the
    /// tree.
    pub playouts: u64,
    /// Playouts that reached the end of the game before the ply cap.
    pub finished_playouts: u64,
    /// Wall-clock time the search took: the one field that differs between two runs with the
    /// same seed and budget.
    pub elapsed: Duration,
}

/// Where a search starts: the decision point and the game's past before it.
#[derive(Clone, Copy, Debug)]
pub struct Root<'a> {
    /// The decision point searched.
    pub state: &'a State,
    /// The keys (`Engine::position_key`) of the decision points the game went through before it,
    /// oldest first: a position of the search that is one of these, or that comes back on the
    /// search's own path, is scored as a draw (see `tree`).
    pub past: &'a [u64],
}

/// Searches the decision point `root`, whose legal moves are `moves` (in `legal_moves` order),
/// from `seed`; a search with an iteration budget and one seed always gives the same report
/// (but `elapsed`) for the same thread count.
pub fn search(engine: &Engine, root: &Root, moves: &[Move], config: &MctsConfig, seed: u64) -> SearchReport {
    let started = Instant::now();
    let threads = config.thread_count();
    let mut seeds = ChaCha8Rng::seed_from_u64(seed);
    let jobs: Vec<(u64, Budget)> =
        (0..threads).map(|index| (seeds.random(), share(config.budget, index, threads))).collect();
    let run = |&(seed, budget): &(u64, Budget)| {
        let mut tree = Tree::new(engine, root, moves, config, seed);
        tree.run(budget, started);
        tree.root_statistics()
    };
    let statistics: Vec<RootStatistics> = match jobs.as_slice() {
        [only] => vec![run(only)],
        // A thread the system refuses to start runs its job here instead, in its turn.
        _ => thread::scope(|scope| {
            let spawned: Vec<_> = jobs
                .iter()
                .map(|job| thread::Builder::new().spawn_scoped(scope, move || run(job)).map_err(|_| job))
                .collect();
            spawned
                .into_iter()
                .filter_map(|thread| match thread {
                    Ok(handle) => handle.join().ok(),
                    Err(job) => Some(run(job)),
                })
                .collect()
        }),
    };
    merge(moves.len(), &statistics, started.elapsed())
}

/// One thread's part of the budget: iterations split as evenly as possible, time as is.
fn share(budget: Budget, index: usize, threads: usize) -> Budget {
    match budget {
        Budget::Iterations(total) => {
            let (threads, index) = (threads as u64, index as u64);
            Budget::Iterations(total / threads + u64::from(index < total % threads))
        }
        Budget::Time(time) => Budget::Time(time),
    }
}

/// The root's children after one thread's search: visits and total reward per move, and the
/// iterations and playouts run.
#[derive(Clone, Debug, Default)]
struct RootStatistics {
    visits: Vec<u64>,
    rewards: Vec<f64>,
    iterations: u64,
    playouts: u64,
    finished_playouts: u64,
}

/// Sums the threads' root statistics in thread order and picks the most visited move (ties: the
/// better mean, then the first).
fn merge(moves: usize, statistics: &[RootStatistics], elapsed: Duration) -> SearchReport {
    let mut visits = vec![0u64; moves];
    let mut rewards = vec![0.0f64; moves];
    for thread in statistics {
        visits.iter_mut().zip(&thread.visits).for_each(|(total, v)| *total += v);
        rewards.iter_mut().zip(&thread.rewards).for_each(|(total, r)| *total += r);
    }
    let values: Vec<f64> =
        visits.iter().zip(&rewards).map(|(&v, &r)| if v == 0 { 0.0 } else { r / v as f64 }).collect();
    let mut best = 0;
    for index in 1..moves {
        if (visits[index], values[index]) > (visits[best], values[best]) {
            best = index;
        }
    }
    let iterations = statistics.iter().map(|thread| thread.iterations).sum();
    let playouts = statistics.iter().map(|thread| thread.playouts).sum();
    let finished_playouts = statistics.iter().map(|thread| thread.finished_playouts).sum();
    SearchReport { best, visits, values, iterations, playouts, finished_playouts, elapsed }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterations_are_shared_evenly_among_threads() {
        let shares: Vec<Budget> = (0..3).map(|i| share(Budget::Iterations(10), i, 3)).collect();
        assert_eq!(shares, [4, 3, 3].map(Budget::Iterations));
        let time = Budget::Time(Duration::from_millis(5));
        assert_eq!(share(time, 1, 2), time);
    }

    #[test]
    fn an_agent_whose_playouts_seldom_finish_stops_playing_them() {
        // The count goes up at every move, so no position comes back (which would end the
        // search's descents without a playout).
        let text = "game \"Count\"\nseat a\nseat b\nboard square 1 by 1\nvariable total = 0\n\
            action count { choose n from 1 to 3  then { set total = total + n } }\n\
            phase play { turn { play count } }\nend { when turns >= 30: draw }\n";
        let engine = Engine::new(ludex_check::compile(text, &Default::default()).game.expect("a game"));
        let state = engine.initial_state();
        let mut moves = Vec::new();
        engine.legal_moves(&state, &mut moves);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for (cap, kept) in [(40, 40), (10, 0)] {
            let config = MctsConfig {
                budget: Budget::Iterations(100),
                threads: Some(1),
                playout_plies: cap,
                ..Default::default()
            };
            let mut agent = MctsAgent::new(config);
            agent.choose(&engine, &state, &moves, &[], &mut rng);
            assert_eq!(agent.config.playout_plies, kept, "playouts of {cap} plies");
        }
    }

    #[test]
    fn merging_sums_threads_and_prefers_visits_then_value() {
        let thread = |visits: Vec<u64>, rewards: Vec<f64>| RootStatistics {
            visits,
            rewards,
            iterations: 10,
            playouts: 7,
            finished_playouts: 2,
        };
        let report = merge(
            3,
            &[thread(vec![2, 5, 3], vec![1.0, 2.0, 3.0]), thread(vec![4, 1, 3], vec![4.0, 0.5, 0.0])],
            Duration::ZERO,
        );
        assert_eq!(report.visits, vec![6, 6, 6]);
        assert_eq!(report.values, vec![5.0 / 6.0, 2.5 / 6.0, 3.0 / 6.0]);
        assert_eq!(
            (report.best, report.iterations, report.playouts, report.finished_playouts),
            (0, 20, 14, 4)
        );
        let report = merge(2, &[thread(vec![1, 2], vec![1.0, 0.0])], Duration::ZERO);
        assert_eq!(report.best, 1);
    }
}
