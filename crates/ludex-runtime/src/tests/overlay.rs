//! Trials answered on an overlay (`overlay`): each move the overlay answers is answered as a trial
//! that plays the move on a copy answers (and so is each answer for a piece's moves handed over as
//! copies of one move, see `Sink::put_copies`), and the legal moves are the reference's, on positions
//! built to catch a wrong overlay (a pinned piece, a king stepping along a slide's line, an en
//! passant capture that uncovers a line, the checking piece captured, a promotion that captures
//! it, a promotion into a guarded type) and on every position of seeded random games of the
//! shipped rules whose `legal if` is a guard, and of a hexagonal game with two guarded types.

use std::ops::ControlFlow;

use super::*;
use crate::effects::TurnAfter;
use crate::turns::Fast;

fn chess() -> Engine {
    engine_for(include_str!("../../../../rules/chess.rules"))
}

/// Whether the turn's `legal if` holds after the move, played on a copy with every effect.
fn played(engine: &Engine, state: &State, mv: Move) -> bool {
    let legal = engine.tables.speed.trials.legal(state.phase).expect("the turn has a legal if");
    let MoveKind::Action(action) = mv.kind else { return false };
    let mut copy = state.clone();
    let seat = engine.current_seat(state);
    let holds = |copy: &mut State, ctx: &crate::eval::Ctx| {
        engine.test(copy, &ctx.trying_move(&Fast, TurnAfter::Played, action), legal)
    };
    engine.play_action(&mut copy, seat, mv, TurnAfter::Played, holds) == Some(true)
}

/// Compares the overlay's answer with a played trial's for every candidate move of the position
/// that the overlay answers — the quiet pieces found at the second move judged, and at the first
/// (as a list of every legal move finds them) — and the legal moves with the reference's; gives
/// how many moves the overlay answered.
fn check_position(engine: &Engine, state: &State) -> usize {
    let guard = engine.tables.speed.trials.guard(state.phase).expect("the legal if is a guard");
    let seat = engine.current_seat(state);
    let choices = engine.game.phases[state.phase as usize].turn.choices.len();
    let mut answered = 0;
    for every_move in [false, true] {
        let mut guarded = guard.on(engine, state, seat).expect("the attacks read only bit sets");
        if every_move {
            guarded.judging_every_move();
        }
        for choice in 0..choices {
            let _ = engine.choice_candidates(state, seat, choice, &mut |mv| {
                if let Some(holds) = guarded.holds_after(mv) {
                    let position = engine.write_position(state);
                    assert_eq!(holds, played(engine, state, mv), "{mv:?} in\n{position}");
                    answered += 1;
                }
                // The answer for the piece's moves by the action as copies of one move, whatever
                // their ends, is this move's.
                if let Some(holds) = guarded.holds_after_copies(Move { to: None, ..mv }) {
                    let position = engine.write_position(state);
                    assert_eq!(holds, played(engine, state, mv), "copies of {mv:?} in\n{position}");
                    answered += 1;
                }
                ControlFlow::Continue(())
            });
        }
    }
    let mut moves = Vec::new();
    engine.legal_moves(state, &mut moves);
    assert_eq!(moves, engine.reference_legal_moves(state), "{}", engine.write_position(state));
    answered
}

/// The legal moves of the position, each written `from-to` (`=T` for a promotion to type `T`).
fn legal_moves(engine: &Engine, state: &State) -> Vec<String> {
    let mut moves = Vec::new();
    engine.legal_moves(state, &mut moves);
    let cell =
        |cell: Option<CellId>| cell.map_or("-".into(), |c| engine.game.board.cells[c as usize].name.clone());
    let piece = |kind: Option<TypeId>| {
        kind.map_or(String::new(), |k| format!("={}", engine.game.pieces[k as usize].letter))
    };
    moves.iter().map(|mv| format!("{}-{}{}", cell(mv.from), cell(mv.to), piece(mv.piece))).collect()
}

fn position(engine: &Engine, text: &str) -> State {
    engine.load_position(text).unwrap_or_else(|error| panic!("{error}\n{text}"))
}

/// Checks the position and gives its legal moves from the cell.
fn moves_from(engine: &Engine, state: &State, from: &str) -> Vec<String> {
    assert!(check_position(engine, state) > 0, "the overlay answers some moves");
    let prefix = format!("{from}-");
    let mut moves: Vec<String> =
        legal_moves(engine, state).into_iter().filter(|mv| mv.starts_with(&prefix)).collect();
    moves.sort();
    moves
}

#[test]
fn a_pinned_piece_may_only_move_along_its_line() {
    let engine = chess();
    let state = position(
        &engine,
        "turn white\nboard\n8 K2 . . . R2 . . .\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n\
         4 . . . . . . . .\n3 . . . . . . . .\n2 . . B1 . R1 . N1 .\n1 . . . . K1 . . .\n",
    );
    assert_eq!(moves_from(&engine, &state, "g2"), ["g2-e3", "g2-f4", "g2-h4"]);
    assert_eq!(moves_from(&engine, &state, "e2"), ["e2-e3", "e2-e4", "e2-e5", "e2-e6", "e2-e7", "e2-e8"]);
}

#[test]
fn a_king_may_not_step_along_the_line_of_the_slide_checking_it() {
    let engine = chess();
    let state = position(
        &engine,
        "turn white\nboard\n8 . . . . . . . K2\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n\
         4 R2 . . K1 . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 . . . . . . . .\n",
    );
    assert_eq!(moves_from(&engine, &state, "d4"), ["d4-c3", "d4-c5", "d4-d3", "d4-d5", "d4-e3", "d4-e5"]);
}

#[test]
fn an_en_passant_capture_that_uncovers_a_line_to_the_king_is_illegal() {
    let engine = chess();
    let text = |a5: &str, b1: &str| {
        format!(
            "turn white\nvariable crossed = e6\nboard\n8 . . . . . . . K2\n7 . . . . . . . .\n\
             6 . . . . . . . .\n5 {a5} . . P1 P2 . . R2\n4 . . . . . . . .\n3 . . . . . . . .\n\
             2 . . . . . . . .\n1 . {b1} . . . . . .\n"
        )
    };
    // With the white king on a5, the pawns on d5 and e5 both stand between it and the rook.
    let pinned = position(&engine, &text("K1", "."));
    assert_eq!(moves_from(&engine, &pinned, "d5"), ["d5-d6"]);
    let free = position(&engine, &text(".", "K1"));
    assert_eq!(moves_from(&engine, &free, "d5"), ["d5-d6", "d5-e6"]);
}

#[test]
fn a_check_is_answered_by_taking_the_checking_piece_or_stepping_away() {
    let engine = chess();
    let state = position(
        &engine,
        "turn white\nboard\n8 . . . . . . . K2\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n\
         4 . . . . . . . .\n3 R1 . . . Q2 . . .\n2 . . . . . . . .\n1 . . . . K1 . . .\n",
    );
    assert_eq!(moves_from(&engine, &state, "a3"), ["a3-e3"]);
    assert_eq!(moves_from(&engine, &state, "e1"), ["e1-d1", "e1-f1"]);
}

#[test]
fn a_promotion_that_takes_the_checking_piece_is_legal_and_one_that_does_not_is_not() {
    let engine = chess();
    let state = position(
        &engine,
        "turn white\nboard\n8 R2 . . . . . . K2\n7 . P1 . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n\
         4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 K1 . . . . . . .\n",
    );
    assert_eq!(moves_from(&engine, &state, "b7"), ["b7-a8=B", "b7-a8=N", "b7-a8=Q", "b7-a8=R"]);
}

#[test]
fn the_overlay_answers_as_played_trials_do_in_every_shipped_game_whose_legal_if_is_a_guard() {
    let files = shipped_rules();
    let mut guarded = Vec::new();
    for path in files {
        let engine = engine_for(&std::fs::read_to_string(&path).expect("a rules file"));
        let has_guard = (0..engine.game.phases.len() as PhaseId).any(|phase| {
            let state = State { phase, ..engine.initial_state() };
            engine.tables.speed.trials.guard(phase).and_then(|g| g.on(&engine, &state, 0)).is_some()
        });
        if has_guard {
            assert!(random_games(&engine, 3) > 1000, "{path:?}");
            guarded.push(path.file_name().expect("a name").to_string_lossy().into_owned());
        }
    }
    assert_eq!(guarded, ["chess.rules", "glinski.rules", "shogi.rules"]);
}

/// Checks every position of `games` seeded random games of at most 200 plies; gives how many
/// moves the overlay answered.
fn random_games(engine: &Engine, games: u64) -> usize {
    let mut answered = 0;
    for seed in 0..games {
        random_game_visiting(engine, seed, 200, |state, _, _| {
            if engine.tables.speed.trials.guard(state.phase).is_some() {
                answered += check_position(engine, state);
            }
        });
    }
    answered
}

/// A hexagonal game whose guarded pieces are of two types (`count(..) == 0`, without `not`), one
/// of which a scout promotes to, with slides along sides and corners, leaps and steps.
const HEX_GAME: &str = "game \"guards\"\nseat white\nseat black turned 180\nboard hex 4\n\
    piece chief {\n  letter C\n}\npiece sage {\n  letter S\n}\npiece lancer {\n  letter L\n}\n\
    piece jumper {\n  letter J\n}\npiece scout {\n  letter O\n}\n\
    zone far of each seat = cells a4, b5, c6, d7, e6, f5, g4\n\
    setup {\n  place chief for each seat on cells d1\n  place sage for each seat on cells b1\n\
      place lancer for each seat on cells c1, e1\n  place jumper for each seat on cells f1\n\
      place scout for each seat on cells a1, c2, d2, e2, g1\n}\n\
    action chief_step for chief, sage {\n  step all\n}\n\
    action lance for lancer {\n  slide sides\n}\naction sweep for sage {\n  slide corners\n}\n\
    action jump for jumper {\n  leap n+nne, ne+e, se+sse, s+ssw, sw+w, nw+nnw\n}\n\
    action scout_step for scout {\n  step forward, forward_left, forward_right\n\
      promote on far to sage, lancer\n}\n\
    phase play {\n  turn {\n    play chief_step, lance, sweep, jump, scout_step\n\
        legal if count(pieces(mover, chief, sage), attacked(it.cell, mover)) == 0\n  }\n}\n\
    end {\n  when stuck: win mover\n  when turns >= 120: draw\n}\n";

#[test]
fn the_overlay_answers_as_played_trials_do_on_a_hexagonal_game_with_two_guarded_types() {
    let engine = engine_for(HEX_GAME);
    assert!(random_games(&engine, 8) > 1000);
}
