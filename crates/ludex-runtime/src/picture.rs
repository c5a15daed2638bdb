//! The board laid out for people as lines of text whose stretches say what they show (a seat's
//! piece, a neutral piece, a label), so that a front end may colour them: every cell in its true
//! column (square boards by file and rank, a removed cell left blank; hexagonal boards as a
//! honeycomb, each file a column), the file letters above and below, the rank numbers on both
//! sides (on hexagonal boards beside the first and last cell of each line), and the game's maps
//! drawn the same way beside the board; the zones, each drawn over the board.

use ludex_ir::{BoardKind, CellId, MapId, SeatId};

use super::Engine;
use super::state::{Piece, State};

/// What a stretch of drawn text shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// Spaces, empty cells and words.
    Plain,
    /// Coordinates and titles.
    Label,
    /// A piece of the seat, or anything else that is the seat's (its name in a legend).
    Seat(SeatId),
    /// A piece owned by no seat.
    Neutral,
}

/// One stretch of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// The characters drawn.
    pub text: String,
    /// What they are drawn in.
    pub ink: Ink,
}

/// Lines of stretches, drawn top to bottom.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picture {
    /// The lines, each its stretches left to right.
    pub lines: Vec<Vec<Span>>,
}

impl Picture {
    /// The picture without its inks, one line a row, with no trailing spaces.
    pub fn plain(&self) -> String {
        let mut out = String::new();
        for line in &self.lines {
            let text: String = line.iter().map(|span| span.text.as_str()).collect();
            out.push_str(text.trim_end());
            out.push('\n');
        }
        out
    }
}

impl Span {
    pub(crate) fn new(text: impl Into<String>, ink: Ink) -> Span {
        Span { text: text.into(), ink }
    }
}

/// Text placed at columns of a line, before the gaps are filled.
#[derive(Default)]
struct Panel {
    lines: Vec<Vec<(usize, String, Ink)>>,
}

impl Panel {
    /// Places text; the first text placed at a column of a line stays.
    fn put(&mut self, line: usize, column: usize, text: String, ink: Ink) {
        if self.lines.len() <= line {
            self.lines.resize_with(line + 1, Vec::new);
        }
        if !self.lines[line].iter().any(|(at, _, _)| *at == column) {
            self.lines[line].push((column, text, ink));
        }
    }

    /// The column just past the widest line.
    fn width(&self) -> usize {
        let ends = self.lines.iter().flatten().map(|(column, text, _)| column + text.chars().count());
        ends.max().unwrap_or(0)
    }

    /// Puts `other` to the right of this panel, `gap` columns apart.
    fn beside(mut self, other: Panel, gap: usize) -> Panel {
        let offset = self.width() + gap;
        for (line, items) in other.lines.into_iter().enumerate() {
            for (column, text, ink) in items {
                self.put(line, column + offset, text, ink);
            }
        }
        self
    }

    fn picture(mut self) -> Picture {
        let mut lines = Vec::with_capacity(self.lines.len());
        for items in &mut self.lines {
            items.sort_by_key(|(column, _, _)| *column);
            let mut spans = Vec::new();
            let mut at = 0;
            for (column, text, ink) in items.drain(..) {
                if column > at {
                    spans.push(Span::new(" ".repeat(column - at), Ink::Plain));
                }
                at = at.max(column) + text.chars().count();
                spans.push(Span::new(text, ink));
            }
            lines.push(spans);
        }
        Picture { lines }
    }
}

/// Where a cell is drawn: its line from the top and its column from the left, in cells.
#[derive(Clone, Copy)]
struct Place {
    line: usize,
    column: usize,
}

/// Where the rank numbers go.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RankLabels {
    /// At both ends of every line (every cell of a line has the same rank).
    Edges,
    /// Beside the first and the last cell of each line (a line crosses ranks).
    BesideCells,
}

impl Engine {
    /// The board with its pieces, and beside it each map of the game (see the module doc).
    pub fn board_picture(&self, state: &State) -> Picture {
        let title = if self.game.maps.is_empty() { "" } else { "board" };
        let board = self.cell_panel(title, |cell| match state.piece(cell) {
            Some(piece) => {
                let ink = piece.owner.map_or(Ink::Neutral, Ink::Seat);
                // A stack shows its top piece and how many pieces it holds: `O1*5`.
                match state.height(cell) {
                    height @ 2.. => (format!("{}*{height}", self.short_piece_token(&piece)), ink),
                    _ => (self.short_piece_token(&piece), ink),
                }
            }
            None => (".".into(), Ink::Plain),
        });
        let panel = (0..self.game.maps.len() as MapId).fold(board, |panel, map| {
            let name = self.game.maps.get(map as usize).map_or("", |m| m.name.as_str());
            let values = self.cell_panel(name, |cell| {
                (self.map_value(state, map, cell).map_or(".".into(), |v| v.to_string()), Ink::Plain)
            });
            panel.beside(values, 4)
        });
        panel.picture()
    }

    /// Each zone of the game drawn over the board, titled by its name: a cell of a per-seat zone
    /// shows the number of the seat whose zone holds it (`+` when several do), a cell of a plain
    /// zone `#`, any other cell `.`.
    pub fn zones_picture(&self) -> Picture {
        let seats = self.game.seats.len() as SeatId;
        let panels = self.game.zones.iter().enumerate().map(|(index, zone)| {
            self.cell_panel(&zone.name, |cell| {
                let zone_id = index as ludex_ir::ZoneId;
                if !zone.per_seat {
                    let inside = self.in_zone(zone_id, None, cell);
                    return (if inside { "#" } else { "." }.into(), Ink::Plain);
                }
                let holders: Vec<SeatId> =
                    (0..seats).filter(|&s| self.in_zone(zone_id, Some(s), cell)).collect();
                match holders.as_slice() {
                    [] => (".".into(), Ink::Plain),
                    [seat] => ((seat + 1).to_string(), Ink::Seat(*seat)),
                    _ => ("+".into(), Ink::Plain),
                }
            })
        });
        let mut lines = Vec::new();
        for panel in panels {
            lines.extend(panel.picture().lines);
        }
        Picture { lines }
    }

    /// Who is who: `seats: white 1, black 2` and `pieces: K king, Q queen`, each seat in its ink.
    pub fn legend(&self) -> Picture {
        let mut seats = vec![Span::new("seats:", Ink::Label)];
        for (index, seat) in self.game.seats.iter().enumerate() {
            let separator = if index == 0 { " " } else { ", " };
            seats.push(Span::new(separator, Ink::Plain));
            seats.push(Span::new(format!("{} {}", seat.name, index + 1), Ink::Seat(index as SeatId)));
        }
        let pieces: Vec<String> = self
            .game
            .pieces
            .iter()
            .map(|p| format!("{} {}", p.letter.to_ascii_uppercase(), p.name))
            .collect();
        let pieces =
            vec![Span::new("pieces:", Ink::Label), Span::new(format!(" {}", pieces.join(", ")), Ink::Plain)];
        Picture { lines: vec![seats, pieces] }
    }

    /// A piece as the position format writes it, without the trailing attribute values a fresh
    /// piece of its type has (the position format reads them so): `K1` for `K1:0`, `E2:6`.
    pub fn short_piece_token(&self, piece: &Piece) -> String {
        let fresh = self.fresh_piece(piece.kind, piece.owner);
        let attributes =
            self.game.pieces.get(piece.kind as usize).map_or(&[][..], |k| k.attributes.as_slice());
        let kept =
            attributes.iter().rposition(|&a| piece.attribute(a) != fresh.attribute(a)).map_or(0, |i| i + 1);
        let full = self.piece_token(piece);
        let mut parts = full.split(':');
        let head = parts.next().unwrap_or_default().to_string();
        parts.take(kept).fold(head, |token, value| format!("{token}:{value}"))
    }

    /// One board's worth of tokens with its coordinates; `title` (when not empty) on a line above.
    fn cell_panel(&self, title: &str, token: impl Fn(CellId) -> (String, Ink)) -> Panel {
        let board = &self.game.board;
        let tokens: Vec<(String, Ink)> = (0..board.cell_count() as CellId).map(token).collect();
        let places = self.places();
        let labels = match board.kind {
            BoardKind::Square { .. } => RankLabels::Edges,
            BoardKind::Hex { .. } | BoardKind::Rhombus { .. } => RankLabels::BesideCells,
        };
        let cell_width = tokens.iter().map(|(t, _)| t.chars().count()).max().unwrap_or(1).max(2);
        let rank_width = board.cells.iter().map(|c| rank_text(&c.name).len()).max().unwrap_or(1);
        let left = rank_width + 1;
        let column = |place: Place| left + place.column * (cell_width + 1);
        let widest = places.iter().map(|p| p.column).max().unwrap_or(0);
        let mut panel = Panel::default();
        let top = usize::from(!title.is_empty());
        if top == 1 {
            panel.put(0, left, title.to_string(), Ink::Label);
        }
        let bottom = top + 2 + places.iter().map(|p| p.line).max().unwrap_or(0);
        for (cell, place) in board.cells.iter().zip(&places) {
            let letter = file_text(&cell.name);
            let centred = format!("{letter:^cell_width$}").trim_end().to_string();
            for line in [top, bottom] {
                panel.put(line, column(*place), centred.clone(), Ink::Label);
            }
        }
        for (line, cells) in lines_of(&places).into_iter().enumerate() {
            let (Some(&first), Some(&last)) = (cells.first(), cells.last()) else { continue };
            for &cell in &cells {
                let (text, ink) = tokens[cell as usize].clone();
                panel.put(top + 1 + line, column(places[cell as usize]), text, ink);
            }
            let name = |c: CellId| board.cells[c as usize].name.as_str();
            let (first_rank, last_rank) = (rank_text(name(first)), rank_text(name(last)));
            let (before, after) = match labels {
                RankLabels::Edges => {
                    (rank_width - first_rank.len(), column(Place { line, column: widest }) + cell_width + 1)
                }
                RankLabels::BesideCells => (
                    column(places[first as usize]).saturating_sub(first_rank.len() + 1),
                    column(places[last as usize]) + cell_width + 1,
                ),
            };
            panel.put(top + 1 + line, before, first_rank.to_string(), Ink::Label);
            panel.put(top + 1 + line, after, last_rank.to_string(), Ink::Label);
        }
        panel
    }

    /// Each cell's place: square boards by file and rank (top rank first), hexagonal boards by
    /// their doubled coordinates (each file a column, a line each half row).
    fn places(&self) -> Vec<Place> {
        let cells = &self.game.board.cells;
        let coordinates: Vec<(i64, i64)> = match self.game.board.kind {
            BoardKind::Square { .. } => {
                cells.iter().map(|c| (i64::from(c.file), -i64::from(c.rank))).collect()
            }
            BoardKind::Hex { .. } | BoardKind::Rhombus { .. } => {
                cells.iter().map(|c| (i64::from(c.x), -i64::from(c.y))).collect()
            }
        };
        let left = coordinates.iter().map(|c| c.0).min().unwrap_or(0);
        let top = coordinates.iter().map(|c| c.1).min().unwrap_or(0);
        coordinates
            .iter()
            .map(|&(x, y)| Place { line: (y - top) as usize, column: (x - left) as usize })
            .collect()
    }
}

/// The cells of each line, left to right.
fn lines_of(places: &[Place]) -> Vec<Vec<CellId>> {
    let mut lines: Vec<Vec<CellId>> = vec![Vec::new(); places.iter().map(|p| p.line + 1).max().unwrap_or(0)];
    for (cell, place) in places.iter().enumerate() {
        lines[place.line].push(cell as CellId);
    }
    for line in &mut lines {
        line.sort_by_key(|&c| places[c as usize].column);
    }
    lines
}

/// The file letters of a cell's name: `k` of `k10`.
fn file_text(name: &str) -> &str {
    name.trim_end_matches(|c: char| c.is_ascii_digit())
}

/// The rank number of a cell's name: `10` of `k10`.
fn rank_text(name: &str) -> &str {
    name.trim_start_matches(|c: char| !c.is_ascii_digit())
}
