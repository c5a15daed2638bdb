//! What `play` and `run` share: their common flags, merged over a match file, turned into a ready
//! engine, start position and agent per seat; and the record file they may write.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use ludex::OptionValues;
use ludex::agents::{Agent, AgentSpec};
use ludex::ir::{Number, SeatId};
use ludex::record::{self, Record, RecordHeader};
use ludex::runtime::{Engine, State};

use super::check::OptionArgs;
use super::config::MatchConfig;
use super::input::{load_rules, option_values, parse_seat, read_text, seat_index, shown_path};
use super::summary::{self, Match};
use super::{CliError, CliResult};

#[derive(Args)]
pub struct MatchArgs {
    /// The rules file (or `rules` in the match file)
    file: Option<PathBuf>,
    /// Who plays a seat, by seat number (1-based) or name: human, random, greedy, or mcts with
    /// parameters such as mcts:time=2s or mcts:iterations=20000,threads=1,c=1.4 (repeatable)
    #[arg(long = "seat", value_name = "SEAT=AGENT", value_parser = parse_seat)]
    seats: Vec<(String, AgentSpec)>,
    /// The seed of the game's random generator (a seed fixes a game completely)
    #[arg(long)]
    pub seed: Option<u64>,
    #[command(flatten)]
    options: OptionArgs,
    /// Write the game(s) to this file, one JSON line each
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Start from this position instead of the setup
    #[arg(long, value_name = "FILE")]
    position: Option<PathBuf>,
    /// Read the rules file, options, seats, games and seed from a match file (flags override it)
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
}

/// A game ready to be played.
pub struct Session {
    pub engine: Engine,
    /// The state every game starts from.
    pub start: State,
    /// The agent of each seat.
    pub agents: Vec<AgentSpec>,
    /// `--seed`, else the match file's.
    pub seed: Option<u64>,
    /// The match file's `games`.
    pub games: Option<u64>,
    /// Each end rule's source text.
    end_rules: Vec<String>,
    rules: String,
    options: BTreeMap<String, Number>,
    position: Option<String>,
}

impl Session {
    /// Merges the flags over the match file, compiles the rules and loads the start position.
    /// Seats nobody assigned get `default_agent(seat)`.
    pub fn open(args: &MatchArgs, default_agent: fn(SeatId) -> AgentSpec) -> CliResult<Session> {
        let config = match &args.config {
            Some(path) => MatchConfig::load(path)?,
            None => MatchConfig::default(),
        };
        let rules = args.file.clone().or(config.rules).ok_or_else(|| {
            CliError::usage("no rules file: give FILE, or `rules` in the match file (--config)")
        })?;
        let mut options: OptionValues = config.options;
        options.extend(args.options.options.iter().cloned());
        let (game, text) = load_rules(&rules, &options)?;
        let engine = Engine::new(game);
        let mut agents: Vec<AgentSpec> =
            (0..engine.game.seats.len()).map(|s| default_agent(s as SeatId)).collect();
        for (seat, agent) in &config.seats {
            let agent = agent
                .parse()
                .map_err(|error| CliError::usage(format!("in the match file, seat `{seat}`: {error}")))?;
            assign(&engine, &mut agents, seat, agent)?;
        }
        for (seat, agent) in &args.seats {
            assign(&engine, &mut agents, seat, *agent)?;
        }
        let position = args.position.as_deref().map(read_text).transpose()?;
        let start = match &position {
            Some(text) => engine
                .load_position(text)
                .map_err(|error| CliError::usage(format!("the position file does not load: {error}")))?,
            None => engine.initial_state(),
        };
        Ok(Session {
            options: option_values(&engine.game),
            rules: rules.display().to_string(),
            engine,
            start,
            agents,
            seed: args.seed.or(config.seed),
            games: config.games,
            end_rules: summary::end_rule_texts(&text),
            position,
        })
    }

    pub fn seat_name(&self, seat: usize) -> &str {
        self.engine.game.seats.get(seat).map_or("?", |s| s.name.as_str())
    }

    /// One new agent a seat; `human` makes the agent of a human seat.
    pub fn make_agents(&self, mut human: impl FnMut() -> Box<dyn Agent>) -> Vec<Box<dyn Agent>> {
        self.agents.iter().map(|spec| spec.automatic().unwrap_or_else(&mut human)).collect()
    }

    /// The match as a summary of games played with seeds from `seed` tells it.
    pub fn summary_match(&self, seed: u64) -> Match<'_> {
        Match {
            game: &self.engine.game,
            rules: &self.rules,
            options: &self.options,
            agents: self.agents.iter().map(AgentSpec::to_string).collect(),
            end_rules: &self.end_rules,
            seed,
        }
    }

    /// The record of a game played with `seed` by the seats' agents.
    pub fn header(&self, seed: u64) -> RecordHeader {
        self.header_with(seed, &self.agents)
    }

    /// The record of a game played with `seed` by `agents`, one a seat.
    pub fn header_with(&self, seed: u64, agents: &[AgentSpec]) -> RecordHeader {
        RecordHeader {
            rules: self.rules.clone(),
            options: self.options.clone(),
            seed,
            seats: agents.iter().map(AgentSpec::to_string).collect(),
            position: self.position.clone(),
        }
    }
}

fn assign(engine: &Engine, agents: &mut [AgentSpec], seat: &str, agent: AgentSpec) -> CliResult {
    let index = seat_index(&engine.game, seat)? as usize;
    if let Some(slot) = agents.get_mut(index) {
        *slot = agent;
    }
    Ok(())
}

/// A file records are written to, one a line.
pub struct RecordFile {
    path: PathBuf,
    out: BufWriter<File>,
}

impl RecordFile {
    pub fn create(path: &Path) -> CliResult<RecordFile> {
        let file = File::create(path)
            .map_err(|error| CliError::usage(format!("cannot create `{}`: {error}", shown_path(path))))?;
        Ok(RecordFile { path: path.to_path_buf(), out: BufWriter::new(file) })
    }

    pub fn write(&mut self, record: &Record) -> CliResult {
        record::write(&mut self.out, record).map_err(|error| self.cannot_write(error))
    }

    pub fn finish(mut self) -> CliResult {
        self.out.flush().map_err(|error| self.cannot_write(error))
    }

    fn cannot_write(&self, error: std::io::Error) -> CliError {
        CliError::failed(format!("cannot write `{}`: {error}", shown_path(&self.path)))
    }
}
