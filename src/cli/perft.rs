//! `ludex perft`: counts the positions a number of moves ahead, to test move generation against
//! counts made by hand. Moves (`pass` and `end` included) use up depth; every outcome of a roll is a
//! branch that does not. The count starts at the first decision point of the game played with
//! `--seed` (setup rolls drawn as `play` and `run` draw them), or at `--position`.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use ludex::agents::play::roll_to_decision;
use ludex::runtime::{Engine, perft as count, perft_divide};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::check::OptionArgs;
use super::input::{load_game, read_text};
use super::limits::limits;
use super::{CliError, CliResult};
use ludex::diagnostics::Limit;

#[derive(Args)]
pub struct PerftArgs {
    /// The rules file
    file: PathBuf,
    /// How many moves deep to count (roll outcomes do not count)
    #[arg(long)]
    depth: u32,
    /// Count separately under each first move (sorted by notation)
    #[arg(long)]
    divide: bool,
    /// Start from this position instead of the setup
    #[arg(long, value_name = "FILE")]
    position: Option<PathBuf>,
    /// The seed that draws the setup rolls (default 0); ignored with --position
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    options: OptionArgs,
}

pub fn perft(args: &PerftArgs) -> CliResult {
    let most = limits().max_perft_depth;
    if args.depth > most {
        return Err(CliError::usage(format!(
            "--depth {} is deeper than the limit `{}` of {most} ({})",
            args.depth,
            Limit::PerftDepth,
            Limit::PerftDepth.how_to_raise()
        )));
    }
    let engine = Engine::new(load_game(&args.file, &args.options.values())?);
    let start = match &args.position {
        Some(path) => engine
            .load_position(&read_text(path)?)
            .map_err(|error| CliError::usage(format!("the position file does not load: {error}")))?,
        None => {
            let mut state = engine.initial_state();
            roll_to_decision(&engine, &mut state, &mut ChaCha8Rng::seed_from_u64(args.seed.unwrap_or(0)));
            state
        }
    };
    let started = Instant::now();
    let mut out = io::stdout().lock();
    let total = if args.divide && args.depth > 0 {
        let mut branches = perft_divide(&engine, &start, args.depth);
        branches.sort();
        for (first, below) in &branches {
            writeln!(out, "{first}: {below}")?;
        }
        branches.iter().map(|(_, below)| below).sum()
    } else {
        count(&engine, &start, args.depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    let per_second = if seconds > 0.0 { total as f64 / seconds } else { 0.0 };
    writeln!(out, "depth {}: {total} ({seconds:.3} s, {per_second:.0} nodes/s)", args.depth)?;
    Ok(())
}
