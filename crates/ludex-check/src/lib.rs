#![warn(missing_docs)]
//! Semantic analysis: name resolution, types, geometry and rule validation over the AST, collecting
//! every diagnostic, then lowering to the [`crate::ir`].
//!
//! One [`Checker`] walks the declarations in a fixed order (options, board and seats, maps, pieces,
//! variables and zones, setup, actions, capture, phases, end) and builds the IR as it goes. Zones,
//! variables and direction groups are computed on first use ([`Lazy`]), so declarations may refer
//! to each other in any order and a cycle is reported instead of followed.

// No input may make the library panic: errors are returned, never unwrapped (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
// Numbers and indices here come from the input: arithmetic is checked or saturating, indexing
// by `get` (see docs/security.md).
#![cfg_attr(not(test), deny(clippy::arithmetic_side_effects, clippy::indexing_slicing))]

mod actions;
mod board;
mod calls;
mod cell_calls;
mod cells;
mod compound;
mod consteval;
mod cost;
mod directions;
mod effects;
mod expr;
mod holdings;
mod hops;
mod hygiene;
mod index;
mod joined;
mod lines;
mod lints;
mod look_ahead;
mod names;
mod options;
mod pieces;
mod promotion;
mod regions;
mod regions_calls;
mod removed;
mod repetitions;
mod scope;
mod setup;
mod slides;
mod sowing;
mod tracks;
mod turns;
mod types;
mod unused;
mod variables;
mod walks;
mod where_look_ahead;

use std::collections::BTreeMap;

use ludex_diagnostics::{Code, Diagnostic, Limit, Limits};
use ludex_ir::{self as ir, Board, Game, Number};
use ludex_syntax::ast::{Ident, RulesFile, Span};

use directions::DirRef;
use index::IndexBuilder;
use names::{Decls, Names};
use types::Typed;

pub use index::{Declared, Meaning, Reference, Role, SymbolIndex, SymbolKind};
pub use names::BUILTINS;
pub use scope::{ExpressionPlace, context_words, context_words_in};

/// Values chosen for the options a rules file declares (`--option players=4`).
pub type OptionValues = BTreeMap<String, Number>;

/// Checks a parsed file and lowers it for the given option values, under the default limits. The
/// game is `None` when an error was found.
pub fn check(file: &RulesFile, options: &OptionValues) -> (Option<Game>, Vec<Diagnostic>) {
    check_with_limits(file, options, &Limits::default())
}

/// [`check`] under the given limits (which the game keeps, to run under).
pub fn check_with_limits(
    file: &RulesFile,
    options: &OptionValues,
    limits: &Limits,
) -> (Option<Game>, Vec<Diagnostic>) {
    let (game, diagnostics, _) = check_indexed(file, options, limits);
    (game, diagnostics)
}

/// Checks a parsed file like [`check_with_limits`], and gives the symbol index of what it resolved.
pub fn check_indexed(
    file: &RulesFile,
    options: &OptionValues,
    limits: &Limits,
) -> (Option<Game>, Vec<Diagnostic>, SymbolIndex) {
    let mut diagnostics = Vec::new();
    let (game, index) = Checker::new(file, &mut diagnostics, limits).run(options);
    if let Some(game) = game.as_ref().filter(|_| !diagnostics.iter().any(Diagnostic::is_error)) {
        lints::lint(file, game, &mut diagnostics);
    }
    tidy(&mut diagnostics);
    let game = game.filter(|_| !diagnostics.iter().any(Diagnostic::is_error));
    (game, diagnostics, index)
}

/// Orders diagnostics by place and drops repeats (a definition's body checked at every use).
fn tidy(diagnostics: &mut Vec<Diagnostic>) {
    diagnostics.sort_by_key(|d| (d.primary.span.start, d.primary.span.end));
    let mut seen = std::collections::HashSet::new();
    diagnostics.retain(|d| seen.insert((d.code, d.primary.span, d.message.clone())));
}

/// A declaration computed on first use.
enum Lazy<T> {
    Pending,
    Active,
    Done(T),
}

/// What to do with a lazy declaration that is asked for.
enum Visit<R> {
    Compute,
    /// Asked for while being computed: a cycle.
    Cycle,
    /// Done: what the asker wants of its value.
    Ready(R),
}

impl<T> Lazy<T> {
    fn pending(count: usize) -> Vec<Lazy<T>> {
        (0..count).map(|_| Lazy::Pending).collect()
    }

    /// Marks a pending declaration as being computed; of a done one, `ready` takes what is wanted.
    fn visit<R>(&mut self, ready: impl FnOnce(&T) -> R) -> Visit<R> {
        match self {
            Lazy::Pending => {
                *self = Lazy::Active;
                Visit::Compute
            }
            Lazy::Active => Visit::Cycle,
            Lazy::Done(value) => Visit::Ready(ready(value)),
        }
    }

    fn done(&self) -> Option<&T> {
        match self {
            Lazy::Done(value) => Some(value),
            _ => None,
        }
    }
}

/// A definition being inlined: its arguments, resolved where it is used.
struct Frame<'a> {
    define: usize,
    params: Vec<(&'a str, Typed)>,
    /// Where it is used.
    call: Span,
    /// How many expression binders enclose the use (`Scope::binders`).
    binders: u32,
    /// The parameters read through locals so far (see `hygiene`).
    bound: Vec<hygiene::BoundParameter>,
}

/// The checker: declarations, symbol tables, the IR built so far and what it finds.
pub(crate) struct Checker<'a> {
    findings: Findings<'a>,
    decls: Decls<'a>,
    names: Names,
    game: Lowered,
    on_first_use: OnFirstUse<'a>,
    nesting: Nesting<'a>,
    resolving: Resolving,
}

/// What checking finds besides the game.
struct Findings<'a> {
    diagnostics: &'a mut Vec<Diagnostic>,
    /// Every name resolved so far, for the symbol index.
    index: IndexBuilder,
}

/// The parts of the game lowered so far, in the order `Checker::run` lowers them.
struct Lowered {
    options: Vec<ir::GameOption>,
    board: Option<Board>,
    /// The names of the cells the board leaves out.
    left_out: Vec<String>,
    seats: Vec<ir::Seat>,
    /// The IR seat of each declared seat, `None` for one whose condition excludes it.
    seat_ids: Vec<Option<ir::SeatId>>,
    /// Every seat's view is one the board has (otherwise seat-read regions are not meaningful).
    views_known: bool,
    teams: Vec<ir::Team>,
    maps: Vec<ir::Map>,
    attributes: Vec<ir::Attribute>,
    pieces: Vec<ir::PieceType>,
}

/// What is lowered when it is first used (declarations may use one another in any order), and
/// what each action's clauses may use.
struct OnFirstUse<'a> {
    zones: Vec<Lazy<ir::Zone>>,
    variables: Vec<Lazy<(types::Ty, ir::Variable)>>,
    groups: Vec<Lazy<Vec<DirRef>>>,
    /// By action id (for the turns that play them).
    action_bindings: Vec<scope::Binding<'a>>,
}

/// How deep checking has gone.
struct Nesting<'a> {
    /// Definitions being inlined, innermost last.
    frames: Vec<Frame<'a>>,
    /// How deeply expressions (and inlined definitions) are nested right now.
    depth: u32,
    /// Work left before checking gives up (inlining could otherwise explode).
    work_left: u32,
    /// The resource limits the file is checked under.
    limits: Limits,
    /// The slot the next `Let` takes (see `hygiene`).
    next_slot: ir::LocalSlot,
}

/// What is being resolved that limits what may be read.
struct Resolving {
    /// A piece type's value (it may not read piece values).
    valuing: bool,
    /// The cells the board leaves out (on the whole board).
    shaping_board: bool,
    /// An exact slide's distance, lowered for one of its directions (the word `direction`).
    walking: Option<Walking>,
}

/// The direction an exact slide's distance is lowered for, and whether it read `direction`.
#[derive(Clone, Copy)]
struct Walking {
    direction: ir::DirId,
    read: bool,
}

impl<'a> Checker<'a> {
    fn new(file: &'a RulesFile, diagnostics: &'a mut Vec<Diagnostic>, limits: &Limits) -> Checker<'a> {
        let (decls, names) = names::collect(file, diagnostics);
        Checker {
            on_first_use: OnFirstUse {
                zones: Lazy::pending(decls.zones.len()),
                variables: Lazy::pending(decls.variables.len()),
                groups: Lazy::pending(decls.groups.len()),
                action_bindings: Vec::new(),
            },
            findings: Findings { diagnostics, index: IndexBuilder::default() },
            decls,
            names,
            game: Lowered {
                options: Vec::new(),
                board: None,
                left_out: Vec::new(),
                seats: Vec::new(),
                seat_ids: Vec::new(),
                views_known: true,
                teams: Vec::new(),
                maps: Vec::new(),
                attributes: Vec::new(),
                pieces: Vec::new(),
            },
            nesting: Nesting {
                frames: Vec::new(),
                depth: 0,
                work_left: expr::WORK,
                limits: limits.clone(),
                next_slot: 0,
            },
            resolving: Resolving { valuing: false, shaping_board: false, walking: None },
        }
    }

    /// The answer to give at once for a lazy declaration (`name`) asked for at `used_at`: its value
    /// when done; `fallback` when it is being computed, after reporting that it needs itself (`cycle`
    /// says how); None when it is to be computed now.
    fn answer_now<R>(
        &mut self,
        visit: Visit<R>,
        fallback: R,
        name: &Ident,
        used_at: Span,
        cycle: impl FnOnce() -> String,
    ) -> Option<R> {
        match visit {
            Visit::Compute => None,
            Visit::Cycle => {
                self.report(
                    Diagnostic::error(
                        Code::RecursiveDefine,
                        cycle(),
                        used_at,
                        "used inside its own definition",
                    )
                    .with_label(name.span, "defined here"),
                );
                Some(fallback)
            }
            Visit::Ready(value) => Some(value),
        }
    }

    fn report(&mut self, diagnostic: Diagnostic) {
        self.findings.diagnostics.push(diagnostic);
    }

    fn error_count(&self) -> usize {
        self.findings.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    /// Runs `f` outside any definition being inlined: for a declaration computed on first use.
    fn isolated<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let frames = std::mem::take(&mut self.nesting.frames);
        let result = f(self);
        self.nesting.frames = frames;
        result
    }

    /// The place of the whole file, for what is missing from it: the `game` line if there is one.
    fn file_span(&self) -> Span {
        self.decls.game.map_or(Span::default(), |g| g.span)
    }

    /// The game (when there is a board to lower it on) and the symbol index.
    fn run(mut self, values: &OptionValues) -> (Option<Game>, SymbolIndex) {
        let game = self.lower(values);
        let board = game.as_ref().map(|g| &g.board).or(self.game.board.as_ref());
        let index = std::mem::take(&mut self.findings.index).finish(&self.decls, board);
        (game, index)
    }

    fn lower(&mut self, values: &OptionValues) -> Option<Game> {
        self.game.options = self.option_values(values);
        self.game.board =
            self.board().and_then(|board| self.leave_out_cells(board)).map(|board| self.join_cells(board));
        self.game.seats = self.seats();
        self.game.teams = self.teams();
        self.game.maps = self.maps();
        self.reserved_geometry_names();
        self.piece_types();
        self.all_variables();
        self.all_zones();
        self.all_groups();
        self.piece_values();
        let tracks = self.tracks();
        let setup = self.setup();
        let mut actions = self.actions();
        let where_look_aheads = self.where_look_aheads(&mut actions);
        let capture = self.capture();
        let mut phases = self.phases();
        self.look_ahead_past_rolls(&actions, &capture, &phases, &where_look_aheads);
        where_look_ahead::join_where_look_aheads(&mut phases, &where_look_aheads);
        let end = self.end_rules();
        let score = self.score();
        self.unused_definitions();
        if self.error_count() == 0 {
            // After an error (a misspelled name, say) what looks unused may not be.
            self.unused_warnings();
        }
        let board = self.game.board.take()?;
        Some(Game {
            name: self.decls.game.map_or(String::new(), |g| g.node.trim_matches('"').to_string()),
            options: std::mem::take(&mut self.game.options),
            seats: std::mem::take(&mut self.game.seats),
            teams: std::mem::take(&mut self.game.teams),
            board,
            maps: std::mem::take(&mut self.game.maps),
            zones: std::mem::take(&mut self.on_first_use.zones)
                .into_iter()
                .filter_map(|z| if let Lazy::Done(z) = z { Some(z) } else { None })
                .collect(),
            attributes: std::mem::take(&mut self.game.attributes),
            pieces: std::mem::take(&mut self.game.pieces),
            variables: std::mem::take(&mut self.on_first_use.variables)
                .into_iter()
                .filter_map(|v| if let Lazy::Done((_, v)) = v { Some(v) } else { None })
                .collect(),
            actions,
            capture,
            setup,
            phases,
            end,
            limits: self.nesting.limits.clone(),
            score,
            stacking: self.stacking(),
            tracks,
        })
    }
}

/// The result of compiling a rules file: the game when there was no error, and every diagnostic.
#[derive(Debug)]
pub struct Compiled {
    /// The game, lowered to the IR, when the rules have no error.
    pub game: Option<ludex_ir::Game>,
    /// Every error and warning, in the order found.
    pub diagnostics: Vec<Diagnostic>,
}

impl Compiled {
    /// Whether a diagnostic is an error (warnings alone leave the game usable).
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// With the error that `check` finds in the game, if it has one and `check` finds one, `text`
    /// being the rules it was compiled from: the error takes the place of a warning of the same
    /// code at the same place (the checker's guess, now known), and the game is refused.
    pub fn checked_by(mut self, text: &str, check: GameCheck) -> Compiled {
        let Some(error) = self.game.as_ref().and_then(|game| check(text, game)) else { return self };
        let place = error.primary.span;
        self.diagnostics.retain(|d| !(d.code == error.code && d.primary.span == place));
        let at = self.diagnostics.partition_point(|d| d.primary.span.start <= place.start);
        self.diagnostics.insert(at, error);
        self.game = None;
        self
    }
}

/// A check of a whole game that the checker cannot make itself, since it needs the runtime (whose
/// tests depend on the checker): given the rules text and the game lowered from it, the error it
/// finds. The `ludex` package has one (`ludex::check_game`: a game over before its first move),
/// which `ludex::compile` applies, and which it gives the language server.
pub type GameCheck = fn(&str, &Game) -> Option<Diagnostic>;

/// Parses, checks and lowers a rules file with the given option values (defaults for the rest),
/// under the default limits.
pub fn compile(text: &str, options: &OptionValues) -> Compiled {
    compile_with_limits(text, options, &Limits::default())
}

/// [`compile`] under the given limits: a text longer than `source-bytes` is refused unread.
pub fn compile_with_limits(text: &str, options: &OptionValues, limits: &Limits) -> Compiled {
    if let Some(refusal) = source_too_long(text, limits) {
        return Compiled { game: None, diagnostics: vec![refusal] };
    }
    let (file, diagnostics) = ludex_syntax::parse(text);
    if diagnostics.iter().any(Diagnostic::is_error) {
        return compiled(diagnostics, None, Vec::new());
    }
    let (game, check_diagnostics) = check_with_limits(&file, options, limits);
    compiled(diagnostics, game, check_diagnostics)
}

/// The error refusing a text longer than the `source-bytes` limit, if it is.
fn source_too_long(text: &str, limits: &Limits) -> Option<Diagnostic> {
    let length = text.len() as u64;
    (length > limits.max_source_bytes).then(|| {
        Diagnostic::error(
            Code::LimitExceeded,
            format!(
                "the file is {length} bytes long, more than the limit `{}` of {} bytes",
                Limit::SourceBytes,
                limits.max_source_bytes
            ),
            Span::default(),
            "not read",
        )
        .with_help(Limit::SourceBytes.how_to_raise())
    })
}

/// What an editor needs of a text: what [`compile`] gives, the items that parsed, and the symbol
/// index of checking them.
#[derive(Debug)]
pub struct Analysis {
    /// The game and the diagnostics, as [`compile`] gives them.
    pub compiled: Compiled,
    /// Whether every item parsed.
    pub parsed: Parsed,
    /// The items that parsed.
    pub file: RulesFile,
    /// Resolved from the items that parsed, even when others did not.
    pub index: SymbolIndex,
}

/// Compiles a rules file as [`compile`] does (the same game and diagnostics) and indexes its names,
/// under the default limits.
pub fn analyze(text: &str, options: &OptionValues) -> Analysis {
    analyze_with_limits(text, options, &Limits::default())
}

/// [`analyze`] under the given limits, as [`compile_with_limits`] compiles. Unlike compiling, it
/// checks the items that parsed even when others did not, for their index. A text longer than
/// `source-bytes` is refused unread: nothing parsed, nothing indexed.
pub fn analyze_with_limits(text: &str, options: &OptionValues, limits: &Limits) -> Analysis {
    if let Some(refusal) = source_too_long(text, limits) {
        return Analysis {
            compiled: Compiled { game: None, diagnostics: vec![refusal] },
            parsed: Parsed::Partly,
            file: RulesFile::default(),
            index: SymbolIndex::default(),
        };
    }
    let (file, diagnostics) = ludex_syntax::parse(text);
    let parsed = if diagnostics.iter().any(Diagnostic::is_error) { Parsed::Partly } else { Parsed::Whole };
    let (game, check_diagnostics, index) = check_indexed(&file, options, limits);
    Analysis { compiled: compiled(diagnostics, game, check_diagnostics), parsed, file, index }
}

/// Whether every item of a file parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parsed {
    /// Every item parsed.
    Whole,
    /// Some items did not parse (or the text was not read), and are missing from the AST.
    Partly,
}

/// The result of parsing then checking. After a syntax error only the syntax is reported: items
/// that did not parse are missing from the AST, and checking it would report their absence (no
/// board, every use of a name they declared) as mistakes of their own.
fn compiled(mut diagnostics: Vec<Diagnostic>, game: Option<Game>, checked: Vec<Diagnostic>) -> Compiled {
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Compiled { game: None, diagnostics };
    }
    diagnostics.extend(checked);
    let game = game.filter(|_| !diagnostics.iter().any(Diagnostic::is_error));
    Compiled { game, diagnostics }
}

#[cfg(test)]
mod tests {
    use ludex_ir::{ActionKind, Const, ContextWord, Expr, Game};

    /// A two-seat game on a square board, with `extra` items added.
    fn game_with(board: &str, extra: &str) -> crate::Compiled {
        let text = format!(
            "game \"T\"\nseat white\nseat black turned 180\nboard {board}\npiece pawn {{ letter P }}\n\
             action advance for pawn {{ step forward }}\nphase play {{ turn {{ play advance }} }}\n\
             end {{ when count(pieces(next)) == 0: win mover }}\n{extra}"
        );
        crate::compile(&text, &Default::default())
    }

    fn codes(compiled: &crate::Compiled) -> Vec<&'static str> {
        compiled.diagnostics.iter().map(|d| d.code.as_str()).collect()
    }

    fn valid(board: &str, extra: &str) -> Game {
        let compiled = game_with(board, extra);
        assert!(!compiled.has_errors(), "{:#?}", compiled.diagnostics);
        compiled.game.expect("no error")
    }

    fn names(game: &Game, cells: &[u16]) -> Vec<String> {
        cells.iter().map(|&c| game.board.cells[c as usize].name.clone()).collect()
    }

    #[test]
    fn relative_directions_are_read_through_each_view() {
        let game = valid("square 4 by 4", "setup { place pawn for each seat on row 1 }");
        let ActionKind::Step { directions } = &game.actions[0].kind else { panic!("a step") };
        let named: Vec<&str> =
            directions.iter().map(|d| game.board.directions[d[0] as usize].name.as_str()).collect();
        assert_eq!(named, ["n", "s"]);
    }

    #[test]
    fn hexagonal_boards_lower_with_their_own_directions() {
        let game =
            valid("hex 3", "zone edge of each seat = row 1\nsetup { place pawn for each seat on edge }");
        let ActionKind::Step { directions } = &game.actions[0].kind else { panic!("a step") };
        let named: Vec<&str> =
            directions.iter().map(|d| game.board.directions[d[0] as usize].name.as_str()).collect();
        assert_eq!(named, ["n", "s"]);
        let edge = &game.zones[0];
        assert_eq!(names(&game, &edge.cells[0].cells), ["a1", "b1", "c1", "d1", "e1"]);
        assert_eq!(edge.cells[1].cells.len(), 5);
        assert!(edge.cells[1].cells.iter().all(|c| !edge.cells[0].contains(*c)));
        assert_eq!(
            codes(&game_with("hex 3", "action sidestep for pawn { step left }")),
            ["unknown-direction"]
        );
    }

    #[test]
    fn a_board_without_cells_keeps_map_values_on_their_cells() {
        let game = valid(
            "square 3 by 3 without cells b2, c1, a3",
            "map level {\n 7 8 9\n 4 5 6\n 1 2 3\n}\nsetup { place pawn for each seat on cells a1 }\n\
             action climb for pawn { step forward  where level(to) > 0 }",
        );
        let values: Vec<(String, Option<i32>)> =
            game.board.cells.iter().zip(&game.maps[0].values).map(|(c, v)| (c.name.clone(), *v)).collect();
        let expected = [("a1", 1), ("b1", 2), ("a2", 4), ("c2", 6), ("b3", 8), ("c3", 9)];
        let expected: Vec<(String, Option<i32>)> =
            expected.iter().map(|(name, v)| (name.to_string(), Some(*v))).collect();
        assert_eq!(values, expected);
    }

    #[test]
    fn a_direction_group_of_each_seat_is_read_from_each_side() {
        let game = valid(
            "square 4 by 4",
            "directions ahead of each seat = n, ne\ndirections fixed = n, ne\n\
             setup { place pawn for each seat on row 1 }\n\
             action rush for pawn { step ahead }\naction drift for pawn { step fixed }",
        );
        let named = |index: usize| -> Vec<Vec<&str>> {
            let ActionKind::Step { directions } = &game.actions[index].kind else { panic!("a step") };
            directions
                .iter()
                .map(|dirs| dirs.iter().map(|&d| game.board.directions[d as usize].name.as_str()).collect())
                .collect()
        };
        assert_eq!(named(1), [["n", "ne"], ["s", "sw"]]);
        assert_eq!(named(2), [["n", "ne"], ["n", "ne"]]);
    }

    #[test]
    fn setup_for_each_seat_is_read_from_the_seats_side_and_for_a_seat_is_not() {
        let game = valid(
            "square 4 by 4",
            "setup { place pawn for each seat on cells a1  place pawn for black on cells b1 }",
        );
        let placed: Vec<Vec<String>> = game
            .setup
            .iter()
            .map(|s| match s {
                ludex_ir::SetupStep::Place { cells, .. } => names(&game, cells),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(placed, [vec!["a1"], vec!["d4"], vec!["b1"]]);
    }

    #[test]
    fn per_seat_cells_where_is_tested_from_each_side() {
        let game = valid(
            "square 4 by 4",
            "zone low of each seat = cells where cell == a1 or cell == b1\nsetup { place pawn for each seat on low }",
        );
        let low = &game.zones[0];
        assert_eq!(names(&game, &low.cells[0].cells), ["a1", "b1"]);
        assert_eq!(names(&game, &low.cells[1].cells), ["c4", "d4"]);
    }

    #[test]
    fn membership_uses_the_movers_zone_unless_a_seat_is_named() {
        let game = valid(
            "square 4 by 4",
            "zone goal of each seat = row 4\nsetup { place pawn for each seat on row 1 }\n\
             action reach for pawn { step forward  where to in goal and from in goal(white) }",
        );
        let Some(Expr::Binary(_, mine, theirs)) = &game.actions[1].filter else { panic!("a conjunction") };
        assert!(matches!(&**mine, Expr::InZone { seat, .. } if **seat == Expr::Context(ContextWord::Mover)));
        assert!(matches!(&**theirs, Expr::InZone { seat, .. } if **seat == Expr::Const(Const::Seat(0))));
    }

    #[test]
    fn definitions_are_inlined_with_their_arguments() {
        let game = valid(
            "square 4 by 4",
            "define ahead(s, n) = count(pieces(s)) > n\nsetup { place pawn for each seat on row 1 }\n\
             action rush for pawn { step forward  when ahead(mover, 3) }",
        );
        let Some(Expr::Binary(_, count, three)) = &game.actions[1].when else { panic!("a comparison") };
        assert_eq!(**three, Expr::Const(Const::Int(3)));
        assert!(matches!(&**count, Expr::Count(ludex_ir::Collection::Pieces { owner, .. }, None)
            if **owner == Expr::Context(ContextWord::Mover)));
    }

    #[test]
    fn a_seat_whose_condition_fails_is_left_out_and_its_name_is_none() {
        let text = "game \"T\"\noption players = 2 from 2 to 3\nseat a\nseat b turned 90 if players >= 3\n\
                    seat c turned 180\nteam ab = a, b\nboard square 4 by 4\npiece pawn { letter P }\n\
                    setup { place pawn for each seat on cells a1  place pawn for b on cells b2 }\n\
                    action go for pawn { step forward  where mover != b }\nphase play { turn { play go } }\n\
                    end { when false: draw }";
        let two = crate::compile(text, &Default::default()).game.expect("valid");
        let names: Vec<&str> = two.seats.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["a", "c"]);
        assert_eq!(two.teams[0].seats, [0]);
        assert_eq!(two.setup.len(), 2, "b places nothing");
        let Some(Expr::Binary(_, _, b)) = &two.actions[0].filter else { panic!("a comparison") };
        assert_eq!(**b, Expr::Const(Const::None));
        let three = crate::compile(text, &[("players".to_string(), ludex_ir::Number::Int(3))].into())
            .game
            .expect("valid");
        assert_eq!(three.seats.len(), 3);
        assert_eq!(three.teams[0].seats, [0, 1]);
    }

    #[test]
    fn exploding_definitions_are_stopped() {
        let mut defines = String::from("define d0(x) = x + x\n");
        for k in 1..24 {
            defines.push_str(&format!("define d{k}(x) = d{}(d{}(x))\n", k - 1, k - 1));
        }
        defines.push_str("variable v = d23(1)\nsetup { place pawn for each seat on row 1 }");
        let compiled = game_with("square 4 by 4", &defines);
        assert!(codes(&compiled).contains(&"limit-exceeded"), "{:?}", codes(&compiled));
        assert!(compiled.game.is_none());
    }

    #[test]
    fn long_definition_chains_are_stopped() {
        let mut defines = String::from("define f0 = 1\n");
        for k in 1..300 {
            defines.push_str(&format!("define f{k} = f{} + 1\n", k - 1));
        }
        defines.push_str("variable v = f299\nsetup { place pawn for each seat on row 1 }");
        assert!(codes(&game_with("square 4 by 4", &defines)).contains(&"limit-exceeded"));
    }

    #[test]
    fn the_deepest_expressions_the_parser_accepts_are_checked() {
        // Each definition nests a chain as deep as the parser allows inside the previous one.
        let chain = |inner: &str| format!("{inner}{}", " + 1".repeat(ludex_syntax::MAX_EXPR_DEPTH - 2));
        let mut defines = String::from("define f0 = 1\n");
        for k in 1..4 {
            defines.push_str(&format!("define f{k} = {}\n", chain(&format!("f{}", k - 1))));
        }
        defines.push_str("variable v = f3\nsetup { place pawn for each seat on row 1 }");
        let compiled = game_with("square 4 by 4", &defines);
        assert!(codes(&compiled).iter().all(|&c| c == "limit-exceeded"), "{:?}", codes(&compiled));
        let shallow = format!("variable v = {}\nsetup {{ place pawn for each seat on row 1 }}", chain("1"));
        assert!(!game_with("square 4 by 4", &shallow).has_errors());
    }

    #[test]
    fn nested_counts_through_definitions_are_bounded_by_the_evaluation_steps() {
        let nested = |depth: usize| {
            let mut defines = String::from("define nest0 = count(pieces(mover))\n");
            for k in 1..=depth {
                defines.push_str(&format!("define nest{k} = count(pieces(mover), nest{} > 0)\n", k - 1));
            }
            format!(
                "{defines}setup {{ place pawn for each seat on row 1 }}\n\
                 action rush for pawn {{ step forward  where nest{depth} > 0 }}"
            )
        };
        assert!(!game_with("square 8 by 8", &nested(2)).has_errors());
        let big = game_with("square 26 by 150", &nested(2));
        assert_eq!(codes(&big), ["limit-exceeded"]);
        let message = &big.diagnostics[0].message;
        assert!(message.contains("more than the limit `evaluation-steps` of 1099511627776"), "{message}");
        let limits = ludex_diagnostics::Limits { max_evaluation_steps: 1 << 20, ..Default::default() };
        let text = format!(
            "game \"T\"\nseat white\nseat black\nboard square 8 by 8\npiece pawn {{ letter P }}\n\
             phase play {{ turn {{ play rush }} }}\nend {{ when false: draw }}\n{}",
            nested(2)
        );
        let lowered = crate::compile_with_limits(&text, &Default::default(), &limits);
        assert!(codes(&lowered).contains(&"limit-exceeded"), "{:?}", codes(&lowered));
    }

    #[test]
    fn files_past_z_are_named_by_two_letters_in_cells_and_regions() {
        let game = valid(
            "square 30 by 30",
            "zone wings = files aa to ad + cells z1, ad30\nsetup { place pawn for white on wings }",
        );
        let wings = &game.zones[0].cells[0];
        let count = wings.cells.len();
        assert_eq!(count, 4 * 30 + 1, "files aa, ab, ac, ad and z1 (ad30 is in file ad)");
        let file = |name: &str| game.board.cells[game.board.cell_named(name).unwrap() as usize].file;
        assert_eq!((file("z1"), file("aa1"), file("ad30")), (26, 27, 30));
        let off = game_with("square 30 by 30", "zone far = file ae\nsetup { place pawn for white on far }");
        assert_eq!(codes(&off), ["out-of-range"]);
        assert_eq!(off.diagnostics[0].message, "file ae is off the board");
        let unknown =
            game_with("square 30 by 30", "zone far = cells ae1\nsetup { place pawn for white on far }");
        assert_eq!(codes(&unknown), ["unknown-cell"]);
    }

    #[test]
    fn resource_limits_are_diagnostics() {
        assert_eq!(codes(&game_with("square 26 by 3000", "")), ["bad-board-size"]);
        // The docs' limits: any number of files and ranks within the cells, files past `z`
        // named `aa`, `ab`, ...
        assert_eq!(codes(&game_with("square 256 by 256", "")), ["bad-board-size"]);
        assert_eq!(codes(&game_with("square 65536 by 1", "")), ["bad-board-size"]);
        assert_eq!(codes(&game_with("hex 256 by 256", "")), ["bad-board-size"]);
        let tall = valid("square 5 by 300", "setup { place pawn for each seat on row 1 }");
        assert_eq!(tall.board.cells.len(), 1500);
        let wide = valid("square 64 by 64", "setup { place pawn for each seat on cells aa1, bl64 }");
        assert_eq!(wide.board.cells.last().map(|c| c.name.as_str()), Some("bl64"));
        let long = valid("square 4096 by 1", "setup { place pawn for white on cells fan1 }");
        assert_eq!(long.board.cell_named("fan1"), Some(4095));
        let rhombus = valid("hex 31 by 3", "setup { place pawn for each seat on cells ae1 }");
        assert_eq!(rhombus.board.cell_count(), 93, "31 files, the last `ae`");
        assert_eq!(codes(&game_with("square 4 by 99999999999", "")), ["bad-board-size"]);
        assert_eq!(codes(&game_with("hex 13", "")), ["bad-board-size"]);
        let huge = "setup { reserve pawn 99999999999 for each seat }";
        assert_eq!(codes(&game_with("square 4 by 4", huge)), ["out-of-range"]);
        let wide = "setup { place pawn for each seat on row 1 }\naction pick { choose n from 0 to 5000 }";
        assert!(codes(&game_with("square 4 by 4", wide)).contains(&"out-of-range"));
        let seats: String = (0..20).map(|i| format!("seat s{i}\n")).collect();
        assert!(codes(&game_with("square 4 by 4", &seats)).contains(&"limit-exceeded"));
    }
}
