//! Directions: the board's directions and groups, declared groups (`directions NAME = ...`, read
//! from each seat's side when declared `of each seat`) and seat-relative directions (`forward`),
//! which mean a different direction for every seat.

use ludex_diagnostics::{Code, Diagnostic};
use ludex_ir::{DirId, PerSeat};
use ludex_syntax::ast::{Ident, Span};

use super::index::Found;
use super::names::{Symbol, not_among};
use super::{Checker, Lazy};

/// A direction as written: the same for every seat, or read through the seat's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirRef {
    Absolute(DirId),
    /// The canonical direction (as an unturned seat sees it).
    Relative(DirId),
}

impl Checker<'_> {
    /// The directions a list of names means: directions, built-in or declared groups, relative
    /// directions.
    pub(super) fn direction_list(&mut self, idents: &[Ident]) -> Vec<DirRef> {
        let mut dirs = Vec::new();
        for ident in idents {
            if let Some(single) = self.single_direction(ident) {
                dirs.push(single);
            } else if let Some(group) = self.direction_group(ident) {
                dirs.extend(group);
            } else if ident.name == super::slides::WALKED_DIRECTION {
                dirs.extend(self.walked_direction(ident));
            } else {
                self.unknown_direction(ident);
            }
        }
        dirs
    }

    /// One direction, for a step of a leap path.
    pub(super) fn path_step(&mut self, ident: &Ident) -> Option<DirRef> {
        if let Some(single) = self.single_direction(ident) {
            return Some(single);
        }
        if self.direction_group(ident).is_some() {
            self.report(
                Diagnostic::error(
                    Code::UnknownDirection,
                    format!("`{}` is a group of directions, not one direction", ident.name),
                    ident.span,
                    "a leap path is made of single directions",
                )
                .with_help("write one path per direction: `leap n+n, e+e`"),
            );
        } else {
            self.unknown_direction(ident);
        }
        None
    }

    /// A direction of the board or a relative direction; `None` for anything else.
    fn single_direction(&mut self, ident: &Ident) -> Option<DirRef> {
        let board = self.game.board.as_ref()?;
        let name = ident.name.as_str();
        let single = match board.direction_named(name) {
            Some(d) => DirRef::Absolute(d),
            None => {
                let (_, canonical) = board.relative_directions().iter().find(|(r, _)| *r == name)?;
                DirRef::Relative(board.direction_named(canonical)?)
            }
        };
        self.findings.index.used(ident.span, Found::Direction);
        Some(single)
    }

    /// The members of a built-in or declared group; `None` when `ident` names no group.
    fn direction_group(&mut self, ident: &Ident) -> Option<Vec<DirRef>> {
        let board = self.game.board.as_ref()?;
        if let Some(dirs) = board.group_named(&ident.name) {
            let dirs = dirs.iter().map(|&d| DirRef::Absolute(d)).collect();
            self.findings.index.used(ident.span, Found::Direction);
            return Some(dirs);
        }
        let group = self.names.group(&ident.name)?;
        self.use_at(Symbol::Group(group), ident.span);
        Some(self.declared_group(group, ident.span))
    }

    /// A declared group, resolved on first use.
    fn declared_group(&mut self, group: usize, used_at: Span) -> Vec<DirRef> {
        let Some(slot) = self.on_first_use.groups.get_mut(group) else { return Vec::new() };
        let visit = slot.visit(Vec::clone);
        let Some(&decl) = self.decls.groups.get(group) else { return Vec::new() };
        let cycle = || format!("direction group `{}` contains itself", decl.name.name);
        if let Some(dirs) = self.answer_now(visit, Vec::new(), &decl.name, used_at, cycle) {
            return dirs;
        }
        let mut dirs = self.direction_list(&decl.members);
        if decl.per_seat.is_some() {
            // Read from each seat's side: what is written is what an unturned seat means.
            for d in &mut dirs {
                if let DirRef::Absolute(canonical) = *d {
                    *d = DirRef::Relative(canonical);
                }
            }
        }
        if let Some(slot) = self.on_first_use.groups.get_mut(group) {
            *slot = Lazy::Done(dirs.clone());
        }
        dirs
    }

    /// Resolves every declared group, so that unused ones are checked too.
    pub(super) fn all_groups(&mut self) {
        let spans: Vec<Span> = self.decls.groups.iter().map(|g| g.name.span).collect();
        for (group, span) in spans.into_iter().enumerate() {
            self.declared_group(group, span);
        }
    }

    fn unknown_direction(&mut self, ident: &Ident) {
        let Some(board) = &self.game.board else { return };
        let candidates = board
            .directions
            .iter()
            .map(|d| d.name.as_str())
            .chain(board.groups.iter().map(|(n, _)| n.as_str()))
            .chain(board.relative_directions().iter().map(|(r, _)| *r))
            .chain(self.names.values_where(|s| matches!(s, Symbol::Group(_))));
        let candidates: Vec<&str> = candidates.collect();
        let message = format!("unknown direction `{}`", ident.name);
        let label = "not a direction of this board";
        let mut diagnostic =
            not_among(Code::UnknownDirection, message, ident, label, candidates.iter().copied());
        if let Some(short) =
            compass_abbreviation(&ident.name).filter(|short| candidates.contains(&short.as_str()))
        {
            diagnostic.help = Some(format!("compass directions are abbreviated: write `{short}`"));
        }
        self.report(diagnostic);
    }

    /// What each seat means by the directions.
    pub(super) fn per_seat(&self, dirs: &[DirRef]) -> PerSeat<Vec<DirId>> {
        (0..self.game.seats.len())
            .map(|seat| {
                let mut out: Vec<DirId> = Vec::new();
                for &d in dirs {
                    let d = self.seat_direction(seat, d);
                    if !out.contains(&d) {
                        out.push(d);
                    }
                }
                out
            })
            .collect()
    }

    /// What a seat means by a leap path.
    pub(super) fn seat_path(&self, seat: usize, path: &[DirRef]) -> Vec<DirId> {
        path.iter().map(|&d| self.seat_direction(seat, d)).collect()
    }

    fn seat_direction(&self, seat: usize, d: DirRef) -> DirId {
        match d {
            DirRef::Absolute(d) => d,
            DirRef::Relative(d) => self
                .game
                .board
                .as_ref()
                .zip(self.game.seats.get(seat))
                .and_then(|(board, seat)| board.symmetries.get(seat.view))
                .and_then(|symmetry| symmetry.directions.get(d as usize).copied())
                .unwrap_or(d),
        }
    }
}

/// The abbreviation of a compass direction spelled out (`north_west`, `NorthWest`, `north-east`
/// → `nw`, `ne`), or `None` when `name` is not made of compass words.
fn compass_abbreviation(name: &str) -> Option<String> {
    let mut rest = name.to_ascii_lowercase().replace(['_', '-'], "");
    let mut short = String::new();
    while !rest.is_empty() {
        let (word, letter) = [("north", 'n'), ("south", 's'), ("east", 'e'), ("west", 'w')]
            .into_iter()
            .find(|(word, _)| rest.starts_with(word))?;
        short.push(letter);
        rest = rest.split_off(word.len());
    }
    (!short.is_empty()).then_some(short)
}
