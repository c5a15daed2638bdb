//! Agents that choose moves, generic over any game: the [`Agent`] trait, the agents the library
//! provides (random today; greedy and search later), the agent specs written on command lines and in
//! records (`random`, `human`, later `mcts:time=2s`), and [`play`], the driver that plays a game out.
//!
//! Human play needs a terminal and lives in the CLI; the library only parses its spec.

pub mod play;

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::runtime::{Engine, Move, State};

/// What an agent does at a decision point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Play the legal move with this index.
    Play(usize),
    /// Leave the game (a human quitting, or input that ended); the game stops unfinished.
    Quit,
}

/// Chooses among the legal moves of a decision point (never called with no moves).
pub trait Agent {
    fn choose(&mut self, engine: &Engine, state: &State, moves: &[Move], rng: &mut ChaCha8Rng) -> Decision;
}

/// Plays a uniformly random legal move.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomAgent;

impl Agent for RandomAgent {
    fn choose(&mut self, _: &Engine, _: &State, moves: &[Move], rng: &mut ChaCha8Rng) -> Decision {
        if moves.is_empty() {
            return Decision::Quit;
        }
        Decision::Play(rng.random_range(0..moves.len()))
    }
}

/// An agent as written on a command line, in a match file or in a record: a name, and later
/// parameters after a colon (`mcts:time=2s`). Its `Display` form parses back to the same spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentSpec {
    /// A person at the terminal (the front end provides it).
    Human,
    Random,
}

/// The agent names [`AgentSpec`] knows, for messages.
pub const AGENT_NAMES: [&str; 2] = ["human", "random"];

impl AgentSpec {
    /// The agent the library plays with; `None` for a human, whom only a front end can seat.
    pub fn automatic(self) -> Option<Box<dyn Agent>> {
        match self {
            AgentSpec::Human => None,
            AgentSpec::Random => Some(Box::new(RandomAgent)),
        }
    }
}

impl FromStr for AgentSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<AgentSpec, String> {
        let (name, parameters) = match text.split_once(':') {
            Some((name, parameters)) => (name.trim(), Some(parameters)),
            None => (text.trim(), None),
        };
        let spec = match name {
            "human" => AgentSpec::Human,
            "random" => AgentSpec::Random,
            _ => {
                let hint = crate::diagnostics::did_you_mean(name, AGENT_NAMES)
                    .map_or(String::new(), |hint| format!(" ({hint})"));
                return Err(format!(
                    "unknown agent `{name}`{hint}; the agents are: {}",
                    AGENT_NAMES.join(", ")
                ));
            }
        };
        match parameters {
            Some(parameters) => Err(format!("agent `{name}` takes no parameters, got `{parameters}`")),
            None => Ok(spec),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AgentSpec::Human => "human",
            AgentSpec::Random => "random",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        for name in AGENT_NAMES {
            let spec: AgentSpec = name.parse().unwrap();
            assert_eq!(spec.to_string(), name);
        }
        assert_eq!(" random ".parse::<AgentSpec>(), Ok(AgentSpec::Random));
    }

    #[test]
    fn unknown_agents_and_parameters_are_explained() {
        let error = "randon".parse::<AgentSpec>().unwrap_err();
        assert!(
            error.contains("unknown agent `randon`") && error.contains("did you mean `random`?"),
            "{error}"
        );
        let error = "random:depth=3".parse::<AgentSpec>().unwrap_err();
        assert!(error.contains("takes no parameters"), "{error}");
        assert!("".parse::<AgentSpec>().is_err());
    }

    #[test]
    fn only_a_human_needs_a_front_end() {
        assert!(AgentSpec::Human.automatic().is_none());
        assert!(AgentSpec::Random.automatic().is_some());
    }
}
