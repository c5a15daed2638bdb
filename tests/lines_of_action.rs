//! Lines of Action (rules/lines-of-action.rules): perft at depth 4, too slow for a debug build,
//! against the independent program tests/loa_reference/perft.py, and random games that end as the
//! rules say. The scenario of each rule, and perft to depth 3, are in rules/lines-of-action.tests
//! (`ludex test rules/lines-of-action.rules`).

mod support;

use ludex::agents::play::{Ending, Playthrough, Step};
use ludex::agents::{Agent, RandomAgent};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use support::{engine, piece_on, seat, timed_perft};

const RULES: &str = "rules/lines-of-action.rules";

/// `python3 tests/loa_reference/perft.py 4` counts 1,563,208:
/// `cargo test --release --test lines_of_action -- --ignored`.
#[test]
#[ignore = "slow in debug builds"]
fn perft_at_depth_4_gives_the_reference_count() {
    let engine = engine(RULES);
    assert_eq!(timed_perft(&engine, "start", &engine.initial_state(), 4), 1_563_208);
}

/// The squares of the board, `a1` to `h8`.
fn squares() -> Vec<(i32, i32)> {
    (0..8).flat_map(|x| (0..8).map(move |y| (x, y))).collect()
}

fn name((x, y): (i32, i32)) -> String {
    format!("{}{}", char::from(b'a' + x as u8), y + 1)
}

/// Whether the squares form one group, joined orthogonally or diagonally (found apart from the
/// engine, by a flood over the list).
fn one_group(squares: &[(i32, i32)]) -> bool {
    let Some(&first) = squares.first() else { return true };
    let mut seen = vec![first];
    let mut frontier = vec![first];
    while let Some((x, y)) = frontier.pop() {
        for near in squares.iter().filter(|&&(a, b)| (a - x).abs() <= 1 && (b - y).abs() <= 1) {
            if !seen.contains(near) {
                seen.push(*near);
                frontier.push(*near);
            }
        }
    }
    seen.len() == squares.len()
}

/// Every random game ends by an end rule with a winner whose pieces are one group; a game won by
/// the second rule (the opponent of the mover) leaves the mover's pieces in more than one group.
#[test]
fn random_games_end_with_the_winners_pieces_in_one_group() {
    let engine = engine(RULES);
    for game_seed in 0..6 {
        let mut agents: Vec<Box<dyn Agent>> = vec![Box::new(RandomAgent), Box::new(RandomAgent)];
        let mut rng = ChaCha8Rng::seed_from_u64(game_seed);
        let mut game = Playthrough::new(&engine, engine.initial_state());
        let over = loop {
            match game.step(&mut agents, &mut rng) {
                Step::End(Ending::Over(result)) => break result,
                Step::End(ending) => panic!("seed {game_seed}: {ending:?}"),
                Step::Ply(_) | Step::Undo { .. } => {}
            }
        };
        let winner = match over.places[..] {
            [1, 2] => "black",
            [2, 1] => "white",
            _ => panic!("seed {game_seed}: no single winner: {over:?}"),
        };
        assert!(over.reason.starts_with("end rule "), "seed {game_seed}: {}", over.reason);
        let pieces_of = |owner: &str| -> Vec<(i32, i32)> {
            let owner = Some(seat(&engine, owner));
            let mut squares = squares();
            squares.retain(|&square| {
                piece_on(&engine, game.state(), &name(square)).is_some_and(|p| p.owner == owner)
            });
            squares
        };
        assert!(one_group(&pieces_of(winner)), "seed {game_seed}: {winner} won apart");
        if over.reason.starts_with("end rule 2") {
            let loser = if winner == "black" { "white" } else { "black" };
            assert!(!one_group(&pieces_of(loser)), "seed {game_seed}: the mover was united too");
        }
    }
}
