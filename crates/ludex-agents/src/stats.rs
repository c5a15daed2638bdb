//! Statistics to summarize many games: proportions with their Wilson score confidence intervals,
//! so that a win rate measured over few games is shown with its uncertainty.

use serde::Serialize;

/// The normal quantile of a two-sided 95% interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// A proportion of successes among trials and its 95% Wilson interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Proportion {
    /// Successes over trials, in 0..=1 (0 for no trials).
    pub rate: f64,
    /// The interval's lower bound, in 0..=1.
    pub low: f64,
    /// The interval's upper bound, in 0..=1 (`low <= rate <= high`).
    pub high: f64,
}

impl Proportion {
    /// `successes` of `trials` (0 of 0 is the rate 0 in the interval 0 to 1).
    pub fn new(successes: u64, trials: u64) -> Proportion {
        let (low, high) = wilson_interval(successes, trials, Z_95);
        let rate = if trials == 0 { 0.0 } else { successes as f64 / trials as f64 };
        Proportion { rate, low, high }
    }

    /// The mean of `trials` scores, each in 0..=1 (`total` is their sum), with the Wilson interval
    /// of a proportion of that mean over `trials`. A score in 0..=1 with mean `p` has a variance of
    /// at most `p(1 - p)`, that of a win or a loss, so the interval is conservative: it is the
    /// interval of the same share won and lost outright, and wider than needed when some scores
    /// are halves.
    pub fn of_scores(total: f64, trials: u64) -> Proportion {
        if trials == 0 {
            return Proportion { rate: 0.0, low: 0.0, high: 1.0 };
        }
        let rate = (total / trials as f64).clamp(0.0, 1.0);
        let (low, high) = wilson_interval_of_rate(rate, trials, Z_95);
        Proportion { rate, low, high }
    }
}

/// The Wilson score interval of a binomial proportion for the normal quantile `z`: unlike the
/// normal approximation it stays within 0..=1 and is sensible for rates near 0 or 1.
pub fn wilson_interval(successes: u64, trials: u64, z: f64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    wilson_interval_of_rate(successes.min(trials) as f64 / trials as f64, trials, z)
}

/// The Wilson score interval for the rate `p` observed over `trials` (at least 1).
fn wilson_interval_of_rate(p: f64, trials: u64, z: f64) -> (f64, f64) {
    let n = trials as f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-5
    }

    #[test]
    fn wilson_intervals_match_published_values() {
        // Newcombe (1998), Statistics in Medicine 17, table I: 81/263, 15/148, 0/20, 1/29.
        for (successes, trials, low, high) in [
            (81, 263, 0.2553, 0.3662),
            (15, 148, 0.0624, 0.1605),
            (0, 20, 0.0, 0.1611),
            (1, 29, 0.0061, 0.1718),
        ] {
            let (l, h) = wilson_interval(successes, trials, Z_95);
            assert!(close(l, low) && close(h, high), "{successes}/{trials}: {l} {h}");
        }
    }

    #[test]
    fn proportions_stay_in_range() {
        assert_eq!(Proportion::new(0, 0), Proportion { rate: 0.0, low: 0.0, high: 1.0 });
        let all = Proportion::new(50, 50);
        assert_eq!(all.rate, 1.0);
        assert!(all.high <= 1.0 && all.low > 0.9 && all.low < 1.0);
        let half = Proportion::new(500, 1000);
        assert!(close(half.low + half.high, 1.0) && half.high - half.low < 0.07);
        assert_eq!(Proportion::new(7, 3).high, 1.0);
    }

    #[test]
    fn scores_get_the_interval_of_the_same_share_won_outright() {
        // 30 scores summing to 24 (some of them halves) have the interval of 24 wins in 30.
        assert_eq!(Proportion::of_scores(24.0, 30), Proportion::new(24, 30));
        let halves = Proportion::of_scores(7.5, 10);
        assert!(close(halves.rate, 0.75) && halves.low < 0.75 && halves.high > 0.75);
        assert!(halves.low > Proportion::new(7, 10).low && halves.high < Proportion::new(8, 10).high);
        assert_eq!(Proportion::of_scores(0.0, 0), Proportion::new(0, 0));
        assert_eq!(Proportion::of_scores(12.0, 10).rate, 1.0);
    }
}
