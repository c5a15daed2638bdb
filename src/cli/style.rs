//! How diagnostics are shown: their form (the global `--error-format long|short`) and whether
//! they are colored (the global `--color auto|always|never`; under `auto`, the default, the
//! conventions of terminals: no color when the stream is not a terminal, when `NO_COLOR` is set to
//! anything but the empty string (<https://no-color.org>), or when `TERM` is `dumb`).

use std::io::IsTerminal;
use std::sync::OnceLock;

use clap::ValueEnum;
use ludex::diagnostics::Colors;

/// The `--color` flag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Color on a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`
    #[default]
    Auto,
    /// Always color, even into a pipe or a file
    Always,
    /// Never color
    Never,
}

/// The `--error-format` flag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ErrorFormat {
    /// `FILE:LINE:COLUMN: SEVERITY[CODE]: MESSAGE`, then the source with the place underlined
    #[default]
    Long,
    /// `FILE:LINE:COLUMN: SEVERITY[CODE]: MESSAGE` only, one line a diagnostic
    Short,
}

static CHOICE: OnceLock<ColorChoice> = OnceLock::new();
static FORMAT: OnceLock<ErrorFormat> = OnceLock::new();

/// Sets the choices for the run (the first call wins).
pub fn set(choice: ColorChoice, format: ErrorFormat) {
    let _ = CHOICE.set(choice);
    let _ = FORMAT.set(format);
}

/// The form diagnostics are printed in.
pub fn error_format() -> ErrorFormat {
    FORMAT.get().copied().unwrap_or_default()
}

/// Whether to color what is written to `stream`.
pub fn colors(stream: &impl IsTerminal) -> Colors {
    let choice = CHOICE.get().copied().unwrap_or_default();
    let environment = Environment {
        no_color: std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty()),
        dumb_terminal: std::env::var_os("TERM").is_some_and(|term| term == "dumb"),
    };
    decide(choice, environment, stream.is_terminal())
}

/// What the environment says about color.
#[derive(Clone, Copy, Default)]
struct Environment {
    no_color: bool,
    dumb_terminal: bool,
}

fn decide(choice: ColorChoice, environment: Environment, terminal: bool) -> Colors {
    let colored = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && !environment.no_color && !environment.dumb_terminal,
    };
    if colored { Colors::Terminal } else { Colors::Plain }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_colors_a_terminal_unless_the_environment_says_no() {
        let plain = Environment::default();
        assert_eq!(decide(ColorChoice::Auto, plain, true), Colors::Terminal);
        assert_eq!(decide(ColorChoice::Auto, plain, false), Colors::Plain);
        let no_color = Environment { no_color: true, ..plain };
        assert_eq!(decide(ColorChoice::Auto, no_color, true), Colors::Plain);
        let dumb = Environment { dumb_terminal: true, ..plain };
        assert_eq!(decide(ColorChoice::Auto, dumb, true), Colors::Plain);
    }

    #[test]
    fn always_and_never_override_the_environment() {
        let no_color = Environment { no_color: true, dumb_terminal: true };
        assert_eq!(decide(ColorChoice::Always, no_color, false), Colors::Terminal);
        assert_eq!(decide(ColorChoice::Never, Environment::default(), true), Colors::Plain);
    }
}
