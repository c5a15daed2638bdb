//! The small pieces of SVG text every drawing module writes: numbers in a short, stable form and
//! text escaped for XML.

use std::fmt::Write;

use crate::layout::Point;

/// A coordinate with at most one decimal, without a trailing `.0` and never `-0`.
pub(crate) fn num(value: f64) -> String {
    let rounded = (value * 10.0).round() / 10.0;
    if rounded == 0.0 {
        return "0".to_string();
    }
    let text = format!("{rounded:.1}");
    text.strip_suffix(".0").map_or(text.clone(), str::to_string)
}

/// Text with the characters XML gives a meaning escaped, for element content and attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A polygon's `points` attribute.
pub(crate) fn points(corners: &[Point]) -> String {
    let mut out = String::new();
    for (index, &(x, y)) in corners.iter().enumerate() {
        let separator = if index == 0 { "" } else { " " };
        let _ = write!(out, "{separator}{},{}", num(x), num(y));
    }
    out
}

/// A polygon shrunk towards its centre by `factor` (1 leaves it as it is).
pub(crate) fn shrunk(corners: &[Point], centre: Point, factor: f64) -> Vec<Point> {
    corners
        .iter()
        .map(|&(x, y)| (centre.0 + (x - centre.0) * factor, centre.1 + (y - centre.1) * factor))
        .collect()
}

/// A `<text>` element centred on a point.
pub(crate) fn centred_text(out: &mut String, at: Point, size: f64, attributes: &str, text: &str) {
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central"{attributes}>{}</text>"#,
        num(at.0),
        num(at.1),
        num(size),
        escape(text)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_never_negative_zero() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.345), "12.3");
        assert_eq!(num(-0.04), "0");
        assert_eq!(num(-2.5), "-2.5");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\"\u{7}"), "a&lt;b &amp; &quot;c&quot;");
    }
}
