//! The lexical tokens of a rules file, read without parsing: words, numbers, strings, comments and
//! punctuation. Highlighting, hover and completion need them even where the file does not parse.

use ludex_diagnostics::Span;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A name or a keyword: a letter, then letters, digits and `_`.
    Word,
    Number,
    /// `"..."`, up to the closing quote or the end of the line.
    String,
    /// `#` to the end of the line.
    Comment,
    /// `==`, `+`, `<=`...: what combines values.
    Operator,
    /// `{ } ( ) , . :` and `=` (an assignment or a declaration).
    Punctuation,
    /// A character the language does not use.
    Unknown,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

/// The tokens of a text, in order; white space is left out.
pub fn tokens(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let start = at;
        let rest = &text[at..];
        let (kind, len) = match bytes[at] {
            b' ' | b'\t' | b'\r' | b'\n' => {
                at += 1;
                continue;
            }
            b'#' => (TokenKind::Comment, rest.find(['\n', '\r']).unwrap_or(rest.len())),
            b'"' => (TokenKind::String, string_len(rest)),
            b'0'..=b'9' => (TokenKind::Number, number_len(rest)),
            b'a'..=b'z' | b'A'..=b'Z' => {
                (TokenKind::Word, run(rest, |b| b.is_ascii_alphanumeric() || b == b'_'))
            }
            b'=' | b'!' | b'<' | b'>' if rest.as_bytes().get(1) == Some(&b'=') => (TokenKind::Operator, 2),
            b'=' | b'{' | b'}' | b'(' | b')' | b',' | b'.' | b':' => (TokenKind::Punctuation, 1),
            b'<' | b'>' | b'+' | b'-' | b'*' | b'/' => (TokenKind::Operator, 1),
            _ => (TokenKind::Unknown, rest.chars().next().map_or(1, char::len_utf8)),
        };
        at += len;
        tokens.push(Token { kind, span: Span::new(start, at) });
    }
    tokens
}

/// The length of a string literal at the start of `rest`: to its closing quote, else its line's end.
fn string_len(rest: &str) -> usize {
    match rest[1..].find(['"', '\n', '\r']) {
        Some(i) if rest.as_bytes()[i + 1] == b'"' => i + 2,
        Some(i) => i + 1,
        None => rest.len(),
    }
}

/// The length of a number at the start of `rest`: digits, and a decimal's point and digits (`6.5`).
fn number_len(rest: &str) -> usize {
    let whole = run(rest, |b| b.is_ascii_digit());
    let fraction = rest
        .get(whole..)
        .and_then(|after| after.strip_prefix('.'))
        .map_or(0, |digits| run(digits, |b| b.is_ascii_digit()));
    if fraction > 0 { whole + 1 + fraction } else { whole }
}

fn run(rest: &str, keep: impl Fn(u8) -> bool) -> usize {
    rest.bytes().position(|b| !keep(b)).unwrap_or(rest.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds_and_texts(text: &str) -> Vec<(TokenKind, &str)> {
        tokens(text).iter().map(|t| (t.kind, &text[t.span.start..t.span.end])).collect()
    }

    #[test]
    fn reads_every_kind_of_token() {
        use TokenKind::*;
        assert_eq!(
            kinds_and_texts("game \"Tő\" # é\nwhen a.face>=2: win mover_1 ¤"),
            [
                (Word, "game"),
                (String, "\"Tő\""),
                (Comment, "# é"),
                (Word, "when"),
                (Word, "a"),
                (Punctuation, "."),
                (Word, "face"),
                (Operator, ">="),
                (Number, "2"),
                (Punctuation, ":"),
                (Word, "win"),
                (Word, "mover_1"),
                (Unknown, "¤"),
            ]
        );
    }

    #[test]
    fn a_decimal_is_one_number_and_a_field_after_a_number_is_not() {
        use TokenKind::*;
        assert_eq!(kinds_and_texts("komi = 6.5"), [(Word, "komi"), (Punctuation, "="), (Number, "6.5")]);
        assert_eq!(kinds_and_texts("2.face"), [(Number, "2"), (Punctuation, "."), (Word, "face")]);
    }

    #[test]
    fn an_unclosed_string_ends_with_its_line() {
        assert_eq!(kinds_and_texts("game \"T\nseat a")[1], (TokenKind::String, "\"T"));
        assert_eq!(kinds_and_texts("\"")[0], (TokenKind::String, "\""));
    }
}
