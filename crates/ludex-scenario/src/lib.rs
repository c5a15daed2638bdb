//! Scenario tests written by designers, in the `.tests` file beside each rules file: a test names
//! a start (the setup, with or without a seed, or a position in the position format), plays moves
//! and roll outcomes in the game's notation, and checks expectations on the way: the exact legal
//! moves (or some of them), a piece on a cell, a reserve or prize pile, a variable, the seat to
//! move, a pending roll, the result and scores, perft counts. `docs/testing.md` describes the
//! language.
//!
//! Modules: `parse` (the pest grammar `grammar/scenario.pest` into the [`ast`]) and
//! `syntax_errors` (what a line that does not parse gets told); `runner` (the game compiled for the
//! test's options, the start, the steps) and `expect` (each expectation checked), with `pattern`
//! (position-format tokens as patterns); `report` (what a test found, as diagnostics and values to
//! write); `bless` (writing those values into the text). Nothing here touches files or a terminal,
//! so the crate builds for the browser too.

// No input may make the library panic: errors are returned, never unwrapped (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
#![warn(missing_docs)]

pub mod ast;
mod bless;
mod expect;
mod parse;
mod pattern;
mod report;
mod runner;
mod syntax_errors;

pub use bless::apply as bless;
pub use expect::MAX_PERFT_DEPTH;
pub use parse::{Parsed, parse};
pub use report::{Bless, Fill, FillValue, Finding, FindingKind, TestReport};
pub use runner::Runner;

#[cfg(test)]
mod tests;
