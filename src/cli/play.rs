//! `ludex play`: one game in the terminal. Human seats see the board and the numbered legal moves
//! and type a number or a move in notation (`quit` leaves); the other seats' moves, dice rolls and
//! captures are announced; the result is shown at the end, with the points table when the rules
//! give scores. Input that ends (a closed pipe) leaves the
//! game like `quit`.

use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;
use ludex::agents::play::{Ending, Playthrough, Ply, Step};
use ludex::agents::{Agent, AgentSpec, Decision};
use ludex::ir::SeatId;
use ludex::record::Record;
use ludex::runtime::{Engine, GameResult, Move, State, Status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::session::{MatchArgs, RecordFile, Session};
use super::{CliError, CliResult};

/// The longest input line read, so a huge pipe cannot exhaust memory.
const MAX_INPUT_LINE: u64 = 4096;

/// Legal moves listed per line.
const LINE_WIDTH: usize = 100;

#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    game: MatchArgs,
}

/// Seat 1 is the human, the others play at random.
fn default_agent(seat: SeatId) -> AgentSpec {
    if seat == 0 { AgentSpec::Human } else { AgentSpec::Random }
}

pub fn play(args: &PlayArgs) -> CliResult {
    let session = Session::open(&args.game, default_agent)?;
    let seed = session.seed.unwrap_or_else(seed_from_clock);
    let record_file = args.game.record.as_deref().map(RecordFile::create).transpose()?;
    let mut out = io::stdout().lock();
    writeln!(out, "{}", introduction(&session, seed))?;
    let mut agents = session.make_agents(|| Box::new(HumanAgent));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Playthrough::new(&session.engine, session.start.clone());
    let mut rolls = Rolls::default();
    let ending = loop {
        match game.step(&mut agents, &mut rng) {
            Step::Ply(Ply::Roll { sides, outcome }) => {
                rolls.push(sides, outcome);
                if !matches!(session.engine.status(game.state()), Status::Chance { .. }) {
                    rolls.announce(&mut out)?;
                }
            }
            Step::Ply(Ply::Move { seat, .. }) => {
                let notation = game.plies().last().map_or("?", String::as_str);
                writeln!(out, "{}", move_announcement(session.seat_name(seat as usize), notation))?
            }
            Step::End(ending) => break ending,
        }
    };
    if let Ending::Over(_) = ending {
        writeln!(out, "\n{}", session.engine.describe(game.state()))?;
    }
    writeln!(out, "{}", ending_announcement(&session, &ending))?;
    if let Ending::Over(result) = &ending {
        if !result.scores.is_empty() {
            let points: Vec<f64> = result.scores.iter().map(|&p| p as f64).collect();
            write!(out, "{}", super::points::table(&session.engine.game, "points", &points, 0))?;
        }
    }
    if let Some(mut file) = record_file {
        file.write(&Record::new(session.header(seed), game.finish(ending.clone())))?;
        file.finish()?;
    }
    match ending {
        Ending::Stopped { reason } => Err(CliError::failed(format!("the game could not go on: {reason}"))),
        Ending::Over(_) | Ending::Quit { .. } => Ok(()),
    }
}

/// A seed for a game the user did not seed; it is printed so the game can be played again.
fn seed_from_clock() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

/// `Game: white (human) against black (random), seed 7`.
fn introduction(session: &Session, seed: u64) -> String {
    let seats: Vec<String> = session
        .agents
        .iter()
        .enumerate()
        .map(|(seat, agent)| format!("{} ({agent})", session.seat_name(seat)))
        .collect();
    format!("{}: {}, seed {seed}", session.engine.game.name, seats.join(" against "))
}

/// Dice rolled since the last decision, announced together once the next seat is to move.
#[derive(Default)]
struct Rolls {
    outcomes: Vec<(u32, u32)>,
}

impl Rolls {
    fn push(&mut self, sides: u32, outcome: u32) {
        self.outcomes.push((sides, outcome));
    }

    /// `roll (d6): 4`, or `rolls: 4 (d6), 2 (d6)`.
    fn announce(&mut self, out: &mut impl Write) -> io::Result<()> {
        match self.outcomes.as_slice() {
            [] => {}
            [(sides, outcome)] => writeln!(out, "roll (d{sides}): {outcome}")?,
            many => {
                let listed: Vec<String> =
                    many.iter().map(|(sides, outcome)| format!("{outcome} (d{sides})")).collect();
                writeln!(out, "rolls: {}", listed.join(", "))?;
            }
        }
        self.outcomes.clear();
        Ok(())
    }
}

/// `white plays a2-a3`, `black plays e5xd4, capturing on d4`.
fn move_announcement(seat: &str, notation: &str) -> String {
    match captured_cell(notation) {
        Some(cell) => format!("{seat} plays {notation}, capturing on {cell}"),
        None => format!("{seat} plays {notation}"),
    }
}

/// The cell a capture notation (`e5xd4`, `e5xd4:jump`) takes on.
fn captured_cell(notation: &str) -> Option<&str> {
    let main = notation.split(':').next().unwrap_or(notation);
    let after_file = main.trim_start_matches(|c: char| c.is_ascii_lowercase());
    let after_rank = after_file.trim_start_matches(|c: char| c.is_ascii_digit());
    let cell = after_rank.strip_prefix('x')?;
    let well_formed =
        after_file.len() < main.len() && after_rank.len() < after_file.len() && !cell.is_empty();
    well_formed.then_some(cell)
}

fn ending_announcement(session: &Session, ending: &Ending) -> String {
    match ending {
        Ending::Over(result) => result_announcement(session, result),
        Ending::Quit { seat } => {
            format!("{} left; the game is unfinished", session.seat_name(*seat as usize))
        }
        Ending::Stopped { reason } => format!("the game stopped: {reason}"),
    }
}

/// `Game over (checkmate): white wins. Places: white 1, black 2`.
fn result_announcement(session: &Session, result: &GameResult) -> String {
    let winners: Vec<&str> =
        super::summary::winners(result).into_iter().map(|s| session.seat_name(s)).collect();
    let verdict = match winners.as_slice() {
        [] => "a draw".to_string(),
        [one] => format!("{one} wins"),
        many => format!("{} win", many.join(" and ")),
    };
    let places: Vec<String> = result
        .places
        .iter()
        .enumerate()
        .map(|(seat, place)| format!("{} {place}", session.seat_name(seat)))
        .collect();
    format!("Game over ({}): {verdict}. Places: {}", result.reason, places.join(", "))
}

/// A person choosing moves at the terminal.
struct HumanAgent;

impl Agent for HumanAgent {
    fn choose(&mut self, engine: &Engine, state: &State, moves: &[Move], _: &mut ChaCha8Rng) -> Decision {
        let mut out = io::stdout().lock();
        let shown = writeln!(out, "\n{}", engine.describe(state))
            .and_then(|()| list_moves(&mut out, engine, state, moves))
            .and_then(|()| write!(out, "{}", prompt(moves.len())))
            .and_then(|()| out.flush());
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
            match interpret(engine, state, moves, line.trim()) {
                Ok(decision) => return decision,
                Err(message) => {
                    let listed = writeln!(out, "{message}; the legal moves:")
                        .and_then(|()| list_moves(&mut out, engine, state, moves))
                        .and_then(|()| write!(out, "{}", prompt(moves.len())))
                        .and_then(|()| out.flush());
                    if listed.is_err() {
                        return Decision::Quit;
                    }
                }
            }
        }
    }
}

fn prompt(count: usize) -> String {
    format!("your move (1-{count}, a move, or quit): ")
}

/// The legal moves, numbered, several a line.
fn list_moves(out: &mut impl Write, engine: &Engine, state: &State, moves: &[Move]) -> io::Result<()> {
    let mut line = String::new();
    for (index, &mv) in moves.iter().enumerate() {
        let notation = engine.move_notation(state, mv);
        // A long notation (a walk's path) still keeps a space before the next number.
        let gap = if notation.len() >= 8 { " " } else { "" };
        let item = format!("{:>3}. {notation:<8}{gap}", index + 1);
        if line.len() + item.len() > LINE_WIDTH {
            writeln!(out, "{}", line.trim_end())?;
            line.clear();
        }
        line.push_str(&item);
    }
    writeln!(out, "{}", line.trim_end())
}

/// One line of standard input, `None` when it ended or failed.
fn read_line() -> Option<String> {
    let mut bytes = Vec::new();
    let read = io::stdin().lock().take(MAX_INPUT_LINE).read_until(b'\n', &mut bytes).ok()?;
    (read > 0).then(|| String::from_utf8_lossy(&bytes).into_owned())
}

/// What the human typed: `quit`, a move number or a move in notation.
fn interpret(engine: &Engine, state: &State, moves: &[Move], input: &str) -> Result<Decision, String> {
    if input == "quit" {
        return Ok(Decision::Quit);
    }
    if let Ok(number) = input.parse::<usize>() {
        return match number.checked_sub(1).filter(|&i| i < moves.len()) {
            Some(index) => Ok(Decision::Play(index)),
            None => Err(format!("there are moves 1 to {}", moves.len())),
        };
    }
    let mv = engine.parse_move(state, input).map_err(|error| format!("`{input}`: {error}"))?;
    match moves.iter().position(|&legal| legal == mv) {
        Some(index) => Ok(Decision::Play(index)),
        None => Err(format!("`{input}` is not a legal move here")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_are_read_from_the_notation() {
        assert_eq!(captured_cell("e5xd4"), Some("d4"));
        assert_eq!(captured_cell("e5xd4:jump"), Some("d4"));
        assert_eq!(captured_cell("x5xx6"), Some("x6"));
        for quiet in ["e5-d4", "x5-x6", "R@c3", "orient 2", "end", "pass", "xd4", "e5x", ""] {
            assert_eq!(captured_cell(quiet), None, "{quiet}");
        }
    }

    #[test]
    fn moves_are_announced_with_captures() {
        assert_eq!(move_announcement("white", "a2-a3"), "white plays a2-a3");
        assert_eq!(move_announcement("black", "e5xd4"), "black plays e5xd4, capturing on d4");
    }

    #[test]
    fn rolls_are_announced_together_once() {
        let mut rolls = Rolls::default();
        let mut out = Vec::new();
        rolls.announce(&mut out).unwrap();
        rolls.push(6, 4);
        rolls.announce(&mut out).unwrap();
        rolls.push(6, 1);
        rolls.push(4, 3);
        rolls.announce(&mut out).unwrap();
        rolls.announce(&mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "roll (d6): 4\nrolls: 1 (d6), 3 (d4)\n");
    }
}
