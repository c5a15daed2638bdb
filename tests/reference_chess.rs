//! The cozy-chess reference of `benches/reference/chess.rs` plays the chess `rules/chess.rules`
//! describes, so that timing one against the other compares like with like: the same perft counts,
//! and along random games of the reference the same number of legal moves at every position and
//! the same end (the same end rule, or the move limit) at the same ply in the interpreter.

#[path = "../benches/reference/chess.rs"]
mod chess;

use std::collections::BTreeMap;

use chess::{Buffers, End};
use cozy_chess::{Board, File, Move, Piece, Square};
use ludex::runtime::{EndReason, Engine, Leaves, Status, perft_with};

fn interpreter() -> Engine {
    let text = std::fs::read_to_string("rules/chess.rules").expect("rules/chess.rules");
    let compiled = ludex::compile(&text, &BTreeMap::new());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
}

#[test]
fn the_same_perft_counts_with_every_leaf_made_or_counted() {
    let engine = interpreter();
    let start = engine.initial_state();
    for (depth, expected) in [(1, 20), (2, 400), (3, 8_902)] {
        assert_eq!(chess::perft(&Board::default(), depth), expected);
        assert_eq!(chess::perft_bulk(&Board::default(), depth), expected);
        assert_eq!(perft_with(&engine, &start, depth, Leaves::Made), expected);
        assert_eq!(perft_with(&engine, &start, depth, Leaves::Counted), expected);
    }
}

/// The move in the interpreter's notation: cozy-chess writes castling as the king taking its own
/// rook (`e1h1`), the interpreter as the king's two steps (`e1g1`).
fn notation(board: &Board, mv: Move) -> String {
    let castles =
        board.piece_on(mv.from) == Some(Piece::King) && board.color_on(mv.to) == board.color_on(mv.from);
    if castles {
        let file = if mv.to.file() > mv.from.file() { File::G } else { File::C };
        return format!("{}{}", mv.from, Square::new(file, mv.from.rank()));
    }
    mv.to_string()
}

/// The interpreter's end for the reference's.
fn end_reason(end: End) -> EndReason {
    match end {
        End::Checkmate => EndReason::Rule(0),
        End::Stalemate => EndReason::Rule(1),
        End::KingsAndBishops => EndReason::Rule(2),
        End::KingsAndAKnight => EndReason::Rule(3),
        End::Repetition => EndReason::Rule(4),
        End::FiftyMoves => EndReason::Rule(5),
        End::MoveLimit => EndReason::MoveLimit,
    }
}

#[test]
fn random_games_of_the_reference_are_the_same_games_with_the_same_ends() {
    let engine = interpreter();
    let mut buffers = Buffers::default();
    let mut ends = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..12 {
        let playout = chess::random_playout(seed, &mut buffers, true);
        let (mut board, mut state) = (Board::default(), engine.initial_state());
        for (ply, &mv) in playout.moves.iter().enumerate() {
            let mut reference_moves = 0;
            board.generate_moves(|moves| {
                reference_moves += moves.len();
                false
            });
            engine.legal_moves(&state, &mut legal);
            assert_eq!(legal.len(), reference_moves, "seed {seed}, ply {ply}");
            let text = notation(&board, mv);
            let chosen =
                engine.parse_move(&state, &text).unwrap_or_else(|e| panic!("seed {seed}, ply {ply}: {e}"));
            engine.apply_move(&mut state, chosen);
            board.play(mv);
        }
        match engine.status(&state) {
            Status::Over(result) => {
                assert_eq!(result.end, end_reason(playout.end), "seed {seed}: {}", result.reason)
            }
            other => panic!(
                "seed {seed}: the reference ended ({:?}), the interpreter goes on: {other:?}",
                playout.end
            ),
        }
        ends.push(playout.end);
    }
    // These twelve games reach every end rule.
    ends.sort_by_key(|end| *end as u8);
    ends.dedup();
    use End::*;
    assert_eq!(ends, [Checkmate, Stalemate, KingsAndBishops, KingsAndAKnight, Repetition, FiftyMoves]);
}
