//! The diagnostic codes: one variant for each kind of mistake the checker reports, each with a
//! stable kebab-case name (shown as `ludex::NAME`, looked up with `ludex explain NAME`).

use std::fmt;

use serde::{Serialize, Serializer};

macro_rules! codes {
    ($($variant:ident = $name:literal,)*) => {
        /// What kind of mistake a diagnostic reports.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $(
                #[doc = concat!("`ludex::", $name, "`")]
                $variant,
            )*
        }

        impl Code {
            /// Every code, in alphabetical order of its name.
            pub const ALL: &[Code] = &[$(Code::$variant),*];

            /// The stable kebab-case name.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $name,)*
                }
            }
        }
    };
}

codes! {
    AmbiguousType = "ambiguous-type",
    BadBoardSize = "bad-board-size",
    BadPosition = "bad-position",
    BadView = "bad-view",
    CannotSend = "cannot-send",
    ConflictingAttribute = "conflicting-attribute",
    ConflictingClauses = "conflicting-clauses",
    ContextUnavailable = "context-unavailable",
    DuplicateClause = "duplicate-clause",
    DuplicateDefinition = "duplicate-definition",
    DuplicateLetter = "duplicate-letter",
    EmptyRange = "empty-range",
    EmptyRegion = "empty-region",
    ExpectationFailed = "expectation-failed",
    GridRowCount = "grid-row-count",
    GridRowLength = "grid-row-length",
    IllegalMove = "illegal-move",
    LimitExceeded = "limit-exceeded",
    MisplacedClause = "misplaced-clause",
    MisplacedStatement = "misplaced-statement",
    MissingBoard = "missing-board",
    MissingPattern = "missing-pattern",
    MissingPhase = "missing-phase",
    MissingPieces = "missing-pieces",
    MissingPlay = "missing-play",
    MissingSeats = "missing-seats",
    MissingStart = "missing-start",
    NeutralReserve = "neutral-reserve",
    NoEndRules = "no-end-rules",
    NotConstant = "not-constant",
    NumberTooLarge = "number-too-large",
    OutOfRange = "out-of-range",
    OverlappingSetup = "overlapping-setup",
    RecursiveDefine = "recursive-define",
    ReservedName = "reserved-name",
    RollNotAllowed = "roll-not-allowed",
    SeatInTwoTeams = "seat-in-two-teams",
    SetNotAssignable = "set-not-assignable",
    SyntaxError = "syntax-error",
    TooDeeplyNested = "too-deeply-nested",
    TooManyErrors = "too-many-errors",
    TypeMismatch = "type-mismatch",
    UnclosedBrace = "unclosed-brace",
    UnfilledExpectation = "unfilled-expectation",
    UnknownAction = "unknown-action",
    UnknownAttribute = "unknown-attribute",
    UnknownCell = "unknown-cell",
    UnknownDirection = "unknown-direction",
    UnknownFunction = "unknown-function",
    UnknownItem = "unknown-item",
    UnknownMap = "unknown-map",
    UnknownName = "unknown-name",
    UnknownOption = "unknown-option",
    UnknownPiece = "unknown-piece",
    UnknownSeat = "unknown-seat",
    UnknownVariable = "unknown-variable",
    UnknownZone = "unknown-zone",
    UnmatchedBrace = "unmatched-brace",
    UnreachablePhase = "unreachable-phase",
    UnsupportedMap = "unsupported-map",
    UnterminatedString = "unterminated-string",
    UnusedAction = "unused-action",
    UnusedDefine = "unused-define",
    UnusedDirections = "unused-directions",
    UnusedPiece = "unused-piece",
    UnusedVariable = "unused-variable",
    UnusedZone = "unused-zone",
    WrongArgumentCount = "wrong-argument-count",
}

impl Code {
    /// The code with this name, with or without the `ludex::` prefix.
    pub fn named(name: &str) -> Option<Code> {
        let name = name.strip_prefix("ludex::").unwrap_or(name);
        Code::ALL.iter().copied().find(|code| code.as_str() == name)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_sorted_unique_and_found_again() {
        let names: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        assert!(names.windows(2).all(|w| w[0] < w[1]), "{names:?}");
        for code in Code::ALL {
            assert_eq!(Code::named(code.as_str()), Some(*code));
            assert_eq!(Code::named(&format!("ludex::{code}")), Some(*code));
        }
        assert_eq!(Code::named("no-such-code"), None);
    }
}
