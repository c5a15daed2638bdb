//! Slides of exact length (`slide DIRS exactly EXPR [over WHAT]`) and `attacked`: such a slide
//! attacks the cell it lands on only, not the cells it passes over nor those beyond, and not at
//! all where it would pass a cell `over` forbids. Lines of Action's move (rules/lines-of-action.rules)
//! passes over the mover's own pieces; the engine and the reference agree on every answer.

use super::Engine;
use super::soundness::attacked_cells;

fn lines_of_action() -> Engine {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/lines-of-action.rules");
    let compiled = ludex_check::compile(&std::fs::read_to_string(path).unwrap(), &Default::default());
    Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
}

/// White's piece on a1 and black's on c3 make the a1-h8 diagonal two pieces long: a1 lands on c3
/// (and on c1 along row 1, which holds h1 too), passing b2 and b1 without attacking them.
#[test]
fn a_slide_of_exact_length_attacks_its_landing_cell_only() {
    let engine = lines_of_action();
    let state =
        engine.load_position("turn white\npieces C2@a1 C1@c3 C1@h1").unwrap_or_else(|e| panic!("{e}"));
    let cells = ["c3", "b2", "d4", "c1", "b1", "h1", "a2", "a3"];
    assert_eq!(
        attacked_cells(&engine, &state, &cells),
        [true, false, false, true, false, false, true, false]
    );
}

/// With white's own piece on b2 the diagonal holds three pieces: a1 would land on d4 but may not
/// pass black's c3, and b2 would land on e5 past c3 too; so neither c3 nor d4 is attacked. Without
/// the black piece in the way (on d4 instead of c3), a1 jumps its own b2 onto d4.
#[test]
fn a_slide_of_exact_length_attacks_past_its_own_pieces_and_never_past_the_opponents() {
    let engine = lines_of_action();
    let blocked =
        engine.load_position("turn white\npieces C2@a1 C2@b2 C1@c3 C1@h1").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(attacked_cells(&engine, &blocked, &["c3", "d4", "e5"]), [false, false, false]);
    let jumping =
        engine.load_position("turn white\npieces C2@a1 C2@b2 C1@d4 C1@h1").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(attacked_cells(&engine, &jumping, &["d4", "c3", "e5"]), [true, false, false]);
}
