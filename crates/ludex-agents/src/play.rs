//! The game driver: advances a game one ply at a time, asking the seat's agent at decision points
//! and sampling chance outcomes from the game's `ChaCha8Rng`, so that a seed (and the agents) fix a
//! game completely. [`play_out`] plays to the end ([`play_out_unless`] stops early when told to);
//! front ends that show each ply use [`Playthrough`].

use std::sync::atomic::{AtomicBool, Ordering};

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{Agent, Decision};
use ludex_ir::SeatId;
use ludex_runtime::{Engine, GameResult, Move, State, Status};

/// A game stops, unfinished, after this many entries (moves and chance outcomes) whatever the rules
/// say, so a runtime fault cannot make the driver loop forever.
pub const MAX_DRIVER_PLIES: usize = 1_000_000;

/// The notation of a chance outcome in records: `roll 4`.
pub fn roll_notation(outcome: u32) -> String {
    format!("roll {outcome}")
}

/// Whether a recorded entry is a chance outcome (`roll N`) rather than a move. No move reads so:
/// `roll` is a reserved word, so no action (and no `choose`) is called that.
pub fn is_roll(entry: &str) -> bool {
    entry.starts_with("roll ")
}

/// The outcome of a die with `sides` faces (at least 1), drawn from the game's generator.
fn sample_outcome(sides: u32, rng: &mut ChaCha8Rng) -> u32 {
    rng.random_range(1..=sides)
}

/// Resolves pending rolls with outcomes drawn from `rng`, as the driver does, until the game
/// reaches a decision point or its end (or a die without faces, or [`MAX_DRIVER_PLIES`] rolls).
/// From the initial state and a game's seed this is the first decision point of every game played
/// with that seed.
pub fn roll_to_decision(engine: &Engine, state: &mut State, rng: &mut ChaCha8Rng) {
    for _ in 0..MAX_DRIVER_PLIES {
        match engine.status(state) {
            Status::Chance { sides } if sides > 0 => engine.apply_chance(state, sample_outcome(sides, rng)),
            _ => return,
        }
    }
}

/// One ply that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ply {
    /// The pending die with `sides` faces showed `outcome`.
    Roll {
        /// The die's number of faces (at least 1).
        sides: u32,
        /// The face shown, from 1 to `sides`.
        outcome: u32,
    },
    /// The seat played the move (in notation, the last of [`Playthrough::plies`] when written).
    Move {
        /// The seat that moved (0-based).
        seat: SeatId,
        /// The move, as the engine gave it among the legal moves of the state before it.
        mv: Move,
    },
}

/// Whether a playthrough writes its plies down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plies {
    /// Every move and roll in notation, as records hold them.
    Written,
    /// Only counted, for summaries that keep no record: no notation is made, which saves its time
    /// and its allocations.
    Counted,
}

/// How a game stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The rules ended it.
    Over(GameResult),
    /// The seat's agent left the game.
    Quit {
        /// The seat whose agent quit (0-based).
        seat: SeatId,
    },
    /// The driver could not go on: no legal move or no agent at a decision point, a die without
    /// faces, or the ply cap.
    Stopped {
        /// Why, in a sentence for people (seats numbered from 1).
        reason: String,
    },
}

/// What one step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A ply was played; the game may go on.
    Ply(Ply),
    /// Nothing was played: the game has ended this way (the same ending on every later step).
    End(Ending),
    /// The seat's agent asked to take back its last move; nothing was played.
    Undo {
        /// The seat whose agent asked.
        seat: SeatId,
    },
}

/// A game as it stood at some point, to go back to ([`Playthrough::rewind`]).
#[derive(Clone)]
pub struct Checkpoint {
    state: State,
    plies: usize,
    entries: usize,
    moves: usize,
    past: usize,
    rng: ChaCha8Rng,
}

/// A game being played: the state, every ply so far in notation (when written), and how many.
pub struct Playthrough<'e> {
    engine: &'e Engine,
    state: State,
    written: Plies,
    plies: Vec<String>,
    /// Entries so far (moves and chance outcomes), and moves.
    entries: usize,
    moves: usize,
    legal: Vec<Move>,
    /// The position keys of the decision points played so far (`Agent::choose`'s `past`), while
    /// some agent reads them.
    past: Vec<u64>,
}

impl<'e> Playthrough<'e> {
    /// A game whose plies are written in notation.
    pub fn new(engine: &'e Engine, state: State) -> Playthrough<'e> {
        Playthrough::with_plies(engine, state, Plies::Written)
    }

    /// A game whose plies are written or only counted, as `written` says.
    pub fn with_plies(engine: &'e Engine, state: State, written: Plies) -> Playthrough<'e> {
        Playthrough {
            engine,
            state,
            written,
            plies: Vec::new(),
            entries: 0,
            moves: 0,
            legal: Vec::new(),
            past: Vec::new(),
        }
    }

    /// The current state: after every ply so far.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The plies so far in notation (none when they are only counted).
    pub fn plies(&self) -> &[String] {
        &self.plies
    }

    /// The game as it stands, with the generator that will draw its next chance outcomes.
    pub fn checkpoint(&self, rng: &ChaCha8Rng) -> Checkpoint {
        Checkpoint {
            state: self.state.clone(),
            plies: self.plies.len(),
            entries: self.entries,
            moves: self.moves,
            past: self.past.len(),
            rng: rng.clone(),
        }
    }

    /// Goes back to a checkpoint of this game: its state, its plies and its generator.
    pub fn rewind(&mut self, checkpoint: &Checkpoint, rng: &mut ChaCha8Rng) {
        self.state = checkpoint.state.clone();
        self.plies.truncate(checkpoint.plies);
        self.entries = checkpoint.entries;
        self.moves = checkpoint.moves;
        self.past.truncate(checkpoint.past);
        *rng = checkpoint.rng.clone();
    }

    /// The game so far, ended by `ending`.
    pub fn finish(self, ending: Ending) -> PlayedGame {
        PlayedGame { plies: self.plies, moves: self.moves, ending }
    }

    /// Plays one ply, or says how the game ended (again on every call once it has).
    pub fn step(&mut self, agents: &mut [Box<dyn Agent>], rng: &mut ChaCha8Rng) -> Step {
        if self.entries >= MAX_DRIVER_PLIES {
            return stopped(format!("the driver's limit of {MAX_DRIVER_PLIES} plies was reached"));
        }
        match self.engine.status(&self.state) {
            Status::Over(result) => Step::End(Ending::Over(result)),
            Status::Chance { sides } => self.roll(sides, rng),
            Status::Decision { seat } => self.decide(seat, agents, rng),
        }
    }

    fn roll(&mut self, sides: u32, rng: &mut ChaCha8Rng) -> Step {
        if sides == 0 {
            return stopped("a die without faces was rolled".to_string());
        }
        let outcome = sample_outcome(sides, rng);
        self.engine.apply_chance(&mut self.state, outcome);
        if self.written == Plies::Written {
            self.plies.push(roll_notation(outcome));
        }
        self.entries += 1;
        Step::Ply(Ply::Roll { sides, outcome })
    }

    fn decide(&mut self, seat: SeatId, agents: &mut [Box<dyn Agent>], rng: &mut ChaCha8Rng) -> Step {
        self.engine.legal_moves(&self.state, &mut self.legal);
        if self.legal.is_empty() {
            return stopped(format!("seat {} has no legal move", seat as usize + 1));
        }
        let Some(agent) = agents.get_mut(seat as usize) else {
            return stopped(format!("no agent plays seat {}", seat as usize + 1));
        };
        let chosen = match agent.choose(self.engine, &self.state, &self.legal, &self.past, rng) {
            Decision::Play(index) => self.legal.get(index).copied(),
            Decision::Quit => None,
            Decision::Undo => return Step::Undo { seat },
        };
        let Some(mv) = chosen else {
            return Step::End(Ending::Quit { seat });
        };
        if self.written == Plies::Written {
            self.plies.push(self.engine.move_notation(&self.state, mv));
        }
        if agents.iter().any(|agent| agent.reads_past()) {
            self.past.push(self.engine.position_key(&self.state));
        }
        self.engine.apply_move(&mut self.state, mv);
        self.entries += 1;
        self.moves += 1;
        Step::Ply(Ply::Move { seat, mv })
    }
}

fn stopped(reason: String) -> Step {
    Step::End(Ending::Stopped { reason })
}

/// A finished (or abandoned) game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// Everything that happened, in order: moves as the engine writes them, chance outcomes as
    /// `roll N` (empty when the plies were only counted).
    pub plies: Vec<String>,
    /// The moves played (`pass` and `end` included), not the chance outcomes.
    pub moves: usize,
    /// How it stopped: the rules' result, a seat quitting, or the driver giving up.
    pub ending: Ending,
}

impl PlayedGame {
    /// A game written ply by ply.
    pub fn written(plies: Vec<String>, ending: Ending) -> PlayedGame {
        let moves = plies.iter().filter(|entry| !is_roll(entry)).count();
        PlayedGame { plies, moves, ending }
    }

    /// The game's length: the moves played (`pass` and `end` included), not the chance outcomes.
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// The result when the rules ended the game.
    pub fn result(&self) -> Option<&GameResult> {
        match &self.ending {
            Ending::Over(result) => Some(result),
            _ => None,
        }
    }
}

/// Plays a game from `state` to its end: `agents[s]` plays seat `s`.
pub fn play_out(
    engine: &Engine,
    state: State,
    agents: &mut [Box<dyn Agent>],
    rng: &mut ChaCha8Rng,
) -> PlayedGame {
    let mut game = Playthrough::new(engine, state);
    loop {
        if let Step::End(ending) = game.step(agents, rng) {
            return game.finish(ending);
        }
    }
}

/// Plays a game as [`play_out`] does, its plies written or only counted, unless `interrupted` is
/// set first (it is read before each ply): then the game is abandoned and `None` returned.
pub fn play_out_unless(
    interrupted: &AtomicBool,
    plies: Plies,
    engine: &Engine,
    state: State,
    agents: &mut [Box<dyn Agent>],
    rng: &mut ChaCha8Rng,
) -> Option<PlayedGame> {
    let mut game = Playthrough::with_plies(engine, state, plies);
    while !interrupted.load(Ordering::Relaxed) {
        if let Step::End(ending) = game.step(agents, rng) {
            return Some(game.finish(ending));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::collections::BTreeMap;
    use std::rc::Rc;

    use rand::SeedableRng;

    use super::*;

    /// Plays the first legal move and keeps the past it was shown at each decision.
    struct Recorder(Rc<RefCell<Vec<Vec<u64>>>>);

    impl Agent for Recorder {
        fn choose(
            &mut self,
            _: &Engine,
            _: &State,
            _: &[Move],
            past: &[u64],
            _: &mut ChaCha8Rng,
        ) -> Decision {
            self.0.borrow_mut().push(past.to_vec());
            Decision::Play(0)
        }

        fn reads_past(&self) -> bool {
            true
        }
    }

    #[test]
    fn agents_are_shown_the_decision_points_before_theirs_and_a_rewind_forgets_the_later_ones() {
        let text = "game \"Throws\"\nseat a\nseat b\nboard square 1 by 1\n\
            variable points of each seat = 0\n\
            action throw { choose n from 1 to 2  then { set points(mover) = roll d6 } }\n\
            phase play { turn { play throw } }\nend { when turns >= 6: rank by points(seat) }\n";
        let compiled = ludex_check::compile(text, &BTreeMap::new());
        let engine = Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)));
        let shown = Rc::new(RefCell::new(Vec::new()));
        let mut agents: Vec<Box<dyn Agent>> =
            vec![Box::new(Recorder(shown.clone())), Box::new(Recorder(shown.clone()))];
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut game = Playthrough::new(&engine, engine.initial_state());
        // The keys of the decision points as the game reaches them (rolls come between).
        let mut decisions = Vec::new();
        let mut checkpoint = None;
        while let Status::Decision { .. } | Status::Chance { .. } = engine.status(game.state()) {
            if let Status::Decision { .. } = engine.status(game.state()) {
                decisions.push(engine.position_key(game.state()));
                if decisions.len() == 3 {
                    checkpoint = Some(game.checkpoint(&rng));
                }
            }
            assert!(matches!(game.step(&mut agents, &mut rng), Step::Ply(_)));
        }
        assert_eq!(decisions.len(), 6);
        let expected: Vec<Vec<u64>> = (0..6).map(|n| decisions[..n].to_vec()).collect();
        assert_eq!(*shown.borrow(), expected);
        game.rewind(&checkpoint.expect("a third decision"), &mut rng);
        game.step(&mut agents, &mut rng);
        assert_eq!(shown.borrow().last(), Some(&decisions[..2].to_vec()));
    }

    #[test]
    fn a_games_length_counts_moves_not_rolls() {
        let plies = ["roll 3", "roll 6", "a2-a3", "pass", "roll 1", "end", "orient 2", "R@c3"];
        let game =
            PlayedGame::written(plies.iter().map(|p| p.to_string()).collect(), Ending::Quit { seat: 0 });
        assert_eq!(game.moves(), 5);
        assert!(is_roll(&roll_notation(12)));
    }
}
