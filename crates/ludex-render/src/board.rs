//! The board: cells shaded (a checkerboard, three hexagon shades, or the first map's levels), map
//! values and hexagonal cell names written in the cells, chosen zones tinted, the last move's cells
//! and arrow, the outline around the board and its holes, the coordinates, and the pieces.

use std::fmt::Write;

use ludex_ir::{BoardKind, CellId, MapId};

use crate::Scene;
use crate::palette::{self, INK, LAST_MOVE, SHARED_ZONE};
use crate::pieces;
use crate::svg::{centred_text, num, points, shrunk};

/// How many distinct values a map has at most to be shown by its shades alone (a map of light and
/// dark squares needs no numbers).
const SHADES_ALONE: usize = 2;

pub(crate) fn draw(scene: &Scene, out: &mut String) {
    cells(scene, out);
    out.push_str(r#"<g pointer-events="none">"#);
    zones(scene, out);
    last_move_cells(scene, out);
    cell_writing(scene, out);
    outline(scene, out);
    coordinates(scene, out);
    pieces::on_board(scene, out);
    last_move_arrow(scene, out);
    out.push_str("</g>");
}

/// The cells' ids, in order.
fn cell_ids(scene: &Scene) -> impl Iterator<Item = CellId> {
    (0..scene.engine.game.board.cell_count()).filter_map(|c| CellId::try_from(c).ok())
}

/// A map's values now, by cell.
fn map_values(scene: &Scene, map: MapId) -> Vec<Option<i32>> {
    cell_ids(scene).map(|cell| scene.engine.map_value(scene.state, map, cell)).collect()
}

/// The lowest and highest of a map's values, if it has any.
pub(crate) fn level_range(values: &[Option<i32>]) -> Option<(i32, i32)> {
    let present = || values.iter().flatten().copied();
    Some((present().min()?, present().max()?))
}

/// The fill of each cell: the first map's level, else the board's own pattern.
fn cell_fills(scene: &Scene) -> Vec<String> {
    let board = &scene.engine.game.board;
    if !scene.engine.game.maps.is_empty() {
        let values = map_values(scene, 0);
        let (lowest, highest) = level_range(&values).unwrap_or((0, 0));
        return values
            .iter()
            .map(|value| {
                value.map_or(palette::NO_LEVEL.to_string(), |v| palette::level_shade(v, lowest, highest))
            })
            .collect();
    }
    board
        .cells
        .iter()
        .map(|cell| match board.kind {
            BoardKind::Square { .. } => palette::SQUARE_SHADES[((cell.file + cell.rank) % 2) as usize],
            BoardKind::Hex { .. } | BoardKind::Rhombus { .. } => {
                // Axial coordinates (x, r): the three side steps change x + 2r by 1 or 2, never 0.
                let r = (cell.y - cell.x).div_euclid(2);
                palette::HEX_SHADES[(cell.x + 2 * r).rem_euclid(3) as usize]
            }
        })
        .map(str::to_string)
        .collect()
}

fn cells(scene: &Scene, out: &mut String) {
    let fills = cell_fills(scene);
    out.push_str(r##"<g class="cells" stroke="#00000033" stroke-width="1">"##);
    for (cell, (shape, fill)) in
        scene.engine.game.board.cells.iter().zip(scene.layout.cells.iter().zip(&fills))
    {
        let _ = write!(
            out,
            r#"<polygon class="cell" data-cell="{}" points="{}" fill="{fill}"/>"#,
            cell.name,
            points(&shape.corners)
        );
    }
    out.push_str("</g>");
}

/// A cell's outline shrunk a little, filled with a tint.
fn tint(scene: &Scene, out: &mut String, cell: CellId, colour: &str, opacity: f64) {
    let Some(shape) = scene.layout.cells.get(cell as usize) else { return };
    let _ = write!(
        out,
        r#"<polygon points="{}" fill="{colour}" fill-opacity="{}"/>"#,
        points(&shrunk(&shape.corners, shape.centre, 0.86)),
        num(opacity)
    );
}

fn zones(scene: &Scene, out: &mut String) {
    for &zone in &scene.picture.zones {
        let Some(zone) = scene.engine.game.zones.get(zone as usize) else { continue };
        for (seat, set) in zone.cells.iter().enumerate() {
            let colour = match zone.per_seat {
                true => scene.colours.get(seat).copied().unwrap_or(SHARED_ZONE),
                false if seat == 0 => SHARED_ZONE,
                false => continue,
            };
            for &cell in &set.cells {
                tint(scene, out, cell, colour, 0.45);
            }
        }
    }
}

fn last_move_cells(scene: &Scene, out: &mut String) {
    let Some(last) = &scene.picture.last_move else { return };
    for (cell, opacity) in [(last.from, 0.35), (last.to, 0.6)] {
        if let Some(cell) = cell {
            tint(scene, out, cell, LAST_MOVE, opacity);
        }
    }
}

/// Map values in the cells' corners (maps of more than two values) and hexagonal cells' names.
fn cell_writing(scene: &Scene, out: &mut String) {
    let game = &scene.engine.game;
    let numbered: Vec<Vec<Option<i32>>> = (0..game.maps.len())
        .filter_map(|map| MapId::try_from(map).ok())
        .map(|map| map_values(scene, map))
        .filter(|values| distinct(values) > SHADES_ALONE)
        .collect();
    let (value_at, name_at) = (scene.layout.value_offset, scene.layout.name_offset);
    let _ = write!(out, r#"<g fill="{INK}" fill-opacity="0.7">"#);
    for (cell, shape) in cell_ids(scene).zip(&scene.layout.cells) {
        let (x, y) = shape.centre;
        let values: Vec<String> = numbered
            .iter()
            .filter_map(|values| values.get(cell as usize).copied().flatten())
            .map(|v| v.to_string())
            .collect();
        if !values.is_empty() {
            centred_text(out, (x + value_at.0, y + value_at.1), 10.0, "", &values.join("/"));
        }
        if let Some((dx, dy)) = name_at {
            centred_text(out, (x + dx, y + dy), 7.5, "", scene.engine.cell_name(cell));
        }
    }
    out.push_str("</g>");
}

fn distinct(values: &[Option<i32>]) -> usize {
    let mut present: Vec<i32> = values.iter().flatten().copied().collect();
    present.sort_unstable();
    present.dedup();
    present.len()
}

fn outline(scene: &Scene, out: &mut String) {
    let mut path = String::new();
    for &((x1, y1), (x2, y2)) in &scene.layout.outline {
        let _ = write!(path, "M{} {}L{} {}", num(x1), num(y1), num(x2), num(y2));
    }
    let _ = write!(
        out,
        r#"<path d="{path}" fill="none" stroke="{INK}" stroke-width="2.5" stroke-linecap="round"/>"#
    );
}

fn coordinates(scene: &Scene, out: &mut String) {
    let _ = write!(out, r##"<g fill="#555555">"##);
    for label in &scene.layout.labels {
        centred_text(out, label.at, 12.0, "", &label.text);
    }
    out.push_str("</g>");
}

/// An arrow from the last move's first cell to its last, stopping short of the piece there.
fn last_move_arrow(scene: &Scene, out: &mut String) {
    let Some(last) = &scene.picture.last_move else { return };
    let (Some(from), Some(to)) = (last.from, last.to) else { return };
    let centre = |cell: CellId| scene.layout.cells.get(cell as usize).map(|shape| shape.centre);
    let (Some(start), Some(end)) = (centre(from), centre(to)) else { return };
    let (dx, dy) = (end.0 - start.0, end.1 - start.1);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1.0 {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let head = 14.0;
    let tip = (end.0 - ux * scene.layout.piece_radius * 0.5, end.1 - uy * scene.layout.piece_radius * 0.5);
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let wing = |side: f64| (base.0 - uy * head * 0.55 * side, base.1 + ux * head * 0.55 * side);
    let _ = write!(
        out,
        r#"<g class="last-move" fill="{LAST_MOVE}" stroke="{LAST_MOVE}" opacity="0.85"><line x1="{}" y1="{}" x2="{}" y2="{}" stroke-width="5" stroke-linecap="round"/><polygon points="{}" stroke="none"/></g>"#,
        num(start.0),
        num(start.1),
        num(base.0),
        num(base.1),
        points(&[tip, wing(1.0), wing(-1.0)])
    );
}
