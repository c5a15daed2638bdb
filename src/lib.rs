//! ludex: a declarative language for the complete rules of board games, and the interpreter that
//! checks and runs it.
//!
//! The pipeline, one module a stage: [`syntax`] parses text into the [`ast`]; [`check`] resolves and
//! validates it, collecting every [`diagnostics::Diagnostic`], and lowers it to the [`ir`];
//! [`runtime`] plays any IR; [`agents`] choose moves; [`record`] saves and replays games. The
//! `ludex` binary (`src/main.rs`, `src/cli/`) drives them through this public API only.

pub mod agents;
pub mod ast;
pub mod check;
pub mod diagnostics;
pub mod ir;
pub mod record;
pub mod runtime;
pub mod syntax;

pub use check::OptionValues;
use diagnostics::Diagnostic;

/// The result of compiling a rules file: the game when there was no error, and every diagnostic.
#[derive(Debug)]
pub struct Compiled {
    pub game: Option<ir::Game>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Compiled {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Parses, checks and lowers a rules file with the given option values (defaults for the rest).
pub fn compile(text: &str, options: &OptionValues) -> Compiled {
    let (file, mut diagnostics) = syntax::parse(text);
    if diagnostics.iter().any(Diagnostic::is_error) {
        // Items that did not parse are missing from the AST: checking it would report their absence
        // (no board, every use of a name they declared) as mistakes of their own.
        return Compiled { game: None, diagnostics };
    }
    let (game, check_diagnostics) = check::check(&file, options);
    diagnostics.extend(check_diagnostics);
    let game = game.filter(|_| !diagnostics.iter().any(Diagnostic::is_error));
    Compiled { game, diagnostics }
}
