//! A rules text checked for the editor: every diagnostic with its start and end as 1-based lines
//! and columns, and what the page offers once the rules check (the options with their ranges, the
//! seats, the zones).

use serde::Serialize;

use ludex_check::OptionValues;
use ludex_diagnostics::{Severity, line_column};

/// One diagnostic, placed for an editor.
#[derive(Serialize)]
pub struct DiagnosticView {
    pub severity: Severity,
    /// `ludex::CODE`.
    pub code: String,
    pub message: String,
    /// What the primary span is labelled with.
    pub label: String,
    pub help: Option<String>,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
}

/// A declared option, as the page offers it.
#[derive(Serialize)]
pub struct OptionView {
    pub name: String,
    pub value: i64,
    pub min: i64,
    pub max: i64,
}

/// The result of checking a rules text.
#[derive(Serialize)]
pub struct CheckView {
    /// Whether the rules give a game (no errors).
    pub ok: bool,
    pub diagnostics: Vec<DiagnosticView>,
    pub name: Option<String>,
    pub options: Vec<OptionView>,
    pub seats: Vec<String>,
    pub zones: Vec<String>,
}

/// Checks a rules text with option values.
pub fn check(text: &str, options: &OptionValues) -> CheckView {
    let compiled = ludex_check::compile(text, options);
    let diagnostics = compiled
        .diagnostics
        .iter()
        .map(|d| {
            let (line, column) = line_column(text, d.primary.span.start);
            let (end_line, end_column) = line_column(text, d.primary.span.end);
            DiagnosticView {
                severity: d.severity,
                code: format!("ludex::{}", d.code),
                message: d.message.clone(),
                label: d.primary.message.clone(),
                help: d.help.clone(),
                line,
                column,
                end_line,
                end_column,
            }
        })
        .collect();
    let ok = !compiled.has_errors() && compiled.game.is_some();
    let game = compiled.game.filter(|_| ok);
    CheckView {
        ok,
        diagnostics,
        name: game.as_ref().map(|g| g.name.clone()),
        options: game
            .iter()
            .flat_map(|g| &g.options)
            .map(|o| OptionView { name: o.name.clone(), value: o.value, min: o.min, max: o.max })
            .collect(),
        seats: game.iter().flat_map(|g| &g.seats).map(|s| s.name.clone()).collect(),
        zones: game.iter().flat_map(|g| &g.zones).map(|z| z.name.clone()).collect(),
    }
}
