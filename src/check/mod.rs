//! Semantic analysis: name resolution, types, geometry and rule validation over the AST, collecting
//! every diagnostic, then lowering to the [`crate::ir`].
//!
//! One [`Checker`] walks the declarations in a fixed order (options, board and seats, maps, pieces,
//! variables and zones, setup, actions, capture, phases, end) and builds the IR as it goes. Zones,
//! variables and direction groups are computed on first use ([`Lazy`]), so declarations may refer
//! to each other in any order and a cycle is reported instead of followed.

mod actions;
mod board;
mod calls;
mod consteval;
mod directions;
mod effects;
mod expr;
mod names;
mod options;
mod pieces;
mod regions;
mod scope;
mod setup;
mod turns;
mod types;
mod unused;
mod variables;

use std::collections::BTreeMap;

use crate::ast::{RulesFile, Span};
use crate::diagnostics::Diagnostic;
use crate::ir::{self, Board, Game};

use directions::DirRef;
use names::{Decls, Names};
use types::Typed;

/// Values chosen for the options a rules file declares (`--option players=4`).
pub type OptionValues = BTreeMap<String, i64>;

/// Checks a parsed file and lowers it for the given option values. The game is `None` when an
/// error was found.
pub fn check(file: &RulesFile, options: &OptionValues) -> (Option<Game>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let game = Checker::new(file, &mut diagnostics).run(options);
    tidy(&mut diagnostics);
    let game = game.filter(|_| !diagnostics.iter().any(Diagnostic::is_error));
    (game, diagnostics)
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
enum Visit<'t, T> {
    Compute,
    /// Asked for while being computed: a cycle.
    Cycle,
    Ready(&'t T),
}

impl<T> Lazy<T> {
    fn pending(count: usize) -> Vec<Lazy<T>> {
        (0..count).map(|_| Lazy::Pending).collect()
    }

    fn visit(&mut self) -> Visit<'_, T> {
        match self {
            Lazy::Pending => {
                *self = Lazy::Active;
                Visit::Compute
            }
            Lazy::Active => Visit::Cycle,
            Lazy::Done(value) => Visit::Ready(value),
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
}

/// The checker: declarations, symbol tables, the IR built so far and the diagnostics.
pub(crate) struct Checker<'a> {
    diagnostics: &'a mut Vec<Diagnostic>,
    decls: Decls<'a>,
    names: Names,
    options: Vec<ir::GameOption>,
    board: Option<Board>,
    seats: Vec<ir::Seat>,
    teams: Vec<ir::Team>,
    maps: Vec<ir::Map>,
    attributes: Vec<ir::Attribute>,
    pieces: Vec<ir::PieceType>,
    zones: Vec<Lazy<ir::Zone>>,
    variables: Vec<Lazy<(types::Ty, ir::Variable)>>,
    groups: Vec<Lazy<Vec<DirRef>>>,
    /// What each action's clauses may use, by action id (for the turns that play them).
    action_bindings: Vec<scope::Binding<'a>>,
    /// Definitions being inlined, innermost last.
    frames: Vec<Frame<'a>>,
    /// How deeply expressions (and inlined definitions) are nested right now.
    depth: u32,
    /// Work left before checking gives up (inlining could otherwise explode).
    work_left: u32,
    /// The piece type whose value is being resolved (its value may not use piece values).
    valuing: bool,
}

impl<'a> Checker<'a> {
    fn new(file: &'a RulesFile, diagnostics: &'a mut Vec<Diagnostic>) -> Checker<'a> {
        let (decls, names) = names::collect(file, diagnostics);
        Checker {
            zones: Lazy::pending(decls.zones.len()),
            variables: Lazy::pending(decls.variables.len()),
            groups: Lazy::pending(decls.groups.len()),
            diagnostics,
            decls,
            names,
            options: Vec::new(),
            board: None,
            seats: Vec::new(),
            teams: Vec::new(),
            maps: Vec::new(),
            attributes: Vec::new(),
            pieces: Vec::new(),
            action_bindings: Vec::new(),
            frames: Vec::new(),
            depth: 0,
            work_left: expr::WORK,
            valuing: false,
        }
    }

    fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// Runs `f` outside any definition being inlined: for a declaration computed on first use.
    fn isolated<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let frames = std::mem::take(&mut self.frames);
        let result = f(self);
        self.frames = frames;
        result
    }

    /// The place of the whole file, for what is missing from it: the `game` line if there is one.
    fn file_span(&self) -> Span {
        self.decls.game.map_or(Span::default(), |g| g.span)
    }

    fn run(mut self, values: &OptionValues) -> Option<Game> {
        self.options = self.option_values(values);
        self.board = self.board();
        self.seats = self.seats();
        self.teams = self.teams();
        self.maps = self.maps();
        self.reserved_geometry_names();
        self.piece_types();
        self.all_variables();
        self.all_zones();
        self.all_groups();
        self.piece_values();
        let setup = self.setup();
        let actions = self.actions();
        let capture = self.capture();
        let phases = self.phases();
        let end = self.end_rules();
        self.unused_definitions();
        self.unused_warnings();
        let board = self.board.take()?;
        Some(Game {
            name: self.decls.game.map_or(String::new(), |g| g.node.trim_matches('"').to_string()),
            options: self.options,
            seats: self.seats,
            teams: self.teams,
            board,
            maps: self.maps,
            zones: self
                .zones
                .into_iter()
                .filter_map(|z| if let Lazy::Done(z) = z { Some(z) } else { None })
                .collect(),
            attributes: self.attributes,
            pieces: self.pieces,
            variables: self
                .variables
                .into_iter()
                .filter_map(|v| if let Lazy::Done((_, v)) = v { Some(v) } else { None })
                .collect(),
            actions,
            capture,
            setup,
            phases,
            end,
            limits: ir::Limits::default(),
        })
    }
}
