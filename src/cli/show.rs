//! `ludex show RULES`: draws a state as SVG (`--svg OUT`, `-` for standard output) or as text: the
//! start position (its setup rolls made with `--seed`), a position file, or the state after the
//! first N entries of a recorded game (`--record FILE --ply N`, rolls counted as the record counts
//! them), with that game's last move marked. Also the frames of a recorded game, which
//! `replay --html` pages through.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use ludex::agents::play::roll_to_decision;
use ludex::ir::ZoneId;
use ludex::record::{self, Entry, Mismatch, Record};
use ludex::render::{self, Frame, LastMove, Picture};
use ludex::runtime::{Engine, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::check::OptionArgs;
use super::input::{load_game, open_lines, read_text, shown_path};
use super::limits::limits;
use super::{CliError, CliResult};

#[derive(Args)]
pub struct ShowArgs {
    /// The rules file
    file: PathBuf,
    /// Show this position instead of the start
    #[arg(long, value_name = "FILE", conflicts_with = "record")]
    position: Option<PathBuf>,
    /// Show a state of a recorded game (with --ply); its options are the recorded ones
    #[arg(long, value_name = "FILE", requires = "ply")]
    record: Option<PathBuf>,
    /// With --record: the state after the record's first N entries (moves and rolls)
    #[arg(long, value_name = "N", requires = "record")]
    ply: Option<usize>,
    /// With --record: which game of the file (1-based)
    #[arg(long, value_name = "N", default_value_t = 1, requires = "record")]
    game: usize,
    /// The seed that makes the setup's rolls of the start position
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Tint these zones (comma-separated names, or `all`)
    #[arg(long, value_name = "NAMES")]
    zones: Option<String>,
    /// Write the picture as SVG to this file (`-`: standard output); without it the state is
    /// printed as text
    #[arg(long, value_name = "OUT")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    options: OptionArgs,
}

pub fn show(args: &ShowArgs) -> CliResult {
    let record = args.record.as_deref().map(|path| read_record(path, args.game)).transpose()?;
    let mut options = record.as_ref().map(|r| r.options.clone()).unwrap_or_default();
    options.extend(args.options.values());
    let engine = Engine::new(load_game(&args.file, &options)?);
    let (state, last_move) = match (&record, &args.position) {
        (Some(record), _) => state_in_record(&engine, record, args.ply.unwrap_or(0))?,
        (None, Some(path)) => {
            let state = engine
                .load_position(&read_text(path)?)
                .map_err(|error| CliError::usage(format!("the position file does not load: {error}")))?;
            (state, None)
        }
        (None, None) => (start_position(&engine, args.seed), None),
    };
    let Some(out) = &args.svg else {
        write!(io::stdout().lock(), "{}", engine.describe(&state))?;
        return Ok(());
    };
    let zones = args.zones.as_deref().map_or(Ok(Vec::new()), |names| zones_named(&engine, names))?;
    let picture = Picture { zones, last_move };
    write_output(out, &render::svg(&engine, &state, &picture))
}

/// The state after setup, its rolls made from `seed` as a game with that seed makes them.
pub fn start_position(engine: &Engine, seed: u64) -> State {
    let mut state = engine.initial_state();
    roll_to_decision(engine, &mut state, &mut ChaCha8Rng::seed_from_u64(seed));
    state
}

/// Writes text to a file, or to standard output for `-`.
pub fn write_output(path: &Path, text: &str) -> CliResult {
    if path == Path::new("-") {
        io::stdout().lock().write_all(text.as_bytes())?;
        return Ok(());
    }
    std::fs::write(path, text)
        .map_err(|error| CliError::failed(format!("cannot write `{}`: {error}", shown_path(path))))
}

/// The game'th record of a record file.
pub fn read_record(path: &Path, game: usize) -> CliResult<Record> {
    let mut count = 0;
    for item in record::read_with_limits(open_lines(path)?, limits()) {
        let (_, record) =
            item.map_err(|error| CliError::usage(format!("in `{}`, {error}", shown_path(path))))?;
        count += 1;
        if count == game {
            return Ok(record);
        }
    }
    Err(CliError::usage(format!("`{}` holds {count} recorded games, not game {game}", shown_path(path))))
}

/// The zones named in a comma-separated list, or every zone for `all`.
fn zones_named(engine: &Engine, names: &str) -> CliResult<Vec<ZoneId>> {
    let zones = &engine.game.zones;
    if names.trim() == "all" {
        return Ok((0..zones.len()).filter_map(|z| ZoneId::try_from(z).ok()).collect());
    }
    names
        .split(',')
        .map(str::trim)
        .map(|name| match zones.iter().position(|zone| zone.name == name) {
            Some(index) => ZoneId::try_from(index).map_err(|_| CliError::usage("too many zones")),
            None => {
                let known: Vec<&str> = zones.iter().map(|zone| zone.name.as_str()).collect();
                let hint = ludex::diagnostics::did_you_mean(name, known.iter().copied())
                    .unwrap_or_else(|| format!("the zones are: {}", known.join(", ")));
                Err(CliError::usage(format!("`{}` has no zone `{name}` ({hint})", engine.game.name)))
            }
        })
        .collect()
}

/// The state after the record's first `ply` entries, and the last move among them.
fn state_in_record(engine: &Engine, record: &Record, ply: usize) -> CliResult<(State, Option<LastMove>)> {
    if ply > record.plies.len() {
        return Err(CliError::usage(format!(
            "the recorded game has {} entries (moves and rolls); --ply {ply} is past its end",
            record.plies.len()
        )));
    }
    let shortened = Record { plies: record.plies[..ply].to_vec(), ..record.clone() };
    let mut last_move = None;
    let state = record::replay(engine, &shortened, |before, entry| {
        if let Entry::Move(mv) = entry {
            last_move = Some(LastMove::of(engine, before, mv));
        }
    })
    .map_err(|mismatch| CliError::failed(format!("the record does not replay: {mismatch}")))?;
    Ok((state, last_move))
}

/// The pictures of a recorded game: the start, then the state after each entry, with the last
/// move marked.
pub fn record_frames(engine: &Engine, record: &Record) -> Result<Vec<Frame>, Mismatch> {
    let picture = |last_move: Option<LastMove>| Picture { zones: Vec::new(), last_move };
    let start = match &record.position {
        Some(text) => engine.load_position(text).map_err(Mismatch::Position)?,
        None => engine.initial_state(),
    };
    let mut frames =
        vec![Frame { caption: "start".into(), svg: render::svg(engine, &start, &picture(None)) }];
    let mut last_move: Option<LastMove> = None;
    let mut after = |before: &State, entry: Entry| {
        let mut state = before.clone();
        let caption = match entry {
            Entry::Roll(outcome) => {
                engine.apply_chance(&mut state, outcome);
                format!("{}: roll {outcome}", frames.len())
            }
            Entry::Move(mv) => {
                let last = LastMove::of(engine, before, mv);
                engine.apply_move(&mut state, mv);
                let seat = last.seat.and_then(|s| engine.game.seats.get(s as usize)).map_or("?", |s| &s.name);
                let caption = format!("{}: {} ({seat})", frames.len(), last.notation);
                last_move = Some(last);
                caption
            }
        };
        frames.push(Frame { caption, svg: render::svg(engine, &state, &picture(last_move.clone())) });
    };
    record::replay(engine, record, &mut after)?;
    Ok(frames)
}
