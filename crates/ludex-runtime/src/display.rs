//! The state drawn as text for people: the board and the maps beside it (`picture`), whose turn it
//! is, the dice and the turn so far, reserves, prize piles and variables; and the rows of cells
//! that the position format writes a board and a map in.
//!
//! A piece is written as the position format writes it (`K1`, `E2:6`, `C` for a neutral one), so
//! what the screen shows can be copied into a position; a reserve piece leaves out the attributes
//! its drops set as it enters.

use std::fmt::Write;

use ludex_ir::cell_names::file_letters;
use ludex_ir::{ActionKind, AttrId, BoardKind, CellId, Effect, Expr, MapId, SeatId, SetupStep};

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
        let mut out = self.board_picture(state).plain();
        out.push_str(&self.render_details(state));
        out
    }

    /// Everything but the board: whose turn, the dice and the turn so far, holdings, variables.
    pub(crate) fn render_details(&self, state: &State) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.render_status(state));
        self.render_turn(state, &mut out);
        self.render_holdings(state, &mut out);
        self.render_variables(state, &mut out);
        out
    }

    /// The dice (variables the rules set by a roll) and what the turn has done so far, a line each.
    fn render_turn(&self, state: &State, out: &mut String) {
        let dice: Vec<String> =
            self.rolled_variables().into_iter().flat_map(|var| self.variable_words(state, var)).collect();
        if !dice.is_empty() {
            let _ = writeln!(out, "dice: {}", dice.join(", "));
        }
        if state.actions > 0 || state.captures > 0 {
            let _ = writeln!(
                out,
                "this turn: {} taken, {} captured",
                plural(state.actions, "action"),
                plural(state.captures, "piece")
            );
        }
    }

    /// The variables some effect sets to a roll, in declaration order.
    fn rolled_variables(&self) -> Vec<usize> {
        let mut rolled = vec![false; self.game.variables.len()];
        let mut mark = |effect: &Effect| {
            if let Effect::SetVariable { variable, value: Expr::Roll(_), .. } = effect
                && let Some(slot) = rolled.get_mut(*variable as usize)
            {
                *slot = true;
            }
        };
        for effects in self.all_effects() {
            Effect::visit_all(effects, &mut mark);
        }
        (0..rolled.len()).filter(|&v| rolled[v]).collect()
    }

    /// Every list of effects the rules write: setup, turns, actions and the capture rule.
    fn all_effects(&self) -> Vec<&[Effect]> {
        let game = &self.game;
        let setup = game.setup.iter().filter_map(|step| match step {
            SetupStep::Effect(effect) => Some(std::slice::from_ref(effect)),
            SetupStep::Place { .. } | SetupStep::Reserve { .. } => None,
        });
        let turns = game.phases.iter().flat_map(|p| [p.turn.start.as_slice(), p.turn.after.as_slice()]);
        let actions = game.actions.iter().map(|a| a.then.as_slice());
        setup.chain(turns).chain(actions).chain([game.capture.then.as_slice()]).collect()
    }

    /// `name = value`, or for a per-seat variable one `name(seat) = value` a seat; a cell's value
    /// is followed by the maps' values there: `goal = c3 (height 2)`.
    fn variable_words(&self, state: &State, var: usize) -> Vec<String> {
        let Some(variable) = self.game.variables.get(var) else { return Vec::new() };
        let seats: Vec<Option<SeatId>> = match variable.per_seat {
            true => (0..self.seat_count() as SeatId).map(Some).collect(),
            false => vec![None],
        };
        seats
            .into_iter()
            .map(|seat| {
                let value = self.variable_value(state, var, seat);
                let name = match seat {
                    Some(seat) => format!("{}({})", variable.name, self.seat_name(seat)),
                    None => variable.name.clone(),
                };
                format!("{name} = {}{}", self.value_text(value), self.map_values_at(state, value))
            })
            .collect()
    }

    /// ` (level 2)` for a cell the maps give values; empty for anything else.
    fn map_values_at(&self, state: &State, value: Value) -> String {
        let Value::Cell(cell) = value else { return String::new() };
        let values: Vec<String> = (0..self.game.maps.len())
            .filter_map(|map| {
                let v = self.map_value(state, map as MapId, cell)?;
                Some(format!("{} {v}", self.game.maps.get(map)?.name))
            })
            .collect();
        if values.is_empty() { String::new() } else { format!(" ({})", values.join(", ")) }
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
            let reserve = state.reserve_of(seat);
            if !reserve.is_empty() {
                let tokens: Vec<String> = reserve.iter().map(|p| self.reserve_token(p)).collect();
                let _ = writeln!(out, "reserve {}: {}", self.seat_name(seat), counted(&tokens).join(" "));
            }
            let prizes: Vec<String> = state
                .prizes_of(seat)
                .iter()
                .map(|p| {
                    let cell = p.cell.map_or(String::new(), |c| format!(" on {}", self.cell_name(c)));
                    format!("{} (worth {}{cell})", self.piece_token(&p.piece), p.value)
                })
                .collect();
            if !prizes.is_empty() {
                let _ = writeln!(out, "prizes {}: {}", self.seat_name(seat), prizes.join(", "));
            }
        }
    }

    /// A reserve piece as the position format writes it (without its seat), leaving out the
    /// attributes every drop of its type sets as it enters: they are not the values it will have.
    fn reserve_token(&self, piece: &Piece) -> String {
        let kind = self.game.pieces.get(piece.kind as usize);
        let mut token = kind.map_or('?', |k| k.letter.to_ascii_uppercase()).to_string();
        let set_on_entry = |attribute: AttrId| {
            let mut drops = self
                .game
                .actions
                .iter()
                .filter_map(|action| match &action.kind {
                    ActionKind::Drop { with, .. } if action.pieces.contains(&piece.kind) => Some(with),
                    _ => None,
                })
                .peekable();
            drops.peek().is_some() && drops.all(|with| with.iter().any(|(a, _)| *a == attribute))
        };
        for &attribute in kind.map_or(&[][..], |k| k.attributes.as_slice()) {
            if !set_on_entry(attribute) {
                let _ = write!(token, ":{}", piece.attribute(attribute));
            }
        }
        token
    }

    /// The variables that are not dice, one line a variable (a per-seat one listing every seat).
    fn render_variables(&self, state: &State, out: &mut String) {
        let rolled = self.rolled_variables();
        for var in (0..self.game.variables.len()).filter(|v| !rolled.contains(v)) {
            let _ = writeln!(out, "{}", self.variable_words(state, var).join(", "));
        }
    }

    pub(crate) fn variable_value(&self, state: &State, var: usize, seat: Option<u8>) -> Value {
        let slot = u16::try_from(var).ok().and_then(|v| self.variable_slot(v, seat));
        slot.and_then(|s| state.variables.get(s as usize).copied()).unwrap_or(Value::None)
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
            let letters: Vec<String> = (1..=width).map(file_letters).collect();
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

    /// A value in words: numbers, `true`/`false`, `none`, and names for cells, seats, types and
    /// phases; pieces as in the position format.
    pub fn value_text(&self, value: Value) -> String {
        match value {
            Value::None => "none".into(),
            Value::Int(n) => n.to_string(),
            Value::Decimal(d) => d.to_string(),
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

/// Equal neighbours counted: `E*6 C`.
fn counted(tokens: &[String]) -> Vec<String> {
    let mut words: Vec<(String, usize)> = Vec::new();
    for token in tokens {
        match words.last_mut() {
            Some((last, count)) if last == token => *count += 1,
            _ => words.push((token.clone(), 1)),
        }
    }
    words.into_iter().map(|(t, n)| if n > 1 { format!("{t}*{n}") } else { t }).collect()
}

/// `1 action`, `2 actions`.
fn plural(count: u32, noun: &str) -> String {
    if count == 1 { format!("1 {noun}") } else { format!("{count} {noun}s") }
}
