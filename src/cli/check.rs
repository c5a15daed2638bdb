//! `ludex check` (diagnostics and a one-line summary of the game) and `ludex ir` (the lowered game as
//! JSON).

use std::io::{self, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use ludex::OptionValues;
use ludex::diagnostics;
use ludex::ir::{BoardKind, Game, Number};

use super::input::{check_file, parse_option, plural};
use super::limits::limits;
use super::{CliError, CliResult};

/// `--option NAME=VALUE`, for every command that compiles a game.
#[derive(Args, Clone, Debug, Default)]
pub struct OptionArgs {
    /// Set an option the rules file declares (repeatable)
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = parse_option)]
    pub options: Vec<(String, Number)>,
}

impl OptionArgs {
    pub fn values(&self) -> OptionValues {
        self.options.iter().cloned().collect()
    }
}

#[derive(Args)]
pub struct CheckArgs {
    /// The rules file
    file: PathBuf,
    /// Fail (exit 1) on warnings too
    #[arg(long)]
    deny_warnings: bool,
    /// How to print the diagnostics
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    options: OptionArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Rendered diagnostics on standard error and a summary on standard output
    Text,
    /// A JSON array of diagnostics on standard output
    Json,
}

#[derive(Args)]
pub struct IrArgs {
    /// The rules file
    file: PathBuf,
    #[command(flatten)]
    options: OptionArgs,
}

pub fn check(args: &CheckArgs) -> CliResult {
    let options = args.options.values();
    let checked = check_file(&args.file, &options)?;
    let mut out = io::stdout().lock();
    match args.format {
        Format::Json => {
            let shown = checked.diagnostics.len().min(limits().max_diagnostics);
            let json = diagnostics::to_json(&checked.diagnostics[..shown], &checked.name, &checked.text);
            serde_json::to_writer_pretty(&mut out, &json).map_err(io::Error::from)?;
            writeln!(out)?;
            if let Some(line) = limits().not_shown(checked.diagnostics.len()) {
                let _ = writeln!(io::stderr(), "{line}");
            }
        }
        Format::Text => checked.show_diagnostics(),
    }
    let denied_warnings = args.deny_warnings && checked.warnings() > 0;
    let name = checked.name.clone();
    let warnings = checked.warnings();
    let game = checked.into_game()?;
    if denied_warnings {
        return Err(CliError::failed(format!("{} in `{name}` (denied)", plural(warnings, "warning"))));
    }
    if args.format == Format::Text {
        writeln!(out, "{}", summary(&game))?;
    }
    Ok(())
}

pub fn ir(args: &IrArgs) -> CliResult {
    let options = args.options.values();
    let checked = check_file(&args.file, &options)?;
    checked.show_diagnostics();
    let game = checked.into_game()?;
    let mut out = io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, &game).map_err(io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

/// `Game: 2 seats (red, blue), board square 6x6, pieces king (K), pawn (P)`.
pub fn summary(game: &Game) -> String {
    let seats: Vec<&str> = game.seats.iter().map(|s| s.name.as_str()).collect();
    let pieces: Vec<String> = game.pieces.iter().map(|p| format!("{} ({})", p.name, p.letter)).collect();
    let mut line = format!(
        "{}: {} ({}), board {}, {} {}",
        game.name,
        plural(seats.len(), "seat"),
        seats.join(", "),
        board_name(&game.board.kind),
        if pieces.len() == 1 { "piece" } else { "pieces" },
        pieces.join(", ")
    );
    if !game.options.is_empty() {
        let options: Vec<String> = game.options.iter().map(|o| format!("{}={}", o.name, o.value)).collect();
        line.push_str(&format!(", options {}", options.join(", ")));
    }
    line
}

/// `square 8x8`, `hex 7`, `hex 11x11`.
pub fn board_name(kind: &BoardKind) -> String {
    match kind {
        BoardKind::Square { width, height } => format!("square {width}x{height}"),
        BoardKind::Hex { side } => format!("hex {side}"),
        BoardKind::Rhombus { width, height } => format!("hex {width}x{height}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_named_by_kind_and_size() {
        assert_eq!(board_name(&BoardKind::Square { width: 8, height: 6 }), "square 8x6");
        assert_eq!(board_name(&BoardKind::Hex { side: 7 }), "hex 7");
    }
}
