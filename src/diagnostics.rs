//! Diagnostics as data (re-exported from `ludex-diagnostics`) and their rendering for a terminal
//! with miette: the edge of the pipeline, where spans become lines, columns and underlines.
//!
//! Rendering takes time linear in the file and the diagnostics shown, whatever the input: the
//! lines are indexed once, each diagnostic is drawn from an excerpt of the lines its labels touch
//! (a long line cut to a window around the label, a label over many lines cut to its first), and at
//! most the `diagnostics` limit of them are drawn, the rest counted.

use std::fmt;
use std::io::IsTerminal;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents, SourceCode,
    SourceSpan, SpanContents,
};

pub use ludex_diagnostics::*;

/// The longest line drawn whole, in bytes; a longer one is cut to a window around its label.
const LONGEST_LINE: usize = 160;
/// How much of a cut line is drawn before the label's start, in bytes.
const WINDOW_LEAD: usize = 40;
/// The most lines a label is drawn over; a label over more is drawn on its first line only.
const LONGEST_LABEL: usize = 8;
/// What stands for the part of a line that is cut.
const ELLIPSIS: &str = "…";

/// A diagnostic tied to an excerpt of its source, in the form miette renders.
#[derive(Debug)]
struct Report<'a> {
    diagnostic: &'a Diagnostic,
    excerpt: Excerpt,
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagnostic.message)
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    /// None: the code is on the line [`render_with_limits`] writes above the report.
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        None
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

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.excerpt)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let labels = self.excerpt.labels.iter().map(|(message, span, primary)| {
            let message = Some(message.clone());
            if *primary {
                LabeledSpan::new_primary_with_span(message, *span)
            } else {
                LabeledSpan::new_with_span(message, *span)
            }
        });
        Some(Box::new(labels))
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
/// underlined, at most the default `diagnostics` limit of them.
pub fn render(diagnostics: &[Diagnostic], file_name: &str, text: &str, colors: Colors) -> String {
    render_with_limits(diagnostics, file_name, text, colors, &Limits::default())
}

/// [`render`], showing at most `limits.max_diagnostics` diagnostics and counting the rest.
pub fn render_with_limits(
    diagnostics: &[Diagnostic],
    file_name: &str,
    text: &str,
    colors: Colors,
    limits: &Limits,
) -> String {
    let theme = match colors {
        Colors::Terminal => GraphicalTheme::unicode(),
        Colors::Plain => GraphicalTheme::unicode_nocolor(),
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    let lines = LineIndex::new(text);
    let mut out = String::new();
    let shown = limits.max_diagnostics.min(diagnostics.len());
    for (i, diagnostic) in diagnostics.iter().take(shown).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&short_line(diagnostic, file_name, text, &lines));
        out.push('\n');
        let report = Report { diagnostic, excerpt: Excerpt::new(file_name, text, &lines, diagnostic) };
        // Writing into a String cannot fail.
        let _ = handler.render_report(&mut out, &report);
    }
    if let Some(line) = limits.not_shown(diagnostics.len()) {
        out.push('\n');
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Renders diagnostics one a line, as rustc's `--error-format=short` and gcc do, for editors'
/// problem matchers: `FILE:LINE:COLUMN: SEVERITY[ludex::CODE]: MESSAGE`, at most
/// `limits.max_diagnostics` of them and the rest counted.
pub fn render_short(diagnostics: &[Diagnostic], file_name: &str, text: &str, limits: &Limits) -> String {
    let lines = LineIndex::new(text);
    let mut out = String::new();
    for diagnostic in diagnostics.iter().take(limits.max_diagnostics) {
        out.push_str(&short_line(diagnostic, file_name, text, &lines));
        out.push('\n');
    }
    if let Some(line) = limits.not_shown(diagnostics.len()) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// `FILE:LINE:COLUMN: SEVERITY[ludex::CODE]: MESSAGE`, the column in characters from 1.
fn short_line(diagnostic: &Diagnostic, file_name: &str, text: &str, lines: &LineIndex) -> String {
    let (start, _) = clamp(text, diagnostic.primary.span);
    let line = lines.line_of(start);
    let (line_start, _) = lines.range(line);
    let column = text.get(line_start..start).map_or(0, |before| before.chars().count()) + 1;
    let severity = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let message = diagnostic.message.replace('\n', " ");
    format!("{file_name}:{}:{column}: {severity}[ludex::{}]: {message}", line + 1, diagnostic.code)
}

/// Where each line of a text starts, found once.
struct LineIndex {
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    fn new(text: &str) -> LineIndex {
        let newlines = text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i + 1);
        LineIndex { starts: std::iter::once(0).chain(newlines).collect(), len: text.len() }
    }

    /// The 0-based line holding a byte offset.
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset).saturating_sub(1)
    }

    /// The byte range of a line, its line break included.
    fn range(&self, line: usize) -> (usize, usize) {
        let start = self.starts.get(line).copied().unwrap_or(self.len);
        let end = self.starts.get(line + 1).copied().unwrap_or(self.len);
        (start, end)
    }

    fn last_line(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }
}

/// A label placed in the file: its span cut to the text (and to its first line when it covers
/// more than [`LONGEST_LABEL`]), and its first and last lines.
struct Placed<'d> {
    label: &'d Label,
    span: (usize, usize),
    lines: (usize, usize),
}

impl<'d> Placed<'d> {
    fn new(label: &'d Label, text: &str, index: &LineIndex) -> Placed<'d> {
        let (start, end) = clamp(text, label.span);
        let first = index.line_of(start);
        let last = index.line_of(end.saturating_sub(1).max(start));
        if last - first >= LONGEST_LABEL {
            let (line_start, line_end) = index.range(first);
            let content_end = line_start + content_len(text, line_start, line_end);
            return Placed { label, span: (start, content_end.max(start)), lines: (first, first) };
        }
        Placed { label, span: (start, end), lines: (first, last) }
    }
}

/// One line of an excerpt: where it starts in the excerpt and in the file, and the part of it
/// drawn (all of it, or a window of its content cut with `…`).
#[derive(Debug)]
struct ExcerptLine {
    /// The 0-based line number in the file.
    number: usize,
    /// Where the line starts in the excerpt's text.
    start: usize,
    /// Where the line starts in the file.
    file_start: usize,
    /// The length of its content (without the line break) in the file.
    content_len: usize,
    /// The window of the content drawn, in bytes from the line's start.
    window: (usize, usize),
    /// The length of the `…` drawn before the window (0 when it starts the line).
    lead: usize,
    /// The length of the `…` drawn after the window (0 when it ends the line).
    trail: usize,
}

impl ExcerptLine {
    /// The excerpt's offset of a file offset on this line (or on its line break).
    fn map(&self, offset: usize) -> usize {
        let column = offset.saturating_sub(self.file_start);
        let (from, to) = self.window;
        let drawn = if column < from {
            self.lead
        } else if column <= to {
            self.lead + column - from
        } else if column < self.content_len {
            self.lead + to - from
        } else {
            self.lead + to - from + self.trail + column - self.content_len
        };
        self.start + drawn
    }

    /// The file's byte column of a byte column of the drawn line.
    fn file_column(&self, drawn: usize) -> usize {
        self.window.0 + drawn.saturating_sub(self.lead)
    }
}

/// A run of consecutive lines of the file in an excerpt.
#[derive(Debug)]
struct Block {
    /// The excerpt's byte range.
    start: usize,
    end: usize,
    /// The first of its lines, an index into `Excerpt::lines`.
    first: usize,
}

/// What miette draws a diagnostic from: the lines its labels touch, with a line of context on
/// either side, in blocks of consecutive lines, and the labels moved onto them.
#[derive(Debug)]
struct Excerpt {
    name: String,
    text: String,
    lines: Vec<ExcerptLine>,
    blocks: Vec<Block>,
    /// Each label's message, span in the excerpt, and whether it is the primary one.
    labels: Vec<(String, SourceSpan, bool)>,
}

impl Excerpt {
    fn new(name: &str, text: &str, index: &LineIndex, diagnostic: &Diagnostic) -> Excerpt {
        let labels = std::iter::once(&diagnostic.primary).chain(&diagnostic.secondary);
        let placed: Vec<Placed> = labels.map(|label| Placed::new(label, text, index)).collect();
        let mut wanted: Vec<(usize, usize)> = placed
            .iter()
            .map(|p| (p.lines.0.saturating_sub(1), (p.lines.1 + 1).min(index.last_line())))
            .collect();
        wanted.sort_unstable();
        let mut excerpt = Excerpt {
            name: name.to_string(),
            text: String::new(),
            lines: Vec::new(),
            blocks: Vec::new(),
            labels: Vec::new(),
        };
        let anchors: Vec<usize> = placed.iter().map(|p| p.span.0).collect();
        let mut block: Option<(usize, usize)> = None;
        for (first, last) in wanted {
            block = match block {
                // A gap of one line is drawn rather than starting a block of its own.
                Some((from, to)) if first <= to + 2 => Some((from, to.max(last))),
                Some(done) => {
                    excerpt.push_block(text, index, done, &anchors);
                    Some((first, last))
                }
                None => Some((first, last)),
            };
        }
        if let Some(done) = block {
            excerpt.push_block(text, index, done, &anchors);
        }
        for (i, p) in placed.into_iter().enumerate() {
            let from = excerpt.map(p.span.0);
            let to = excerpt.map(p.span.1).max(from);
            excerpt.labels.push((p.label.message.clone(), SourceSpan::new(from.into(), to - from), i == 0));
        }
        excerpt
    }

    /// Adds the file's lines `first..=last`, each long line cut around the first label starting on
    /// it.
    fn push_block(
        &mut self,
        text: &str,
        index: &LineIndex,
        (first, last): (usize, usize),
        anchors: &[usize],
    ) {
        let block = Block { start: self.text.len(), end: 0, first: self.lines.len() };
        for number in first..=last {
            let (line_start, line_end) = index.range(number);
            let content = content_len(text, line_start, line_end);
            let anchor = anchors.iter().filter(|&&a| (line_start..=line_end).contains(&a)).min();
            let window = match anchor {
                _ if content <= LONGEST_LINE => (0, content),
                Some(&anchor) => {
                    let from =
                        floor_boundary(text, line_start, (anchor - line_start).saturating_sub(WINDOW_LEAD));
                    let to = floor_boundary(text, line_start, (from + LONGEST_LINE).min(content));
                    (from, to)
                }
                None => (0, floor_boundary(text, line_start, LONGEST_LINE)),
            };
            let lead = if window.0 > 0 { ELLIPSIS.len() } else { 0 };
            let trail = if window.1 < content { ELLIPSIS.len() } else { 0 };
            self.lines.push(ExcerptLine {
                number,
                start: self.text.len(),
                file_start: line_start,
                content_len: content,
                window,
                lead,
                trail,
            });
            if lead > 0 {
                self.text.push_str(ELLIPSIS);
            }
            self.text.push_str(text.get(line_start + window.0..line_start + window.1).unwrap_or(""));
            if trail > 0 {
                self.text.push_str(ELLIPSIS);
            }
            self.text.push_str(text.get(line_start + content..line_end).unwrap_or(""));
        }
        self.blocks.push(Block { end: self.text.len(), ..block });
    }

    /// The excerpt's offset of a file offset (on one of its lines).
    fn map(&self, offset: usize) -> usize {
        let at = self.lines.partition_point(|line| line.file_start <= offset).saturating_sub(1);
        self.lines.get(at).map_or(0, |line| line.map(offset))
    }
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let (offset, end) = (span.offset(), span.offset() + span.len());
        // A span reaching past its block (miette joining two labels far apart) is refused, so that
        // miette draws each label with its own lines.
        let block = self
            .blocks
            .iter()
            .find(|b| b.start <= offset && end <= b.end && (offset < b.end || span.is_empty()))
            .ok_or(MietteError::OutOfBounds)?;
        let bytes = self.text.as_bytes().get(block.start..block.end).ok_or(MietteError::OutOfBounds)?;
        let local = SourceSpan::new((offset - block.start).into(), span.len());
        let contents = bytes.read_span(&local, context_lines_before, context_lines_after)?;
        let first_line = self.lines.get(block.first).map_or(0, |line| line.number);
        let line = contents.line();
        let column = match self.lines.get(block.first + line) {
            Some(drawn) if context_lines_before == 0 => drawn.file_column(contents.column()),
            _ => contents.column(),
        };
        let data_span =
            SourceSpan::new((contents.span().offset() + block.start).into(), contents.span().len());
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            contents.data(),
            data_span,
            line + first_line,
            column,
            contents.line_count() + first_line,
        )))
    }
}

/// A span cut to the text, on character boundaries.
fn clamp(text: &str, span: Span) -> (usize, usize) {
    let start = floor_boundary(text, 0, span.start.min(text.len()));
    let end = floor_boundary(text, 0, span.end.clamp(start, text.len()));
    (start, end)
}

/// The largest `n <= offset` such that `base + n` is a character boundary of `text`.
fn floor_boundary(text: &str, base: usize, offset: usize) -> usize {
    (0..=offset).rev().find(|&n| text.is_char_boundary(base + n)).unwrap_or(0)
}

/// The length of a line's content: without its `\n` or `\r\n`.
fn content_len(text: &str, start: usize, end: usize) -> usize {
    let line = text.get(start..end).unwrap_or("");
    line.strip_suffix('\n').map_or(line, |l| l.strip_suffix('\r').unwrap_or(l)).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_at(start: usize, end: usize) -> Diagnostic {
        Diagnostic::error(Code::SyntaxError, "bad", Span::new(start, end), "here")
    }

    #[test]
    fn a_long_line_is_drawn_as_a_window_with_the_real_column() {
        let text = format!("game \"x\"\nseat {}@ white\n", "a".repeat(70_000));
        let at = text.find('@').unwrap();
        let out = render(&[error_at(at, at + 1)], "f.rules", &text, Colors::Plain);
        assert!(out.contains("[f.rules:2:70006]"), "{out}");
        assert!(out.len() < 1500, "{} bytes", out.len());
        assert!(out.contains("…aaaa"), "{out}");
    }

    #[test]
    fn a_label_over_many_lines_is_drawn_on_its_first() {
        let text = format!("map m {{\n{}}}\n", "1 2 3\n".repeat(10_000));
        let out = render(&[error_at(0, text.len() - 1)], "f.rules", &text, Colors::Plain);
        assert!(out.lines().count() < 12, "{out}");
    }

    #[test]
    fn far_apart_labels_are_drawn_with_their_own_lines() {
        let text = format!("one\n{}two\n", "x\n".repeat(500));
        let two = text.find("two").unwrap();
        let diagnostic = error_at(two, two + 3).with_label(Span::new(0, 3), "first");
        let out = render(&[diagnostic], "f.rules", &text, Colors::Plain);
        assert!(out.contains("[f.rules:502:1]"), "{out}");
        assert!(out.contains(" 1 │ one") && out.contains(" 502 │ two"), "{out}");
    }

    #[test]
    fn the_short_form_is_one_line_a_diagnostic_with_the_place_first() {
        let text = "game \"é\"\nseat white\n  sat black\n";
        let at = text.find("sat").unwrap();
        let error = error_at(at, at + 3);
        let warning = Diagnostic::warning(Code::UnusedPiece, "never used", Span::new(0, 4), "here");
        let out = render_short(&[error.clone(), warning], "f.rules", text, &Limits::default());
        assert_eq!(
            out,
            "f.rules:3:3: error[ludex::syntax-error]: bad\nf.rules:1:1: warning[ludex::unused-piece]: never used\n"
        );
        let long = render(&[error], "f.rules", text, Colors::Plain);
        assert!(long.starts_with("f.rules:3:3: error[ludex::syntax-error]: bad\n"), "{long}");
    }

    #[test]
    fn at_most_the_limit_is_drawn_and_the_rest_counted() {
        let text = "x\n".repeat(20_000);
        let many: Vec<Diagnostic> = (0..20_000).map(|i| error_at(2 * i, 2 * i + 1)).collect();
        let limits = Limits { max_diagnostics: 50, ..Limits::default() };
        let out = render_with_limits(&many, "f.rules", &text, Colors::Plain, &limits);
        assert_eq!(out.matches("[ludex::syntax-error]").count(), 50);
        assert!(out.contains("… and 19,950 more"), "{}", out.lines().last().unwrap_or(""));
    }
}
