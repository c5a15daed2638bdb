//! `ludex perft`: a PLACEHOLDER until the runtime provides `ludex::runtime::perft`. The command and
//! its flags exist so scripts can be written against them; it fails with a clear message.
//!
//! TODO(lead): wire `ludex::runtime::perft` here (counts per depth; `--divide` per first move).

use std::path::PathBuf;

use clap::Args;

use super::{CliError, CliResult};

#[derive(Args)]
pub struct PerftArgs {
    /// The rules file
    file: PathBuf,
    /// How many plies deep to count
    #[arg(long)]
    depth: u32,
    /// Count separately under each first move
    #[arg(long)]
    divide: bool,
    /// Start from this position instead of the setup
    #[arg(long, value_name = "FILE")]
    position: Option<PathBuf>,
}

pub fn perft(args: &PerftArgs) -> CliResult {
    let _ = (&args.file, args.depth, args.divide, &args.position);
    Err(CliError::usage("perft is not available yet: the runtime does not provide it"))
}
