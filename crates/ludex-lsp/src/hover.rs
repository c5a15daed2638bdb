//! Hover: for a declared name, its declaration and the comment above it; for a keyword, a context
//! word, a built-in or a field, the language's documentation of it; for a cell or a direction, what
//! it is.

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};
use ludex_check::{Declared, Meaning, SymbolKind};

use crate::docs;
use crate::document::Document;
use crate::lexer::TokenKind;

/// The most lines of a declaration shown whole; a longer one shows its first line.
const MAX_SHOWN_LINES: usize = 8;

pub fn hover(document: &Document, offset: usize) -> Option<Hover> {
    let index = &document.analysis().index;
    let (span, markdown) = match index.at(offset) {
        Some(reference) => {
            let name = document.slice(reference.span);
            let markdown = match reference.meaning {
                Meaning::Declared(id) => declared(document, id),
                Meaning::ContextWord => docs::context_word(name)?.markdown(&format!("context word `{name}`")),
                Meaning::Builtin => docs::builtin(name)?.markdown(&format!("built-in `{name}`")),
                Meaning::Cell => format!("cell `{name}` of the board"),
                Meaning::Direction if name == docs::WALKED_DIRECTION.word => {
                    docs::WALKED_DIRECTION.markdown(&format!("the word `{name}`"))
                }
                Meaning::Direction => format!("direction `{name}` of the board"),
            };
            (reference.span, markdown)
        }
        None => {
            let token = document.token_at(offset).filter(|t| t.kind == TokenKind::Word)?;
            (token.span, unresolved_word(document, token.span)?)
        }
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value: markdown }),
        range: Some(document.range(span)),
    })
}

/// A word the checker did not resolve: a field after `.`, a keyword, or (in an item that does not
/// parse, which the checker has not read) a context word or a built-in.
fn unresolved_word(document: &Document, span: ludex_diagnostics::Span) -> Option<String> {
    let word = document.slice(span);
    let after_dot = document.text[..span.start].trim_end().ends_with('.');
    if after_dot {
        return docs::field(word).map(|d| d.markdown(&format!("field `{word}` of every piece")));
    }
    let keyword = docs::keyword(word).map(|d| d.markdown(&format!("keyword `{word}`")));
    let context_word = || docs::context_word(word).map(|d| d.markdown(&format!("context word `{word}`")));
    let builtin = || docs::builtin(word).map(|d| d.markdown(&format!("built-in `{word}`")));
    keyword.or_else(context_word).or_else(builtin)
}

/// A declared name: what it is, its declaration, and the comment above it.
pub fn declared(document: &Document, id: usize) -> String {
    let symbols = &document.analysis().index.symbols;
    let Some(symbol) = symbols.get(id) else { return String::new() };
    let mut markdown = format!("{} `{}`", symbol.kind.describe(), symbol.name);
    let container = symbol.container.and_then(|c| symbols.get(c));
    if let Some(container) = container {
        markdown.push_str(&format!(" of {} `{}`", container.kind.describe(), container.name));
    }
    let shown = match (symbol.kind, container) {
        (SymbolKind::Parameter, Some(definition)) => first_line(document.slice(definition.item)),
        _ => shown_declaration(document.slice(symbol.item)),
    };
    markdown.push_str(&format!("\n```ludex\n{shown}\n```"));
    if symbol.kind == SymbolKind::Attribute && symbol.declarations.len() > 1 {
        markdown.push_str(&format!("\ndeclared by {} piece types", symbol.declarations.len()));
    }
    if let Some(comment) = doc_comment(&document.text, symbol) {
        markdown.push_str("\n\n");
        markdown.push_str(&comment);
    }
    markdown
}

/// A declaration as shown: whole when short, else its first line.
fn shown_declaration(item: &str) -> String {
    if item.lines().count() <= MAX_SHOWN_LINES {
        item.to_string()
    } else {
        format!("{} ...", first_line(item))
    }
}

fn first_line(item: &str) -> String {
    item.lines().next().unwrap_or("").trim_end().to_string()
}

/// The `#` comment lines right above a declaration (no blank line between), without their `#`.
pub fn doc_comment(text: &str, symbol: &Declared) -> Option<String> {
    let start = symbol.item.start.min(text.len());
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    if !text[line_start..start].trim().is_empty() {
        return None;
    }
    let above = text[..line_start].lines().rev().take_while(|line| line.trim_start().starts_with('#'));
    let mut lines: Vec<&str> = above.map(|line| line.trim_start().trim_start_matches('#').trim()).collect();
    lines.reverse();
    (!lines.is_empty()).then(|| lines.join("\n"))
}
