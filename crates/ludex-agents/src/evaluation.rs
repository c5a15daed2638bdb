//! How agents value positions, generically: rewards from a result's places (1 for first, 0 for
//! last, tied seats sharing the places they span, team mates sharing their team's mean), and a
//! heuristic score per seat for positions that are not over (the keys the game ranks by, from a
//! `rank by` end rule or its `score`, otherwise material: the values of the seat's pieces on the
//! board), turned
//! into soft rewards by how far each side leads, in units of a typical piece value.

use ludex_ir::{Game, Number, SeatId};
use ludex_runtime::{Engine, State};

/// How much a later `rank by` key weighs against the one before it in a heuristic score.
const LATER_KEY_WEIGHT: f64 = 1e-3;

/// Each seat's reward for a result's places, written into `rewards` (resized to the seat count):
/// the seats are ordered by place and the k-th of n gets `1 - k/(n-1)`; seats sharing a place share
/// the mean of the rewards of the positions they span, then team mates share their mean.
pub fn rewards_from_places(game: &Game, places: &[u32], rewards: &mut Vec<f64>) {
    let seats = places.len();
    rewards.clear();
    for &place in places {
        let ahead = places.iter().filter(|&&other| other < place).count();
        let tied = places.iter().filter(|&&other| other == place).count();
        // Positions ahead..ahead+tied-1 (0-based), each worth 1 - position/(n-1).
        let mean_position = ahead as f64 + (tied as f64 - 1.0) / 2.0;
        let reward = if seats > 1 { 1.0 - mean_position / (seats as f64 - 1.0) } else { 1.0 };
        rewards.push(reward);
    }
    share_within_teams(game, rewards);
}

/// Replaces each team member's reward by the team's mean.
fn share_within_teams(game: &Game, rewards: &mut [f64]) {
    for team in &game.teams {
        let members: Vec<usize> =
            team.seats.iter().map(|&s| s as usize).filter(|&s| s < rewards.len()).collect();
        if members.len() < 2 {
            continue;
        }
        let mean = members.iter().map(|&s| rewards[s]).sum::<f64>() / members.len() as f64;
        for s in members {
            rewards[s] = mean;
        }
    }
}

/// Each seat's heuristic score in a position that is not over, written into `scores`: the keys the
/// game ranks by (`Engine::rank_keys`) folded into one number (later keys break ties of earlier
/// ones) when it ranks or scores, else its material.
pub fn heuristic_scores(engine: &Engine, state: &State, scores: &mut Vec<f64>) {
    scores.clear();
    for seat in 0..engine.game.seats.len() as SeatId {
        let score = match engine.rank_keys(state, seat) {
            Some(keys) => fold_keys(&keys),
            None => engine.material(state, seat) as f64,
        };
        scores.push(score);
    }
}

fn fold_keys(keys: &[Number]) -> f64 {
    let mut weight = 1.0;
    let mut total = 0.0;
    for &key in keys {
        total += weight * key.approximate();
        weight *= LATER_KEY_WEIGHT;
    }
    total
}

/// Each seat's reward from heuristic scores, written into `rewards`: the mean, over the other seats,
/// of a soft comparison of its side's score with theirs, `1 / (1 + e^(-difference / scale))`. As
/// `scale` shrinks this becomes the reward of the places the scores would give (see
/// [`rewards_from_places`]); a larger lead gives a reward nearer 1.
pub fn rewards_from_scores(game: &Game, scores: &[f64], scale: f64, rewards: &mut Vec<f64>) {
    let seats = scores.len();
    let side =
        |member: usize| -> f64 { (0..seats).filter(|&s| allied(game, member, s)).map(|s| scores[s]).sum() };
    let sides: Vec<f64> = (0..seats).map(side).collect();
    rewards.clear();
    for (seat, &mine) in sides.iter().enumerate() {
        let wins: f64 = sides
            .iter()
            .enumerate()
            .filter(|&(other, _)| other != seat)
            .map(|(_, &theirs)| logistic((mine - theirs) / scale))
            .sum();
        rewards.push(if seats > 1 { wins / (seats as f64 - 1.0) } else { 1.0 });
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The typical size of a piece's value in this position: the mean magnitude of the values of the
/// seats' pieces on the board (1 when there are none or they are all worth 0), the unit
/// [`rewards_from_scores`] measures leads in.
pub fn value_scale(engine: &Engine, state: &State) -> f64 {
    let seats = engine.game.seats.len();
    let pieces = (0..engine.game.board.cell_count())
        .filter_map(|cell| engine.piece_at(state, cell as ludex_ir::CellId))
        .filter(|piece| piece.owner.is_some_and(|owner| (owner as usize) < seats))
        .count();
    let total: f64 =
        (0..seats as SeatId).map(|seat| engine.material(state, seat).unsigned_abs() as f64).sum();
    if pieces == 0 || total == 0.0 { 1.0 } else { total / pieces as f64 }
}

/// Whether two seats are on the same side: the same seat, or team mates.
pub fn allied(game: &Game, a: usize, b: usize) -> bool {
    let team = |s: usize| game.seats.get(s).and_then(|seat| seat.team);
    a == b || team(a).is_some_and(|t| Some(t) == team(b))
}

/// How far the seat's side is ahead: the sum of its side's scores minus the best enemy side's.
pub fn advantage(game: &Game, scores: &[f64], seat: usize) -> f64 {
    let side = |member: usize| -> f64 {
        (0..scores.len()).filter(|&s| allied(game, member, s)).map(|s| scores[s]).sum()
    };
    let best_enemy =
        (0..scores.len()).filter(|&s| !allied(game, seat, s)).map(side).fold(f64::NEG_INFINITY, f64::max);
    if best_enemy.is_finite() { side(seat) - best_enemy } else { side(seat) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludex_ir::{Seat, Team};

    fn game(seats: usize, teams: &[&[u8]]) -> Game {
        let text = "game \"T\"\nseat a\nboard square 1 by 1\naction wait { choose n from 0 to 0 }\nphase play { turn { play wait } }\n";
        let mut game = ludex_check::compile(text, &Default::default()).game.expect("a game");
        game.seats = (0..seats).map(|s| Seat { name: format!("s{s}"), team: None, view: 0 }).collect();
        for (index, members) in teams.iter().enumerate() {
            game.teams.push(Team { name: format!("t{index}"), seats: members.to_vec() });
            for &member in *members {
                game.seats[member as usize].team = Some(index as u8);
            }
        }
        game
    }

    fn rewards(game: &Game, places: &[u32]) -> Vec<f64> {
        let mut rewards = Vec::new();
        rewards_from_places(game, places, &mut rewards);
        rewards
    }

    fn assert_close(actual: &[f64], expected: &[f64]) {
        let close =
            actual.len() == expected.len() && actual.iter().zip(expected).all(|(a, e)| (a - e).abs() < 1e-9);
        assert!(close, "{actual:?} is not {expected:?}");
    }

    #[test]
    fn rewards_run_from_one_for_first_to_zero_for_last() {
        assert_eq!(rewards(&game(2, &[]), &[1, 2]), vec![1.0, 0.0]);
        assert_eq!(rewards(&game(2, &[]), &[2, 1]), vec![0.0, 1.0]);
        assert_eq!(rewards(&game(2, &[]), &[1, 1]), vec![0.5, 0.5]);
        assert_eq!(rewards(&game(3, &[]), &[3, 1, 2]), vec![0.0, 1.0, 0.5]);
        assert_eq!(rewards(&game(1, &[]), &[1]), vec![1.0]);
    }

    #[test]
    fn tied_seats_share_the_places_they_span() {
        // Two seats share first place among four: positions 0 and 1 (1 and 2/3).
        let shared = rewards(&game(4, &[]), &[1, 1, 3, 4]);
        assert_eq!(shared[0], shared[1]);
        assert!((shared[0] - 5.0 / 6.0).abs() < 1e-12);
        assert_close(&shared[2..], &[1.0 / 3.0, 0.0]);
        // A `win` among four: the winner first, the other three share second place.
        let win = rewards(&game(4, &[]), &[2, 1, 2, 2]);
        assert_eq!(win[1], 1.0);
        assert!(win.iter().enumerate().all(|(s, &r)| s == 1 || (r - 1.0 / 3.0).abs() < 1e-12));
    }

    #[test]
    fn team_mates_share_their_team_mean() {
        // Seats 0 and 2 against 1 and 3; a ranking split the first team.
        let rewards = rewards(&game(4, &[&[0, 2], &[1, 3]]), &[1, 2, 3, 4]);
        assert_eq!(rewards[0], rewards[2]);
        assert_eq!(rewards[1], rewards[3]);
        assert!((rewards[0] - 2.0 / 3.0).abs() < 1e-12 && (rewards[1] - 1.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn soft_rewards_approach_the_rewards_of_places() {
        let three = game(3, &[]);
        let mut soft = Vec::new();
        rewards_from_scores(&three, &[3.0, 5.0, 3.0], 1e-6, &mut soft);
        assert_close(&soft, &rewards(&three, &[2, 1, 2]));
        rewards_from_scores(&three, &[3.0, 5.0, 3.0], 2.0, &mut soft);
        assert!(soft[1] > 0.5 && soft[1] < 1.0 && soft[0] == soft[2] && soft[0] < 0.5, "{soft:?}");
        assert!((soft.iter().sum::<f64>() - 1.5).abs() < 1e-12, "the rewards of three seats add to 3/2");
        let teams = game(4, &[&[0, 2], &[1, 3]]);
        rewards_from_scores(&teams, &[4.0, 1.0, 0.0, 1.0], 1e-6, &mut soft);
        assert_close(&soft, &rewards(&teams, &[1, 3, 1, 3]));
        rewards_from_scores(&game(1, &[]), &[7.0], 1.0, &mut soft);
        assert_eq!(soft, vec![1.0]);
    }

    #[test]
    fn advantage_follows_scores() {
        let free_for_all = game(3, &[]);
        assert_eq!(advantage(&free_for_all, &[3.0, 5.0, 1.0], 0), -2.0);
        assert_eq!(advantage(&free_for_all, &[3.0, 5.0, 1.0], 1), 2.0);
        let teams = game(3, &[&[0, 2]]);
        assert_eq!(advantage(&teams, &[3.0, 5.0, 1.0], 0), -1.0);
        assert_eq!(advantage(&game(1, &[]), &[4.0], 0), 4.0);
        assert_eq!(fold_keys(&[Number::Int(2), Number::Int(500)]), 2.5);
        assert_eq!(fold_keys(&["2.5".parse().unwrap()]), 2.5);
    }
}
