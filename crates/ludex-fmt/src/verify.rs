//! The formatter's safety net: the text it lays out must read back as the same file — the same
//! parse tree, the same tokens, the same comments in the same places — or it is not used.

use ludex_syntax::{LudexParser, Rule};
use pest::Parser;

use crate::tree::{self, Element, Node, Tree};

/// A step of a walk through a tree, blank lines left out.
#[derive(Debug, PartialEq, Eq)]
enum Step<'t> {
    Enter(Rule),
    Leave,
    Token(&'t str),
    OwnLineComment(&'t str),
    TrailingComment(&'t str),
}

/// Whether `formatted` parses into the same tree as `original`, with the same tokens and comments.
pub(crate) fn reads_back(original: &Tree<'_>, formatted: &str) -> bool {
    let Some(file) = LudexParser::parse(Rule::file, formatted).ok().and_then(|mut pairs| pairs.next()) else {
        return false;
    };
    let again = tree::build(formatted, file);
    walk(original) == walk(&again)
}

fn walk<'t>(tree: &Tree<'t>) -> Vec<Step<'t>> {
    let mut steps = Vec::new();
    walk_node(tree, &tree.root, &mut steps);
    if let Some(end) = tree.tokens.last() {
        steps.extend(end.comments.iter().map(|comment| Step::OwnLineComment(comment.text)));
    }
    steps
}

fn walk_node<'t>(tree: &Tree<'t>, node: &Node, steps: &mut Vec<Step<'t>>) {
    steps.push(Step::Enter(node.rule));
    for child in &node.children {
        match child {
            Element::Node(child) => walk_node(tree, child, steps),
            Element::Token(index) => {
                let Some(token) = tree.tokens.get(*index) else { continue };
                steps.extend(token.comments.iter().map(|comment| Step::OwnLineComment(comment.text)));
                steps.push(Step::Token(token.text));
                steps.extend(token.trailing.map(Step::TrailingComment));
            }
        }
    }
    steps.push(Step::Leave);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree_of(text: &str) -> Tree<'_> {
        let file = LudexParser::parse(Rule::file, text).expect("parses").next().expect("a file");
        tree::build(text, file)
    }

    #[test]
    fn only_the_same_file_laid_out_differently_reads_back() {
        let text = "map m {\n  1 2 # a\n  3 4\n}\ndefine d = a + b # c\n";
        let tree = tree_of(text);
        assert!(reads_back(&tree, text));
        assert!(reads_back(&tree, "map m {\n1   2 # a\n\n 3 4 }\ndefine d =\n a+b # c"));
        assert!(!reads_back(&tree, &text.replace("a + b", "a - b")), "a token changed");
        assert!(!reads_back(&tree, &text.replace("2 # a\n  3", "2 3 # a\n")), "rows joined");
        assert!(!reads_back(&tree, &text.replace("# c", "# d")), "a comment changed");
        assert!(!reads_back(&tree, &text.replace("b # c", "b\n# c")), "a comment moved");
        assert!(!reads_back(&tree, "map m {"), "it does not parse");
    }
}
