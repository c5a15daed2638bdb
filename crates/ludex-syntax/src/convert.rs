//! From the parse tree of one item to its [`crate::ast`] node, with the span of every node.
//! Clauses a block may hold once (a piece's `letter`, a turn's `after`, ...) are reported when
//! repeated; the item is kept with the first.

use pest::iterators::Pair;

use super::Rule;
use super::expr::{MAX_EXPR_DEPTH, expr};
use super::tree::{Children, Converted, ident, ident_list, int, malformed, span_of, string};
use crate::ast::*;
use ludex_diagnostics::{Code, Diagnostic};

/// Converts an item pair. Fatal problems (a number too large, nesting too deep) drop the item;
/// repeated clauses are pushed to `diagnostics` and the item is kept.
pub(super) fn item(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Converted<Item> {
    let mut once = Once { diagnostics, seen: Vec::new() };
    Ok(match pair.as_rule() {
        Rule::game_decl => Item::Game(string(&Children::of(pair).expect(Rule::string)?)),
        Rule::option_decl => Item::Option(option_decl(pair)?),
        Rule::seat_decl => Item::Seat(seat_decl(pair, &mut once)?),
        Rule::team_decl => Item::Team(team_decl(pair)?),
        Rule::board_decl => Item::Board(board_decl(pair)?),
        Rule::map_decl => Item::Map(map_decl(pair)?),
        Rule::directions_decl => Item::Directions(directions_decl(pair)?),
        Rule::piece_decl => Item::Piece(piece_decl(pair, &mut once)?),
        Rule::zone_decl => Item::Zone(zone_decl(pair)?),
        Rule::variable_decl => Item::Variable(variable_decl(pair)?),
        Rule::define_decl => Item::Define(define_decl(pair)?),
        Rule::setup_decl => Item::Setup(setup_decl(pair)?),
        Rule::action_decl => Item::Action(action_decl(pair)?),
        Rule::capture_decl => Item::Capture(capture_decl(pair, &mut once)?),
        Rule::phase_decl => Item::Phase(phase_decl(pair, &mut once)?),
        Rule::end_decl => Item::End(end_decl(pair, &mut once)?),
        Rule::track_decl => Item::Track(track_decl(pair)?),
        _ => return Err(malformed(span_of(&pair))),
    })
}

/// The clauses seen so far in one item, to report those given twice.
struct Once<'d> {
    diagnostics: &'d mut Vec<Diagnostic>,
    seen: Vec<(&'static str, Span)>,
}

impl Once<'_> {
    /// Stores `value` in `slot`, or reports the clause as repeated when the slot is taken.
    fn set<T>(&mut self, slot: &mut Option<T>, value: T, clause: &'static str, span: Span) {
        match slot {
            None => {
                self.seen.push((clause, span));
                *slot = Some(value);
            }
            Some(_) => {
                let first = self.seen.iter().rev().find(|(c, _)| *c == clause).map(|&(_, s)| s);
                let mut diagnostic = Diagnostic::error(
                    Code::DuplicateClause,
                    format!("`{clause}` is given twice"),
                    span,
                    format!("`{clause}` again"),
                )
                .with_help(format!("keep one `{clause}`"));
                if let Some(first) = first {
                    diagnostic = diagnostic.with_label(first, "first given here");
                }
                self.diagnostics.push(diagnostic);
            }
        }
    }
}

// ---- game, options, seats, board ---------------------------------------------------------------

fn option_decl(pair: Pair<'_, Rule>) -> Converted<OptionDecl> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    Ok(OptionDecl {
        name: children.ident()?,
        default: children.number()?,
        min: children.number()?,
        max: children.number()?,
        span,
    })
}

fn seat_decl(pair: Pair<'_, Rule>, once: &mut Once) -> Converted<SeatDecl> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let mut seat = SeatDecl { name: children.ident()?, turned: None, mirrored: None, condition: None, span };
    for view in children {
        let view_span = span_of(&view);
        match view.as_rule() {
            Rule::turned => once.set(&mut seat.turned, Children::of(view).int()?, "turned", view_span),
            Rule::mirrored => once.set(&mut seat.mirrored, view_span, "mirrored", view_span),
            Rule::seat_condition => seat.condition = Some(single_expr(view)?),
            _ => return Err(malformed(view_span)),
        }
    }
    Ok(seat)
}

fn team_decl(pair: Pair<'_, Rule>) -> Converted<TeamDecl> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let name = children.ident()?;
    let seats = ident_list(children.expect(Rule::ident_list)?)?;
    let condition = match children.next_if(Rule::seat_condition) {
        Some(condition) => Some(single_expr(condition)?),
        None => None,
    };
    Ok(TeamDecl { name, seats, condition, span })
}

fn board_decl(pair: Pair<'_, Rule>) -> Converted<BoardDecl> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let shape = children.required()?;
    let shape = match shape.as_rule() {
        Rule::square_board => {
            let mut sizes = Children::of(shape);
            BoardShape::Square { width: sizes.int()?, height: sizes.int()? }
        }
        Rule::hex_board => BoardShape::Hex { side: Children::of(shape).int()? },
        Rule::rhombus_board => {
            let mut sizes = Children::of(shape);
            BoardShape::Rhombus { width: sizes.int()?, height: sizes.int()? }
        }
        _ => return Err(malformed(span_of(&shape))),
    };
    let without = match children.next_if(Rule::without) {
        Some(without) => Some(region(Children::of(without).expect(Rule::region)?)?),
        None => None,
    };
    let joining = match children.next_if(Rule::joining) {
        Some(joining) => {
            Children::of(joining).map(|path| Children::of(path).map(|cell| ident(&cell)).collect()).collect()
        }
        None => Vec::new(),
    };
    let stacks = children.next_if(Rule::stacks).map(|s| span_of(&s));
    Ok(BoardDecl { shape, without, joining, stacks, span })
}

fn map_decl(pair: Pair<'_, Rule>) -> Converted<MapDecl> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    Ok(MapDecl { name: children.ident()?, grid: grid(children.expect(Rule::grid)?)?, span })
}

fn grid(pair: Pair<'_, Rule>) -> Converted<Grid> {
    let span = span_of(&pair);
    let rows = Children::of(pair).map(grid_row).collect::<Converted<_>>()?;
    Ok(Grid { rows, span })
}

fn grid_row(pair: Pair<'_, Rule>) -> Converted<Spanned<Vec<Spanned<Option<i64>>>>> {
    let span = span_of(&pair);
    let values = Children::of(pair).map(|value| grid_value(&value)).collect::<Converted<_>>()?;
    Ok(Spanned::new(values, span))
}

/// An integer, or `.` for no value.
fn grid_value(pair: &Pair<'_, Rule>) -> Converted<Spanned<Option<i64>>> {
    let span = span_of(pair);
    let value = match pair.as_str() {
        "." => None,
        text => Some(super::tree::number(text, span)?),
    };
    Ok(Spanned::new(value, span))
}

fn directions_decl(pair: Pair<'_, Rule>) -> Converted<DirectionsDecl> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    Ok(DirectionsDecl {
        name: children.ident()?,
        per_seat: children.next_if(Rule::per_seat).map(|p| span_of(&p)),
        members: ident_list(children.expect(Rule::ident_list)?)?,
        span,
    })
}

// ---- pieces --------------------------------------------------------------------------------------

fn piece_decl(pair: Pair<'_, Rule>, once: &mut Once) -> Converted<PieceDecl> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let mut piece = PieceDecl {
        name: children.ident()?,
        letter: None,
        attributes: Vec::new(),
        value: None,
        captured_as: None,
        span,
    };
    for clause in children {
        let clause_span = span_of(&clause);
        match clause.as_rule() {
            Rule::letter_clause => once.set(&mut piece.letter, letter(clause)?, "letter", clause_span),
            Rule::attribute_clause => piece.attributes.push(attribute(clause)?),
            Rule::value_clause => {
                let value = expr(Children::of(clause).expect(Rule::expr)?)?;
                once.set(&mut piece.value, value, "value", clause_span);
            }
            Rule::captured_clause => {
                let kind = Children::of(clause).ident()?;
                once.set(&mut piece.captured_as, kind, "captured as", clause_span);
            }
            _ => return Err(malformed(clause_span)),
        }
    }
    Ok(piece)
}

fn letter(pair: Pair<'_, Rule>) -> Converted<Spanned<char>> {
    let letter = Children::of(pair).expect(Rule::letter)?;
    let span = span_of(&letter);
    let c = letter.as_str().chars().next().ok_or_else(|| malformed(span))?;
    Ok(Spanned::new(c, span))
}

fn attribute(pair: Pair<'_, Rule>) -> Converted<AttributeDecl> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    Ok(AttributeDecl { name: children.ident()?, min: children.int()?, max: children.int()?, span })
}

// ---- zones and regions ---------------------------------------------------------------------------

fn zone_decl(pair: Pair<'_, Rule>) -> Converted<ZoneDecl> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let name = children.ident()?;
    let per_seat = children.next_if(Rule::per_seat).map(|p| span_of(&p));
    Ok(ZoneDecl { name, per_seat, region: region(children.expect(Rule::region)?)?, span })
}

pub(super) fn region(pair: Pair<'_, Rule>) -> Converted<Region> {
    region_with_depth(pair).map(|(region, _)| region)
}

/// A region and the depth of its tree: `a + b - c` is read from the left.
fn region_with_depth(pair: Pair<'_, Rule>) -> Converted<(Region, usize)> {
    let mut children = Children::of(pair);
    let (mut region, mut depth) = region_term(children.required()?)?;
    while let Some(op) = children.next_if(Rule::region_op) {
        let (right, right_depth) = region_term(children.required()?)?;
        depth = depth.max(right_depth).saturating_add(1);
        if depth > MAX_EXPR_DEPTH {
            return Err(Box::new(
                Diagnostic::error(
                    Code::TooDeeplyNested,
                    "this region is nested too deeply",
                    span_of(&op),
                    format!("more than {MAX_EXPR_DEPTH} levels deep here"),
                )
                .with_help("split it into several zones"),
            ));
        }
        region = match op.as_str() {
            "+" => Region::Union(Box::new(region), Box::new(right)),
            _ => Region::Difference(Box::new(region), Box::new(right)),
        };
    }
    Ok((region, depth))
}

fn region_term(pair: Pair<'_, Rule>) -> Converted<(Region, usize)> {
    let span = span_of(&pair);
    let rule = pair.as_rule();
    let mut children = Children::of(pair);
    let region = match rule {
        Rule::rows_region => {
            let from = children.int()?;
            let to = children.next_if(Rule::int).map_or_else(|| Ok(from.clone()), |p| int(&p))?;
            Region::Rows { from, to, span }
        }
        Rule::files_region => {
            let from = children.ident()?;
            let to = children.next_if(Rule::ident).map_or_else(|| from.clone(), |p| ident(&p));
            Region::Files { from, to, span }
        }
        Rule::cells_region => Region::Cells { cells: children.map(|p| ident(&p)).collect(), span },
        Rule::where_region => {
            Region::Where { condition: Box::new(expr(children.expect(Rule::expr)?)?), span }
        }
        Rule::board_region => Region::Board { span },
        Rule::zone_region => Region::Zone(children.ident()?),
        Rule::paren_region => return region_with_depth(children.expect(Rule::region)?),
        _ => return Err(malformed(span)),
    };
    Ok((region, 1))
}

// ---- variables and definitions -------------------------------------------------------------------

fn variable_decl(pair: Pair<'_, Rule>) -> Converted<VariableDecl> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let name = children.ident()?;
    let per_seat = children.next_if(Rule::per_seat).map(|p| span_of(&p));
    let ty = children.next_if(Rule::type_name).map(|p| type_name(&p)).transpose()?;
    let init = expr(children.expect(Rule::expr)?)?;
    let untracked = children.next_if(Rule::untracked).map(|p| span_of(&p));
    Ok(VariableDecl { name, per_seat, ty, init, untracked, span })
}

fn type_name(pair: &Pair<'_, Rule>) -> Converted<Spanned<TypeName>> {
    let ty = match pair.as_str() {
        "int" => TypeName::Int,
        "bool" => TypeName::Bool,
        "cell" => TypeName::Cell,
        "seat" => TypeName::Seat,
        "piece" => TypeName::Piece,
        _ => return Err(malformed(span_of(pair))),
    };
    Ok(Spanned::new(ty, span_of(pair)))
}

fn define_decl(pair: Pair<'_, Rule>) -> Converted<DefineDecl> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let name = children.ident()?;
    let params = match children.next_if(Rule::params) {
        Some(params) => Children::of(params).map(|p| ident(&p)).collect(),
        None => Vec::new(),
    };
    Ok(DefineDecl { name, params, body: expr(children.expect(Rule::expr)?)?, span })
}

// ---- setup -----------------------------------------------------------------------------------------

fn setup_decl(pair: Pair<'_, Rule>) -> Converted<SetupDecl> {
    let span = span_of(&pair);
    let statements = Children::of(pair).map(setup_statement).collect::<Converted<_>>()?;
    Ok(SetupDecl { statements, span })
}

fn setup_statement(pair: Pair<'_, Rule>) -> Converted<SetupStatement> {
    let span = span_of(&pair);
    match pair.as_rule() {
        Rule::place_stmt => {
            let mut children = Children::of(pair);
            let piece = children.ident()?;
            let count = children.next_if(Rule::int).map(|n| int(&n)).transpose()?;
            let owner = owner(children.expect(Rule::owner)?)?;
            let region = region(children.expect(Rule::region)?)?;
            let with = with_clause(children.next_if(Rule::with_clause))?;
            Ok(SetupStatement::Place { piece, count, owner, region, with, span })
        }
        Rule::reserve_stmt => {
            let mut entries = Vec::new();
            for child in Children::of(pair) {
                match child.as_rule() {
                    Rule::reserve_entry => {
                        let mut entry = Children::of(child);
                        entries.push((entry.ident()?, entry.int()?));
                    }
                    Rule::owner => {
                        return Ok(SetupStatement::Reserve { entries, owner: owner(child)?, span });
                    }
                    _ => return Err(malformed(span_of(&child))),
                }
            }
            Err(malformed(span))
        }
        _ => effect(pair).map(SetupStatement::Effect),
    }
}

fn owner(pair: Pair<'_, Rule>) -> Converted<Owner> {
    let whose = Children::of(pair).required()?;
    let span = span_of(&whose);
    match whose.as_rule() {
        Rule::each_seat => Ok(Owner::EachSeat(span)),
        Rule::ident => Ok(Owner::Seat(ident(&whose))),
        Rule::neutral => Ok(Owner::Neutral(span)),
        _ => Err(malformed(span)),
    }
}

/// `with a = 1, b = roll d6`, or nothing.
fn with_clause(pair: Option<Pair<'_, Rule>>) -> Converted<Vec<Assignment>> {
    let Some(pair) = pair else { return Ok(Vec::new()) };
    Children::of(pair)
        .map(|assignment| {
            let span = span_of(&assignment);
            let mut children = Children::of(assignment);
            Ok(Assignment { name: children.ident()?, value: expr(children.expect(Rule::expr)?)?, span })
        })
        .collect()
}

// ---- actions ---------------------------------------------------------------------------------------

fn action_decl(pair: Pair<'_, Rule>) -> Converted<ActionDecl> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let name = children.ident()?;
    let pieces = match children.next_if(Rule::ident_list) {
        Some(list) => ident_list(list)?,
        None => Vec::new(),
    };
    let clauses = children.map(action_clause).collect::<Converted<_>>()?;
    Ok(ActionDecl { name, pieces, clauses, span })
}

fn action_clause(pair: Pair<'_, Rule>) -> Converted<ActionClause> {
    let span = span_of(&pair);
    let rule = pair.as_rule();
    let mut children = Children::of(pair);
    Ok(match rule {
        Rule::step_pattern => ActionClause::Step { directions: ident_list(children.required()?)?, span },
        Rule::slide_pattern => {
            let directions = ident_list(children.expect(Rule::ident_list)?)?;
            let length = children.next().map(walk_length).transpose()?;
            ActionClause::Slide { directions, length, span }
        }
        Rule::leap_pattern => {
            let paths = children.map(|path| Children::of(path).map(|p| ident(&p)).collect()).collect();
            ActionClause::Leap { paths, span }
        }
        Rule::walk_pattern => {
            let directions = ident_list(children.expect(Rule::ident_list)?)?;
            let length = children.next().map(walk_length).transpose()?;
            ActionClause::Walk { directions, length, span }
        }
        Rule::drop_clause => {
            let supply = match children.expect(Rule::drop_word)?.as_str() {
                "place" => Supply::Unlimited,
                _ => Supply::Reserve,
            };
            let pieces = ident_list(children.expect(Rule::ident_list)?)?;
            let region = region(children.expect(Rule::region)?)?;
            let with = with_clause(children.next_if(Rule::with_clause))?;
            ActionClause::Drop { pieces, region, with, span, supply }
        }
        Rule::choose_clause => {
            let name = children.ident()?;
            let from = expr(children.expect(Rule::expr)?)?;
            let to = expr(children.expect(Rule::expr)?)?;
            ActionClause::Choose { name, from, to, span }
        }
        Rule::declare_clause => ActionClause::Declare { span },
        Rule::when_clause => ActionClause::When(expr(children.expect(Rule::expr)?)?),
        Rule::to_clause => ActionClause::To(Spanned::new(destination(children, span)?, span)),
        Rule::where_clause => ActionClause::Where(expr(children.expect(Rule::expr)?)?),
        Rule::then_clause => ActionClause::Then(effect_block(children.expect(Rule::effect_block)?)?),
        Rule::step_condition => ActionClause::StepCondition(expr(children.expect(Rule::expr)?)?),
        Rule::paying_clause => {
            let amount = expr(children.expect(Rule::expr)?)?;
            let attribute = children.next_if(Rule::ident).map(|name| ident(&name));
            ActionClause::Paying { amount, attribute, span }
        }
        Rule::push_clause => push_clause(children.next_if(Rule::push_block), span)?,
        Rule::exit_clause => {
            ActionClause::Exit(Spanned::new(capture_destination(children.expect(Rule::capture_dest)?)?, span))
        }
        Rule::revisit_clause => ActionClause::Revisit { span },
        Rule::promote_clause => {
            let place = match children.next_if(Rule::promote_if) {
                Some(condition) => PromotionPlace::If(single_expr(condition)?),
                None => PromotionPlace::On(region(children.expect(Rule::region)?)?),
            };
            children.expect(Rule::to_word)?;
            ActionClause::Promote { place, pieces: ident_list(children.expect(Rule::ident_list)?)?, span }
        }
        Rule::hop_pattern => ActionClause::Hop { directions: ident_list(children.required()?)?, span },
        Rule::over_clause => ActionClause::Over(Spanned::new(over(&children.required()?)?, span)),
        Rule::along_pattern | Rule::enter_pattern => {
            let source = if rule == Rule::along_pattern { TrackSource::Board } else { TrackSource::Reserve };
            let track = children.ident()?;
            let amounts = children.map(expr).collect::<Converted<_>>()?;
            ActionClause::Along { track, amounts, source, span }
        }
        Rule::chain_clause => {
            let condition = children.next_if(Rule::chain_while).map(single_expr).transpose()?;
            ActionClause::Chain { condition, span }
        }
        Rule::anywhere_pattern => {
            let region = children.next_if(Rule::region).map(|r| region(r)).transpose()?;
            ActionClause::Anywhere { region, span }
        }
        Rule::remove_pattern => {
            ActionClause::Remove { region: region(children.expect(Rule::region)?)?, span }
        }
        Rule::continuation_clause => {
            let action = children.ident()?;
            let condition = children.next_if(Rule::continuation_if).map(single_expr).transpose()?;
            ActionClause::Continue { action, condition, span }
        }
        Rule::sow_pattern => {
            let region = region(children.expect(Rule::region)?)?;
            let track = children.ident()?;
            let skipping = children.next_if(Rule::sow_skipping).map(single_expr).transpose()?;
            ActionClause::Sow { region, track, skipping, span }
        }
        _ => return Err(malformed(span)),
    })
}

fn over(pair: &Pair<'_, Rule>) -> Converted<Over> {
    Ok(match pair.as_rule() {
        Rule::over_enemy => Over::Enemy,
        Rule::over_friend => Over::Friend,
        Rule::over_occupied => Over::Occupied,
        Rule::over_empty => Over::Empty,
        Rule::over_any => Over::Any,
        _ => return Err(malformed(span_of(pair))),
    })
}

fn walk_length(pair: Pair<'_, Rule>) -> Converted<WalkLength> {
    match pair.as_rule() {
        Rule::exactly => Ok(WalkLength::Exactly(single_expr(pair)?)),
        Rule::at_most => Ok(WalkLength::AtMost(single_expr(pair)?)),
        _ => Err(malformed(span_of(&pair))),
    }
}

/// `push` or `push { when ...  then { ... } }`.
fn push_clause(block: Option<Pair<'_, Rule>>, span: Span) -> Converted<ActionClause> {
    let (mut when, mut then) = (Vec::new(), Vec::new());
    for clause in block.into_iter().flat_map(Children::of) {
        match clause.as_rule() {
            Rule::when_clause => when.push(single_expr(clause)?),
            Rule::then_clause => then.push(effect_block(Children::of(clause).required()?)?),
            _ => return Err(malformed(span_of(&clause))),
        }
    }
    Ok(ActionClause::Push { when, then, span })
}

/// A clause made of a keyword and one expression (`at most 2`, `when c`, `win mover`).
fn single_expr(pair: Pair<'_, Rule>) -> Converted<Expr> {
    expr(Children::of(pair).expect(Rule::expr)?)
}

/// The words of a `to` clause, in any order, as one destination.
fn destination(words: Children<'_>, span: Span) -> Converted<Destination> {
    let (mut empty, mut enemy, mut friend) = (false, false, false);
    for word in words {
        match word.as_rule() {
            Rule::only_empty => empty = true,
            Rule::only_enemy => enemy = true,
            Rule::only_friend => friend = true,
            Rule::or_op => {}
            _ => return Err(malformed(span_of(&word))),
        }
    }
    Ok(match (empty, friend, enemy) {
        (true, false, false) => Destination::Empty,
        (false, false, true) => Destination::Enemy,
        (true, false, true) => Destination::EmptyOrEnemy,
        (false, true, false) => Destination::Friend,
        (true, true, false) => Destination::EmptyOrFriend,
        (false, true, true) => Destination::FriendOrEnemy,
        (true, true, true) => Destination::Any,
        (false, false, false) => return Err(malformed(span)),
    })
}

// ---- capture ---------------------------------------------------------------------------------------

fn capture_decl(pair: Pair<'_, Rule>, once: &mut Once) -> Converted<CaptureDecl> {
    let span = span_of(&pair);
    let mut capture = CaptureDecl { when: Vec::new(), destination: None, then: Vec::new(), span };
    for clause in Children::of(pair) {
        let clause_span = span_of(&clause);
        match clause.as_rule() {
            Rule::when_clause => capture.when.push(single_expr(clause)?),
            Rule::capture_dest => {
                let destination = Spanned::new(capture_destination(clause)?, clause_span);
                once.set(&mut capture.destination, destination, "to", clause_span);
            }
            Rule::then_clause => capture.then.push(effect_block(Children::of(clause).required()?)?),
            _ => return Err(malformed(clause_span)),
        }
    }
    Ok(capture)
}

fn capture_destination(pair: Pair<'_, Rule>) -> Converted<CaptureDestination> {
    let destination = Children::of(pair).required()?;
    match destination.as_rule() {
        Rule::to_prizes => Ok(CaptureDestination::Prizes),
        Rule::to_reserve => Ok(CaptureDestination::Reserve),
        Rule::to_nowhere => Ok(CaptureDestination::Nowhere),
        Rule::to_hand => Ok(CaptureDestination::Hand),
        _ => Err(malformed(span_of(&destination))),
    }
}

// ---- effects ---------------------------------------------------------------------------------------

fn effect_block(pair: Pair<'_, Rule>) -> Converted<EffectBlock> {
    let span = span_of(&pair);
    let effects = Children::of(pair).map(effect).collect::<Converted<_>>()?;
    Ok(EffectBlock { effects, span })
}

fn effect(pair: Pair<'_, Rule>) -> Converted<Effect> {
    let span = span_of(&pair);
    let rule = pair.as_rule();
    let mut children = Children::of(pair);
    Ok(match rule {
        Rule::set_effect => {
            let place = place(children.expect(Rule::place_expr)?)?;
            Effect::Set { place, value: expr(children.expect(Rule::expr)?)?, span }
        }
        Rule::rotate_effect => {
            Effect::Rotate { map: children.ident()?, by: expr(children.expect(Rule::expr)?)?, span }
        }
        Rule::if_effect => {
            let condition = expr(children.expect(Rule::expr)?)?;
            let then = effect_block(children.expect(Rule::effect_block)?)?;
            let otherwise = children.next_if(Rule::effect_block).map(effect_block).transpose()?;
            Effect::If { condition, then, otherwise, span }
        }
        Rule::release_effect => {
            let piece = expr(children.expect(Rule::expr)?)?;
            let owner = expr(children.expect(Rule::expr)?)?;
            Effect::Release { piece, owner, region: region(children.expect(Rule::region)?)?, span }
        }
        Rule::give_effect => {
            let piece = expr(children.expect(Rule::expr)?)?;
            let owner = expr(children.expect(Rule::expr)?)?;
            Effect::Give { piece, owner, holder: expr(children.expect(Rule::expr)?)?, span }
        }
        Rule::retire_effect => {
            let seat = expr(children.expect(Rule::expr)?)?;
            Effect::Retire {
                seat,
                leaving_pieces: children.next_if(Rule::leaving_pieces).map(|p| span_of(&p)),
                span,
            }
        }
        Rule::for_each_effect => {
            let pieces = expr(children.expect(Rule::expr)?)?;
            let filter = children.next_if(Rule::where_clause).map(single_expr).transpose()?;
            let body = effect_block(children.expect(Rule::effect_block)?)?;
            Effect::ForEach { pieces, filter, body, span }
        }
        Rule::send_effect => {
            let piece = children.ident()?;
            let destination = children.expect(Rule::capture_dest)?;
            let destination_span = span_of(&destination);
            let destination = Spanned::new(capture_destination(destination)?, destination_span);
            Effect::Send { piece, destination, span }
        }
        Rule::move_effect => {
            let from = expr(children.expect(Rule::expr)?)?;
            children.expect(Rule::to_word)?;
            Effect::Move { from, to: expr(children.expect(Rule::expr)?)?, span }
        }
        Rule::capture_effect => Effect::Capture { cell: expr(children.expect(Rule::expr)?)?, span },
        _ => return Err(malformed(span)),
    })
}

/// `quiet`, `piece.face`, `score(mover)` or `piece_at(c).owner`.
fn place(pair: Pair<'_, Rule>) -> Converted<Place> {
    let mut children = Children::of(pair);
    let name = children.ident()?;
    Ok(match (children.next(), children.next()) {
        (None, _) => Place::Variable(name),
        (Some(field), _) if field.as_rule() == Rule::ident => Place::Attribute(name, ident(&field)),
        (Some(seat), None) => Place::SeatVariable(name, Box::new(expr(seat)?)),
        (Some(cell), Some(field)) => {
            Place::CellPiece { function: name, cell: Box::new(expr(cell)?), field: ident(&field) }
        }
    })
}

// ---- phases and turns ------------------------------------------------------------------------------

fn phase_decl(pair: Pair<'_, Rule>, once: &mut Once) -> Converted<PhaseDecl> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let mut phase = PhaseDecl { name: children.ident()?, order: None, turn: None, until: None, span };
    for clause in children {
        let clause_span = span_of(&clause);
        match clause.as_rule() {
            Rule::order_clause => {
                let order = ident_list(Children::of(clause).expect(Rule::ident_list)?)?;
                once.set(&mut phase.order, order, "order", clause_span);
            }
            Rule::turn_block => {
                let turn = Box::new(turn_block(clause, once)?);
                once.set(&mut phase.turn, turn, "turn", clause_span);
            }
            Rule::until_clause => once.set(&mut phase.until, single_expr(clause)?, "until", clause_span),
            _ => return Err(malformed(clause_span)),
        }
    }
    Ok(phase)
}

fn turn_block(pair: Pair<'_, Rule>, once: &mut Once) -> Converted<TurnDecl> {
    let span = span_of(&pair);
    let mut turn = TurnDecl {
        start: None,
        choices: Vec::new(),
        actions: None,
        after: None,
        legal: None,
        prefer: None,
        may_pass: None,
        span,
    };
    let mut play = None;
    for clause in Children::of(pair) {
        let clause_span = span_of(&clause);
        match clause.as_rule() {
            Rule::start_block => {
                let start = effect_block(Children::of(clause).required()?)?;
                once.set(&mut turn.start, start, "start", clause_span);
            }
            Rule::play_clause => {
                let choice = action_choice(clause)?;
                let first_play = play.is_none();
                once.set(&mut play, (), "play", clause_span);
                if first_play {
                    if let Some(otherwise) = turn.choices.first() {
                        once.diagnostics.push(otherwise_before_play(otherwise.span, clause_span));
                    }
                    turn.choices.insert(0, choice);
                }
            }
            Rule::otherwise_clause => turn.choices.push(action_choice(clause)?),
            Rule::actions_clause => {
                let actions = action_count(clause)?;
                once.set(&mut turn.actions, actions, "actions", clause_span);
            }
            Rule::after_block => {
                let after = effect_block(Children::of(clause).required()?)?;
                once.set(&mut turn.after, after, "after", clause_span);
            }
            Rule::legal_clause => once.set(&mut turn.legal, single_expr(clause)?, "legal if", clause_span),
            Rule::prefer_clause => {
                let then_most =
                    Children::of(clause.clone()).next_if(Rule::prefer_then).map(single_expr).transpose()?;
                let preference = Preference { then_most, span: clause_span };
                once.set(&mut turn.prefer, preference, "prefer", clause_span);
            }
            Rule::may_pass_clause => once.set(&mut turn.may_pass, clause_span, "may pass", clause_span),
            _ => return Err(malformed(clause_span)),
        }
    }
    Ok(turn)
}

fn otherwise_before_play(otherwise: Span, play: Span) -> Diagnostic {
    Diagnostic::error(Code::MisplacedClause, "`otherwise` comes before `play`", otherwise, "this `otherwise`")
        .with_label(play, "comes before this `play`")
        .with_help(
            "write `play` first: `otherwise` gives the actions used when those of `play` are not legal",
        )
}

/// `play a, b where c` or `otherwise a, b where c`.
fn action_choice(pair: Pair<'_, Rule>) -> Converted<ActionChoice> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let actions = ident_list(children.expect(Rule::ident_list)?)?;
    let filter = children.next_if(Rule::where_clause).map(single_expr).transpose()?;
    Ok(ActionChoice { actions, filter, span })
}

fn action_count(pair: Pair<'_, Rule>) -> Converted<ActionCount> {
    let count = Children::of(pair).required()?;
    Ok(match count.as_rule() {
        Rule::actions_while => ActionCount::While(single_expr(count)?),
        Rule::actions_up_to => ActionCount::UpTo(single_expr(count)?),
        _ => ActionCount::Exactly(expr(count)?),
    })
}

// ---- end -------------------------------------------------------------------------------------------

fn end_decl(pair: Pair<'_, Rule>, once: &mut Once) -> Converted<EndDecl> {
    let span = span_of(&pair);
    let mut end = EndDecl { score: None, rules: Vec::new(), span };
    for clause in Children::of(pair) {
        let clause_span = span_of(&clause);
        match clause.as_rule() {
            Rule::score_clause => once.set(&mut end.score, single_expr(clause)?, "score", clause_span),
            _ => end.rules.push(end_rule(clause)?),
        }
    }
    Ok(end)
}

fn end_rule(pair: Pair<'_, Rule>) -> Converted<EndRule> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let condition = expr(children.expect(Rule::expr)?)?;
    let outcome = children.required()?;
    let outcome = match outcome.as_rule() {
        Rule::win_outcome => Outcome::Win(single_expr(outcome)?),
        Rule::loss_outcome => Outcome::Loss(single_expr(outcome)?),
        Rule::draw_outcome => Outcome::Draw(span_of(&outcome)),
        Rule::rank_outcome => Outcome::Rank(Children::of(outcome).map(expr).collect::<Converted<_>>()?),
        _ => return Err(malformed(span_of(&outcome))),
    };
    Ok(EndRule { condition, outcome, span })
}

// ---- tracks ----------------------------------------------------------------------------------------

fn track_decl(pair: Pair<'_, Rule>) -> Converted<TrackDecl> {
    let span = span_of(&pair);
    let mut children = Children::of(pair);
    let name = children.ident()?;
    let per_seat = children.next_if(Rule::per_seat).map(|p| span_of(&p));
    let parts = children
        .map(|part| {
            let span = span_of(&part);
            let mut cells = Children::of(part);
            let first = cells.ident()?;
            let last = match cells.next_if(Rule::to_word) {
                Some(_) => Some(cells.ident()?),
                None => None,
            };
            Ok(TrackPart { first, last, span })
        })
        .collect::<Converted<_>>()?;
    Ok(TrackDecl { name, per_seat, parts, span })
}
