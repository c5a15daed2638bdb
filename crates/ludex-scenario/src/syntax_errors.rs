//! Diagnostics for the lines of a `.tests` file the grammar could not read: a line outside any
//! test, or a line in a test that is no statement. An unknown statement or expectation word gets a
//! suggestion; any other line is parsed again on its own (`statement_strict`) to name the exact
//! place and what could have come there.

use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};

use ludex_diagnostics::{Code, Diagnostic, Span, did_you_mean};

use crate::parse::{Rule, ScenarioParser};

/// The words that open a statement in a test.
pub const STATEMENT_KEYWORDS: [&str; 5] = ["option", "setup", "position", "play", "expect"];

/// The words that can follow `expect` (besides a variable's name).
pub const EXPECTATION_WORDS: [&str; 12] = [
    "moves", "piece", "empty", "reserve", "prizes", "perft", "turn", "roll", "phase", "result", "reason",
    "scores",
];

/// Lines outside the tests that do not parse.
pub(crate) fn item_error(text: &str, span: Span) -> Diagnostic {
    let lines = slice(text, span);
    let first_line = lines.lines().next().unwrap_or("").trim();
    let first = first_word(first_line);
    let head = Span::new(span.start, span.start + lines.lines().next().unwrap_or("").trim_end().len());
    if first == "test" && first_line.ends_with('{') && first_line.contains('"') {
        return Diagnostic::error(Code::UnclosedBrace, "this test is never closed", head, "opened here")
            .with_help("end the test with a line holding `}`");
    }
    if first == "test" {
        return Diagnostic::error(
            Code::SyntaxError,
            "a test is written `test \"NAME\" {`",
            head,
            "not a test",
        )
        .with_help("give the test's name in double quotes, then `{` at the end of the line");
    }
    if first == "}" {
        let brace = Span::new(span.start, span.start + 1);
        return Diagnostic::error(Code::UnmatchedBrace, "this `}` closes nothing", brace, "unmatched");
    }
    let diagnostic = Diagnostic::error(
        Code::SyntaxError,
        format!("expected a test or a named position, found `{first}`"),
        Span::new(span.start, span.start + first.len()),
        "not a test",
    );
    match first {
        _ if STATEMENT_KEYWORDS.contains(&first) => {
            diagnostic.with_help(format!("`{first}` belongs inside a test: `test \"NAME\" {{ ... }}`"))
        }
        _ => match did_you_mean(first, ["test", "position"]) {
            Some(suggestion) => diagnostic.with_help(suggestion),
            None => diagnostic.with_help("a file holds tests (`test \"NAME\" { ... }`) and named positions"),
        },
    }
}

/// A line in a test that is no statement.
pub(crate) fn statement_error(text: &str, span: Span) -> Diagnostic {
    let line = slice(text, span);
    let first = first_word(line);
    let first_span = Span::new(span.start, span.start + first.len());
    if first == "test" {
        return Diagnostic::error(Code::UnclosedBrace, "a test inside a test", first_span, "a new test")
            .with_help("the test above is not closed: end it with a line holding `}`");
    }
    if !STATEMENT_KEYWORDS.contains(&first) {
        let diagnostic = Diagnostic::error(
            Code::SyntaxError,
            format!("unknown statement `{first}`"),
            first_span,
            "not a statement",
        );
        return match did_you_mean(first, STATEMENT_KEYWORDS) {
            Some(suggestion) => diagnostic.with_help(suggestion),
            None => {
                diagnostic.with_help("a test's lines are `option`, `setup`, `position`, `play` and `expect`")
            }
        };
    }
    if first == "expect"
        && let Some(diagnostic) = unknown_expectation(line, span.start)
    {
        return diagnostic;
    }
    strict_error(line, span.start)
}

/// `expect WORD ...` where WORD opens no expectation and the line compares no variable.
fn unknown_expectation(line: &str, offset: usize) -> Option<Diagnostic> {
    let rest = line.get("expect".len()..)?;
    let word = first_word(rest.trim_start());
    if word.is_empty() || EXPECTATION_WORDS.contains(&word) || line.contains("==") {
        return None;
    }
    let start = offset + line.len() - rest.trim_start().len();
    let diagnostic = Diagnostic::error(
        Code::SyntaxError,
        format!("unknown expectation `{word}`"),
        Span::new(start, start + word.len()),
        "not an expectation",
    );
    Some(match did_you_mean(word, EXPECTATION_WORDS) {
        Some(suggestion) => diagnostic.with_help(suggestion),
        None => diagnostic.with_help(format!(
            "expect {}, or a variable: `expect NAME == VALUE`",
            EXPECTATION_WORDS.map(|w| format!("`{w}`")).join(", ")
        )),
    })
}

/// The line parsed again on its own, to say where it stops and what could have come there.
fn strict_error(line: &str, offset: usize) -> Diagnostic {
    pest::set_error_detail(true);
    let Err(error) = ScenarioParser::parse(Rule::statement_strict, line) else {
        // The line reads on its own but not in its place.
        return Diagnostic::error(
            Code::SyntaxError,
            "this line does not belong here",
            Span::new(offset, offset + line.len()),
            "here",
        );
    };
    let (position, positives) = match (&error.location, &error.variant) {
        (InputLocation::Pos(at), ErrorVariant::ParsingError { positives, .. }) => (*at, positives.clone()),
        (InputLocation::Span((at, _)), _) | (InputLocation::Pos(at), _) => (*at, Vec::new()),
    };
    let (position, tokens) = match error.parse_attempts() {
        Some(attempts) if attempts.max_position >= position => (
            attempts.max_position,
            attempts.expected_tokens().iter().map(|t| t.to_string()).collect::<Vec<_>>(),
        ),
        _ => (position, Vec::new()),
    };
    let mut expected: Vec<String> =
        positives.iter().filter_map(|&rule| describe(rule)).map(String::from).collect();
    expected.extend(tokens.iter().filter(|t| worth_naming(t)).map(|t| format!("`{t}`")));
    expected.dedup();
    let rest = line.get(position..).unwrap_or("").trim_start();
    let found_at = offset + line.len() - rest.len();
    let found = first_token(rest);
    let (found_text, found_span) = match found {
        "" => ("the end of the line".to_string(), Span::new(found_at, found_at)),
        token => (format!("`{token}`"), Span::new(found_at, found_at + token.len())),
    };
    let message = match expected.as_slice() {
        [] => format!("unexpected {found_text}"),
        _ => format!("expected {}, found {found_text}", join_or(&expected)),
    };
    let diagnostic = Diagnostic::error(Code::SyntaxError, message, found_span, "unexpected here");
    match line.trim_end().ends_with(',') && found.is_empty() {
        true => diagnostic.with_help("after a comma a list goes on at the next line: end it without one"),
        false => diagnostic,
    }
}

/// Whether an expected token is worth naming: a word or a symbol, not a character class, a
/// space, the start of a comment or a character that could only lengthen a word.
fn worth_naming(token: &str) -> bool {
    !(token.trim().is_empty() || token.contains("..") || token == "#" || token == "_" || token == "-")
}

/// A rule in words, for "expected ..." messages; `None` for rules not worth naming.
fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::name => "a name",
        Rule::cell => "a cell",
        Rule::int | Rule::integer | Rule::number => "a number",
        Rule::string => "a quoted text",
        Rule::dice => "a die such as `d6`",
        Rule::placeholder => "`?`",
        Rule::nothing => "`none`",
        Rule::moves | Rule::r#move => "a move",
        Rule::tokens | Rule::token => "a value",
        Rule::position_block => "`{`",
        Rule::from_cell => "`from`",
        Rule::to_cell => "`to`",
        Rule::exact_moves => "`:`",
        Rule::included_moves => "`include`",
        Rule::excluded_moves => "`exclude`",
        Rule::draw => "`draw`",
        Rule::winners | Rule::places | Rule::seat_number | Rule::seat_score => "a seat",
        Rule::EOI => "the end of the line",
        Rule::WHITESPACE
        | Rule::COMMENT
        | Rule::nl
        | Rule::file
        | Rule::item
        | Rule::test
        | Rule::named_position
        | Rule::item_error
        | Rule::statement
        | Rule::statement_error
        | Rule::statement_strict
        | Rule::token_char
        | Rule::keyword
        | Rule::option
        | Rule::setup
        | Rule::position
        | Rule::position_text
        | Rule::play
        | Rule::expect
        | Rule::expectation
        | Rule::moves_expectation
        | Rule::piece_expectation
        | Rule::empty_expectation
        | Rule::reserve_expectation
        | Rule::prizes_expectation
        | Rule::perft_expectation
        | Rule::turn_expectation
        | Rule::roll_expectation
        | Rule::phase_expectation
        | Rule::result_expectation
        | Rule::reason_expectation
        | Rule::scores_expectation
        | Rule::variable_expectation => return None,
    })
}

/// "a", "a or b", "a, b or c".
fn join_or(phrases: &[String]) -> String {
    match phrases {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn slice(text: &str, span: Span) -> &str {
    text.get(span.start..span.end).unwrap_or("")
}

/// The first word of a line: letters, digits and underscores, or else its first character.
fn first_word(line: &str) -> &str {
    let end = line.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(line.len());
    match end {
        0 => line.get(..line.chars().next().map_or(0, char::len_utf8)).unwrap_or(""),
        _ => &line[..end],
    }
}

/// The token at the start of the text: up to the next space.
fn first_token(text: &str) -> &str {
    let end = text.find(char::is_whitespace).unwrap_or(text.len());
    &text[..end]
}
