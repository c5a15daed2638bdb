//! The points table printed when the rules give scores (`score` in `end`): each seat's points with
//! its team, then each team's total. `play` shows one game's scores, `run` the mean over games.

use ludex::ir::Game;

/// The table, one line a seat then one a team of two or more seats; `points` holds a value per
/// seat, written with `decimals` digits after the point.
pub fn table(game: &Game, points: &[f64], decimals: usize) -> String {
    let team_of = |seat: usize| {
        let team = game.seats.get(seat).and_then(|s| s.team);
        team.and_then(|t| game.teams.get(t as usize)).map_or("", |t| t.name.as_str())
    };
    let mut rows: Vec<(String, String, f64)> = game
        .seats
        .iter()
        .zip(points)
        .enumerate()
        .map(|(seat, (info, &value))| (info.name.clone(), team_of(seat).to_string(), value))
        .collect();
    for team in game.teams.iter().filter(|t| t.seats.len() > 1) {
        let total = team.seats.iter().filter_map(|&s| points.get(s as usize)).sum();
        rows.push((format!("team {}", team.name), String::new(), total));
    }
    let name_width = rows.iter().map(|(name, _, _)| name.len()).max().unwrap_or(0);
    let team_width = rows.iter().map(|(_, team, _)| team.len()).max().unwrap_or(0);
    let mut text = String::from("points:\n");
    for (name, team, value) in rows {
        let line = format!("  {name:<name_width$}  {team:<team_width$}  {value:>8.decimals$}");
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_then_teams_of_two_with_totals() {
        let text = "game \"T\"\nseat a\nseat b turned 180\nseat c\nteam ab = a, b\nteam lone = c\n\
                    board square 3 by 3\npiece p { letter P }\naction go for p { step n }\n\
                    phase play { turn { play go } }\nend { when false: draw }\nsetup { place p for a on cells a1 }";
        let game = ludex::compile(text, &Default::default()).game.expect("valid");
        let table = table(&game, &[3.0, -1.0, 2.0], 0);
        assert_eq!(
            table,
            "points:\n  a        ab           3\n  b        ab          -1\n  c        lone         2\n  team ab               2\n"
        );
    }
}
