//! Scratch copies restored from their journal, and the board index kept by every board write: on
//! every position of seeded random games of the shipped rules, a journaled copy played on and
//! restored equals the position (the whole of it, or only what a trial of the turn's `legal if`
//! writes, as the trials put it back), and the index equals one rebuilt from the board.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::super::board_index::BoardHash;
use super::super::state::HistoryCopy;
use super::super::trial_writes::TrialWrites;
use super::*;

/// Plays `games` random games, checking every decision point.
fn check_games(text: &str, games: u64) {
    let engine = engine_for(text);
    let mut scratch = engine.initial_state();
    for seed in 0..games {
        scratch.start_journal(BoardHash::Kept);
        random_game_visiting(&engine, seed, 150, |state, moves, _| {
            assert_eq!(state.index, rebuilt_index(&engine, state));
            scratch.copy_from(state, HistoryCopy::Whole);
            for &mv in moves {
                scratch.restore_from(state, (HistoryCopy::Whole, TrialWrites::Anything));
                engine.apply_move(&mut scratch, mv);
            }
            scratch.restore_from(state, (HistoryCopy::Whole, TrialWrites::Anything));
            assert_eq!(scratch, *state);
            check_trials(&engine, state, moves, &mut scratch);
        });
    }
}

/// Plays each move as a trial of the turn's `legal if` plays it (the turn's `after` as the trials
/// play it, the board's hash kept or left stale as they leave it), then puts the copy back as the
/// trials do: it equals the position again, its hash too, also where only the cells written and
/// the count of captures are put back.
fn check_trials(engine: &Engine, state: &State, moves: &[Move], scratch: &mut State) {
    let (after, writes, hash) = engine.tables.speed.trials.writes(state.phase);
    let seat = engine.current_seat(state);
    scratch.start_journal(hash);
    for &mv in moves {
        engine.play_action(scratch, seat, mv, after, |_, _| ());
        scratch.restore_from(state, (HistoryCopy::Whole, writes));
        assert_eq!(*scratch, *state, "{writes:?} {hash:?}");
    }
    scratch.start_journal(BoardHash::Kept);
}

#[test]
fn scratch_copies_restore_and_the_index_follows_the_board_in_every_shipped_game() {
    let files = shipped_rules();
    assert!(!files.is_empty());
    for path in files {
        check_games(&std::fs::read_to_string(&path).expect("a rules file"), 2);
    }
}

/// A copy's history is put back by a truncation only where it was last copied whole: a copy put
/// back without its history, played on and put back whole again, equals the position, whose
/// history (one hash, the start's) is as long as the copy's then (the move's hash).
#[test]
fn a_history_left_out_is_copied_back_whole() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/chess.rules");
    let engine = engine_for(&std::fs::read_to_string(root).expect("a rules file"));
    let state = engine.initial_state();
    assert_eq!(state.history.len(), 1, "the rules ask for repetitions");
    let mut moves = Vec::new();
    engine.legal_moves(&state, &mut moves);
    let mut scratch = state.clone();
    scratch.start_journal(BoardHash::Kept);
    for history in [HistoryCopy::Whole, HistoryCopy::Empty, HistoryCopy::Whole, HistoryCopy::Whole] {
        engine.apply_move(&mut scratch, moves[0]);
        scratch.restore_from(&state, (history, TrialWrites::Anything));
        let expected = match history {
            HistoryCopy::Whole => state.history.clone(),
            HistoryCopy::Empty => Vec::new(),
        };
        assert_eq!(scratch.history, expected, "{history:?}");
    }
    assert_eq!(scratch, state);
}

/// Perft counts as a plain search does that copies each position for each move and judges every
/// move's end rules: its children put back from their journals (and left as played after the last
/// move), its leaves counted without their status, two moves deep from the start and from positions
/// a few random moves in, in shipped games with a position history, reserves and sowing.
#[test]
fn perft_counts_as_a_search_that_copies_each_child() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules");
    for name in ["chess", "shogi", "kalah", "mana"] {
        let path = format!("{root}/{name}.rules");
        let engine = engine_for(&std::fs::read_to_string(&path).expect("a rules file"));
        let mut state = engine.initial_state();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut moves = Vec::new();
        for ply in 0..3 {
            let fast = super::super::perft(&engine, &state, 2);
            assert_eq!(fast, copying_perft(&engine, &state, 2), "{name} after {ply} plies");
            match engine.status(&state) {
                Status::Over(_) => break,
                Status::Chance { sides } => engine.apply_chance(&mut state, rng.random_range(1..=sides)),
                Status::Decision { .. } => {
                    engine.legal_moves(&state, &mut moves);
                    engine.apply_move(&mut state, moves[rng.random_range(0..moves.len())]);
                }
            }
        }
    }
}

/// A copy whose writes leave the board's hash stale (as perft's leaves do), its hash made afresh,
/// has the index of a copy whose writes keep the hash: after each move of every position of a
/// seeded random game of each shipped rules file (rolls, attributes, stacks and reserves among
/// them).
#[test]
fn a_board_hash_left_stale_is_made_afresh() {
    for path in shipped_rules() {
        let engine = engine_for(&std::fs::read_to_string(&path).expect("a rules file"));
        let mut stale = engine.initial_state();
        random_game_visiting(&engine, 7, 40, |state, moves, _| {
            for &mv in moves {
                let mut kept = state.clone();
                engine.play(&mut kept, mv);
                stale.copy_from(state, HistoryCopy::Whole);
                stale.start_journal(BoardHash::Stale);
                engine.play(&mut stale, mv);
                stale.rehash_board();
                assert_eq!(stale.index, kept.index, "{}", path.display());
            }
        });
    }
}

/// Perft's leaves, whose positions are not recorded and whose board's hash is left stale, count as
/// a search that records every position does: in a game drawn at the first repetition (of the
/// position, or of the board alone), the moves that repeat a position end their games from the
/// fourth ply on, which only the positions recorded (with their hashes) at the levels above the
/// leaves find.
#[test]
fn perft_leaves_left_unrecorded_count_as_a_search_that_records_every_position() {
    for repeated in ["repetitions", "repetitions(board)"] {
        let text = format!(
            "game \"repeat\"\nseat white\nseat black turned 180\nboard square 3 by 3\n\
             piece man {{\n  letter M\n}}\nsetup {{\n  place man for each seat on cells a1\n}}\n\
             action step for man {{\n  step all\n}}\nphase play {{\n  turn {{\n    play step\n  }}\n}}\n\
             end {{\n  when {repeated} >= 2: draw\n}}\n"
        );
        let engine = engine_for(&text);
        let state = engine.initial_state();
        for depth in 1..=6 {
            let fast = super::super::perft(&engine, &state, depth);
            assert_eq!(fast, copying_perft(&engine, &state, depth), "{repeated}, depth {depth}");
        }
    }
}

/// Perft by a whole copy of the position for each move or roll outcome, every move judged.
fn copying_perft(engine: &Engine, state: &State, depth: u32) -> u64 {
    let child = |apply: &dyn Fn(&mut State), depth| {
        let mut child = state.clone();
        apply(&mut child);
        copying_perft(engine, &child, depth)
    };
    match engine.status(state) {
        Status::Chance { sides } => {
            (1..=sides).map(|outcome| child(&|s| engine.apply_chance(s, outcome), depth)).sum()
        }
        _ if depth == 0 => 1,
        Status::Over(_) => 0,
        Status::Decision { .. } => {
            let mut moves = Vec::new();
            engine.legal_moves(state, &mut moves);
            moves.iter().map(|&mv| child(&|s| engine.apply_move(s, mv), depth - 1)).sum()
        }
    }
}

/// A piece moved onto an empty cell in one call (`State::move_to_empty`, a quiet move on a board
/// without stacks) writes what taking it off its cell and putting it down write: the board, its
/// index and hash (kept, or left stale), and the journal that puts the copy back; a move onto its
/// own cell or an occupied one writes nothing. Pieces of positions of a seeded random game of each
/// shipped rules file, to empty cells spread over the board.
#[test]
fn a_move_to_an_empty_cell_writes_what_a_lift_and_a_put_write() {
    for path in shipped_rules() {
        let engine = engine_for(&std::fs::read_to_string(&path).expect("a rules file"));
        let mut moved = engine.initial_state();
        let mut written = moved.clone();
        random_game_visiting(&engine, 11, 30, |state, _, ply| {
            let cells = 0..state.board.len() as CellId;
            let empty = cells.clone().filter(|&cell| state.piece(cell).is_none());
            let targets: Vec<CellId> =
                empty.filter(|&cell| (u32::from(cell) + ply) % 7 == 0).take(8).collect();
            for from in cells.clone().filter(|&cell| state.piece(cell).is_some()).take(6) {
                for (&to, hash) in
                    targets.iter().flat_map(|to| [(to, BoardHash::Kept), (to, BoardHash::Stale)])
                {
                    for copy in [&mut moved, &mut written] {
                        copy.copy_from(state, HistoryCopy::Whole);
                        copy.start_journal(hash);
                    }
                    assert!(moved.move_to_empty(from, to));
                    let piece = written.piece(from);
                    written.set_piece(from, None);
                    written.set_piece(to, piece);
                    assert_eq!(moved, written, "{} {from} {to}", path.display());
                    moved.restore_from(state, (HistoryCopy::Whole, TrialWrites::Board));
                    assert_eq!(moved, *state, "{} {from} {to}", path.display());
                }
                let occupied = cells.clone().find(|&cell| cell != from && state.piece(cell).is_some());
                for to in [Some(from), occupied].into_iter().flatten() {
                    moved.copy_from(state, HistoryCopy::Whole);
                    assert!(!moved.move_to_empty(from, to));
                    assert_eq!(moved, *state, "{} {from} {to}", path.display());
                }
            }
        });
    }
}
