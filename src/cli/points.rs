//! The points tables printed when the rules give scores (`score` in `end`): each seat's points with
//! its team and the sum over every seat (the game's total value), then each team's total. `play`
//! shows one game's scores, `run` the mean over games.

use ludex::ir::{BinaryOp, Game, Number, NumberResult};

/// Points a table can total and write: one game's exact scores, or means over games.
pub trait Points: Copy {
    /// The sum of two seats' points.
    fn plus(self, other: Self) -> Self;
    /// As written in the table, `decimals` digits after the point for means.
    fn written(self, decimals: usize) -> String;
}

impl Points for f64 {
    fn plus(self, other: f64) -> f64 {
        self + other
    }

    fn written(self, decimals: usize) -> String {
        format!("{self:.decimals$}")
    }
}

impl Points for Number {
    /// Exact, saturating as the rules' arithmetic does.
    fn plus(self, other: Number) -> Number {
        match Number::on_numbers(BinaryOp::Add, self, other) {
            NumberResult::Number(sum) => sum,
            NumberResult::Bool(_) | NumberResult::NotNumeric => self,
        }
    }

    /// Exactly: `40.5`, `40`.
    fn written(self, _: usize) -> String {
        self.to_string()
    }
}

/// The tables, headed `TITLE per seat:` and `TITLE per team:`: a line a seat and a `total` line
/// (the sum over every seat), then a line a team of two or more seats; `points` holds a value per seat, written with `decimals` digits after the
/// point (means) or exactly (scores).
pub fn table<P: Points>(game: &Game, title: &str, points: &[P], decimals: usize) -> String {
    let team_of = |seat: usize| {
        let team = game.seats.get(seat).and_then(|s| s.team);
        team.and_then(|t| game.teams.get(t as usize)).map_or("", |t| t.name.as_str())
    };
    let mut seats: Vec<(&str, P, &str)> = game
        .seats
        .iter()
        .zip(points)
        .enumerate()
        .map(|(seat, (info, &value))| (info.name.as_str(), value, team_of(seat)))
        .collect();
    let teams: Vec<(&str, P, &str)> = game
        .teams
        .iter()
        .filter(|t| t.seats.len() > 1)
        .filter_map(|team| {
            let mut members = team.seats.iter().filter_map(|&s| points.get(s as usize).copied());
            let total = members.next().map(|first| members.fold(first, P::plus))?;
            Some((team.name.as_str(), total, ""))
        })
        .collect();
    if let Some(total) = points.iter().copied().reduce(P::plus) {
        seats.push(("total", total, "all seats"));
    }
    let mut text = format!("{title} per seat:\n");
    text.push_str(&rows(&seats, decimals));
    if !teams.is_empty() {
        text.push_str(&format!("{title} per team:\n"));
        text.push_str(&rows(&teams, decimals));
    }
    text
}

/// Name, value and a note, in aligned columns.
fn rows<P: Points>(rows: &[(&str, P, &str)], decimals: usize) -> String {
    let name_width = rows.iter().map(|(name, _, _)| name.len()).max().unwrap_or(0);
    let values: Vec<String> = rows.iter().map(|(_, value, _)| value.written(decimals)).collect();
    let value_width = values.iter().map(String::len).max().unwrap_or(0);
    let mut text = String::new();
    for ((name, _, note), value) in rows.iter().zip(values) {
        let line = format!("  {name:<name_width$}  {value:>value_width$}  {note}");
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_with_their_team_and_the_total_then_teams_of_two() {
        let text = "game \"T\"\nseat a\nseat b turned 180\nseat c\nteam ab = a, b\nteam lone = c\n\
                    board square 3 by 3\npiece p { letter P }\naction go for p { step n }\n\
                    phase play { turn { play go } }\nend { when false: draw }\nsetup { place p for a on cells a1 }";
        let game = ludex::compile(text, &Default::default()).game.expect("valid");
        assert_eq!(
            table(&game, "points", &[3.0, -11.0, 2.0], 0),
            "points per seat:\n  a        3  ab\n  b      -11  ab\n  c        2  lone\n  total   -6  all seats\npoints per team:\n  ab  -8\n"
        );
        assert_eq!(
            table(&game, "mean points", &[2.5, -1.0, 0.0], 1),
            "mean points per seat:\n  a       2.5  ab\n  b      -1.0  ab\n  c       0.0  lone\n  total   1.5  all seats\nmean points per team:\n  ab  1.5\n"
        );
        let exact = ["40.5", "-0.25", "7"].map(|text| text.parse::<Number>().expect("a number"));
        assert_eq!(
            table(&game, "points", &exact, 0),
            "points per seat:\n  a       40.5  ab\n  b      -0.25  ab\n  c          7  lone\n  total  47.25  all seats\npoints per team:\n  ab  40.25\n"
        );
    }
}
