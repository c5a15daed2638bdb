//! From the tree to a document: items and a block's clauses a line each, with the comments and
//! blank lines between them; a clause's tokens in a row, its later lines indented; blocks; and
//! each token with its comments. Expressions, conditionals and grids have their own modules.

use ludex_syntax::Rule;

use crate::doc::Doc;
use crate::layout::{self, INDENT, Layout, Separator, Side};
use crate::tree::{Element, Node, Token, Tree};

/// Builds the document of a tree, laying out each token's comments once.
pub(crate) struct Printer<'a, 't> {
    pub tree: &'a Tree<'t>,
    /// Whether each token's own-line comments are laid out already.
    comments_done: Vec<bool>,
}

impl<'a, 't> Printer<'a, 't> {
    /// The document of a whole file.
    pub fn file(tree: &'a Tree<'t>) -> Doc<'t> {
        let mut printer = Printer { tree, comments_done: vec![false; tree.tokens.len()] };
        let end = tree.tokens.len().saturating_sub(1);
        printer.clauses(tree.root.rule, &tree.root.children, end)
    }

    pub fn text(&self, token: usize) -> &'t str {
        self.tree.tokens.get(token).map_or("", |t| t.text)
    }

    /// A token with its comments: those on lines of their own before it, and the one after it.
    pub fn token(&mut self, index: usize) -> Doc<'t> {
        let Some(token) = self.tree.tokens.get(index) else { return Doc::Concat(Vec::new()) };
        let mut parts = Vec::new();
        if !std::mem::replace(&mut self.comments_done[index], true) {
            parts.extend(token.comments.iter().map(|comment| Doc::OwnLineComment(comment.text)));
        }
        parts.push(Doc::Text(token.text));
        parts.extend(token.trailing.map(Doc::TrailingComment));
        Doc::Concat(parts)
    }

    /// The document of a child.
    pub fn element(&mut self, element: &Element) -> Doc<'t> {
        match element {
            Element::Token(index) => self.token(*index),
            Element::Node(node) => self.node(node),
        }
    }

    /// The document of a node, by its rule's layout.
    pub fn node(&mut self, node: &Node) -> Doc<'t> {
        match layout::layout(node.rule) {
            Layout::Row => self.row(node.rule, &node.children, 0),
            Layout::Expression => self.expression(node),
            Layout::Conditional => self.conditional(node),
            Layout::Grid => self.grid(node),
        }
    }

    /// Lines a clause each (items, or a block's clauses), then the comments before `close`, the
    /// token that ends them (`}`, or the end of the file). The first line keeps no empty line
    /// before it; the others keep one where the text had one or more.
    pub fn clauses(&mut self, rule: Rule, elements: &[Element], close: usize) -> Doc<'t> {
        self.lines(elements, close, |printer, clause| match clause {
            [Element::Node(node)] => printer.clause(node),
            _ => printer.row(rule, clause, layout::continuation_indent(false)),
        })
    }

    /// Lines a clause each, each laid out by `line`, then the comments before `close`; empty
    /// lines kept as [`Printer::clauses`] keeps them.
    pub fn lines(
        &mut self,
        elements: &[Element],
        close: usize,
        mut line: impl FnMut(&mut Self, &[Element]) -> Doc<'t>,
    ) -> Doc<'t> {
        let mut parts = Vec::new();
        let mut first = true;
        for clause in split_clauses(&self.tree.tokens, elements) {
            let Some(head) = clause.first().and_then(Element::first_token) else { continue };
            self.comment_lines(head, &mut first, &mut parts);
            let blank = self.tree.tokens.get(head).is_some_and(|t| t.blank_before);
            parts.push(line_break(blank && !first));
            first = false;
            parts.push(line(self, clause));
        }
        self.comment_lines(close, &mut first, &mut parts);
        Doc::Concat(parts)
    }

    /// The comments on lines of their own before a token, laid out as lines between clauses.
    fn comment_lines(&mut self, token: usize, first: &mut bool, parts: &mut Vec<Doc<'t>>) {
        let Some(done) = self.comments_done.get_mut(token) else { return };
        if std::mem::replace(done, true) {
            return;
        }
        for comment in &self.tree.tokens[token].comments {
            parts.push(line_break(comment.blank_before && !*first));
            parts.push(Doc::OwnLineComment(comment.text));
            *first = false;
        }
    }

    /// A node that starts a line: its lines after the first are indented.
    pub fn clause(&mut self, node: &Node) -> Doc<'t> {
        match layout::layout(node.rule) {
            Layout::Row => {
                let opens_block =
                    node.children.iter().any(|child| self.is_block(child) || self.is_open_brace(child));
                self.row(node.rule, &node.children, layout::continuation_indent(opens_block))
            }
            Layout::Expression | Layout::Conditional | Layout::Grid => self.node(node),
        }
    }

    /// Tokens and children in a row, separated as the layout table says, the line breaks of the row
    /// indented by `indent` and those inside a parenthesis further. A `{` opens a block.
    pub fn row(&mut self, rule: Rule, elements: &[Element], indent: usize) -> Doc<'t> {
        let mut row = Row { parts: Vec::new(), runs: vec![Vec::new()], indent };
        let mut previous: Option<&Element> = None;
        let mut at = 0;
        while let Some(element) = elements.get(at) {
            let block = if self.is_open_brace(element) {
                let close = self.matching_brace(elements, at);
                let inner = elements.get(at + 1..close).unwrap_or(&[]);
                Some((self.block(rule, element, inner, elements.get(close)), close))
            } else if self.is_block(element) {
                Some((self.element(element), at))
            } else {
                None
            };
            if let Some((block, last)) = block {
                // A block stands at the row's own indentation, after a space.
                row.finish_run();
                if previous.is_some() {
                    row.parts.push(Doc::Space);
                }
                row.parts.push(block);
                previous = elements.get(last).or(Some(element));
                at = last + 1;
                continue;
            }
            let separator = previous
                .map(|before| layout::separator(rule, self.end_side(before), self.start_side(element)));
            let closes = element.token().is_some_and(|t| self.text(t) == ")");
            if closes {
                row.close_parenthesis();
            }
            let doc = match (separator, element) {
                (Some(Separator::OwnLine), Element::Node(node)) => self.clause(node),
                _ => self.element(element),
            };
            row.push(separator, doc);
            if element.token().is_some_and(|t| self.text(t) == "(") {
                row.runs.push(Vec::new());
            }
            previous = Some(element);
            at += 1;
        }
        row.finish_run();
        Doc::Concat(row.parts)
    }

    /// `{`, the clauses inside a line each and indented, and `}` on a line of its own; `{}` when
    /// there is nothing inside.
    fn block(&mut self, rule: Rule, open: &Element, inner: &[Element], close: Option<&Element>) -> Doc<'t> {
        let open = self.element(open);
        let Some(close) = close.and_then(Element::token) else {
            // Not closed: the grammar does not allow it, but nothing is lost.
            let body = self.row(rule, inner, INDENT);
            return Doc::Concat(vec![open, Doc::Space, body]);
        };
        let empty = inner.is_empty() && self.tree.tokens.get(close).is_none_or(|t| t.comments.is_empty());
        if empty {
            return Doc::Concat(vec![open, self.token(close)]);
        }
        let body = self.clauses(rule, inner, close);
        Doc::Concat(vec![open, Doc::nest(INDENT, body), Doc::HardLine, self.token(close)])
    }

    /// Whether the child is a `{` token.
    fn is_open_brace(&self, element: &Element) -> bool {
        element.token().is_some_and(|t| self.text(t) == "{")
    }

    /// Whether the child is a block of its own (`then { ... }`'s block, a grid): a node that opens
    /// with `{`.
    fn is_block(&self, element: &Element) -> bool {
        element.node().and_then(|node| node.children.first()).is_some_and(|first| self.is_open_brace(first))
    }

    /// Where the `}` that closes the `{` at `open` is among the children, or their end.
    fn matching_brace(&self, elements: &[Element], open: usize) -> usize {
        let mut depth = 0usize;
        for (at, element) in elements.iter().enumerate().skip(open) {
            match element.token().map(|t| self.text(t)) {
                Some("{") => depth += 1,
                Some("}") => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return at;
                    }
                }
                _ => {}
            }
        }
        elements.len()
    }

    /// The side of a child that faces what follows it.
    fn end_side(&self, element: &Element) -> Side<'t> {
        self.side(element, element.last_token())
    }

    /// The side of a child that faces what comes before it.
    fn start_side(&self, element: &Element) -> Side<'t> {
        self.side(element, element.first_token())
    }

    fn side(&self, element: &Element, token: Option<usize>) -> Side<'t> {
        let token = token.and_then(|t| self.tree.tokens.get(t));
        Side {
            text: token.map_or("", |t| t.text),
            token_rule: token.and_then(|t| t.rule),
            node: element.node().map(|node| node.rule),
        }
    }
}

/// A row being built: the parts laid out at the row's own indentation (blocks, and the runs
/// between them), and the runs of the row's other parts, one more for each open parenthesis.
struct Row<'t> {
    parts: Vec<Doc<'t>>,
    runs: Vec<Vec<Doc<'t>>>,
    indent: usize,
}

impl<'t> Row<'t> {
    fn push(&mut self, separator: Option<Separator>, doc: Doc<'t>) {
        if separator.is_none() && self.parts.is_empty() && self.runs.iter().all(Vec::is_empty) {
            // The row's first token: its comments stand at the row's own indentation.
            self.parts.push(doc);
            return;
        }
        let Some(run) = self.runs.last_mut() else { return };
        match separator {
            None | Some(Separator::Tight) => run.push(doc),
            Some(Separator::Space) => run.extend([Doc::Space, doc]),
            Some(Separator::Fill) => run.extend([Doc::group(Doc::Line), doc]),
            Some(Separator::Whole) => run.push(Doc::group(Doc::Concat(vec![Doc::Line, doc]))),
            Some(Separator::OwnLine) => run.extend([Doc::HardLine, doc]),
        }
    }

    /// Ends the run inside a parenthesis: its line breaks are indented further.
    fn close_parenthesis(&mut self) {
        if self.runs.len() > 1 {
            let inside = self.runs.pop().unwrap_or_default();
            if let Some(outer) = self.runs.last_mut() {
                outer.push(Doc::nest(INDENT, Doc::Concat(inside)));
            }
        }
    }

    /// Moves the runs into the row's parts, before a block or at the row's end.
    fn finish_run(&mut self) {
        while self.runs.len() > 1 {
            self.close_parenthesis();
        }
        let run = std::mem::take(&mut self.runs[0]);
        if !run.is_empty() {
            self.parts.push(Doc::nest(self.indent, Doc::Concat(run)));
        }
    }
}

/// A line break, leaving an empty line when `blank`.
fn line_break<'t>(blank: bool) -> Doc<'t> {
    if blank { Doc::BlankLine } else { Doc::HardLine }
}

/// The clauses of a block: each child of the grammar (a node, or a token that is a whole rule like
/// `declare`) starts one; a literal token outside any node joins the clause before it.
fn split_clauses<'e>(tokens: &[Token<'_>], elements: &'e [Element]) -> Vec<&'e [Element]> {
    let starts_clause = |element: &Element| match element {
        Element::Node(_) => true,
        Element::Token(index) => tokens.get(*index).is_some_and(|token| token.rule.is_some()),
    };
    let mut clauses = Vec::new();
    let mut start = 0;
    for (at, element) in elements.iter().enumerate() {
        if at > start && starts_clause(element) {
            clauses.push(&elements[start..at]);
            start = at;
        }
    }
    if start < elements.len() {
        clauses.push(&elements[start..]);
    }
    clauses
}
