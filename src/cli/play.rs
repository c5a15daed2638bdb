//! `ludex play`: one game in the terminal. The legend of seats and pieces first; human seats play
//! as `human` says (their board, moves and commands, `undo` included); the other seats' moves, dice
//! rolls, captured pieces, seats leaving and checks are announced; the result is shown at the end,
//! with the points table when the rules give scores. Input that ends (a closed pipe) leaves the
//! game like `quit`.

use std::io::{self, Write};
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;
use ludex::agents::AgentSpec;
use ludex::agents::play::{Checkpoint, Ending, Playthrough, Ply, Step};
use ludex::ir::SeatId;
use ludex::record::Record;
use ludex::runtime::{GameResult, State, Status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::human::{Colours, HumanAgent};
use super::session::{MatchArgs, RecordFile, Session};
use super::{CliError, CliResult};

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
    let engine = &session.engine;
    let colours = Colours::for_stdout(engine);
    let mut out = io::stdout().lock();
    writeln!(out, "{}", introduction(&session, seed))?;
    write!(out, "{}", colours.paint(&engine.legend()))?;
    writeln!(out, "type `help` at your move for the commands")?;
    let mut agents = session.make_agents(|| Box::new(HumanAgent::new(colours.clone())));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Playthrough::new(engine, session.start.clone());
    let mut rolls = Rolls::default();
    let mut takebacks = Takebacks::default();
    let ending = loop {
        takebacks.note(&session, &game, &rng);
        let before = game.state().clone();
        match game.step(&mut agents, &mut rng) {
            Step::Ply(Ply::Roll { sides, outcome }) => {
                rolls.push(sides, outcome);
                if !matches!(engine.status(game.state()), Status::Chance { .. }) {
                    rolls.announce(&mut out)?;
                }
            }
            Step::Ply(Ply::Move { seat, mv }) => {
                let notation = game.plies().last().map_or("?", String::as_str);
                let captured =
                    mv.to.and_then(|to| engine.piece_at(&before, to)).filter(|p| p.owner != Some(seat));
                let captured = captured.map(|piece| engine.short_piece_token(&piece));
                writeln!(out, "{}", move_announcement(session.seat_name(seat as usize), notation, captured))?;
                announce_changes(&mut out, &session, &before, game.state())?;
            }
            Step::Undo { seat } => {
                let said = match takebacks.take_back(&mut game, &mut rng) {
                    true => "took back your last move",
                    false => "there is no move of yours to take back",
                };
                writeln!(out, "{}: {said}", session.seat_name(seat as usize))?;
            }
            Step::End(ending) => break ending,
        }
    };
    if let Ending::Over(_) = ending {
        writeln!(out, "\n{}", colours.paint(&engine.board_picture(game.state())))?;
    }
    writeln!(out, "{}", ending_announcement(&session, &ending))?;
    if let Ending::Over(result) = &ending
        && !result.scores.is_empty()
    {
        write!(out, "{}", super::points::table(&engine.game, "points", &result.scores, 0))?;
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

/// The points a human seat may go back to: the game as it stood at each of their decisions.
#[derive(Default)]
struct Takebacks {
    /// The plies played before each decision, and the game then.
    decisions: Vec<(usize, Checkpoint)>,
}

impl Takebacks {
    /// Keeps the game as it stands when a human seat is about to decide (once per decision).
    fn note(&mut self, session: &Session, game: &Playthrough, rng: &ChaCha8Rng) {
        let Status::Decision { seat } = session.engine.status(game.state()) else { return };
        let human = session.agents.get(seat as usize) == Some(&AgentSpec::Human);
        let played = game.plies().len();
        if human && self.decisions.last().is_none_or(|(at, _)| *at != played) {
            self.decisions.push((played, game.checkpoint(rng)));
        }
    }

    /// Goes back to the decision before the current one; false when there is none.
    fn take_back(&mut self, game: &mut Playthrough, rng: &mut ChaCha8Rng) -> bool {
        if self.decisions.len() < 2 {
            return false;
        }
        self.decisions.pop();
        match self.decisions.pop() {
            Some((_, checkpoint)) => {
                game.rewind(&checkpoint, rng);
                true
            }
            None => false,
        }
    }
}

/// Says what a move changed beyond itself: seats that left the game, and a seat now in check.
fn announce_changes(
    out: &mut impl Write,
    session: &Session,
    before: &State,
    after: &State,
) -> io::Result<()> {
    let engine = &session.engine;
    for seat in 0..engine.game.seats.len() as SeatId {
        if engine.is_retired(after, seat) && !engine.is_retired(before, seat) {
            writeln!(out, "{} is out of the game", session.seat_name(seat as usize))?;
        }
    }
    if engine.is_in_check(after)
        && let Some(seat) = engine.seat_to_move(after)
    {
        writeln!(out, "{} is in check", session.seat_name(seat as usize))?;
    }
    Ok(())
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

/// `white plays a2-a3`, `black plays e5xd4, capturing P1`.
fn move_announcement(seat: &str, notation: &str, captured: Option<String>) -> String {
    match captured {
        Some(piece) => format!("{seat} plays {notation}, capturing {piece}"),
        None => format!("{seat} plays {notation}"),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_announced_with_captures() {
        assert_eq!(move_announcement("white", "a2-a3", None), "white plays a2-a3");
        let captured = Some("P1".to_string());
        assert_eq!(move_announcement("black", "e5xd4", captured), "black plays e5xd4, capturing P1");
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
