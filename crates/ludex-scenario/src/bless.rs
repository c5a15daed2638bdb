//! `--bless`: the actual values written into the `.tests` text in place of the expectations'
//! values (or their `?`), for the designer to review. Lists longer than a line are wrapped after a
//! comma, the next lines indented under the expectation.

use crate::report::{Fill, FillValue};

/// The longest line a written list makes, when it can be wrapped.
const WIDTH: usize = 100;

/// The text with every fill written in. Fills that overlap one written before are left out.
pub fn apply(text: &str, fills: &[&Fill]) -> String {
    let mut fills: Vec<&Fill> = fills.to_vec();
    fills.sort_by_key(|fill| (fill.span.start, fill.span.end));
    let mut out = String::with_capacity(text.len());
    let mut written = 0;
    for fill in fills {
        let (start, end) = (fill.span.start, fill.span.end);
        if start < written || end > text.len() || !text.is_char_boundary(start) || !text.is_char_boundary(end)
        {
            continue;
        }
        out.push_str(&text[written..start]);
        out.push_str(&value_text(text, start, &fill.value));
        written = end;
    }
    out.push_str(&text[written..]);
    out
}

/// The value as written at `start`: a list on as many lines as it needs.
fn value_text(text: &str, start: usize, value: &FillValue) -> String {
    let items = match value {
        FillValue::Text(text) => return text.clone(),
        FillValue::List(items) if items.is_empty() => return "none".to_string(),
        FillValue::List(items) => items,
    };
    let line_start = text[..start].rfind('\n').map_or(0, |at| at + 1);
    let line = &text[line_start..start];
    let indent: String = line.chars().take_while(|c| c.is_whitespace()).collect();
    let continuation = format!("{indent}  ");
    let mut out = String::new();
    let mut column = line.chars().count();
    for (index, item) in items.iter().enumerate() {
        let last = index + 1 == items.len();
        let width = item.chars().count() + if last { 0 } else { 1 };
        if index > 0 {
            if column + 1 + width > WIDTH {
                out.push('\n');
                out.push_str(&continuation);
                column = continuation.len();
            } else {
                out.push(' ');
                column += 1;
            }
        }
        out.push_str(item);
        if !last {
            out.push(',');
        }
        column += width;
    }
    out
}

#[cfg(test)]
mod tests {
    use ludex_diagnostics::Span;

    use super::*;

    fn fill(text: &str, marker: &str, value: FillValue) -> Fill {
        let start = text.find(marker).expect("the marker");
        Fill { span: Span::new(start, start + marker.len()), value }
    }

    #[test]
    fn values_replace_their_spans() {
        let text = "  expect piece at e4: ?\n  expect perft 2: 9\n";
        let piece = fill(text, "?", FillValue::Text("P1".into()));
        let perft = fill(text, "9", FillValue::Text("400".into()));
        assert_eq!(apply(text, &[&perft, &piece]), "  expect piece at e4: P1\n  expect perft 2: 400\n");
    }

    #[test]
    fn an_empty_list_is_none_and_a_long_one_wraps_under_its_line() {
        let text = "test \"t\" {\n  expect moves: ?\n}\n";
        assert_eq!(apply(text, &[&fill(text, "?", FillValue::List(vec![]))]), text.replace('?', "none"));
        let moves: Vec<String> = (1..=30).map(|n| format!("a{n}-b{n}")).collect();
        let written = apply(text, &[&fill(text, "?", FillValue::List(moves.clone()))]);
        let lines: Vec<&str> = written.lines().collect();
        assert!(lines.iter().all(|l| l.chars().count() <= WIDTH), "{written}");
        assert!(lines[1].starts_with("  expect moves: a1-b1, a2-b2,"), "{written}");
        assert!(lines[2].starts_with("    a"), "{written}");
        let items: Vec<String> = written
            .split("moves: ")
            .nth(1)
            .expect("the list")
            .split('}')
            .next()
            .expect("the list")
            .split([',', '\n', ' '])
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect();
        assert_eq!(items, moves);
    }

    #[test]
    fn overlapping_fills_are_left_out() {
        let text = "expect moves: a, b";
        let whole = fill(text, "a, b", FillValue::Text("x".into()));
        let part = fill(text, "b", FillValue::Text("y".into()));
        assert_eq!(apply(text, &[&whole, &part]), "expect moves: x");
    }
}
