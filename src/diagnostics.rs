//! Diagnostics as plain data — code, severity, message, primary span and label, secondary labels,
//! help — shared by every stage and by any front end (CLI today, an editor tomorrow). Rendering with
//! miette and serialization to JSON happen here, at the edge.

use std::fmt;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};
use serde::Serialize;

use crate::ast::Span;

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
    /// A stable kebab-case code, shown as `ludex::CODE`.
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    /// The primary place and what to say under it.
    pub primary: Label,
    /// Other places that explain it (a first definition, a declaration).
    pub secondary: Vec<Label>,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(
        code: &'static str,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
    ) -> Self {
        Diagnostic {
            code,
            severity: Severity::Error,
            message: message.into(),
            primary: Label { span, message: label.into() },
            secondary: Vec::new(),
            help: None,
        }
    }

    pub fn warning(
        code: &'static str,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
    ) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, message, span, label) }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.secondary.push(Label { span, message: message.into() });
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// "did you mean `rook`?" for a misspelled name, when a candidate is close enough.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(name, c), c))
        .filter(|&(distance, c)| distance <= (name.len().max(c.len()) / 3).max(1))
        .min()
        .map(|(_, c)| format!("did you mean `{c}`?"))
}

/// A diagnostic tied to its source, in the form miette renders.
#[derive(Debug)]
struct Report<'a> {
    diagnostic: &'a Diagnostic,
    source: NamedSource<String>,
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagnostic.message)
    }
}

impl std::error::Error for Report<'_> {}

fn source_span(span: Span, text_len: usize) -> SourceSpan {
    let start = span.start.min(text_len);
    let end = span.end.clamp(start, text_len);
    SourceSpan::new(start.into(), end - start)
}

impl miette::Diagnostic for Report<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(format!("ludex::{}", self.diagnostic.code)))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diagnostic.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.diagnostic.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let len = self.source.inner().len();
        let primary = &self.diagnostic.primary;
        let primary =
            LabeledSpan::new_primary_with_span(Some(primary.message.clone()), source_span(primary.span, len));
        let secondary = self
            .diagnostic
            .secondary
            .iter()
            .map(move |l| LabeledSpan::new_with_span(Some(l.message.clone()), source_span(l.span, len)));
        Some(Box::new(std::iter::once(primary).chain(secondary)))
    }
}

/// Renders diagnostics as text like rustc's, with the file name, line, column and the span
/// underlined. `color` is for terminals; tests and pipes use plain Unicode.
pub fn render(diagnostics: &[Diagnostic], file_name: &str, text: &str, color: bool) -> String {
    let theme = if color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    let mut out = String::new();
    for (i, diagnostic) in diagnostics.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let report = Report { diagnostic, source: NamedSource::new(file_name, text.to_string()) };
        // Writing into a String cannot fail.
        let _ = handler.render_report(&mut out, &report);
    }
    out
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
    }

    #[test]
    fn line_and_column_are_one_based() {
        assert_eq!(line_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
    }
}
