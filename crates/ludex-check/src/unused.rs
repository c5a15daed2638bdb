//! Warnings for declarations nothing uses: piece types, zones, actions, variables never read,
//! definitions and direction groups.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_syntax::ast::Ident;

use super::Checker;
use super::names::{Names, Symbol};

impl Checker<'_> {
    pub(super) fn unused_warnings(&mut self) {
        let (d, n) = (&self.decls, &self.names);
        let warnings = [
            unused(
                n,
                Code::UnusedPiece,
                d.pieces.iter().map(|p| &p.name),
                |i| Symbol::Piece(i as u8),
                "place it in the setup, give it an action, or remove it",
            ),
            unused(
                n,
                Code::UnusedZone,
                d.zones.iter().map(|z| &z.name),
                |i| Symbol::Zone(i as u16),
                "remove it",
            ),
            unused(
                n,
                Code::UnusedAction,
                d.actions.iter().map(|a| &a.name),
                |i| Symbol::Action(i as u16),
                "list it in a phase's `play` or `otherwise`, or remove it",
            ),
            unused(
                n,
                Code::UnusedVariable,
                d.variables.iter().map(|v| &v.name),
                |i| Symbol::Variable(i as u16),
                "a variable nothing reads has no effect on the game",
            ),
            unused(n, Code::UnusedDefine, d.defines.iter().map(|x| &x.name), Symbol::Define, "remove it"),
            unused(n, Code::UnusedDirections, d.groups.iter().map(|g| &g.name), Symbol::Group, "remove it"),
        ];
        self.findings.diagnostics.extend(warnings.into_iter().flatten());
    }
}

/// A warning for each declaration (the n-th has the symbol `symbol(n)`) that is not used.
fn unused<'i>(
    names: &Names,
    code: Code,
    idents: impl Iterator<Item = &'i Ident>,
    symbol: fn(usize) -> Symbol,
    help: &str,
) -> Vec<Diagnostic> {
    idents
        .enumerate()
        .filter(|&(i, _)| !names.is_used(symbol(i)))
        .map(|(i, ident)| {
            Diagnostic::warning(
                code,
                format!("{} `{}` is never used", symbol(i).kind_name(), ident.name),
                ident.span,
                "declared here",
            )
            .with_help(help)
        })
        .collect()
}
