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
}

/// The Wilson score interval of a binomial proportion for the normal quantile `z`: unlike the
/// normal approximation it stays within 0..=1 and is sensible for rates near 0 or 1.
pub fn wilson_interval(successes: u64, trials: u64, z: f64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes.min(trials) as f64 / n;
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
}
