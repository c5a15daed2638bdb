//! The formatter's view of a parsed file: pest's parse tree with every token of the text placed in
//! it, and the comments and blank lines around each token.
//!
//! Pest keeps the grammar's literal words and signs (`action`, `{`, `=`) out of the tree, so they
//! are read back from the text between a node's children, where only literals, whitespace and
//! comments can be. A comment that ends the line of a token trails that token; any other comment
//! stands on its own line before the next token.

use ludex_syntax::Rule;
use pest::iterators::Pair;

/// A comment on a line of its own.
#[derive(Debug)]
pub(crate) struct Comment<'t> {
    /// The comment from its `#`, without trailing whitespace.
    pub text: &'t str,
    /// Whether an empty line comes just before it.
    pub blank_before: bool,
}

/// A word, number, string or sign of the text.
#[derive(Debug)]
pub(crate) struct Token<'t> {
    pub text: &'t str,
    /// The grammar rule that is exactly this token (`ident`, `int`, `and_op`); none for a literal
    /// word or sign of a larger rule (`action`, `{`).
    pub rule: Option<Rule>,
    /// The comments on lines of their own before the token.
    pub comments: Vec<Comment<'t>>,
    /// Whether an empty line comes just before the token (after its comments).
    pub blank_before: bool,
    /// The comment that ends the token's line.
    pub trailing: Option<&'t str>,
}

/// A child of a node: a node of its own or a token (an index into [`Tree::tokens`]).
#[derive(Debug)]
pub(crate) enum Element {
    Node(Node),
    Token(usize),
}

/// A grammar rule's match, with its children in the order of the text.
#[derive(Debug)]
pub(crate) struct Node {
    pub rule: Rule,
    pub children: Vec<Element>,
}

/// A whole file: its tree, and its tokens in order. The last token is an empty one at the end of
/// the file, which carries the comments after the last item.
pub(crate) struct Tree<'t> {
    pub root: Node,
    pub tokens: Vec<Token<'t>>,
}

impl Element {
    /// The first token of the element, if it has any.
    pub fn first_token(&self) -> Option<usize> {
        match self {
            Element::Token(index) => Some(*index),
            Element::Node(node) => node.children.iter().find_map(Element::first_token),
        }
    }

    /// The last token of the element, if it has any.
    pub fn last_token(&self) -> Option<usize> {
        match self {
            Element::Token(index) => Some(*index),
            Element::Node(node) => node.children.iter().rev().find_map(Element::last_token),
        }
    }

    pub fn node(&self) -> Option<&Node> {
        match self {
            Element::Node(node) => Some(node),
            Element::Token(_) => None,
        }
    }

    pub fn token(&self) -> Option<usize> {
        match self {
            Element::Token(index) => Some(*index),
            Element::Node(_) => None,
        }
    }
}

impl Node {
    /// The only child, when the node has exactly one.
    pub fn only_child(&self) -> Option<&Element> {
        match self.children.as_slice() {
            [only] => Some(only),
            _ => None,
        }
    }
}

/// Builds the tree of a file from its parse (the `file` pair).
pub(crate) fn build<'t>(text: &'t str, file: Pair<'t, Rule>) -> Tree<'t> {
    let mut builder = Builder { text, tokens: Vec::new(), comments: Vec::new(), newlines: 0 };
    let root = builder.node(file);
    builder.push_token("", Some(Rule::EOI));
    Tree { root, tokens: builder.tokens }
}

/// The tokens read so far and the comments and line breaks waiting for the next token.
struct Builder<'t> {
    text: &'t str,
    tokens: Vec<Token<'t>>,
    comments: Vec<Comment<'t>>,
    /// Line breaks since the last token or comment.
    newlines: usize,
}

impl<'t> Builder<'t> {
    fn node(&mut self, pair: Pair<'t, Rule>) -> Node {
        let rule = pair.as_rule();
        let span = pair.as_span();
        let mut children = Vec::new();
        let mut at = span.start();
        for child in pair.into_inner() {
            let child_span = child.as_span();
            self.gap(self.text.get(at..child_span.start()).unwrap_or(""), &mut children);
            self.child(child, &mut children);
            at = child_span.end().max(at);
        }
        self.gap(self.text.get(at..span.end()).unwrap_or(""), &mut children);
        Node { rule, children }
    }

    fn child(&mut self, pair: Pair<'t, Rule>, children: &mut Vec<Element>) {
        let rule = pair.as_rule();
        let text = pair.as_str();
        if pair.clone().into_inner().peek().is_some() {
            children.push(Element::Node(self.node(pair)));
        } else if is_one_token(rule, text) {
            children.push(Element::Token(self.push_token(text, Some(rule))));
        } else if !text.is_empty() {
            // A leaf of several literals (`each seat`), or one followed by the whitespace pest
            // skipped before an absent optional part.
            let mut inner = Vec::new();
            self.gap(text, &mut inner);
            children.push(Element::Node(Node { rule, children: inner }));
        }
    }

    /// Reads the text between two children: literals, whitespace and comments.
    fn gap(&mut self, text: &'t str, children: &mut Vec<Element>) {
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            let len = match c {
                '\n' => {
                    self.newlines += 1;
                    1
                }
                '#' => {
                    let end = rest.find('\n').unwrap_or(rest.len());
                    self.comment(rest[..end].trim_end());
                    end
                }
                _ if c.is_whitespace() => c.len_utf8(),
                _ => {
                    let len = token_len(rest);
                    children.push(Element::Token(self.push_token(&rest[..len], None)));
                    len
                }
            };
            rest = &rest[len..];
        }
    }

    fn comment(&mut self, text: &'t str) {
        let trails = match self.tokens.last_mut() {
            Some(last) if self.newlines == 0 && self.comments.is_empty() && last.trailing.is_none() => {
                last.trailing = Some(text);
                true
            }
            _ => false,
        };
        if !trails {
            self.comments.push(Comment { text, blank_before: self.newlines >= 2 });
        }
        self.newlines = 0;
    }

    fn push_token(&mut self, text: &'t str, rule: Option<Rule>) -> usize {
        self.tokens.push(Token {
            text,
            rule,
            comments: std::mem::take(&mut self.comments),
            blank_before: self.newlines >= 2,
            trailing: None,
        });
        self.newlines = 0;
        self.tokens.len() - 1
    }
}

/// Whether a leaf of the tree is a single token: a string, a grid value (`-1`, which elsewhere
/// would be a sign and a number), or text that reads as one token.
fn is_one_token(rule: Rule, text: &str) -> bool {
    !text.is_empty() && (text.starts_with('"') || rule == Rule::grid_value || token_len(text) == text.len())
}

/// The length of the literal that starts `text`: a word, a string, a two-character comparison or
/// one character.
fn token_len(text: &str) -> usize {
    let word = text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(text.len());
    if word > 0 {
        return word;
    }
    if let Some(body) = text.strip_prefix('"') {
        let end = body.find(['"', '\n']).map_or(body.len(), |i| i + usize::from(body[i..].starts_with('"')));
        return 1 + end;
    }
    if ["==", "!=", "<=", ">="].iter().any(|op| text.starts_with(op)) {
        return 2;
    }
    text.chars().next().map_or(text.len(), char::len_utf8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludex_syntax::LudexParser;
    use pest::Parser;

    fn tree(text: &str) -> Tree<'_> {
        let file = LudexParser::parse(Rule::file, text).expect("parses").next().expect("a file");
        build(text, file)
    }

    fn texts<'t>(tree: &Tree<'t>) -> Vec<&'t str> {
        tree.tokens.iter().map(|t| t.text).collect()
    }

    #[test]
    fn literals_are_read_back_between_the_children() {
        let tree = tree("zone home of each seat = rows 1 to 2\nvariable x: cell = none");
        assert_eq!(
            texts(&tree),
            [
                "zone", "home", "of", "each", "seat", "=", "rows", "1", "to", "2", "variable", "x", ":",
                "cell", "=", "none", ""
            ]
        );
        assert_eq!(tree.tokens[1].rule, Some(Rule::ident));
        assert_eq!(tree.tokens[0].rule, None);
    }

    #[test]
    fn comments_trail_a_token_or_stand_before_the_next() {
        let tree = tree("# top\n\nseat a # after a\n  # own line\n\n\nseat b\n# at the end  \n");
        let tokens = &tree.tokens;
        assert_eq!(tokens[0].comments.len(), 1);
        assert_eq!(tokens[0].comments[0].text, "# top");
        assert!(tokens[0].blank_before);
        assert_eq!(tokens[1].trailing, Some("# after a"));
        assert_eq!(tokens[2].comments[0].text, "# own line");
        assert!(!tokens[2].comments[0].blank_before);
        assert!(tokens[2].blank_before);
        let end = tokens.last().expect("the end");
        assert_eq!((end.text, end.comments[0].text), ("", "# at the end"));
    }

    #[test]
    fn strings_grid_values_and_comparisons_stay_whole() {
        let tree = tree("game \"A # b\"\nmap m {\n  -1 . 2\n}\ndefine d = 1 <= 2\naction a { then {} }");
        let texts = texts(&tree);
        assert!(texts.contains(&"\"A # b\"") && texts.contains(&"-1") && texts.contains(&"<="), "{texts:?}");
        assert!(texts.ends_with(&["then", "{", "}", "}", ""]), "an empty block is two tokens: {texts:?}");
        assert!(tree.tokens.iter().all(|t| t.comments.is_empty() && t.trailing.is_none()));
    }
}
