//! Agent specs as written on command lines, in match files and in records: a name, then for the
//! agents that take them, parameters after a colon, separated by commas:
//! `mcts:time=2s,threads=1,c=1.4`. Every spec's `Display` form parses back to the same spec.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::greedy::GreedyAgent;
use super::mcts::{Budget, MctsAgent, MctsConfig, RootPolicy};
use super::{Agent, RandomAgent};
use ludex_diagnostics::did_you_mean;

/// An agent and its parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AgentSpec {
    /// A person at the terminal (the front end provides it).
    Human,
    /// `random`: [`RandomAgent`].
    Random,
    /// `greedy`: [`GreedyAgent`], one ply ahead.
    Greedy,
    /// `mcts:...`: [`MctsAgent`] with the parameters given (the defaults of
    /// [`MctsConfig::default`] for those left out).
    Mcts(MctsConfig),
}

/// The agent names [`AgentSpec`] knows, for messages.
pub const AGENT_NAMES: [&str; 4] = ["human", "random", "greedy", "mcts"];

/// The parameters `mcts` takes, for messages.
const MCTS_PARAMETERS: [&str; 6] = ["time", "iterations", "threads", "c", "playout", "root"];

/// Bounds on the parameters, so that a spec cannot ask for an absurd search.
const MAX_ITERATIONS: u64 = 1_000_000_000;
const MAX_TIME: Duration = Duration::from_secs(3600);
/// The most search threads: `threads=` above it is refused, and an MCTS search on a machine with
/// more cores uses this many.
pub const MAX_THREADS: usize = 256;
const MAX_EXPLORATION: f64 = 100.0;
const MAX_PLAYOUT_PLIES: u32 = 1_000_000;

impl AgentSpec {
    /// The agent the library plays with; `None` for a human, whom only a front end can seat.
    pub fn automatic(self) -> Option<Box<dyn Agent>> {
        match self {
            AgentSpec::Human => None,
            AgentSpec::Random => Some(Box::new(RandomAgent)),
            AgentSpec::Greedy => Some(Box::new(GreedyAgent)),
            AgentSpec::Mcts(config) => Some(Box::new(MctsAgent::new(config))),
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
            "greedy" => AgentSpec::Greedy,
            "mcts" => return Ok(AgentSpec::Mcts(parse_mcts(parameters.unwrap_or(""))?)),
            _ => {
                let hint = did_you_mean(name, AGENT_NAMES).map_or(String::new(), |hint| format!(" ({hint})"));
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

/// `time=2s,threads=1`: each parameter once; an empty list keeps the defaults.
fn parse_mcts(parameters: &str) -> Result<MctsConfig, String> {
    let mut config = MctsConfig::default();
    let mut seen: Vec<&str> = Vec::new();
    for parameter in parameters.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((key, value)) = parameter.split_once('=').map(|(k, v)| (k.trim(), v.trim())) else {
            return Err(format!("mcts parameters are KEY=VALUE, got `{parameter}`"));
        };
        let budget_key = matches!(key, "time" | "iterations");
        if seen.contains(&key) || (budget_key && seen.iter().any(|k| matches!(*k, "time" | "iterations"))) {
            return Err(format!("mcts: `{key}` given twice, or both `time` and `iterations`"));
        }
        seen.push(key);
        set_mcts_parameter(&mut config, key, value).map_err(|why| format!("mcts `{key}={value}`: {why}"))?;
    }
    Ok(config)
}

fn set_mcts_parameter(config: &mut MctsConfig, key: &str, value: &str) -> Result<(), String> {
    match key {
        "time" => config.budget = Budget::Time(parse_duration(value)?),
        "iterations" => config.budget = Budget::Iterations(parse_bounded(value, 1, MAX_ITERATIONS)?),
        "threads" => config.threads = Some(parse_bounded(value, 1, MAX_THREADS as u64)? as usize),
        "c" => config.exploration = parse_exploration(value)?,
        "playout" => config.playout_plies = parse_bounded(value, 0, MAX_PLAYOUT_PLIES.into())? as u32,
        "root" => config.root = parse_root_policy(value)?,
        _ => {
            let hint = did_you_mean(key, MCTS_PARAMETERS).map_or(String::new(), |hint| format!(" ({hint})"));
            return Err(format!("unknown parameter{hint}; mcts takes: {}", MCTS_PARAMETERS.join(", ")));
        }
    }
    Ok(())
}

fn parse_bounded(value: &str, min: u64, max: u64) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(number) if (min..=max).contains(&number) => Ok(number),
        _ => Err(format!("expected a whole number from {min} to {max}")),
    }
}

fn parse_root_policy(value: &str) -> Result<RootPolicy, String> {
    match value {
        "uct" => Ok(RootPolicy::Uct),
        "halving" => Ok(RootPolicy::Halving),
        _ => Err("expected `uct` or `halving`".into()),
    }
}

fn parse_exploration(value: &str) -> Result<f64, String> {
    match value.parse::<f64>() {
        Ok(c) if (0.0..=MAX_EXPLORATION).contains(&c) => Ok(c),
        _ => Err(format!("expected a number from 0 to {MAX_EXPLORATION}")),
    }
}

/// `2s`, `1.5s`, `500ms`: from 1 ms to an hour, kept to the millisecond.
fn parse_duration(value: &str) -> Result<Duration, String> {
    let (number, unit_ms) = match value.strip_suffix("ms") {
        Some(number) => (number, 1.0),
        None => (value.strip_suffix('s').ok_or("expected a time such as `2s` or `500ms`")?, 1000.0),
    };
    let millis = number.trim().parse::<f64>().map(|n| (n * unit_ms).round()).unwrap_or(f64::NAN);
    if !(1.0..=MAX_TIME.as_millis() as f64).contains(&millis) {
        return Err(format!("expected a time from 1ms to {}s", MAX_TIME.as_secs()));
    }
    Ok(Duration::from_millis(millis as u64))
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Human => f.write_str("human"),
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Greedy => f.write_str("greedy"),
            AgentSpec::Mcts(config) => write!(f, "mcts:{config}"),
        }
    }
}

/// The budget always, the other parameters when they differ from the defaults.
impl fmt::Display for MctsConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let defaults = MctsConfig::default();
        match self.budget {
            Budget::Iterations(iterations) => write!(f, "iterations={iterations}")?,
            Budget::Time(time) if time.subsec_millis() == 0 => write!(f, "time={}s", time.as_secs())?,
            Budget::Time(time) => write!(f, "time={}ms", time.as_millis())?,
        }
        if let Some(threads) = self.threads {
            write!(f, ",threads={threads}")?;
        }
        if self.exploration != defaults.exploration {
            write!(f, ",c={}", self.exploration)?;
        }
        if self.playout_plies != defaults.playout_plies {
            write!(f, ",playout={}", self.playout_plies)?;
        }
        if self.root != defaults.root {
            f.write_str(match self.root {
                RootPolicy::Uct => ",root=uct",
                RootPolicy::Halving => ",root=halving",
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mcts(text: &str) -> MctsConfig {
        match text.parse::<AgentSpec>() {
            Ok(AgentSpec::Mcts(config)) => config,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn specs_parse_and_print_back() {
        for text in AGENT_NAMES.into_iter().chain([
            "mcts:time=2s",
            "mcts:time=1500ms",
            "mcts:iterations=20000,threads=1,c=0.7,playout=50",
            "mcts:time=1s,root=halving",
        ]) {
            let spec: AgentSpec = text.parse().unwrap();
            assert_eq!(spec.to_string().parse::<AgentSpec>(), Ok(spec), "{text} -> {spec}");
        }
        assert_eq!(" random ".parse::<AgentSpec>(), Ok(AgentSpec::Random));
        assert_eq!("mcts:time=1500ms".parse::<AgentSpec>().unwrap().to_string(), "mcts:time=1500ms");
    }

    #[test]
    fn mcts_parameters_are_read() {
        let config = mcts("mcts: time = 1.5s , threads=3, c=0.5, playout=40");
        assert_eq!(config.budget, Budget::Time(Duration::from_millis(1500)));
        assert_eq!((config.threads, config.exploration, config.playout_plies), (Some(3), 0.5, 40));
        assert_eq!(mcts("mcts:iterations=20000").budget, Budget::Iterations(20000));
        assert_eq!(mcts("mcts:time=250ms").budget, Budget::Time(Duration::from_millis(250)));
        assert_eq!(mcts("mcts:root=halving").root, RootPolicy::Halving);
        assert_eq!(mcts("mcts:root=uct"), MctsConfig::default());
        assert_eq!(mcts("mcts"), MctsConfig::default());
        assert_eq!(mcts("mcts:"), MctsConfig::default());
    }

    #[test]
    fn unknown_agents_and_bad_parameters_are_explained() {
        let error = "randon".parse::<AgentSpec>().unwrap_err();
        assert!(
            error.contains("unknown agent `randon`") && error.contains("did you mean `random`?"),
            "{error}"
        );
        let error = "random:depth=3".parse::<AgentSpec>().unwrap_err();
        assert!(error.contains("takes no parameters"), "{error}");
        let error = "mcts:iteration=5".parse::<AgentSpec>().unwrap_err();
        assert!(error.contains("did you mean `iterations`?"), "{error}");
        for bad in [
            "",
            "greedy:x=1",
            "mcts:time=2",
            "mcts:time=0s",
            "mcts:time=-1s",
            "mcts:time=nans",
            "mcts:time=99999s",
            "mcts:iterations=0",
            "mcts:iterations=many",
            "mcts:threads=0",
            "mcts:threads=100000",
            "mcts:c=-1",
            "mcts:c=NaN",
            "mcts:c=inf",
            "mcts:time=1s,iterations=5",
            "mcts:threads=1,threads=2",
            "mcts:threads",
            "mcts:root=best",
        ] {
            assert!(bad.parse::<AgentSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn only_a_human_needs_a_front_end() {
        assert!(AgentSpec::Human.automatic().is_none());
        for spec in [AgentSpec::Random, AgentSpec::Greedy, AgentSpec::Mcts(MctsConfig::default())] {
            assert!(spec.automatic().is_some(), "{spec}");
        }
    }
}
