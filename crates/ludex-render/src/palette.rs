//! Colours: each seat's (its name's when the name is a colour, else the next free colour of a
//! palette), the cells' shades (a checkerboard, three hexagon shades, or a map's levels), ink that
//! reads on a fill, and the tints of zones and marks.

use ludex_ir::Game;

/// Colour words a seat may be named by, and how they are drawn.
const NAMED: [(&str, &str); 24] = [
    ("white", "#f4f1e8"),
    ("light", "#f4f1e8"),
    ("ivory", "#f6f1dc"),
    ("black", "#2b2b2b"),
    ("dark", "#2b2b2b"),
    ("red", "#c8372d"),
    ("blue", "#2f6bd1"),
    ("green", "#2e9a4b"),
    ("yellow", "#e8c217"),
    ("amber", "#e59a1c"),
    ("orange", "#e8711c"),
    ("brown", "#8a5a2b"),
    ("magenta", "#c2379a"),
    ("purple", "#7d3fb0"),
    ("violet", "#8f5fd6"),
    ("pink", "#e58fb4"),
    ("cyan", "#1fb3c4"),
    ("teal", "#16877e"),
    ("grey", "#8a8d91"),
    ("gray", "#8a8d91"),
    ("gold", "#d4a72c"),
    ("silver", "#b9bdc2"),
    ("olive", "#6b8e23"),
    ("navy", "#1f3a7a"),
];

/// The colours of seats whose names are not colours, in order of use.
const PALETTE: [&str; 16] = [
    "#f4f1e8", "#2b2b2b", "#c8372d", "#2f6bd1", "#2e9a4b", "#e8c217", "#7d3fb0", "#e8711c", "#16877e",
    "#c2379a", "#8a5a2b", "#8a8d91", "#1fb3c4", "#e58fb4", "#6b8e23", "#1f3a7a",
];

/// The dark and light squares of a board without a map: by the parity of file + rank, `a1` dark.
pub(crate) const SQUARE_SHADES: [&str; 2] = ["#b58863", "#f0d9b5"];
/// The three shades of a hexagonal board without a map; neighbours never share one.
pub(crate) const HEX_SHADES: [&str; 3] = ["#f0d9b5", "#d9b48a", "#b58863"];
/// A map's lowest and highest levels; the others lie between.
const LEVEL_LOW: (u8, u8, u8) = (0x8b, 0x73, 0x55);
const LEVEL_HIGH: (u8, u8, u8) = (0xf3, 0xea, 0xd3);
/// A cell a map gives no value.
pub(crate) const NO_LEVEL: &str = "#d8d8d8";
/// A zone that is not per seat.
pub(crate) const SHARED_ZONE: &str = "#3fa7d6";
/// The cells and the arrow of the last move.
pub(crate) const LAST_MOVE: &str = "#f2c200";
/// Neutral pieces (owned by no seat).
pub(crate) const NEUTRAL: &str = "#d9d4c7";
/// Lines and writing.
pub(crate) const INK: &str = "#1a1a1a";

/// Each seat's colour: its name's when the name is a colour word, else the first palette colour
/// no seat uses.
pub(crate) fn seat_colours(game: &Game) -> Vec<&'static str> {
    let named: Vec<Option<&'static str>> = game.seats.iter().map(|seat| named_colour(&seat.name)).collect();
    let taken = named.clone();
    let mut free = PALETTE.iter().copied().filter(|colour| !taken.contains(&Some(colour)));
    named.into_iter().map(|colour| colour.or_else(|| free.next()).unwrap_or(PALETTE[11])).collect()
}

/// Each seat's colour and the ink that reads on it, as `#rrggbb`, for front ends that draw seats.
pub fn seat_swatches(game: &Game) -> Vec<(&'static str, &'static str)> {
    seat_colours(game).into_iter().map(|fill| (fill, ink_on(fill))).collect()
}

fn named_colour(name: &str) -> Option<&'static str> {
    let name = name.to_ascii_lowercase();
    NAMED.iter().find(|(word, _)| *word == name).map(|&(_, colour)| colour)
}

/// A colour written `#rrggbb` as its red, green and blue (grey when it is not written so).
pub fn rgb(colour: &str) -> (u8, u8, u8) {
    let channel = |at: usize| colour.get(at..at + 2).and_then(|hex| u8::from_str_radix(hex, 16).ok());
    match (channel(1), channel(3), channel(5)) {
        (Some(r), Some(g), Some(b)) => (r, g, b),
        _ => (0x80, 0x80, 0x80),
    }
}

/// Black or white, whichever reads better on the fill.
pub(crate) fn ink_on(fill: &str) -> &'static str {
    let (r, g, b) = rgb(fill);
    let luminance = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b);
    if luminance > 150.0 { INK } else { "#ffffff" }
}

/// The shade of a map's level: dark for the lowest, light for the highest.
pub(crate) fn level_shade(value: i32, lowest: i32, highest: i32) -> String {
    let span = f64::from(highest) - f64::from(lowest);
    let t = if span > 0.0 { (f64::from(value) - f64::from(lowest)) / span } else { 1.0 };
    let mix = |low: u8, high: u8| (f64::from(low) + (f64::from(high) - f64::from(low)) * t).round() as u8;
    let (low, high) = (LEVEL_LOW, LEVEL_HIGH);
    format!("#{:02x}{:02x}{:02x}", mix(low.0, high.0), mix(low.1, high.1), mix(low.2, high.2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ink_contrasts_with_the_fill() {
        assert_eq!(ink_on("#f4f1e8"), INK);
        assert_eq!(ink_on("#2b2b2b"), "#ffffff");
        assert_eq!(ink_on("#c8372d"), "#ffffff");
    }

    #[test]
    fn levels_run_from_dark_to_light() {
        assert_eq!(level_shade(1, 1, 4), "#8b7355");
        assert_eq!(level_shade(4, 1, 4), "#f3ead3");
        assert_eq!(level_shade(7, 7, 7), "#f3ead3");
    }
}
