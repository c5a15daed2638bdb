//! `ludex perft`: counts the positions a number of moves ahead, to test move generation against
//! counts made by hand. Moves (`pass` and `end` included) use up depth; every outcome of a roll is a
//! branch that does not. The count starts at the first decision point of the game played with
//! `--seed` (setup rolls drawn as `play` and `run` draw them), or at `--position`. Every leaf is
//! made, unless `--bulk` asks for the last level's moves to be counted only (for games whose moves
//! never roll, where the count is the same), and the output says which.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use ludex::agents::play::roll_to_decision;
use ludex::ir::Game;
use ludex::runtime::{Engine, Leaves, perft_divide, perft_with};
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
    #[arg(long, conflicts_with = "bulk")]
    divide: bool,
    /// Count the last level's moves without making them (bulk counting: faster, the same count;
    /// refused for games whose moves may roll, where each roll outcome is a leaf)
    #[arg(long)]
    bulk: bool,
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
    let leaves = match args.bulk {
        true if rolls_after_moves(&engine.game) => {
            return Err(CliError::usage(format!(
                "--bulk counts each last move as one leaf, but a move of `{}` may roll, and perft \
                 counts each outcome of the roll: count without --bulk",
                engine.game.name
            )));
        }
        true => Leaves::Counted,
        false => Leaves::Made,
    };
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
        perft_with(&engine, &start, args.depth, leaves)
    };
    if let Some(fault) = engine.fault() {
        return Err(CliError::failed(format!(
            "the rules of `{}` cannot be played: {fault}",
            engine.game.name
        )));
    }
    let seconds = started.elapsed().as_secs_f64();
    let per_second = if seconds > 0.0 { total as f64 / seconds } else { 0.0 };
    let made = match leaves {
        Leaves::Made => "",
        Leaves::Counted => ", bulk: the last moves counted, not made",
    };
    writeln!(out, "depth {}: {total} ({seconds:.3} s, {per_second:.0} nodes/s{made})", args.depth)?;
    Ok(())
}

/// Whether a move may lead to a roll: the game sets a value by `roll(N)` (the IR's `Expr::Roll`,
/// found in its serialized form wherever it stands) anywhere but in its setup, whose rolls come
/// before the first decision.
pub fn rolls_after_moves(game: &Game) -> bool {
    match serde_json::to_value(game) {
        Ok(serde_json::Value::Object(mut fields)) => {
            fields.remove("setup");
            fields.values().any(holds_a_roll)
        }
        // The IR is a struct: this is not reached; saying the game rolls only refuses `--bulk`.
        _ => true,
    }
}

/// Whether the serialized IR holds an `Expr::Roll` (`{"Roll": N}`).
fn holds_a_roll(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::Object(fields) => {
            fields.iter().any(|(key, value)| key == "Roll" || holds_a_roll(value))
        }
        serde_json::Value::Array(items) => items.iter().any(holds_a_roll),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of one seat whose setup rolls a die into a variable and, with `MOVE`, whose move
    /// rolls one too.
    fn game(move_effect: &str) -> Game {
        let text = format!(
            "game \"Rolls\"\nseat a\nboard square 1 by 1\nvariable die = 0\n\
             setup {{ set die = roll d6 }}\n\
             action pick {{ choose n from 1 to 2 {move_effect} }}\n\
             phase play {{ turn {{ play pick }} }}\nend {{ when turns >= 3: draw }}\n"
        );
        let compiled = ludex::compile(&text, &Default::default());
        compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics))
    }

    #[test]
    fn games_whose_moves_roll_are_found_and_rolls_of_the_setup_are_not() {
        assert!(rolls_after_moves(&game(" then { set die = roll d6 }")));
        assert!(!rolls_after_moves(&game("")));
    }
}
