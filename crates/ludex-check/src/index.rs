//! The symbol index: every declared name (what it is, where it is declared) and every name the
//! checker resolved, recorded at the moment it resolves it. An editor's hover, navigation, rename
//! and highlighting read this index, so they cannot disagree with the checker about what a name
//! means.

use std::collections::HashMap;

use ludex_diagnostics::Span;
use ludex_ir::{AttrId, Board};
use ludex_syntax::ast::Ident;
use serde::Serialize;

use super::names::{Decls, Symbol};

/// What a declared name is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum SymbolKind {
    /// An `option`.
    Option,
    /// A `seat`.
    Seat,
    /// A `team`.
    Team,
    /// A `map`.
    Map,
    /// A `directions` group.
    DirectionGroup,
    /// A `piece` type.
    Piece,
    /// A piece attribute: one name, declared by every piece type that has it.
    Attribute,
    /// A `zone`.
    Zone,
    /// A `variable`.
    Variable,
    /// A `define`.
    Definition,
    /// A definition's parameter.
    Parameter,
    /// An `action`.
    Action,
    /// The name a `choose` clause binds.
    Choice,
    /// A `phase`.
    Phase,
}

impl SymbolKind {
    /// "piece type", "direction group"...: for messages and hovers.
    pub fn describe(self) -> &'static str {
        match self {
            SymbolKind::Option => "option",
            SymbolKind::Seat => "seat",
            SymbolKind::Team => "team",
            SymbolKind::Map => "map",
            SymbolKind::DirectionGroup => "direction group",
            SymbolKind::Piece => "piece type",
            SymbolKind::Attribute => "attribute",
            SymbolKind::Zone => "zone",
            SymbolKind::Variable => "variable",
            SymbolKind::Definition => "definition",
            SymbolKind::Parameter => "parameter",
            SymbolKind::Action => "action",
            SymbolKind::Choice => "choice",
            SymbolKind::Phase => "phase",
        }
    }
}

/// A declared name.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Declared {
    /// The name as written.
    pub name: String,
    /// What kind of declaration it is.
    pub kind: SymbolKind,
    /// Where the name is written where it is declared, the main declaration first (an attribute
    /// is declared in every piece type that has it).
    pub declarations: Vec<Span>,
    /// The whole first declaration: the item, the clause, or the parameter.
    pub item: Span,
    /// The declared name this one belongs to: a parameter's definition, a choice's action.
    pub container: Option<usize>,
}

/// What a resolved name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Meaning {
    /// A declared name: its index in [`SymbolIndex::symbols`].
    Declared(usize),
    /// A context word: `mover`, `to`, `it`...
    ContextWord,
    /// A built-in function or collection: `count`, `pieces`, `seats`...
    Builtin,
    /// A cell of the board: `e4`.
    Cell,
    /// A direction or direction group of the board, or a seat-relative direction: `n`,
    /// `diagonal`, `forward`.
    Direction,
}

/// Whether a name is written where it is declared or where it is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Role {
    /// Where the name is declared.
    Declaration,
    /// Where the declared or built-in name is used.
    Use,
}

/// A name written in the rules and what it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Reference {
    /// Where the name is written.
    pub span: Span,
    /// What it stands for.
    pub meaning: Meaning,
    /// Whether it is declared or used there.
    pub role: Role,
}

/// Every declared name of a file and every name the checker resolved in it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SymbolIndex {
    /// In the order of the checker's kinds of declaration (options, seats, teams, maps, direction
    /// groups, pieces, attributes, zones, variables, definitions and their parameters, actions and
    /// their choices, phases), each kind in the order of the file.
    pub symbols: Vec<Declared>,
    /// Declarations and uses, in the order of the text, each place once.
    pub references: Vec<Reference>,
    /// The board's directions, its direction groups and the seat-relative directions, which lists
    /// of directions may use besides the declared groups (none without a board).
    pub directions: Vec<String>,
}

impl SymbolIndex {
    /// The name written at a byte offset (its end included, where an editor's cursor often is).
    pub fn at(&self, offset: usize) -> Option<&Reference> {
        let after = self.references.partition_point(|r| r.span.end < offset);
        self.references
            .get(after..)?
            .iter()
            .take_while(|r| r.span.start <= offset)
            .find(|r| r.span.start <= offset && offset <= r.span.end)
    }

    /// Every place a declared name is written: its declarations and its uses, in text order.
    pub fn occurrences(&self, symbol: usize) -> impl Iterator<Item = &Reference> {
        self.references.iter().filter(move |r| r.meaning == Meaning::Declared(symbol))
    }
}

/// What the checker resolved a name to, before declarations have their index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Found {
    Symbol(Symbol),
    Attribute(AttrId),
    /// The parameter of a definition, by position.
    Parameter {
        define: usize,
        position: usize,
    },
    /// A choice, by where its name is declared.
    Choice(Span),
    ContextWord,
    Builtin,
    Cell,
    Direction,
}

/// Collects what the checker resolves while it runs.
#[derive(Default)]
pub(crate) struct IndexBuilder {
    uses: Vec<(Span, Found)>,
    /// Each attribute slot's declarations: the name and the whole clause.
    attributes: Vec<(AttrId, Ident, Span)>,
    /// Each choice's name and its whole clause.
    choices: Vec<(Span, Span, String)>,
}

impl IndexBuilder {
    pub fn used(&mut self, span: Span, found: Found) {
        self.uses.push((span, found));
    }

    /// How many uses are recorded, to forget those recorded after (see `forget_since`).
    pub fn mark(&self) -> usize {
        self.uses.len()
    }

    /// Forgets the uses recorded since `mark`.
    pub fn forget_since(&mut self, mark: usize) {
        self.uses.truncate(mark);
    }

    pub fn attribute_declared(&mut self, slot: AttrId, name: &Ident, clause: Span) {
        self.attributes.push((slot, name.clone(), clause));
    }

    pub fn choice_declared(&mut self, name: &Ident, clause: Span) {
        if !self.choices.iter().any(|(span, _, _)| *span == name.span) {
            self.choices.push((name.span, clause, name.name.clone()));
        }
    }

    /// The index, with the declarations numbered in the order of [`SymbolIndex::symbols`].
    pub fn finish(self, decls: &Decls<'_>, board: Option<&Board>) -> SymbolIndex {
        let mut table = Table::default();
        table.declare_named(decls);
        table.declare_attributes(&self.attributes);
        table.declare_zones_to_definitions(decls);
        table.declare_actions(decls, &self.choices);
        for (i, phase) in decls.phases.iter().enumerate() {
            table.declare(Found::Symbol(Symbol::Phase(i as u8)), &phase.name, SymbolKind::Phase, phase.span);
        }
        let mut index = table.resolve(self.uses);
        if let Some(board) = board {
            let directions = board.directions.iter().map(|d| d.name.clone());
            let groups = board.groups.iter().map(|(name, _)| name.clone());
            let relative = board.relative_directions().iter().map(|(name, _)| name.to_string());
            index.directions = directions.chain(groups).chain(relative).collect();
        }
        index
    }
}

/// The symbols being numbered, and which found name each stands for.
#[derive(Default)]
struct Table {
    symbols: Vec<Declared>,
    ids: HashMap<Found, usize>,
}

impl Table {
    fn declare(&mut self, found: Found, name: &Ident, kind: SymbolKind, item: Span) -> usize {
        self.declare_in(found, name, kind, item, None)
    }

    fn declare_in(
        &mut self,
        found: Found,
        name: &Ident,
        kind: SymbolKind,
        item: Span,
        container: Option<usize>,
    ) -> usize {
        let id = self.symbols.len();
        self.symbols.push(Declared {
            name: name.name.clone(),
            kind,
            declarations: vec![name.span],
            item,
            container,
        });
        self.ids.insert(found, id);
        id
    }

    fn declare_named(&mut self, decls: &Decls<'_>) {
        for (i, d) in decls.options.iter().enumerate() {
            self.declare(Found::Symbol(Symbol::Option(i)), &d.name, SymbolKind::Option, d.span);
        }
        for (i, d) in decls.seats.iter().enumerate() {
            self.declare(Found::Symbol(Symbol::Seat(i as u8)), &d.name, SymbolKind::Seat, d.span);
        }
        for (i, d) in decls.teams.iter().enumerate() {
            self.declare(Found::Symbol(Symbol::Team(i as u8)), &d.name, SymbolKind::Team, d.span);
        }
        for (i, d) in decls.maps.iter().enumerate() {
            self.declare(Found::Symbol(Symbol::Map(i as u8)), &d.name, SymbolKind::Map, d.span);
        }
        for (i, d) in decls.groups.iter().enumerate() {
            self.declare(Found::Symbol(Symbol::Group(i)), &d.name, SymbolKind::DirectionGroup, d.span);
        }
        for (i, d) in decls.pieces.iter().enumerate() {
            self.declare(Found::Symbol(Symbol::Piece(i as u8)), &d.name, SymbolKind::Piece, d.span);
        }
    }

    /// One symbol an attribute slot, declared wherever a piece type lists it.
    fn declare_attributes(&mut self, attributes: &[(AttrId, Ident, Span)]) {
        let mut slots: Vec<AttrId> = attributes.iter().map(|(slot, _, _)| *slot).collect();
        slots.sort_unstable();
        slots.dedup();
        for slot in slots {
            let mut declared = attributes.iter().filter(|(s, _, _)| *s == slot);
            let Some((_, name, clause)) = declared.next() else { continue };
            let id = self.declare(Found::Attribute(slot), name, SymbolKind::Attribute, *clause);
            if let Some(symbol) = self.symbols.get_mut(id) {
                symbol.declarations.extend(declared.map(|(_, other, _)| other.span));
            }
        }
    }

    fn declare_zones_to_definitions(&mut self, decls: &Decls<'_>) {
        for (i, d) in decls.zones.iter().enumerate() {
            self.declare(Found::Symbol(Symbol::Zone(i as u16)), &d.name, SymbolKind::Zone, d.span);
        }
        for (i, d) in decls.variables.iter().enumerate() {
            self.declare(Found::Symbol(Symbol::Variable(i as u16)), &d.name, SymbolKind::Variable, d.span);
        }
        for (i, d) in decls.defines.iter().enumerate() {
            let define =
                self.declare(Found::Symbol(Symbol::Define(i)), &d.name, SymbolKind::Definition, d.span);
            for (position, param) in d.params.iter().enumerate() {
                // A repeated parameter is an error; uses resolve to the first of the name.
                if d.params.iter().take(position).any(|p| p.name == param.name) {
                    continue;
                }
                let found = Found::Parameter { define: i, position };
                self.declare_in(found, param, SymbolKind::Parameter, param.span, Some(define));
            }
        }
    }

    fn declare_actions(&mut self, decls: &Decls<'_>, choices: &[(Span, Span, String)]) {
        for (i, d) in decls.actions.iter().enumerate() {
            let action =
                self.declare(Found::Symbol(Symbol::Action(i as u16)), &d.name, SymbolKind::Action, d.span);
            let within = |span: Span| d.span.start <= span.start && span.end <= d.span.end;
            for (name, clause, text) in choices.iter().filter(|(name, _, _)| within(*name)) {
                let ident = Ident { name: text.clone(), span: *name };
                self.declare_in(Found::Choice(*name), &ident, SymbolKind::Choice, *clause, Some(action));
            }
        }
    }

    /// The index: declarations and uses with their meaning, in text order, each place once.
    fn resolve(self, uses: Vec<(Span, Found)>) -> SymbolIndex {
        let mut references: Vec<Reference> = Vec::new();
        for (id, symbol) in self.symbols.iter().enumerate() {
            references.extend(symbol.declarations.iter().map(|&span| Reference {
                span,
                meaning: Meaning::Declared(id),
                role: Role::Declaration,
            }));
        }
        for (span, found) in uses {
            let meaning = match found {
                Found::ContextWord => Meaning::ContextWord,
                Found::Builtin => Meaning::Builtin,
                Found::Cell => Meaning::Cell,
                Found::Direction => Meaning::Direction,
                Found::Symbol(_) | Found::Attribute(_) | Found::Parameter { .. } | Found::Choice(_) => {
                    match self.ids.get(&found) {
                        Some(&id) => Meaning::Declared(id),
                        None => continue,
                    }
                }
            };
            references.push(Reference { span, meaning, role: Role::Use });
        }
        references.sort_by_key(|r| (r.span.start, r.span.end, r.role == Role::Use));
        // A definition's body is checked at every use: its names once.
        references.dedup_by_key(|r| r.span);
        SymbolIndex { symbols: self.symbols, references, directions: Vec::new() }
    }
}

impl super::Checker<'_> {
    /// Marks a declaration as used (for the `unused-*` warnings) and records the name using it.
    pub(super) fn use_at(&mut self, symbol: Symbol, span: Span) {
        self.names.use_symbol(symbol);
        self.findings.index.used(span, Found::Symbol(symbol));
    }
}
