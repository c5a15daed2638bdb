//! Pieces as expectations write them: the tokens of the position format (`D1:6` on the board,
//! `R*5` in a reserve, `D2:1@e6=1` in a prize pile), read against a game. A token checks what it
//! writes: the type and owner always, the attribute values and a prize's cell and value only when
//! they are written, so `K1` is any white king and `K1:1` a king that has moved.

use ludex_ir::{CellId, SeatId, TypeId};
use ludex_runtime::{Engine, Piece, Prize, State};

/// Why a token does not read as a piece of the game.
pub(crate) struct TokenError {
    pub message: String,
    pub help: Option<String>,
}

impl TokenError {
    fn new(message: String) -> TokenError {
        TokenError { message, help: None }
    }
}

/// `LETTER[SEAT][:V1:V2...]`: a piece of a type, owned by a seat or neutral, with the attribute
/// values written (the first ones of the type, in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PiecePattern {
    kind: TypeId,
    owner: Option<SeatId>,
    attributes: Vec<i32>,
}

impl PiecePattern {
    /// A board piece: the seat number written after the letter, none for a neutral piece.
    pub(crate) fn board(engine: &Engine, token: &str) -> Result<PiecePattern, TokenError> {
        let (head, values) = token.split_once(':').map_or((token, None), |(h, v)| (h, Some(v)));
        let mut chars = head.chars();
        let letter = chars.next().ok_or_else(|| TokenError::new("an empty piece".into()))?;
        let owner = match chars.as_str() {
            "" => None,
            number => Some(seat_number(engine, number, token)?),
        };
        PiecePattern::read(engine, letter, owner, values, token)
    }

    /// A reserve piece: its owner is the seat, so no number is written.
    fn reserve(engine: &Engine, token: &str, seat: SeatId) -> Result<PiecePattern, TokenError> {
        let (head, values) = token.split_once(':').map_or((token, None), |(h, v)| (h, Some(v)));
        let mut chars = head.chars();
        let letter = chars.next().ok_or_else(|| TokenError::new("an empty piece".into()))?;
        if !chars.as_str().is_empty() {
            return Err(TokenError {
                message: format!("`{token}`: a reserve piece has no seat number"),
                help: Some(format!("write `{letter}`: the reserve's seat owns it")),
            });
        }
        PiecePattern::read(engine, letter, Some(seat), values, token)
    }

    fn read(
        engine: &Engine,
        letter: char,
        owner: Option<SeatId>,
        values: Option<&str>,
        token: &str,
    ) -> Result<PiecePattern, TokenError> {
        let game = &engine.game;
        let kind =
            game.pieces.iter().position(|p| p.letter.eq_ignore_ascii_case(&letter)).ok_or_else(|| {
                let letters: Vec<String> =
                    game.pieces.iter().map(|p| format!("{} ({})", p.letter, p.name)).collect();
                TokenError {
                    message: format!("no piece type has the letter `{letter}` (in `{token}`)"),
                    help: Some(format!("the letters: {}", letters.join(", "))),
                }
            })?;
        let piece_type = &game.pieces[kind];
        let values: Vec<&str> = values.map_or(Vec::new(), |v| v.split(':').collect());
        if values.len() > piece_type.attributes.len() {
            return Err(TokenError::new(format!(
                "`{token}` gives {} attribute values; a {} has {}",
                values.len(),
                piece_type.name,
                piece_type.attributes.len()
            )));
        }
        let mut attributes = Vec::with_capacity(values.len());
        for (&attribute, text) in piece_type.attributes.iter().zip(values) {
            let range = &game.attributes[attribute as usize];
            let value: i32 =
                text.parse().ok().filter(|v| (range.min..=range.max).contains(v)).ok_or_else(|| {
                    TokenError::new(format!(
                        "{} is {} to {}, not `{text}` (in `{token}`)",
                        range.name, range.min, range.max
                    ))
                })?;
            attributes.push(value);
        }
        Ok(PiecePattern { kind: kind as TypeId, owner, attributes })
    }

    /// Whether the piece is of this type and owner, with the attribute values written.
    pub(crate) fn matches(&self, engine: &Engine, piece: &Piece) -> bool {
        let Some(piece_type) = engine.game.pieces.get(piece.kind as usize) else { return false };
        piece.kind == self.kind
            && piece.owner == self.owner
            && piece_type.attributes.iter().zip(&self.attributes).all(|(&a, &v)| piece.attribute(a) == v)
    }

    /// How much the pattern says: patterns that say more are matched first.
    fn detail(&self) -> usize {
        self.attributes.len()
    }
}

/// `PIECE[@CELL][=VALUE]`: a piece in a prize pile, with the cell it was taken on and its value
/// when written.
struct PrizePattern {
    piece: PiecePattern,
    cell: Option<CellId>,
    value: Option<i64>,
}

impl PrizePattern {
    fn read(engine: &Engine, token: &str) -> Result<PrizePattern, TokenError> {
        let (rest, value) = token.split_once('=').map_or((token, None), |(t, v)| (t, Some(v)));
        let (piece, cell) = rest.split_once('@').map_or((rest, None), |(p, c)| (p, Some(c)));
        let value = value
            .map(|v| v.parse().map_err(|_| TokenError::new(format!("`{v}` is not a number (in `{token}`)"))))
            .transpose()?;
        let cell = cell
            .map(|c| {
                engine.cell_named(c).ok_or_else(|| TokenError::new(format!("no cell `{c}` (in `{token}`)")))
            })
            .transpose()?;
        Ok(PrizePattern { piece: PiecePattern::board(engine, piece)?, cell, value })
    }

    fn matches(&self, engine: &Engine, prize: &Prize) -> bool {
        self.piece.matches(engine, &prize.piece)
            && self.cell.is_none_or(|c| prize.cell == Some(c))
            && self.value.is_none_or(|v| prize.value == v)
    }

    fn detail(&self) -> usize {
        self.piece.detail() + usize::from(self.cell.is_some()) + usize::from(self.value.is_some())
    }
}

/// How a list of tokens compares with what the game holds: the tokens (by index) no piece
/// answers, and the pieces (in the position format) no token names.
pub(crate) struct Comparison {
    pub unmatched_tokens: Vec<usize>,
    pub unnamed_pieces: Vec<String>,
}

impl Comparison {
    pub(crate) fn is_exact(&self) -> bool {
        self.unmatched_tokens.is_empty() && self.unnamed_pieces.is_empty()
    }
}

/// A reserve against its tokens (`R*5` stands for five).
pub(crate) fn compare_reserve(
    engine: &Engine,
    seat: SeatId,
    tokens: &[&str],
    pieces: &[Piece],
) -> Result<Comparison, (usize, TokenError)> {
    let mut patterns = Vec::new();
    for (index, token) in tokens.iter().enumerate() {
        let (token, count) = match token.split_once('*') {
            Some((token, count)) => {
                let count: usize = count.parse().ok().filter(|&c| c <= MAX_COUNT).ok_or_else(|| {
                    (index, TokenError::new(format!("`{count}` is not a count (at most {MAX_COUNT})")))
                })?;
                (token, count)
            }
            None => (*token, 1),
        };
        let pattern = PiecePattern::reserve(engine, token, seat).map_err(|e| (index, e))?;
        patterns.extend(std::iter::repeat_n((index, pattern), count));
    }
    let names: Vec<String> =
        pieces.iter().map(|p| engine.piece_token(&Piece { owner: None, ..*p })).collect();
    Ok(compare(&patterns, pieces, &names, |p, piece| p.matches(engine, piece), PiecePattern::detail))
}

/// A prize pile against its tokens; `names` are the prizes as the position format writes them.
pub(crate) fn compare_prizes(
    engine: &Engine,
    tokens: &[&str],
    prizes: &[Prize],
    names: &[String],
) -> Result<Comparison, (usize, TokenError)> {
    let patterns: Vec<(usize, PrizePattern)> = tokens
        .iter()
        .enumerate()
        .map(|(index, token)| PrizePattern::read(engine, token).map(|p| (index, p)).map_err(|e| (index, e)))
        .collect::<Result<_, _>>()?;
    Ok(compare(&patterns, prizes, names, |p, prize| p.matches(engine, prize), PrizePattern::detail))
}

/// The most pieces one reserve token may stand for.
const MAX_COUNT: usize = 4096;

/// Pairs each pattern with an item it matches, the patterns that say most first; `names` are the
/// items in the position format, for those no pattern names.
fn compare<P, T>(
    patterns: &[(usize, P)],
    items: &[T],
    names: &[String],
    matches: impl Fn(&P, &T) -> bool,
    detail: impl Fn(&P) -> usize,
) -> Comparison {
    let mut order: Vec<&(usize, P)> = patterns.iter().collect();
    order.sort_by_key(|(_, p)| std::cmp::Reverse(detail(p)));
    let mut taken = vec![false; items.len()];
    let mut unmatched_tokens = Vec::new();
    for (index, pattern) in order {
        match (0..items.len()).find(|&i| !taken[i] && matches(pattern, &items[i])) {
            Some(i) => taken[i] = true,
            None => unmatched_tokens.push(*index),
        }
    }
    unmatched_tokens.sort_unstable();
    unmatched_tokens.dedup();
    let unnamed_pieces =
        names.iter().zip(&taken).filter(|(_, t)| !**t).map(|(name, _)| name.clone()).collect();
    Comparison { unmatched_tokens, unnamed_pieces }
}

/// The tokens of a seat's `reserve` or `prizes` line in the position the engine writes: a reserve
/// with equal pieces side by side as `R*5`, prizes as `D2:1@e6=1`, in the order the engine keeps.
pub(crate) fn written_holding(engine: &Engine, state: &State, keyword: &str, seat: SeatId) -> Vec<String> {
    let Some(seat_name) = engine.game.seats.get(seat as usize).map(|s| s.name.as_str()) else {
        return Vec::new();
    };
    let position = engine.write_position(state);
    let line = position.lines().find_map(|line| {
        let rest = line.strip_prefix(keyword)?.strip_prefix(' ')?;
        rest.strip_prefix(seat_name)?.strip_prefix(' ')
    });
    line.map_or(Vec::new(), |tokens| tokens.split_whitespace().map(String::from).collect())
}

/// A 1-based seat number after a piece letter.
fn seat_number(engine: &Engine, text: &str, token: &str) -> Result<SeatId, TokenError> {
    let seats = engine.game.seats.len();
    match text.parse::<usize>().ok().and_then(|n| n.checked_sub(1)).filter(|&s| s < seats) {
        Some(seat) => Ok(seat as SeatId),
        None => Err(TokenError {
            message: format!("no seat `{text}` (in `{token}`)"),
            help: Some(format!("seats are numbered 1 to {seats}, in the order the rules declare them")),
        }),
    }
}
