//! The command line's shape (clap), the dispatch to each command, and how failures become exit
//! codes: 0 success, 1 a check failure, a replay mismatch, a failing test or a game that could not
//! go on, 2 a usage or input error (bad arguments, unreadable or malformed files, a limit exceeded
//! by a file, position or record), 130 a `run` stopped by Ctrl-C. Nothing here panics on any input.

mod bench;
mod check;
mod completions;
mod config;
mod explain;
mod fmt;
mod human;
mod input;
mod limits;
mod merge;
mod paired;
mod perft;
mod play;
mod points;
mod replay;
mod run;
mod serve;
mod session;
mod show;
mod style;
mod summary;
mod test;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "ludex",
    version,
    about = "Check, inspect and play games written in the ludex rules language",
    after_help = format!("{}\n\n{EXIT_CODES}", limits::help())
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Override a resource limit (repeatable); the limits and their defaults are listed below
    #[arg(long = "limit", value_name = "NAME=VALUE", global = true, value_parser = limits::parse_limit)]
    limits: Vec<(ludex::diagnostics::Limit, u64)>,
    /// When to color diagnostics: `auto` colors a terminal unless NO_COLOR is set or TERM=dumb
    #[arg(long, value_enum, value_name = "WHEN", global = true, default_value_t = style::ColorChoice::Auto)]
    color: style::ColorChoice,
    /// How to print diagnostics: `short` is one line each, `FILE:LINE:COLUMN: SEVERITY[CODE]: MESSAGE`
    #[arg(long, value_enum, value_name = "FORM", global = true, default_value_t = style::ErrorFormat::Long)]
    error_format: style::ErrorFormat,
}

#[derive(Subcommand)]
enum Command {
    /// Check a rules file and summarize the game
    Check(check::CheckArgs),
    /// Print the lowered game (the IR) as JSON
    Ir(check::IrArgs),
    /// Lay rules files out in the canonical style (in place, or `--check`)
    Fmt(fmt::FmtArgs),
    /// Play a game in the terminal
    Play(play::PlayArgs),
    /// Play many games between agents and summarize the results
    Run(run::RunArgs),
    /// Replay recorded games, checking every move, roll and result (or write a page to step through one)
    Replay(replay::ReplayArgs),
    /// Combine the summaries (and records) of a run's shards into the whole run's
    Merge(merge::MergeArgs),
    /// Draw a position as SVG: the start, a position file, or a state of a recorded game
    Show(show::ShowArgs),
    /// Serve the browser playground (built by web/build.sh) on 127.0.0.1
    Serve(serve::ServeArgs),
    /// Count the positions N moves ahead, to test move generation
    Perft(perft::PerftArgs),
    /// Measure how fast random games and perft run, per rules file
    Bench(bench::BenchArgs),
    /// Explain a diagnostic code (`ludex explain unknown-piece`), or list them all
    Explain(explain::ExplainArgs),
    /// Run the language server for editors (LSP over standard input and output)
    Lsp,
    /// Run the scenario tests in NAME.tests beside each NAME.rules
    Test(test::TestArgs),
    /// Print a completion script for a shell (`ludex completions bash > ~/.local/share/bash-completion/completions/ludex`)
    Completions(completions::CompletionsArgs),
    /// Print the manual page, in roff (`ludex man > ludex.1; man ./ludex.1`)
    Man,
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    style::set(cli.color, cli.error_format);
    let outcome = limits::set(&cli.limits).map_err(CliError::usage).and_then(|()| run(cli.command));
    match outcome {
        Ok(code) => code,
        Err(error) => {
            if !error.message.is_empty() {
                let _ = writeln!(io::stderr(), "{}{error}", error.prefix());
            }
            ExitCode::from(error.exit_code())
        }
    }
}

/// Runs a command under the limits set; the language server gives its own exit code.
fn run(command: Command) -> CliResult<ExitCode> {
    let done = match command {
        Command::Check(args) => check::check(&args),
        Command::Ir(args) => check::ir(&args),
        Command::Fmt(args) => fmt::fmt(&args),
        Command::Play(args) => play::play(&args),
        Command::Run(args) => run::run(&args),
        Command::Replay(args) => replay::replay(&args),
        Command::Merge(args) => merge::merge(&args),
        Command::Show(args) => show::show(&args),
        Command::Serve(args) => serve::serve(&args),
        Command::Perft(args) => perft::perft(&args),
        Command::Bench(args) => bench::bench(&args),
        Command::Explain(args) => explain::explain(&args),
        Command::Lsp => {
            return Ok(ExitCode::from(ludex::lsp::run_stdio(limits::limits(), ludex::check_game)));
        }
        Command::Test(args) => test::test(&args),
        Command::Completions(args) => completions::completions(&args, Cli::command()),
        Command::Man => completions::man(Cli::command()),
    };
    done.map(|()| ExitCode::SUCCESS)
}

/// Parses arguments as `main` does, limits included, without running the command: the arguments
/// are cut from `data` at NUL bytes, the program's name put first. For the fuzz target `cli_args`
/// and its corpus test, which include this module.
#[allow(dead_code, reason = "the binary parses with `Cli::parse`, which exits on an error")]
pub fn parse_arg_bytes(data: &[u8]) -> Result<(), String> {
    let args = data.split(|&b| b == 0).map(|arg| String::from_utf8_lossy(arg).into_owned());
    let cli = Cli::try_parse_from(std::iter::once("ludex".to_string()).chain(args))
        .map_err(|error| error.to_string())?;
    let mut limits = ludex::diagnostics::Limits::default();
    for &(limit, value) in &cli.limits {
        limits.set(limit, value)?;
    }
    Ok(())
}

/// The exit codes, for `--help` and the man page (docs/cli.md has them in full).
const EXIT_CODES: &str = "Exit codes:
  0    success
  1    the answer is no: errors in a rules file (warnings with --deny-warnings), a file not formatted,
       a failing scenario test, a replay that does not match, a game that could not go on
  2    usage or input error: bad arguments, an unreadable or malformed file, a limit exceeded
  130  `run` stopped by Ctrl-C, after printing the summary of the games played";

/// A failure that ends the command, with its message.
#[derive(Debug)]
pub struct CliError {
    failure: Failure,
    message: String,
}

/// What kind of failure, which decides the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Failure {
    /// Bad arguments or input files: exit 2.
    Usage,
    /// The command ran and the answer is no: exit 1.
    Failed,
    /// Ctrl-C stopped the command early: exit 130, as a shell reports a process SIGINT ended.
    Interrupted,
}

impl CliError {
    /// Bad arguments or input files: exit 2.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError { failure: Failure::Usage, message: message.into() }
    }

    /// The command ran and the answer is no (check errors, replay mismatches): exit 1.
    pub fn failed(message: impl Into<String>) -> CliError {
        CliError { failure: Failure::Failed, message: message.into() }
    }

    /// Ctrl-C stopped the command after it said what it had done: exit 130.
    pub fn interrupted(message: impl Into<String>) -> CliError {
        CliError { failure: Failure::Interrupted, message: message.into() }
    }

    /// What the message is introduced with: an interruption the user asked for is no error.
    fn prefix(&self) -> &'static str {
        match self.failure {
            Failure::Usage | Failure::Failed => "error: ",
            Failure::Interrupted => "",
        }
    }

    fn exit_code(&self) -> u8 {
        match self.failure {
            Failure::Usage => 2,
            Failure::Failed => 1,
            Failure::Interrupted => 130,
        }
    }
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Writing to standard output failed: a full disk is reported; a reader that closed the pipe
/// (`ludex ir FILE | head`) wanted no more, so that ends the command quietly.
impl From<io::Error> for CliError {
    fn from(error: io::Error) -> CliError {
        match error.kind() {
            io::ErrorKind::BrokenPipe => CliError::failed(""),
            _ => CliError::failed(format!("cannot write the output: {error}")),
        }
    }
}

pub type CliResult<T = ()> = Result<T, CliError>;
