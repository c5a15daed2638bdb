//! The `ludex` command line: check, ir, play, run, replay, show, serve (and perft). It uses the library's public
//! API only; the commands live in `cli/`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
