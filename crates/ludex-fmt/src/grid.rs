//! Map grids: a line a row, as the grid is drawn, each column's values aligned on the right so
//! that the grid reads as a picture of the board. Comments and empty lines between rows are kept
//! as between clauses.

use ludex_syntax::Rule;

use crate::doc::Doc;
use crate::layout::INDENT;
use crate::print::Printer;
use crate::tree::{Element, Node};

impl<'t> Printer<'_, 't> {
    /// A `grid` node: `{`, its rows, `}`.
    pub fn grid(&mut self, node: &Node) -> Doc<'t> {
        let children = node.children.as_slice();
        let rows = children.get(1..children.len().saturating_sub(1)).unwrap_or(&[]);
        let (Some(Element::Token(open)), Some(Element::Token(close))) = (children.first(), children.last())
        else {
            return self.row(node.rule, children, INDENT);
        };
        if !rows.iter().all(|row| row.node().is_some_and(|row| row.rule == Rule::grid_row)) {
            return self.row(node.rule, children, INDENT);
        }
        let open = self.token(*open);
        if rows.is_empty() && self.tree.tokens.get(*close).is_none_or(|t| t.comments.is_empty()) {
            return Doc::Concat(vec![open, self.token(*close)]);
        }
        let widths = self.column_widths(rows);
        let body = self.lines(rows, *close, |printer, row| printer.grid_row(row, &widths));
        Doc::Concat(vec![open, Doc::nest(INDENT, body), Doc::HardLine, self.token(*close)])
    }

    /// The widest value of each column.
    fn column_widths(&self, rows: &[Element]) -> Vec<usize> {
        let mut widths = Vec::new();
        for row in rows.iter().filter_map(Element::node) {
            for (column, value) in row.children.iter().enumerate() {
                let width = value.token().map_or(0, |t| self.text(t).chars().count());
                match widths.get_mut(column) {
                    Some(widest) => *widest = width.max(*widest),
                    None => widths.push(width),
                }
            }
        }
        widths
    }

    /// A row's values, one space apart and padded to their column's width.
    fn grid_row(&mut self, row: &[Element], widths: &[usize]) -> Doc<'t> {
        let values = row.iter().filter_map(Element::node).flat_map(|row| &row.children);
        let mut parts = Vec::new();
        for (column, value) in values.enumerate() {
            if column > 0 {
                parts.push(Doc::Space);
            }
            let width = value.token().map_or(0, |t| self.text(t).chars().count());
            parts.push(Doc::Pad(widths.get(column).map_or(0, |widest| widest.saturating_sub(width))));
            parts.push(self.element(value));
        }
        Doc::Concat(parts)
    }
}
