//! The legend beside the board: the game's name and status, the seats in their colours (the seat
//! to move marked), the piece types by letter, the first map's levels, the zones shown, the last
//! move, reserves and prize piles, and the variables.

use std::fmt::Write;

use ludex_ir::{MapId, SetupStep};
use ludex_runtime::{Piece, Value};

use crate::Scene;
use crate::board::level_range;
use crate::layout::Point;
use crate::palette::{self, INK, SHARED_ZONE};
use crate::pieces::{self, Token};
use crate::svg::{centred_text, escape, num};

/// The height of one line of the legend.
const LINE: f64 = 22.0;
/// Space around the legend.
const PAD: f64 = 14.0;
/// Where an entry's text starts, after its swatch.
const TEXT_INDENT: f64 = 26.0;
/// The width of one level's box in a map's swatch.
const LEVEL_BOX: f64 = 22.0;
/// Characters a line of text holds before it wraps.
const WRAP: usize = 46;
/// Variables listed at most.
const MAX_VARIABLES: usize = 24;

/// What stands before an entry's text.
enum Swatch {
    None,
    /// A piece token with a letter (empty for a seat's colour alone).
    Token(Token<'static>, String),
    /// A cell tint.
    Tint(&'static str),
    /// A map's levels, each a box in its shade with its value.
    Levels(Vec<(String, i32)>),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Title,
    Heading,
    Plain,
    /// The seat to move.
    Strong,
}

struct Entry {
    swatch: Swatch,
    text: String,
    style: Style,
}

impl Entry {
    fn text(style: Style, text: impl Into<String>) -> Entry {
        Entry { swatch: Swatch::None, text: text.into(), style }
    }

    fn font_size(&self) -> f64 {
        match self.style {
            Style::Title => 15.0,
            Style::Heading | Style::Plain | Style::Strong => 12.0,
        }
    }

    /// Where the text starts from the legend's left edge.
    fn indent(&self) -> f64 {
        match &self.swatch {
            Swatch::None => 0.0,
            Swatch::Token(..) | Swatch::Tint(_) => TEXT_INDENT,
            Swatch::Levels(levels) => levels.len() as f64 * LEVEL_BOX + 8.0,
        }
    }

    /// An estimate of the entry's width (the picture has no font metrics).
    fn width(&self) -> f64 {
        self.indent() + self.text.chars().count() as f64 * self.font_size() * 0.62
    }
}

pub(crate) struct Legend {
    entries: Vec<Entry>,
    pub size: Point,
}

impl Legend {
    pub fn of(scene: &Scene) -> Legend {
        let mut entries = vec![Entry::text(Style::Title, scene.engine.game.name.clone())];
        entries.extend(wrapped(Style::Plain, &scene.engine.describe_status(scene.state)));
        seats(scene, &mut entries);
        piece_types(scene, &mut entries);
        levels(scene, &mut entries);
        zones(scene, &mut entries);
        if let Some(last) = &scene.picture.last_move {
            let seat = last.seat.map_or(String::new(), |s| format!(" ({})", seat_name(scene, s)));
            entries.extend(wrapped(Style::Plain, &format!("last move: {}{seat}", last.notation)));
        }
        holdings(scene, &mut entries);
        variables(scene, &mut entries);
        let width = entries.iter().map(Entry::width).fold(160.0, f64::max) + 2.0 * PAD;
        let height = entries.len() as f64 * LINE + 2.0 * PAD;
        Legend { entries, size: (width, height) }
    }

    pub fn draw(&self, (left, top): Point, out: &mut String) {
        let _ = write!(out, r#"<g class="legend" fill="{INK}">"#);
        for (index, entry) in self.entries.iter().enumerate() {
            let x = left + PAD;
            let y = top + PAD + (index as f64 + 0.5) * LINE;
            swatch(out, &entry.swatch, (x, y));
            let weight = match entry.style {
                Style::Title | Style::Heading | Style::Strong => r#" font-weight="bold""#,
                Style::Plain => "",
            };
            let _ = write!(
                out,
                r#"<text x="{}" y="{}" font-size="{}" dominant-baseline="central"{weight}>{}</text>"#,
                num(x + entry.indent()),
                num(y),
                num(entry.font_size()),
                escape(&entry.text)
            );
        }
        out.push_str("</g>");
    }
}

fn swatch(out: &mut String, swatch: &Swatch, (x, y): Point) {
    match swatch {
        Swatch::None => {}
        Swatch::Token(token, letter) => pieces::draw(out, token, letter, (x + 9.0, y), 8.5),
        Swatch::Tint(colour) => {
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="18" height="16" fill="{colour}" fill-opacity="0.45" stroke="{INK}" stroke-width="0.5"/>"#,
                num(x),
                num(y - 8.0)
            );
        }
        Swatch::Levels(levels) => {
            for (index, (shade, value)) in levels.iter().enumerate() {
                let left = x + index as f64 * LEVEL_BOX;
                let _ = write!(
                    out,
                    r#"<rect x="{}" y="{}" width="{}" height="18" fill="{shade}" stroke="{INK}" stroke-width="0.5"/>"#,
                    num(left),
                    num(y - 9.0),
                    num(LEVEL_BOX)
                );
                let attributes = format!(r#" fill="{}""#, palette::ink_on(shade));
                centred_text(out, (left + LEVEL_BOX / 2.0, y), 10.0, &attributes, &value.to_string());
            }
        }
    }
}

fn seat_name<'a>(scene: &'a Scene, seat: u8) -> &'a str {
    scene.engine.game.seats.get(seat as usize).map_or("?", |s| s.name.as_str())
}

fn seats(scene: &Scene, entries: &mut Vec<Entry>) {
    let game = &scene.engine.game;
    entries.push(Entry::text(Style::Heading, "Seats"));
    let to_move = scene.engine.seat_to_move(scene.state);
    for (index, (seat, &colour)) in game.seats.iter().zip(&scene.colours).enumerate() {
        let id = index as u8;
        let mut text = seat.name.clone();
        if let Some(team) = seat.team.and_then(|t| game.teams.get(t as usize)) {
            let _ = write!(text, " (team {})", team.name);
        }
        if scene.engine.is_retired(scene.state, id) {
            text.push_str(", retired");
        }
        let style = if to_move == Some(id) {
            text.push_str(" \u{2190} to move");
            Style::Strong
        } else {
            Style::Plain
        };
        entries.push(Entry { swatch: Swatch::Token(Token::Owned { colour }, String::new()), text, style });
    }
}

fn piece_types(scene: &Scene, entries: &mut Vec<Entry>) {
    let game = &scene.engine.game;
    entries.push(Entry::text(Style::Heading, "Pieces"));
    for kind in &game.pieces {
        let token = Token::Owned { colour: "#ffffff" };
        let letter = kind.letter.to_ascii_uppercase().to_string();
        entries.push(Entry {
            swatch: Swatch::Token(token, letter),
            text: kind.name.clone(),
            style: Style::Plain,
        });
    }
    let count = game.board.cell_count();
    let neutral_on_board = (0..count)
        .filter_map(|c| u16::try_from(c).ok())
        .any(|cell| scene.engine.piece_at(scene.state, cell).is_some_and(|p| p.owner.is_none()));
    let neutral_in_setup = game.setup.iter().any(|step| matches!(step, SetupStep::Place { owner: None, .. }));
    if neutral_on_board || neutral_in_setup {
        entries.push(Entry {
            swatch: Swatch::Token(Token::Neutral, String::new()),
            text: "neutral (no seat's)".into(),
            style: Style::Plain,
        });
    }
}

/// The first map's levels, as the cells are shaded.
fn levels(scene: &Scene, entries: &mut Vec<Entry>) {
    let Some(map) = scene.engine.game.maps.first() else { return };
    let count = scene.engine.game.board.cell_count();
    let values: Vec<Option<i32>> = (0..count)
        .filter_map(|c| u16::try_from(c).ok())
        .map(|cell| scene.engine.map_value(scene.state, 0 as MapId, cell))
        .collect();
    let Some((lowest, highest)) = level_range(&values) else { return };
    let mut present: Vec<i32> = values.iter().flatten().copied().collect();
    present.sort_unstable();
    present.dedup();
    let boxes = present.into_iter().map(|v| (palette::level_shade(v, lowest, highest), v)).collect();
    entries.push(Entry {
        swatch: Swatch::Levels(boxes),
        text: format!("map {}", map.name),
        style: Style::Plain,
    });
}

fn zones(scene: &Scene, entries: &mut Vec<Entry>) {
    for &zone in &scene.picture.zones {
        let Some(zone) = scene.engine.game.zones.get(zone as usize) else { continue };
        let (colour, text) = match zone.per_seat {
            true => (
                scene.colours.first().copied().unwrap_or(SHARED_ZONE),
                format!("zone {} (each seat's)", zone.name),
            ),
            false => (SHARED_ZONE, format!("zone {}", zone.name)),
        };
        entries.push(Entry { swatch: Swatch::Tint(colour), text, style: Style::Plain });
    }
}

fn holdings(scene: &Scene, entries: &mut Vec<Entry>) {
    let engine = scene.engine;
    for seat in 0..scene.engine.game.seats.len() as u8 {
        let name = seat_name(scene, seat);
        let token = |piece: &Piece| engine.describe_value(Value::Piece(*piece));
        let reserve: Vec<String> = engine.reserve(scene.state, seat).iter().map(token).collect();
        if !reserve.is_empty() {
            entries.extend(wrapped(Style::Plain, &format!("reserve {name}: {}", counted(&reserve))));
        }
        let prizes: Vec<String> = engine.prizes(scene.state, seat).iter().map(|p| token(&p.piece)).collect();
        if !prizes.is_empty() {
            entries.extend(wrapped(Style::Plain, &format!("prizes {name}: {}", counted(&prizes))));
        }
    }
}

fn variables(scene: &Scene, entries: &mut Vec<Entry>) {
    let engine = scene.engine;
    let mut lines = Vec::new();
    for variable in &engine.game.variables {
        if variable.per_seat {
            for seat in 0..engine.game.seats.len() as u8 {
                let value = engine.variable(scene.state, &variable.name, Some(seat)).unwrap_or(Value::None);
                let seat = seat_name(scene, seat);
                lines.push(format!("{}({seat}) = {}", variable.name, engine.describe_value(value)));
            }
        } else {
            let value = engine.variable(scene.state, &variable.name, None).unwrap_or(Value::None);
            lines.push(format!("{} = {}", variable.name, engine.describe_value(value)));
        }
    }
    if lines.is_empty() {
        return;
    }
    entries.push(Entry::text(Style::Heading, "Variables"));
    let more = lines.len().saturating_sub(MAX_VARIABLES);
    lines.truncate(MAX_VARIABLES);
    if more > 0 {
        lines.push(format!("and {more} more"));
    }
    entries.extend(lines.into_iter().map(|line| Entry::text(Style::Plain, line)));
}

/// Tokens with runs of the same written once with their count: `E1:1 ×6 C`.
fn counted(tokens: &[String]) -> String {
    let mut runs: Vec<(&str, usize)> = Vec::new();
    for token in tokens {
        match runs.last_mut() {
            Some((last, count)) if *last == token.as_str() => *count += 1,
            _ => runs.push((token, 1)),
        }
    }
    let words: Vec<String> = runs
        .into_iter()
        .map(|(token, count)| if count == 1 { token.to_string() } else { format!("{token} \u{d7}{count}") })
        .collect();
    words.join(" ")
}

/// Text broken at spaces into lines of at most [`WRAP`] characters (a longer word stays whole).
fn wrapped(style: Style, text: &str) -> Vec<Entry> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= WRAP => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines.into_iter().map(|line| Entry::text(style, line)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_wraps_at_spaces() {
        let text = "white to move (phase play, turn 12 of the phase, ply 22) and more words here";
        let lines: Vec<String> = wrapped(Style::Plain, text).into_iter().map(|e| e.text).collect();
        assert_eq!(
            lines,
            ["white to move (phase play, turn 12 of the", "phase, ply 22) and more words here"]
        );
    }

    #[test]
    fn runs_of_one_token_are_counted() {
        let tokens: Vec<String> = ["E1:1", "E1:1", "E1:1", "C", "D1:6", "D1:6"].map(String::from).to_vec();
        assert_eq!(counted(&tokens), "E1:1 \u{d7}3 C D1:6 \u{d7}2");
    }
}
