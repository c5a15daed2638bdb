//! ludex: a declarative language for the complete rules of board games, and the interpreter that
//! checks and runs it.
//!
//! The pipeline, one crate a stage, re-exported here under the names the CLI, the tests and the
//! benches use: [`syntax`] parses text into the [`ast`]; [`check`] resolves and validates it,
//! collecting every [`diagnostics::Diagnostic`], and lowers it to the [`ir`]; [`runtime`] plays any
//! IR; [`agents`] choose moves; [`record`] saves and replays games; [`render`] draws states as SVG;
//! [`scenario`] runs the designers' `.tests` files; [`fmt`] lays a rules file out in the canonical
//! style; [`lsp`] serves editors. This crate adds what belongs at the edge: rendering diagnostics
//! for a terminal, and the checks of a whole game that need the runtime ([`compile`] asks the
//! engine whether the game is over before its first move). The `ludex` binary (`src/main.rs`,
//! `src/cli/`) drives the stages through this public API only.

// No input may make the library panic: errors are returned, never unwrapped (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
#![warn(missing_docs)]

pub use compile::{check_game, compile, compile_with_limits};
pub use ludex_agents as agents;
pub use ludex_agents::record;
pub use ludex_check as check;
pub use ludex_check::{Compiled, OptionValues};
pub use ludex_fmt as fmt;
pub use ludex_ir as ir;
pub use ludex_lsp as lsp;
pub use ludex_render as render;
pub use ludex_runtime as runtime;
pub use ludex_scenario as scenario;
pub use ludex_syntax as syntax;
pub use ludex_syntax::ast;

mod compile;
pub mod diagnostics;
#[doc(hidden)]
pub mod fuzzing;
