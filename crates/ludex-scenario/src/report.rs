//! What running a test found: each problem as a diagnostic pointing into the `.tests` text, and,
//! where the expectation states a value, the actual value to write in its place (`--bless`).

use ludex_diagnostics::{Diagnostic, Span};

/// The result of one test.
#[derive(Clone, Debug, PartialEq)]
pub struct TestReport {
    /// The test's name, without its quotes.
    pub name: String,
    /// What the test found, in the order of its statements: every expectation that does not
    /// hold or waits for `--bless`, and last what ended it early (a step that cannot be played, a
    /// start that does not load). Empty when the test passes as written.
    pub findings: Vec<Finding>,
}

/// Something a test found wrong (or unfinished).
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// Unfilled, failed or malformed: what `--bless` may do about it.
    pub kind: FindingKind,
    /// What to tell the designer, its spans in the `.tests` text.
    pub diagnostic: Diagnostic,
    /// The actual value, to write over the expectation's value; `None` when the expectation
    /// states no single value (`include`, `exclude`, `empty`) or when nothing can be written.
    pub fill: Option<Fill>,
}

/// What kind of problem a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FindingKind {
    /// An expectation is `?`: it waits for `--bless` to write the actual value.
    Unfilled,
    /// An expectation does not hold, or a move cannot be played.
    Failed,
    /// The test does not make sense for the game: an unknown cell, seat or variable, a position
    /// that does not load, an option the rules do not declare.
    Malformed,
}

/// Text to write over a span of the `.tests` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fill {
    /// The expectation's value (or `?`) to replace: an [`Expected`](crate::ast::Expected)'s span.
    pub span: Span,
    /// What to write there.
    pub value: FillValue,
}

/// The text a fill writes, as the expectation writes values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FillValue {
    /// One value: a piece, a number, a seat, a result.
    Text(String),
    /// A list (of moves or pieces); empty is written `none`.
    List(Vec<String>),
}

/// Which expectations `--bless` writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bless {
    /// None: every finding fails the test.
    #[default]
    Off,
    /// The `?` placeholders (`--bless`).
    Placeholders,
    /// The placeholders and every failing expectation that states a value (`--bless=all`).
    All,
}

impl Finding {
    /// Whether the blessing writes this finding's fill (which then no longer fails the test).
    pub fn is_blessed(&self, bless: Bless) -> bool {
        match (self.kind, bless, &self.fill) {
            (_, _, None) | (_, Bless::Off, _) | (FindingKind::Malformed, _, _) => false,
            (FindingKind::Unfilled, Bless::Placeholders | Bless::All, Some(_)) => true,
            (FindingKind::Failed, Bless::All, Some(_)) => true,
            (FindingKind::Failed, Bless::Placeholders, Some(_)) => false,
        }
    }
}

impl TestReport {
    /// Whether the test passes once the blessing has written what it writes.
    pub fn passed(&self, bless: Bless) -> bool {
        self.findings.iter().all(|f| f.is_blessed(bless))
    }

    /// The findings that still fail the test under the blessing.
    pub fn failures(&self, bless: Bless) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(move |f| !f.is_blessed(bless))
    }

    /// What the blessing writes into the file.
    pub fn fills(&self, bless: Bless) -> impl Iterator<Item = &Fill> {
        self.findings.iter().filter(move |f| f.is_blessed(bless)).filter_map(|f| f.fill.as_ref())
    }
}
