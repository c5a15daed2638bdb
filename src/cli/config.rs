//! Match files (`--config match.toml`) for `run` and `play`: the rules file, option values, the agent
//! of each seat, the number of games and the seed. Command-line flags override them; unknown keys
//! are an error.
//!
//! ```toml
//! rules = "rules/game.rules"   # relative to the working directory, else to this file
//! games = 100                        # run only
//! seed = 7
//! [options]
//! players = 4
//! [seats]
//! white = "random"                   # a seat by name or number ("2" = "random")
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::input::{QUOTED_CHARS, read_text, resolve, shown_path};
use super::{CliError, CliResult};
use ludex::diagnostics::quote;
use ludex::ir::Number;

#[derive(Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MatchConfig {
    pub rules: Option<PathBuf>,
    #[serde(default)]
    pub options: BTreeMap<String, Number>,
    #[serde(default)]
    pub seats: BTreeMap<String, String>,
    pub games: Option<u64>,
    pub seed: Option<u64>,
}

impl MatchConfig {
    /// Reads a match file; its `rules` path is resolved from the working directory, then from the
    /// match file's directory.
    pub fn load(path: &Path) -> CliResult<MatchConfig> {
        let mut config = MatchConfig::parse(&read_text(path)?)
            .map_err(|error| CliError::usage(format!("in `{}`: {error}", shown_path(path))))?;
        config.rules = config.rules.map(|rules| resolve(&rules, path.parent()));
        Ok(config)
    }

    fn parse(text: &str) -> Result<MatchConfig, String> {
        // Each line of the message cut, so that a very long line of the file is not echoed whole.
        toml::from_str(text).map_err(|error| {
            let lines: Vec<String> =
                error.to_string().trim_end().lines().map(|l| quote(l, QUOTED_CHARS)).collect();
            lines.join("\n")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_read() {
        let config = MatchConfig::parse(
            "rules = \"a.rules\"\ngames = 10\nseed = 3\n[options]\nplayers = 4\nkomi = \"5.5\"\n[seats]\n1 = \"human\"\nblack = \"random\"\n",
        )
        .unwrap();
        assert_eq!(config.rules, Some(PathBuf::from("a.rules")));
        assert_eq!((config.games, config.seed), (Some(10), Some(3)));
        assert_eq!(config.options.get("players"), Some(&Number::Int(4)));
        assert_eq!(config.options.get("komi").map(Number::to_string).as_deref(), Some("5.5"));
        assert_eq!(config.seats.get("1").map(String::as_str), Some("human"));
        assert_eq!(config.seats.get("black").map(String::as_str), Some("random"));
        assert_eq!(MatchConfig::parse(""), Ok(MatchConfig::default()));
    }

    #[test]
    fn unknown_keys_and_wrong_types_are_errors() {
        let error = MatchConfig::parse("gamez = 3").unwrap_err();
        assert!(error.contains("gamez"), "{error}");
        assert!(MatchConfig::parse("[options]\nplayers = \"four\"").is_err());
        assert!(MatchConfig::parse("games = -1").is_err());
        assert!(MatchConfig::parse("[seats]\nwhite = 1").is_err());
    }
}
