//! Walk tables answer as the walk search does: on random boards, for every cell, seat and length,
//! the cells a tabled walk reaches are the cells the search reaches, for exact walks and walks of
//! at most a length, on square and hexagonal boards of one word and of two; lengths past the table
//! are left to the search.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::super::cell_bits::CellBits;
use super::super::state::Piece;
use super::super::walk::{Lengths, PlainSteps, WalkShape, search};
use super::*;

fn engine_for(board: &str, walk: &str) -> Engine {
    let text = format!(
        "game \"walks\"\nseat white\nseat black turned 180\nboard {board}\npiece man {{\n  letter M\n}}\n\
         setup {{\n  place man for white on cells a1\n}}\naction go for man {{\n  {walk}\n}}\n\
         phase play {{\n  turn {{\n    play go\n  }}\n}}\n"
    );
    let compiled = ludex_check::compile(&text, &ludex_check::OptionValues::default());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
}

fn compare(engine: &Engine, lengths: Lengths, directions: &[Vec<DirId>]) {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let cells = engine.game.board.cell_count();
    for _ in 0..20 {
        let mut state = engine.initial_state();
        for cell in 0..cells as CellId {
            let piece = rng.random_bool(0.3).then(|| Piece::new(0, Some(rng.random_range(0..2))));
            state.set_piece(cell, piece);
        }
        for (seat, directions) in directions.iter().enumerate() {
            for from in 0..cells as CellId {
                for length in 0..=6 {
                    let mut tabled = CellBits::empty(cells);
                    let answered = engine.tables.speed.walks.reach(
                        &state,
                        0,
                        seat as SeatId,
                        (from, length),
                        &mut tabled,
                    );
                    assert_eq!(answered, length <= 4, "lengths up to 4 are tabled");
                    if answered {
                        let mut walk = PlainSteps::new(&state, cells);
                        let shape = WalkShape { directions, length, lengths, revisits: Revisits::Never };
                        search(&engine.game.board, shape, from, (), &mut walk);
                        assert_eq!(*tabled, *walk.reached, "from {from}, length {length}, seat {seat}");
                    }
                }
            }
        }
    }
}

fn walk_directions(engine: &Engine) -> (Lengths, Vec<Vec<DirId>>) {
    match &engine.game.actions[0].kind {
        ActionKind::Walk { directions, exact, .. } => (Lengths::of(*exact), directions.clone()),
        _ => panic!("a walk"),
    }
}

#[test]
fn tables_reach_what_the_search_reaches() {
    for (board, walk) in [
        ("square 5 by 4", "walk orthogonal exactly 3"),
        ("square 5 by 4", "walk all at most 3"),
        ("square 9 by 8", "walk orthogonal exactly 4"),
        ("hex 3", "walk sides exactly 2"),
        ("hex 3", "walk forward, forward_left at most 4"),
    ] {
        let engine = engine_for(board, walk);
        let (lengths, directions) = walk_directions(&engine);
        compare(&engine, lengths, &directions);
    }
}
