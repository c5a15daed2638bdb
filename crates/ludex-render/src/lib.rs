//! Pictures of game states for people: any board the language can describe drawn as SVG, and a
//! self-contained HTML page that steps through a recorded game.
//!
//! A picture ([`svg`]) shows the board in its true geometry (square or hexagonal, cells left out by
//! `without` not drawn and the board's outline around them), the first map's levels as shades (and
//! numbers), chosen zones tinted, coordinates around the board (and in each hexagonal cell, whose
//! rank runs up its file), the pieces in their seat's colour with their type's letter, the last
//! move marked, and a legend of seats, pieces, levels, holdings and variables.
//!
//! Each cell is a `<polygon class="cell" data-cell="NAME">`, so a page can find the cell clicked;
//! everything drawn over the cells ignores the pointer.
//!
//! Modules: `layout` (where cells and coordinates go), `palette` (colours), `board` (cells, shades,
//! zones, marks, coordinates), `pieces`, `legend`, `svg` (numbers and escaping), `html` (the replay
//! page).

// No input may make the library panic: errors are returned, never unwrapped (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
#![warn(missing_docs)]

mod board;
mod html;
mod layout;
mod legend;
mod palette;
mod pieces;
mod svg;

use std::fmt::Write;

use ludex_ir::{CellId, SeatId, ZoneId};
use ludex_runtime::{Engine, Move, State};

pub use html::{Frame, replay_page};
pub use palette::{rgb, seat_swatches};

/// What a picture shows besides the state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Picture {
    /// Zones tinted on the board: a per-seat zone in each seat's colour, a shared zone in one tint.
    pub zones: Vec<ZoneId>,
    /// The move that led to the state, marked on the board and named in the legend.
    pub last_move: Option<LastMove>,
}

/// A move as a picture marks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// The cell the move left, shaded lightly; `None` for a move that starts on no cell (a drop,
    /// a pass). With `to`, an arrow is drawn between them.
    pub from: Option<CellId>,
    /// The cell the move reached, shaded more; `None` for a move that ends on no cell (a pass, a
    /// walk off the board).
    pub to: Option<CellId>,
    /// The move in notation.
    pub notation: String,
    /// The seat that played it.
    pub seat: Option<SeatId>,
}

impl LastMove {
    /// The move `mv` as it is about to be played on `before`.
    pub fn of(engine: &Engine, before: &State, mv: Move) -> LastMove {
        LastMove {
            from: mv.from,
            to: mv.to,
            notation: engine.move_notation(before, mv),
            seat: engine.seat_to_move(before),
        }
    }
}

/// Everything a drawing module reads.
pub(crate) struct Scene<'a> {
    pub engine: &'a Engine,
    pub state: &'a State,
    pub picture: &'a Picture,
    pub layout: layout::Layout,
    pub colours: Vec<&'static str>,
}

/// The font of every text in a picture.
const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// The state drawn as a standalone SVG document.
pub fn svg(engine: &Engine, state: &State, picture: &Picture) -> String {
    let scene = Scene {
        engine,
        state,
        picture,
        layout: layout::Layout::new(&engine.game.board),
        colours: palette::seat_colours(&engine.game),
    };
    let legend = legend::Legend::of(&scene);
    let board = scene.layout.size;
    let (width, height) = (board.0 + legend.size.0, board.1.max(legend.size.1));
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="ludex-board" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="{FONT}">"#,
        w = svg::num(width),
        h = svg::num(height),
    );
    let _ =
        write!(out, r##"<rect width="{}" height="{}" fill="#ffffff"/>"##, svg::num(width), svg::num(height));
    board::draw(&scene, &mut out);
    legend.draw((board.0, 0.0), &mut out);
    out.push_str("</svg>\n");
    // One element a line, so that a change to a picture reads as a change to its lines.
    out.replace("><", ">\n<")
}
