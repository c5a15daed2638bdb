//! A game being played in the playground, independent of JavaScript: the rules compiled once, every
//! state from the start to the newest kept so the player can step back and forth, moves played by
//! notation, dice rolled and agents asked from a generator fixed by the game's seed and the ply
//! (so stepping back and playing on gives the same rolls, and a worker that rebuilds the game from
//! its record asks its agent with the same generator), and the record written in the format of
//! `ludex run --record`.

use std::collections::BTreeMap;
use std::str::FromStr;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use ludex_agents::play::is_roll;
use ludex_agents::record::{self, Entry, Record};
use ludex_agents::{AgentSpec, Decision};
use ludex_ir::Number;
use ludex_render::{LastMove, Picture};
use ludex_runtime::{Engine, Move, MoveKind, State, Status};

/// One point of the game: the state, and what led to it.
struct Step {
    state: State,
    /// The entry that led here in record notation (`e2-e4`, `roll 4`); `None` for the start.
    entry: Option<String>,
    /// The newest move up to here, marked in pictures.
    last_move: Option<LastMove>,
}

/// A game in play with its history.
pub struct Session {
    engine: Engine,
    rules: String,
    seed: u64,
    /// The agent spec each seat is recorded with (`human` until told otherwise).
    seats: Vec<String>,
    /// The start first; `cursor` is the step shown, later steps are kept until a new entry.
    steps: Vec<Step>,
    cursor: usize,
}

/// Where the game stands, for the page.
#[derive(Serialize)]
pub struct StatusView {
    /// `decision`, `chance` or `over`.
    pub kind: &'static str,
    /// The seat to act (its rolls included), 0-based.
    pub seat: Option<u8>,
    /// That seat's name.
    pub seat_name: Option<String>,
    /// The faces of the die to roll, at a chance node.
    pub sides: Option<u32>,
    /// The status in words.
    pub text: String,
    /// Entries (moves and rolls) played up to the step shown.
    pub ply: usize,
    /// Entries in the history, the shown step's later ones included (`ply <= plies`).
    pub plies: usize,
    /// Each seat's place when the game is over.
    pub places: Option<Vec<u32>>,
}

/// A legal move, for the page's clicks and menus.
#[derive(Serialize)]
pub struct MoveView {
    /// The move as `Game.play` takes it.
    pub notation: String,
    /// The cell it starts on, by name; `None` for a drop, a pass or an end of turn.
    pub from: Option<String>,
    /// The cell it ends on, by name; `None` for a move that ends on no cell.
    pub to: Option<String>,
    /// The action's name (`end` and `pass` for those moves).
    pub action: String,
}

impl Session {
    /// Compiles the rules with the options; `rules` is the name the record gives them.
    pub fn new(
        text: &str,
        rules: &str,
        options: &BTreeMap<String, Number>,
        seed: u64,
    ) -> Result<Session, String> {
        let compiled = ludex_check::compile(text, options).checked_by(text, ludex_verify::check_game);
        let errors: Vec<&str> =
            compiled.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.message.as_str()).collect();
        let game = match (compiled.game, errors.is_empty()) {
            (Some(game), true) => game,
            _ => return Err(format!("the rules do not check: {}", errors.join("; "))),
        };
        let engine = Engine::new(game);
        let start = Step { state: engine.initial_state(), entry: None, last_move: None };
        let seats = vec!["human".to_string(); engine.game.seats.len()];
        Ok(Session { engine, rules: rules.to_string(), seed, seats, steps: vec![start], cursor: 0 })
    }

    /// The game a record holds, replayed (every entry checked) and shown at its end.
    pub fn from_record(text: &str, record_line: &str) -> Result<Session, String> {
        let record: Record =
            serde_json::from_str(record_line).map_err(|error| format!("not a ludex record: {error}"))?;
        let mut session = Session::new(text, &record.rules, &record.options, record.seed)?;
        if record.position.is_some() {
            return Err("records that start from a position are not supported here".into());
        }
        session.seats.clone_from(&record.seats);
        session.seats.resize(session.engine.game.seats.len(), "human".to_string());
        let mut entries = Vec::new();
        record::replay(&session.engine, &record, |_, entry| entries.push(entry))
            .map_err(|e| e.to_string())?;
        for entry in entries {
            match entry {
                Entry::Roll(outcome) => session.push_roll(outcome),
                Entry::Move(mv) => session.push_move(mv),
            }
        }
        Ok(session)
    }

    /// The game's engine, to read or replay what the session writes.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    fn state(&self) -> &State {
        &self.steps[self.cursor].state
    }

    /// The generator for the step after the one shown: the game's seed, one stream a ply.
    fn generator(&self) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(self.cursor as u64);
        rng
    }

    /// Where the game stands at the step shown.
    pub fn status(&self) -> StatusView {
        let state = self.state();
        let status = self.engine.status(state);
        let seat = self.engine.seat_to_move(state);
        let (kind, sides, places) = match &status {
            Status::Decision { .. } => ("decision", None, None),
            Status::Chance { sides } => ("chance", Some(*sides), None),
            Status::Over(result) => ("over", None, Some(result.places.clone())),
        };
        StatusView {
            kind,
            seat,
            seat_name: seat.and_then(|s| self.engine.game.seats.get(s as usize)).map(|s| s.name.clone()),
            sides,
            text: self.engine.describe_status(state),
            ply: self.cursor,
            plies: self.steps.len() - 1,
            places,
        }
    }

    fn legal(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.engine.legal_moves(self.state(), &mut moves);
        moves
    }

    /// The legal moves at the step shown, in the engine's order; none at a chance node or once
    /// the game is over.
    pub fn moves(&self) -> Vec<MoveView> {
        let state = self.state();
        let cell = |c: Option<u16>| c.map(|c| self.engine.cell_name(c).to_string());
        self.legal()
            .into_iter()
            .map(|mv| MoveView {
                notation: self.engine.move_notation(state, mv),
                from: cell(mv.from),
                to: cell(mv.to),
                action: match mv.kind {
                    MoveKind::Action(id) => {
                        self.engine.game.actions.get(id as usize).map_or("?".into(), |a| a.name.clone())
                    }
                    MoveKind::EndTurn => "end".into(),
                    MoveKind::Pass => "pass".into(),
                },
            })
            .collect()
    }

    /// Plays the legal move written so.
    pub fn play(&mut self, notation: &str) -> Result<(), String> {
        let legal = self.legal();
        if legal.is_empty() {
            return Err(format!("no move can be played now: {}", self.engine.describe_status(self.state())));
        }
        let mv = self.engine.parse_move(self.state(), notation)?;
        if !legal.contains(&mv) {
            return Err(format!("`{notation}` is not a legal move here"));
        }
        self.push_move(mv);
        Ok(())
    }

    /// Rolls the pending die from the game's generator; returns the outcome.
    pub fn roll(&mut self) -> Result<u32, String> {
        match self.engine.status(self.state()) {
            Status::Chance { sides } if sides > 0 => {
                let outcome = self.generator().random_range(1..=sides);
                self.push_roll(outcome);
                Ok(outcome)
            }
            _ => Err("no die is to be rolled now".into()),
        }
    }

    /// The move an agent (`random`, `greedy`, `mcts:iterations=2000`...) would play now, in
    /// notation. A search runs on one thread.
    pub fn choose(&self, spec: &str) -> Result<String, String> {
        let spec = match AgentSpec::from_str(spec)? {
            AgentSpec::Mcts(mut config) => {
                config.threads = Some(1);
                AgentSpec::Mcts(config)
            }
            other => other,
        };
        let mut agent = spec.automatic().ok_or("a human is not an agent the page can ask")?;
        let legal = self.legal();
        if legal.is_empty() {
            return Err("there is no move to choose".into());
        }
        let mut rng = self.generator();
        match agent.choose(&self.engine, self.state(), &legal, &self.past(), &mut rng) {
            Decision::Play(index) => match legal.get(index) {
                Some(&mv) => Ok(self.engine.move_notation(self.state(), mv)),
                None => Err("the agent chose no legal move".into()),
            },
            Decision::Quit => Err("the agent left the game".into()),
            Decision::Undo => Err("the agent took back a move".into()),
        }
    }

    /// The position keys of the decision points before the step shown: the steps a move left.
    fn past(&self) -> Vec<u64> {
        let shown = &self.steps[..=self.cursor];
        let left_by_a_move =
            shown.windows(2).filter(|pair| pair[1].entry.as_deref().is_some_and(|e| !is_roll(e)));
        left_by_a_move.map(|pair| self.engine.position_key(&pair[0].state)).collect()
    }

    /// Records a seat as played by an agent spec (or `human`).
    pub fn set_seat(&mut self, seat: usize, spec: &str) -> Result<(), String> {
        let spec = AgentSpec::from_str(spec)?;
        let count = self.seats.len();
        let slot = self
            .seats
            .get_mut(seat)
            .ok_or_else(|| format!("seat {seat} is not one of the game's {count}"))?;
        *slot = spec.to_string();
        Ok(())
    }

    fn push_move(&mut self, mv: Move) {
        let before = self.state();
        let last = LastMove::of(&self.engine, before, mv);
        let mut state = before.clone();
        self.engine.apply_move(&mut state, mv);
        let entry = last.notation.clone();
        self.push(Step { state, entry: Some(entry), last_move: Some(last) });
    }

    fn push_roll(&mut self, outcome: u32) {
        let mut state = self.state().clone();
        self.engine.apply_chance(&mut state, outcome);
        let last_move = self.steps[self.cursor].last_move.clone();
        self.push(Step { state, entry: Some(format!("roll {outcome}")), last_move });
    }

    /// A new step after the one shown; the steps after it are dropped.
    fn push(&mut self, step: Step) {
        self.steps.truncate(self.cursor + 1);
        self.steps.push(step);
        self.cursor += 1;
    }

    /// Shows the step after `ply` entries (clamped to the steps there are).
    pub fn go_to(&mut self, ply: usize) {
        self.cursor = ply.min(self.steps.len() - 1);
    }

    /// The entries up to the step shown, in record notation.
    pub fn entries(&self) -> Vec<String> {
        self.steps[1..=self.cursor].iter().filter_map(|step| step.entry.clone()).collect()
    }

    /// The state shown as SVG with its last move marked and the zones of the given names tinted.
    pub fn svg(&self, zones: &[&str]) -> String {
        let zones = zones
            .iter()
            .filter_map(|name| self.engine.game.zones.iter().position(|zone| zone.name == *name))
            .filter_map(|index| u16::try_from(index).ok())
            .collect();
        let picture = Picture { zones, last_move: self.steps[self.cursor].last_move.clone() };
        ludex_render::svg(&self.engine, self.state(), &picture)
    }

    /// The game up to the step shown, as one line of `ludex run --record`.
    pub fn record(&self) -> String {
        let result = match self.engine.status(self.state()) {
            Status::Over(result) => Some(result),
            Status::Decision { .. } | Status::Chance { .. } => None,
        };
        let record = Record {
            ludex: record::FORMAT_VERSION,
            rules: self.rules.clone(),
            options: self.engine.game.options.iter().map(|o| (o.name.clone(), o.value)).collect(),
            seed: self.seed,
            seats: self.seats.clone(),
            position: None,
            plies: self.entries(),
            result,
        };
        let mut line = Vec::new();
        // Writing to memory cannot fail.
        let _ = record::write(&mut line, &record);
        String::from_utf8_lossy(&line).into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each seat throws a die into its points; a throw is a move, then a roll.
    const THROWS: &str = "game \"Throws\"\nseat a\nseat b\nboard square 1 by 1\n\
        variable points of each seat = 0\n\
        action throw { choose n from 1 to 2  then { set points(mover) = roll d6 } }\n\
        phase play { turn { play throw } }\nend { when turns >= 6: rank by points(seat) }\n";

    #[test]
    fn the_past_is_the_decision_points_a_move_left_before_the_step_shown() {
        let mut session = Session::new(THROWS, "throws", &BTreeMap::new(), 1).expect("a session");
        let mut decisions = Vec::new();
        for outcome in [3, 5, 2] {
            decisions.push(session.engine.position_key(session.state()));
            let mv = session.legal()[1];
            session.push_move(mv);
            session.push_roll(outcome);
        }
        assert_eq!(session.past(), decisions);
        // Shown after the second move, before its roll: the first two decision points.
        session.go_to(3);
        assert_eq!(session.past(), decisions[..2]);
        session.go_to(0);
        assert_eq!(session.past(), Vec::<u64>::new());
    }
}
