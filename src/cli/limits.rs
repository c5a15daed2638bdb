//! The resource limits this run works under: the library's defaults, overridden by the global
//! `--limit NAME=VALUE` flags. They are set once, before any command runs, and read by whatever
//! reads input (files, rules, positions, records, perft depths).

use std::sync::OnceLock;

use ludex::diagnostics::{Limit, Limits};

static LIMITS: OnceLock<Limits> = OnceLock::new();

/// Parses one `--limit NAME=VALUE`, checking the name and the value's range.
pub fn parse_limit(text: &str) -> Result<(Limit, u64), String> {
    let mut limits = Limits::default();
    limits.apply(text)?;
    let name = text.split_once('=').map_or(text, |(name, _)| name).trim();
    let limit = Limit::named(name).ok_or_else(|| format!("there is no limit `{name}`"))?;
    Ok((limit, limits.get(limit)))
}

/// Sets the limits for the run (the first call wins).
pub fn set(overrides: &[(Limit, u64)]) -> Result<(), String> {
    let mut limits = Limits::default();
    for &(limit, value) in overrides {
        limits.set(limit, value)?;
    }
    let _ = LIMITS.set(limits);
    Ok(())
}

/// The limits in force.
pub fn limits() -> &'static Limits {
    LIMITS.get_or_init(Limits::default)
}

/// The limits and their defaults, for `--help`.
pub fn help() -> String {
    format!("Resource limits (--limit NAME=VALUE; see docs/security.md):\n{}", Limits::table())
}
