//! An open document: its text and version, the limits it is checked under, where its lines start,
//! and — computed on first need and kept until the text changes — its tokens and its analysis by
//! the checker.

use std::cell::OnceCell;

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};
use ludex_check::{Analysis, GameCheck, analyze_with_limits};
use ludex_diagnostics::{Limits, Span};

use crate::lexer::{Token, tokens};
use crate::position::{LineIndex, OutOfRange};
use crate::transport::MAX_MESSAGE_BYTES;

pub struct Document {
    pub version: i32,
    pub text: String,
    pub lines: LineIndex,
    /// What the checker may spend on the text, and how much of what it finds is shown.
    pub limits: Limits,
    /// The checks of the whole game that need the runtime, as `ludex check` makes them.
    game_check: Option<GameCheck>,
    tokens: OnceCell<Vec<Token>>,
    analysis: OnceCell<Analysis>,
}

/// Why a `didChange` was not applied.
#[derive(Debug, PartialEq, Eq)]
pub enum ChangeRefused {
    OutOfRange(OutOfRange),
    /// The text would grow past what one message may bring ([`MAX_MESSAGE_BYTES`]), so that no
    /// stream of small changes can exhaust memory.
    TooLong {
        bytes: usize,
    },
}

impl From<OutOfRange> for ChangeRefused {
    fn from(error: OutOfRange) -> ChangeRefused {
        ChangeRefused::OutOfRange(error)
    }
}

impl Document {
    pub fn new(text: String, version: i32, limits: Limits) -> Document {
        Document {
            version,
            lines: LineIndex::new(&text),
            text,
            limits,
            game_check: None,
            tokens: OnceCell::new(),
            analysis: OnceCell::new(),
        }
    }

    /// The document, its game given to `game_check` once it checks.
    pub fn with_game_check(self, game_check: Option<GameCheck>) -> Document {
        Document { game_check, ..self }
    }

    /// Applies the changes of a `didChange`, in order: a whole new text, or a range replaced. When
    /// one is refused, those before it stay applied, as the client sent them.
    pub fn change(
        &mut self,
        changes: Vec<TextDocumentContentChangeEvent>,
        version: i32,
    ) -> Result<(), ChangeRefused> {
        // The cached tokens and analysis are of the old text whatever happens below.
        self.tokens = OnceCell::new();
        self.analysis = OnceCell::new();
        for change in changes {
            let (start, end) = match change.range {
                None => (0, self.text.len()),
                Some(range) => {
                    let start = self.offset(range.start)?;
                    (start, self.offset(range.end)?.max(start))
                }
            };
            let bytes = self.text.len().saturating_sub(end - start).saturating_add(change.text.len());
            if bytes > MAX_MESSAGE_BYTES {
                return Err(ChangeRefused::TooLong { bytes });
            }
            self.text.replace_range(start..end, &change.text);
            self.lines = LineIndex::new(&self.text);
        }
        self.version = version;
        Ok(())
    }

    /// The checker's analysis (with the default option values, under the document's limits),
    /// computed once per text.
    pub fn analysis(&self) -> &Analysis {
        self.analysis.get_or_init(|| self.analyze(&self.text))
    }

    /// Analyzes a text as this document's is: a text changed by a refactoring, for instance.
    pub fn analyze(&self, text: &str) -> Analysis {
        let mut analysis = analyze_with_limits(text, &Default::default(), &self.limits);
        if let Some(check) = self.game_check {
            analysis.compiled = analysis.compiled.checked_by(text, check);
        }
        analysis
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
