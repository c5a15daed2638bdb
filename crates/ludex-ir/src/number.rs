//! Numbers as the language writes them: whole numbers, and decimal numbers kept exactly in fixed
//! point with three fractional digits (thousandths; never floating point, so that games replay
//! exactly). A [`Number`] is canonical: a decimal whose value is whole is the whole number, so
//! `33.5 + 6.5` is the whole number 40 and equal numbers compare equal whatever their history.
//! Arithmetic saturates at the bounds of the representation, as whole-number arithmetic does.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{BinaryOp, IntegerResult};

/// How many fractional digits a decimal keeps.
pub const FRACTION_DIGITS: u32 = 3;

/// Units of a decimal in one: `10^FRACTION_DIGITS`.
pub const SCALE: i64 = 1000;

/// A decimal number: `thousandths / 1000`, written in the IR and records as text (`"6.5"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Decimal {
    thousandths: i64,
}

impl Decimal {
    /// The decimal of so many thousandths.
    pub const fn from_thousandths(thousandths: i64) -> Decimal {
        Decimal { thousandths }
    }

    /// Its value in thousandths.
    pub const fn thousandths(self) -> i64 {
        self.thousandths
    }

    /// Whether its value is a whole number.
    pub const fn is_whole(self) -> bool {
        self.thousandths % SCALE == 0
    }
}

impl fmt::Display for Decimal {
    /// As written: `6.5`, `-0.25`, `40` (no trailing zeros, no point when whole).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.thousandths < 0 { "-" } else { "" };
        let magnitude = self.thousandths.unsigned_abs();
        let (whole, fraction) = (magnitude / SCALE.unsigned_abs(), magnitude % SCALE.unsigned_abs());
        if fraction == 0 {
            return write!(f, "{sign}{whole}");
        }
        let digits = format!("{fraction:03}");
        write!(f, "{sign}{whole}.{}", digits.trim_end_matches('0'))
    }
}

/// Why a text is not a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// Not digits with at most one `.` between digits (and an optional leading `-`).
    NotANumber,
    /// More fractional digits than [`FRACTION_DIGITS`].
    TooManyFractionDigits,
    /// Beyond what a number can hold.
    TooLarge,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::NotANumber => write!(f, "not a number"),
            NumberError::TooManyFractionDigits => {
                write!(f, "a decimal has at most {FRACTION_DIGITS} digits after the point")
            }
            NumberError::TooLarge => write!(f, "too large a number"),
        }
    }
}

impl FromStr for Decimal {
    type Err = NumberError;

    /// `6.5`, `-0.125`, `7`: digits, optionally a point and at most three more digits.
    fn from_str(text: &str) -> Result<Decimal, NumberError> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
        let all_digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(whole) || !all_digits(fraction) {
            return Err(NumberError::NotANumber);
        }
        let significant = fraction.trim_end_matches('0');
        if significant.len() > FRACTION_DIGITS as usize {
            return Err(NumberError::TooManyFractionDigits);
        }
        let padded = format!("{significant:0<3}");
        let whole: i64 = whole.parse().map_err(|_| NumberError::TooLarge)?;
        let fraction: i64 = padded.parse().map_err(|_| NumberError::NotANumber)?;
        let magnitude =
            whole.checked_mul(SCALE).and_then(|w| w.checked_add(fraction)).ok_or(NumberError::TooLarge)?;
        Ok(Decimal { thousandths: if negative { -magnitude } else { magnitude } })
    }
}

impl Serialize for Decimal {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Decimal {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Decimal, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A number as a value: whole, or a decimal that is not whole (canonical: see the module).
///
/// Records write a whole number as a JSON integer (as before decimals existed) and a decimal as
/// text (`"40.5"`), which reads back exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Number {
    /// A whole number.
    Int(i64),
    /// A number with a fractional part.
    Decimal(Decimal),
}

impl Number {
    /// The number of so many thousandths: whole when it is.
    pub fn from_thousandths(thousandths: i64) -> Number {
        let decimal = Decimal::from_thousandths(thousandths);
        if decimal.is_whole() { Number::Int(thousandths / SCALE) } else { Number::Decimal(decimal) }
    }

    /// The number a decimal stands for.
    pub fn from_decimal(decimal: Decimal) -> Number {
        Number::from_thousandths(decimal.thousandths())
    }

    /// The number as a decimal; `None` for a whole number beyond what a decimal holds.
    pub fn to_decimal(self) -> Option<Decimal> {
        match self {
            Number::Int(n) => n.checked_mul(SCALE).map(Decimal::from_thousandths),
            Number::Decimal(d) => Some(d),
        }
    }

    /// The nearest floating-point number: for agents' heuristics only, never for the rules.
    pub fn approximate(self) -> f64 {
        match self {
            Number::Int(n) => n as f64,
            Number::Decimal(d) => d.thousandths() as f64 / SCALE as f64,
        }
    }

    /// Whether it has a fractional part.
    pub fn is_fractional(self) -> bool {
        matches!(self, Number::Decimal(_))
    }

    /// Its value in thousandths, exactly (whole numbers may exceed what a decimal holds).
    fn exact_thousandths(self) -> i128 {
        match self {
            Number::Int(n) => i128::from(n) * i128::from(SCALE),
            Number::Decimal(d) => i128::from(d.thousandths()),
        }
    }

    /// The number of so many thousandths, saturating at the bounds of a decimal.
    fn saturated(thousandths: i128) -> Number {
        let clamped = thousandths.clamp(i128::from(i64::MIN), i128::from(i64::MAX));
        Number::from_thousandths(i64::try_from(clamped).unwrap_or_default())
    }

    /// `-n`, saturating.
    pub fn negated(self) -> Number {
        match self {
            Number::Int(n) => Number::Int(n.saturating_neg()),
            Number::Decimal(_) => Number::saturated(-self.exact_thousandths()),
        }
    }

    /// An operator on two numbers: whole numbers as [`BinaryOp::on_integers`]; with a decimal
    /// operand, comparisons are exact, `+` and `-` exact up to saturation, `*` exact when one
    /// operand is whole, and the rest (`/`, `mod`, a product of two decimals, which the checker
    /// refuses) are [`IntegerResult::NotInteger`].
    pub fn on_numbers(op: BinaryOp, a: Number, b: Number) -> NumberResult {
        if let (Number::Int(a), Number::Int(b)) = (a, b) {
            return match op.on_integers(a, b) {
                IntegerResult::Int(n) => NumberResult::Number(Number::Int(n)),
                IntegerResult::Bool(v) => NumberResult::Bool(v),
                IntegerResult::NotInteger => NumberResult::NotNumeric,
            };
        }
        let (x, y) = (a.exact_thousandths(), b.exact_thousandths());
        let whole = |n: Number| match n {
            Number::Int(n) => Some(i128::from(n)),
            Number::Decimal(_) => None,
        };
        match op {
            BinaryOp::Lt => NumberResult::Bool(x < y),
            BinaryOp::Le => NumberResult::Bool(x <= y),
            BinaryOp::Gt => NumberResult::Bool(x > y),
            BinaryOp::Ge => NumberResult::Bool(x >= y),
            BinaryOp::Add => NumberResult::Number(Number::saturated(x.saturating_add(y))),
            BinaryOp::Sub => NumberResult::Number(Number::saturated(x.saturating_sub(y))),
            BinaryOp::Mul => match (whole(a), whole(b)) {
                (Some(n), _) => NumberResult::Number(Number::saturated(y.saturating_mul(n))),
                (_, Some(n)) => NumberResult::Number(Number::saturated(x.saturating_mul(n))),
                (None, None) => NumberResult::NotNumeric,
            },
            BinaryOp::Div | BinaryOp::Mod | BinaryOp::And | BinaryOp::Or | BinaryOp::Eq | BinaryOp::Ne => {
                NumberResult::NotNumeric
            }
        }
    }
}

/// What an operator gives on two numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberResult {
    /// An arithmetic result.
    Number(Number),
    /// A comparison's result.
    Bool(bool),
    /// No numeric result: not an arithmetic operator, or one that does not take decimals.
    NotNumeric,
}

impl Ord for Number {
    /// By value, exactly (`40 < 40.5 < 41`).
    fn cmp(&self, other: &Number) -> Ordering {
        self.exact_thousandths().cmp(&other.exact_thousandths())
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Number::Int(n) => write!(f, "{n}"),
            Number::Decimal(d) => write!(f, "{d}"),
        }
    }
}

impl FromStr for Number {
    type Err = NumberError;

    /// A whole number (any `i64`), or a decimal (`6.5`); `7.0` is the whole number 7.
    fn from_str(text: &str) -> Result<Number, NumberError> {
        if let Ok(n) = text.parse::<i64>() {
            return Ok(Number::Int(n));
        }
        text.parse::<Decimal>().map(Number::from_decimal)
    }
}

impl Serialize for Number {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Number::Int(n) => serializer.serialize_i64(*n),
            Number::Decimal(d) => d.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Number, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Int(i64),
            Text(String),
        }
        match Written::deserialize(deserializer)? {
            Written::Int(n) => Ok(Number::Int(n)),
            Written::Text(text) => text.parse().map_err(serde::de::Error::custom),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(text: &str) -> Number {
        text.parse().unwrap()
    }

    #[test]
    fn parses_and_prints_exactly() {
        assert_eq!(number("6.5"), Number::Decimal(Decimal::from_thousandths(6500)));
        assert_eq!(number("-0.125").to_string(), "-0.125");
        assert_eq!(number("7.000"), Number::Int(7));
        assert_eq!(number("40.50").to_string(), "40.5");
        assert_eq!("1.0005".parse::<Number>(), Err(NumberError::TooManyFractionDigits));
        assert_eq!("99999999999999999.5".parse::<Number>(), Err(NumberError::TooLarge));
        assert_eq!("6.".parse::<Number>(), Err(NumberError::NotANumber));
        assert_eq!(Decimal::from_thousandths(-500).to_string(), "-0.5");
    }

    #[test]
    fn arithmetic_is_exact_and_canonical() {
        let op = |op, a: &str, b: &str| Number::on_numbers(op, number(a), number(b));
        assert_eq!(op(BinaryOp::Add, "33.5", "6.5"), NumberResult::Number(Number::Int(40)));
        assert_eq!(op(BinaryOp::Sub, "40", "0.001"), NumberResult::Number(number("39.999")));
        assert_eq!(op(BinaryOp::Mul, "2.25", "4"), NumberResult::Number(Number::Int(9)));
        assert_eq!(op(BinaryOp::Mul, "2.5", "2.5"), NumberResult::NotNumeric);
        assert_eq!(op(BinaryOp::Div, "2.5", "2"), NumberResult::NotNumeric);
        assert_eq!(op(BinaryOp::Lt, "40", "40.5"), NumberResult::Bool(true));
        assert_eq!(op(BinaryOp::Ge, "-0.5", "0"), NumberResult::Bool(false));
        assert!(number("40") < number("40.5") && number("40.5") < number("41"));
        assert!(Number::Int(i64::MAX) > number("0.5"));
    }

    #[test]
    fn arithmetic_saturates() {
        let big = Number::Int(i64::MAX);
        let sum = Number::on_numbers(BinaryOp::Add, big, number("0.5"));
        assert_eq!(sum, NumberResult::Number(Number::from_thousandths(i64::MAX)));
        let most = Number::from_thousandths(i64::MAX);
        assert_eq!(most.negated(), Number::from_thousandths(-i64::MAX));
        assert_eq!(
            Number::on_numbers(BinaryOp::Mul, most, Number::Int(-3)),
            NumberResult::Number(Number::from_thousandths(i64::MIN))
        );
    }

    #[test]
    fn records_whole_numbers_as_integers_and_decimals_as_text() {
        let json = |n: Number| serde_json::to_string(&n).unwrap();
        assert_eq!(json(Number::Int(40)), "40");
        assert_eq!(json(number("40.5")), "\"40.5\"");
        for text in ["40", "\"40.5\"", "\"-0.001\""] {
            let read: Number = serde_json::from_str(text).unwrap();
            assert_eq!(json(read), text);
        }
    }
}
