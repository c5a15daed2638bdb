//! Positions: the byte offsets of the checker against the protocol's lines and UTF-16 columns.
//!
//! A line ends at `\n`, `\r\n` or `\r`, as the protocol says. A column counts UTF-16 code units, so
//! a character outside the Basic Multilingual Plane (an emoji in a comment) counts two.

use lsp_types::{Position, Range};
use ludex_diagnostics::Span;

/// Where each line of a text starts.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
    len: usize,
}

/// A position past the last line of the document.
#[derive(Debug, PartialEq, Eq)]
pub struct OutOfRange {
    pub line: u32,
    pub lines: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        for (i, &b) in bytes.iter().enumerate() {
            let ends_line = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
            if ends_line {
                starts.push(i + 1);
            }
        }
        LineIndex { starts, len: text.len() }
    }

    /// The protocol position of a byte offset (clamped to the text, and to a character boundary).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = floor_boundary(text, offset.min(self.len));
        let line = self.starts.partition_point(|&start| start <= offset) - 1;
        let start = self.starts[line];
        let column: usize = text[start..offset].chars().map(char::len_utf16).sum();
        Position { line: line as u32, character: column as u32 }
    }

    pub fn range(&self, text: &str, span: Span) -> Range {
        Range { start: self.position(text, span.start), end: self.position(text, span.end) }
    }

    /// The byte offset of a protocol position. A column past the end of its line means the end of
    /// the line; a column inside a character means its start. A line past the last is an error.
    pub fn offset(&self, text: &str, position: Position) -> Result<usize, OutOfRange> {
        let line = position.line as usize;
        let Some(&start) = self.starts.get(line) else {
            return Err(OutOfRange { line: position.line, lines: self.starts.len() });
        };
        let end = self.content_end(text, line);
        let mut column = 0usize;
        for (i, c) in text[start..end].char_indices() {
            if column + c.len_utf16() > position.character as usize {
                return Ok(start + i);
            }
            column += c.len_utf16();
        }
        Ok(end)
    }

    /// Where a line's text ends, before its line break.
    fn content_end(&self, text: &str, line: usize) -> usize {
        let end = self.starts.get(line + 1).copied().unwrap_or(self.len);
        let content = text[self.starts[line]..end].trim_end_matches(['\n', '\r']);
        self.starts[line] + content.len()
    }
}

fn floor_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn columns_count_utf16_code_units() {
        // é is 2 bytes and 1 unit; 🎲 is 4 bytes and 2 units.
        let text = "# é🎲 x\nseat white\n";
        let index = LineIndex::new(text);
        let x = text.find('x').expect("x");
        assert_eq!(index.position(text, x), at(0, 6));
        assert_eq!(index.offset(text, at(0, 6)), Ok(x));
        let white = text.find("white").expect("white");
        assert_eq!(index.position(text, white), at(1, 5));
        assert_eq!(index.offset(text, at(1, 5)), Ok(white));
    }

    #[test]
    fn out_of_line_columns_clamp_and_out_of_text_lines_are_errors() {
        let text = "ab\r\ncd\rlast";
        let index = LineIndex::new(text);
        assert_eq!(index.offset(text, at(0, 99)), Ok(2));
        assert_eq!(index.offset(text, at(1, 1)), Ok(5));
        assert_eq!(index.offset(text, at(2, 4)), Ok(text.len()));
        assert_eq!(index.offset(text, at(3, 0)), Err(OutOfRange { line: 3, lines: 3 }));
        // Inside a surrogate pair: the character's start.
        let emoji = "🎲x";
        assert_eq!(LineIndex::new(emoji).offset(emoji, at(0, 1)), Ok(0));
        assert_eq!(LineIndex::new(emoji).position(emoji, 2), at(0, 0));
    }
}
