//! Expressions: the grammar reads an `expr` as a flat run of operands and operators; a Pratt parser
//! gives it its precedence and builds the [`Expr`] tree, refusing trees too deep for the later
//! stages to walk safely.

use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, ConstPrattParser, Op};

use super::Rule;
use super::tree::{Children, Converted, decimal, expect_rule, ident, int, malformed, number, span_of};
use crate::ast::{BinaryOp, Expr, ExprKind, Span, Spanned, UnaryOp};
use ludex_diagnostics::{Code, Diagnostic};

/// The deepest expression tree accepted (a chain `a + b + c` is as deep as it is long).
pub const MAX_EXPR_DEPTH: usize = 128;

/// Precedence, lowest first: `or` < `and` < `not` < comparisons and `in` < `+ -` < `* / mod` <
/// unary `-` < `.field`.
static PRATT: ConstPrattParser<Rule, 17> = ConstPrattParser::new_const([
    (Op::infix(Rule::or_op, Assoc::Left), true),
    (Op::infix(Rule::and_op, Assoc::Left), true),
    (Op::prefix(Rule::not_op), true),
    (Op::infix(Rule::eq_op, Assoc::Left), true),
    (Op::infix(Rule::ne_op, Assoc::Left), false),
    (Op::infix(Rule::lt_op, Assoc::Left), false),
    (Op::infix(Rule::le_op, Assoc::Left), false),
    (Op::infix(Rule::gt_op, Assoc::Left), false),
    (Op::infix(Rule::ge_op, Assoc::Left), false),
    (Op::infix(Rule::in_op, Assoc::Left), false),
    (Op::infix(Rule::add_op, Assoc::Left), true),
    (Op::infix(Rule::sub_op, Assoc::Left), false),
    (Op::infix(Rule::mul_op, Assoc::Left), true),
    (Op::infix(Rule::div_op, Assoc::Left), false),
    (Op::infix(Rule::mod_op, Assoc::Left), false),
    (Op::prefix(Rule::neg_op), true),
    (Op::postfix(Rule::field), true),
]);

/// An expression being built, with the depth of its tree.
struct Built {
    expr: Expr,
    depth: usize,
}

/// Converts an `expr` pair.
pub(super) fn expr(pair: Pair<'_, Rule>) -> Converted<Expr> {
    build(pair).map(|built| built.expr)
}

fn build(pair: Pair<'_, Rule>) -> Converted<Built> {
    expect_rule(&pair, Rule::expr)?;
    check_prefix_runs(&pair)?;
    PRATT
        .map_primary(primary)
        .map_prefix(|op, operand| unary(&op, operand?))
        .map_infix(|left, op, right| binary(left?, &op, right?))
        .map_postfix(|base, field| field_access(base?, field))
        .parse(pair.into_inner())
}

/// The Pratt parser recurses once per prefix operator in a row, so a long run is refused first.
fn check_prefix_runs(pair: &Pair<'_, Rule>) -> Converted<()> {
    let mut run = 0usize;
    for part in pair.clone().into_inner() {
        run = if matches!(part.as_rule(), Rule::not_op | Rule::neg_op) { run.saturating_add(1) } else { 0 };
        if run > MAX_EXPR_DEPTH {
            return Err(too_deep(span_of(&part)));
        }
    }
    Ok(())
}

fn too_deep(span: Span) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(
            Code::TooDeeplyNested,
            "this expression is nested too deeply",
            span,
            format!("more than {MAX_EXPR_DEPTH} levels deep here"),
        )
        .with_help("split the expression into smaller parts with `define`"),
    )
}

/// A node `depth` levels deep, if that is allowed.
fn node(kind: ExprKind, span: Span, depth: usize) -> Converted<Built> {
    if depth > MAX_EXPR_DEPTH {
        return Err(too_deep(span));
    }
    Ok(Built { expr: Spanned::new(kind, span), depth })
}

fn leaf(kind: ExprKind, pair: &Pair<'_, Rule>) -> Converted<Built> {
    node(kind, span_of(pair), 1)
}

fn primary(pair: Pair<'_, Rule>) -> Converted<Built> {
    match pair.as_rule() {
        Rule::int => int(&pair).and_then(|value| leaf(ExprKind::Int(value.node), &pair)),
        Rule::decimal => decimal(&pair).and_then(|value| leaf(ExprKind::Decimal(value), &pair)),
        Rule::true_lit => leaf(ExprKind::Bool(true), &pair),
        Rule::false_lit => leaf(ExprKind::Bool(false), &pair),
        Rule::none_lit => leaf(ExprKind::None, &pair),
        Rule::ident => leaf(ExprKind::Name(ident(&pair)), &pair),
        Rule::roll_expr => roll(pair),
        Rule::call => call(pair),
        Rule::if_expr => if_then_else(pair),
        Rule::paren_expr => parenthesized(pair),
        Rule::exactly_expr => exactly(pair),
        _ => Err(malformed(span_of(&pair))),
    }
}

/// `roll d6`
fn roll(pair: Pair<'_, Rule>) -> Converted<Built> {
    let span = span_of(&pair);
    let dice = Children::of(pair).expect(Rule::dice)?;
    let dice_span = span_of(&dice);
    let digits = dice.as_str().strip_prefix('d').ok_or_else(|| malformed(dice_span))?;
    let sides = number(digits, dice_span)?;
    node(ExprKind::Roll { sides: Spanned::new(sides, dice_span) }, span, 1)
}

/// `count(pieces(mover))`
fn call(pair: Pair<'_, Rule>) -> Converted<Built> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let function = children.ident()?;
    let args = children.map(build).collect::<Converted<Vec<_>>>()?;
    let depth = args.iter().map(|arg| arg.depth).max().unwrap_or(0).saturating_add(1);
    let args = args.into_iter().map(|arg| arg.expr).collect();
    node(ExprKind::Call { function, args }, span, depth)
}

/// `if c then a else b`
fn if_then_else(pair: Pair<'_, Rule>) -> Converted<Built> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let condition = build(children.expect(Rule::expr)?)?;
    let then = build(children.expect(Rule::expr)?)?;
    let otherwise = build(children.expect(Rule::expr)?)?;
    let depth = condition.depth.max(then.depth).max(otherwise.depth).saturating_add(1);
    let kind = ExprKind::If {
        condition: Box::new(condition.expr),
        then: Box::new(then.expr),
        otherwise: Box::new(otherwise.expr),
    };
    node(kind, span, depth)
}

/// `(a + b)`: the inner expression, spanning the parentheses too.
/// `exactly 5`
fn exactly(pair: Pair<'_, Rule>) -> Converted<Built> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    children.expect(Rule::exactly_word)?;
    let inner = build(children.expect(Rule::expr)?)?;
    node(ExprKind::Exactly(Box::new(inner.expr)), span, inner.depth.saturating_add(1))
}

fn parenthesized(pair: Pair<'_, Rule>) -> Converted<Built> {
    let span = span_of(&pair);
    let inner = build(Children::of(pair).expect(Rule::expr)?)?;
    Ok(Built { expr: Spanned::new(inner.expr.node, span), depth: inner.depth })
}

fn unary(op: &Pair<'_, Rule>, operand: Built) -> Converted<Built> {
    let kind = match op.as_rule() {
        Rule::not_op => UnaryOp::Not,
        Rule::neg_op => UnaryOp::Neg,
        _ => return Err(malformed(span_of(op))),
    };
    let span = span_of(op).to(operand.expr.span);
    let op = Spanned::new(kind, span_of(op));
    node(ExprKind::Unary { op, operand: Box::new(operand.expr) }, span, operand.depth.saturating_add(1))
}

fn binary(left: Built, op: &Pair<'_, Rule>, right: Built) -> Converted<Built> {
    let kind = match op.as_rule() {
        Rule::or_op => BinaryOp::Or,
        Rule::and_op => BinaryOp::And,
        Rule::eq_op => BinaryOp::Eq,
        Rule::ne_op => BinaryOp::Ne,
        Rule::lt_op => BinaryOp::Lt,
        Rule::le_op => BinaryOp::Le,
        Rule::gt_op => BinaryOp::Gt,
        Rule::ge_op => BinaryOp::Ge,
        Rule::in_op => BinaryOp::In,
        Rule::add_op => BinaryOp::Add,
        Rule::sub_op => BinaryOp::Sub,
        Rule::mul_op => BinaryOp::Mul,
        Rule::div_op => BinaryOp::Div,
        Rule::mod_op => BinaryOp::Mod,
        _ => return Err(malformed(span_of(op))),
    };
    let span = left.expr.span.to(right.expr.span);
    let depth = left.depth.max(right.depth).saturating_add(1);
    let kind = ExprKind::Binary {
        op: Spanned::new(kind, span_of(op)),
        left: Box::new(left.expr),
        right: Box::new(right.expr),
    };
    node(kind, span, depth)
}

/// `base.field`
fn field_access(base: Built, field: Pair<'_, Rule>) -> Converted<Built> {
    let name = Children::of(field).ident()?;
    let span = base.expr.span.to(name.span);
    node(ExprKind::Field { base: Box::new(base.expr), field: name }, span, base.depth.saturating_add(1))
}
