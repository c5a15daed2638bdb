//! A small Wadler-style document algebra and its renderer: text, places where a line may break,
//! nesting and groups that are laid out flat when they fit the width and broken otherwise.
//!
//! A group is measured up to its end and then on to the next place where the line may break
//! outside it, so that a run of groups (`a and b and c`) fills each line before breaking. Comments
//! are part of the algebra: a comment always ends its line, so a group holding a comment on a
//! line of its own cannot be flat, and whatever follows a trailing comment starts a new line.

/// A document to lay out. Text never holds a line break.
#[derive(Clone, Debug)]
pub(crate) enum Doc<'t> {
    Text(&'t str),
    /// Spaces that align a grid's columns.
    Pad(usize),
    /// A space between two tokens, which never breaks.
    Space,
    /// A space when flat, a line break when broken.
    Line,
    /// Nothing when flat, a line break when broken.
    SoftLine,
    /// Always a line break.
    HardLine,
    /// A line break leaving one empty line.
    BlankLine,
    /// A comment after the code of its line.
    TrailingComment(&'t str),
    /// A comment on a line of its own.
    OwnLineComment(&'t str),
    Concat(Vec<Doc<'t>>),
    /// Line breaks inside are indented this much more.
    Nest(usize, Box<Doc<'t>>),
    /// Flat if it fits, broken otherwise.
    Group(Box<Doc<'t>>),
}

impl<'t> Doc<'t> {
    pub fn nest(indent: usize, doc: Doc<'t>) -> Doc<'t> {
        Doc::Nest(indent, Box::new(doc))
    }

    pub fn group(doc: Doc<'t>) -> Doc<'t> {
        Doc::Group(Box::new(doc))
    }
}

/// How the line breaks of a part of the document are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Flat,
    Broken,
}

/// A part of the document waiting to be laid out: its indentation, mode and document.
type Pending<'d, 't> = (usize, Mode, &'d Doc<'t>);

/// Lays out a document in lines of at most `width` columns where it can, ending with a line break.
pub(crate) fn render(doc: &Doc<'_>, width: usize) -> String {
    let mut out = Output { at_line_start: true, ..Output::default() };
    let mut stack: Vec<Pending<'_, '_>> = vec![(0, Mode::Broken, doc)];
    while let Some((indent, mode, doc)) = stack.pop() {
        match doc {
            Doc::Text(text) => out.text(indent, text),
            Doc::Pad(count) => out.pad(indent, *count),
            Doc::Space => out.space(indent),
            Doc::Line if mode == Mode::Flat => out.space(indent),
            Doc::SoftLine if mode == Mode::Flat => out.nothing(indent),
            Doc::Line | Doc::SoftLine | Doc::HardLine => out.newline(indent),
            Doc::BlankLine => out.blank_line(indent),
            Doc::TrailingComment(text) => out.trailing_comment(indent, text),
            Doc::OwnLineComment(text) => out.own_line_comment(indent, text),
            Doc::Concat(parts) => stack.extend(parts.iter().rev().map(|part| (indent, mode, part))),
            Doc::Nest(more, inner) => stack.push((indent + more, mode, inner)),
            Doc::Group(inner) => {
                let room = width as isize - out.column(indent) as isize;
                let mode = if mode == Mode::Flat || fits(room, (indent, Mode::Flat, inner), &stack) {
                    Mode::Flat
                } else {
                    Mode::Broken
                };
                stack.push((indent, mode, inner));
            }
        }
    }
    out.finish()
}

/// Whether `next` fits in `room` columns, followed by what comes after it up to the next line
/// break. A group after it is measured as broken: it will choose for itself. The walk takes one
/// part at a time, so it costs no more than the room it measures.
fn fits(mut room: isize, next: Pending<'_, '_>, rest: &[Pending<'_, '_>]) -> bool {
    let (indent, mode, doc) = next;
    let mut stack = vec![(indent, mode, std::slice::from_ref(doc))];
    let mut rest = rest.iter().rev();
    while room >= 0 {
        let (indent, mode, doc) = match stack.last_mut() {
            Some((indent, mode, parts)) => match parts.split_first() {
                Some((first, others)) => {
                    *parts = others;
                    (*indent, *mode, first)
                }
                None => {
                    stack.pop();
                    continue;
                }
            },
            None => match rest.next() {
                Some(&pending) => pending,
                None => return true,
            },
        };
        match doc {
            Doc::Text(text) => room -= width(text) as isize,
            Doc::Pad(count) => room -= *count as isize,
            Doc::Space => room -= 1,
            Doc::Line if mode == Mode::Flat => room -= 1,
            Doc::SoftLine if mode == Mode::Flat => {}
            Doc::Line | Doc::SoftLine => return true,
            Doc::HardLine | Doc::BlankLine | Doc::OwnLineComment(_) => return mode == Mode::Broken,
            // Comments may run past the width; the code before them fits.
            Doc::TrailingComment(_) => return true,
            Doc::Concat(parts) => stack.push((indent, mode, parts)),
            Doc::Nest(more, inner) => stack.push((indent + more, mode, std::slice::from_ref(inner))),
            Doc::Group(inner) => stack.push((indent, mode, std::slice::from_ref(inner))),
        }
    }
    false
}

/// The columns a text takes.
fn width(text: &str) -> usize {
    text.chars().count()
}

/// The text laid out so far. Indentation is written lazily, with a line's first text, so that no
/// line ends in spaces and a line break that follows another adds no empty line.
#[derive(Default)]
struct Output {
    text: String,
    /// The column after the last text written on the current line.
    column: usize,
    /// Whether nothing has been written on the current line yet.
    at_line_start: bool,
    /// The indentation of the current line, while nothing has been written on it.
    line_indent: usize,
    /// Whether a comment ended the current line, so the next text starts a new one.
    after_comment: bool,
}

impl Output {
    /// The column the next text would start at.
    fn column(&self, indent: usize) -> usize {
        match (self.after_comment, self.at_line_start) {
            (true, _) => indent,
            (false, true) => self.line_indent,
            (false, false) => self.column,
        }
    }

    fn text(&mut self, indent: usize, text: &str) {
        if self.after_comment {
            self.newline(indent);
        }
        if self.at_line_start {
            self.text.extend(std::iter::repeat_n(' ', self.line_indent));
            self.column = self.line_indent;
            self.at_line_start = false;
        }
        self.text.push_str(text);
        self.column += width(text);
    }

    fn pad(&mut self, indent: usize, count: usize) {
        for _ in 0..count {
            self.text(indent, " ");
        }
    }

    fn space(&mut self, indent: usize) {
        if self.after_comment {
            self.newline(indent);
        } else if !self.at_line_start {
            self.text.push(' ');
            self.column += 1;
        }
    }

    fn nothing(&mut self, indent: usize) {
        if self.after_comment {
            self.newline(indent);
        }
    }

    fn newline(&mut self, indent: usize) {
        if !self.at_line_start {
            self.trim_spaces();
            self.text.push('\n');
            self.at_line_start = true;
        }
        self.line_indent = indent;
        self.after_comment = false;
    }

    fn blank_line(&mut self, indent: usize) {
        self.newline(indent);
        if !self.text.is_empty() && !self.text.ends_with("\n\n") {
            self.text.push('\n');
        }
    }

    fn trailing_comment(&mut self, indent: usize, comment: &str) {
        self.space(indent);
        self.text(indent, comment);
        self.after_comment = true;
    }

    fn own_line_comment(&mut self, indent: usize, comment: &str) {
        self.newline(indent);
        self.text(indent, comment);
        self.after_comment = true;
    }

    fn trim_spaces(&mut self) {
        let kept = self.text.trim_end_matches(' ').len();
        self.text.truncate(kept);
    }

    fn finish(mut self) -> String {
        self.trim_spaces();
        let kept = self.text.trim_end_matches('\n').len();
        self.text.truncate(kept);
        if !self.text.is_empty() {
            self.text.push('\n');
        }
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(words: &str) -> Doc<'_> {
        Doc::Text(words)
    }

    /// `a and b and c ...` as the formatter builds a chain: each operand in a group with the break
    /// before it.
    fn chain<'t>(first: &'t str, rest: &[&'t str]) -> Doc<'t> {
        let mut parts = vec![text(first)];
        for operand in rest {
            parts.push(Doc::group(Doc::Concat(vec![Doc::Line, text("and"), Doc::Space, text(operand)])));
        }
        Doc::nest(2, Doc::Concat(parts))
    }

    #[test]
    fn a_group_is_flat_when_it_fits_and_fills_lines_otherwise() {
        let doc = chain("aaaa", &["bbbb", "cccc", "dddd"]);
        assert_eq!(render(&doc, 80), "aaaa and bbbb and cccc and dddd\n");
        assert_eq!(render(&doc, 22), "aaaa and bbbb and cccc\n  and dddd\n");
        assert_eq!(render(&doc, 12), "aaaa\n  and bbbb\n  and cccc\n  and dddd\n");
    }

    #[test]
    fn comments_end_their_line_and_break_their_groups() {
        let trailing = Doc::Concat(vec![
            text("x"),
            Doc::TrailingComment("# about x"),
            Doc::group(Doc::Concat(vec![Doc::Line, text("y")])),
        ]);
        assert_eq!(render(&trailing, 80), "x # about x\ny\n");
        let own_line = Doc::group(Doc::Concat(vec![
            text("x"),
            Doc::nest(2, Doc::Concat(vec![Doc::Line, Doc::OwnLineComment("# about y"), text("y")])),
        ]));
        assert_eq!(render(&own_line, 80), "x\n  # about y\n  y\n");
    }

    #[test]
    fn blank_lines_are_never_doubled_and_lines_never_end_in_spaces() {
        let doc = Doc::Concat(vec![
            Doc::BlankLine,
            text("a"),
            Doc::Space,
            Doc::BlankLine,
            Doc::BlankLine,
            Doc::nest(4, Doc::Concat(vec![Doc::HardLine, Doc::HardLine, text("b")])),
        ]);
        assert_eq!(render(&doc, 80), "a\n\n    b\n");
    }

    #[test]
    fn padding_aligns_and_an_empty_document_is_empty() {
        let doc = Doc::Concat(vec![Doc::Pad(2), text("1"), Doc::Space, text("-10")]);
        assert_eq!(render(&doc, 80), "  1 -10\n");
        assert_eq!(render(&Doc::Concat(Vec::new()), 80), "");
    }
}
