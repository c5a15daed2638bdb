//! Why not: which rule refuses a move the seat to act asked for, found from the rules alone. The
//! rules are lifted one condition at a time (the turn's `legal if`, a turn choice's `where`, an
//! action's `when` and `where`, the capture rule's `when`): the move is refused by the condition
//! whose lifting makes it legal. A move of a later turn choice is refused because an earlier one
//! has moves; a move that is legal on a board cleared of the other pieces is blocked (or, when only
//! the moving piece must be left, its destination is occupied). Also: whether
//! the seat to act stands attacked where its turn's `legal if` tests `attacked` (check).

use ludex_ir::cell_names::cell_names_in;
use ludex_ir::{ActionId, CellId, Collection, ContextWord, Expr, Game, SeatId, TypeId};

use super::eval::Ctx;
use super::history::mentions;
use super::state::State;
use super::{Engine, Status};

/// Why a move may not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No rule of the game makes a move written so, even with every condition lifted.
    NoSuchMove,
    /// The move starts on an empty cell.
    NoPiece {
        /// The empty cell.
        cell: CellId,
    },
    /// The move starts on a piece of another seat (`None`: a neutral piece).
    NotYours {
        /// The cell of the piece.
        cell: CellId,
        /// Its owner.
        owner: Option<SeatId>,
    },
    /// The move belongs to a later choice of the turn, and an earlier one (these actions) has
    /// legal moves.
    LaterChoice {
        /// The earlier choice's actions.
        earlier: Vec<ActionId>,
    },
    /// This condition alone refuses it.
    Condition(Condition),
    /// No one condition refuses it, several together do.
    Conditions,
    /// Pieces stand in its way: it is legal on a board without the pieces it does not name.
    Blocked,
    /// A piece stands where it ends: it is legal on a board with only the moving piece.
    Occupied {
        /// The occupied cell.
        cell: CellId,
    },
}

/// A condition of the rules that may refuse a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    /// The turn's `legal if`, tried on the position the move leads to.
    TurnLegal,
    /// The `where` of the current phase's turn choice with this index.
    ChoiceWhere(usize),
    /// An action's `when`, on the piece before it moves.
    ActionWhen(ActionId),
    /// An action's `where`, on the finished move.
    ActionWhere(ActionId),
    /// The capture rule's `when`.
    CaptureWhen,
}

impl Engine {
    /// Why the seat to act may not play the move written `text` (which is not legal now).
    pub fn explain_refusal(&self, state: &State, text: &str) -> Refusal {
        if let Some(refusal) = self.refusal_of_the_piece(state, text) {
            return refusal;
        }
        let accepts = |game: Game, state: &State| Engine::new(game).parse_move(state, text).is_ok();
        let conditions = self.conditions(state);
        for &condition in &conditions {
            if accepts(self.lifted(&[condition]), state) {
                return Refusal::Condition(condition);
            }
        }
        let unconditioned = self.lifted(&conditions);
        let phase = state.phase as usize;
        let choices = self.game.phases.get(phase).map_or(0, |p| p.turn.choices.len());
        for index in 1..choices {
            let mut only = unconditioned.clone();
            if let Some(turn) = only.phases.get_mut(phase).map(|p| &mut p.turn) {
                turn.choices = turn.choices.drain(..).skip(index).take(1).collect();
            }
            if accepts(only, state) {
                return Refusal::LaterChoice { earlier: self.earlier_actions(state, index) };
            }
        }
        if accepts(unconditioned.clone(), state) {
            return Refusal::Conditions;
        }
        let named = self.cells_named_in(text);
        if accepts(unconditioned.clone(), &cleared_but(state, &named)) {
            return Refusal::Blocked;
        }
        match named.as_slice() {
            [from, .., to] if accepts(unconditioned, &cleared_but(state, &[*from])) => {
                Refusal::Occupied { cell: *to }
            }
            _ => Refusal::NoSuchMove,
        }
    }

    /// The refusal in words, for the seat to act: `there is no piece on e4`, `it would leave
    /// your king attacked (the turn's \`legal if\`)`.
    pub fn describe_refusal(&self, refusal: &Refusal) -> String {
        let action = |id: ActionId| self.game.actions.get(id as usize).map_or("?", |a| a.name.as_str());
        match refusal {
            Refusal::NoSuchMove => "no move of this game is written so".into(),
            Refusal::NoPiece { cell } => format!("there is no piece on {}", self.cell_name(*cell)),
            Refusal::NotYours { cell, owner: Some(owner) } => {
                format!("the piece on {} is {}'s", self.cell_name(*cell), self.seat_name(*owner))
            }
            Refusal::NotYours { cell, owner: None } => {
                format!("the piece on {} belongs to no seat", self.cell_name(*cell))
            }
            Refusal::LaterChoice { earlier } => {
                let names: Vec<String> = earlier.iter().map(|&a| format!("`{}`", action(a))).collect();
                format!("not now: while {} has a legal move, the turn offers only those", names.join(", "))
            }
            Refusal::Condition(Condition::TurnLegal) => self.describe_legal_if(),
            Refusal::Condition(Condition::ChoiceWhere(_)) => "the turn's `where` refuses it".into(),
            Refusal::Condition(Condition::ActionWhen(id)) => {
                format!("the `when` of `{}` refuses the piece", action(*id))
            }
            Refusal::Condition(Condition::ActionWhere(id)) => {
                format!("the `where` of `{}` refuses it", action(*id))
            }
            Refusal::Condition(Condition::CaptureWhen) => "the capture rule's `when` refuses it".into(),
            Refusal::Conditions => "several conditions of the rules refuse it together".into(),
            Refusal::Blocked => "it is blocked: pieces stand in the way".into(),
            Refusal::Occupied { cell } => format!("{} is occupied", self.cell_name(*cell)),
        }
    }

    /// Whether the seat to act stands attacked now where its turn's `legal if` asks it not to be:
    /// the `legal if` tests `attacked` and fails on the position as it is (check).
    pub fn is_in_check(&self, state: &State) -> bool {
        let Status::Decision { seat } = self.status(state) else { return false };
        let Some(legal) = self.turn_legal(state) else { return false };
        tests_attacked(legal)
            && !self.holds(state, &Ctx::new(Some(seat), Some(self.seat_after(state))), legal)
    }

    /// `it would leave your king attacked (the turn's \`legal if\`)` when the `legal if` tests
    /// `attacked` of pieces of named types (the types its collections count, else those it names);
    /// `..., or the next seat without a legal move` when it looks ahead (`stuck`); the plain
    /// refusal otherwise.
    fn describe_legal_if(&self) -> String {
        let legal = self.game.phases.iter().filter_map(|p| p.turn.legal.as_ref());
        let (mut counted, mut named): (Vec<TypeId>, Vec<TypeId>) = (Vec::new(), Vec::new());
        let (mut attacked, mut looks_ahead) = (false, false);
        for expr in legal {
            attacked |= tests_attacked(expr);
            looks_ahead |= mentions(expr, ContextWord::Stuck);
            expr.any(&mut |e| {
                let (types, found): (&[TypeId], _) = match e {
                    Expr::Const(ludex_ir::Const::PieceType(t)) => (std::slice::from_ref(t), &mut named),
                    Expr::Count(Collection::Pieces { types, .. }, _)
                    | Expr::First(Collection::Pieces { types, .. }, _)
                    | Expr::Sum(Collection::Pieces { types, .. }, _) => (types, &mut counted),
                    _ => (&[], &mut named),
                };
                for t in types {
                    if !found.contains(t) {
                        found.push(*t);
                    }
                }
                false
            });
        }
        let types = if counted.is_empty() { named } else { counted };
        let names: Vec<&str> =
            types.iter().filter_map(|&t| self.game.pieces.get(t as usize)).map(|p| p.name.as_str()).collect();
        let or_stuck = if looks_ahead { ", or the next seat without a legal move" } else { "" };
        match (attacked, names.as_slice()) {
            (true, []) => format!("it would leave a piece attacked{or_stuck} (the turn's `legal if`)"),
            (true, _) => {
                format!(
                    "it would leave your {} attacked{or_stuck} (the turn's `legal if`)",
                    names.join(" or ")
                )
            }
            (false, _) if looks_ahead => {
                "it would leave the next seat without a legal move (the turn's `legal if`)".into()
            }
            (false, _) => "the turn's `legal if` refuses it".into(),
        }
    }

    /// No piece, or another seat's, on the cell a piece move starts from.
    fn refusal_of_the_piece(&self, state: &State, text: &str) -> Option<Refusal> {
        if text.contains('@') {
            return None;
        }
        let from = self.cells_named_in(text).into_iter().next()?;
        let seat = self.seat_to_move(state)?;
        match state.piece(from) {
            None => Some(Refusal::NoPiece { cell: from }),
            Some(piece) if piece.owner != Some(seat) => {
                Some(Refusal::NotYours { cell: from, owner: piece.owner })
            }
            Some(_) => None,
        }
    }

    /// The cells a move's text names, in order (see `cell_names_in`).
    fn cells_named_in(&self, text: &str) -> Vec<CellId> {
        let text = text.split(':').next().unwrap_or_default().to_ascii_lowercase();
        cell_names_in(&text).into_iter().filter_map(|name| self.game.board.cell_named(name)).collect()
    }

    /// The conditions that bear on the current turn's moves.
    fn conditions(&self, state: &State) -> Vec<Condition> {
        let Some(phase) = self.game.phases.get(state.phase as usize) else { return Vec::new() };
        let mut conditions = Vec::new();
        if phase.turn.legal.is_some() {
            conditions.push(Condition::TurnLegal);
        }
        for (index, choice) in phase.turn.choices.iter().enumerate() {
            if choice.filter.is_some() {
                conditions.push(Condition::ChoiceWhere(index));
            }
            for &id in &choice.actions {
                let Some(action) = self.game.actions.get(id as usize) else { continue };
                let present = [
                    action.when.is_some().then_some(Condition::ActionWhen(id)),
                    action.filter.is_some().then_some(Condition::ActionWhere(id)),
                ];
                for condition in present.into_iter().flatten() {
                    if !conditions.contains(&condition) {
                        conditions.push(condition);
                    }
                }
            }
        }
        if self.game.capture.allowed.is_some() {
            conditions.push(Condition::CaptureWhen);
        }
        conditions
    }

    /// The game with the conditions lifted (as if they always held).
    fn lifted(&self, conditions: &[Condition]) -> Game {
        let mut game = self.game.clone();
        for condition in conditions {
            match *condition {
                Condition::TurnLegal => game.phases.iter_mut().for_each(|p| p.turn.legal = None),
                Condition::ChoiceWhere(index) => {
                    for phase in &mut game.phases {
                        if let Some(choice) = phase.turn.choices.get_mut(index) {
                            choice.filter = None;
                        }
                    }
                }
                Condition::ActionWhen(id) => {
                    if let Some(action) = game.actions.get_mut(id as usize) {
                        action.when = None;
                    }
                }
                Condition::ActionWhere(id) => {
                    if let Some(action) = game.actions.get_mut(id as usize) {
                        action.filter = None;
                    }
                }
                Condition::CaptureWhen => game.capture.allowed = None,
            }
        }
        game
    }

    /// The actions of the turn choices before `index` in the current phase.
    fn earlier_actions(&self, state: &State, index: usize) -> Vec<ActionId> {
        let choices =
            self.game.phases.get(state.phase as usize).map_or(&[][..], |p| p.turn.choices.as_slice());
        choices.iter().take(index).flat_map(|c| c.actions.iter().copied()).collect()
    }

    fn turn_legal(&self, state: &State) -> Option<&Expr> {
        self.game.phases.get(state.phase as usize)?.turn.legal.as_ref()
    }
}

/// The state with only the pieces on the kept cells left on the board.
fn cleared_but(state: &State, kept: &[CellId]) -> State {
    let mut cleared = state.clone();
    for cell in 0..state.board.len() as CellId {
        if !kept.contains(&cell) {
            cleared.set_piece(cell, None);
        }
    }
    cleared
}

/// Whether an expression tests `attacked` anywhere.
fn tests_attacked(expr: &Expr) -> bool {
    expr.any(&mut |e| matches!(e, Expr::Attacked { .. }))
}
