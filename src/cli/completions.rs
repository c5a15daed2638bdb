//! `ludex completions SHELL` (a shell's completion script, by clap_complete) and `ludex man` (the
//! manual page in roff, by clap_mangen), both generated from the command line's definition so
//! they cannot fall behind it.

use std::io::{self, Write};

use clap::Args;
use clap_complete::Shell;

use super::CliResult;

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to complete for
    shell: Shell,
}

pub fn completions(args: &CompletionsArgs, mut command: clap::Command) -> CliResult {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "ludex", &mut script);
    io::stdout().lock().write_all(&script)?;
    Ok(())
}

pub fn man(command: clap::Command) -> CliResult {
    let mut page = Vec::new();
    clap_mangen::Man::new(command).render(&mut page)?;
    io::stdout().lock().write_all(&page)?;
    Ok(())
}
