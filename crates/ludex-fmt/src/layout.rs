//! The layout table: how each grammar rule is laid out and what separates two neighbours.
//!
//! A rule not named here gets the default layout: its tokens and children in a row, one space
//! apart, a line break allowed after a comma, `=` and `:`, braces opening an indented block of one
//! clause a line. New grammar rules therefore come out tidy without a change here.

use ludex_syntax::Rule;

/// How a node is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    /// Tokens and children in a row; braces open a block.
    Row,
    /// Operators with their precedence: a long expression breaks before its loosest operators.
    Expression,
    /// `if C then A else B`: breaks before `then` and `else`; an `else if` chain a line a branch.
    Conditional,
    /// A map's grid: a line a row, the columns aligned.
    Grid,
}

/// The layout of a rule.
pub(crate) fn layout(rule: Rule) -> Layout {
    match rule {
        Rule::expr => Layout::Expression,
        Rule::if_expr => Layout::Conditional,
        Rule::grid => Layout::Grid,
        // Every other rule, including those the grammar gains later.
        _ => Layout::Row,
    }
}

/// How far the lines of a clause after its first are indented: further when the clause opens a
/// block, so that a broken header (`if a\n    and b {`) stands apart from the block's clauses.
pub(crate) fn continuation_indent(opens_block: bool) -> usize {
    if opens_block { 4 } else { 2 }
}

/// The indentation of a block's clauses, a grid's rows and a parenthesis's broken lines.
pub const INDENT: usize = 2;

/// What goes between two neighbours in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Separator {
    /// Nothing: `f(x)`, `a, b`, `piece.type`, `n+e`, `-1`.
    Tight,
    /// One space.
    Space,
    /// A space, or a line break when what follows, up to its own first break, does not fit: after
    /// a comma, so that lists fill their lines.
    Fill,
    /// A space, or a line break when the whole of what follows does not fit: after `=` (a long
    /// definition starts on a line of its own) and after the `:` of an end rule.
    Whole,
    /// A line break: the clause starts a line of its own (the `where` of a `play`).
    OwnLine,
}

/// One side of a separator: the token that touches it, and the rule of the child node it ends or
/// starts, if that neighbour is a node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Side<'t> {
    pub text: &'t str,
    /// The rule the touching token is a whole leaf of (`neg_op`).
    pub token_rule: Option<Rule>,
    pub node: Option<Rule>,
}

/// What separates `before` and `after`, two neighbours in a node of rule `parent`.
pub(crate) fn separator(parent: Rule, before: Side<'_>, after: Side<'_>) -> Separator {
    if after.node.is_some_and(|child| starts_own_line(parent, child)) {
        Separator::OwnLine
    } else if matches!(after.text, "," | ")" | ":" | ".")
        || matches!(before.text, "(" | ".")
        || after.text == "(" && opens_arguments(parent, after.node)
        || parent == Rule::leap_path && (before.text == "+" || after.text == "+")
        || parent == Rule::join_path && (before.text == "-" || after.text == "-")
        || before.token_rule == Some(Rule::neg_op)
    {
        Separator::Tight
    } else if before.text == "," {
        Separator::Fill
    } else if matches!(before.text, "=" | ":") && after.node.is_some() {
        Separator::Whole
    } else {
        Separator::Space
    }
}

/// Whether a `(` holds arguments or parameters, written against the name before it: `f(x)`.
fn opens_arguments(parent: Rule, child: Option<Rule>) -> bool {
    matches!(parent, Rule::call | Rule::place_expr) || child == Some(Rule::params)
}

/// Sub-clauses that start a line of their own, indented under their clause.
fn starts_own_line(parent: Rule, child: Rule) -> bool {
    matches!((parent, child), (Rule::play_clause | Rule::otherwise_clause, Rule::where_clause))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(text: &str) -> Side<'_> {
        Side { text, token_rule: None, node: None }
    }

    #[test]
    fn signs_attach_and_lists_fill() {
        assert_eq!(separator(Rule::call, token("f"), token("(")), Separator::Tight);
        assert_eq!(separator(Rule::paren_expr, token("("), token("x")), Separator::Tight);
        assert_eq!(separator(Rule::expr, token("not"), token("(")), Separator::Space);
        assert_eq!(separator(Rule::leap_path, token("n"), token("+")), Separator::Tight);
        assert_eq!(separator(Rule::join_path, token("a1"), token("-")), Separator::Tight);
        assert_eq!(separator(Rule::region, token("a"), token("+")), Separator::Space);
        assert_eq!(separator(Rule::ident_list, token(","), token("b")), Separator::Fill);
        let body = Side { text: "x", token_rule: Some(Rule::ident), node: Some(Rule::expr) };
        assert_eq!(separator(Rule::define_decl, token("="), body), Separator::Whole);
        assert_eq!(separator(Rule::option_decl, token("="), token("3")), Separator::Space);
        let outcome = Side { text: "win", token_rule: None, node: Some(Rule::win_outcome) };
        assert_eq!(separator(Rule::end_rule, token(":"), outcome), Separator::Whole);
    }

    #[test]
    fn the_where_of_a_play_starts_its_own_line() {
        let clause = Side { text: "where", token_rule: None, node: Some(Rule::where_clause) };
        assert_eq!(separator(Rule::play_clause, token("b"), clause), Separator::OwnLine);
        assert_eq!(separator(Rule::for_each_effect, token("b"), clause), Separator::Space);
    }
}
