//! `ludex explain CODE` prints the long explanation of a diagnostic code, as `rustc --explain`
//! does; `ludex explain --list` lists every code with its summary. A failed check points here.

use std::io::{self, Write};

use clap::Args;
use ludex::diagnostics::{Code, Diagnostic, did_you_mean};

use super::{CliError, CliResult};

#[derive(Args)]
pub struct ExplainArgs {
    /// The code, as a diagnostic shows it: `ludex::unknown-piece` or `unknown-piece`
    #[arg(required_unless_present = "list", conflicts_with = "list")]
    code: Option<String>,
    /// List every code with its one-line summary
    #[arg(long)]
    list: bool,
}

pub fn explain(args: &ExplainArgs) -> CliResult {
    let text = match (&args.code, args.list) {
        (_, true) => listing(),
        (Some(name), false) => code_named(name)?.explanation().to_string(),
        (None, false) => return Err(CliError::usage("give a code to explain, or `--list`")),
    };
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(())
}

/// The code of that name, or a usage error suggesting the closest one.
fn code_named(name: &str) -> CliResult<Code> {
    Code::named(name).ok_or_else(|| {
        let bare = name.strip_prefix("ludex::").unwrap_or(name);
        let hint = did_you_mean(bare, Code::ALL.iter().map(|code| code.as_str()))
            .unwrap_or_else(|| "`ludex explain --list` lists them".to_string());
        CliError::usage(format!("no diagnostic code `{name}` ({hint})"))
    })
}

/// One line a code: its name, then its summary, in a column.
fn listing() -> String {
    let width = Code::ALL.iter().map(|code| code.as_str().len()).max().unwrap_or(0);
    Code::ALL.iter().map(|code| format!("{:width$}  {}\n", code.as_str(), code.summary())).collect()
}

/// Where to read more about the errors among `diagnostics`, as rustc ends its output: `None`
/// when there is no error.
pub fn hint(diagnostics: &[Diagnostic]) -> Option<String> {
    let mut codes: Vec<Code> = Vec::new();
    for diagnostic in diagnostics.iter().filter(|d| d.is_error()) {
        if !codes.contains(&diagnostic.code) {
            codes.push(diagnostic.code);
        }
    }
    match codes.as_slice() {
        [] => None,
        [code] => Some(format!("For more information about this error, try `ludex explain {code}`.")),
        [first, ..] => {
            let names: Vec<&str> = codes.iter().map(|code| code.as_str()).collect();
            Some(format!(
                "Some errors have detailed explanations: {}.\n\
                 For more information about an error, try `ludex explain {first}`.",
                names.join(", ")
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludex::diagnostics::Span;

    fn error(code: Code) -> Diagnostic {
        Diagnostic::error(code, "wrong", Span::new(0, 1), "here")
    }

    #[test]
    fn the_hint_names_each_error_code_once_and_ignores_warnings() {
        let warning = Diagnostic::warning(Code::UnusedPiece, "unused", Span::new(0, 1), "here");
        assert_eq!(hint(std::slice::from_ref(&warning)), None);
        let one = [error(Code::UnknownPiece), warning, error(Code::UnknownPiece)];
        assert_eq!(
            hint(&one).as_deref(),
            Some("For more information about this error, try `ludex explain unknown-piece`.")
        );
        let two = [error(Code::UnknownName), error(Code::TypeMismatch), error(Code::UnknownName)];
        assert_eq!(
            hint(&two).as_deref(),
            Some(
                "Some errors have detailed explanations: unknown-name, type-mismatch.\n\
                 For more information about an error, try `ludex explain unknown-name`."
            )
        );
    }

    #[test]
    fn codes_are_found_with_or_without_the_prefix_and_misspellings_get_a_suggestion() {
        assert_eq!(code_named("ludex::unknown-piece").ok(), Some(Code::UnknownPiece));
        assert_eq!(code_named("unknown-piece").ok(), Some(Code::UnknownPiece));
        let misspelled = code_named("ludex::unknown-peice").err().map(|e| e.to_string());
        assert_eq!(
            misspelled.as_deref(),
            Some("no diagnostic code `ludex::unknown-peice` (did you mean `unknown-piece`?)")
        );
        let unrelated = code_named("E0382").err().map(|e| e.to_string());
        assert_eq!(
            unrelated.as_deref(),
            Some("no diagnostic code `E0382` (`ludex explain --list` lists them)")
        );
    }

    #[test]
    fn the_listing_has_a_line_per_code_with_its_summary() {
        let listing = listing();
        let lines: Vec<&str> = listing.lines().collect();
        assert_eq!(lines.len(), Code::ALL.len());
        let widest = Code::ALL.iter().map(|code| code.as_str().len()).max().unwrap_or(0);
        for (line, code) in lines.iter().zip(Code::ALL) {
            let gap = " ".repeat(widest + 2 - code.as_str().len());
            assert_eq!(*line, format!("{code}{gap}{}", code.summary()));
        }
    }
}
