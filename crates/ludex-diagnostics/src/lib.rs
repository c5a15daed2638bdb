//! Diagnostics as plain data — code, severity, message, primary span and label, secondary labels,
//! help — shared by every stage and by any front end (CLI today, an editor tomorrow). Rendering with
//! miette and serialization to JSON happen here, at the edge.

// No input may make the library panic: errors are returned, never unwrapped (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

use serde::Serialize;

mod code;
mod limits;

pub use code::Code;
pub use limits::{Limit, Limits, MAX_CELLS, quote};

/// A byte range in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// `len` bytes from `start` (saturating: a span never wraps around).
    pub fn at(start: usize, len: usize) -> Self {
        Span { start, end: start.saturating_add(len) }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }

    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warning,
    Error,
}

/// A labelled place in the source.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Diagnostic {
    /// What kind of mistake it is, shown as `ludex::CODE`.
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    /// The primary place and what to say under it.
    pub primary: Label,
    /// Other places that explain it (a first definition, a declaration).
    pub secondary: Vec<Label>,
    pub help: Option<String>,
}

/// The most characters of a diagnostic's message or label, and of its help: a name quoted from the
/// input is cut (`…`) rather than echoed whole, so a diagnostic stays a few lines long.
const MESSAGE_CHARS: usize = 300;
const HELP_CHARS: usize = 600;

/// The text cut to at most `max` characters, without copying it when it fits.
fn bounded(text: impl Into<String>, max: usize) -> String {
    let text = text.into();
    if text.len() <= max { text } else { quote(&text, max) }
}

impl Diagnostic {
    pub fn error(code: Code, message: impl Into<String>, span: Span, label: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity: Severity::Error,
            message: bounded(message, MESSAGE_CHARS),
            primary: Label { span, message: bounded(label, MESSAGE_CHARS) },
            secondary: Vec::new(),
            help: None,
        }
    }

    pub fn warning(code: Code, message: impl Into<String>, span: Span, label: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, message, span, label) }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(bounded(help, HELP_CHARS));
        self
    }

    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.secondary.push(Label { span, message: bounded(message, MESSAGE_CHARS) });
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The longest names compared for suggestions: the comparison takes time and memory proportional
/// to the product of the lengths.
const SUGGESTED_CHARS: usize = 64;

/// "did you mean `rook`?" for a misspelled name, when a candidate is close enough (names longer
/// than 64 bytes get no suggestion).
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    if name.len() > SUGGESTED_CHARS {
        return None;
    }
    candidates
        .into_iter()
        .filter(|c| c.len() <= SUGGESTED_CHARS)
        .map(|c| (strsim::damerau_levenshtein(name, c), c))
        .filter(|&(distance, c)| distance <= (name.len().max(c.len()) / 3).max(1))
        .min()
        .map(|(_, c)| format!("did you mean `{c}`?"))
}

/// The JSON form for editors and scripts: one object a diagnostic, with 1-based lines and columns.
#[derive(Serialize)]
pub struct JsonDiagnostic<'a> {
    pub file: &'a str,
    pub code: String,
    pub severity: Severity,
    pub message: &'a str,
    pub line: usize,
    pub column: usize,
    pub start: usize,
    pub end: usize,
    pub label: &'a str,
    pub help: Option<&'a str>,
    /// The other places that explain it ("first defined here"), each with its label.
    pub secondary: Vec<JsonLabel<'a>>,
}

/// A secondary place of a [`JsonDiagnostic`], with 1-based line and column.
#[derive(Serialize)]
pub struct JsonLabel<'a> {
    pub line: usize,
    pub column: usize,
    pub start: usize,
    pub end: usize,
    pub label: &'a str,
}

pub fn to_json<'a>(diagnostics: &'a [Diagnostic], file_name: &'a str, text: &str) -> Vec<JsonDiagnostic<'a>> {
    diagnostics
        .iter()
        .map(|d| {
            let (line, column) = line_column(text, d.primary.span.start);
            JsonDiagnostic {
                file: file_name,
                code: format!("ludex::{}", d.code),
                severity: d.severity,
                message: &d.message,
                line,
                column,
                start: d.primary.span.start,
                end: d.primary.span.end,
                label: &d.primary.message,
                help: d.help.as_deref(),
                secondary: d
                    .secondary
                    .iter()
                    .map(|label| {
                        let (line, column) = line_column(text, label.span.start);
                        JsonLabel {
                            line,
                            column,
                            start: label.span.start,
                            end: label.span.end,
                            label: &label.message,
                        }
                    })
                    .collect(),
            }
        })
        .collect()
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        assert_eq!(did_you_mean("rooc", ["king", "rook"]).as_deref(), Some("did you mean `rook`?"));
        assert_eq!(did_you_mean("queen", ["king", "rook"]), None);
        let long = "r".repeat(100_000);
        assert_eq!(did_you_mean(&long, [long.as_str()]), None, "not compared, in no time");
    }

    #[test]
    fn a_long_name_is_not_echoed_whole() {
        let name = "x".repeat(60_000);
        let d = Diagnostic::error(Code::UnknownCell, format!("no cell `{name}`"), Span::new(0, 1), &name)
            .with_help(format!("did you mean `{name}`?"))
            .with_label(Span::new(0, 1), name.as_str());
        assert_eq!(d.message.chars().count(), 301);
        assert!(
            d.message.ends_with('…') && d.primary.message.len() < 400 && d.secondary[0].message.len() < 400
        );
        assert_eq!(d.help.map(|h| h.chars().count()), Some(601));
    }

    #[test]
    fn line_and_column_are_one_based() {
        assert_eq!(line_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
    }
}
