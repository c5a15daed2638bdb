//! A rules text checked for the editor: every diagnostic with its start and end as 1-based lines
//! and columns, and what the page offers once the rules check (the options with their ranges, the
//! seats, the zones).

use serde::Serialize;

use ludex_check::OptionValues;
use ludex_diagnostics::{Severity, line_column};
use ludex_ir::Number;

/// One diagnostic, placed for an editor.
#[derive(Serialize)]
pub struct DiagnosticView {
    /// `"error"` or `"warning"`.
    pub severity: Severity,
    /// `ludex::CODE`.
    pub code: String,
    /// The headline.
    pub message: String,
    /// What the primary span is labelled with.
    pub label: String,
    /// A suggestion to fix it, if the checker has one.
    pub help: Option<String>,
    /// 1-based line where the primary span starts.
    pub line: usize,
    /// 1-based column, in characters, where the primary span starts.
    pub column: usize,
    /// 1-based line where the primary span ends.
    pub end_line: usize,
    /// 1-based column, in characters, just past the primary span (equal to `column` on the same
    /// line for an empty span).
    pub end_column: usize,
}

/// A declared option, as the page offers it.
#[derive(Serialize)]
pub struct OptionView {
    /// The option's name, as the rules declare it.
    pub name: String,
    /// The value the rules were checked with: the one given, else the default (a decimal as
    /// text, `"6.5"`).
    pub value: Number,
    /// The least value the rules allow.
    pub min: Number,
    /// The greatest value the rules allow (inclusive).
    pub max: Number,
}

/// The result of checking a rules text.
#[derive(Serialize)]
pub struct CheckView {
    /// Whether the rules give a game (no errors).
    pub ok: bool,
    /// Every diagnostic, errors and warnings, in the checker's order.
    pub diagnostics: Vec<DiagnosticView>,
    /// The game's name; `None` unless `ok`.
    pub name: Option<String>,
    /// The options the rules declare, in their order; empty unless `ok`.
    pub options: Vec<OptionView>,
    /// The seats' names, in seat order; empty unless `ok`.
    pub seats: Vec<String>,
    /// The zones' names, which `Game.svg` may tint; empty unless `ok`.
    pub zones: Vec<String>,
}

/// Checks a rules text with option values.
pub fn check(text: &str, options: &OptionValues) -> CheckView {
    let compiled = ludex_check::compile(text, options).checked_by(text, ludex_verify::check_game);
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
