//! Pieces: a disc in the owner's colour with the type's letter, a neutral piece as a dashed grey
//! square, the value of the type's first attribute (a die's face) in a badge, and on a cell that
//! holds a stack the top piece with the stack's height in a badge at its upper right.

use std::fmt::Write;

use ludex_ir::CellId;
use ludex_runtime::Piece;

use crate::Scene;
use crate::layout::Point;
use crate::palette::{INK, NEUTRAL, ink_on};
use crate::svg::{centred_text, num};

/// How a piece is drawn.
pub(crate) enum Token<'a> {
    /// A seat's piece: a disc in its colour.
    Owned { colour: &'a str },
    /// A piece of no seat.
    Neutral,
}

/// The pieces standing on the board.
pub(crate) fn on_board(scene: &Scene, out: &mut String) {
    let count = scene.engine.game.board.cell_count();
    for (cell, shape) in (0..count).filter_map(|c| CellId::try_from(c).ok()).zip(&scene.layout.cells) {
        if let Some(piece) = scene.engine.piece_at(scene.state, cell) {
            let radius = scene.layout.piece_radius;
            piece_token(scene, out, &piece, shape.centre, radius);
            let height = scene.engine.stack_height(scene.state, cell);
            if height > 1 {
                badge(out, &height.to_string(), shape.centre, radius, Corner::UpperRight);
            }
        }
    }
}

/// A piece drawn at a point: its owner's token, its letter and its first attribute.
pub(crate) fn piece_token(scene: &Scene, out: &mut String, piece: &Piece, centre: Point, radius: f64) {
    let kind = scene.engine.game.pieces.get(piece.kind as usize);
    let letter = kind.map_or('?', |k| k.letter.to_ascii_uppercase());
    let token = match piece.owner {
        Some(seat) => Token::Owned { colour: scene.colours.get(seat as usize).copied().unwrap_or(NEUTRAL) },
        None => Token::Neutral,
    };
    draw(out, &token, &letter.to_string(), centre, radius);
    if let Some(&attribute) = kind.and_then(|k| k.attributes.first()) {
        badge(out, &piece.attribute(attribute).to_string(), centre, radius, Corner::LowerRight);
    }
}

/// A token with its letter.
pub(crate) fn draw(out: &mut String, token: &Token, letter: &str, (x, y): Point, radius: f64) {
    let ink = match token {
        Token::Owned { colour } => {
            let _ = write!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" fill="{colour}" stroke="{INK}" stroke-width="1.5"/>"#,
                num(x),
                num(y),
                num(radius)
            );
            ink_on(colour)
        }
        Token::Neutral => {
            let half = radius * 0.85;
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{NEUTRAL}" stroke="{INK}" stroke-width="1.5" stroke-dasharray="3 2"/>"#,
                num(x - half),
                num(y - half),
                num(2.0 * half),
                num(2.0 * half),
                num(radius * 0.25)
            );
            INK
        }
    };
    centred_text(out, (x, y), radius * 1.05, &format!(r#" font-weight="bold" fill="{ink}""#), letter);
}

/// Where on a token a badge goes.
#[derive(Clone, Copy)]
enum Corner {
    /// An attribute's value.
    LowerRight,
    /// A stack's height.
    UpperRight,
}

/// A small number at a corner of a token.
fn badge(out: &mut String, text: &str, (x, y): Point, radius: f64, corner: Corner) {
    let dy = match corner {
        Corner::LowerRight => radius * 0.78,
        Corner::UpperRight => -radius * 0.78,
    };
    let at = (x + radius * 0.78, y + dy);
    let size = radius * 0.5;
    let _ = write!(
        out,
        r##"<circle cx="{}" cy="{}" r="{}" fill="#ffffff" stroke="{INK}" stroke-width="1"/>"##,
        num(at.0),
        num(at.1),
        num(size)
    );
    centred_text(out, at, size * 1.25, &format!(r#" font-weight="bold" fill="{INK}""#), text);
}
