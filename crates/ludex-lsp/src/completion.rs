//! Completion: the keywords that may come where the cursor is (items at the top level, the clauses
//! of the block it is in), and in an expression the names in scope there: declared names, the
//! context words the checker allows in that place, built-ins; after `step`, `play`, `in`, `.` and
//! the like, the directions, actions, zones or attributes that may follow.
//!
//! The place is read from the tokens before the cursor, so completion works in text that does not
//! parse yet, as it does while one types.

use lsp_types::{CompletionItem, CompletionItemKind, Documentation, MarkupContent, MarkupKind};
use ludex_check::{ExpressionPlace, SymbolKind, context_words_in};

use crate::docs::{self, WordDoc};
use crate::document::Document;
use crate::lexer::{Token, TokenKind};

/// The blocks a cursor may be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    TopLevel,
    Piece,
    Map,
    Setup,
    Action,
    Push,
    Capture,
    Phase,
    Turn,
    End,
    /// Effects, evaluated in a place.
    Effects(ExpressionPlace),
}

const PIECE_CLAUSES: &[&str] = &["letter", "attribute", "value", "captured"];
const ACTION_CLAUSES: &[&str] = &[
    "step", "slide", "leap", "walk", "drop", "choose", "declare", "when", "to", "where", "then", "each",
    "paying", "push", "exit", "may", "promote", "hop", "over", "chain", "along", "enter", "sow",
];
const PUSH_CLAUSES: &[&str] = &["when", "then"];
const CAPTURE_CLAUSES: &[&str] = &["when", "to", "then"];
const PHASE_CLAUSES: &[&str] = &["order", "turn", "until"];
const TURN_CLAUSES: &[&str] = &["start", "play", "otherwise", "actions", "after", "legal", "prefer"];
const END_CLAUSES: &[&str] = &["score", "when"];
const REGION_WORDS: &[&str] = &["rows", "row", "files", "file", "cells", "board"];
const EXPRESSION_WORDS: &[&str] = &["true", "false", "none", "not", "if", "roll"];
const OPERATOR_WORDS: &[&str] = &["and", "or", "in", "mod", "then", "else"];
/// Words after which an expression continues (an operand is expected).
const EXPECTS_OPERAND: &[&str] = &[
    "and", "or", "not", "in", "mod", "if", "then", "else", "when", "where", "until", "score", "win", "loss",
    "by", "value", "actions", "exactly", "most", "paying", "while", "from", "to", "set", "retire", "capture",
    "move", "release", "give", "each",
];

/// What may be written at the cursor.
#[derive(Debug, PartialEq, Eq)]
enum Expected {
    Keywords(&'static [&'static str]),
    Directions,
    Actions,
    Pieces,
    Seats,
    Zones,
    Maps,
    Attributes,
    Expression(ExpressionPlace),
    /// `to prizes`, `to empty`...: the words that may follow.
    Words(&'static [&'static str]),
}

pub fn complete(document: &Document, offset: usize) -> Vec<CompletionItem> {
    let tokens = document.tokens();
    let before = tokens.partition_point(|t| t.span.end < offset);
    if let Some(token) = tokens.get(before) {
        let inside = token.span.start < offset && offset <= token.span.end;
        if inside && matches!(token.kind, TokenKind::Comment | TokenKind::String) {
            return Vec::new();
        }
    }
    // The word being typed is not part of the context.
    let typed = tokens.get(before).filter(|t| t.kind == TokenKind::Word && t.span.start < offset);
    let context_end = typed.map_or(offset, |t| t.span.start);
    let context: Vec<Token> = tokens
        .iter()
        .filter(|t| t.span.end <= context_end && t.kind != TokenKind::Comment)
        .copied()
        .collect();
    let reader = Reader { document, tokens: &context };
    let mut items = Vec::new();
    for expected in reader.expected(offset) {
        items.extend(reader.items(expected, offset));
    }
    items.sort_by(|a, b| a.label.cmp(&b.label));
    items.dedup_by(|a, b| a.label == b.label);
    items
}

/// The tokens before the cursor, read backwards for the cursor's place.
struct Reader<'d> {
    document: &'d Document,
    tokens: &'d [Token],
}

impl Reader<'_> {
    fn text(&self, token: &Token) -> &str {
        self.document.slice(token.span)
    }

    fn word_at(&self, i: usize) -> &str {
        self.tokens.get(i).map_or("", |t| self.text(t))
    }

    /// The blocks open at the end of the tokens, innermost last, with the index of their `{`.
    fn blocks(&self) -> Vec<(Block, usize)> {
        let mut stack: Vec<(Block, usize)> = Vec::new();
        for (i, token) in self.tokens.iter().enumerate() {
            match self.text(token) {
                "{" => {
                    let outer = stack.last().map_or(Block::TopLevel, |&(b, _)| b);
                    stack.push((self.opened(i, outer), i));
                }
                "}" => {
                    stack.pop();
                }
                _ => {}
            }
        }
        stack
    }

    /// The block a `{` opens, from the words before it.
    fn opened(&self, brace: usize, outer: Block) -> Block {
        let place_of = |outer: Block| match outer {
            Block::Effects(place) => place,
            Block::Setup => ExpressionPlace::Setup,
            Block::Push => ExpressionPlace::PushEffects,
            _ => ExpressionPlace::FinishedMove,
        };
        match self.word_at(brace.wrapping_sub(1)) {
            "after" if outer == Block::Turn => return Block::Effects(ExpressionPlace::TurnAfter),
            "then" | "else" | "after" => return Block::Effects(place_of(outer)),
            "start" => return Block::Effects(ExpressionPlace::TurnStart),
            "turn" => return Block::Turn,
            "setup" => return Block::Setup,
            "end" => return Block::End,
            "capture" => return Block::Capture,
            "push" => return Block::Push,
            _ => {}
        }
        for i in (0..brace).rev() {
            match self.word_at(i) {
                "{" | "}" => break,
                "piece" if outer == Block::TopLevel => return Block::Piece,
                "action" if outer == Block::TopLevel => return Block::Action,
                "phase" if outer == Block::TopLevel => return Block::Phase,
                "map" if outer == Block::TopLevel => return Block::Map,
                "if" => return Block::Effects(place_of(outer)),
                "for" if self.word_at(i + 1) == "each" => return Block::Effects(place_of(outer)),
                _ => {}
            }
        }
        Block::Effects(place_of(outer))
    }

    /// What may come at the cursor.
    fn expected(&self, offset: usize) -> Vec<Expected> {
        let blocks = self.blocks();
        let (block, open) = blocks.last().map_or((Block::TopLevel, None), |&(b, i)| (b, Some(i)));
        let start = open.map_or_else(|| self.item_start(), |i| i + 1);
        let Some(last) = self.tokens.len().checked_sub(1).filter(|&l| l + 1 > start) else {
            return vec![Expected::Keywords(clauses(block))];
        };
        let previous = self.text(&self.tokens[last]).to_string();
        if let Some(expected) = self.after_word(&previous, block, start) {
            return expected;
        }
        let continues = self.continues_expression(last);
        let new_line = self.on_earlier_line(last, offset);
        match (continues, new_line) {
            (true, _) => vec![Expected::Expression(self.place(block, start))],
            (false, true) => vec![Expected::Keywords(clauses(block))],
            (false, false) => vec![Expected::Keywords(clauses(block)), Expected::Words(OPERATOR_WORDS)],
        }
    }

    /// The first token of the top-level item the cursor is in.
    fn item_start(&self) -> usize {
        let keywords = ludex_syntax::ITEM_KEYWORDS;
        let mut depth = 0usize;
        for i in (0..self.tokens.len()).rev() {
            match self.word_at(i) {
                "}" => depth += 1,
                "{" => depth = depth.saturating_sub(1),
                word if depth == 0 && keywords.contains(&word) && self.starts_line(i) => return i,
                _ => {}
            }
        }
        0
    }

    fn starts_line(&self, i: usize) -> bool {
        let start = self.tokens[i].span.start;
        let line_start = self.document.text[..start].rfind('\n').map_or(0, |n| n + 1);
        self.document.text[line_start..start].trim().is_empty()
    }

    fn on_earlier_line(&self, i: usize, offset: usize) -> bool {
        let end = self.tokens[i].span.end;
        self.document.text.get(end..offset).is_some_and(|between| between.contains('\n'))
    }

    /// Whether the token ends an unfinished expression: an operator, `(`, `,`, `=` or a word
    /// that takes an operand.
    fn continues_expression(&self, i: usize) -> bool {
        let token = &self.tokens[i];
        let text = self.text(token);
        match token.kind {
            TokenKind::Operator => true,
            TokenKind::Punctuation => matches!(text, "(" | "," | "=" | ":"),
            TokenKind::Word => EXPECTS_OPERAND.contains(&text),
            TokenKind::Number | TokenKind::String | TokenKind::Comment | TokenKind::Unknown => false,
        }
    }

    /// What the word (or punctuation) before the cursor calls for, when it decides it.
    fn after_word(&self, previous: &str, block: Block, start: usize) -> Option<Vec<Expected>> {
        let clause = self.clause_word(start);
        let expected = match (previous, clause.as_str()) {
            (".", _) => Expected::Attributes,
            ("step" | "slide" | "walk" | "leap" | "hop", _) => Expected::Directions,
            ("," | "+", "step" | "slide" | "walk" | "leap" | "hop" | "directions") => Expected::Directions,
            ("over", _) => Expected::Words(&["enemy", "friend", "occupied", "empty", "any"]),
            ("=", "directions") => Expected::Directions,
            ("play" | "otherwise", _) | (",", "play" | "otherwise") => Expected::Actions,
            ("order", _) | (",", "order" | "team") => Expected::Seats,
            ("=", "team") => Expected::Seats,
            ("for", "action") | (",", "action" | "drop" | "promote") => Expected::Pieces,
            ("drop" | "place" | "reserve", _) if block != Block::TopLevel => Expected::Pieces,
            ("to", "promote") => Expected::Pieces,
            ("rotate", _) => Expected::Maps,
            ("in" | "on" | "without", _) | ("=", "zone") | ("+" | "-", "zone" | "on" | "without") => {
                return Some(vec![Expected::Zones, Expected::Words(REGION_WORDS)]);
            }
            ("to", _) if block == Block::Action && self.clause_is(start, "to") => {
                Expected::Words(&["empty", "enemy"])
            }
            ("to", _) if matches!(block, Block::Capture) || matches!(clause.as_str(), "exit" | "send") => {
                Expected::Words(&["prizes", "reserve", "nowhere", "hand"])
            }
            ("board", "board") => Expected::Words(&["square", "hex"]),
            _ => return None,
        };
        Some(vec![expected])
    }

    /// The first word of the clause the cursor is in: the last clause or item keyword since the
    /// block's start.
    fn clause_word(&self, start: usize) -> String {
        const CLAUSE_WORDS: &[&str] = &[
            "step",
            "slide",
            "walk",
            "leap",
            "hop",
            "drop",
            "promote",
            "play",
            "otherwise",
            "order",
            "team",
            "action",
            "directions",
            "zone",
            "on",
            "without",
            "exit",
            "send",
            "board",
            "to",
            "when",
            "where",
            "then",
        ];
        let words = (start..self.tokens.len()).rev().map(|i| self.word_at(i));
        words.into_iter().find(|w| CLAUSE_WORDS.contains(w)).unwrap_or("").to_string()
    }

    /// Whether the clause at the cursor starts with `word` right after the block's start or a new
    /// line (`to empty` rather than a range's `to`).
    fn clause_is(&self, start: usize, word: &str) -> bool {
        let last = self.tokens.len() - 1;
        self.word_at(last) == word && (last == start || self.starts_line(last))
    }

    /// The place of the expression at the cursor, for its context words.
    fn place(&self, block: Block, start: usize) -> ExpressionPlace {
        let clause = (start..self.tokens.len())
            .rev()
            .map(|i| self.word_at(i))
            .find(|w| PLACE_WORDS.contains(w))
            .unwrap_or("");
        match block {
            Block::Effects(place) => place,
            Block::Setup => ExpressionPlace::Setup,
            Block::Piece => ExpressionPlace::PieceValue,
            // A map's grid holds numbers, never an expression.
            Block::Map => ExpressionPlace::Setup,
            Block::Push if clause == "when" => ExpressionPlace::PushCondition,
            Block::Push => ExpressionPlace::PushEffects,
            Block::Turn if clause == "actions" => ExpressionPlace::ActionCount,
            Block::Turn if clause == "legal" => ExpressionPlace::LegalIf,
            Block::Turn => ExpressionPlace::FinishedMove,
            Block::Phase => ExpressionPlace::Until,
            Block::Action => match clause {
                "when" | "most" | "exactly" => ExpressionPlace::BeforeMove,
                "from" | "choose" => ExpressionPlace::ChoiceBounds,
                "each" | "paying" => ExpressionPlace::Step,
                _ => ExpressionPlace::FinishedMove,
            },
            Block::End => match clause {
                "by" => ExpressionPlace::RankKey,
                "score" => ExpressionPlace::Score,
                _ => ExpressionPlace::EndRule,
            },
            Block::Capture => ExpressionPlace::FinishedMove,
            Block::TopLevel => match (self.word_at(start), clause) {
                (_, "where") => ExpressionPlace::CellsWhere,
                ("define", _) => ExpressionPlace::Definition,
                ("seat" | "team", _) => ExpressionPlace::SeatCondition,
                ("variable", _) if self.word_at(start + 2) == "of" => ExpressionPlace::PerSeatVariable,
                _ => ExpressionPlace::Variable,
            },
        }
    }

    /// The completion items of what is expected.
    fn items(&self, expected: Expected, offset: usize) -> Vec<CompletionItem> {
        let index = &self.document.analysis().index;
        let declared = |keep: &dyn Fn(SymbolKind) -> bool| -> Vec<CompletionItem> {
            index.symbols.iter().filter(|s| keep(s.kind)).map(|s| named(&s.name, s.kind)).collect()
        };
        match expected {
            Expected::Keywords(words) | Expected::Words(words) => words.iter().map(|w| keyword(w)).collect(),
            Expected::Directions => {
                let board =
                    index.directions.iter().map(|d| plain(d, CompletionItemKind::ENUM_MEMBER, "direction"));
                board.chain(declared(&|k| k == SymbolKind::DirectionGroup)).collect()
            }
            Expected::Actions => declared(&|k| k == SymbolKind::Action),
            Expected::Pieces => declared(&|k| k == SymbolKind::Piece),
            Expected::Seats => declared(&|k| k == SymbolKind::Seat),
            Expected::Zones => declared(&|k| k == SymbolKind::Zone),
            Expected::Maps => declared(&|k| k == SymbolKind::Map),
            Expected::Attributes => {
                let fields = docs::FIELDS.iter().map(|d| documented(d, CompletionItemKind::FIELD, "field"));
                fields.chain(declared(&|k| k == SymbolKind::Attribute)).collect()
            }
            Expected::Expression(place) => self.expression_items(place, offset),
        }
    }

    /// The names an expression may use: declared values, the parameters or choices in scope, the
    /// context words of its place, built-ins and literals.
    fn expression_items(&self, place: ExpressionPlace, offset: usize) -> Vec<CompletionItem> {
        use SymbolKind::*;
        let index = &self.document.analysis().index;
        let in_scope = |s: &ludex_check::Declared| match s.kind {
            Option | Seat | Piece | Variable | Definition | Phase => true,
            Parameter | Choice => {
                let container = s.container.and_then(|c| index.symbols.get(c));
                container.is_some_and(|c| c.item.start <= offset && offset <= c.item.end)
            }
            Team | Map | DirectionGroup | Attribute | Zone | Action => false,
        };
        let names = index.symbols.iter().filter(|s| in_scope(s)).map(|s| named(&s.name, s.kind));
        let words = context_words_in(place).into_iter().filter_map(docs::context_word);
        let words = words.map(|d| documented(d, CompletionItemKind::VARIABLE, "context word"));
        let builtins = docs::BUILTINS.iter().map(|d| documented(d, CompletionItemKind::FUNCTION, "built-in"));
        let literals = EXPRESSION_WORDS.iter().map(|w| keyword(w));
        let maps = index.symbols.iter().filter(|s| s.kind == Map).map(|s| named(&s.name, s.kind));
        names.chain(words).chain(builtins).chain(literals).chain(maps).collect()
    }
}

/// The words that decide an expression's place.
const PLACE_WORDS: &[&str] = &[
    "when", "where", "most", "exactly", "from", "choose", "each", "paying", "actions", "by", "score",
    "until", "legal",
];

fn clauses(block: Block) -> &'static [&'static str] {
    match block {
        Block::TopLevel => &ludex_syntax::ITEM_KEYWORDS,
        Block::Piece => PIECE_CLAUSES,
        Block::Map => &[],
        Block::Setup => SETUP_AND_EFFECTS,
        Block::Action => ACTION_CLAUSES,
        Block::Push => PUSH_CLAUSES,
        Block::Capture => CAPTURE_CLAUSES,
        Block::Phase => PHASE_CLAUSES,
        Block::Turn => TURN_CLAUSES,
        Block::End => END_CLAUSES,
        Block::Effects(_) => EFFECTS_AND_ELSE,
    }
}

const SETUP_AND_EFFECTS: &[&str] = &[
    "place", "reserve", "set", "rotate", "if", "release", "give", "retire", "for", "send", "move", "capture",
];
const EFFECTS_AND_ELSE: &[&str] =
    &["set", "rotate", "if", "else", "release", "give", "retire", "for", "send", "move", "capture"];

fn keyword(word: &str) -> CompletionItem {
    match docs::keyword(word) {
        Some(doc) => documented(doc, CompletionItemKind::KEYWORD, "keyword"),
        None => plain(word, CompletionItemKind::KEYWORD, "keyword"),
    }
}

fn documented(doc: &WordDoc, kind: CompletionItemKind, what: &str) -> CompletionItem {
    CompletionItem {
        detail: Some(format!("{what}: {}", doc.form)),
        documentation: Some(Documentation::MarkupContent(MarkupContent {
            kind: MarkupKind::Markdown,
            value: doc.text.to_string(),
        })),
        ..plain(doc.word, kind, what)
    }
}

fn plain(label: &str, kind: CompletionItemKind, what: &str) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail: Some(what.to_string()),
        ..Default::default()
    }
}

fn named(name: &str, kind: SymbolKind) -> CompletionItem {
    let item_kind = match kind {
        SymbolKind::Option => CompletionItemKind::CONSTANT,
        SymbolKind::Seat => CompletionItemKind::ENUM_MEMBER,
        SymbolKind::Team => CompletionItemKind::ENUM,
        SymbolKind::Map => CompletionItemKind::STRUCT,
        SymbolKind::DirectionGroup => CompletionItemKind::ENUM,
        SymbolKind::Piece => CompletionItemKind::CLASS,
        SymbolKind::Attribute => CompletionItemKind::FIELD,
        SymbolKind::Zone => CompletionItemKind::MODULE,
        SymbolKind::Variable => CompletionItemKind::VARIABLE,
        SymbolKind::Definition => CompletionItemKind::FUNCTION,
        SymbolKind::Parameter => CompletionItemKind::VARIABLE,
        SymbolKind::Action => CompletionItemKind::METHOD,
        SymbolKind::Choice => CompletionItemKind::VARIABLE,
        SymbolKind::Phase => CompletionItemKind::CONSTANT,
    };
    plain(name, item_kind, kind.describe())
}
