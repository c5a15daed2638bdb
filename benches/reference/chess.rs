//! Chess by cozy-chess (a bitboard move generator), with the end rules of `rules/chess.rules`: the
//! yardstick the interpreter's chess is timed against (`benches/reference.rs`) and checked against
//! (`tests/reference_chess.rs`).
//!
//! A random playout draws each move uniformly from the full list of legal moves and ends as the
//! rules file says: checkmate; stalemate; too little material (the kings and bishops all on squares
//! of one colour, or the kings and one knight); a position seen for the third time (the same
//! pieces on the same squares, side to move, castling rights and en passant capture, from the
//! zobrist hash); fifty moves by each side without a pawn move or a capture; and the move limit of
//! 2000 plies. Perft makes every leaf (a copy of the board, the move played), or with bulk counting
//! counts the last level's moves.

// The bench and the test that include this module each use only part of it.
#![allow(dead_code)]

use cozy_chess::{BitBoard, Board, Move, Piece};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The plies after which a game is drawn (the IR's move limit, which `rules/chess.rules` keeps).
pub const MOVE_LIMIT: u32 = 2000;

/// How a game ended, in the order `rules/chess.rules` tests its end rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Checkmate,
    Stalemate,
    /// The kings and bishops, all on squares of one colour.
    KingsAndBishops,
    /// The kings and one knight.
    KingsAndAKnight,
    Repetition,
    FiftyMoves,
    MoveLimit,
}

/// A finished random game: its length, its moves (when kept) and how it ended.
pub struct Playout {
    pub plies: u32,
    pub moves: Vec<Move>,
    pub end: End,
}

/// Perft from `board`, every leaf made.
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// Perft from `board`, the last level's moves counted without being made.
pub fn perft_bulk(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
            return false;
        }
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += perft_bulk(&child, depth - 1);
        }
        false
    });
    nodes
}

/// The buffers a playout reuses: the legal moves, and the positions since the last pawn move or
/// capture (the only ones that can repeat).
#[derive(Default)]
pub struct Buffers {
    legal: Vec<Move>,
    positions: Vec<u64>,
}

/// A random game from the start with `seed`; `keep_moves` records its moves (for the test).
pub fn random_playout(seed: u64, buffers: &mut Buffers, keep_moves: bool) -> Playout {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut board = Board::default();
    let Buffers { legal, positions } = buffers;
    positions.clear();
    positions.push(board.hash());
    let mut moves = Vec::new();
    let mut plies = 0;
    let end = loop {
        legal.clear();
        board.generate_moves(|piece_moves| {
            legal.extend(piece_moves);
            false
        });
        if let Some(end) = ended(&board, legal.is_empty(), positions, plies) {
            break end;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        board.play_unchecked(mv);
        plies += 1;
        if keep_moves {
            moves.push(mv);
        }
        if board.halfmove_clock() == 0 {
            positions.clear();
        }
        positions.push(board.hash());
    };
    Playout { plies, moves, end }
}

/// The end rules, in the rules file's order, then the move limit.
fn ended(board: &Board, stuck: bool, positions: &[u64], plies: u32) -> Option<End> {
    let current = board.hash();
    match () {
        _ if stuck && !board.checkers().is_empty() => Some(End::Checkmate),
        _ if stuck => Some(End::Stalemate),
        _ if kings_and_bishops_of_one_colour(board) => Some(End::KingsAndBishops),
        _ if kings_and_a_knight(board) => Some(End::KingsAndAKnight),
        _ if positions.iter().filter(|&&p| p == current).count() >= 3 => Some(End::Repetition),
        _ if board.halfmove_clock() >= 100 => Some(End::FiftyMoves),
        _ if plies >= MOVE_LIMIT => Some(End::MoveLimit),
        _ => None,
    }
}

/// The pieces that are not kings.
fn all_but_kings(board: &Board) -> BitBoard {
    board.occupied() - board.pieces(Piece::King)
}

fn kings_and_bishops_of_one_colour(board: &Board) -> bool {
    let bishops = board.pieces(Piece::Bishop);
    all_but_kings(board) == bishops
        && ((bishops & BitBoard::LIGHT_SQUARES).is_empty() || (bishops & BitBoard::DARK_SQUARES).is_empty())
}

fn kings_and_a_knight(board: &Board) -> bool {
    let knights = board.pieces(Piece::Knight);
    all_but_kings(board) == knights && knights.len() == 1
}
