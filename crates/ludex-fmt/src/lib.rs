//! ludex's formatter: one canonical layout for a rules file, its comments kept where they were.
//!
//! The file is parsed with the grammar; the module `tree` puts every token back into pest's parse
//! tree with the comments and blank lines around it; `print` turns the tree into a `doc`, a
//! document with groups that break only when they do not fit, following the per-rule table of
//! `layout` (`expr` for expressions, `grid` for maps); the document is rendered at [`WIDTH`]
//! columns. `verify` reads the result back and refuses it unless it is the same file.
//!
//! The style: two spaces a level; one clause a line; a space around operators and `=`, none inside
//! parentheses or before a comma; an empty line kept between items and clauses where the text had
//! one or more; a long line broken before `and`, `or` and other operators (the loosest first), after
//! a comma, or after the `=` of a definition, its later lines indented two more (four in a clause
//! that opens a block); map grids a row a line, columns aligned.

// No input may make the library panic: errors are returned, never unwrapped (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
#![warn(missing_docs)]

mod doc;
mod expr;
mod grid;
mod layout;
mod print;
mod tree;
mod verify;

use ludex_diagnostics::{Code, Diagnostic, Span};
use ludex_syntax::{LudexParser, Rule};
use pest::Parser;

/// The width the formatter keeps lines within, where a line can be broken (comments and long
/// names may run past it).
pub const WIDTH: usize = 110;

/// Formats a rules file. A file that does not parse is not formatted: its syntax diagnostics are
/// returned instead.
pub fn format(text: &str) -> Result<String, Vec<Diagnostic>> {
    let (_, diagnostics) = ludex_syntax::parse(text);
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Err(diagnostics);
    }
    let Some(file) = LudexParser::parse(Rule::file, text).ok().and_then(|mut pairs| pairs.next()) else {
        return Err(vec![failure(text)]);
    };
    let tree = tree::build(text, file);
    let formatted = doc::render(&print::Printer::file(&tree), WIDTH);
    if verify::reads_back(&tree, &formatted) { Ok(formatted) } else { Err(vec![failure(text)]) }
}

/// Whether a rules file is formatted already (the syntax diagnostics of one that does not parse).
pub fn is_formatted(text: &str) -> Result<bool, Vec<Diagnostic>> {
    format(text).map(|formatted| formatted == text)
}

/// The formatter's own failure: what it laid out would not read back as the same file.
fn failure(text: &str) -> Diagnostic {
    Diagnostic::error(
        Code::FormatterFailed,
        "the formatter could not lay out this file without changing it",
        Span::new(0, text.len().min(1)),
        "the file is left as it is",
    )
    .with_help("this is a fault of the formatter; please report it with the file")
}
