//! Agents that choose moves, generic over any game: the [`Agent`] trait; the agents the library
//! provides: [`RandomAgent`], [`greedy::GreedyAgent`] (one ply ahead) and [`mcts::MctsAgent`] (Monte
//! Carlo tree search); the agent specs written on command lines and in records
//! ([`spec::AgentSpec`]: `random`, `greedy`, `mcts:time=2s`, `human`); how agents value results and
//! positions ([`evaluation`]); [`stats`] to summarize many games; and [`play`], the driver that plays
//! a game out.
//!
//! Human play needs a terminal and lives in the CLI; the library only parses its spec.

// No input may make the library panic: errors are returned, never unwrapped (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
#![warn(missing_docs)]

pub mod evaluation;
pub mod greedy;
pub mod mcts;
pub mod play;
pub mod record;
pub mod spec;
pub mod stats;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use ludex_runtime::{Engine, Move, State};

pub use spec::{AGENT_NAMES, AgentSpec};

/// What an agent does at a decision point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Play the legal move with this index.
    Play(usize),
    /// Leave the game (a human quitting, or input that ended); the game stops unfinished.
    Quit,
    /// Take back the seat's last move (a human changing their mind): the driver plays nothing and
    /// says so ([`play::Step::Undo`]); the front end rewinds the game ([`play::Playthrough::rewind`]).
    Undo,
}

/// Chooses among the legal moves of a decision point (never called with no moves). Any randomness
/// comes from `rng`, the game's generator, so that a seed fixes the game.
pub trait Agent {
    /// The move to play at the decision point `state`, as an index into `moves` (the legal moves,
    /// in `Engine::legal_moves` order), or [`Decision::Quit`]. An index out of range is taken as
    /// quitting by the driver. `past` holds the keys (`Engine::position_key`) of the decision points
    /// the game went through before this one, oldest first, for agents that [read
    /// it](Agent::reads_past) (empty when no agent of the game reads it, or when the game started
    /// from a position whose past is unknown). An agent may keep what it learns between calls (it is
    /// asked again at every decision of its seat, in order).
    fn choose(
        &mut self,
        engine: &Engine,
        state: &State,
        moves: &[Move],
        past: &[u64],
        rng: &mut ChaCha8Rng,
    ) -> Decision;

    /// Whether the agent reads the game's `past`: drivers keep it only while some agent of the
    /// game does (a key a decision point costs a fast game's driver a third of its time).
    fn reads_past(&self) -> bool {
        false
    }
}

/// Plays a uniformly random legal move.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomAgent;

impl Agent for RandomAgent {
    fn choose(&mut self, _: &Engine, _: &State, moves: &[Move], _: &[u64], rng: &mut ChaCha8Rng) -> Decision {
        if moves.is_empty() {
            return Decision::Quit;
        }
        Decision::Play(rng.random_range(0..moves.len()))
    }
}
