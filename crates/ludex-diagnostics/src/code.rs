//! The diagnostic codes: one variant for each kind of mistake the checker reports, each with a
//! stable kebab-case name (shown as `ludex::NAME`, looked up with `ludex explain NAME`), a one-line
//! summary and a long explanation, `explanations/NAME.md`, built into the crate.

use std::fmt;

use serde::{Serialize, Serializer};

/// Declares the codes: for each, its summary (a doc comment), variant and name. The explanation
/// is `explanations/NAME.md`, read at compile time, so a code without one does not build.
macro_rules! codes {
    ($(#[doc = $summary:literal] $variant:ident = $name:literal,)*) => {
        /// What kind of mistake a diagnostic reports.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $(
                #[doc = $summary]
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

            /// What the mistake is, in one sentence.
            pub const fn summary(self) -> &'static str {
                match self {
                    $(Code::$variant => $summary.trim_ascii(),)*
                }
            }

            /// The long explanation, in Markdown: what the mistake is, why ludex refuses it (or
            /// warns), an example that is reported with this code and the example corrected.
            pub const fn explanation(self) -> &'static str {
                match self {
                    $(Code::$variant => include_str!(concat!("../explanations/", $name, ".md")),)*
                }
            }
        }
    };
}

codes! {
    /// A variable's type cannot be told from its initial value, `none`.
    AmbiguousType = "ambiguous-type",
    /// A board is too small or too large.
    BadBoardSize = "bad-board-size",
    /// Two cells a board's `joining` names cannot be joined.
    BadJoin = "bad-join",
    /// A scenario test's position does not load for the game.
    BadPosition = "bad-position",
    /// A track's cells are not in order along straight lines, or a cell comes twice.
    BadTrack = "bad-track",
    /// A seat is turned by an angle the board cannot be turned by.
    BadView = "bad-view",
    /// `send` names something other than a piece it can take off the board.
    CannotSend = "cannot-send",
    /// A continuation (`then ACTION`) names an action that cannot end a compound move.
    CompoundContinuation = "compound-continuation",
    /// An attribute name is declared with two different ranges.
    ConflictingAttribute = "conflicting-attribute",
    /// An action has clauses that cannot go together.
    ConflictingClauses = "conflicting-clauses",
    /// A comparison always gives the same answer, whatever the state of the game.
    ConstantComparison = "constant-comparison",
    /// A context word, or something read from the mover's side, is used where it has no value.
    ContextUnavailable = "context-unavailable",
    /// A continuation (`then ACTION`) can never go on from where the move's first part lands.
    ContinuationNeverApplies = "continuation-never-applies",
    /// A decimal number has more digits after the point than decimals keep.
    DecimalDigits = "decimal-digits",
    /// A decimal number where a whole number is needed (a count, a cell, a bound, a limit).
    DecimalNotWhole = "decimal-not-whole",
    /// A clause that may be written once is written twice.
    DuplicateClause = "duplicate-clause",
    /// A name, or an item a file has once, is declared twice.
    DuplicateDefinition = "duplicate-definition",
    /// Two piece types have the same letter.
    DuplicateLetter = "duplicate-letter",
    /// A range is written backwards, so it holds nothing.
    EmptyRange = "empty-range",
    /// The board leaves out every cell, or a setup statement places no piece (a warning).
    EmptyRegion = "empty-region",
    /// An end rule already holds when the game starts, so the game ends before anyone moves.
    EndsAtStart = "ends-at-start",
    /// A scenario test's expectation does not hold.
    ExpectationFailed = "expectation-failed",
    /// The formatter's output did not read back as the same file: a bug in ludex, not in the rules.
    FormatterFailed = "formatter-failed",
    /// A map has a different number of rows than the board.
    GridRowCount = "grid-row-count",
    /// A row of a map has a different number of values than the board has files.
    GridRowLength = "grid-row-length",
    /// A scenario test plays a move that is not legal at that point.
    IllegalMove = "illegal-move",
    /// The rules ask for more than ludex allows: declarations, attributes, nesting or work.
    LimitExceeded = "limit-exceeded",
    /// A turn's `otherwise` comes before its `play`.
    MisplacedClause = "misplaced-clause",
    /// A scenario test's statements are out of order: the start first, then steps and expectations.
    MisplacedStatement = "misplaced-statement",
    /// The rules declare no board.
    MissingBoard = "missing-board",
    /// An action does not say how it moves.
    MissingPattern = "missing-pattern",
    /// The rules declare no phase and no action.
    MissingPhase = "missing-phase",
    /// A piece action does not say which pieces make it.
    MissingPieces = "missing-pieces",
    /// A phase has no turn, or a turn plays no action.
    MissingPlay = "missing-play",
    /// No seat takes part in the game.
    MissingSeats = "missing-seats",
    /// A scenario test has no start: no `setup` and no `position`.
    MissingStart = "missing-start",
    /// Pieces share a cell (a move onto a friend, several pieces placed on a cell) on a board without stacks.
    NeedsStacks = "needs-stacks",
    /// The setup gives a reserve to neutral pieces, which have none.
    NeutralReserve = "neutral-reserve",
    /// The game has no end rules (a warning).
    NoEndRules = "no-end-rules",
    /// Something that must be known before the game depends on its state.
    NotConstant = "not-constant",
    /// A number does not fit in a 64-bit integer.
    NumberTooLarge = "number-too-large",
    /// A number is outside the range it must be in.
    OutOfRange = "out-of-range",
    /// The setup places two pieces on one cell.
    OverlappingSetup = "overlapping-setup",
    /// A definition, zone, variable or piece value depends on itself.
    RecursiveDefine = "recursive-define",
    /// A declaration takes a name that the language or the board already uses.
    ReservedName = "reserved-name",
    /// `roll` is used inside an expression, not as the whole value of a `set` or `with`.
    RollNotAllowed = "roll-not-allowed",
    /// A seat is listed in two teams.
    SeatInTwoTeams = "seat-in-two-teams",
    /// `set` names something that cannot be changed.
    SetNotAssignable = "set-not-assignable",
    /// An end rule comes after one that always holds, so it never ends the game.
    ShadowedRule = "shadowed-rule",
    /// The text does not follow the grammar.
    SyntaxError = "syntax-error",
    /// An item is nested too deeply to read.
    TooDeeplyNested = "too-deeply-nested",
    /// So many items do not parse that the rest are not explained.
    TooManyErrors = "too-many-errors",
    /// A value's type is not the one its place expects.
    TypeMismatch = "type-mismatch",
    /// A `{` is never closed.
    UnclosedBrace = "unclosed-brace",
    /// A scenario test's expectation is `?`, waiting for `ludex test --bless` to fill it in.
    UnfilledExpectation = "unfilled-expectation",
    /// A turn plays an action that is not declared.
    UnknownAction = "unknown-action",
    /// A piece attribute that no piece type has, or not the piece types in question.
    UnknownAttribute = "unknown-attribute",
    /// A cell or file that the board does not have.
    UnknownCell = "unknown-cell",
    /// A direction that the board does not have, or a group where one direction is needed.
    UnknownDirection = "unknown-direction",
    /// A call of a function that does not exist.
    UnknownFunction = "unknown-function",
    /// An item starts with a word that begins no item.
    UnknownItem = "unknown-item",
    /// `rotate` names something that is not a map.
    UnknownMap = "unknown-map",
    /// A name in an expression that is not declared.
    UnknownName = "unknown-name",
    /// `--option` names an option that the rules do not declare.
    UnknownOption = "unknown-option",
    /// A name where a piece type is expected is not a declared piece type.
    UnknownPiece = "unknown-piece",
    /// A name where a seat is expected is not a declared seat.
    UnknownSeat = "unknown-seat",
    /// `set` names something that is not a variable.
    UnknownVariable = "unknown-variable",
    /// A name where a zone is expected is not a declared zone.
    UnknownZone = "unknown-zone",
    /// A `}` closes nothing.
    UnmatchedBrace = "unmatched-brace",
    /// A phase comes after one that never ends, so it never begins (a warning).
    UnreachablePhase = "unreachable-phase",
    /// A map on a hexagonal board, which maps do not support yet.
    UnsupportedMap = "unsupported-map",
    /// A string has no closing quote.
    UnterminatedString = "unterminated-string",
    /// An action that no turn plays (a warning).
    UnusedAction = "unused-action",
    /// A definition that is never used (a warning).
    UnusedDefine = "unused-define",
    /// A direction group that is never used (a warning).
    UnusedDirections = "unused-directions",
    /// A piece type that is never used (a warning).
    UnusedPiece = "unused-piece",
    /// A variable that nothing reads (a warning).
    UnusedVariable = "unused-variable",
    /// A zone that is never used (a warning).
    UnusedZone = "unused-zone",
    /// A call has the wrong number of arguments, or a seat is missing or given where it is not.
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

    #[test]
    fn summaries_are_one_sentence() {
        for code in Code::ALL {
            let summary = code.summary();
            assert!(summary.ends_with('.') && !summary.contains('\n'), "{code}: {summary:?}");
            assert!(summary.starts_with(|c: char| !c.is_lowercase()), "{code}: {summary:?}");
        }
    }

    #[test]
    fn explanations_are_titled_with_their_code() {
        for code in Code::ALL {
            let title = code.explanation().lines().next();
            assert_eq!(title, Some(format!("# `ludex::{code}`").as_str()));
        }
    }
}
