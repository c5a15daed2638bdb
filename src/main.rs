//! The `ludex` command line: check, ir, play, run, replay.

fn main() {}
