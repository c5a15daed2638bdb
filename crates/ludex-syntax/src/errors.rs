//! Diagnostics for the text the grammar could not read. Each `item_error` is explained once: a stray
//! `}`, an unknown item keyword (with a suggestion), an unterminated string, an unclosed `{`, or
//! else the item is parsed again on its own (`item_strict`) to name the exact place and what was
//! expected there, in words from [`describe`].

use pest::error::{Error, ErrorVariant, InputLocation};
use pest::{Parser, set_error_detail};

use super::{LudexParser, Rule};
use crate::ast::Span;
use ludex_diagnostics::{Code, Diagnostic, did_you_mean};

/// The words that open an item (the grammar's `item_keyword`).
pub const ITEM_KEYWORDS: [&str; 17] = [
    "game",
    "option",
    "seat",
    "team",
    "board",
    "map",
    "directions",
    "piece",
    "zone",
    "variable",
    "define",
    "setup",
    "action",
    "capture",
    "phase",
    "end",
    "track",
];

/// Explains the item that failed to parse at `span`. `continued` is the item just before it on
/// the same line, which the error makes wrong too (`seat black turnd 180`).
pub(super) fn item_error(text: &str, span: Span, continued: Option<Span>) -> Diagnostic {
    let item = slice(text, span);
    let chars = classify(item);
    if item.starts_with('}') {
        return unmatched_brace(Span::at(span.start, 1));
    }
    if let Some(previous) = continued {
        return continued_error(text, Span::new(previous.start, span.end));
    }
    let first_word = word_at(item);
    if !first_word.is_empty() && !ITEM_KEYWORDS.contains(&first_word) {
        return unknown_item(first_word, Span::at(span.start, first_word.len()));
    }
    if let Some(string) = unterminated_string(&chars) {
        return unterminated(shift(string, span.start));
    }
    let braces = Braces::scan(&chars);
    if let Some(&brace) = braces.unclosed.last() {
        return unclosed_brace(item, brace, braces.misindented, span.start);
    }
    strict_error(text, span).unwrap_or_else(|| unreadable(span))
}

/// An item that went wrong after it seemed complete. When it reached into a line that starts with
/// an item keyword (`define x = 1 +` then `seat white`: `seat` read as a name), the mistake is
/// before that line.
fn continued_error(text: &str, span: Span) -> Diagnostic {
    let before_next_item = first_item_line(slice(text, span)).map(|at| Span::at(span.start, at));
    before_next_item
        .and_then(|cut| strict_error(text, cut))
        .or_else(|| strict_error(text, span))
        .unwrap_or_else(|| unreadable(span))
}

/// The offset of the first line of `item`, after its own first line, that starts with an item
/// keyword in the first column.
fn first_item_line(item: &str) -> Option<usize> {
    item.match_indices('\n')
        .map(|(i, _)| i.saturating_add(1))
        .find(|&start| ITEM_KEYWORDS.contains(&word_at(item.get(start..).unwrap_or(""))))
}

/// Said instead of explaining one more item that does not parse, after
/// [`super::MAX_ITEM_ERRORS`].
pub(super) fn too_many(span: Span) -> Diagnostic {
    Diagnostic::error(
        Code::TooManyErrors,
        format!("more than {} items do not parse; the rest are not explained", super::MAX_ITEM_ERRORS),
        Span::new(span.start, span.start),
        "stopped here",
    )
    .with_help("fix the errors above first")
}

fn unreadable(span: Span) -> Diagnostic {
    Diagnostic::error(Code::SyntaxError, "this item could not be read", span, "here")
}

/// The whole file could not be read (only when the parser ran out of room).
pub(super) fn whole_file(error: &Error<Rule>) -> Diagnostic {
    let at = error_position(error);
    let span = Span::new(at, at);
    match &error.variant {
        ErrorVariant::CustomError { message } if message.contains("limit") => Diagnostic::error(
            Code::TooDeeplyNested,
            "this file is nested too deeply to read",
            span,
            "the parser gave up here",
        )
        .with_help("use fewer nested parentheses and braces"),
        _ => Diagnostic::error(Code::SyntaxError, "this file could not be read", span, "here"),
    }
}

fn slice(text: &str, span: Span) -> &str {
    text.get(span.start..span.end).unwrap_or("")
}

/// `span`, measured in an item, as measured in the file when the item starts at `by`.
fn shift(span: Span, by: usize) -> Span {
    Span::new(span.start.saturating_add(by), span.end.saturating_add(by))
}

fn unmatched_brace(span: Span) -> Diagnostic {
    Diagnostic::error(Code::UnmatchedBrace, "unexpected closing brace `}`", span, "this `}` closes nothing")
        .with_help("remove it, or look above for a block closed too early")
}

fn unknown_item(word: &str, span: Span) -> Diagnostic {
    let diagnostic =
        Diagnostic::error(Code::UnknownItem, format!("`{word}` is not an item"), span, "unknown item");
    let help = did_you_mean(word, ITEM_KEYWORDS).unwrap_or_else(|| {
        let keywords: Vec<String> = ITEM_KEYWORDS.iter().map(|k| format!("`{k}`")).collect();
        format!("an item starts with one of {}", keywords.join(", "))
    });
    diagnostic.with_help(help)
}

fn unterminated(span: Span) -> Diagnostic {
    Diagnostic::error(Code::UnterminatedString, "unterminated string", span, "this string is never closed")
        .with_help("add a closing `\"`: a string ends on the line where it starts")
}

/// `brace` is the offset of the unclosed `{` in `item`, which starts at `start` in the file;
/// `misindented` a block that looks like the one really left open.
fn unclosed_brace(item: &str, brace: usize, misindented: Option<(usize, usize)>, start: usize) -> Diagnostic {
    let likely = misindented.map_or(brace, |(open, _)| open);
    let owner = word_at(item.get(line_start(item, likely)..).unwrap_or("").trim_start());
    let at = start.saturating_add(brace);
    let mut diagnostic =
        Diagnostic::error(Code::UnclosedBrace, "unclosed `{`", Span::at(at, 1), "this `{` is never closed");
    if let Some((open, close)) = misindented {
        diagnostic = diagnostic
            .with_label(Span::at(start.saturating_add(open), 1), "this `{` may be the one left open...")
            .with_label(
                Span::at(start.saturating_add(close), 1),
                "...as this `}` is indented like an outer block",
            );
    }
    let help = if owner.is_empty() {
        "add the missing `}`".to_string()
    } else {
        format!("add the `}}` that ends the `{owner}` block")
    };
    diagnostic.with_help(help)
}

// ---- a light scan of an item's text --------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Code,
    String,
    Comment,
}

/// Every character of `item` with its offset and whether it is code, in a string or in a comment.
fn classify(item: &str) -> Vec<(usize, char, Class)> {
    let mut out = Vec::with_capacity(item.len());
    let mut class = Class::Code;
    for (i, c) in item.char_indices() {
        let (this, next) = match (class, c) {
            (_, '\n') => (Class::Code, Class::Code),
            (Class::Code, '#') => (Class::Comment, Class::Comment),
            (Class::Code, '"') => (Class::String, Class::String),
            (Class::String, '"') => (Class::String, Class::Code),
            (other, _) => (other, other),
        };
        out.push((i, c, this));
        class = next;
    }
    out
}

/// The first string that reaches the end of its line unclosed: from its `"` to the line's end.
fn unterminated_string(chars: &[(usize, char, Class)]) -> Option<Span> {
    let mut open: Option<usize> = None;
    for &(i, c, class) in chars {
        match (class, c, open) {
            (Class::String, '"', None) => open = Some(i),
            (Class::String, '"', Some(_)) => open = None,
            (_, '\n', Some(start)) => return Some(Span::new(start, trim_end(chars, i))),
            _ => {}
        }
    }
    let end = chars.last().map_or(0, |&(i, c, _)| i.saturating_add(c.len_utf8()));
    open.map(|start| Span::new(start, trim_end(chars, end)))
}

/// `end` moved back over whitespace (a `\r` before a line break).
fn trim_end(chars: &[(usize, char, Class)], end: usize) -> usize {
    chars
        .iter()
        .take_while(|&&(i, _, _)| i < end)
        .filter(|(_, c, _)| !c.is_whitespace())
        .last()
        .map_or(end, |&(i, c, _)| i.saturating_add(c.len_utf8()))
}

/// How the braces of an item pair up.
struct Braces {
    /// The offsets of the `{` left open at the end of the item, outermost first.
    unclosed: Vec<usize>,
    /// The first `{` whose `}` starts a line indented less than the `{` line: likely the block
    /// missing its `}`, the `}` belonging to an outer block.
    misindented: Option<(usize, usize)>,
}

impl Braces {
    fn scan(chars: &[(usize, char, Class)]) -> Braces {
        let mut open: Vec<(usize, usize)> = Vec::new();
        let mut misindented = None;
        let mut indent = 0usize;
        let mut line_blank_so_far = true;
        for &(i, c, class) in chars {
            let first_on_line = line_blank_so_far && !c.is_whitespace();
            match (class, c) {
                (_, '\n') => (indent, line_blank_so_far) = (0, true),
                (_, ' ' | '\t') if line_blank_so_far => indent = indent.saturating_add(1),
                (Class::Code, '{') => open.push((i, indent)),
                (Class::Code, '}') => match open.pop() {
                    Some((brace, brace_indent)) if first_on_line && indent < brace_indent => {
                        misindented = misindented.or(Some((brace, i)));
                    }
                    _ => {}
                },
                _ => {}
            }
            line_blank_so_far &= !first_on_line;
        }
        Braces { unclosed: open.into_iter().map(|(brace, _)| brace).collect(), misindented }
    }
}

/// Where the line holding `offset` starts.
fn line_start(text: &str, offset: usize) -> usize {
    text.get(..offset).and_then(|before| before.rfind('\n')).map_or(0, |i| i.saturating_add(1))
}

/// Whether `text` holds only whitespace and comments (read up to its first code).
fn only_trivia(text: &str) -> bool {
    let mut in_comment = false;
    for c in text.chars() {
        match c {
            '\n' => in_comment = false,
            '#' => in_comment = true,
            c if !in_comment && !c.is_whitespace() => return false,
            _ => {}
        }
    }
    true
}

/// Where the code before `position` ends, skipping whitespace and comments.
fn code_end(chars: &[(usize, char, Class)], position: usize) -> usize {
    chars
        .iter()
        .take_while(|&&(i, _, _)| i < position)
        .filter(|&&(_, c, class)| class != Class::Comment && !c.is_whitespace())
        .last()
        .map_or(position, |&(i, c, _)| i.saturating_add(c.len_utf8()))
}

/// The word (letters, digits, `_`) `text` starts with; empty when it starts with something else.
fn word_at(text: &str) -> &str {
    let end = text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(text.len());
    text.get(..end).unwrap_or("")
}

/// The token `text` starts with: a word, a two-character operator or one character.
fn token_at(text: &str) -> &str {
    let word = word_at(text);
    if !word.is_empty() {
        return word;
    }
    if let Some(string) = text.strip_prefix('"') {
        let end = match string.find(['"', '\n']) {
            Some(i) if string.get(i..).is_some_and(|rest| rest.starts_with('"')) => i.saturating_add(2),
            Some(i) => i.saturating_add(1),
            None => text.len(),
        };
        return text.get(..end).unwrap_or(text);
    }
    if ["==", "!=", "<=", ">=", "&&", "||"].iter().any(|op| text.starts_with(op)) {
        return text.get(..2).unwrap_or(text);
    }
    text.chars().next().and_then(|c| text.get(..c.len_utf8())).unwrap_or(text)
}

// ---- parsing an item on its own -------------------------------------------------------------------

/// Parses the item at `span` alone to find where it goes wrong and what was expected there;
/// `None` if it parses.
fn strict_error(text: &str, span: Span) -> Option<Diagnostic> {
    let item = slice(text, span);
    set_error_detail(true);
    let error = LudexParser::parse(Rule::item_strict, item).err()?;
    let failure = Failure::of(&error);
    let expected = join_or(&expected_list(&failure.positives, &failure.tokens));
    let (found, at) = found(text, span, failure.position);
    if let Some(number) = decimal_around(text, at) {
        return Some(decimal(text, number));
    }
    let diagnostic = if expected.is_empty() {
        Diagnostic::error(Code::SyntaxError, format!("unexpected {found}"), at, "unexpected here")
    } else {
        Diagnostic::error(
            Code::SyntaxError,
            format!("expected {expected}, found {found}"),
            at,
            format!("expected {expected}"),
        )
    };
    let rest = text.get(at.start..span.end).unwrap_or("");
    let expects_operator = expected.contains("an operator");
    Some(
        match operator_hint(rest, expects_operator)
            .map(str::to_string)
            .or_else(|| hint(slice(text, at), &failure.tokens))
        {
            Some(help) => diagnostic.with_help(help),
            None => diagnostic,
        },
    )
}

/// The decimal number (`6.5`) that the place where parsing stopped is part of, if any: the parser
/// reads its whole part as a number and stops at the `.` or at the digits after it.
fn decimal_around(text: &str, at: Span) -> Option<Span> {
    let bytes = text.as_bytes();
    let is_digit = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    let mut start = at.start;
    while start > 0
        && (is_digit(start.saturating_sub(1)) || bytes.get(start.saturating_sub(1)) == Some(&b'.'))
    {
        start = start.saturating_sub(1);
    }
    let mut end = at.start;
    while is_digit(end) || bytes.get(end) == Some(&b'.') {
        end = end.saturating_add(1);
    }
    let number = text.get(start..end)?;
    let (whole, fraction) = number.split_once('.')?;
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    (digits(whole) && digits(fraction)).then(|| Span::new(start, end))
}

/// A decimal number where the grammar takes whole numbers only (a board's size, a row, a count).
fn decimal(text: &str, number: Span) -> Diagnostic {
    let written = slice(text, number);
    Diagnostic::error(
        Code::DecimalNotWhole,
        format!("`{written}` is a decimal number, and a whole number is needed here"),
        number,
        "not a whole number",
    )
    .with_help("decimals may be written in expressions and options' values only: write a whole number")
}

/// Where an item stops parsing, with the rules and tokens that could have come there.
struct Failure {
    position: usize,
    positives: Vec<Rule>,
    tokens: Vec<Token>,
}

impl Failure {
    /// The furthest place the parser reached (a missing keyword or symbol is only seen there),
    /// unless nothing could be said about it; then pest's own place and rules.
    fn of(error: &Error<Rule>) -> Failure {
        let position = error_position(error);
        let positives = match &error.variant {
            ErrorVariant::ParsingError { positives, .. } => positives.clone(),
            ErrorVariant::CustomError { .. } => Vec::new(),
        };
        if let Some(attempts) = error.parse_attempts() {
            let furthest = Failure {
                position: attempts.max_position,
                positives: if attempts.max_position == position { positives.clone() } else { Vec::new() },
                tokens: attempts.expected_tokens().iter().map(|t| Token::read(&t.to_string())).collect(),
            };
            if !expected_list(&furthest.positives, &furthest.tokens).is_empty() {
                return furthest;
            }
        }
        Failure { position, positives, tokens: Vec::new() }
    }
}

/// What stands at `position` of the item at `span`, in words, and where: the next token, or the
/// end of the item's last line.
fn found(text: &str, span: Span, position: usize) -> (String, Span) {
    let item = slice(text, span);
    let rest = item.get(position..).unwrap_or("");
    let token = token_at(rest.trim_start());
    if !token.is_empty() {
        let start = span
            .start
            .saturating_add(position)
            .saturating_add(rest.len().saturating_sub(rest.trim_start().len()));
        return (format!("`{}`", ludex_diagnostics::quote(token, 40)), Span::at(start, token.len()));
    }
    let end = span.start.saturating_add(code_end(&classify(item), position));
    let what = if only_trivia(text.get(span.end..).unwrap_or("")) { "end of file" } else { "end of line" };
    (what.to_string(), Span::new(end, end))
}

/// Words that are operators: never suggested for a misspelled clause keyword.
const OPERATOR_WORDS: [&str; 5] = ["and", "or", "not", "in", "mod"];

/// A hint for an operator other languages spell differently, from the text where parsing stopped
/// (`=` only where an operator could have come: elsewhere it may be a stray value).
fn operator_hint(rest: &str, expects_operator: bool) -> Option<&'static str> {
    let operators: [(&str, &str); 5] = [
        ("&&", "write `and` for \"both hold\""),
        ("||", "write `or` for \"either holds\""),
        ("==", ""),
        ("=", "compare with `==`; a single `=` only gives a value (`set x = 1`, `option n = 3`)"),
        ("!", "write `not` for negation, and `!=` for \"differs\""),
    ];
    let (_, help) = operators.into_iter().find(|(operator, _)| rest.starts_with(operator))?;
    let stray_equals = rest.starts_with('=') && !expects_operator;
    if help.is_empty() || rest.starts_with("!=") || stray_equals { None } else { Some(help) }
}

/// A suggestion for what was `found`: a keyword it may be a misspelling of, or how names are made.
fn hint(found: &str, tokens: &[Token]) -> Option<String> {
    if found.starts_with(|c: char| !c.is_ascii()) {
        return Some("names are made of ASCII letters, digits and `_`".to_string());
    }
    let keywords = tokens.iter().filter_map(|t| match t {
        Token::Literal(token)
            if token.starts_with(|c: char| c.is_ascii_alphabetic())
                && !OPERATOR_WORDS.contains(&token.as_str()) =>
        {
            Some(token.as_str())
        }
        _ => None,
    });
    let word = word_at(found);
    if word.is_empty() { None } else { did_you_mean(word, keywords) }
}

fn error_position(error: &Error<Rule>) -> usize {
    match error.location {
        InputLocation::Pos(at) | InputLocation::Span((at, _)) => at,
    }
}

/// A token the parser expected: literal text, or a character from a range (`0..9`).
enum Token {
    Literal(String),
    Range(char),
}

impl Token {
    /// Reads pest's display of an expected token (pest does not export its type).
    fn read(text: &str) -> Token {
        let chars: Vec<char> = text.chars().collect();
        match chars.as_slice() {
            [start, '.', '.', _] => Token::Range(*start),
            _ => Token::Literal(text.to_string()),
        }
    }
}

/// What was expected, in words: the rules tried (a whole group as one phrase), then the literal
/// tokens that none of them starts with.
fn expected_list(positives: &[Rule], tokens: &[Token]) -> Vec<String> {
    let mut rules: Vec<Rule> = positives.iter().copied().filter(|&r| r != Rule::EOI).collect();
    let mut expected = Vec::new();
    for &(phrase, members) in GROUPS {
        if members.iter().all(|m| rules.contains(m)) {
            rules.retain(|r| !members.contains(r));
            expected.push(phrase.to_string());
        }
    }
    expected.extend(rules.iter().filter_map(|&r| describe(r)).map(str::to_string));
    let mut characters = Vec::new();
    for token in tokens {
        match token {
            Token::Literal(token) if is_trivia(token) || positives.iter().any(|&r| starts(r, token)) => {}
            Token::Literal(token) => expected.push(format!("`{token}`")),
            Token::Range(start) if start.is_ascii_digit() => characters.push("a digit".to_string()),
            Token::Range(_) => characters.push("a letter".to_string()),
        }
    }
    if positives.contains(&Rule::EOI) {
        expected.extend(describe(Rule::EOI).map(str::to_string));
    }
    // A digit or letter that could extend the last word is worth naming only when nothing else is.
    if expected.is_empty() {
        expected = characters;
    }
    let mut unique = Vec::new();
    for phrase in expected {
        if !unique.contains(&phrase) {
            unique.push(phrase);
        }
    }
    unique
}

/// Tokens never worth naming: whitespace, comments, and `_` continuing a name.
fn is_trivia(token: &str) -> bool {
    matches!(token, " " | "\t" | "\r" | "\n" | "#" | "_")
}

/// Whether `rule` can start with `token`: then the token is already named by the rule. Names are
/// left out: a keyword expected where a name also fits is an alternative of its own.
fn starts(rule: Rule, token: &str) -> bool {
    if matches!(rule, Rule::ident | Rule::letter | Rule::keyword | Rule::EOI) {
        return false;
    }
    set_error_detail(true);
    match LudexParser::parse(rule, token) {
        Ok(_) => true,
        Err(error) => error.parse_attempts().is_some_and(|a| a.max_position > 0),
    }
}

/// "a", "a or b", "a, b or c".
fn join_or(phrases: &[String]) -> String {
    match phrases {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The effects, which may stand wherever effects run and in the setup.
const EFFECTS: [Rule; 10] = [
    Rule::set_effect,
    Rule::rotate_effect,
    Rule::if_effect,
    Rule::release_effect,
    Rule::give_effect,
    Rule::retire_effect,
    Rule::for_each_effect,
    Rule::send_effect,
    Rule::move_effect,
    Rule::capture_effect,
];

/// The setup statements: placing, reserving, and every effect.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, reason = "evaluated at compile time")]
const SETUP_STATEMENTS: [Rule; 2 + EFFECTS.len()] = {
    let mut rules = [Rule::place_stmt; 2 + EFFECTS.len()];
    rules[1] = Rule::reserve_stmt;
    let mut i = 0;
    while i < EFFECTS.len() {
        rules[2 + i] = EFFECTS[i];
        i += 1;
    }
    rules
};

/// Rules that are named together when all of them were expected at one place.
const GROUPS: &[(&str, &[Rule])] = &[
    (
        "an item",
        &[
            Rule::game_decl,
            Rule::option_decl,
            Rule::seat_decl,
            Rule::team_decl,
            Rule::board_decl,
            Rule::map_decl,
            Rule::directions_decl,
            Rule::piece_decl,
            Rule::zone_decl,
            Rule::variable_decl,
            Rule::define_decl,
            Rule::setup_decl,
            Rule::action_decl,
            Rule::capture_decl,
            Rule::phase_decl,
            Rule::end_decl,
            Rule::track_decl,
        ],
    ),
    (
        "an action clause",
        &[
            Rule::step_pattern,
            Rule::slide_pattern,
            Rule::leap_pattern,
            Rule::walk_pattern,
            Rule::drop_word,
            Rule::choose_clause,
            Rule::declare_clause,
            Rule::when_clause,
            Rule::to_clause,
            Rule::where_clause,
            Rule::then_clause,
            Rule::step_condition,
            Rule::paying_clause,
            Rule::push_clause,
            Rule::exit_clause,
            Rule::revisit_clause,
            Rule::promote_clause,
            Rule::hop_pattern,
            Rule::over_clause,
            Rule::chain_clause,
            Rule::anywhere_pattern,
            Rule::remove_pattern,
            Rule::along_pattern,
            Rule::enter_pattern,
            Rule::continuation_clause,
            Rule::sow_pattern,
        ],
    ),
    ("a setup statement", &SETUP_STATEMENTS),
    ("an effect", &EFFECTS),
    (
        "a turn clause",
        &[
            Rule::start_block,
            Rule::play_clause,
            Rule::otherwise_clause,
            Rule::actions_clause,
            Rule::after_block,
            Rule::legal_clause,
            Rule::prefer_clause,
            Rule::may_pass_clause,
        ],
    ),
    ("a phase clause", &[Rule::order_clause, Rule::turn_block, Rule::until_clause]),
    ("a capture clause", &[Rule::when_clause, Rule::capture_dest, Rule::then_clause]),
    ("a piece clause", &[Rule::letter_clause, Rule::attribute_clause, Rule::value_clause]),
    (
        "an expression",
        &[
            Rule::ident,
            Rule::int,
            Rule::not_op,
            Rule::neg_op,
            Rule::if_expr,
            Rule::roll_expr,
            Rule::true_lit,
            Rule::false_lit,
            Rule::none_lit,
            Rule::paren_expr,
            Rule::exactly_word,
        ],
    ),
    (
        "an operator",
        &[
            Rule::or_op,
            Rule::and_op,
            Rule::eq_op,
            Rule::ne_op,
            Rule::le_op,
            Rule::ge_op,
            Rule::lt_op,
            Rule::gt_op,
            Rule::in_op,
            Rule::add_op,
            Rule::sub_op,
            Rule::mul_op,
            Rule::div_op,
            Rule::mod_op,
            Rule::field,
        ],
    ),
];

/// What a rule is, in words for an error message; `None` for the rules a user never has to write
/// (whitespace, error recovery, entry points).
pub fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::WHITESPACE | Rule::COMMENT | Rule::file | Rule::item | Rule::item_strict => return None,
        Rule::item_error | Rule::error_chunk | Rule::error_block | Rule::error_gap | Rule::error_stop => {
            return None;
        }
        Rule::longer_rows
        | Rule::longer_row
        | Rule::longer_files
        | Rule::longer_file
        | Rule::longer_cells
        | Rule::longer_board => return None,
        Rule::item_keyword => "an item keyword",
        Rule::EOI => "the end of the item",
        Rule::keyword => "a keyword",
        Rule::ident => "a name",
        Rule::int => "a number",
        Rule::decimal => "a decimal number",
        Rule::number => "a number",
        Rule::string => "a string in double quotes",
        Rule::dice => "dice like `d6`",
        Rule::letter => "a single letter",
        Rule::ident_list => "a list of names",
        Rule::each_seat => "`each seat`",
        Rule::owner => "`for` and a seat, `for each seat` or `neutral`",
        Rule::neutral => "`neutral`",
        Rule::per_seat => "`of each seat`",
        Rule::game_decl => "a `game` item",
        Rule::option_decl => "an `option` item",
        Rule::seat_decl => "a `seat` item",
        Rule::seat_view | Rule::turned => "`turned`",
        Rule::mirrored => "`mirrored`",
        Rule::seat_condition => "`if`",
        Rule::team_decl => "a `team` item",
        Rule::board_decl => "a `board` item",
        Rule::square_board => "`square`",
        Rule::hex_board => "`hex`",
        Rule::without => "`without`",
        Rule::joining => "`joining`",
        Rule::join_path => "cells joined by `-`",
        Rule::map_decl => "a `map` item",
        Rule::grid => "a grid in braces",
        Rule::grid_row => "a row of grid values",
        Rule::grid_value => "a grid value (a number or `.`)",
        Rule::grid_space => "a space",
        Rule::grid_gap => "a line break",
        Rule::directions_decl => "a `directions` item",
        Rule::piece_decl => "a `piece` item",
        Rule::piece_clause => "a piece clause",
        Rule::letter_clause => "`letter`",
        Rule::attribute_clause => "`attribute`",
        Rule::value_clause => "`value`",
        Rule::zone_decl => "a `zone` item",
        Rule::region
        | Rule::region_term
        | Rule::rows_region
        | Rule::files_region
        | Rule::cells_region
        | Rule::where_region
        | Rule::board_region
        | Rule::zone_region
        | Rule::paren_region => "a region",
        Rule::region_op => "`+`, `-`",
        Rule::variable_decl => "a `variable` item",
        Rule::type_name => "a type (`int`, `bool`, `cell`, `seat` or `piece`)",
        Rule::untracked => "`untracked`",
        Rule::define_decl => "a `define` item",
        Rule::params => "parameters in parentheses",
        Rule::setup_decl => "a `setup` item",
        Rule::setup_stmt => "a setup statement",
        Rule::place_stmt => "`place`",
        Rule::reserve_stmt => "`reserve`",
        Rule::reserve_entry => "a piece type and a number",
        Rule::with_clause => "`with`",
        Rule::assignment => "an assignment like `face = 1`",
        Rule::action_decl => "an `action` item",
        Rule::action_clause => "an action clause",
        Rule::step_pattern => "`step`",
        Rule::slide_pattern => "`slide`",
        Rule::leap_pattern => "`leap`",
        Rule::leap_path => "a path of directions like `n+n+e`",
        Rule::walk_pattern => "`walk`",
        Rule::exactly => "`exactly`",
        Rule::at_most => "`at most`",
        Rule::drop_clause => "`drop` or `place`",
        Rule::drop_word => "`drop` or `place`",
        Rule::rhombus_board => "`hex W by H`",
        Rule::choose_clause => "`choose`",
        Rule::declare_clause => "`declare`",
        Rule::when_clause => "`when`",
        Rule::to_clause => "`to`",
        Rule::only_empty => "`empty`",
        Rule::only_enemy => "`enemy`",
        Rule::where_clause => "`where`",
        Rule::then_clause => "`then`",
        Rule::step_condition => "`each step where`",
        Rule::paying_clause => "`paying`",
        Rule::per_step => "`per step`",
        Rule::push_clause => "`push`",
        Rule::push_block => "`when` or `then` in braces",
        Rule::exit_clause => "`exit`",
        Rule::hop_pattern => "`hop`",
        Rule::over_clause => "`over`",
        Rule::over_enemy => "`enemy`",
        Rule::over_friend => "`friend`",
        Rule::over_occupied => "`occupied`",
        Rule::over_empty => "`empty`",
        Rule::over_any => "`any`",
        Rule::chain_clause => "`chain`",
        Rule::chain_while => "`while`",
        Rule::anywhere_pattern => "`anywhere`",
        Rule::remove_pattern => "`remove`",
        Rule::sow_pattern => "`sow`",
        Rule::sow_skipping => "`skipping`",
        Rule::revisit_clause => "`may revisit`",
        Rule::capture_decl => "a `capture` item",
        Rule::capture_dest => "`to`",
        Rule::to_prizes => "`prizes`",
        Rule::to_reserve => "`reserve`",
        Rule::to_nowhere => "`nowhere`",
        Rule::to_hand => "`hand`",
        Rule::captured_clause => "`captured as`",
        Rule::effect_block => "effects in braces",
        Rule::effect => "an effect",
        Rule::set_effect => "`set`",
        Rule::place_expr => "a variable, `piece.attribute` or the owner of the piece on a cell",
        Rule::rotate_effect => "`rotate`",
        Rule::if_effect => "`if`",
        Rule::release_effect => "`release`",
        Rule::give_effect => "`give`",
        Rule::retire_effect => "`retire`",
        Rule::leaving_pieces => "`leaving pieces`",
        Rule::for_each_effect => "`for each`",
        Rule::send_effect => "`send`",
        Rule::move_effect => "`move`",
        Rule::capture_effect => "`capture`",
        Rule::to_word => "`to`",
        Rule::pass_word => "`pass`",
        Rule::promote_clause => "`promote`",
        Rule::promote_if => "`if`",
        Rule::legal_clause => "`legal if`",
        Rule::may_pass_clause => "`may pass`",
        Rule::phase_decl => "a `phase` item",
        Rule::order_clause => "`order`",
        Rule::until_clause => "`until`",
        Rule::turn_block => "`turn`",
        Rule::turn_clause => "a turn clause",
        Rule::start_block => "`start`",
        Rule::play_clause => "`play`",
        Rule::otherwise_clause => "`otherwise`",
        Rule::actions_clause => "`actions`",
        Rule::actions_while => "`while`",
        Rule::actions_up_to => "`up to`",
        Rule::after_block => "`after`",
        Rule::end_decl => "an `end` item",
        Rule::end_rule => "an end rule (`when CONDITION: OUTCOME`)",
        Rule::outcome => "an outcome (`win`, `loss`, `draw` or `rank by`)",
        Rule::win_outcome => "`win`",
        Rule::loss_outcome => "`loss`",
        Rule::draw_outcome => "`draw`",
        Rule::rank_outcome => "`rank by`",
        Rule::score_clause => "`score`",
        Rule::expr | Rule::primary | Rule::paren_expr => "an expression",
        Rule::infix => "an operator",
        Rule::or_op => "`or`",
        Rule::and_op => "`and`",
        Rule::eq_op => "`==`",
        Rule::ne_op => "`!=`",
        Rule::le_op => "`<=`",
        Rule::ge_op => "`>=`",
        Rule::lt_op => "`<`",
        Rule::gt_op => "`>`",
        Rule::in_op => "`in`",
        Rule::add_op => "`+`",
        Rule::sub_op => "`-`",
        Rule::mul_op => "`*`",
        Rule::div_op => "`/`",
        Rule::mod_op => "`mod`",
        Rule::prefix => "`not` or `-`",
        Rule::not_op => "`not`",
        Rule::neg_op => "`-`",
        Rule::postfix | Rule::field => "`.` and a field name",
        Rule::call => "a call like `count(...)`",
        Rule::if_expr => "`if`",
        Rule::roll_expr => "`roll`",
        Rule::exactly_expr | Rule::exactly_word => "`exactly`",
        Rule::true_lit => "`true`",
        Rule::false_lit => "`false`",
        Rule::none_lit => "`none`",
        Rule::stacks => "`stacks`",
        Rule::only_friend => "`friend`",
        Rule::to_kind => "`empty`, `enemy` or `friend`",
        Rule::along_pattern => "`along`",
        Rule::enter_pattern => "`enter`",
        Rule::prefer_clause => "`prefer most actions`",
        Rule::prefer_then => "`then most`",
        Rule::track_decl => "a `track` item",
        Rule::track_part => "a cell, or `CELL to CELL`",
        Rule::continuation_clause => "`then` and an action's name",
        Rule::continuation_if => "`if`",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules with no description: those a user never writes.
    const UNDESCRIBED: [Rule; 16] = [
        Rule::WHITESPACE,
        Rule::COMMENT,
        Rule::file,
        Rule::item,
        Rule::item_strict,
        Rule::item_error,
        Rule::error_chunk,
        Rule::error_block,
        Rule::error_gap,
        Rule::error_stop,
        Rule::longer_rows,
        Rule::longer_row,
        Rule::longer_files,
        Rule::longer_file,
        Rule::longer_cells,
        Rule::longer_board,
    ];

    #[test]
    fn every_rule_a_user_writes_has_a_description() {
        for &rule in Rule::all_rules() {
            let description = describe(rule);
            if UNDESCRIBED.contains(&rule) {
                assert_eq!(description, None, "{rule:?}");
            } else {
                let description = description.unwrap_or_else(|| panic!("{rule:?} has no description"));
                // A rule's name has underscores; words quoted as written (`piece_at`) may.
                let unquoted: String = description.split('`').step_by(2).collect();
                assert!(!unquoted.contains('_'), "{rule:?}: {description}");
            }
        }
    }

    #[test]
    fn item_keywords_are_the_grammar_ones() {
        for keyword in ITEM_KEYWORDS {
            assert!(LudexParser::parse(Rule::item_keyword, keyword).is_ok(), "{keyword}");
            assert!(LudexParser::parse(Rule::item_strict, keyword).is_err(), "{keyword}");
        }
    }

    #[test]
    fn a_rule_starts_with_its_keyword_only() {
        assert!(starts(Rule::step_pattern, "step"));
        assert!(starts(Rule::paren_expr, "("));
        assert!(!starts(Rule::step_pattern, "slide"));
        assert!(!starts(Rule::ident, "to"));
    }

    #[test]
    fn a_closing_brace_indented_like_an_outer_block_is_suspect() {
        let item = "phase p {\n  turn {\n    after {\n      set x = 1\n  }\n}\n";
        let braces = Braces::scan(&classify(item));
        assert_eq!(braces.unclosed, vec![8]);
        assert_eq!(braces.misindented, Some((29, 49)));
    }

    #[test]
    fn lists_read_as_english() {
        let phrases = ["`a`", "`b`", "`c`"].map(String::from);
        assert_eq!(join_or(&phrases[..1]), "`a`");
        assert_eq!(join_or(&phrases[..2]), "`a` or `b`");
        assert_eq!(join_or(&phrases), "`a`, `b` or `c`");
    }

    #[test]
    fn scanning_skips_strings_and_comments() {
        let item = "game \"a { b\" # {\n{ \"c";
        let chars = classify(item);
        assert_eq!(Braces::scan(&chars).unclosed, vec![17]);
        assert_eq!(unterminated_string(&chars), Some(Span::new(19, 21)));
        assert_eq!(code_end(&chars, 17), 12);
    }
}
