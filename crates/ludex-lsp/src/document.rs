//! An open document: its text and version, where its lines start, and — computed on first need and
//! kept until the text changes — its tokens and its analysis by the checker.

use std::cell::OnceCell;

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};
use ludex_check::{Analysis, analyze};

use crate::lexer::{Token, tokens};
use crate::position::{LineIndex, OutOfRange};
use ludex_diagnostics::Span;

pub struct Document {
    pub version: i32,
    pub text: String,
    pub lines: LineIndex,
    tokens: OnceCell<Vec<Token>>,
    analysis: OnceCell<Analysis>,
}

impl Document {
    pub fn new(text: String, version: i32) -> Document {
        Document {
            version,
            lines: LineIndex::new(&text),
            text,
            tokens: OnceCell::new(),
            analysis: OnceCell::new(),
        }
    }

    /// Applies the changes of a `didChange`, in order: a whole new text, or a range replaced.
    pub fn change(
        &mut self,
        changes: Vec<TextDocumentContentChangeEvent>,
        version: i32,
    ) -> Result<(), OutOfRange> {
        for change in changes {
            match change.range {
                None => self.text = change.text,
                Some(range) => {
                    let start = self.offset(range.start)?;
                    let end = self.offset(range.end)?.max(start);
                    self.text.replace_range(start..end, &change.text);
                }
            }
            self.lines = LineIndex::new(&self.text);
        }
        self.version = version;
        self.tokens = OnceCell::new();
        self.analysis = OnceCell::new();
        Ok(())
    }

    /// The checker's analysis (with the default option values), computed once per text.
    pub fn analysis(&self) -> &Analysis {
        self.analysis.get_or_init(|| analyze(&self.text, &Default::default()))
    }

    pub fn tokens(&self) -> &[Token] {
        self.tokens.get_or_init(|| tokens(&self.text))
    }

    pub fn offset(&self, position: Position) -> Result<usize, OutOfRange> {
        self.lines.offset(&self.text, position)
    }

    pub fn position(&self, offset: usize) -> Position {
        self.lines.position(&self.text, offset)
    }

    pub fn range(&self, span: Span) -> Range {
        self.lines.range(&self.text, span)
    }

    /// The text of a span (empty when the span is not in the text).
    pub fn slice(&self, span: Span) -> &str {
        self.text.get(span.start..span.end).unwrap_or("")
    }

    /// The token at an offset, its end included; a word wins over punctuation that touches it.
    pub fn token_at(&self, offset: usize) -> Option<Token> {
        let tokens = self.tokens();
        let after = tokens.partition_point(|t| t.span.end < offset);
        let touching = tokens[after..].iter().take_while(|t| t.span.start <= offset);
        touching.fold(None, |best: Option<Token>, t| match best {
            Some(b) if b.kind == crate::lexer::TokenKind::Word => Some(b),
            _ => Some(*t),
        })
    }
}
