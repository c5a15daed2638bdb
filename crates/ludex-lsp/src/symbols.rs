//! Document symbols: the file's outline, one entry an item that parsed (the game, options, seats,
//! teams, the board, maps, direction groups, pieces with their attributes, zones, variables,
//! definitions, the setup, actions, the capture, phases, and the end with its rules).

use lsp_types::{DocumentSymbol, SymbolKind};
use ludex_diagnostics::Span;
use ludex_syntax::ast::{Ident, Item};

use crate::document::Document;

/// The longest detail shown beside a symbol.
const MAX_DETAIL_CHARS: usize = 60;

pub fn outline(document: &Document) -> Vec<DocumentSymbol> {
    document.analysis().file.items.iter().map(|item| item_symbol(document, item)).collect()
}

fn item_symbol(document: &Document, item: &Item) -> DocumentSymbol {
    let named = |name: &Ident, kind, span| symbol(document, name.name.clone(), kind, span, name.span);
    let keyword = |word: &str, kind, span: Span| {
        symbol(document, word.to_string(), kind, span, keyword_span(span, word))
    };
    match item {
        Item::Game(game) => {
            symbol(document, game.node.trim_matches('"').to_string(), SymbolKind::FILE, game.span, game.span)
        }
        Item::Option(d) => named(&d.name, SymbolKind::CONSTANT, d.span),
        Item::Seat(d) => named(&d.name, SymbolKind::OBJECT, d.span),
        Item::Team(d) => named(&d.name, SymbolKind::STRUCT, d.span),
        Item::Board(d) => keyword("board", SymbolKind::PACKAGE, d.span),
        Item::Map(d) => named(&d.name, SymbolKind::ARRAY, d.span),
        Item::Directions(d) => named(&d.name, SymbolKind::ENUM, d.span),
        Item::Piece(d) => {
            let mut piece = named(&d.name, SymbolKind::CLASS, d.span);
            let attributes = d
                .attributes
                .iter()
                .map(|a| symbol(document, a.name.name.clone(), SymbolKind::FIELD, a.span, a.name.span));
            piece.children = Some(attributes.collect());
            piece
        }
        Item::Zone(d) => named(&d.name, SymbolKind::NAMESPACE, d.span),
        Item::Variable(d) => named(&d.name, SymbolKind::VARIABLE, d.span),
        Item::Define(d) => named(&d.name, SymbolKind::FUNCTION, d.span),
        Item::Setup(d) => keyword("setup", SymbolKind::CONSTRUCTOR, d.span),
        Item::Action(d) => named(&d.name, SymbolKind::METHOD, d.span),
        Item::Capture(d) => keyword("capture", SymbolKind::EVENT, d.span),
        Item::Phase(d) => named(&d.name, SymbolKind::MODULE, d.span),
        Item::End(d) => {
            let mut end = keyword("end", SymbolKind::MODULE, d.span);
            let rules = d.rules.iter().map(|rule| {
                let text = one_line(document.slice(rule.span));
                symbol(document, text, SymbolKind::EVENT, rule.span, rule.condition.span)
            });
            end.children = Some(rules.collect());
            end
        }
        Item::Track(d) => named(&d.name, SymbolKind::ARRAY, d.span),
    }
}

/// Where the item's keyword is written (its first word).
fn keyword_span(item: Span, word: &str) -> Span {
    Span::new(item.start, (item.start + word.len()).min(item.end))
}

#[allow(deprecated)] // `deprecated` is a field the protocol has deprecated, and must still be given.
fn symbol(
    document: &Document,
    name: String,
    kind: SymbolKind,
    span: Span,
    name_span: Span,
) -> DocumentSymbol {
    let detail = one_line(document.slice(span));
    DocumentSymbol {
        name: if name.is_empty() { "(unnamed)".to_string() } else { name },
        detail: Some(detail),
        kind,
        tags: None,
        deprecated: None,
        range: document.range(span),
        selection_range: document.range(name_span),
        children: None,
    }
}

/// The first line of a text, shortened to [`MAX_DETAIL_CHARS`].
fn one_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or("").trim().trim_end_matches('{').trim_end();
    if line.chars().count() <= MAX_DETAIL_CHARS {
        return line.to_string();
    }
    let cut: String = line.chars().take(MAX_DETAIL_CHARS - 1).collect();
    format!("{cut}…")
}
