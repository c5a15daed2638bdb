//! Formatting: `textDocument/formatting` lays the document out as `ludex fmt` does, through
//! `ludex_fmt::format`, answered as one edit that replaces the whole text (none when it is already
//! formatted). A document that does not parse is not formatted: the request fails with the number
//! of syntax errors, which the published diagnostics show; so is one longer than the limit
//! `source-bytes`, which the checker refuses too.

use lsp_types::{Position, Range, TextEdit};
use ludex_diagnostics::Limit;

use crate::document::Document;

/// The edits that format the document, or why it cannot be formatted.
pub fn format(document: &Document) -> Result<Vec<TextEdit>, String> {
    let most = document.limits.max_source_bytes;
    if document.text.len() as u64 > most {
        return Err(format!(
            "the file cannot be formatted: it is longer than the limit `{}` of {most} bytes",
            Limit::SourceBytes
        ));
    }
    let formatted = ludex_fmt::format(&document.text).map_err(|diagnostics| {
        let errors = diagnostics.iter().filter(|d| d.is_error()).count();
        format!("the file cannot be formatted: it has {errors} syntax error(s)")
    })?;
    if formatted == document.text {
        return Ok(Vec::new());
    }
    let end = document.position(document.text.len());
    let whole = Range { start: Position { line: 0, character: 0 }, end };
    Ok(vec![TextEdit { range: whole, new_text: formatted }])
}
