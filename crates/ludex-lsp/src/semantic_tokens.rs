//! Semantic tokens: every token of the file classified, names by what the checker resolved them
//! to (a piece type, a zone, a context word, a cell...), the rest by the lexer (keywords, numbers,
//! strings, comments, operators).

use lsp_types::{
    SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokens, SemanticTokensLegend,
};
use ludex_check::{Meaning, Reference, Role, SymbolKind};

use crate::docs;
use crate::document::Document;
use crate::lexer::{Token, TokenKind};

/// The token types, in the legend's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Keyword,
    Comment,
    String,
    Number,
    Operator,
    /// A piece type.
    Class,
    /// An attribute or a field.
    Property,
    /// A seat, or a cell of the board.
    EnumMember,
    /// A team.
    Enum,
    /// A zone.
    Namespace,
    /// A map.
    Struct,
    /// A variable, an option, a choice or a context word.
    Variable,
    /// A definition or a built-in function.
    Function,
    /// An action.
    Method,
    Parameter,
    /// A phase.
    Type,
    /// A direction or a direction group.
    Macro,
}

const TYPES: [(Kind, SemanticTokenType); 17] = [
    (Kind::Keyword, SemanticTokenType::KEYWORD),
    (Kind::Comment, SemanticTokenType::COMMENT),
    (Kind::String, SemanticTokenType::STRING),
    (Kind::Number, SemanticTokenType::NUMBER),
    (Kind::Operator, SemanticTokenType::OPERATOR),
    (Kind::Class, SemanticTokenType::CLASS),
    (Kind::Property, SemanticTokenType::PROPERTY),
    (Kind::EnumMember, SemanticTokenType::ENUM_MEMBER),
    (Kind::Enum, SemanticTokenType::ENUM),
    (Kind::Namespace, SemanticTokenType::NAMESPACE),
    (Kind::Struct, SemanticTokenType::STRUCT),
    (Kind::Variable, SemanticTokenType::VARIABLE),
    (Kind::Function, SemanticTokenType::FUNCTION),
    (Kind::Method, SemanticTokenType::METHOD),
    (Kind::Parameter, SemanticTokenType::PARAMETER),
    (Kind::Type, SemanticTokenType::TYPE),
    (Kind::Macro, SemanticTokenType::MACRO),
];

/// The modifiers, each a bit in the legend's order.
#[derive(Clone, Copy)]
enum Modifier {
    /// Where the name is declared.
    Declaration = 1,
    /// What cannot be set: options, choices, context words.
    Readonly = 2,
    /// The language's own: built-ins, context words, cells, the board's directions, fields.
    DefaultLibrary = 4,
}

const MODIFIERS: [SemanticTokenModifier; 3] = [
    SemanticTokenModifier::DECLARATION,
    SemanticTokenModifier::READONLY,
    SemanticTokenModifier::DEFAULT_LIBRARY,
];

pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.iter().map(|(_, t)| t.clone()).collect(),
        token_modifiers: MODIFIERS.to_vec(),
    }
}

/// Every classified token of the document, encoded relative to the one before.
pub fn full(document: &Document) -> SemanticTokens {
    let index = &document.analysis().index;
    let mut data = Vec::new();
    let (mut line, mut column) = (0, 0);
    let mut previous: Option<Token> = None;
    for &token in document.tokens() {
        let resolved = index.at(token.span.start).filter(|r| r.span == token.span);
        if let Some((kind, modifiers)) = classify(document, token, previous, resolved) {
            let start = document.position(token.span.start);
            let end = document.position(token.span.end);
            let delta_line = start.line - line;
            let delta_start = if delta_line == 0 { start.character - column } else { start.character };
            data.push(SemanticToken {
                delta_line,
                delta_start,
                length: end.character.saturating_sub(start.character),
                token_type: TYPES.iter().position(|(t, _)| *t == kind).unwrap_or(0) as u32,
                token_modifiers_bitset: modifiers.iter().fold(0, |bits, &m| bits | m as u32),
            });
            (line, column) = (start.line, start.character);
        }
        if token.kind != TokenKind::Comment {
            previous = Some(token);
        }
    }
    SemanticTokens { result_id: None, data }
}

fn classify(
    document: &Document,
    token: Token,
    previous: Option<Token>,
    resolved: Option<&Reference>,
) -> Option<(Kind, Vec<Modifier>)> {
    use Modifier::*;
    let word = document.slice(token.span);
    let after = |text: &str| previous.is_some_and(|p| document.slice(p.span) == text);
    Some(match token.kind {
        TokenKind::Comment => (Kind::Comment, vec![]),
        TokenKind::String => (Kind::String, vec![]),
        TokenKind::Number => (Kind::Number, vec![]),
        TokenKind::Operator => (Kind::Operator, vec![]),
        TokenKind::Punctuation | TokenKind::Unknown => return None,
        TokenKind::Word => match resolved {
            Some(reference) => resolved_name(document, reference),
            None if after("roll") => (Kind::Number, vec![]),
            None if after(".") => {
                (Kind::Property, if docs::field(word).is_some() { vec![DefaultLibrary] } else { vec![] })
            }
            None if docs::keyword(word).is_some() => (Kind::Keyword, vec![]),
            None => return None,
        },
    })
}

fn resolved_name(document: &Document, reference: &Reference) -> (Kind, Vec<Modifier>) {
    use Modifier::*;
    let (kind, mut modifiers) = match reference.meaning {
        Meaning::ContextWord => (Kind::Variable, vec![Readonly, DefaultLibrary]),
        Meaning::Builtin => (Kind::Function, vec![DefaultLibrary]),
        Meaning::Cell => (Kind::EnumMember, vec![DefaultLibrary]),
        Meaning::Direction => (Kind::Macro, vec![DefaultLibrary]),
        Meaning::Declared(id) => match document.analysis().index.symbols.get(id).map(|s| s.kind) {
            Some(SymbolKind::Option) => (Kind::Variable, vec![Readonly]),
            Some(SymbolKind::Seat) => (Kind::EnumMember, vec![]),
            Some(SymbolKind::Team) => (Kind::Enum, vec![]),
            Some(SymbolKind::Map) => (Kind::Struct, vec![]),
            Some(SymbolKind::DirectionGroup) => (Kind::Macro, vec![]),
            Some(SymbolKind::Piece) => (Kind::Class, vec![]),
            Some(SymbolKind::Attribute) => (Kind::Property, vec![]),
            Some(SymbolKind::Zone) => (Kind::Namespace, vec![]),
            Some(SymbolKind::Variable) => (Kind::Variable, vec![]),
            Some(SymbolKind::Definition) => (Kind::Function, vec![]),
            Some(SymbolKind::Parameter) => (Kind::Parameter, vec![]),
            Some(SymbolKind::Action) => (Kind::Method, vec![]),
            Some(SymbolKind::Choice) => (Kind::Variable, vec![Readonly]),
            Some(SymbolKind::Phase) | None => (Kind::Type, vec![]),
        },
    };
    if reference.role == Role::Declaration {
        modifiers.push(Declaration);
    }
    (kind, modifiers)
}
