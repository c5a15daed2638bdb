//! `ludex replay FILE.jsonl`: replays every recorded game from its rules file (the recorded path,
//! from the working directory, else from the record file's directory), checking each ply and the
//! result: one line a game. Every game that does not replay is reported (game, ply, text and why)
//! and the command exits 1; a line that is not a record stops it (exit 2). With `--html OUT` it
//! replays one game (`--game N`, the first by default) and writes a self-contained page that steps
//! through it, the board drawn after every entry.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use ludex::OptionValues;
use ludex::agents::play::is_roll;
use ludex::record::{self, Record};
use ludex::render;
use ludex::runtime::Engine;

use super::input::{load_game, open_lines, plural, resolve, shown_path};
use super::limits::limits;
use super::show::{read_record, record_frames, write_output};
use super::{CliError, CliResult};

#[derive(Args)]
pub struct ReplayArgs {
    /// The record file: one JSON game a line, as `play --record` and `run --record` write them
    file: PathBuf,
    /// Write a page that steps through one recorded game (see --game) to this file
    #[arg(long, value_name = "OUT")]
    html: Option<PathBuf>,
    /// With --html: which game of the file (1-based)
    #[arg(long, value_name = "N", default_value_t = 1, requires = "html")]
    game: usize,
}

pub fn replay(args: &ReplayArgs) -> CliResult {
    if let Some(out) = &args.html {
        return replay_page(args, out);
    }
    let lines = open_lines(&args.file)?;
    let mut engines = Engines { base: args.file.parent().map(Path::to_path_buf), last: None };
    let mut out = io::stdout().lock();
    let (mut games, mut failures) = (0usize, 0usize);
    for item in record::read_with_limits(lines, limits()) {
        let (line, record) =
            item.map_err(|error| CliError::usage(format!("in `{}`, {error}", shown_path(&args.file))))?;
        games += 1;
        match record::verify(engines.get(&record)?, &record) {
            Ok(_) => writeln!(out, "{}", replayed_line(games, &record))?,
            Err(mismatch) => {
                failures += 1;
                let _ = writeln!(io::stderr(), "game {games} (line {line}): {mismatch}");
            }
        }
    }
    if failures > 0 {
        return Err(CliError::failed(format!("{failures} of {games} recorded games do not replay")));
    }
    writeln!(out, "{} replayed: every move and roll legal, every result as recorded", plural(games, "game"))?;
    Ok(())
}

/// Checks one recorded game and writes the page that steps through it.
fn replay_page(args: &ReplayArgs, out: &Path) -> CliResult {
    let record = read_record(&args.file, args.game)?;
    let mut engines = Engines { base: args.file.parent().map(Path::to_path_buf), last: None };
    let engine = engines.get(&record)?;
    let does_not_replay =
        |mismatch| CliError::failed(format!("game {} does not replay: {mismatch}", args.game));
    record::verify(engine, &record).map_err(does_not_replay)?;
    let frames = record_frames(engine, &record).map_err(does_not_replay)?;
    write_output(out, &render::replay_page(&engine.game.name, &frames))?;
    writeln!(
        io::stdout().lock(),
        "game {}: {} written to `{}`",
        args.game,
        plural(frames.len(), "frame"),
        shown_path(out)
    )?;
    Ok(())
}

/// `game 3: ok, 63 plies and 40 rolls, places [1, 2] (reason)`: plies are the moves.
fn replayed_line(game: usize, record: &Record) -> String {
    let moves = record.plies.iter().filter(|entry| !is_roll(entry)).count();
    let rolls = record.plies.len() - moves;
    let plies = if moves == 1 { "1 ply".to_string() } else { format!("{moves} plies") };
    let result = record::describe_result(record.result.as_ref());
    format!("game {game}: ok, {plies} and {}, {result}", plural(rolls, "roll"))
}

/// The engine of the last rules file and options replayed: consecutive records of the same game
/// (a `run`) compile it once.
struct Engines {
    base: Option<PathBuf>,
    last: Option<(PathBuf, OptionValues, Engine)>,
}

impl Engines {
    fn get(&mut self, record: &Record) -> CliResult<&Engine> {
        let path = resolve(Path::new(&record.rules), self.base.as_deref());
        let reusable = matches!(&self.last, Some((p, o, _)) if *p == path && *o == record.options);
        if !reusable {
            let game = load_game(&path, &record.options)?;
            self.last = Some((path, record.options.clone(), Engine::new(game)));
        }
        match &self.last {
            Some((_, _, engine)) => Ok(engine),
            None => Err(CliError::failed("no engine")),
        }
    }
}
