//! `ludex fmt`: rules files laid out in the canonical style, in place; with `--check`, the files
//! that are not are listed and nothing changes. `-` (or no file) formats standard input to
//! standard output. A file that does not parse is left untouched and its diagnostics are shown.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use ludex::diagnostics::{self, Diagnostic};

use super::input::{plural, read_stdin, read_text};
use super::style;
use super::{CliError, CliResult};

#[derive(Args)]
pub struct FmtArgs {
    /// The rules files to format in place; `-` (or none) formats standard input to standard output
    files: Vec<PathBuf>,
    /// Change nothing: list the files that are not formatted, and exit 1 if there is any
    #[arg(long)]
    check: bool,
}

/// Where a text comes from and where its formatted text goes.
enum Source<'a> {
    Stdin,
    File(&'a Path),
}

impl Source<'_> {
    fn name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_string(),
            Source::File(path) => path.display().to_string(),
        }
    }

    fn read(&self) -> CliResult<String> {
        match self {
            Source::Stdin => read_stdin(),
            Source::File(path) => read_text(path),
        }
    }

    /// Puts the formatted text where it belongs: standard output, or the file when it changed.
    fn write(&self, original: &str, formatted: &str) -> CliResult {
        match self {
            Source::Stdin => Ok(io::stdout().lock().write_all(formatted.as_bytes())?),
            Source::File(_) if original == formatted => Ok(()),
            Source::File(path) => std::fs::write(path, formatted)
                .map_err(|error| CliError::failed(format!("cannot write `{}`: {error}", path.display()))),
        }
    }
}

/// What became of one file.
enum Outcome {
    Formatted,
    /// `--check` found it differs from its formatted text.
    Unformatted,
    /// It does not parse: it has this many errors.
    Broken(usize),
}

pub fn fmt(args: &FmtArgs) -> CliResult {
    let sources: Vec<Source<'_>> = if args.files.is_empty() {
        vec![Source::Stdin]
    } else {
        args.files
            .iter()
            .map(|path| if path == Path::new("-") { Source::Stdin } else { Source::File(path) })
            .collect()
    };
    let (mut unformatted, mut broken) = (0, 0);
    for source in &sources {
        match format_one(source, args.check)? {
            Outcome::Formatted => {}
            Outcome::Unformatted => unformatted += 1,
            Outcome::Broken(errors) => {
                broken += 1;
                let _ = writeln!(
                    io::stderr(),
                    "`{}` has {}; it is left as it is",
                    source.name(),
                    plural(errors, "error")
                );
            }
        }
    }
    let mut problems = Vec::new();
    if unformatted > 0 {
        problems.push(format!("{} not formatted", plural(unformatted, "file")));
    }
    if broken > 0 {
        problems.push(format!("{} with errors left as they are", plural(broken, "file")));
    }
    if problems.is_empty() { Ok(()) } else { Err(CliError::failed(problems.join("; "))) }
}

fn format_one(source: &Source<'_>, check: bool) -> CliResult<Outcome> {
    let text = source.read()?;
    match ludex::fmt::format(&text) {
        Err(diagnostics) => {
            show(&diagnostics, &source.name(), &text);
            Ok(Outcome::Broken(diagnostics.iter().filter(|d| d.is_error()).count()))
        }
        Ok(formatted) if check => {
            if formatted == text {
                Ok(Outcome::Formatted)
            } else {
                writeln!(io::stdout().lock(), "{}", source.name())?;
                Ok(Outcome::Unformatted)
            }
        }
        Ok(formatted) => {
            source.write(&text, &formatted)?;
            Ok(Outcome::Formatted)
        }
    }
}

fn show(diagnostics: &[Diagnostic], name: &str, text: &str) {
    let rendered = diagnostics::render(diagnostics, name, text, style::colors(&io::stderr()));
    let _ = io::stderr().write_all(rendered.as_bytes());
}
