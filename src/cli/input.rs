//! What the commands read: text files (with a size limit), rules files compiled with their
//! diagnostics shown, and the `NAME=VALUE` / `SEAT=AGENT` arguments resolved against a game.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use ludex::agents::AgentSpec;
use ludex::diagnostics::{self, Code, Diagnostic, Limit};
use ludex::ir::{Game, Number, SeatId};
use ludex::{OptionValues, compile_with_limits};

use super::limits::limits;
use super::style::{self, ErrorFormat};
use super::{CliError, CliResult, explain};

/// The most characters of a path or an argument quoted in a message.
pub const QUOTED_CHARS: usize = 200;

/// What a file argument of `-` stands for: standard input (or output, where a file is written).
pub const STDIN: &str = "-";

/// The name standard input goes by in messages and diagnostics.
pub const STDIN_NAME: &str = "<stdin>";

/// Whether a file argument is `-`, standard input.
pub fn is_stdin(path: &Path) -> bool {
    path == Path::new(STDIN)
}

/// A path for a message, cut if very long; `-` is `<stdin>`.
pub fn shown_path(path: &Path) -> String {
    if is_stdin(path) {
        return STDIN_NAME.to_string();
    }
    diagnostics::quote(&path.display().to_string(), QUOTED_CHARS)
}

/// Reads a whole text file, or standard input for `-` (see [`read_all`]); every failure is a
/// usage error naming the file.
pub fn read_text(path: &Path) -> CliResult<String> {
    if is_stdin(path) {
        return read_stdin();
    }
    let name = format!("`{}`", shown_path(path));
    let file = std::fs::File::open(path).map_err(|e| CliError::usage(format!("cannot read {name}: {e}")))?;
    read_all(file, &name)
}

/// Opens a file to read line by line, or standard input for `-`.
pub fn open_lines(path: &Path) -> CliResult<Box<dyn BufRead>> {
    if is_stdin(path) {
        claim_stdin()?;
        return Ok(Box::new(io::stdin().lock()));
    }
    let file = std::fs::File::open(path)
        .map_err(|error| CliError::usage(format!("cannot read `{}`: {error}", shown_path(path))))?;
    Ok(Box::new(io::BufReader::new(file)))
}

/// Reads the whole of standard input as text, with the same limit as a file.
pub fn read_stdin() -> CliResult<String> {
    claim_stdin()?;
    read_all(io::stdin().lock(), "standard input")
}

/// Standard input can be read once: a second `-` in one command is a usage error rather than an
/// empty file.
fn claim_stdin() -> CliResult {
    static TAKEN: AtomicBool = AtomicBool::new(false);
    if TAKEN.swap(true, Ordering::Relaxed) {
        return Err(CliError::usage("standard input (`-`) can be read only once in a command"));
    }
    Ok(())
}

/// Reads at most the `source-bytes` limit, so a wrong path or a stream without end cannot exhaust
/// memory.
fn read_all(reader: impl Read, name: &str) -> CliResult<String> {
    let cannot = |why: String| CliError::usage(format!("cannot read {name}: {why}"));
    let most = limits().max_source_bytes;
    let mut bytes = Vec::new();
    reader.take(most.saturating_add(1)).read_to_end(&mut bytes).map_err(|e| cannot(e.to_string()))?;
    if bytes.len() as u64 > most {
        let why = format!(
            "larger than the limit `{}` of {most} bytes ({})",
            Limit::SourceBytes,
            Limit::SourceBytes.how_to_raise()
        );
        return Err(cannot(why));
    }
    String::from_utf8(bytes).map_err(|_| cannot("not UTF-8 text".to_string()))
}

/// `path` as given when it names a file from the working directory, else the same path taken
/// relative to `base` (a record's or a match file's directory) when that exists.
pub fn resolve(path: &Path, base: Option<&Path>) -> PathBuf {
    match base {
        Some(base) if path.is_relative() && !path.exists() && base.join(path).exists() => base.join(path),
        _ => path.to_path_buf(),
    }
}

/// A rules file compiled, and its diagnostics.
pub struct Checked {
    pub game: Option<Game>,
    pub diagnostics: Vec<Diagnostic>,
    pub text: String,
    pub name: String,
}

impl Checked {
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    pub fn warnings(&self) -> usize {
        self.diagnostics.len() - self.errors()
    }

    /// Renders every diagnostic to standard error, in color on a terminal.
    pub fn show_diagnostics(&self) {
        if self.diagnostics.is_empty() {
            return;
        }
        let text = match style::error_format() {
            ErrorFormat::Long => diagnostics::render_with_limits(
                &self.diagnostics,
                &self.name,
                &self.text,
                style::colors(&io::stderr()),
                limits(),
            ),
            ErrorFormat::Short => {
                diagnostics::render_short(&self.diagnostics, &self.name, &self.text, limits())
            }
        };
        let _ = io::stderr().write_all(text.as_bytes());
    }

    /// The game, or the check failure (`N errors in FILE`), ending with where to read more about
    /// the errors (`ludex explain CODE`).
    pub fn into_game(self) -> CliResult<Game> {
        let errors = self.errors();
        match self.game {
            Some(game) if errors == 0 => Ok(game),
            _ if errors > 0 => {
                let mut message = format!("{} in `{}`", plural(errors, "error"), self.name);
                if let Some(hint) = explain::hint(&self.diagnostics) {
                    message.push_str(&format!("\n\n{hint}"));
                }
                Err(CliError::failed(message))
            }
            _ => Err(CliError::failed(format!("`{}` gave no game and no error", self.name))),
        }
    }
}

/// Reads and compiles a rules file. An `--option` the rules refuse (a name they do not declare, a
/// value outside the declared range) is a usage error, given with the checker's message and hint.
pub fn check_file(path: &Path, options: &OptionValues) -> CliResult<Checked> {
    let text = read_text(path)?;
    let compiled = compile_with_limits(&text, options, limits());
    let refused: Vec<String> = compiled
        .diagnostics
        .iter()
        .filter(|diagnostic| refuses_an_option(diagnostic, options))
        .map(|diagnostic| match &diagnostic.help {
            Some(help) => format!("{} ({help})", diagnostic.message),
            None => diagnostic.message.clone(),
        })
        .collect();
    if !refused.is_empty() {
        return Err(CliError::usage(format!("in `{}`: {}", shown_path(path), refused.join("; "))));
    }
    Ok(Checked { game: compiled.game, diagnostics: compiled.diagnostics, text, name: shown_path(path) })
}

/// Whether the diagnostic is about an option value given on the command line.
fn refuses_an_option(diagnostic: &Diagnostic, options: &OptionValues) -> bool {
    match diagnostic.code {
        Code::UnknownOption => true,
        Code::OutOfRange => {
            options.keys().any(|name| diagnostic.message.starts_with(&format!("option `{name}` = ")))
        }
        _ => false,
    }
}

/// Reads and compiles a rules file to play it: diagnostics (warnings too) go to standard error;
/// errors end the command.
pub fn load_game(path: &Path, options: &OptionValues) -> CliResult<Game> {
    load_rules(path, options).map(|(game, _)| game)
}

/// [`load_game`], with the rules text.
pub fn load_rules(path: &Path, options: &OptionValues) -> CliResult<(Game, String)> {
    let checked = check_file(path, options)?;
    checked.show_diagnostics();
    let text = checked.text.clone();
    Ok((checked.into_game()?, text))
}

/// The value of every option the game declares, as the game was lowered.
pub fn option_values(game: &Game) -> BTreeMap<String, Number> {
    game.options.iter().map(|o| (o.name.clone(), o.value)).collect()
}

/// Parses `--option NAME=VALUE`.
pub fn parse_option(text: &str) -> Result<(String, Number), String> {
    let (name, value) = split_assignment(text, "NAME=VALUE")?;
    let value = value
        .parse()
        .map_err(|error| format!("the value of option `{name}` must be a number, got `{value}`: {error}"))?;
    Ok((name, value))
}

/// Parses `--seat SEAT=AGENT`; the seat is resolved once the game is known.
pub fn parse_seat(text: &str) -> Result<(String, AgentSpec), String> {
    let (seat, agent) = split_assignment(text, "SEAT=AGENT")?;
    Ok((seat, agent.parse()?))
}

fn split_assignment<'a>(text: &'a str, shape: &str) -> Result<(String, &'a str), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => Ok((name.trim().to_string(), value.trim())),
        _ => Err(format!("expected {shape}, got `{text}`")),
    }
}

/// A seat by 1-based number or by name.
pub fn seat_index(game: &Game, key: &str) -> CliResult<SeatId> {
    let count = game.seats.len();
    if let Ok(number) = key.parse::<usize>() {
        return match number.checked_sub(1).filter(|&i| i < count) {
            Some(index) => Ok(index as SeatId),
            None => Err(CliError::usage(format!("`{}` has seats 1 to {count}, not {number}", game.name))),
        };
    }
    let names: Vec<&str> = game.seats.iter().map(|s| s.name.as_str()).collect();
    match names.iter().position(|&name| name == key) {
        Some(index) => Ok(index as SeatId),
        None => {
            Err(CliError::usage(format!("`{}` has no seat `{key}`{}", game.name, hint(key, &names, "seats"))))
        }
    }
}

/// ` (did you mean `x`?)`, or the list of what there is.
fn hint(name: &str, candidates: &[&str], what: &str) -> String {
    match diagnostics::did_you_mean(name, candidates.iter().copied()) {
        Some(suggestion) => format!(" ({suggestion})"),
        None if candidates.is_empty() => format!(" (it has no {what})"),
        None => format!(" (its {what}: {})", candidates.join(", ")),
    }
}

/// `1 error`, `2 errors`.
pub fn plural(count: usize, noun: &str) -> String {
    if count == 1 { format!("1 {noun}") } else { format!("{count} {noun}s") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assignments_parse_with_clear_errors() {
        assert_eq!(parse_option("players = 4"), Ok(("players".to_string(), Number::Int(4))));
        assert_eq!(parse_option("komi=6.5").map(|(_, v)| v.to_string()), Ok("6.5".to_string()));
        assert!(parse_option("players").unwrap_err().contains("NAME=VALUE"));
        assert!(parse_option("=4").is_err());
        assert!(parse_option("players=four").unwrap_err().contains("must be a number"));
        assert!(parse_option("komi=6.5625").unwrap_err().contains("3 digits after the point"));
        assert_eq!(parse_seat("2=random"), Ok(("2".to_string(), AgentSpec::Random)));
        assert!(parse_seat("white=genius").unwrap_err().contains("unknown agent"));
    }

    #[test]
    fn plurals() {
        assert_eq!(plural(1, "error"), "1 error");
        assert_eq!(plural(3, "warning"), "3 warnings");
    }
}
