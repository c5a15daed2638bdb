//! Expressions. The grammar reads an `expr` as a flat run of operands and operators; here it gets
//! its precedence back (as the parser's Pratt table gives it), so that a long expression breaks
//! before an operator, an operand is kept whole on its line when it fits there, and the loosest
//! operators are the first to break: `where a and b\n    and (c or d)`.
//!
//! A conditional breaks before `else` (and before `then` when its condition is long); an `else if`
//! chain always takes a line per branch, and a parenthesised chain in a branch is laid out as a
//! block, `then (` ... `) else`.

use ludex_syntax::Rule;

use crate::doc::Doc;
use crate::layout::INDENT;
use crate::print::Printer;
use crate::tree::{Element, Node, Token};

/// An expression with its precedence.
enum Operand<'e> {
    /// Unary minus signs, a primary and its fields: `-x`, `piece.owner`, `count(pieces(s))`.
    Atom(&'e [Element]),
    /// `not` and the operand it applies to.
    Not { op: usize, operand: Box<Operand<'e>> },
    /// Operands joined by operators of one precedence: `a + b - c`.
    Chain { first: Box<Operand<'e>>, rest: Vec<(usize, Operand<'e>)>, precedence: u8 },
}

/// How tightly an infix operator binds, loosest first; none for anything else.
fn infix_precedence(rule: Rule) -> Option<u8> {
    match rule {
        Rule::or_op => Some(1),
        Rule::and_op => Some(2),
        Rule::eq_op | Rule::ne_op | Rule::lt_op | Rule::le_op | Rule::gt_op | Rule::ge_op | Rule::in_op => {
            Some(4)
        }
        Rule::add_op | Rule::sub_op => Some(5),
        Rule::mul_op | Rule::div_op | Rule::mod_op => Some(6),
        _ => None,
    }
}

/// `not` applies to comparisons and what binds tighter: `not a == b` is `not (a == b)`.
const NOT_OPERAND: u8 = 4;

/// Reads the children of an `expr` into an [`Operand`].
struct Reader<'e, 'p, 't> {
    elements: &'e [Element],
    at: usize,
    tokens: &'p [Token<'t>],
}

impl<'e> Reader<'e, '_, '_> {
    /// The rule of the token at the reading position, if it is a token.
    fn token_rule(&self) -> Option<Rule> {
        let token = self.elements.get(self.at)?.token()?;
        self.tokens.get(token)?.rule
    }

    fn infix(&self) -> Option<u8> {
        self.token_rule().and_then(infix_precedence)
    }

    /// An operand and the operators binding at least as tightly as `min` that follow it.
    fn operand(&mut self, min: u8) -> Option<Operand<'e>> {
        let mut left = if self.token_rule() == Some(Rule::not_op) {
            let op = self.elements[self.at].token()?;
            self.at += 1;
            Operand::Not { op, operand: Box::new(self.operand(NOT_OPERAND)?) }
        } else {
            self.atom()?
        };
        while let Some(precedence) = self.infix().filter(|&p| p >= min) {
            let op = self.elements[self.at].token()?;
            self.at += 1;
            let right = self.operand(precedence + 1)?;
            left = match left {
                Operand::Chain { first, mut rest, precedence: same } if same == precedence => {
                    rest.push((op, right));
                    Operand::Chain { first, rest, precedence }
                }
                other => Operand::Chain { first: Box::new(other), rest: vec![(op, right)], precedence },
            };
        }
        Some(left)
    }

    /// Minus signs, a primary, and what follows it up to the next operator.
    fn atom(&mut self) -> Option<Operand<'e>> {
        let start = self.at;
        while self.token_rule() == Some(Rule::neg_op) {
            self.at += 1;
        }
        if self.at >= self.elements.len() {
            return None;
        }
        self.at += 1;
        while self.at < self.elements.len()
            && self.infix().is_none()
            && self.token_rule() != Some(Rule::not_op)
        {
            self.at += 1;
        }
        Some(Operand::Atom(&self.elements[start..self.at]))
    }
}

/// The parts of `if C then A else B`.
struct Conditional<'e> {
    if_token: usize,
    condition: &'e Node,
    then_token: usize,
    then_branch: &'e Node,
    else_token: usize,
    else_branch: &'e Node,
}

impl<'e> Conditional<'e> {
    fn of(node: &'e Node) -> Option<Self> {
        match node.children.as_slice() {
            [
                Element::Token(if_token),
                Element::Node(condition),
                Element::Token(then_token),
                Element::Node(then_branch),
                Element::Token(else_token),
                Element::Node(else_branch),
            ] => Some(Conditional {
                if_token: *if_token,
                condition,
                then_token: *then_token,
                then_branch,
                else_token: *else_token,
                else_branch,
            }),
            _ => None,
        }
    }
}

/// The conditional an expression is, when it is nothing else.
fn as_conditional(expr: &Node) -> Option<&Node> {
    expr.only_child()?.node().filter(|node| node.rule == Rule::if_expr)
}

/// `(`, the conditional inside and `)`, when the expression is a parenthesised conditional.
fn as_parenthesised_conditional(expr: &Node) -> Option<(usize, &Node, usize)> {
    let parenthesis = expr.only_child()?.node().filter(|node| node.rule == Rule::paren_expr)?;
    match parenthesis.children.as_slice() {
        [Element::Token(open), Element::Node(inner), Element::Token(close)] => {
            Some((*open, as_conditional(inner)?, *close))
        }
        _ => None,
    }
}

impl<'t> Printer<'_, 't> {
    /// An `expr` node.
    pub fn expression(&mut self, node: &Node) -> Doc<'t> {
        let tree = self.tree;
        let mut reader = Reader { elements: &node.children, at: 0, tokens: &tree.tokens };
        let operand = reader.operand(0).filter(|_| reader.at == node.children.len());
        match operand {
            Some(operand) => self.operand(&operand),
            // A shape the table does not know: its tokens in a row.
            None => self.row(node.rule, &node.children, 0),
        }
    }

    fn operand(&mut self, operand: &Operand<'_>) -> Doc<'t> {
        match operand {
            Operand::Atom(elements) => self.row(Rule::expr, elements, 0),
            Operand::Not { op, operand } => {
                Doc::Concat(vec![self.token(*op), Doc::Space, self.operand(operand)])
            }
            Operand::Chain { first, rest, .. } => {
                let mut parts = vec![self.chained(first)];
                for (op, operand) in rest {
                    let op = self.token(*op);
                    let operand = self.chained(operand);
                    parts.push(Doc::group(Doc::Concat(vec![Doc::Line, op, Doc::Space, operand])));
                }
                Doc::Concat(parts)
            }
        }
    }

    /// An operand of a chain. One that is a chain itself binds tighter: its own line breaks are
    /// indented further, so that `a or b and c` broken shows `b and c` as one operand.
    fn chained(&mut self, operand: &Operand<'_>) -> Doc<'t> {
        let doc = self.operand(operand);
        match operand {
            Operand::Chain { .. } => Doc::nest(INDENT, doc),
            Operand::Atom(_) | Operand::Not { .. } => doc,
        }
    }

    /// An `if_expr` node, with the `else if` conditionals that continue it.
    pub fn conditional(&mut self, node: &Node) -> Doc<'t> {
        let Some(first) = Conditional::of(node) else { return self.row(node.rule, &node.children, 0) };
        let mut links = vec![first];
        while let Some(next) =
            links.last().and_then(|last| as_conditional(last.else_branch)).and_then(Conditional::of)
        {
            links.push(next);
        }
        let chained = links.len() > 1;
        let (line, soft_line) =
            if chained { (Doc::HardLine, Doc::HardLine) } else { (Doc::Line, Doc::SoftLine) };
        let mut parts = Vec::new();
        for (at, link) in links.iter().enumerate() {
            let head = Doc::group(Doc::Concat(vec![
                self.token(link.if_token),
                Doc::Space,
                Doc::nest(INDENT, self.expression(link.condition)),
                Doc::Line,
                self.token(link.then_token),
            ]));
            parts.extend([head, Doc::Space]);
            match self.branch(link.then_branch, &soft_line) {
                // `) else`: the block's `)` and `else` share a line.
                Branch::Block(block) => parts.extend([block, Doc::Space]),
                Branch::Inline(branch) => parts.extend([branch, line.clone()]),
            }
            parts.extend([self.token(link.else_token), Doc::Space]);
            if at + 1 == links.len() {
                parts.push(self.branch(link.else_branch, &soft_line).into_doc());
            }
        }
        Doc::group(Doc::Concat(parts))
    }

    /// A branch of a conditional.
    fn branch(&mut self, expr: &Node, soft_line: &Doc<'t>) -> Branch<'t> {
        match as_parenthesised_conditional(expr) {
            Some((open, inner, close)) => {
                let open = self.token(open);
                let inner = self.conditional(inner);
                let close = self.token(close);
                let body = Doc::nest(INDENT, Doc::Concat(vec![soft_line.clone(), inner]));
                Branch::Block(Doc::Concat(vec![open, body, soft_line.clone(), close]))
            }
            None => Branch::Inline(Doc::nest(INDENT, self.expression(expr))),
        }
    }
}

/// How a branch of a conditional is laid out.
enum Branch<'t> {
    /// A parenthesised conditional: `(`, its lines indented, `)`.
    Block(Doc<'t>),
    /// Any other expression, after `then` or `else`.
    Inline(Doc<'t>),
}

impl<'t> Branch<'t> {
    fn into_doc(self) -> Doc<'t> {
        match self {
            Branch::Block(doc) | Branch::Inline(doc) => doc,
        }
    }
}
