//! The meaning of the runtime's constructs written plainly, for the differential tests
//! (`tests/differential.rs`): whatever speed layers the engine has, it must give exactly what
//! these functions give.
//!
//! They read the IR and the state directly. The pieces that may move are found by scanning the
//! board cell by cell; every condition (`when`, `where`, the capture rule, the end rules) is
//! evaluated whole by `eval`; every pattern's ends are found by following it from the piece
//! (every walk by the one walk search, with its rules); every `legal if` is tried on a fresh copy
//! of the position with every effect of the move and the turn's `after`; the moves are sorted at
//! the end. None of the engine's speed layers is used: no compiled conditions, no filters split by
//! what they read, no cell tests, no walk tables or bit sets of ends, no lists trusted to come out
//! in order, no journaled trial copies that may leave `after` out, no reach tables or attacks
//! followed backwards, no search stopped at its first legal move.
//!
//! What the reference shares with the engine is what has one form only: expressions (`eval`),
//! effects (`play_action`), the walk search, and the turn machine, whose questions (is any action
//! legal? does an end rule hold?) the reference answers itself (`turns::Plain`). Inside `eval`,
//! `attacked` and `stuck` are the engine's; the differential test compares both with the
//! reference's at every position it checks, and the board index `eval` reads with one rebuilt
//! from the board.
//!
//! Modules: `moves` (the legal moves), `patterns` (where a piece can go by each pattern), `hops`
//! (chains of hops), `cell_sets` (sets of cells: regions, neighbours, groups, territories),
//! `attacks` (the cells a seat attacks, for `attacked`), `tracks` (moves along tracks, and the
//! turn's `prefer`), `sowing` (sowings), `turns` (the turn machine's answers, and
//! moves, rolls and setup played with them).

mod attacks;
mod cell_sets;
mod hops;
mod moves;
mod patterns;
mod sowing;
mod tracks;
mod turns;
