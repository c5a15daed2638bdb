//! Compiling a rules file as the `ludex` command does: the checker (`ludex_check`), then the
//! checks of the whole game that need the runtime (`ludex_verify`), which the checker cannot
//! depend on (the runtime's tests compile rules with it).

use ludex_check::{Compiled, OptionValues};
use ludex_diagnostics::Limits;
pub use ludex_verify::check_game;

/// Parses, checks and lowers a rules file with the given option values (defaults for the rest),
/// under the default limits, then asks the engine whether the game can begin ([`check_game`]).
pub fn compile(text: &str, options: &OptionValues) -> Compiled {
    compile_with_limits(text, options, &Limits::default())
}

/// [`compile`] under the given limits: a text longer than `source-bytes` is refused unread.
pub fn compile_with_limits(text: &str, options: &OptionValues, limits: &Limits) -> Compiled {
    ludex_check::compile_with_limits(text, options, limits).checked_by(text, check_game)
}
