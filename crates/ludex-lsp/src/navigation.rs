//! Go to definition, find references and rename, all read from the checker's symbol index.
//!
//! A rename is refused when the new name is not a name, is already declared where it would clash,
//! or would change what the checker understands: the renamed text is checked again and must have
//! no new error and resolve every name as before.

use std::collections::HashMap;

use lsp_types::{Location, PrepareRenameResponse, TextEdit, Uri, WorkspaceEdit};
use ludex_check::{Meaning, Parsed, Reference, Role, SymbolIndex, SymbolKind};
use ludex_diagnostics::{Diagnostic, Span};

use crate::document::Document;

/// Words the grammar never reads as a name.
const RESERVED: [&str; 12] =
    ["and", "or", "not", "if", "then", "else", "none", "true", "false", "roll", "in", "mod"];

/// The declared name at an offset, and where it is written there.
fn declared_at(document: &Document, offset: usize) -> Option<(usize, Span)> {
    match document.analysis().index.at(offset)? {
        Reference { meaning: Meaning::Declared(id), span, .. } => Some((*id, *span)),
        _ => None,
    }
}

pub fn definition(uri: &Uri, document: &Document, offset: usize) -> Vec<Location> {
    let Some((id, _)) = declared_at(document, offset) else { return Vec::new() };
    let symbol = &document.analysis().index.symbols[id];
    symbol
        .declarations
        .iter()
        .map(|&span| Location { uri: uri.clone(), range: document.range(span) })
        .collect()
}

pub fn references(uri: &Uri, document: &Document, offset: usize, include_declaration: bool) -> Vec<Location> {
    let Some((id, _)) = declared_at(document, offset) else { return Vec::new() };
    document
        .analysis()
        .index
        .occurrences(id)
        .filter(|r| include_declaration || r.role == Role::Use)
        .map(|r| Location { uri: uri.clone(), range: document.range(r.span) })
        .collect()
}

/// Why a rename cannot be done.
#[derive(Debug)]
pub struct Refused(pub String);

/// The name under the cursor, if it can be renamed.
pub fn prepare_rename(document: &Document, offset: usize) -> Result<PrepareRenameResponse, Refused> {
    let Some((id, span)) = declared_at(document, offset) else {
        return Err(Refused("only a declared name can be renamed here".to_string()));
    };
    syntax_is_complete(document)?;
    let placeholder = document.analysis().index.symbols[id].name.clone();
    Ok(PrepareRenameResponse::RangeWithPlaceholder { range: document.range(span), placeholder })
}

pub fn rename(
    uri: &Uri,
    document: &Document,
    offset: usize,
    new_name: &str,
) -> Result<WorkspaceEdit, Refused> {
    let Some((id, _)) = declared_at(document, offset) else {
        return Err(Refused("only a declared name can be renamed here".to_string()));
    };
    syntax_is_complete(document)?;
    let index = &document.analysis().index;
    let symbol = &index.symbols[id];
    if new_name == symbol.name {
        return Ok(WorkspaceEdit::default());
    }
    is_a_name(new_name)?;
    not_declared(index, id, new_name)?;
    let spans: Vec<Span> = index.occurrences(id).map(|r| r.span).collect();
    let renamed = apply(&document.text, &spans, new_name);
    same_meaning(document, &renamed, new_name)?;
    let edits =
        spans.iter().map(|&span| TextEdit { range: document.range(span), new_text: new_name.to_string() });
    Ok(WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits.collect())])),
        ..WorkspaceEdit::default()
    })
}

/// Items that did not parse are not indexed: a rename would miss the names in them.
fn syntax_is_complete(document: &Document) -> Result<(), Refused> {
    if document.analysis().parsed == Parsed::Partly {
        return Err(Refused(
            "the file has syntax errors: fix them first, so that every use of the name is found".into(),
        ));
    }
    Ok(())
}

fn is_a_name(name: &str) -> Result<(), Refused> {
    let mut chars = name.chars();
    let well_formed = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !well_formed {
        return Err(Refused(format!("`{name}` is not a name: a letter, then letters, digits and `_`")));
    }
    if RESERVED.contains(&name) {
        return Err(Refused(format!("`{name}` is a reserved word")));
    }
    Ok(())
}

/// Names that share a namespace: actions apart, attributes apart, a definition's parameters and an
/// action's choices within it, every other declared name together.
fn clashes(index: &SymbolIndex, renamed: usize, other: usize) -> bool {
    use SymbolKind::*;
    let (a, b) = (&index.symbols[renamed], &index.symbols[other]);
    let value = |kind| {
        matches!(
            kind,
            Option | Seat | Team | Map | DirectionGroup | Piece | Zone | Variable | Definition | Phase
        )
    };
    match (a.kind, b.kind) {
        (Action, Action) | (Attribute, Attribute) => true,
        (Parameter, Parameter) | (Choice, Choice) => a.container == b.container,
        (x, y) => value(x) && value(y),
    }
}

fn not_declared(index: &SymbolIndex, id: usize, new_name: &str) -> Result<(), Refused> {
    let taken =
        index.symbols.iter().enumerate().find(|&(other, s)| s.name == new_name && clashes(index, id, other));
    match taken {
        Some((_, other)) => {
            Err(Refused(format!("there is already a {} `{new_name}`", other.kind.describe())))
        }
        None => Ok(()),
    }
}

/// The text with every span replaced by the new name.
fn apply(text: &str, spans: &[Span], new_name: &str) -> String {
    let mut renamed = String::with_capacity(text.len());
    let mut at = 0;
    for span in spans {
        renamed.push_str(&text[at..span.start]);
        renamed.push_str(new_name);
        at = span.end;
    }
    renamed.push_str(&text[at..]);
    renamed
}

/// The renamed text must check with no new error and every name resolved as before.
fn same_meaning(document: &Document, renamed: &str, new_name: &str) -> Result<(), Refused> {
    let before = document.analysis();
    let after = document.analyze(renamed);
    let errors = |diagnostics: &[Diagnostic]| diagnostics.iter().filter(|d| d.is_error()).count();
    if errors(&after.compiled.diagnostics) > errors(&before.compiled.diagnostics) {
        let new = after.compiled.diagnostics.iter().find(|d| {
            d.is_error()
                && !before.compiled.diagnostics.iter().any(|b| b.code == d.code && b.message == d.message)
        });
        let why = new.map_or(String::new(), |d| format!(": {}", d.message));
        return Err(Refused(format!("renaming to `{new_name}` would make the rules wrong{why}")));
    }
    let meanings =
        |index: &SymbolIndex| index.references.iter().map(|r| (r.meaning, r.role)).collect::<Vec<_>>();
    if meanings(&before.index) != meanings(&after.index) {
        return Err(Refused(format!("renaming to `{new_name}` would change what some names mean")));
    }
    Ok(())
}
