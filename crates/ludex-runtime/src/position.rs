//! Positions as text: the format scenario tests and tools write states in, read and written here.
//!
//! One statement a line; `#` starts a comment; blank lines are ignored; keywords, names, letters
//! and cells are case-insensitive. Every line is optional: what is not given keeps its value in a
//! fresh game (an empty board, empty reserves and prize piles, variables at their initial values,
//! maps as drawn, the first seat of the first phase to move, counters at 0).
//!
//! ```text
//! phase play                 # the current phase
//! turn black                 # the seat to act; `turn SEAT N` picks its Nth place in the order
//! turns 4                    # turns completed in the phase
//! actions 1                  # actions already taken this turn
//! captures 1                 # pieces captured this turn
//! passes 1                   # turns in a row that were passes
//! ply 9                      # moves played so far
//! last white                 # the seat that acted last (`none` at the start)
//! retired grey               # seats that have left the game
//! variable quiet = 2         # a variable; per-seat ones as `variable score(white) = 3`
//! reserve white D R*5 X:3    # reserve pieces: LETTER[:ATTRIBUTES][*COUNT]
//! prizes black D1:4@e4=4     # prizes: PIECE[@CELL][=VALUE] (value defaults to the piece's value)
//! map level                  # a rotatable map, then one line of values (or `.`) per board row
//! 1 2 3
//! ...
//! board                      # the board, then one line per row in drawing order, optionally
//! 3 D1:6 .    .              # led by the row's label: square boards top rank first (labelled by
//! 2 .    d2:1 .              # rank), hexagonal boards one line per file, ranks from the bottom
//! 1 .    .    C              # (labelled by file letter)
//! pieces D1:6@a3 C@c1        # pieces put on single cells (after or instead of `board`)
//! roll 6 attribute e4 face   # pending rolls in order: `roll SIDES attribute CELL ATTRIBUTE`
//! roll 6 variable score(white)  #   or `roll SIDES variable NAME[(SEAT)]`
//! resume action              # what follows the rolls: `setup`, `action` or `turn` (the default)
//! result 1 2 white wins      # the game is over: each seat's place, then the reason
//! scores 7 -7.5              # and each seat's score (whole or decimal), when the rules give one
//! history 9e3779b97f4a7c15 c2b2ae3d27d4eb4f  # position hashes so far, the current one last
//! boards 3c6ef372fe94f82b 9e3779b97f4a7c15   # the boards' hashes alone, at the same points
//! ```
//!
//! `history` is written only for rules that ask for `repetitions`, `boards` for rules that ask for
//! `repetitions(board)`; without them, a position read at a decision point starts its histories
//! with itself. Without `result`, a position read at a decision
//! point is judged by the end rules at once, as if its last move had just been played.
//!
//! A PIECE is its type's letter, the owner's seat number (1-based; none for a neutral piece) and
//! optionally `:` and the values of the type's attributes in order: `D1:6`, `d2:1`, `C`. Variable
//! values are numbers, `true`/`false`, `none`, or names of cells, seats, piece types and phases, or
//! PIECEs, as the variable's type says.

// Numbers and indices here come from the input: arithmetic is checked or saturating, indexing
// by `get` (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::arithmetic_side_effects, clippy::indexing_slicing))]

use std::fmt::Write;

use ludex_ir::{AttrId, CellId, Limit, Number, PhaseId, SeatId, Stacking, ValueType, VarId};

use super::history::Repeated;
use super::state::{PendingRoll, Piece, Prize, Resume, RollTarget, State};
use super::value::Value;
use super::{EndReason, Engine, GameResult};

/// The most characters of the input a message quotes.
const QUOTED_CHARS: usize = 40;
/// The longest message about a line, whatever it quotes of the line.
const MESSAGE_CHARS: usize = 240;
/// The most positions a `history` line may hold.
const MAX_HISTORY: usize = 1 << 20;

type Line<'t> = (usize, &'t str);

/// A problem with the position text, on the statement's line unless another line is named.
struct Error {
    line: Option<usize>,
    message: String,
}

impl From<String> for Error {
    fn from(message: String) -> Error {
        Error { line: None, message }
    }
}

impl From<&str> for Error {
    fn from(message: &str) -> Error {
        message.to_string().into()
    }
}

pub(crate) fn read(engine: &Engine, text: &str) -> Result<State, String> {
    let lines: Vec<Line> = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index.saturating_add(1), line.split('#').next().unwrap_or("").trim()))
        .filter(|(_, line)| !line.is_empty())
        .collect();
    let mut reader = Reader { engine, state: engine.blank_state(), turn: None, history: false };
    let mut rest = lines.as_slice();
    while let Some((&(number, line), tail)) = rest.split_first() {
        rest = tail;
        reader.statement(number, line, &mut rest).map_err(|e| {
            format!("line {}: {}", e.line.unwrap_or(number), ludex_ir::quote(&e.message, MESSAGE_CHARS))
        })?;
    }
    reader.finish()
}

struct Reader<'e> {
    engine: &'e Engine,
    state: State,
    /// The `turn` line, resolved once the phase is known.
    turn: Option<(usize, SeatId, Option<usize>)>,
    /// A `history` line was read.
    history: bool,
}

impl Reader<'_> {
    fn statement<'t>(&mut self, number: usize, line: &str, rest: &mut &'t [Line<'t>]) -> Result<(), Error> {
        let (keyword, args) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let args = args.trim();
        match keyword.to_ascii_lowercase().as_str() {
            "phase" => self.state.phase = self.phase(args)?,
            "turn" => self.turn(number, args, line)?,
            "turns" => self.state.turns = parse_number(args)?,
            "actions" => self.state.actions = parse_number(args)?,
            "captures" => self.state.captures = parse_number(args)?,
            "passes" => self.state.passes = parse_number(args)?,
            "ply" => self.state.plies = parse_number(args)?,
            "last" => self.state.last_mover = self.optional_seat(args)?,
            "variable" => self.variable(args)?,
            "reserve" => self.reserve(args)?,
            "prizes" => self.prizes(args)?,
            "map" => self.map(args, rest)?,
            "board" => self.board(rest)?,
            "roll" => self.roll(args)?,
            "resume" => self.state.resume = resume(args)?,
            "result" => self.result(args)?,
            "scores" => self.scores(args)?,
            "retired" => self.retired(args)?,
            "pieces" => self.pieces(args)?,
            "history" => self.history(args, Repeated::Position)?,
            "boards" => self.history(args, Repeated::Board)?,
            other => return Err(format!("unknown statement `{other}`").into()),
        }
        Ok(())
    }

    fn finish(mut self) -> Result<State, String> {
        // Read in any order, kept sorted: sorted once here rather than prize by prize.
        self.state.prizes.sort();
        let limits = &self.engine.game.limits;
        let held = self.state.reserve.len().saturating_add(self.state.prizes.len());
        let pieces = self.state.board.iter().flatten().count().saturating_add(held);
        if pieces > limits.max_pieces {
            return Err(over_limit(Limit::Pieces, limits.max_pieces, "pieces in all"));
        }
        let order = self.engine.order(self.state.phase);
        if let Some((number, seat, nth)) = self.turn {
            let mut places = order.iter().enumerate().filter(|(_, s)| **s == seat).map(|(i, _)| i);
            let place = places.nth(nth.unwrap_or(1).saturating_sub(1));
            let name = self.engine.seat_name(seat);
            let place = place
                .ok_or_else(|| format!("line {number}: {name} does not take that turn in this phase"))?;
            self.state.order_index = place as u16;
        }
        if self.state.pending.is_empty() {
            self.state.resume = Resume::Decision;
            if !self.history && self.state.result.is_none() {
                self.engine.record_position(&mut self.state);
            }
            self.engine.judge(&mut self.state);
        }
        Ok(self.state)
    }

    /// `history H H ...` (the positions' hashes) or `boards H H ...` (the boards' hashes).
    fn history(&mut self, args: &str, repeated: Repeated) -> Result<(), String> {
        self.history = true;
        let history = match repeated {
            Repeated::Position => &mut self.state.history,
            Repeated::Board => &mut self.state.board_history,
        };
        for word in args.split_whitespace() {
            let hash =
                u64::from_str_radix(word, 16).map_err(|_| format!("`{word}` is not a position hash"))?;
            if history.len() >= MAX_HISTORY {
                return Err(format!("more than {MAX_HISTORY} positions in the history"));
            }
            history.push(hash);
        }
        Ok(())
    }

    fn phase(&self, name: &str) -> Result<PhaseId, String> {
        let index = self.engine.game.phases.iter().position(|p| p.name.eq_ignore_ascii_case(name));
        index.and_then(|i| PhaseId::try_from(i).ok()).ok_or_else(|| format!("no phase `{name}`"))
    }

    fn turn(&mut self, number: usize, args: &str, line: &str) -> Result<(), String> {
        let mut words = args.split_whitespace();
        let seat = self.seat(words.next().unwrap_or(""))?;
        let nth = words.next().map(parse_number::<usize>).transpose()?;
        if words.next().is_some() {
            return Err(format!("expected `turn SEAT [N]`, found `{line}`"));
        }
        self.turn = Some((number, seat, nth));
        Ok(())
    }

    fn seat(&self, name: &str) -> Result<SeatId, String> {
        self.engine.seat_named(name).ok_or_else(|| format!("no seat `{name}`"))
    }

    fn optional_seat(&self, name: &str) -> Result<Option<SeatId>, String> {
        if name.eq_ignore_ascii_case("none") { Ok(None) } else { self.seat(name).map(Some) }
    }

    fn cell(&self, name: &str) -> Result<CellId, String> {
        self.engine.cell_named(name).ok_or_else(|| format!("no cell `{name}`"))
    }

    /// `NAME = VALUE` or `NAME(SEAT) = VALUE`.
    fn variable(&mut self, args: &str) -> Result<(), String> {
        let (name, value) = args.split_once('=').ok_or("expected `variable NAME = VALUE`")?;
        let slot = self.variable_slot(name.trim())?;
        let ty = self.engine.game.variables.get(slot.1).map_or(ValueType::Int, |v| v.ty);
        let value = self.value(value.trim(), ty)?;
        if let Some(variable) = self.state.variables.get_mut(slot.0 as usize) {
            *variable = value;
        }
        Ok(())
    }

    /// The state slot and the variable index of `NAME` or `NAME(SEAT)`.
    fn variable_slot(&self, text: &str) -> Result<(u32, usize), String> {
        let (name, seat) = match text.split_once('(') {
            Some((name, seat)) => {
                let seat = seat.strip_suffix(')').ok_or_else(|| format!("missing `)` in `{text}`"))?;
                (name.trim(), Some(self.seat(seat.trim())?))
            }
            None => (text, None),
        };
        let index = self.engine.game.variables.iter().position(|v| v.name.eq_ignore_ascii_case(name));
        let index = index.ok_or_else(|| format!("no variable `{name}`"))?;
        let per_seat = self.engine.game.variables.get(index).is_some_and(|v| v.per_seat);
        let slot = VarId::try_from(index).ok().and_then(|v| self.engine.variable_slot(v, seat));
        match slot {
            Some(slot) if per_seat == seat.is_some() => Ok((slot, index)),
            _ if per_seat => Err(format!("`{name}` is per seat: write `{name}(SEAT)`")),
            _ => Err(format!("`{name}` is not per seat")),
        }
    }

    fn value(&self, text: &str, ty: ValueType) -> Result<Value, String> {
        if text.eq_ignore_ascii_case("none") {
            return Ok(Value::None);
        }
        let named = |names: Vec<&String>| names.iter().position(|n| n.eq_ignore_ascii_case(text));
        let game = &self.engine.game;
        let found = match ty {
            ValueType::Int => text.parse().ok().map(Value::Int),
            ValueType::Bool => text.to_ascii_lowercase().parse().ok().map(Value::Bool),
            ValueType::Cell => self.engine.cell_named(text).map(Value::Cell),
            ValueType::Seat => self.engine.seat_named(text).map(Value::Seat),
            ValueType::PieceType => {
                named(game.pieces.iter().map(|p| &p.name).collect()).map(|t| Value::PieceType(t as u8))
            }
            ValueType::Phase => {
                named(game.phases.iter().map(|p| &p.name).collect()).map(|p| Value::Phase(p as u8))
            }
            ValueType::Piece => Some(Value::Piece(self.piece(text, None)?)),
            ValueType::Decimal => text.parse().ok().map(Value::of_number),
        };
        found.ok_or_else(|| format!("`{text}` is not a {ty:?} value"))
    }

    /// `LETTER[SEAT][:V1:V2...]`; `owner` is given for reserve pieces, which have no seat number.
    fn piece(&self, token: &str, owner: Option<SeatId>) -> Result<Piece, String> {
        let (head, values) = token.split_once(':').map_or((token, None), |(h, v)| (h, Some(v)));
        let mut chars = head.chars();
        let letter = chars.next().ok_or("empty piece")?;
        let seat_text = chars.as_str();
        let kind = self.engine.game.pieces.iter().position(|p| p.letter.eq_ignore_ascii_case(&letter));
        let kind = kind.ok_or_else(|| format!("no piece type with letter `{letter}` (in `{token}`)"))? as u8;
        let owner = match (owner, seat_text) {
            (Some(seat), "") => Some(seat),
            (Some(_), _) => return Err(format!("a reserve piece has no seat number: `{token}`")),
            (None, "") => None,
            (None, number) => Some(self.seat_number(number, token)?),
        };
        let mut piece = self.engine.fresh_piece(kind, owner);
        if let Some(values) = values {
            self.attribute_values(&mut piece, values, token)?;
        }
        Ok(piece)
    }

    fn seat_number(&self, text: &str, token: &str) -> Result<SeatId, String> {
        let number: usize = text.parse().map_err(|_| format!("bad seat number in `{token}`"))?;
        match number.checked_sub(1) {
            Some(seat) if seat < self.engine.seat_count() => Ok(seat as SeatId),
            _ => Err(format!("no seat {text} (in `{token}`)")),
        }
    }

    fn attribute_values(&self, piece: &mut Piece, values: &str, token: &str) -> Result<(), String> {
        let game = &self.engine.game;
        let attributes = game.pieces.get(piece.kind as usize).map_or(&[][..], |t| t.attributes.as_slice());
        let values: Vec<&str> = values.split(':').collect();
        if values.len() > attributes.len() {
            return Err(format!(
                "`{token}` has {} attribute values, its type has {}",
                values.len(),
                attributes.len()
            ));
        }
        for (&attribute, text) in attributes.iter().zip(values) {
            let value: i32 =
                text.parse().map_err(|_| format!("bad attribute value `{text}` in `{token}`"))?;
            let range = game.attributes.get(attribute as usize).ok_or("bad attribute")?;
            let slot = piece.attributes.get_mut(attribute as usize);
            match slot {
                Some(slot) if (range.min..=range.max).contains(&value) => *slot = value,
                _ => {
                    return Err(format!(
                        "{} must be {} to {} (in `{token}`)",
                        range.name, range.min, range.max
                    ));
                }
            }
        }
        Ok(())
    }

    fn reserve(&mut self, args: &str) -> Result<(), String> {
        let mut words = args.split_whitespace();
        let seat = self.seat(words.next().unwrap_or(""))?;
        let most = self.engine.game.limits.max_reserve;
        for token in words {
            let (token, count) = match token.split_once('*') {
                Some((token, count)) => {
                    (token, count.parse::<usize>().map_err(|_| format!("bad count `{}`", quote(count)))?)
                }
                None => (token, 1),
            };
            if count > most.saturating_sub(self.state.reserve.len()) {
                return Err(over_limit(Limit::Reserve, most, "pieces in the reserves"));
            }
            let piece = self.piece(token, Some(seat))?;
            self.state.add_many_to_reserve(piece, count);
        }
        Ok(())
    }

    /// `SEAT PIECE[@CELL][=VALUE]...`
    fn prizes(&mut self, args: &str) -> Result<(), String> {
        let mut words = args.split_whitespace();
        let holder = self.seat(words.next().unwrap_or(""))?;
        let most = self.engine.game.limits.max_prizes;
        for token in words {
            if self.state.prizes.len() >= most {
                return Err(over_limit(Limit::Prizes, most, "pieces in the prize piles"));
            }
            let (token, value) = token.split_once('=').map_or((token, None), |(t, v)| (t, Some(v)));
            let (token, cell) = token.split_once('@').map_or((token, None), |(t, c)| (t, Some(c)));
            let piece = self.piece(token, None)?;
            let cell = cell.map(|c| self.cell(c)).transpose()?;
            let value = match value {
                Some(v) => v.parse().map_err(|_| format!("bad value `{v}`"))?,
                None => self
                    .engine
                    .piece_value(&self.state, &super::eval::Ctx::new(None, None), piece)
                    .unwrap_or(0),
            };
            self.state.prizes.push(Prize { holder, piece, value, cell });
        }
        Ok(())
    }

    fn map<'t>(&mut self, name: &str, rest: &mut &'t [Line<'t>]) -> Result<(), Error> {
        let game = &self.engine.game;
        let index = game.maps.iter().position(|m| m.name.eq_ignore_ascii_case(name));
        let index = index.ok_or_else(|| format!("no map `{name}`"))?;
        let offset = self
            .engine
            .mutable_map_offset(index as u8)
            .ok_or_else(|| format!("map `{name}` never changes"))?;
        for (cell, text) in self.grid(rest, "map")? {
            let value = if text == "." {
                None
            } else {
                Some(text.parse().map_err(|_| format!("bad map value `{text}`"))?)
            };
            if let Some(slot) = self.state.maps.get_mut(offset.saturating_add(cell as usize)) {
                *slot = value;
            }
        }
        Ok(())
    }

    fn board<'t>(&mut self, rest: &mut &'t [Line<'t>]) -> Result<(), Error> {
        for (cell, token) in self.grid(rest, "board")? {
            if token != "." {
                self.place_stack(cell, token)?;
            }
        }
        Ok(())
    }

    /// Puts the pieces of a cell's token on it: `PIECE`, or on a board with stacks several,
    /// bottom first, `PIECE/PIECE`, each maybe repeated (`O1*5`).
    fn place_stack(&mut self, cell: CellId, token: &str) -> Result<(), String> {
        let mut placed = 0usize;
        for part in token.split('/') {
            let (piece, count) = match part.split_once('*') {
                Some((piece, count)) => (piece, parse_number::<usize>(count)?),
                None => (part, 1),
            };
            let piece = self.piece(piece, None)?;
            placed = placed.saturating_add(count);
            if placed > 1 && self.engine.game.stacking == Stacking::Single {
                return Err(format!("`{token}`: this board holds one piece a cell (it has no stacks)"));
            }
            let most = self.engine.game.limits.max_reserve;
            if placed > most {
                return Err(over_limit(Limit::Reserve, most, "pieces on one cell"));
            }
            for _ in 0..count {
                self.state.put(cell, piece);
            }
        }
        Ok(())
    }

    /// Takes one line per drawn row from `rest` and pairs each cell with its token. A row may begin
    /// with its label (rank number or file letter).
    fn grid<'t>(&self, rest: &mut &'t [Line<'t>], what: &str) -> Result<Vec<(CellId, &'t str)>, Error> {
        let rows = self.engine.rows();
        if rest.len() < rows.len() {
            return Err(format!("the {what} needs {} rows, found {}", rows.len(), rest.len()).into());
        }
        let (lines, tail) = rest.split_at(rows.len());
        *rest = tail;
        let mut cells = Vec::with_capacity(self.engine.game.board.cell_count());
        for (row, &(number, line)) in rows.iter().zip(lines) {
            let mut tokens: Vec<&str> = line.split_whitespace().collect();
            if tokens.len() == row.cells.len().saturating_add(1)
                && tokens.first() == Some(&row.label.as_str())
            {
                tokens.remove(0);
            }
            if tokens.len() != row.cells.len() {
                let message = format!(
                    "row {} of the {what} needs {} cells, found {}",
                    row.label,
                    row.cells.len(),
                    tokens.len()
                );
                return Err(Error { line: Some(number), message });
            }
            cells.extend(row.cells.iter().copied().zip(tokens));
        }
        Ok(cells)
    }

    /// `SIDES attribute CELL NAME` or `SIDES variable NAME[(SEAT)]`.
    fn roll(&mut self, args: &str) -> Result<(), String> {
        let words: Vec<&str> = args.split_whitespace().collect();
        let sides: u32 = parse_number(words.first().copied().unwrap_or(""))?;
        let target =
            match (words.get(1).map(|w| w.to_ascii_lowercase()).as_deref(), words.get(2..).unwrap_or(&[])) {
                (Some("attribute"), [cell, name]) => {
                    let attribute =
                        self.engine.game.attributes.iter().position(|a| a.name.eq_ignore_ascii_case(name));
                    let attribute = attribute.ok_or_else(|| format!("no attribute `{name}`"))? as AttrId;
                    RollTarget::Attribute { cell: self.cell(cell)?, attribute }
                }
                (Some("variable"), [name]) => RollTarget::Variable(self.variable_slot(name)?.0),
                _ => {
                    return Err(
                        "expected `roll SIDES attribute CELL NAME` or `roll SIDES variable NAME`".into()
                    );
                }
            };
        if sides == 0 {
            return Err("a die has at least one side".into());
        }
        let most = self.engine.game.limits.max_rolls;
        if self.state.pending.len() >= most {
            return Err(over_limit(Limit::Rolls, most, "pending rolls"));
        }
        self.state.pending.push_back(PendingRoll { sides, target });
        Ok(())
    }

    fn result(&mut self, args: &str) -> Result<(), String> {
        let mut words = args.split_whitespace().peekable();
        let mut places = Vec::new();
        while let Some(place) = words.peek().and_then(|w| w.parse::<u32>().ok()) {
            places.push(place);
            words.next();
        }
        if places.len() != self.engine.seat_count() {
            return Err(format!("a result gives {} places, one per seat", self.engine.seat_count()));
        }
        let reason = words.collect::<Vec<_>>().join(" ");
        let end = EndReason::of_reason(&reason);
        self.state.result = Some(GameResult { places, reason, end, scores: Vec::new() });
        Ok(())
    }

    /// `scores N N ...`: each seat's score in the result, after `result`.
    fn scores(&mut self, args: &str) -> Result<(), String> {
        let scores: Vec<Number> = args
            .split_whitespace()
            .map(|text| text.parse().map_err(|error| format!("`{text}`: {error}")))
            .collect::<Result<_, _>>()?;
        if scores.len() != self.engine.seat_count() {
            return Err(format!("`scores` gives {} numbers, one per seat", self.engine.seat_count()));
        }
        let result = self.state.result.as_mut().ok_or("`scores` comes after `result`")?;
        result.scores = scores;
        Ok(())
    }

    /// `retired SEAT ...`: seats that have left the game.
    fn retired(&mut self, args: &str) -> Result<(), String> {
        for name in args.split_whitespace() {
            let seat = self.seat(name)?;
            self.state.retired |= 1 << seat;
        }
        Ok(())
    }

    /// `pieces PIECE@CELL ...`: pieces put on cells, one by one.
    fn pieces(&mut self, args: &str) -> Result<(), String> {
        for token in args.split_whitespace() {
            let (piece, cell) =
                token.split_once('@').ok_or_else(|| format!("expected PIECE@CELL, found `{token}`"))?;
            let cell = self.cell(cell)?;
            if self.engine.game.stacking == Stacking::Single {
                self.state.lift(cell);
            }
            self.place_stack(cell, piece)?;
        }
        Ok(())
    }
}

fn parse_number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.trim().parse().map_err(|_| format!("expected a number, found `{}`", quote(text)))
}

/// At most a few dozen characters of the input, for a message.
fn quote(text: &str) -> String {
    ludex_ir::quote(text, QUOTED_CHARS)
}

/// "more than the limit `reserve` of 65536 pieces in the reserves".
fn over_limit(limit: Limit, most: usize, what: &str) -> String {
    format!("more than the limit `{limit}` of {most} {what} ({})", limit.how_to_raise())
}

fn resume(text: &str) -> Result<Resume, String> {
    match text.to_ascii_lowercase().as_str() {
        "setup" => Ok(Resume::StartGame),
        "action" => Ok(Resume::AfterAction),
        "turn" => Ok(Resume::Decision),
        _ => Err(format!("expected `setup`, `action` or `turn`, found `{text}`")),
    }
}

pub(crate) fn write(engine: &Engine, state: &State) -> String {
    let mut out = String::new();
    let game = &engine.game;
    let _ = writeln!(out, "# {}", game.name);
    if let Some(phase) = game.phases.get(state.phase as usize) {
        let _ = writeln!(out, "phase {}", phase.name);
    }
    let _ = writeln!(out, "{}", turn_line(engine, state));
    let counters = [
        ("turns", state.turns),
        ("actions", state.actions),
        ("captures", state.captures),
        ("passes", state.passes),
        ("ply", state.plies),
    ];
    for (name, value) in counters.iter().filter(|(_, v)| *v != 0) {
        let _ = writeln!(out, "{name} {value}");
    }
    if let Some(seat) = state.last_mover {
        let _ = writeln!(out, "last {}", engine.seat_name(seat));
    }
    let retired: Vec<&str> = (0..engine.seat_count() as SeatId)
        .filter(|&s| state.is_retired(s))
        .map(|s| engine.seat_name(s))
        .collect();
    if !retired.is_empty() {
        let _ = writeln!(out, "retired {}", retired.join(" "));
    }
    write_variables(engine, state, &mut out);
    write_holdings(engine, state, &mut out);
    for (index, map) in game.maps.iter().enumerate().filter(|(_, m)| m.mutable) {
        let _ = writeln!(out, "map {}", map.name);
        out.push_str(&engine.map_grid(state, index as u8, ""));
    }
    write_board(engine, state, &mut out);
    write_chance(engine, state, &mut out);
    if let Some(result) = &state.result {
        let places: Vec<String> = result.places.iter().map(u32::to_string).collect();
        let _ = writeln!(out, "result {} {}", places.join(" "), result.reason);
        if !result.scores.is_empty() {
            let scores: Vec<String> = result.scores.iter().map(Number::to_string).collect();
            let _ = writeln!(out, "scores {}", scores.join(" "));
        }
    }
    for (word, history) in [("history", &state.history), ("boards", &state.board_history)] {
        if !history.is_empty() {
            let hashes: Vec<String> = history.iter().map(|h| format!("{h:016x}")).collect();
            let _ = writeln!(out, "{word} {}", hashes.join(" "));
        }
    }
    out
}

fn turn_line(engine: &Engine, state: &State) -> String {
    let seat = engine.current_seat(state);
    let order = engine.order(state.phase);
    let earlier = order.iter().take(state.order_index as usize).filter(|&&s| s == seat).count();
    match earlier {
        0 => format!("turn {}", engine.seat_name(seat)),
        n => format!("turn {} {}", engine.seat_name(seat), n.saturating_add(1)),
    }
}

fn write_variables(engine: &Engine, state: &State, out: &mut String) {
    for (var, variable) in engine.game.variables.iter().enumerate() {
        if variable.per_seat {
            for seat in 0..engine.seat_count() as SeatId {
                let value = engine.value_text(engine.variable_value(state, var, Some(seat)));
                let _ = writeln!(out, "variable {}({}) = {value}", variable.name, engine.seat_name(seat));
            }
        } else {
            let value = engine.value_text(engine.variable_value(state, var, None));
            let _ = writeln!(out, "variable {} = {value}", variable.name);
        }
    }
}

fn write_holdings(engine: &Engine, state: &State, out: &mut String) {
    for seat in 0..engine.seat_count() as SeatId {
        let reserve = state.reserve_of(seat);
        if !reserve.is_empty() {
            let mut tokens: Vec<String> = Vec::new();
            let mut counts: Vec<usize> = Vec::new();
            for piece in reserve {
                let token = engine.piece_token(&Piece { owner: None, ..*piece });
                match tokens.last() {
                    Some(last) if *last == token => {
                        if let Some(count) = counts.last_mut() {
                            *count = count.saturating_add(1);
                        }
                    }
                    _ => {
                        tokens.push(token);
                        counts.push(1);
                    }
                }
            }
            let words: Vec<String> = tokens
                .iter()
                .zip(&counts)
                .map(|(t, &n)| if n > 1 { format!("{t}*{n}") } else { t.clone() })
                .collect();
            let _ = writeln!(out, "reserve {} {}", engine.seat_name(seat), words.join(" "));
        }
        let prizes = state.prizes_of(seat);
        if !prizes.is_empty() {
            let words: Vec<String> = prizes
                .iter()
                .map(|p| {
                    let cell = p.cell.map_or(String::new(), |c| format!("@{}", engine.cell_name(c)));
                    format!("{}{cell}={}", engine.piece_token(&p.piece), p.value)
                })
                .collect();
            let _ = writeln!(out, "prizes {} {}", engine.seat_name(seat), words.join(" "));
        }
    }
}

fn write_board(engine: &Engine, state: &State, out: &mut String) {
    let _ = writeln!(out, "board");
    let grid = super::display::Grid { indent: "", labelled: true, files: false, min_width: 1 };
    out.push_str(
        &engine.grid_text(grid, |c| state.piece(c).map_or(".".into(), |_| engine.stack_token(state, c))),
    );
}

fn write_chance(engine: &Engine, state: &State, out: &mut String) {
    for roll in &state.pending {
        let _ = match roll.target {
            RollTarget::Attribute { cell, attribute } => {
                let name = engine.game.attributes.get(attribute as usize).map_or("?", |a| a.name.as_str());
                writeln!(out, "roll {} attribute {} {name}", roll.sides, engine.cell_name(cell))
            }
            RollTarget::Variable(slot) => {
                writeln!(out, "roll {} variable {}", roll.sides, engine.slot_name(slot))
            }
        };
    }
    if !state.pending.is_empty() {
        let resume = match state.resume {
            Resume::StartGame => "setup",
            Resume::AfterAction => "action",
            Resume::Decision => "turn",
        };
        let _ = writeln!(out, "resume {resume}");
    }
}

impl Engine {
    /// A piece in the position format: letter, seat number, attribute values.
    pub fn piece_token(&self, piece: &Piece) -> String {
        let kind = self.game.pieces.get(piece.kind as usize);
        let mut token = kind.map_or('?', |k| k.letter.to_ascii_uppercase()).to_string();
        if let Some(owner) = piece.owner {
            let _ = write!(token, "{}", u32::from(owner).saturating_add(1));
        }
        for &attribute in kind.map_or(&[][..], |k| k.attributes.as_slice()) {
            let _ = write!(token, ":{}", piece.attribute(attribute));
        }
        token
    }

    /// The pieces on a cell in the position format, bottom first, runs of equal pieces as one
    /// token with a count: `O1`, `O1*5`, `O1*2/O2`.
    pub fn stack_token(&self, state: &State, cell: CellId) -> String {
        let mut runs: Vec<(Piece, usize)> = Vec::new();
        for piece in state.stack(cell) {
            match runs.last_mut() {
                Some((last, count)) if *last == piece => *count = count.saturating_add(1),
                _ => runs.push((piece, 1)),
            }
        }
        let token = |&(piece, count): &(Piece, usize)| match count {
            1 => self.piece_token(&piece),
            _ => format!("{}*{count}", self.piece_token(&piece)),
        };
        runs.iter().map(token).collect::<Vec<_>>().join("/")
    }

    /// The name of a variable slot: `NAME` or `NAME(SEAT)`.
    fn slot_name(&self, slot: u32) -> String {
        let slots = &self.tables.layout.variable_slots;
        let Some(index) = slots.iter().rposition(|&base| base <= slot) else { return "?".into() };
        let (Some(variable), Some(base)) = (self.game.variables.get(index), slots.get(index)) else {
            return "?".into();
        };
        match variable.per_seat {
            true => format!("{}({})", variable.name, self.seat_name(slot.saturating_sub(*base) as SeatId)),
            false => variable.name.clone(),
        }
    }
}
