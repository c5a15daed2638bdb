//! Resource limits: how much an input (a rules file, a position, a record, a command-line argument)
//! may make ludex read, hold, compute or print. Every stage reads its limits from one [`Limits`]
//! value; the defaults are far above every real game, and a front end may override each by name
//! (`ludex --limit cells=10000`). Exceeding a limit is a diagnostic or an error that names the
//! limit ([`Limit::name`]) and where, never a crash, a hang or an echo of the whole input.
//!
//! Some bounds are fixed by the representation rather than chosen, and so are not here: 16 seats,
//! 64 piece types, 8 attribute names, a hexagonal board 12 cells a side. A limit may be lowered freely, and raised up to its ceiling ([`Limit::ceiling`]), where
//! the representation sets one (no board has more than [`MAX_CELLS`] cells: a cell is a 16-bit
//! number, the last one meaning no cell).

use std::fmt;

use serde::{Deserialize, Serialize};

/// The most cells a board can have at all: a cell is a 16-bit number, and the last one
/// (`ludex_ir::NO_CELL`) means no cell.
pub const MAX_CELLS: usize = u16::MAX as usize;

macro_rules! limits {
    ($(
        $(#[doc = $doc:literal])*
        $field:ident: $ty:ty = $default:expr, $variant:ident, $name:literal, ceiling $ceiling:expr;
    )*) => {
        /// The resource limits in force, one field a limit (see the module documentation).
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(default)]
        pub struct Limits {
            $(
                $(#[doc = $doc])*
                pub $field: $ty,
            )*
        }

        impl Default for Limits {
            fn default() -> Limits {
                Limits { $($field: $default,)* }
            }
        }

        /// One of the limits, by name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Limit {
            $(
                $(#[doc = $doc])*
                $variant,
            )*
        }

        impl Limit {
            /// Every limit, in the order of [`Limits`]' fields.
            pub const ALL: &[Limit] = &[$(Limit::$variant),*];

            /// The name a front end gives it (`--limit NAME=VALUE`).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Limit::$variant => $name,)*
                }
            }

            /// What it bounds, in one sentence.
            pub fn description(self) -> &'static str {
                match self {
                    $(Limit::$variant => concat!($($doc),*).trim_start(),)*
                }
            }

            /// The highest value it may be set to: beyond it the representation or the stack would
            /// not hold.
            pub const fn ceiling(self) -> u64 {
                match self {
                    $(Limit::$variant => $ceiling,)*
                }
            }
        }

        impl Limits {
            /// The value of a limit.
            pub fn get(&self, limit: Limit) -> u64 {
                match limit {
                    $(Limit::$variant => self.$field as u64,)*
                }
            }

            /// Sets a limit, refusing a value above its ceiling (or 0, which would refuse everything).
            pub fn set(&mut self, limit: Limit, value: u64) -> Result<(), String> {
                if value == 0 || value > limit.ceiling() {
                    return Err(format!(
                        "the limit `{}` must be from 1 to {}, not {value}",
                        limit.name(),
                        limit.ceiling()
                    ));
                }
                match limit {
                    $(Limit::$variant => {
                        self.$field = <$ty>::try_from(value).map_err(|_| format!("`{}` is too large", limit.name()))?;
                    })*
                }
                Ok(())
            }
        }
    };
}

limits! {
    /// The largest rules file, position file or match file read, in bytes.
    max_source_bytes: u64 = 1 << 20, SourceBytes, "source-bytes", ceiling 1 << 30;
    /// The most diagnostics shown for one file; the rest are counted ("… and 12 more").
    max_diagnostics: usize = 200, Diagnostics, "diagnostics", ceiling u32::MAX as u64;
    /// The most cells a board may have.
    max_cells: usize = MAX_CELLS, Cells, "cells", ceiling MAX_CELLS as u64;
    /// The most pieces a position may hold in all: on the board, in reserves and in prize piles.
    max_pieces: usize = 1 << 18, Pieces, "pieces", ceiling 1 << 24;
    /// The most pieces all the reserves together may hold.
    max_reserve: usize = 1 << 16, Reserve, "reserve", ceiling 1 << 24;
    /// The most pieces all the prize piles together may hold.
    max_prizes: usize = 1 << 16, Prizes, "prizes", ceiling 1 << 24;
    /// The most rolls a position may leave pending.
    max_rolls: usize = 1024, Rolls, "rolls", ceiling 1 << 20;
    /// The deepest an expression may be nested once definitions are inlined (each operator, call or
    /// parenthesis is a level); the runtime's evaluation nests as deep.
    max_expression_depth: usize = 320, ExpressionDepth, "expression-depth", ceiling 320;
    /// The most evaluation steps one generation of the legal moves may take in the worst case, as
    /// the checker bounds it (a count or sum over the board multiplies the steps of what it
    /// counts).
    max_evaluation_steps: u64 = 1 << 40, EvaluationSteps, "evaluation-steps", ceiling u64::MAX;
    /// The most actions one turn may hold, whatever the rules say.
    max_actions_per_turn: u32 = 64, ActionsPerTurn, "actions-per-turn", ceiling u16::MAX as u64;
    /// The most plies (moves; rolls do not count) a game may last: one that reaches it ends, a draw
    /// (or ranked by the score when the rules give one), "move limit".
    max_plies: u32 = 2000, Plies, "plies", ceiling u32::MAX as u64;
    /// The deepest `perft` counts.
    max_perft_depth: u32 = 20, PerftDepth, "perft-depth", ceiling 64;
    /// The longest game record (one line of a record file) read, in bytes.
    max_record_bytes: u64 = 64 << 20, RecordBytes, "record-bytes", ceiling 1 << 32;
}

impl Limit {
    /// The limit called `name`.
    pub fn named(name: &str) -> Option<Limit> {
        Limit::ALL.iter().copied().find(|limit| limit.name() == name)
    }

    /// How to raise it, for the help of a diagnostic: "raise it with `--limit cells=N`".
    pub fn how_to_raise(self) -> String {
        format!("if the input is trusted, raise the limit with `--limit {}=N`", self.name())
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Limits {
    /// Parses and applies `NAME=VALUE` (as the command line gives it).
    pub fn apply(&mut self, assignment: &str) -> Result<(), String> {
        let (name, value) = assignment
            .split_once('=')
            .ok_or_else(|| format!("expected NAME=VALUE, got `{}`", quote(assignment, 40)))?;
        let name = name.trim();
        let limit = Limit::named(name).ok_or_else(|| {
            let names: Vec<&str> = Limit::ALL.iter().map(|l| l.name()).collect();
            format!("there is no limit `{}` (the limits: {})", quote(name, 40), names.join(", "))
        })?;
        let value = value.trim().replace('_', "");
        let value = value.parse::<u64>().map_err(|_| {
            format!("the value of limit `{name}` must be a whole number, got `{}`", quote(&value, 40))
        })?;
        self.set(limit, value)
    }

    /// `… and 19,950 more (the limit `diagnostics` shows 200; …)`, when `count` diagnostics are more
    /// than the `diagnostics` limit shows.
    pub fn not_shown(&self, count: usize) -> Option<String> {
        let hidden = count.checked_sub(self.max_diagnostics).filter(|&hidden| hidden > 0)?;
        Some(format!(
            "… and {} more (the limit `{}` shows {}; {})",
            thousands(hidden),
            Limit::Diagnostics,
            self.max_diagnostics,
            Limit::Diagnostics.how_to_raise()
        ))
    }

    /// The limits as a table for `--help` and the documentation: name, default, what it bounds.
    pub fn table() -> String {
        let defaults = Limits::default();
        let mut out = String::new();
        for &limit in Limit::ALL {
            let line = format!("{:<18} {:>12}  {}\n", limit.name(), defaults.get(limit), limit.description());
            out.push_str(&line);
        }
        out
    }
}

/// `19950` as `19,950`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len().saturating_add(digits.len() / 3));
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && digits.len().saturating_sub(i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// At most `max` characters of `text`, with `…` when it was cut: for quoting input in a message
/// without echoing all of it.
pub fn quote(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_limit_is_named_once_and_set_by_name() {
        let mut limits = Limits::default();
        for &limit in Limit::ALL {
            assert_eq!(Limit::named(limit.name()), Some(limit));
            assert!(limits.get(limit) <= limit.ceiling(), "{limit}");
            assert!(!limit.description().is_empty());
        }
        limits.apply("cells=1_000").unwrap();
        assert_eq!(limits.max_cells, 1000);
        limits.apply(" plies = 5 ").unwrap();
        assert_eq!(limits.max_plies, 5);
    }

    #[test]
    fn bad_assignments_are_refused_with_reasons() {
        let mut limits = Limits::default();
        let error = |text: &str| Limits::default().apply(text).unwrap_err();
        assert!(error("cells").contains("NAME=VALUE"));
        assert!(error("cell=4").contains("there is no limit `cell`"));
        assert!(error("cells=-1").contains("whole number"));
        assert!(error("cells=0").contains("from 1 to 65535"));
        assert!(error("expression-depth=321").contains("from 1 to 320"));
        assert!(error(&format!("{}=1", "x".repeat(5000))).len() < 400);
        assert_eq!(limits.apply("perft-depth=64"), Ok(()));
    }

    #[test]
    fn counts_are_written_with_thousands() {
        assert_eq!(thousands(19_950), "19,950");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }

    #[test]
    fn diagnostics_past_the_limit_are_counted() {
        let limits = Limits { max_diagnostics: 3, ..Limits::default() };
        assert_eq!(limits.not_shown(3), None);
        let note = limits.not_shown(1_003).unwrap();
        assert!(note.starts_with("… and 1,000 more (the limit `diagnostics` shows 3;"), "{note}");
    }

    #[test]
    fn quotes_are_cut_at_a_character_boundary() {
        assert_eq!(quote("abcdef", 3), "abc…");
        assert_eq!(quote("ééé", 2), "éé…");
        assert_eq!(quote("ab", 2), "ab");
    }
}
