//! Diagnostics as plain data — code, severity, message, primary span and label, secondary labels,
//! help — shared by every stage and by any front end (CLI today, an editor tomorrow). Rendering with
//! miette and serialization to JSON happen here, at the edge.

// No input may make the library panic: errors are returned, never unwrapped (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
#![warn(missing_docs)]

use serde::Serialize;

mod code;
mod limits;

pub use code::Code;
pub use limits::{Limit, Limits, MAX_CELLS, quote};

/// A byte range in the source text, half-open: `start..end`. Offsets are bytes into the UTF-8
/// text, not characters ([`line_column`] turns one into a line and column). A span built by the
/// parser has `start <= end`; the methods stay sound (never panic, never wrap) when it does not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    /// Byte offset of the first byte covered.
    pub start: usize,
    /// Byte offset just past the last byte covered.
    pub end: usize,
}

impl Span {
    /// The bytes `start..end`.
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
}

/// How serious a diagnostic is. Ordered: `Warning < Error`, so the worst of a list is its `max`.
/// Serialized in lowercase (`"warning"`, `"error"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Something probably unintended that does not stop the game from being compiled and played.
    Warning,
    /// A mistake: the input is refused (a rules file with one is not compiled to IR).
    Error,
}

/// A labelled place in the source.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Label {
    /// Where, in the text the diagnostic was made for.
    pub span: Span,
    /// What to say under that place (at most 300 characters when made by [`Diagnostic`]'s
    /// builders); may be empty.
    pub message: String,
}

/// One thing a stage found wrong (or suspect) in its input, as plain data: built with
/// [`Diagnostic::error`] or [`Diagnostic::warning`] and the `with_` methods, which cut the message,
/// labels and help to a few hundred characters so that an input quoted in them is never echoed
/// whole. Spans refer to the text the stage was given.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Diagnostic {
    /// What kind of mistake it is, shown as `ludex::CODE`.
    pub code: Code,
    /// Whether it stops the input from being accepted ([`Severity::Error`]) or not.
    pub severity: Severity,
    /// The headline: what is wrong, in one sentence (at most 300 characters).
    pub message: String,
    /// The primary place and what to say under it.
    pub primary: Label,
    /// Other places that explain it (a first definition, a declaration).
    pub secondary: Vec<Label>,
    /// A suggestion to fix it, such as [`did_you_mean`]'s (at most 600 characters).
    pub help: Option<String>,
}

/// The most characters of a diagnostic's message or label, and of its help: a name quoted from the
/// input is cut (`…`) rather than echoed whole, so a diagnostic stays a few lines long.
const MESSAGE_CHARS: usize = 300;
/// The most characters of a diagnostic's help.
const HELP_CHARS: usize = 600;

/// The text cut to at most `max` characters, without copying it when it fits.
fn bounded(text: impl Into<String>, max: usize) -> String {
    let text = text.into();
    if text.len() <= max { text } else { quote(&text, max) }
}

impl Diagnostic {
    /// An error with its code, headline, primary span and the label under it; no secondary labels
    /// and no help yet.
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

    /// A warning, otherwise as [`Diagnostic::error`].
    pub fn warning(code: Code, message: impl Into<String>, span: Span, label: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, message, span, label) }
    }

    /// The diagnostic with `help` set (replacing any earlier help).
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(bounded(help, HELP_CHARS));
        self
    }

    /// The diagnostic with one more secondary label, after those it has.
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.secondary.push(Label { span, message: bounded(message, MESSAGE_CHARS) });
        self
    }

    /// Whether its severity is [`Severity::Error`].
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
    /// The file name as given to [`to_json`], for the reader to show.
    pub file: &'a str,
    /// The code with its prefix, `ludex::CODE` (see [`Code::as_str`]).
    pub code: String,
    /// `"error"` or `"warning"`.
    pub severity: Severity,
    /// The diagnostic's headline.
    pub message: &'a str,
    /// 1-based line of the primary span's start.
    pub line: usize,
    /// 1-based column, in characters (not bytes), of the primary span's start.
    pub column: usize,
    /// Byte offset where the primary span starts.
    pub start: usize,
    /// Byte offset just past the primary span.
    pub end: usize,
    /// The primary label's text.
    pub label: &'a str,
    /// The help, if any.
    pub help: Option<&'a str>,
    /// The other places that explain it ("first defined here"), each with its label.
    pub secondary: Vec<JsonLabel<'a>>,
}

/// A secondary place of a [`JsonDiagnostic`], with 1-based line and column.
#[derive(Serialize)]
pub struct JsonLabel<'a> {
    /// The line the place starts on, from 1.
    pub line: usize,
    /// The column it starts at, from 1, counted in characters.
    pub column: usize,
    /// Its first byte in the file.
    pub start: usize,
    /// The byte after its last (half-open).
    pub end: usize,
    /// What the place shows.
    pub label: &'a str,
}

/// The JSON forms of `diagnostics`, in the same order, for the file `file_name` whose text is
/// `text` (the text the spans refer to; a span past its end is placed at its last line), with
/// their secondary places.
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
