//! Reading the pest parse tree safely: spans, a child cursor that reports a malformed tree instead
//! of panicking, and the leaves shared by items and expressions (names, numbers, strings).

use pest::iterators::{Pair, Pairs};

use super::Rule;
use crate::ast::{Decimal, Ident, Number, Span, Spanned};
use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::NumberError;

/// Converting one item either succeeds or stops at its first fatal diagnostic.
pub(super) type Converted<T> = Result<T, Box<Diagnostic>>;

/// Where a node was written. Pest counts the whitespace and comments skipped after a node's last
/// token (before an optional part that was absent) as part of it; they are left out.
pub(super) fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let span = pair.as_span();
    Span::at(span.start(), code_len(span.as_str()))
}

/// The length of `text` without trailing whitespace and comments.
fn code_len(text: &str) -> usize {
    let mut end = text.trim_end().len();
    loop {
        let line_start = text.get(..end).and_then(|t| t.rfind('\n')).map_or(0, |i| i.saturating_add(1));
        match text.get(line_start..end).and_then(comment_start) {
            Some(hash) => end = text.get(..line_start.saturating_add(hash)).map_or(0, |t| t.trim_end().len()),
            None => return end,
        }
    }
}

/// Where the comment of a line starts, if it has one (a `#` outside a string).
fn comment_start(line: &str) -> Option<usize> {
    let mut in_string = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '#' if !in_string => return Some(i),
            _ => {}
        }
    }
    None
}

/// The children of a node, read in grammar order.
pub(super) struct Children<'i> {
    pairs: Pairs<'i, Rule>,
    parent: Span,
}

impl<'i> Children<'i> {
    pub(super) fn of(pair: Pair<'i, Rule>) -> Self {
        Children { parent: span_of(&pair), pairs: pair.into_inner() }
    }

    /// The next child, which the grammar guarantees.
    pub(super) fn required(&mut self) -> Converted<Pair<'i, Rule>> {
        self.pairs.next().ok_or_else(|| malformed(self.parent))
    }

    /// The next child, which the grammar guarantees to be a `rule`.
    pub(super) fn expect(&mut self, rule: Rule) -> Converted<Pair<'i, Rule>> {
        let pair = self.required()?;
        if pair.as_rule() == rule { Ok(pair) } else { Err(malformed(span_of(&pair))) }
    }

    /// The next child if it is a `rule` (for optional parts).
    pub(super) fn next_if(&mut self, rule: Rule) -> Option<Pair<'i, Rule>> {
        if self.pairs.peek()?.as_rule() == rule { self.pairs.next() } else { None }
    }

    pub(super) fn ident(&mut self) -> Converted<Ident> {
        self.expect(Rule::ident).map(|pair| ident(&pair))
    }

    pub(super) fn int(&mut self) -> Converted<Spanned<i64>> {
        int(&self.expect(Rule::int)?)
    }

    /// The next child, a whole or decimal number.
    pub(super) fn number(&mut self) -> Converted<Spanned<Number>> {
        let pair = self.required()?;
        let span = span_of(&pair);
        let value = match pair.as_rule() {
            Rule::int => Number::Int(int(&pair)?.node),
            Rule::decimal => Number::from_decimal(decimal(&pair)?),
            _ => return Err(malformed(span)),
        };
        Ok(Spanned::new(value, span))
    }
}

impl<'i> Iterator for Children<'i> {
    type Item = Pair<'i, Rule>;

    fn next(&mut self) -> Option<Self::Item> {
        self.pairs.next()
    }
}

/// The parse tree does not have the shape the grammar promises: a bug in this module, reported
/// rather than panicking.
pub(super) fn malformed(span: Span) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(
            Code::SyntaxError,
            "internal error: this part of the file was parsed into an unexpected shape",
            span,
            "here",
        )
        .with_help("please report this as a bug in ludex"),
    )
}

pub(super) fn ident(pair: &Pair<'_, Rule>) -> Ident {
    Ident { name: pair.as_str().to_string(), span: span_of(pair) }
}

/// A decimal number that must fit in an `i64`.
pub(super) fn int(pair: &Pair<'_, Rule>) -> Converted<Spanned<i64>> {
    number(pair.as_str(), span_of(pair)).map(|value| Spanned::new(value, span_of(pair)))
}

/// Parses `text` (digits, maybe a leading `-`) as an `i64`.
pub(super) fn number(text: &str, span: Span) -> Converted<i64> {
    text.parse().map_err(|_| {
        Box::new(
            Diagnostic::error(
                Code::NumberTooLarge,
                format!("the number `{text}` is too large"),
                span,
                "this does not fit in a 64-bit integer",
            )
            .with_help(format!("numbers range from {} to {}", i64::MIN, i64::MAX)),
        )
    })
}

/// A decimal literal (`6.5`): at most [`ludex_ir::number::FRACTION_DIGITS`] digits after the point,
/// and within what a decimal holds.
pub(super) fn decimal(pair: &Pair<'_, Rule>) -> Converted<Decimal> {
    let (text, span) = (pair.as_str(), span_of(pair));
    text.parse().map_err(|error| Box::new(decimal_error(text, span, error)))
}

fn decimal_error(text: &str, span: Span, error: NumberError) -> Diagnostic {
    let digits = ludex_ir::number::FRACTION_DIGITS;
    match error {
        NumberError::TooManyFractionDigits => Diagnostic::error(
            Code::DecimalDigits,
            format!("`{text}` has more than {digits} digits after the point"),
            span,
            format!("at most {digits} digits after the point"),
        )
        .with_help(format!(
            "decimals are exact to a thousandth: round it to {digits} digits, or count in smaller units"
        )),
        NumberError::TooLarge | NumberError::NotANumber => Diagnostic::error(
            Code::NumberTooLarge,
            format!("the number `{text}` is too large"),
            span,
            "this does not fit in a decimal",
        )
        .with_help(format!(
            "decimals range from {} to {}",
            Decimal::from_thousandths(i64::MIN),
            Decimal::from_thousandths(i64::MAX)
        )),
    }
}

/// A string literal without its quotes.
pub(super) fn string(pair: &Pair<'_, Rule>) -> Spanned<String> {
    let text = pair.as_str();
    let inner = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(text);
    Spanned::new(inner.to_string(), span_of(pair))
}

/// A list of names separated by commas (`ident_list`).
pub(super) fn ident_list(pair: Pair<'_, Rule>) -> Converted<Vec<Ident>> {
    Children::of(pair).map(|p| expect_rule(&p, Rule::ident).map(|()| ident(&p))).collect()
}

/// Checks that `pair` is a `rule`.
pub(super) fn expect_rule(pair: &Pair<'_, Rule>, rule: Rule) -> Converted<()> {
    if pair.as_rule() == rule { Ok(()) } else { Err(malformed(span_of(pair))) }
}

#[cfg(test)]
mod tests {
    use super::code_len;

    #[test]
    fn trailing_whitespace_and_comments_are_not_code() {
        assert_eq!(code_len("x + 1"), 5);
        assert_eq!(code_len("x + 1 # one\n  # two\n  "), 5);
        assert_eq!(code_len("game \"#1\"  "), 9);
        assert_eq!(code_len("# only a comment"), 0);
    }
}
