//! Diagnostics as data (re-exported from `ludex-diagnostics`) and their rendering for a terminal
//! with miette: the edge of the pipeline, where spans become lines, columns and underlines.

use std::fmt;
use std::io::IsTerminal;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};

pub use ludex_diagnostics::*;

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

/// Whether rendered diagnostics are colored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colors {
    /// Colored, for terminals.
    Terminal,
    /// Plain Unicode, for tests and pipes.
    Plain,
}

impl Colors {
    /// Colored when `stream` is a terminal, plain when it is a pipe or a file.
    pub fn on(stream: &impl IsTerminal) -> Colors {
        if stream.is_terminal() { Colors::Terminal } else { Colors::Plain }
    }
}

/// Renders diagnostics as text like rustc's, with the file name, line, column and the span
/// underlined.
pub fn render(diagnostics: &[Diagnostic], file_name: &str, text: &str, colors: Colors) -> String {
    let theme = match colors {
        Colors::Terminal => GraphicalTheme::unicode(),
        Colors::Plain => GraphicalTheme::unicode_nocolor(),
    };
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
