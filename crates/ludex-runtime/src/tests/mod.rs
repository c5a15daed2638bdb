//! Unit tests of the runtime on small hand-built games, and the helpers that build them.

mod cell_tables;
mod compiled;
mod compound;
mod differential;
mod equalities;
mod exact_slides;
mod holdings;
mod look_ahead;
mod movegen;
mod no_seat;
mod notation;
mod overlay;
mod position;
mod soundness;
mod sowing;
mod trials;
mod turns;
mod walk_tables;

use ludex_ir::*;

use super::board_index::{BoardHash, BoardIndex};
use super::{Engine, Move, MoveKind, State, Status, Value};

/// The paths of the shipped rules files (`rules/*.rules`), in order.
pub(super) fn shipped_rules() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules"))
        .expect("the rules folder")
        .map(|e| e.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    files
}

/// Two seats, `white` and `black` (turned half a turn), on a `width` by `height` board; one piece
/// type `man` (letter M) with an attribute `power` from 1 to 6 that is its value; one phase `play`
/// whose turns play action 0 once; capture to nowhere; no end rules.
pub(super) fn game(width: u32, height: u32) -> Game {
    let board = Board::square(width, height).unwrap();
    let black_view = board.symmetry_index(180, Reflection::Unmirrored).unwrap();
    Game {
        name: "test".into(),
        options: vec![],
        seats: vec![
            Seat { name: "white".into(), team: None, view: 0 },
            Seat { name: "black".into(), team: None, view: black_view },
        ],
        teams: vec![],
        board,
        maps: vec![],
        zones: vec![],
        attributes: vec![Attribute { name: "power".into(), min: 1, max: 6 }],
        pieces: vec![PieceType {
            name: "man".into(),
            letter: 'M',
            attributes: vec![0],
            value: field(ctx(ContextWord::It), PieceField::Attribute(0)),
            captured_as: None,
        }],
        variables: vec![],
        actions: vec![],
        capture: Capture { allowed: None, destination: CaptureDestination::Nowhere, then: vec![] },
        setup: vec![],
        phases: vec![phase("play", vec![0])],
        end: vec![],
        limits: Limits::default(),
        score: None,
        stacking: Default::default(),
        tracks: vec![],
    }
}

pub(super) fn phase(name: &str, actions: Vec<ActionId>) -> Phase {
    Phase {
        name: name.into(),
        order: vec![],
        turn: Turn {
            start: vec![],
            choices: vec![ActionChoice { actions, filter: None }],
            count: ActionCount::Exactly(int(1)),
            after: vec![],
            legal: None,
            prefer: None,
            passing: ludex_ir::Passing::WhenStuck,
        },
        until: None,
    }
}

/// An action of the given kind for every piece type, with no conditions.
pub(super) fn action(name: &str, kind: ActionKind) -> Action {
    Action {
        name: name.into(),
        kind,
        pieces: vec![],
        when: None,
        destination: Destination::EmptyOrEnemy,
        filter: None,
        then: vec![],
        promotion: None,
        continuation: None,
    }
}

/// The directions named, the same for both seats.
pub(super) fn absolute(game: &Game, names: &[&str]) -> PerSeat<Vec<DirId>> {
    let dirs: Vec<DirId> = names.iter().map(|n| game.board.direction_named(n).unwrap()).collect();
    vec![dirs.clone(), dirs]
}

/// The directions named, as seen by each seat (`n` is forward).
pub(super) fn relative(game: &Game, names: &[&str]) -> PerSeat<Vec<DirId>> {
    game.seats
        .iter()
        .map(|seat| {
            let symmetry = &game.board.symmetries[seat.view];
            names
                .iter()
                .map(|n| symmetry.directions[game.board.direction_named(n).unwrap() as usize])
                .collect()
        })
        .collect()
}

pub(super) fn step(game: &Game, names: &[&str]) -> ActionKind {
    ActionKind::Step { directions: absolute(game, names) }
}

pub(super) const ORTHOGONAL: [&str; 4] = ["n", "e", "s", "w"];

pub(super) fn int(n: i64) -> Expr {
    Expr::Const(Const::Int(n))
}

pub(super) fn seat_const(s: SeatId) -> Expr {
    Expr::Const(Const::Seat(s))
}

pub(super) fn ctx(word: ContextWord) -> Expr {
    Expr::Context(word)
}

pub(super) fn field(piece: Expr, field: PieceField) -> Expr {
    Expr::Field(Box::new(piece), field)
}

pub(super) fn bin(op: BinaryOp, a: Expr, b: Expr) -> Expr {
    Expr::Binary(op, Box::new(a), Box::new(b))
}

pub(super) fn var(v: VarId) -> Expr {
    Expr::Variable(v)
}

pub(super) fn variable(name: &str, init: Expr) -> Variable {
    Variable { name: name.into(), ty: ValueType::Int, per_seat: false, init, tracking: Tracking::Tracked }
}

pub(super) fn set(v: VarId, value: Expr) -> Effect {
    Effect::SetVariable { variable: v, seat: None, value }
}

/// `count(pieces(OWNER))`.
pub(super) fn pieces_of(owner: Expr) -> Expr {
    Expr::Count(Collection::Pieces { owner: Box::new(owner), types: vec![] }, None)
}

pub(super) fn end_rule(condition: Expr, outcome: Outcome) -> EndRule {
    EndRule { condition, outcome }
}

/// An engine on rules written as text (a shipped file's, or a test's own), which must check.
pub(super) fn engine_for(text: &str) -> Engine {
    let compiled = ludex_check::compile(text, &ludex_check::OptionValues::default());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
}

/// Plays a seeded random game of at most `steps` steps (decisions and rolls): at each decision
/// point, `visit` sees the position, its legal moves and the step's number before a move drawn
/// among them is played. Returns the position reached.
pub(super) fn random_game_visiting(
    engine: &Engine,
    seed: u64,
    steps: u32,
    mut visit: impl FnMut(&State, &[Move], u32),
) -> State {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut state = engine.initial_state();
    let mut moves = Vec::new();
    for step in 0..steps {
        match engine.status(&state) {
            Status::Over(_) => break,
            Status::Chance { sides } => engine.apply_chance(&mut state, rng.random_range(1..=sides)),
            Status::Decision { .. } => {
                engine.legal_moves(&state, &mut moves);
                visit(&state, &moves, step);
                engine.apply_move(&mut state, moves[rng.random_range(0..moves.len())]);
            }
        }
    }
    state
}

/// An engine on the game with the position loaded.
pub(super) fn load(game: Game, position: &str) -> (Engine, State) {
    let engine = Engine::new(game);
    let state = engine.load_position(position).unwrap_or_else(|e| panic!("{e}"));
    (engine, state)
}

pub(super) fn legal(engine: &Engine, state: &State) -> Vec<String> {
    let mut moves = Vec::new();
    engine.legal_moves(state, &mut moves);
    moves.iter().map(|&m| engine.move_notation(state, m)).collect()
}

pub(super) fn sorted(mut names: Vec<String>) -> Vec<String> {
    names.sort();
    names
}

pub(super) fn strings(names: &[&str]) -> Vec<String> {
    sorted(names.iter().map(|s| s.to_string()).collect())
}

/// Plays a move given in notation.
pub(super) fn play(engine: &Engine, state: &mut State, text: &str) {
    let mv = engine.parse_move(state, text).unwrap_or_else(|e| panic!("{e}"));
    engine.apply_move(state, mv);
}

pub(super) fn decision_seat(engine: &Engine, state: &State) -> Option<SeatId> {
    match engine.status(state) {
        Status::Decision { seat } => Some(seat),
        _ => None,
    }
}

/// The index of the state's board built afresh, cell by cell.
pub(super) fn rebuilt_index(engine: &Engine, state: &State) -> BoardIndex {
    let cells = engine.game.board.cell_count();
    let mut index = BoardIndex::empty(cells, engine.game.seats.len(), engine.game.pieces.len());
    for (cell, piece) in state.board.iter().enumerate() {
        index.replace(cell as CellId, (None, piece.as_ref()), BoardHash::Kept);
    }
    index
}
