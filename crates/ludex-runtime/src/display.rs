//! The state drawn as text for people: the board with file letters and rank numbers (top row
//! first; hexagonal boards as a honeycomb, each file a column), whose turn it is, reserves, prize
//! piles, variables and rotated maps.
//!
//! A piece is its letter, upper case for the first seat, lower case for the second, followed by
//! the seat number for later seats (`D3:6`) and marked `*` when neutral (`*C`); then the value of
//! its first attribute if it has one (`D6`).

use std::fmt::Write;

use ludex_ir::{BoardKind, CellId};

use super::state::{Piece, State};
use super::value::Value;
use super::{Engine, Status};

/// How a grid over the board is drawn.
#[derive(Clone, Copy)]
pub(crate) struct Grid<'a> {
    pub indent: &'a str,
    /// Each row led by its label (rank number or file letter).
    pub labelled: bool,
    /// File letters above and below (square boards).
    pub files: bool,
    /// The least width of a column.
    pub min_width: usize,
}

/// Pads a line with spaces up to a column.
fn pad_to(line: &mut String, column: usize) {
    while line.len() < column {
        line.push(' ');
    }
}

/// One line of the drawn board: its label and its cells in order.
pub(crate) struct Row {
    pub label: String,
    pub cells: Vec<CellId>,
}

impl Engine {
    /// The board's cells in drawing order: square boards rank by rank from the top, files left to
    /// right; hexagonal boards file by file, ranks from the bottom.
    pub(crate) fn rows(&self) -> Vec<Row> {
        let board = &self.game.board;
        let mut rows: Vec<Row> = Vec::new();
        let square = matches!(board.kind, BoardKind::Square { .. });
        let mut order: Vec<CellId> = (0..board.cell_count() as CellId).collect();
        let line_of = |c: &CellId| {
            let cell = &board.cells[*c as usize];
            if square { (u32::MAX - cell.rank, cell.file) } else { (cell.file, cell.rank) }
        };
        order.sort_by_key(line_of);
        for cell in order {
            let info = &board.cells[cell as usize];
            let label = if square {
                info.rank.to_string()
            } else {
                info.name.trim_end_matches(char::is_numeric).into()
            };
            match rows.last_mut() {
                Some(row) if row.label == label => row.cells.push(cell),
                _ => rows.push(Row { label, cells: vec![cell] }),
            }
        }
        rows
    }

    pub(crate) fn render(&self, state: &State) -> String {
        let mut out = self.render_board(state);
        let _ = writeln!(out, "{}", self.render_status(state));
        self.render_holdings(state, &mut out);
        self.render_variables(state, &mut out);
        self.render_maps(state, &mut out);
        out
    }

    fn render_board(&self, state: &State) -> String {
        let token = |c: CellId| state.piece(c).map_or(".".to_string(), |p| self.piece_label(&p));
        match self.game.board.kind {
            BoardKind::Hex { .. } | BoardKind::Rhombus { .. } => self.honeycomb_text(token),
            BoardKind::Square { .. } => {
                self.grid_text(Grid { indent: "", labelled: true, files: true, min_width: 2 }, token)
            }
        }
    }

    /// A hexagonal board drawn as it looks: each file a column, each cell half a row above or
    /// below its neighbours in the next file; file letters above and below.
    fn honeycomb_text(&self, token: impl Fn(CellId) -> String) -> String {
        let board = &self.game.board;
        let tokens: Vec<String> = (0..board.cell_count() as CellId).map(token).collect();
        let width = tokens.iter().map(String::len).max().unwrap_or(1).max(3);
        let (Some(left), Some(top), Some(bottom)) = (
            board.cells.iter().map(|c| c.x).min(),
            board.cells.iter().map(|c| c.y).max(),
            board.cells.iter().map(|c| c.y).min(),
        ) else {
            return String::new();
        };
        let column = |x: i32| (x - left) as usize * (width + 1);
        let mut files = String::new();
        for cell in board.cells.iter().filter(|c| c.rank == 1) {
            let letter = cell.name.trim_end_matches(char::is_numeric);
            pad_to(&mut files, column(cell.x));
            files.push_str(&format!("{letter:^width$}"));
        }
        let mut out = format!("{}\n", files.trim_end());
        for y in (bottom..=top).rev() {
            let mut line = String::new();
            // Left to right (a rhombus lists its cells rank by rank, so a line's come right to left).
            let mut on_line: Vec<(usize, &ludex_ir::Cell)> =
                board.cells.iter().enumerate().filter(|(_, c)| c.y == y).collect();
            on_line.sort_by_key(|(_, info)| info.x);
            for (cell, info) in on_line {
                pad_to(&mut line, column(info.x));
                line.push_str(&format!("{:^width$}", tokens[cell]));
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
        let _ = writeln!(out, "{}", files.trim_end());
        out
    }

    pub(crate) fn render_status(&self, state: &State) -> String {
        let phase = self.game.phases.get(state.phase as usize).map_or("?", |p| p.name.as_str());
        let seat = self.seat_name(self.current_seat(state));
        let progress =
            format!("phase {phase}, turn {} of the phase, ply {}", u64::from(state.turns) + 1, state.plies);
        match self.status(state) {
            Status::Decision { .. } => format!("{seat} to move ({progress})"),
            Status::Chance { sides } => {
                format!(
                    "{seat}'s turn, rolling a d{sides} ({} rolls pending; {progress})",
                    state.pending.len()
                )
            }
            Status::Over(result) => {
                let places: Vec<String> = (0..result.places.len())
                    .map(|s| format!("{} {}", self.seat_name(s as u8), result.places[s]))
                    .collect();
                format!("game over: {} ({})", places.join(", "), result.reason)
            }
        }
    }

    fn render_holdings(&self, state: &State, out: &mut String) {
        let retired: Vec<&str> = (0..self.seat_count() as u8)
            .filter(|&s| state.is_retired(s))
            .map(|s| self.seat_name(s))
            .collect();
        if !retired.is_empty() {
            let _ = writeln!(out, "retired: {}", retired.join(", "));
        }
        for seat in 0..self.seat_count() as u8 {
            let reserve: Vec<String> = state.reserve_of(seat).iter().map(|p| self.piece_label(p)).collect();
            if !reserve.is_empty() {
                let _ = writeln!(out, "reserve {}: {}", self.seat_name(seat), reserve.join(" "));
            }
            let prizes: Vec<String> = state
                .prizes_of(seat)
                .iter()
                .map(|p| {
                    let cell = p.cell.map_or(String::new(), |c| format!(" on {}", self.cell_name(c)));
                    format!("{} (worth {}{cell})", self.piece_label(&p.piece), p.value)
                })
                .collect();
            if !prizes.is_empty() {
                let _ = writeln!(out, "prizes {}: {}", self.seat_name(seat), prizes.join(", "));
            }
        }
    }

    fn render_variables(&self, state: &State, out: &mut String) {
        let mut shown = Vec::new();
        for (var, variable) in self.game.variables.iter().enumerate() {
            if variable.per_seat {
                for seat in 0..self.seat_count() as u8 {
                    let value = self.variable_value(state, var, Some(seat));
                    shown.push(format!(
                        "{}({}) = {}",
                        variable.name,
                        self.seat_name(seat),
                        self.value_text(value)
                    ));
                }
            } else {
                let value = self.variable_value(state, var, None);
                shown.push(format!("{} = {}", variable.name, self.value_text(value)));
            }
        }
        if !shown.is_empty() {
            let _ = writeln!(out, "variables: {}", shown.join(", "));
        }
    }

    pub(crate) fn variable_value(&self, state: &State, var: usize, seat: Option<u8>) -> Value {
        let slot = u16::try_from(var).ok().and_then(|v| self.variable_slot(v, seat));
        slot.and_then(|s| state.variables.get(s as usize).copied()).unwrap_or(Value::None)
    }

    fn render_maps(&self, state: &State, out: &mut String) {
        for (index, map) in self.game.maps.iter().enumerate() {
            if map.mutable {
                let _ = writeln!(out, "map {}:", map.name);
                out.push_str(&self.map_grid(state, index as u8, "  "));
            }
        }
    }

    /// A map's values in the board's drawing order, one row a line.
    pub(crate) fn map_grid(&self, state: &State, map: u8, indent: &str) -> String {
        let grid = Grid { indent, labelled: false, files: false, min_width: 1 };
        self.grid_text(grid, |c| self.map_value(state, map, c).map_or(".".to_string(), |v| v.to_string()))
    }

    /// The board's rows as text, one line a row in drawing order, the tokens in aligned columns.
    pub(crate) fn grid_text(&self, grid: Grid, token: impl Fn(CellId) -> String) -> String {
        let rows = self.rows();
        let mut lines: Vec<(String, Vec<String>)> =
            rows.iter().map(|r| (r.label.clone(), r.cells.iter().map(|&c| token(c)).collect())).collect();
        if let (true, BoardKind::Square { width, .. }) = (grid.files, self.game.board.kind) {
            let letters: Vec<String> = (0..width).map(|f| ((b'a' + f as u8) as char).to_string()).collect();
            lines.insert(0, (String::new(), letters.clone()));
            lines.push((String::new(), letters));
        }
        let width = lines.iter().flat_map(|(_, t)| t).map(String::len).max().unwrap_or(1).max(grid.min_width);
        let label_width = lines.iter().map(|(label, _)| label.len()).max().unwrap_or(1);
        let mut out = String::new();
        for (label, tokens) in &lines {
            let cells: Vec<String> = tokens.iter().map(|t| format!("{t:width$}")).collect();
            let label = if grid.labelled { format!("{label:>label_width$} ") } else { String::new() };
            let _ = writeln!(out, "{}{label}{}", grid.indent, cells.join(" ").trim_end());
        }
        out
    }

    /// A piece for people (see the module doc).
    pub(crate) fn piece_label(&self, piece: &Piece) -> String {
        let kind = self.game.pieces.get(piece.kind as usize);
        let letter = kind.map_or('?', |k| k.letter);
        let (name, separator) = match piece.owner {
            None => (format!("*{}", letter.to_ascii_uppercase()), ""),
            Some(0) => (letter.to_ascii_uppercase().to_string(), ""),
            Some(1) => (letter.to_ascii_lowercase().to_string(), ""),
            Some(seat) => (format!("{}{}", letter.to_ascii_uppercase(), seat as u32 + 1), ":"),
        };
        match kind.and_then(|k| k.attributes.first()) {
            Some(&attribute) => format!("{name}{separator}{}", piece.attribute(attribute)),
            None => name,
        }
    }

    /// A value in words: numbers, `true`/`false`, `none`, and names for cells, seats, types and
    /// phases; pieces as in the position format.
    pub fn value_text(&self, value: Value) -> String {
        match value {
            Value::None => "none".into(),
            Value::Int(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Cell(c) => self.cell_name(c).into(),
            Value::Seat(s) => self.seat_name(s).into(),
            Value::Piece(p) | Value::Placed(p, _) => self.piece_token(&p),
            Value::Prize(p) => self.piece_token(&p.piece),
            Value::PieceType(t) => self.game.pieces.get(t as usize).map_or("?".into(), |k| k.name.clone()),
            Value::Phase(p) => self.game.phases.get(p as usize).map_or("?".into(), |k| k.name.clone()),
        }
    }
}
