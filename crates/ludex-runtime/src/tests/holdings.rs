//! Changing a piece's type, captured pieces released or given, seats retiring, declarations and
//! scores, on small games compiled from text.

use super::*;
use crate::state::Piece;
use ludex_ir::Number;

/// Two seats on a 3x3 board with pieces `man` (M, value 1) and `king` (K, value 5), a step action
/// and `extra` items.
fn compiled(extra: &str) -> Engine {
    let text = format!(
        "game \"T\"\nseat white\nseat black turned 180\nboard square 3 by 3\n\
         piece man {{ letter M value 1 }}\npiece king {{ letter K value 5 }}\n\
         action step for man, king {{ step orthogonal }}\ncapture {{ to prizes }}\n{extra}"
    );
    let compiled = ludex_check::compile(&text, &Default::default());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:#?}", compiled.diagnostics)))
}

fn piece_letter(engine: &Engine, state: &State, cell: &str) -> Option<char> {
    let piece = engine.piece_at(state, engine.cell_named(cell).unwrap())?;
    Some(engine.game.pieces[piece.kind as usize].letter)
}

#[test]
fn set_piece_type_changes_the_moved_piece() {
    let engine = compiled(
        "action crown for man { step forward  then { if to in top { set piece.type = king } } }\n\
         zone top of each seat = row 3\nphase play { turn { play crown } }",
    );
    let mut state = engine.load_position("board\n. . .\nM1 . M2\nM1 . .").unwrap();
    play(&engine, &mut state, "a2-a3");
    assert_eq!(piece_letter(&engine, &state, "a3"), Some('K'));
    assert_eq!(engine.piece_at(&state, engine.cell_named("a3").unwrap()).unwrap().owner, Some(0));
    play(&engine, &mut state, "c2-c1");
    assert_eq!(piece_letter(&engine, &state, "c1"), Some('K'), "black's row 3 is rank 1");
    play(&engine, &mut state, "a1-a2");
    assert_eq!(piece_letter(&engine, &state, "a2"), Some('M'), "only the last row crowns");
}

/// A game where white may take and then hand its prizes around with declarations.
fn prisoners() -> Engine {
    compiled(
        "seat grey turned 90\nzone home of each seat = cells a1\n\
         action free { declare  then { release king of black on home } }\n\
         action hand { declare  then { give king of black to grey } }\n\
         phase play { turn { play step, free, hand } }",
    )
}

#[test]
fn a_released_piece_lands_on_its_owners_zone_or_the_nearest_empty_cell() {
    let engine = prisoners();
    // Black's home is c3 (a1 seen from its side); the king white holds goes back there.
    let mut state = engine.load_position("board\n. . .\n. . .\nM1 . .\nprizes white K2").unwrap();
    play(&engine, &mut state, "free");
    assert_eq!(piece_letter(&engine, &state, "c3"), Some('K'));
    assert!(engine.prizes(&state, 0).is_empty());
    // c3 taken: the nearest empty cell, the first found in direction order (n, ne, e, se, s...).
    let mut state = engine.load_position("board\nM1 . M1\n. . .\nM1 . .\nprizes white K2").unwrap();
    play(&engine, &mut state, "free");
    assert_eq!(piece_letter(&engine, &state, "c2"), Some('K'));
    // c3 and its ring (c2, b2, b3, found in that order) taken: the next ring is searched in the
    // order its cells were found (c1, b1, a1, a2, a3), not in cell order, which would give a1.
    let mut state = engine.load_position("board\n. M1 M1\n. M1 M1\n. . M1\nprizes white K2").unwrap();
    play(&engine, &mut state, "free");
    assert_eq!(piece_letter(&engine, &state, "b1"), Some('K'));
    assert_eq!(piece_letter(&engine, &state, "a1"), None);
    // Nothing captured, nothing released.
    let mut state = engine.load_position("board\n. . .\n. . .\nM1 . .").unwrap();
    play(&engine, &mut state, "free");
    assert_eq!(engine.write_position(&state).matches('K').count(), 0);
}

#[test]
fn a_given_prize_changes_pile_and_keeps_its_value_and_cell() {
    let engine = prisoners();
    let mut state = engine.load_position("board\n. . .\n. . .\nM1 . .\nprizes white K2@b2=7").unwrap();
    play(&engine, &mut state, "hand");
    assert!(engine.prizes(&state, 0).is_empty());
    let given = engine.prizes(&state, 2)[0];
    assert_eq!((given.value, given.cell, given.piece.owner), (7, engine.cell_named("b2"), Some(1)));
}

#[test]
fn a_retired_seat_loses_its_pieces_and_its_turns() {
    let engine = compiled(
        "seat grey turned 90\naction leave { declare  when mover == black  then { retire mover } }\n\
         phase play { turn { play step, leave } }",
    );
    let mut state = engine.load_position("turn black\nboard\nM3 . m2\n. . .\nM1 . m2").unwrap();
    play(&engine, &mut state, "leave");
    assert_eq!(engine.write_position(&state).matches("M2").count(), 0);
    assert!(engine.write_position(&state).contains("retired black"));
    assert_eq!(decision_seat(&engine, &state), Some(2), "grey follows black's turn");
    play(&engine, &mut state, "a3-a2");
    assert_eq!(decision_seat(&engine, &state), Some(0));
    play(&engine, &mut state, "a1-b1");
    assert_eq!(decision_seat(&engine, &state), Some(2), "black is skipped");
}

#[test]
fn seats_partners_and_losses_are_read_in_expressions() {
    let engine = compiled(
        "seat grey turned 90\nteam pair = white, grey\n\
         variable seen = 0\n\
         action look for man { step orthogonal  then { set seen = 100 * count(seats) + 10 * count(losses(black)) \
         + sum(seats, if partner(it) == white then 1 else 0) } }\n\
         phase play { turn { play look } }",
    );
    let mut state =
        engine.load_position("board\n. . .\n. . .\nM1 . .\nprizes white M2 M2\nprizes grey K1").unwrap();
    play(&engine, &mut state, "a1-a2");
    assert_eq!(engine.variable(&state, "seen", None), Some(Value::Int(300 + 20 + 1)));
}

#[test]
fn with_a_score_an_end_of_its_own_ranks_the_seats_and_every_result_carries_the_scores() {
    let engine = compiled(
        "phase play { turn { play step } }\n\
         end { score count(pieces(seat)) }",
    );
    // Nobody can move: not a draw, a ranking by the score.
    let mut state = engine.load_position("board\nM1 M1 M1\nM1 M1 M1\nM1 M1 M1").unwrap();
    play(&engine, &mut state, "pass");
    assert_eq!(decision_seat(&engine, &state), Some(1));
    play(&engine, &mut state, "pass");
    match engine.status(&state) {
        Status::Over(result) => {
            assert_eq!((result.places, result.scores), (vec![1, 2], vec![Number::Int(9), Number::Int(0)]));
            assert_eq!(result.reason, "no seat can move");
        }
        other => panic!("{other:?}"),
    }
}

/// A seat's reserve is exactly its pieces in the reserve, whatever the pieces of the neutral owner
/// and of the seats before and after it, each present or not, one or several.
#[test]
fn reserve_of_a_seat_is_its_pieces() {
    let engine = compiled("");
    let owners = [None, Some(0), Some(1), Some(2)];
    for counts in 0..4u32.pow(4) {
        let mut state = engine.initial_state();
        state.reserve.clear();
        for (place, owner) in owners.iter().enumerate() {
            let count = (counts / 4u32.pow(place as u32) % 4) as usize;
            state.add_many_to_reserve(Piece::new(1, *owner), count);
            state.add_many_to_reserve(Piece::new(0, *owner), count / 2);
        }
        for seat in 0..4 {
            let own: Vec<Piece> = state.reserve.iter().filter(|p| p.owner == Some(seat)).copied().collect();
            assert_eq!(state.reserve_of(seat), own, "seat {seat}, reserve {:?}", state.reserve);
        }
    }
}
