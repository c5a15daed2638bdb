//! `ludex merge SUMMARY... [--record FILE] [--json]`: combines the JSON summaries of a run's shards
//! (`ludex run --shard I/N --json`) into the summary of the whole run, and with `--record` their
//! record files into the whole run's: the same summary and the same records, in the same order, as
//! `ludex run` without `--shard` gives, but for the speed (over the shards' times added up).
//!
//! The summaries must be of one run (the same rules file, options, agents, seed and games), hold
//! every shard of it exactly once, and each shard must be complete. The rules file is read again,
//! where the summaries name it (from the working directory, else from the summary's directory), for
//! the names of the seats, the end rules and the teams. Each shard's records are read from the
//! file its summary names, and every record is checked to be the game of its place in the run.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use clap::Args;
use ludex::ir::Number;
use ludex::record::{self, Record};
use serde::Deserialize;

use super::input::{load_rules, read_text, resolve};
use super::session::RecordFile;
use super::summary::{self, Extent, Match, Shard, Summary, Tally};
use super::{CliError, CliResult};

#[derive(Args)]
pub struct MergeArgs {
    /// The shards' JSON summaries (`ludex run --shard I/N --json`), in any order
    #[arg(required = true, value_name = "SUMMARY")]
    summaries: Vec<PathBuf>,
    /// Write the whole run's records to FILE, from the record files the shards' summaries name
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Print the summary as JSON
    #[arg(long)]
    json: bool,
}

/// What `merge` reads of a shard's summary.
#[derive(Deserialize)]
struct ShardSummary {
    game: String,
    rules: String,
    options: BTreeMap<String, Number>,
    seed: u64,
    shard: Option<Shard>,
    record: Option<String>,
    games: u64,
    interrupted: bool,
    seats: Vec<SeatAgent>,
    seconds: f64,
    tally: Tally,
}

#[derive(Deserialize)]
struct SeatAgent {
    agent: String,
}

/// A shard's summary, with the file it came from.
struct ShardFile {
    path: PathBuf,
    summary: ShardSummary,
    shard: Shard,
}

impl ShardFile {
    fn read(path: &Path) -> CliResult<ShardFile> {
        let text = read_text(path)?;
        let summary: ShardSummary = serde_json::from_str(&text).map_err(|error| {
            CliError::usage(format!(
                "`{}` is not the JSON summary of a shard (`ludex run --shard I/N --json`): {error}",
                path.display()
            ))
        })?;
        let Some(shard) = summary.shard else {
            return Err(CliError::usage(format!(
                "`{}` is the summary of a whole run, not of a shard (`ludex run --shard I/N`)",
                path.display()
            )));
        };
        if shard.index >= shard.count {
            return Err(CliError::usage(format!(
                "`{}` names shard {} of {}: a shard's index is from 0 to the count less 1",
                path.display(),
                shard.index,
                shard.count
            )));
        }
        Ok(ShardFile { path: path.to_path_buf(), summary, shard })
    }

    /// The directory paths in the summary are taken from when they are not found as they are.
    fn base(&self) -> Option<&Path> {
        self.path.parent()
    }

    fn index(&self) -> u64 {
        self.shard.index
    }

    fn agents(&self) -> Vec<&str> {
        self.summary.seats.iter().map(|seat| seat.agent.as_str()).collect()
    }
}

pub fn merge(args: &MergeArgs) -> CliResult {
    let shards = args.summaries.iter().map(|path| ShardFile::read(path)).collect::<CliResult<Vec<_>>>()?;
    let shards = in_order(shards)?;
    let (first, others) = shards.split_first().ok_or_else(|| CliError::usage("no shard summaries given"))?;
    let mut tally = first.summary.tally.clone();
    for shard in others {
        tally
            .merge(&shard.summary.tally)
            .map_err(|why| CliError::usage(format!("`{}`: {why}", shard.path.display())))?;
    }
    let seconds = shards.iter().map(|shard| shard.summary.seconds).sum();
    let rules = resolve(Path::new(&first.summary.rules), first.base());
    let (game, text) = load_rules(&rules, &first.summary.options)?;
    if game.name != first.summary.game || !tally.fits(game.seats.len(), game.end.len()) {
        return Err(CliError::usage(format!(
            "`{}` is no longer the game the shards played (`{}`, with the same seats and end rules)",
            rules.display(),
            first.summary.game
        )));
    }
    if let Some(path) = &args.record {
        merge_records(&shards, path)?;
    }
    let end_rules = summary::end_rule_texts(&text);
    let context = Match {
        game: &game,
        rules: &first.summary.rules,
        options: &first.summary.options,
        agents: first.agents().into_iter().map(str::to_string).collect(),
        end_rules: &end_rules,
        seed: first.summary.seed,
    };
    let record = args.record.as_ref().map(|path| path.display().to_string());
    let extent = Extent { planned: first.shard.run_games, shard: None, record };
    Summary::new(&context, tally, extent, seconds).print(args.json)
}

/// The shards sorted by index, once each checked to be of the same run as the first, complete, and
/// together every shard of it.
fn in_order(mut shards: Vec<ShardFile>) -> CliResult<Vec<ShardFile>> {
    shards.sort_by_key(ShardFile::index);
    let Some(first) = shards.first() else { return Ok(shards) };
    for shard in &shards {
        same_run(first, shard)?;
        let planned = shard.shard.games();
        if shard.summary.interrupted || shard.summary.games != planned.end - planned.start {
            return Err(CliError::usage(format!(
                "`{}`: shard {}/{} played {} of its {} games: run it again to the end",
                shard.path.display(),
                shard.shard.index,
                shard.shard.count,
                shard.summary.games,
                planned.end - planned.start
            )));
        }
    }
    for pair in shards.windows(2) {
        if pair[0].index() == pair[1].index() {
            return Err(CliError::usage(format!(
                "`{}` and `{}` are both shard {}",
                pair[0].path.display(),
                pair[1].path.display(),
                pair[0].index()
            )));
        }
    }
    let count = first.shard.count;
    if shards.len() as u64 != count {
        let present: Vec<u64> = shards.iter().map(ShardFile::index).collect();
        let missing: Vec<String> =
            (0..count).filter(|index| !present.contains(index)).take(10).map(|i| i.to_string()).collect();
        return Err(CliError::usage(format!(
            "the run has {count} shards and {} were given: missing shard {}{}",
            shards.len(),
            missing.join(", "),
            if count - shards.len() as u64 > 10 { ", ..." } else { "" }
        )));
    }
    Ok(shards)
}

/// Refuses a shard of another run than `first`'s, naming what differs.
fn same_run(first: &ShardFile, shard: &ShardFile) -> CliResult {
    let (a, b) = (&first.summary, &shard.summary);
    let differs = [
        ("game", a.game != b.game),
        ("rules file", a.rules != b.rules),
        ("options", a.options != b.options),
        ("seed", a.seed != b.seed),
        ("agents", first.agents() != shard.agents()),
        ("number of shards", first.shard.count != shard.shard.count),
        ("number of games", first.shard.run_games != shard.shard.run_games),
    ];
    match differs.iter().find(|(_, differs)| *differs) {
        Some((what, _)) => Err(CliError::usage(format!(
            "`{}` and `{}` are shards of different runs: their {what} differ",
            first.path.display(),
            shard.path.display()
        ))),
        None => Ok(()),
    }
}

/// Writes the shards' records, in order, to `path`, checking that each is the game of its place in
/// the run: its seed, rules file, options and agents.
fn merge_records(shards: &[ShardFile], path: &Path) -> CliResult {
    let mut out = RecordFile::create(path)?;
    for shard in shards {
        let Some(name) = &shard.summary.record else {
            return Err(CliError::usage(format!(
                "`{}` names no record file: run the shard with --record to merge records",
                shard.path.display()
            )));
        };
        let file_path = resolve(Path::new(name), shard.base());
        let file = File::open(&file_path)
            .map_err(|error| CliError::usage(format!("cannot read `{}`: {error}", file_path.display())))?;
        let mut games = shard.shard.games();
        for item in record::read(BufReader::new(file)) {
            let in_file = |why: String| CliError::usage(format!("in `{}`, {why}", file_path.display()));
            let (line, record) = item.map_err(|error| in_file(error.to_string()))?;
            let Some(index) = games.next() else {
                return Err(in_file(format!("line {line}: more records than the shard's games")));
            };
            check_record(shard, &record, index).map_err(|why| in_file(format!("line {line}: {why}")))?;
            out.write(&record)?;
        }
        if let Some(index) = games.next() {
            return Err(CliError::usage(format!(
                "`{}` ends before game {index} of the run: the shard's records are incomplete",
                file_path.display()
            )));
        }
    }
    out.finish()
}

/// Whether `record` is game `index` of the shard's run.
fn check_record(shard: &ShardFile, record: &Record, index: u64) -> Result<(), String> {
    let summary = &shard.summary;
    let seed = summary.seed.wrapping_add(index);
    if record.seed != seed {
        return Err(format!(
            "the record of seed {} where game {index} of the run (seed {seed}) belongs",
            record.seed
        ));
    }
    let agents: Vec<&str> = record.seats.iter().map(String::as_str).collect();
    if record.rules != summary.rules || record.options != summary.options || agents != shard.agents() {
        return Err("a game of another match (its rules file, options or agents differ)".to_string());
    }
    Ok(())
}
