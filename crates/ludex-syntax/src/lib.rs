#![warn(missing_docs)]
//! Syntax: the pest grammar (`grammar/ludex.pest`) and the conversion of its parse tree into the
//! [`crate::ast`], with a diagnostic for every item that does not parse.
//!
//! Recovery works item by item, like Prisma's schema parser: the grammar swallows an item it cannot
//! read as an `item_error`, the `errors` module explains it, and parsing goes on with the next item.

// No input may make the library panic: errors are returned, never unwrapped (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
// Numbers and indices here come from the input: arithmetic is checked or saturating, indexing
// by `get` (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::arithmetic_side_effects, clippy::indexing_slicing))]

pub mod ast;
mod convert;
mod errors;
mod expr;
mod tree;

use pest::Parser;
use pest::iterators::Pair;

pub use errors::{ITEM_KEYWORDS, describe};
pub use expr::MAX_EXPR_DEPTH;

use crate::ast::{RulesFile, Span};
use ludex_diagnostics::{Code, Diagnostic};
use tree::span_of;

/// The deepest parse tree of one item that is converted (each nested expression, region or block
/// adds a level or two); deeper items are refused rather than risking the stack.
pub const MAX_NESTING: usize = 256;

/// At most this many items that do not parse are explained; then one diagnostic says so.
pub const MAX_ITEM_ERRORS: usize = 100;

/// The pest parser generated from `grammar/ludex.pest` and its `Rule` enum, one variant a grammar
/// rule, named as in the grammar.
// pest documents neither the variants of rules without a `///` in the grammar nor `Rule::all_rules`.
#[allow(missing_docs)]
mod grammar {
    /// The pest parser generated from `grammar/ludex.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "../../grammar/ludex.pest"]
    pub struct LudexParser;
}

pub use grammar::{LudexParser, Rule};

/// Parses a rules file. Items that fail to parse are reported and left out of the AST.
pub fn parse(text: &str) -> (RulesFile, Vec<Diagnostic>) {
    let items = match LudexParser::parse(Rule::file, text) {
        Ok(mut pairs) => pairs.next().map(Pair::into_inner),
        Err(error) => return (RulesFile::default(), vec![errors::whole_file(&error)]),
    };
    let mut reader = Reader { text, ..Reader::default() };
    for pair in items.into_iter().flatten() {
        match pair.as_rule() {
            Rule::EOI => {}
            Rule::item_error => reader.item_error(span_of(&pair)),
            _ => reader.item(pair),
        }
    }
    (reader.file, reader.diagnostics)
}

/// The items of a file, read in order.
#[derive(Default)]
struct Reader<'t> {
    text: &'t str,
    file: RulesFile,
    diagnostics: Vec<Diagnostic>,
    /// The last item read, and whether it went into the AST.
    previous: Option<(Span, bool)>,
    item_errors: usize,
}

impl Reader<'_> {
    fn item(&mut self, pair: Pair<'_, Rule>) {
        let span = span_of(&pair);
        let item = check_nesting(&pair).and_then(|()| convert::item(pair, &mut self.diagnostics));
        self.previous = Some((span, item.is_ok()));
        match item {
            Ok(item) => self.file.items.push(item),
            Err(diagnostic) => self.diagnostics.push(*diagnostic),
        }
    }

    fn item_error(&mut self, span: Span) {
        // `seat black turnd 180`: the error continues an item that only seemed complete.
        let continued =
            self.previous.filter(|&(p, _)| !self.text.get(p.end..span.start).unwrap_or("").contains('\n'));
        if let Some((_, true)) = continued {
            self.file.items.pop();
        }
        // `action go for king` with its `{` missing: the `}` that closes it is part of the error
        // already reported, not a second one.
        let closes_failed_item = matches!(self.previous, Some((_, false)))
            && self.text.get(span.start..).is_some_and(|rest| rest.starts_with('}'));
        if closes_failed_item {
            return;
        }
        self.previous = Some((span, false));
        self.item_errors = self.item_errors.saturating_add(1);
        if self.item_errors <= MAX_ITEM_ERRORS {
            self.diagnostics.push(errors::item_error(self.text, span, continued.map(|(p, _)| p)));
        } else if self.item_errors == MAX_ITEM_ERRORS + 1 {
            self.diagnostics.push(errors::too_many(span));
        }
    }
}

/// Refuses an item whose parse tree is deeper than [`MAX_NESTING`], walking it without recursion in
/// document order (pairs, not tokens: pest checks the whole file's tokens each time it makes them in
/// a debug build, which made checking quadratic there).
fn check_nesting(item: &Pair<'_, Rule>) -> Result<(), Box<Diagnostic>> {
    let mut stack = vec![(item.clone(), 1usize)];
    while let Some((pair, depth)) = stack.pop() {
        if depth > MAX_NESTING {
            let at = pair.as_span().start();
            return Err(Box::new(
                Diagnostic::error(
                    Code::TooDeeplyNested,
                    "this item is nested too deeply",
                    Span::at(at, 1),
                    "nested too deeply here",
                )
                .with_help(format!(
                    "an item may nest at most {MAX_NESTING} levels (a parenthesis, call or block \
                     counts one or two); split it into smaller parts, for example with `define`"
                )),
            ));
        }
        let children: Vec<Pair<'_, Rule>> = pair.into_inner().collect();
        stack.extend(children.into_iter().rev().map(|child| (child, depth.saturating_add(1))));
    }
    Ok(())
}
