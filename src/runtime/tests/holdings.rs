//! Changing a piece's type, captured pieces released or given, seats retiring, declarations and
//! scores, on small games compiled from text.

use super::*;

/// Two seats on a 3x3 board with pieces `man` (M, value 1) and `king` (K, value 5), a step action
/// and `extra` items.
fn compiled(extra: &str) -> Engine {
    let text = format!(
        "game \"T\"\nseat white\nseat black turned 180\nboard square 3 by 3\n\
         piece man {{ letter M value 1 }}\npiece king {{ letter K value 5 }}\n\
         action step for man, king {{ step orthogonal }}\ncapture {{ to prizes }}\n{extra}"
    );
    let compiled = crate::compile(&text, &Default::default());
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
