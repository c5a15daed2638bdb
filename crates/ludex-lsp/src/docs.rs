//! The documentation of the language's own words, shown on hover and with completions: keywords,
//! context words and built-in functions. The texts of context words and built-ins are those of
//! docs/language.md (a test keeps them equal); keywords are summed up from its sections.

/// A word of the language and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WordDoc {
    pub word: &'static str,
    /// How it is written, or its type (for a context word).
    pub form: &'static str,
    pub text: &'static str,
    /// The section of docs/language.md that explains it.
    pub section: &'static str,
}

const fn doc(word: &'static str, form: &'static str, text: &'static str, section: &'static str) -> WordDoc {
    WordDoc { word, form, text, section }
}

/// The keywords: every word the grammar spells out.
pub const KEYWORDS: &[WordDoc] = &[
    doc("game", "game \"Name\"", "Gives the game's name, for display and records.", "4"),
    doc(
        "option",
        "option NAME = D from MIN to MAX",
        "Declares a whole-number parameter of the game with default `D` and allowed range `MIN` to `MAX`. In expressions `NAME` is a constant integer.",
        "4",
    ),
    doc(
        "seat",
        "seat NAME [turned DEG] [mirrored] [if EXPR]",
        "Declares a seat (a player); the order of the `seat` items is the seat order. In `for each seat` and `of each seat`: every seat in turn.",
        "5",
    ),
    doc(
        "team",
        "team NAME = SEAT, SEAT, ... [if EXPR]",
        "Makes the seats team mates: a team mate's pieces are not enemies, and team mates share a result.",
        "5",
    ),
    doc(
        "turned",
        "seat NAME turned DEG",
        "The seat sees the board turned by `DEG` degrees clockwise: its seat-relative directions, rows and cells are read from that side.",
        "6.3",
    ),
    doc(
        "mirrored",
        "seat NAME mirrored",
        "The seat sees the board reflected (about the vertical axis, before turning).",
        "6.3",
    ),
    doc(
        "board",
        "board square W by H / board hex N [without REGION]",
        "Gives the board; a file has exactly one. As a region, `board` is every cell.",
        "6",
    ),
    doc(
        "square",
        "board square W by H",
        "A grid `W` cells wide and `H` high (at most 65535 cells; the files past `z` are `aa`, `ab`, ...); `a1` is the bottom-left cell.",
        "6.1",
    ),
    doc(
        "by",
        "board square W by H / rotate MAP by EXPR / rank by KEY, ...",
        "Separates the two sizes of a square board, the amount of a rotation, or introduces the keys of a ranking.",
        "6.1",
    ),
    doc(
        "hex",
        "board hex N / board hex W by H",
        "A hexagon of hexagonal cells with `N` cells on each side (N from 1 to 12), or a rhombus of `W` files of `H` hexagons (Hex's board).",
        "6.2",
    ),
    doc(
        "without",
        "board ... without REGION",
        "Leaves the cells of the region out of the board: walls, holes, corners cut off.",
        "6.5",
    ),
    doc(
        "joining",
        "board ... without REGION joining CELL-CELL-..., ...",
        "Makes each cell of a path the neighbour of the next along their line, across the cells left out between them.",
        "6.6",
    ),
    doc(
        "directions",
        "directions NAME [of each seat] = DIR, DIR, ...",
        "Names a set of directions, usable wherever a list of directions is expected.",
        "6.4",
    ),
    doc(
        "map",
        "map NAME { grid }",
        "Gives an integer (or nothing, `.`) to every cell, drawn as the board is seen from above, the top row first. `NAME(CELL)` reads it.",
        "7",
    ),
    doc(
        "piece",
        "piece NAME { letter X  attribute NAME from MIN to MAX  value EXPR }",
        "Declares a piece type. As a context word, `piece` is the piece making the move.",
        "8",
    ),
    doc(
        "letter",
        "letter X",
        "The piece type's letter, used in move notation and when the board is drawn.",
        "8",
    ),
    doc(
        "attribute",
        "attribute NAME from MIN to MAX",
        "An integer that each piece of this type carries, kept in its range; a new piece starts at the minimum.",
        "8",
    ),
    doc(
        "value",
        "value EXPR",
        "What a piece is worth, for scores and tie-breaks; inside `EXPR`, `it` is the piece. As a field, `p.value`.",
        "8",
    ),
    doc(
        "captured",
        "captured as TYPE",
        "The type a piece of this type becomes when it is captured `to hand` (a promoted piece going back unpromoted).",
        "8",
    ),
    doc("as", "captured as TYPE", "`captured as`: the type a piece becomes in the captor's hand.", "8"),
    doc(
        "zone",
        "zone NAME [of each seat] = REGION",
        "Names a set of cells; `of each seat` names one set per seat, read from each seat's side.",
        "9",
    ),
    doc(
        "of",
        "... of each seat / release TYPE of SEAT / give TYPE of SEAT",
        "`of each seat`: one version per seat, read from its side. In `release` and `give`: whose captured piece.",
        "9",
    ),
    doc(
        "each",
        "for each seat / of each seat / for each COLLECTION / each step where EXPR",
        "Every seat, every piece of a collection, or every step of a walk.",
        "15.1",
    ),
    doc(
        "rows",
        "rows N to M",
        "A region: the rows from `N` to `M`, counted from the bottom, 1-based (from each seat's side when per seat).",
        "9",
    ),
    doc("row", "row N", "A region: one row, counted from the bottom, 1-based.", "9"),
    doc("files", "files a to c", "A region: the files (columns) from one letter to another.", "9"),
    doc("file", "file e", "A region: one file (column).", "9"),
    doc(
        "cells",
        "cells a1, b2, ... / cells where EXPR",
        "A region: the cells named, or the cells for which `EXPR` holds (with `cell` the cell tested).",
        "9",
    ),
    doc(
        "variable",
        "variable NAME [of each seat] [: TYPE] = EXPR [untracked]",
        "Declares a variable, part of the game state; `EXPR` gives its value when the game starts.",
        "12",
    ),
    doc("int", "variable NAME: int = EXPR", "The type of whole numbers.", "10"),
    doc("bool", "variable NAME: bool = EXPR", "The type of `true` and `false`.", "10"),
    doc(
        "cell",
        "variable NAME: cell = EXPR",
        "The type of cells. As a context word, in `cells where`: the cell being tested.",
        "10",
    ),
    doc(
        "define",
        "define NAME[(P1, P2, ...)] = EXPR",
        "Names an expression. A use of the definition is replaced by its body, each parameter replaced by its argument.",
        "13",
    ),
    doc(
        "setup",
        "setup { place ...  reserve ...  EFFECTS }",
        "Says how the game begins, before the first turn; its statements run in the order written.",
        "14",
    ),
    doc(
        "place",
        "place TYPE for each seat | for SEAT | neutral on REGION [with ATTR = EXPR, ...] / place TYPES on REGION",
        "In the setup: one piece on every cell of the region. In an action: a new piece of the mover's on an empty cell of the region.",
        "14",
    ),
    doc(
        "reserve",
        "reserve TYPE N, ... for each seat | for SEAT",
        "In the setup: pieces put in the seat's reserve, from which they may be dropped. `to reserve`: to the owner's reserve. `reserve(SEAT)`: the pieces in a reserve.",
        "14",
    ),
    doc(
        "for",
        "action NAME for TYPE, ... / for each seat / for SEAT / for each COLLECTION { ... }",
        "The piece types an action moves, whose pieces a setup statement places, or effects run for every element of a collection.",
        "15",
    ),
    doc("neutral", "place TYPE neutral on REGION", "Pieces that belong to no seat.", "14"),
    doc(
        "on",
        "place ... on REGION / drop ... on REGION / promote on REGION / release ... on REGION",
        "The region where pieces are placed, dropped, promoted or released.",
        "14",
    ),
    doc(
        "with",
        "with ATTR = EXPR, ...",
        "Attribute values of placed or dropped pieces (a value may be `roll dN`).",
        "14",
    ),
    doc(
        "action",
        "action NAME [for TYPE, ...] { clauses }",
        "Declares something a seat may do on its turn, made available by a turn's `play` or `otherwise`.",
        "15",
    ),
    doc(
        "step",
        "step DIRS",
        "The piece moves one cell in one of the directions. `each step where`: a condition on every step of a walk.",
        "15.1",
    ),
    doc(
        "slide",
        "slide DIRS [at most EXPR]",
        "The piece moves in a straight line in one of the directions, through empty cells, any number of cells or at most `EXPR`.",
        "15.1",
    ),
    doc(
        "leap",
        "leap PATH, PATH, ...",
        "The piece jumps to the end of one of the paths, single directions joined by `+`.",
        "15.1",
    ),
    doc(
        "walk",
        "walk DIRS [exactly EXPR | at most EXPR]",
        "The piece walks a path of steps through empty cells, each step in any of the directions, no cell twice.",
        "15.1",
    ),
    doc(
        "hop",
        "hop DIRS [over WHAT] [chain [while EXPR]]",
        "The piece jumps over the adjacent cell in one of the directions to the empty cell beyond; a hop over an enemy captures it.",
        "15.1",
    ),
    doc(
        "over",
        "over enemy | friend | occupied | empty | any",
        "What the cell a hop jumps must hold (`enemy` when not said); only a hop over an enemy captures. On a slide of exact length: what the cells it passes may hold besides nothing.",
        "15.1",
    ),
    doc(
        "chain",
        "chain [while EXPR]",
        "After a hop the piece must hop again from where it landed while it can (and `EXPR` holds): the whole chain is one move.",
        "15.1",
    ),
    doc("friend", "over friend", "A hop over a piece of the mover or its team mate.", "15.1"),
    doc(
        "remove",
        "remove on REGION",
        "The seat takes an enemy piece off a cell of the region: it is captured as a move would capture it.",
        "15.1",
    ),
    doc(
        "anywhere",
        "anywhere [in REGION]",
        "The piece moves to any cell of the region (the board when not said), as `to` allows.",
        "15.1",
    ),
    doc("occupied", "over occupied", "A hop over any piece.", "15.1"),
    doc("any", "over any", "A hop over any cell, empty or not.", "15.1"),
    doc(
        "exactly",
        "walk DIRS exactly EXPR / slide DIRS exactly EXPR / in_a_row(CELL, exactly N)",
        "A walk of exactly so many steps; a slide of exactly so many cells; a line of exactly so many cells (a longer one does not count).",
        "15.1",
    ),
    doc(
        "at",
        "slide DIRS at most EXPR / walk DIRS at most EXPR",
        "`at most`: a slide or walk no longer than `EXPR`.",
        "15.1",
    ),
    doc(
        "most",
        "... at most EXPR",
        "`at most`: a slide or walk no longer than `EXPR`; `prefer most actions`: the longest turns.",
        "15.1",
    ),
    doc(
        "paying",
        "paying EXPR ATTR per step",
        "Every step of a walk costs so much of the moving piece's attribute.",
        "15.1",
    ),
    doc("per", "paying EXPR ATTR per step", "What a walk's step costs.", "15.1"),
    doc(
        "push",
        "push [{ when EXPR  then { EFFECTS } }]",
        "A walk pushes the line of pieces in its way one cell ahead.",
        "15.1",
    ),
    doc(
        "exit",
        "exit to reserve | to prizes | to nowhere",
        "A walk may end with a step off the board.",
        "15.1",
    ),
    doc(
        "may",
        "may revisit / may pass",
        "A walk's path may come back to a cell it has left, its start included; a seat may pass its turn.",
        "15.1",
    ),
    doc("revisit", "may revisit", "A walk's path may come back to a cell it has left.", "15.1"),
    doc("pass", "may pass", "The seat may pass at the start of its turn, even when it could act.", "19"),
    doc(
        "drop",
        "drop TYPES on REGION [with ATTR = EXPR, ...]",
        "The mover takes a piece of one of the types from its reserve and puts it on an empty cell of the region.",
        "15.1",
    ),
    doc(
        "choose",
        "choose NAME from EXPR to EXPR",
        "The seat chooses a whole number, one move per value; the number is `NAME` in the action's `where` and `then`.",
        "15.1",
    ),
    doc(
        "from",
        "... from MIN to MAX",
        "The lower bound of a range. As a context word, `from` is the cell where the moving piece started.",
        "15.1",
    ),
    doc(
        "declare",
        "declare",
        "A move that moves nothing (resigning, offering a draw), written with the action's name.",
        "15.1",
    ),
    doc(
        "when",
        "when EXPR",
        "A condition: before an action's move, on a capture, in a push, or an end rule (`when EXPR: OUTCOME`).",
        "15.2",
    ),
    doc(
        "to",
        "to empty | to enemy | to empty or enemy / to prizes | to reserve | to nowhere / ... to ...",
        "Where a move may end, where captured or sent pieces go, or the upper bound of a range. As a context word, `to` is where the move ends.",
        "15.2",
    ),
    doc(
        "empty",
        "to empty / over empty",
        "A move that may end only on an empty cell; a hop over an empty cell.",
        "15.2",
    ),
    doc(
        "enemy",
        "to enemy",
        "A move that may end only on an enemy piece (of a seat neither the mover nor its team mate).",
        "15.2",
    ),
    doc(
        "where",
        "where EXPR",
        "A condition on the finished move (with `to` and `target` known), on a turn's choice of actions, or on `cells where` and `for each`.",
        "15.2",
    ),
    doc(
        "then",
        "then { EFFECTS } / then ACTION [if EXPR] / if C then A else B",
        "Effects after the move (and after any capture), in order; `then ACTION`: the move goes on, in the same ply, by a move of that action from where it landed (a compound move); in an expression, the value when the condition holds.",
        "15.2",
    ),
    doc(
        "promote",
        "promote on REGION to TYPE, ... / promote if EXPR to TYPE, ...",
        "A piece move ending in the region (or for which `EXPR` holds) is offered once per type, and the piece becomes that type.",
        "15.2",
    ),
    doc(
        "capture",
        "capture { when EXPR  to DEST  then { EFFECTS } } / capture CELL",
        "What happens when a piece move ends on an enemy piece; as an effect, captures the piece on the cell.",
        "16",
    ),
    doc(
        "prizes",
        "to prizes",
        "The captured piece goes to the capturer's prize pile, as it was. `prizes(SEAT)`: a seat's prize pile.",
        "16",
    ),
    doc("nowhere", "to nowhere", "The piece leaves the game.", "16"),
    doc(
        "hand",
        "to hand",
        "The piece goes to the capturer's reserve as the capturer's own (of its `captured as` type), to be dropped later.",
        "16",
    ),
    doc(
        "set",
        "set VAR = EXPR / set VAR(SEAT) = EXPR / set piece.ATTR = EXPR",
        "Assigns a variable, a seat's value of a per-seat variable, or a piece's attribute or type.",
        "17",
    ),
    doc(
        "rotate",
        "rotate MAP by EXPR",
        "Turns the map clockwise by `EXPR` rotation steps of the board.",
        "17",
    ),
    doc(
        "if",
        "if EXPR { EFFECTS } [else { EFFECTS }] / if C then A else B / seat NAME if EXPR / legal if EXPR",
        "Effects or a value chosen by a condition; a seat or team that takes part only when the condition holds.",
        "17",
    ),
    doc(
        "else",
        "else { EFFECTS } / if C then A else B",
        "What happens, or the value, when the condition does not hold.",
        "17",
    ),
    doc(
        "release",
        "release TYPE of SEAT on REGION",
        "Puts a captured piece of that type and owner back on the first empty cell of the region.",
        "17",
    ),
    doc(
        "give",
        "give TYPE of SEAT to HOLDER",
        "Moves a captured piece of that type and owner into another prize pile.",
        "17",
    ),
    doc(
        "retire",
        "retire SEAT [leaving pieces]",
        "The seat leaves the game: its pieces leave the board (or stay, frozen) and it takes no more turns.",
        "17",
    ),
    doc(
        "leaving",
        "retire SEAT leaving pieces",
        "The retired seat's pieces stay on the board, frozen.",
        "17",
    ),
    doc(
        "pieces",
        "retire SEAT leaving pieces / pieces(OWNER [, TYPE...])",
        "In `retire`: the seat's pieces. As a built-in, the pieces on the board owned by a seat.",
        "17",
    ),
    doc("send", "send PIECE to reserve | to prizes | to nowhere", "Takes a piece off the board.", "17"),
    doc(
        "move",
        "move CELL to CELL",
        "Moves the piece on the first cell to the second (empty) cell; never captures.",
        "17",
    ),
    doc(
        "phase",
        "phase NAME { order ...  turn { ... }  until EXPR }",
        "A stage of the game with its own turn rules; phases run in the order declared. As a context word, the current phase.",
        "19",
    ),
    doc(
        "order",
        "order SEAT, SEAT, ...",
        "The seats that take turns in this phase, in this order. Default: every seat, in seat order.",
        "19",
    ),
    doc(
        "turn",
        "turn { start { ... }  play ...  otherwise ...  actions ...  after { ... }  legal if ... }",
        "What a turn of the phase is.",
        "19",
    ),
    doc(
        "until",
        "until EXPR",
        "Checked after each turn of the phase; when it holds, the next phase begins.",
        "19",
    ),
    doc(
        "start",
        "start { EFFECTS }",
        "Effects at the beginning of each turn, before the first action.",
        "19",
    ),
    doc("play", "play ACTION, ... [where EXPR]", "The actions a turn offers.", "19"),
    doc(
        "otherwise",
        "otherwise ACTION, ... [where EXPR]",
        "Actions offered only when none of the earlier clauses has a legal one.",
        "19",
    ),
    doc(
        "actions",
        "actions N / actions up to N / actions while EXPR",
        "How many actions a turn holds (the default is 1).",
        "19",
    ),
    doc("up", "actions up to N", "The seat may end its turn at any point, even before acting.", "19"),
    doc(
        "while",
        "actions while EXPR / chain while EXPR",
        "The same seat acts again while `EXPR` holds; a chain of hops goes on while it holds.",
        "19",
    ),
    doc("after", "after { EFFECTS }", "Effects after each action of the turn.", "19"),
    doc("legal", "legal if EXPR", "A move is legal only if `EXPR` holds on the position it leads to.", "19"),
    doc(
        "end",
        "end { score EXPR  when EXPR: OUTCOME ... }",
        "The end rules, checked in order at every decision point.",
        "20",
    ),
    doc("score", "score EXPR", "Each seat's score, with `seat` bound, reported with every result.", "20"),
    doc("win", "when EXPR: win SEAT", "The seat (and its team) wins; the others lose.", "20"),
    doc("loss", "when EXPR: loss SEAT", "The seat (and its team) loses.", "20"),
    doc("draw", "when EXPR: draw", "The game is drawn.", "20"),
    doc(
        "rank",
        "when EXPR: rank by KEY, ...",
        "Seats are ranked by the keys, higher first; ties broken by the next key.",
        "20",
    ),
    doc("and", "A and B", "Both hold (short-circuit).", "11.3"),
    doc("or", "A or B", "Either holds (short-circuit).", "11.3"),
    doc("not", "not A", "Does not hold; binds more loosely than comparisons and `in`.", "11.3"),
    doc(
        "in",
        "CELL in ZONE / CELL in ZONE(SEAT)",
        "The cell is in the zone (the mover's version of a per-seat zone, or the seat's given).",
        "11.5",
    ),
    doc("mod", "A mod B", "The remainder of dividing `A` by `B` (0 when `B` is 0).", "11.3"),
    doc(
        "roll",
        "roll dN",
        "Rolls a fair die with `N` faces; only the whole value of a `set` or a `with` assignment.",
        "11.9",
    ),
    doc("true", "true", "The boolean that holds.", "11.1"),
    doc("false", "false", "The boolean that does not hold.", "11.1"),
    doc("none", "none", "No value: no piece, no cell, no seat.", "10"),
    doc(
        "untracked",
        "variable NAME = EXPR untracked",
        "The variable is not part of the position that `repetitions` and `since_first_seen` compare.",
        "12",
    ),
    doc(
        "stacks",
        "board ... stacks",
        "Several pieces may share a cell, one on top of another: `piece_at` is the top piece, the one that moves.",
        "6.7",
    ),
    doc(
        "track",
        "track NAME [of each seat] = CELL to CELL, CELL, ...",
        "The cells pieces move along, in order; `NAME(CELL)` is a cell's position on the mover's version.",
        "15.4",
    ),
    doc(
        "along",
        "along TRACK by EXPR, EXPR, ...",
        "A piece moves that many cells along the mover's track, passing over anything; `pips` is the amount.",
        "15.4",
    ),
    doc(
        "enter",
        "enter TRACK by EXPR, EXPR, ...",
        "A piece of the mover's reserve enters the track on the cell at that position.",
        "15.4",
    ),
    doc(
        "prefer",
        "prefer most actions [then most EXPR]",
        "Only the moves that begin a turn of the most actions (then of the highest sum of `EXPR`) are legal: maximal dice use.",
        "19",
    ),
    doc(
        "sow",
        "sow from REGION along TRACK [skipping EXPR]",
        "Every piece on a cell of the region is dropped, one a cell, on the cells that follow it along the mover's track, round and round; `to` is where the last one falls.",
        "15.5",
    ),
    doc(
        "skipping",
        "sow ... skipping EXPR",
        "The cells (`it`) a sowing drops nothing on, such as the cell sown from (`it == from`).",
        "15.5",
    ),
];

/// The context words, as docs/language.md's table in section 11.2 gives them.
pub const CONTEXT_WORDS: &[WordDoc] = &[
    doc("mover", "seat", "the seat acting; in end rules and `until`, the seat that acted last", "11.2"),
    doc(
        "next",
        "seat",
        "in end rules: the seat to act now; in a turn's `after` and `legal if`: the seat after the mover",
        "11.2",
    ),
    doc(
        "piece",
        "piece",
        "the piece making the move (after the move, the piece now on `to`); in a drop, the dropped piece",
        "11.2",
    ),
    doc("from", "cell", "where the moving piece started; `none` for drops and choices", "11.2"),
    doc("to", "cell", "where the move ends", "11.2"),
    doc(
        "target",
        "piece",
        "the piece that stood on `to` before the move (the captured piece), or `none`",
        "11.2",
    ),
    doc("it", "piece", "the element in `count` and `sum`; the piece in a type's `value`", "11.2"),
    doc(
        "seat",
        "seat",
        "the seat being scored in `rank by`, being initialised in a per-seat variable",
        "11.2",
    ),
    doc("captures", "int", "pieces captured so far in the current turn", "11.2"),
    doc("turns", "int", "turns completed in the current phase", "11.2"),
    doc("phase", "phase", "the current phase", "11.2"),
    doc("cell", "cell", "the cell being tested, only in `cells where`", "11.2"),
    doc(
        "step_from",
        "cell",
        "the cells of the step a walk is taking; `step_to` is `none` for a step off the board",
        "11.2",
    ),
    doc(
        "step_to",
        "cell",
        "the cells of the step a walk is taking; `step_to` is `none` for a step off the board",
        "11.2",
    ),
    doc("pushed", "piece", "the piece being pushed, in a `push`", "11.2"),
    doc(
        "pushed_from",
        "cell",
        "where the pushed piece stands and where it is pushed to (`none`: off the board)",
        "11.2",
    ),
    doc(
        "pushed_to",
        "cell",
        "where the pushed piece stands and where it is pushed to (`none`: off the board)",
        "11.2",
    ),
    doc(
        "line",
        "collection",
        "the pieces of the line being pushed, in a push's `when`: `sum(line, it.strength)`",
        "11.2",
    ),
    doc("promotion", "piece type", "the type the piece becomes", "11.2"),
    doc(
        "stuck",
        "bool",
        "in end rules and a turn's `start`: the seat to act has no legal action; in a turn's `legal if` \
         and (as a condition of its own) in an action's `where`: the seat to act once the move is made \
         has none (a look-ahead)",
        "11.2",
    ),
    doc(
        "repetitions",
        "int",
        "in end rules (and a turn's `legal if`, of the position the move leads to): how many times the \
         current position has occurred, this time included; `repetitions(N)` among the last N only, \
         `repetitions(board)` and `repetitions(board, N)` comparing the board alone (positional superko)",
        "11.2",
    ),
    doc(
        "since_first_seen",
        "int",
        "in end rules: how many moves have been played since the current position first occurred (0 when it is new)",
        "11.2",
    ),
    doc("passes", "int", "in end rules: how many turns in a row ended with a pass", "11.2"),
];

/// The built-in functions and collections, as docs/language.md's table in section 11.7 gives them.
pub const BUILTINS: &[WordDoc] = &[
    doc(
        "pieces",
        "pieces(OWNER [, TYPE, ...]) → collection",
        "the pieces on the board owned by seat `OWNER`; `pieces(none)` is the neutral pieces",
        "11.7",
    ),
    doc(
        "reserve",
        "reserve(SEAT) → collection",
        "the pieces in the seat's reserve (off the board, ready to be dropped)",
        "11.7",
    ),
    doc(
        "prizes",
        "prizes(SEAT) → collection",
        "the pieces the seat has captured, each as it was when captured",
        "11.7",
    ),
    doc(
        "losses",
        "losses(SEAT) → collection",
        "the seat's pieces that others have captured (in any prize pile), each as it was when captured",
        "11.7",
    ),
    doc("seats", "seats → collection", "every seat of the game (`it` is a seat)", "11.7"),
    doc(
        "count",
        "count(COLLECTION [, PRED]) → int",
        "how many for which `PRED` holds, `it` being the piece (or seat)",
        "11.7",
    ),
    doc(
        "sum",
        "sum(COLLECTION, TERM) → int",
        "the sum of `TERM` over the collection, `it` being the piece (or seat)",
        "11.7",
    ),
    doc("piece_at", "piece_at(CELL) → piece", "the piece on the cell, or `none`", "11.7"),
    doc(
        "partner",
        "partner(SEAT) → seat",
        "the other seat of the seat's team when the team has two seats, otherwise `none`",
        "11.7",
    ),
    doc(
        "first",
        "first(COLLECTION [, PRED]) → piece (or seat)",
        "the first element for which `PRED` holds, or `none`",
        "11.7",
    ),
    doc("allied", "allied(SEAT, SEAT) → bool", "whether the two are the same seat or team mates", "11.7"),
    doc(
        "distance",
        "distance(CELL, CELL) → int",
        "the fewest steps between the cells over the whole grid, missing cells ignored: king steps on a square board, steps through a side on a hex board",
        "11.7",
    ),
    doc(
        "attacked",
        "attacked(CELL, SEAT [, BY]) → bool",
        "whether an enemy of the seat could capture on the cell",
        "11.7",
    ),
    doc(
        "shift",
        "shift(CELL, PATH) → cell",
        "the cell the path of directions leads to from the cell, `none` off the board",
        "11.7",
    ),
    doc(
        "bracketed",
        "bracketed(CELL, DIRS, INNER, OUTER) → collection",
        "cells (`it` is a cell): the flanked runs from the cell",
        "11.7",
    ),
    doc("connected", "connected(ZONE, ZONE) → bool", "whether the mover's pieces join the two zones", "11.7"),
    doc(
        "ray",
        "ray(CELL, DIRS [, TEST]) → collection",
        "cells (`it` is a cell): from the cell to the edge of the board, or to the first cell that fails the test",
        "11.7",
    ),
    doc(
        "between",
        "between(CELL, CELL) → collection",
        "cells (`it` is a cell): strictly between the two cells on one straight line",
        "11.7",
    ),
    doc(
        "in_a_row",
        "in_a_row(CELL, N [, DIRS [, TEST]]) → bool",
        "whether the cell is on a straight line of at least `N` cells like it",
        "11.7",
    ),
    doc(
        "seen_by",
        "seen_by(CELL, SEAT) → cell",
        "the cell as the seat sees it: its image under the seat's view",
        "11.7",
    ),
    doc(
        "lines",
        "lines(CELL, N [, DIRS [, TEST]]) → collection",
        "cells (`it` is a cell): the straight lines of at least `N` cells like it through the cell",
        "11.7",
    ),
    doc("stack", "stack(CELL) → collection", "the pieces on the cell, bottom to top", "11.7"),
    doc("cells", "cells(ZONE) → collection", "cells (`it` is a cell): the zone's, or the board's", "11.7"),
    doc(
        "neighbours",
        "neighbours(CELL [, DIRS]) → collection",
        "cells (`it` is a cell): one step from the cell",
        "11.7",
    ),
    doc(
        "group",
        "group(CELL [, DIRS [, PRED]]) → collection",
        "cells (`it` is a cell): those joined to the cell through neighbours alike (or for which `PRED` holds)",
        "11.7",
    ),
    doc(
        "around",
        "around(SET [, DIRS]) → collection",
        "cells (`it` is a cell): next to the set and not in it (a group's liberties, when empty)",
        "11.7",
    ),
    doc(
        "axis",
        "axis(CELL [, DIRS]) → collection",
        "cells (`it` is a cell): the whole straight lines through the cell, from edge to edge",
        "11.7",
    ),
];

/// The word `direction`, where a direction is expected in the distance of a slide of exact length.
pub const WALKED_DIRECTION: WordDoc = doc(
    "direction",
    "direction",
    "in the distance of a slide of exact length: the direction being walked",
    "15.1",
);

/// The fields every piece has, as docs/language.md's table in section 11.6 gives them.
pub const FIELDS: &[WordDoc] = &[
    doc("type", "piece type", "its type, to compare with a type name: `target.type == king`", "11.6"),
    doc("owner", "seat", "its seat, `none` for a neutral piece", "11.6"),
    doc("value", "int", "its value (the type's `value` expression with `it` = `p`)", "11.6"),
    doc("cell", "cell", "where it stands", "11.6"),
];

fn find(table: &'static [WordDoc], word: &str) -> Option<&'static WordDoc> {
    table.iter().find(|d| d.word == word)
}

pub fn keyword(word: &str) -> Option<&'static WordDoc> {
    find(KEYWORDS, word)
}

pub fn context_word(word: &str) -> Option<&'static WordDoc> {
    find(CONTEXT_WORDS, word)
}

pub fn builtin(word: &str) -> Option<&'static WordDoc> {
    find(BUILTINS, word)
}

pub fn field(word: &str) -> Option<&'static WordDoc> {
    find(FIELDS, word)
}

impl WordDoc {
    /// The hover text: how it is written, what it means, where the reference explains it.
    pub fn markdown(&self, what: &str) -> String {
        format!(
            "```ludex\n{}\n```\n{what} — {}\n\n*The ludex language, section {}*",
            self.form, self.text, self.section
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn language_reference() -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/language.md");
        std::fs::read_to_string(path).expect("docs/language.md")
    }

    #[test]
    fn every_word_of_the_grammar_is_documented_once() {
        let grammar = include_str!("../../../grammar/ludex.pest");
        let mut words: Vec<&str> = grammar
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .flat_map(|line| line.split('"').skip(1).step_by(2))
            .filter(|w| w.len() > 1 && w.chars().all(|c| c.is_ascii_lowercase()))
            .collect();
        words.sort_unstable();
        words.dedup();
        let documented: Vec<&str> = KEYWORDS.iter().map(|d| d.word).collect();
        for word in &words {
            assert!(documented.contains(word), "`{word}` has no documentation");
        }
        for word in &documented {
            assert!(words.contains(word), "`{word}` is not a keyword of the grammar");
        }
        assert_eq!(documented.len(), words.len(), "each keyword once");
    }

    #[test]
    fn context_words_builtins_and_fields_say_what_the_reference_says() {
        let reference = language_reference();
        for doc in CONTEXT_WORDS.iter().chain(BUILTINS).chain(FIELDS).chain([&WALKED_DIRECTION]) {
            assert!(
                reference.contains(doc.text),
                "`{}`: {:?} is not in docs/language.md",
                doc.word,
                doc.text
            );
        }
        let context_words = ludex_check::context_words();
        let documented: Vec<&str> = CONTEXT_WORDS.iter().map(|d| d.word).collect();
        assert_eq!(documented, context_words);
        let builtins: Vec<&str> = BUILTINS.iter().map(|d| d.word).collect();
        let mut checker_builtins = ludex_check::BUILTINS.to_vec();
        checker_builtins.sort_unstable();
        let mut sorted = builtins.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, checker_builtins);
    }

    #[test]
    fn every_section_exists() {
        let reference = language_reference();
        for doc in KEYWORDS.iter().chain(CONTEXT_WORDS).chain(BUILTINS) {
            assert!(
                reference.contains(&format!("\n## {}. ", doc.section))
                    || reference.contains(&format!("\n### {} ", doc.section)),
                "section {} of `{}`",
                doc.section,
                doc.word
            );
        }
    }
}
