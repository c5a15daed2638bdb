//! The runtime: plays any IR. It owns the game state, legal move generation, applying moves and
//! chance outcomes, turns and phases, end detection and results, move notation, the board drawn as
//! text, and positions read from text.
//!
//! Everything is driven through [`Engine`]; a [`State`] is plain data, cheap to clone and hash.
//! Chance is explicit: while a roll is pending the state is a chance node ([`Status::Chance`]) and
//! the driver (play, search, perft) supplies the outcome.

use serde::{Deserialize, Serialize};

use crate::ir::{ActionId, CellId, Game, SeatId, TypeId};

/// What a move does, identified by its effects: two paths to the same result are the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub kind: MoveKind,
    pub from: Option<CellId>,
    pub to: Option<CellId>,
    /// The dropped piece type.
    pub piece: Option<TypeId>,
    /// The value of a `choose` action.
    pub choice: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    Action(ActionId),
    /// End the turn (when the turn allows stopping early).
    EndTurn,
    /// The seat has no legal action at the start of its turn.
    Pass,
}

/// Whose decision it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Decision {
        seat: SeatId,
    },
    /// A die with `sides` faces is rolled; outcomes 1..=sides are equally likely.
    Chance {
        sides: u32,
    },
    Over(GameResult),
}

/// How a game ended: each seat's place (1 is best; seats that tie share a place).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    pub places: Vec<u32>,
    pub reason: String,
}

/// The state of a game. Opaque: read it through [`Engine`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {}

/// Runs one lowered game.
#[derive(Debug)]
pub struct Engine {
    pub game: Game,
}

impl Engine {
    pub fn new(game: Game) -> Engine {
        Engine { game }
    }

    /// The state after setup (it may begin with chance nodes: setup rolls).
    pub fn initial_state(&self) -> State {
        State {}
    }

    pub fn status(&self, state: &State) -> Status {
        let _ = state;
        Status::Over(GameResult { places: vec![], reason: String::new() })
    }

    /// The legal moves at a decision point, written into `out` (cleared first), in a stable order.
    pub fn legal_moves(&self, state: &State, out: &mut Vec<Move>) {
        let _ = state;
        out.clear();
    }

    /// Applies a legal move.
    pub fn apply_move(&self, state: &mut State, mv: Move) {
        let _ = (state, mv);
    }

    /// Applies the outcome (1..=sides) of the pending roll.
    pub fn apply_chance(&self, state: &mut State, outcome: u32) {
        let _ = (state, outcome);
    }

    /// The move in notation: `a2-a3`, `a2xa3`, `R@c3`, `orient 2`, `end`, `pass`.
    pub fn move_notation(&self, state: &State, mv: Move) -> String {
        let _ = (state, mv);
        String::new()
    }

    /// Reads a move in notation among the legal moves.
    pub fn parse_move(&self, state: &State, text: &str) -> Result<Move, String> {
        let _ = (state, text);
        Err(String::new())
    }

    /// The board as text with coordinates, reserves, prizes, variables and whose turn it is.
    pub fn describe(&self, state: &State) -> String {
        let _ = state;
        String::new()
    }

    /// Reads a position written in the position format.
    pub fn load_position(&self, text: &str) -> Result<State, String> {
        let _ = text;
        Err(String::new())
    }
}
