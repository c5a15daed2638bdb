//! The human seat of `ludex play`: at each of its decisions the board (seats in their colours when
//! the output is a terminal and `NO_COLOR` is not set), the turn in words, a warning when the seat
//! stands in check, and the legal moves once, numbered and grouped by the piece that makes them.
//! It reads a move number, a move in notation, or a command (`help`, `moves`, `board`, `zones`,
//! `undo`, `quit`); a refused move is answered with the rule that refuses it.

use std::io::{self, BufRead, IsTerminal, Read, Write};

use ludex::agents::{Agent, Decision};
use ludex::ir::{CellId, SeatId};
use ludex::runtime::{Engine, Ink, Move, MoveKind, Picture, State};
use rand_chacha::ChaCha8Rng;

/// The longest input line read, so a huge pipe cannot exhaust memory.
const MAX_INPUT_LINE: u64 = 4096;

/// The commands, as `help` lists them.
const HELP: &str = "\
commands:
  NUMBER    play the move with that number
  MOVE      play a move written in notation (e2-e4, e2xd3, e7-e8=Q, R@c3, orient 2)
  moves     list the legal moves again
  board     show the board again
  zones     show the zones of the rules (a seat's number on the cells of its zone)
  undo      take back your last move (and the moves played since)
  help      this list
  quit      leave the game";

/// A colour as red, green and blue.
type Rgb = (u8, u8, u8);

/// How drawn text is coloured.
#[derive(Clone)]
pub enum Colours {
    /// Plain text: not a terminal, or `NO_COLOR` set.
    Off,
    /// Each seat's colour and the ink on it.
    Seats(Vec<(Rgb, Rgb)>),
}

impl Colours {
    /// Colours when standard output is a terminal and `NO_COLOR` is unset or empty.
    pub fn for_stdout(engine: &Engine) -> Colours {
        let asked_off = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        if asked_off || !io::stdout().is_terminal() {
            return Colours::Off;
        }
        let swatches = ludex::render::seat_swatches(&engine.game);
        let rgb = ludex::render::rgb;
        Colours::Seats(swatches.into_iter().map(|(fill, ink)| (rgb(fill), rgb(ink))).collect())
    }

    /// The picture as text, its seats coloured.
    pub fn paint(&self, picture: &Picture) -> String {
        let Colours::Seats(swatches) = self else { return picture.plain() };
        let mut out = String::new();
        for line in &picture.lines {
            let mut text = String::new();
            for span in line {
                let style = match span.ink {
                    Ink::Plain => None,
                    Ink::Label => Some("2".to_string()),
                    Ink::Neutral => Some("1".to_string()),
                    Ink::Seat(seat) => swatches
                        .get(seat as usize)
                        .map(|((r, g, b), (ir, ig, ib))| format!("1;38;2;{ir};{ig};{ib};48;2;{r};{g};{b}")),
                };
                match style {
                    Some(style) => text.push_str(&format!("\x1b[{style}m{}\x1b[0m", span.text)),
                    None => text.push_str(&span.text),
                }
            }
            out.push_str(text.trim_end());
            out.push('\n');
        }
        out
    }
}

/// A person choosing moves at the terminal.
pub struct HumanAgent {
    colours: Colours,
    /// The move index of each number shown, in the order shown.
    numbers: Vec<usize>,
}

impl HumanAgent {
    pub fn new(colours: Colours) -> HumanAgent {
        HumanAgent { colours, numbers: Vec::new() }
    }

    fn board(&self, engine: &Engine, state: &State) -> String {
        let mut text = self.colours.paint(&engine.board_picture(state));
        text.push_str(&engine.describe_details(state));
        if engine.is_in_check(state) {
            let seat = engine.seat_to_move(state).map_or("?", |s| seat_name(engine, s));
            text.push_str(&format!("{seat} is in check\n"));
        }
        text
    }

    /// What the human typed, or `None` to ask again after saying why.
    fn interpret(&self, out: &mut impl Write, point: &Point, input: &str) -> io::Result<Option<Decision>> {
        let Point { engine, state, moves } = *point;
        match input {
            "quit" => return Ok(Some(Decision::Quit)),
            "undo" => return Ok(Some(Decision::Undo)),
            "help" => writeln!(out, "{HELP}")?,
            "moves" => write!(out, "{}", move_menu(engine, state, moves).text)?,
            "board" => write!(out, "{}", self.board(engine, state))?,
            "zones" => write!(out, "{}", self.colours.paint(&engine.zones_picture()))?,
            "" => {}
            _ => return self.play(out, point, input),
        }
        Ok(None)
    }

    /// A move number or a move in notation.
    fn play(&self, out: &mut impl Write, point: &Point, input: &str) -> io::Result<Option<Decision>> {
        let Point { engine, state, moves } = *point;
        if let Ok(number) = input.parse::<usize>() {
            let index = number.checked_sub(1).and_then(|n| self.numbers.get(n)).copied();
            if index.is_none() {
                writeln!(out, "there are moves 1 to {}", self.numbers.len())?;
            }
            return Ok(index.map(Decision::Play));
        }
        if let Ok(mv) = engine.parse_move(state, input)
            && let Some(index) = moves.iter().position(|&legal| legal == mv)
        {
            return Ok(Some(Decision::Play(index)));
        }
        let refusal = engine.explain_refusal(state, input);
        writeln!(
            out,
            "`{input}` refused: {} (type `moves` for the legal moves)",
            engine.describe_refusal(&refusal)
        )?;
        Ok(None)
    }
}

impl Agent for HumanAgent {
    fn choose(
        &mut self,
        engine: &Engine,
        state: &State,
        moves: &[Move],
        _: &[u64],
        _: &mut ChaCha8Rng,
    ) -> Decision {
        let menu = move_menu(engine, state, moves);
        self.numbers = menu.numbers;
        let seat = engine.seat_to_move(state).map_or("?", |s| seat_name(engine, s));
        let prompt = format!("{seat}, your move (a number, a move, or help): ");
        let mut out = io::stdout().lock();
        let shown =
            write!(out, "\n{}{}{prompt}", self.board(engine, state), menu.text).and_then(|()| out.flush());
        if shown.is_err() {
            return Decision::Quit;
        }
        loop {
            let Some(line) = read_line() else {
                let _ = writeln!(out, "\ninput ended; leaving the game");
                return Decision::Quit;
            };
            if !io::stdin().is_terminal() {
                // Show piped input as if it had been typed.
                let _ = writeln!(out, "{}", line.trim_end());
            }
            match self.interpret(&mut out, &Point { engine, state, moves }, line.trim()) {
                Ok(Some(decision)) => return decision,
                Ok(None) => {
                    if write!(out, "{prompt}").and_then(|()| out.flush()).is_err() {
                        return Decision::Quit;
                    }
                }
                Err(_) => return Decision::Quit,
            }
        }
    }
}

/// The decision point being answered.
#[derive(Clone, Copy)]
struct Point<'a> {
    engine: &'a Engine,
    state: &'a State,
    moves: &'a [Move],
}

fn seat_name(engine: &Engine, seat: SeatId) -> &str {
    engine.game.seats.get(seat as usize).map_or("?", |s| s.name.as_str())
}

/// The legal moves as shown: numbered, grouped, and the move index of each number.
struct Menu {
    text: String,
    numbers: Vec<usize>,
}

/// What a group of moves has in common.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Group {
    /// Moves of the piece on this cell.
    Piece(CellId),
    /// Pieces put on the board from the reserve.
    Drops,
    /// Choices, declarations, `end` and `pass`.
    Others,
}

/// The legal moves, one line a group: `e2 P1: 1. e2-e3  2. e2-e4`; a promotion says so.
fn move_menu(engine: &Engine, state: &State, moves: &[Move]) -> Menu {
    let group_of = |mv: &Move| match (mv.kind, mv.from) {
        (MoveKind::Action(_), Some(from)) => Group::Piece(from),
        (MoveKind::Action(_), None) if mv.to.is_some() => Group::Drops,
        (MoveKind::Action(_) | MoveKind::EndTurn | MoveKind::Pass, _) => Group::Others,
    };
    let mut groups: Vec<(Group, Vec<usize>)> = Vec::new();
    for (index, mv) in moves.iter().enumerate() {
        let group = group_of(mv);
        match groups.iter_mut().find(|(g, _)| *g == group) {
            Some((_, members)) => members.push(index),
            None => groups.push((group, vec![index])),
        }
    }
    let mut text = format!("legal moves ({}):\n", moves.len());
    let mut numbers = Vec::with_capacity(moves.len());
    for (group, members) in groups {
        let heading = match group {
            Group::Piece(cell) => {
                let piece =
                    engine.piece_at(state, cell).map_or(String::new(), |p| engine.short_piece_token(&p));
                format!("{} {piece}", engine.cell_name(cell))
            }
            Group::Drops => "from the reserve".to_string(),
            Group::Others => "other".to_string(),
        };
        let items: Vec<String> = members
            .iter()
            .map(|&index| {
                numbers.push(index);
                format!("{}. {}", numbers.len(), engine.move_notation(state, moves[index]))
            })
            .collect();
        let promotes = members.iter().any(|&i| moves[i].from.is_some() && moves[i].piece.is_some());
        let note = if promotes { " (a move written =LETTER promotes to that piece)" } else { "" };
        text.push_str(&format!("  {heading}:{note} {}\n", items.join("  ")));
    }
    Menu { text, numbers }
}

/// One line of standard input, `None` when it ended or failed.
fn read_line() -> Option<String> {
    let mut bytes = Vec::new();
    let read = io::stdin().lock().take(MAX_INPUT_LINE).read_until(b'\n', &mut bytes).ok()?;
    (read > 0).then(|| String::from_utf8_lossy(&bytes).into_owned())
}
