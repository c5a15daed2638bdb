//! The crate's own tests: the language read into the AST, and the runner on a small game written
//! here (the shipped games' tests run in the workspace's `tests/scenarios.rs`).

mod parsing;
mod running;
