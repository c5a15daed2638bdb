//! The symbol tables: every declaration grouped by kind (its index is its id), every declared name
//! with its kind and place, duplicate, reserved-name and count checks, and which declarations are
//! used (for the `unused-*` warnings).

use std::collections::{HashMap, HashSet};

use ludex_diagnostics::{Code, Diagnostic, did_you_mean};
use ludex_ir as ir;
use ludex_syntax::ast::{self, Ident, Item, RulesFile, Span};

use super::scope::Word;

/// The built-in functions; no declaration may take their names.
pub const BUILTINS: [&str; 27] = [
    "count",
    "sum",
    "pieces",
    "reserve",
    "prizes",
    "losses",
    "seats",
    "piece_at",
    "partner",
    "distance",
    "first",
    "allied",
    "attacked",
    "shift",
    "bracketed",
    "connected",
    "ray",
    "between",
    "lines",
    "in_a_row",
    "seen_by",
    "stack",
    "cells",
    "neighbours",
    "group",
    "around",
    "axis",
];

/// What a declared name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    Option(usize),
    Seat(ir::SeatId),
    Team(ir::TeamId),
    Map(ir::MapId),
    Piece(ir::TypeId),
    Zone(ir::ZoneId),
    Variable(ir::VarId),
    Define(usize),
    Phase(ir::PhaseId),
    Group(usize),
    /// Actions live in a namespace of their own.
    Action(ir::ActionId),
    Track(ir::TrackId),
}

impl Symbol {
    /// "piece type", "zone"...: for messages.
    pub fn kind_name(self) -> &'static str {
        match self {
            Symbol::Option(_) => "option",
            Symbol::Seat(_) => "seat",
            Symbol::Team(_) => "team",
            Symbol::Map(_) => "map",
            Symbol::Piece(_) => "piece type",
            Symbol::Zone(_) => "zone",
            Symbol::Variable(_) => "variable",
            Symbol::Define(_) => "definition",
            Symbol::Phase(_) => "phase",
            Symbol::Action(_) => "action",
            Symbol::Group(_) => "direction group",
            Symbol::Track(_) => "track",
        }
    }
}

/// The declarations of a file by kind, in order, without the duplicates.
#[derive(Default)]
pub struct Decls<'a> {
    pub game: Option<&'a ast::Spanned<String>>,
    pub options: Vec<&'a ast::OptionDecl>,
    pub seats: Vec<&'a ast::SeatDecl>,
    pub teams: Vec<&'a ast::TeamDecl>,
    pub board: Option<&'a ast::BoardDecl>,
    pub maps: Vec<&'a ast::MapDecl>,
    pub groups: Vec<&'a ast::DirectionsDecl>,
    pub pieces: Vec<&'a ast::PieceDecl>,
    pub zones: Vec<&'a ast::ZoneDecl>,
    pub variables: Vec<&'a ast::VariableDecl>,
    pub defines: Vec<&'a ast::DefineDecl>,
    pub setup: Option<&'a ast::SetupDecl>,
    pub actions: Vec<&'a ast::ActionDecl>,
    pub capture: Option<&'a ast::CaptureDecl>,
    pub phases: Vec<&'a ast::PhaseDecl>,
    pub end: Option<&'a ast::EndDecl>,
    pub tracks: Vec<&'a ast::TrackDecl>,
}

/// The most of each kind of declaration a file may make (beyond the IR's own limits).
const MAX_OPTIONS: usize = 64;
const MAX_MAPS: usize = 64;
const MAX_ZONES: usize = 256;
const MAX_VARIABLES: usize = 1024;
const MAX_DEFINES: usize = 1024;
const MAX_ACTIONS: usize = 256;
const MAX_PHASES: usize = 64;
const MAX_GROUPS: usize = 64;
const MAX_TRACKS: usize = 64;

#[derive(Default)]
pub struct Names {
    values: HashMap<String, (Symbol, Span)>,
    actions: HashMap<String, (Symbol, Span)>,
    used: HashSet<Symbol>,
    /// Names declared a second time (and reported there): a use that expects the second
    /// declaration's kind is not reported again.
    redeclared: HashSet<String>,
    /// Built-in names (functions, context words) a declaration tried to take, refused there.
    taken_builtins: HashSet<String>,
}

impl Names {
    /// Whether `name` was declared twice, the second time refused with a diagnostic.
    pub fn redeclared(&self, name: &str) -> bool {
        self.redeclared.contains(name)
    }

    /// Whether a declaration tried to take this built-in name (and was refused with a
    /// diagnostic): its uses meant the declaration, so they are not checked as the built-in.
    pub fn builtin_taken(&self, name: &str) -> bool {
        self.taken_builtins.contains(name)
    }

    pub fn value(&self, name: &str) -> Option<Symbol> {
        self.values.get(name).map(|&(symbol, _)| symbol)
    }

    pub fn action(&self, name: &str) -> Option<ir::ActionId> {
        match self.actions.get(name) {
            Some(&(Symbol::Action(id), _)) => Some(id),
            _ => None,
        }
    }

    pub fn group(&self, name: &str) -> Option<usize> {
        match self.value(name) {
            Some(Symbol::Group(id)) => Some(id),
            _ => None,
        }
    }

    pub fn use_symbol(&mut self, symbol: Symbol) {
        self.used.insert(symbol);
    }

    pub fn is_used(&self, symbol: Symbol) -> bool {
        self.used.contains(&symbol)
    }

    /// The declared value names that satisfy `keep`, for suggestions.
    pub fn values_where(&self, keep: impl Fn(Symbol) -> bool) -> Vec<&str> {
        let mut names: Vec<&str> =
            self.values.iter().filter(|(_, (s, _))| keep(*s)).map(|(n, _)| n.as_str()).collect();
        names.sort_unstable();
        names
    }

    pub fn action_names(&self) -> Vec<&str> {
        self.actions.keys().map(String::as_str).collect()
    }

    /// Every declared value name with its place, for the checks that need the board.
    pub fn declared_values(&self) -> impl Iterator<Item = (&str, Span)> {
        self.values.iter().map(|(name, &(_, span))| (name.as_str(), span))
    }
}

/// Collects the declarations of a file, reporting duplicates, reserved names and excess counts.
pub fn collect<'a>(file: &'a RulesFile, diagnostics: &mut Vec<Diagnostic>) -> (Decls<'a>, Names) {
    let mut collector = Collector { decls: Decls::default(), names: Names::default(), diagnostics };
    for item in &file.items {
        collector.item(item);
    }
    (collector.decls, collector.names)
}

struct Collector<'a, 'd> {
    decls: Decls<'a>,
    names: Names,
    diagnostics: &'d mut Vec<Diagnostic>,
}

impl<'a> Collector<'a, '_> {
    fn item(&mut self, item: &'a Item) {
        match item {
            Item::Game(game) => {
                if self.single("game", self.decls.game.map(|g| g.span), game.span) {
                    self.decls.game = Some(game);
                }
            }
            Item::Option(decl) => {
                self.push(decl, &decl.name, MAX_OPTIONS, Symbol::Option, |d| &mut d.options)
            }
            Item::Seat(decl) => {
                self.push(decl, &decl.name, ir::MAX_SEATS, |i| Symbol::Seat(i as u8), |d| &mut d.seats)
            }
            Item::Team(decl) => {
                self.push(decl, &decl.name, ir::MAX_SEATS, |i| Symbol::Team(i as u8), |d| &mut d.teams)
            }
            Item::Board(decl) => {
                if self.single("board", self.decls.board.map(|b| b.span), decl.span) {
                    self.decls.board = Some(decl);
                }
            }
            Item::Map(decl) => {
                self.push(decl, &decl.name, MAX_MAPS, |i| Symbol::Map(i as u8), |d| &mut d.maps)
            }
            Item::Directions(decl) => {
                self.push(decl, &decl.name, MAX_GROUPS, Symbol::Group, |d| &mut d.groups)
            }
            Item::Piece(decl) => {
                let limit = ir::MAX_PIECE_TYPES;
                self.push(decl, &decl.name, limit, |i| Symbol::Piece(i as u8), |d| &mut d.pieces)
            }
            Item::Zone(decl) => {
                self.push(decl, &decl.name, MAX_ZONES, |i| Symbol::Zone(i as u16), |d| &mut d.zones)
            }
            Item::Variable(decl) => {
                let symbol = |i| Symbol::Variable(i as u16);
                self.push(decl, &decl.name, MAX_VARIABLES, symbol, |d| &mut d.variables)
            }
            Item::Define(decl) => {
                self.parameters(&decl.params);
                self.push(decl, &decl.name, MAX_DEFINES, Symbol::Define, |d| &mut d.defines)
            }
            Item::Setup(decl) => {
                if self.single("setup", self.decls.setup.map(|s| s.span), decl.span) {
                    self.decls.setup = Some(decl);
                }
            }
            Item::Action(decl) => {
                if self.action(&decl.name, self.decls.actions.len()) {
                    self.decls.actions.push(decl);
                }
            }
            Item::Capture(decl) => {
                if self.single("capture", self.decls.capture.map(|c| c.span), decl.span) {
                    self.decls.capture = Some(decl);
                }
            }
            Item::Phase(decl) => {
                self.push(decl, &decl.name, MAX_PHASES, |i| Symbol::Phase(i as u8), |d| &mut d.phases)
            }
            Item::End(decl) => {
                if self.single("end", self.decls.end.map(|e| e.span), decl.span) {
                    self.decls.end = Some(decl);
                }
            }
            Item::Track(decl) => {
                self.push(decl, &decl.name, MAX_TRACKS, |i| Symbol::Track(i as u8), |d| &mut d.tracks)
            }
        }
    }

    /// Declares a named value and keeps its declaration, unless it cannot be declared.
    fn push<T>(
        &mut self,
        decl: &'a T,
        name: &Ident,
        limit: usize,
        symbol: impl Fn(usize) -> Symbol,
        list: impl for<'x> Fn(&'x mut Decls<'a>) -> &'x mut Vec<&'a T>,
    ) {
        let count = list(&mut self.decls).len();
        if self.value(name, count, limit, symbol) {
            list(&mut self.decls).push(decl);
        }
    }

    /// An item written at most once (`board`, `setup`...): false for a repetition.
    fn single(&mut self, keyword: &str, first: Option<Span>, span: Span) -> bool {
        let Some(first) = first else { return true };
        self.diagnostics.push(
            Diagnostic::error(
                Code::DuplicateDefinition,
                format!("`{keyword}` is written twice"),
                span,
                "second one here",
            )
            .with_label(first, "first one here")
            .with_help(format!("a file has one `{keyword}`; merge them")),
        );
        false
    }

    /// Declares a value name with the id `count`; false (after a diagnostic) when it cannot be.
    fn value(&mut self, name: &Ident, count: usize, limit: usize, symbol: impl Fn(usize) -> Symbol) -> bool {
        let kind = symbol(0).kind_name();
        if !self.fresh(name, kind, Namespace::Values) || !self.within(name, count, limit, kind) {
            return false;
        }
        self.names.values.insert(name.name.clone(), (symbol(count), name.span));
        true
    }

    fn action(&mut self, name: &Ident, count: usize) -> bool {
        let ok =
            self.fresh(name, "action", Namespace::Actions) && self.within(name, count, MAX_ACTIONS, "action");
        if ok {
            self.names.actions.insert(name.name.clone(), (Symbol::Action(count as u16), name.span));
        }
        ok
    }

    fn parameters(&mut self, params: &[Ident]) {
        for (i, param) in params.iter().enumerate() {
            if let Some(first) = params.iter().take(i).find(|p| p.name == param.name) {
                self.diagnostics.push(duplicate(param, first.span, "parameter"));
            }
        }
    }

    /// Not yet declared in its namespace and not reserved.
    fn fresh(&mut self, name: &Ident, kind: &str, namespace: Namespace) -> bool {
        let table = match namespace {
            Namespace::Values => &self.names.values,
            Namespace::Actions => &self.names.actions,
        };
        if let Some(&(symbol, first)) = table.get(&name.name) {
            let mut diagnostic = duplicate(name, first, kind);
            if symbol.kind_name() != kind {
                diagnostic.help = Some(format!(
                    "a {} and a {kind} cannot share a name: seats, teams, piece types, zones, maps, \
                     variables, options, definitions, phases and direction groups are all names an \
                     expression can use on their own (`piece.owner == black`, `piece.type == king`), so \
                     one name must mean one thing; rename one of them",
                    symbol.kind_name()
                ));
            }
            self.diagnostics.push(diagnostic);
            self.names.redeclared.insert(name.name.clone());
            return false;
        }
        if namespace == Namespace::Values
            && let Some(why) = reserved(&name.name)
        {
            self.diagnostics.push(reserved_name(name, why));
            self.names.taken_builtins.insert(name.name.clone());
            return false;
        }
        true
    }

    fn within(&mut self, name: &Ident, count: usize, limit: usize, kind: &str) -> bool {
        if count < limit {
            return true;
        }
        self.diagnostics.push(Diagnostic::error(
            Code::LimitExceeded,
            format!("too many declarations of kind {kind}: at most {limit} are allowed"),
            name.span,
            "one too many",
        ));
        false
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Namespace {
    Values,
    Actions,
}

fn duplicate(name: &Ident, first: Span, kind: &str) -> Diagnostic {
    Diagnostic::error(
        Code::DuplicateDefinition,
        format!("`{}` is defined twice", name.name),
        name.span,
        format!("{kind} `{}` defined again here", name.name),
    )
    .with_label(first, "first defined here")
    .with_help("rename one of them")
}

/// Why a name cannot be declared, if it cannot.
fn reserved(name: &str) -> Option<&'static str> {
    if Word::named(name).is_some() {
        Some("a context word")
    } else if BUILTINS.contains(&name) {
        Some("a built-in function")
    } else {
        None
    }
}

/// An error about a name that is not one of `candidates` (`label` says what it is not), suggesting
/// the closest of them.
pub fn not_among<'c>(
    code: Code,
    message: String,
    name: &Ident,
    label: impl Into<String>,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Diagnostic {
    let mut diagnostic = Diagnostic::error(code, message, name.span, label);
    diagnostic.help = did_you_mean(&name.name, candidates);
    diagnostic
}

pub fn reserved_name(name: &Ident, why: &str) -> Diagnostic {
    Diagnostic::error(
        Code::ReservedName,
        format!("`{}` is {why} and cannot be declared", name.name),
        name.span,
        format!("`{}` is {why}", name.name),
    )
    .with_help("choose another name")
}
