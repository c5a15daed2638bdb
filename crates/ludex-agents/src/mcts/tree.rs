//! One thread's search tree. Nodes live in one arena, each node's children side by side; states are
//! not stored but replayed from the root along the path (moves and roll outcomes are exact, so the
//! replay reaches the same states), which keeps a node small.
//!
//! A node is expanded the second time a descent reaches it (the first time a playout starts
//! there). Decision nodes select by UCT for the seat to move, trying unvisited children first in
//! random order; chance nodes sample an outcome (a die with more faces than
//! [`MAX_CHANCE_CHILDREN`] is sampled without children, ending the descent). UCT reads the means
//! relative to the band of rewards the search has seen ([`RewardBand`]), so that the exploration
//! constant weighs the same against soft heuristic rewards as against wins and losses.
//!
//! A position that comes back, one the game has been in before the root or one earlier on the
//! descent's path, is a finished game for the search: a draw (every seat's reward ½) unless the
//! rules end the game there. A game that goes round in circles makes no progress and ends at the
//! move limit, which counts as a draw; so the side ahead avoids the circle and the side behind
//! seeks it, as in a chess engine's search.

use web_time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::super::evaluation::{heuristic_scores, rewards_from_places, rewards_from_scores, value_scale};
use super::history::MoveHistory;
use super::{Budget, MctsConfig, Root, RootPolicy, RootStatistics};
use ludex_ir::SeatId;
use ludex_runtime::{Engine, Move, State, Status};

/// The most nodes one tree holds; past this, leaves stay leaves and are only played out.
const MAX_TREE_NODES: usize = 1 << 20;

/// Dice with more faces are sampled without a child per outcome.
const MAX_CHANCE_CHILDREN: u32 = 64;

/// Every seat's reward in a position that came back (see the module doc): what a draw gives each
/// seat whatever the number of seats and teams.
const REPETITION_REWARD: f64 = 0.5;

/// After this many playouts, a search whose playouts mostly stop at the ply cap instead of
/// finishing the game (fewer than one in [`FINISHED_SHARE`]) drops them: a leaf is scored by the
/// heuristic at once, which is as informative as after random plies, and much cheaper.
const PLAYOUT_PROBE: u64 = 16;
const FINISHED_SHARE: u64 = 4;

/// Whether so many playouts were played that few enough finished to stop playing them.
pub(super) fn playouts_seldom_finish(playouts: u64, finished: u64) -> bool {
    playouts > PLAYOUT_PROBE && finished * FINISHED_SHARE < playouts
}

/// Whether a budget's `share` (a fraction) is spent after `iterations` (time counted from
/// `started`).
fn spent(budget: Budget, share: f64, iterations: u64, started: Instant) -> bool {
    match budget {
        Budget::Iterations(total) => iterations as f64 >= total as f64 * share,
        Budget::Time(time) => started.elapsed() >= time.mul_f64(share),
    }
}

/// The lowest and highest reward the search has backed up, for any seat. UCT measures a mean by
/// where it lies in this band (0 at its floor, 1 at its ceiling), as MuZero normalises its values
/// by the least and greatest in its tree (Schrittwieser et al. 2020). Wins and losses span the
/// whole band from 0 to 1, and then nothing changes; leaves scored by the heuristic give soft
/// rewards in a narrow band around ½ (in a game of teams, a quiet position's capture of a pawn moves
/// a seat's reward by a few hundredths), where an exploration constant made for wins and losses
/// would drown every difference between moves, so that a larger budget bought no better choice.
#[derive(Clone, Copy, Debug, PartialEq)]
struct RewardBand {
    floor: f64,
    ceiling: f64,
}

impl Default for RewardBand {
    fn default() -> RewardBand {
        RewardBand { floor: f64::INFINITY, ceiling: f64::NEG_INFINITY }
    }
}

impl RewardBand {
    /// Widens the band to hold every reward of an iteration.
    fn include(&mut self, rewards: &[f64]) {
        for &reward in rewards {
            self.floor = self.floor.min(reward);
            self.ceiling = self.ceiling.max(reward);
        }
    }

    /// Where `mean` lies in the band, from 0 to 1; ½ while the band is a single value (or empty),
    /// when no mean is better than another.
    fn place(&self, mean: f64) -> f64 {
        let width = self.ceiling - self.floor;
        if width > 0.0 { (mean - self.floor) / width } else { 0.5 }
    }
}

/// What leads from a node's parent to it.
#[derive(Clone, Copy, Debug)]
enum Edge {
    Root,
    Move(Move),
    /// A roll's outcome.
    Outcome(u32),
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    /// Not expanded: reached at most once, by the playout that started there.
    Leaf,
    /// `count` children from `first`, one per legal move.
    Decision { first: u32, count: u32 },
    /// One child per face from `first`, or none (`first` is `None`) for a wide die.
    Chance { sides: u32, first: Option<u32> },
    /// The game is over; the rewards are at this offset of `Tree::terminal_rewards`.
    Terminal { rewards: u32 },
}

#[derive(Clone, Copy, Debug)]
struct Node {
    edge: Edge,
    /// The seat that chose this node's move, whose reward the node accumulates (none for the root
    /// and for roll outcomes).
    chooser: Option<SeatId>,
    visits: u32,
    reward: f64,
    kind: Kind,
}

impl Node {
    fn new(edge: Edge, chooser: Option<SeatId>) -> Node {
        Node { edge, chooser, visits: 0, reward: 0.0, kind: Kind::Leaf }
    }
}

pub(super) struct Tree<'e> {
    engine: &'e Engine,
    root: State,
    /// The position keys of the game before the root, sorted.
    past: Vec<u64>,
    /// The root's position key, where every path starts.
    root_key: u64,
    nodes: Vec<Node>,
    terminal_rewards: Vec<f64>,
    rng: ChaCha8Rng,
    exploration: f64,
    playout_plies: u32,
    root_policy: RootPolicy,
    /// The root child every descent goes through, while sequential halving gives it its share.
    forced_root_child: Option<usize>,
    /// The unit of heuristic leads (see `evaluation::value_scale`), measured at the root.
    value_scale: f64,
    iterations: u64,
    playouts: u64,
    /// Playouts that reached the end of the game.
    finished_playouts: u64,
    history: MoveHistory,
    /// The rewards backed up so far, which UCT reads its means against.
    band: RewardBand,
    // Buffers reused by every iteration.
    path: Vec<u32>,
    /// The position keys along the path, the root's first (but those of finished games).
    path_keys: Vec<u64>,
    moves: Vec<Move>,
    rewards: Vec<f64>,
    scores: Vec<f64>,
}

impl<'e> Tree<'e> {
    /// A tree whose root is the root's state with its legal `moves` as children.
    pub fn new(engine: &'e Engine, root: &Root, moves: &[Move], config: &MctsConfig, seed: u64) -> Tree<'e> {
        let state = root.state;
        let chooser = engine.seat_to_move(state);
        let mut past = root.past.to_vec();
        past.sort_unstable();
        past.dedup();
        let mut nodes = Vec::with_capacity(1 + moves.len());
        let count = u32::try_from(moves.len()).unwrap_or(u32::MAX).min(MAX_TREE_NODES as u32 - 1);
        nodes.push(Node { kind: Kind::Decision { first: 1, count }, ..Node::new(Edge::Root, None) });
        nodes.extend(moves.iter().take(count as usize).map(|&mv| Node::new(Edge::Move(mv), chooser)));
        Tree {
            engine,
            root: state.clone(),
            past,
            root_key: engine.position_key(state),
            nodes,
            terminal_rewards: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            exploration: config.exploration,
            playout_plies: config.playout_plies,
            root_policy: config.root,
            forced_root_child: None,
            value_scale: value_scale(engine, state),
            iterations: 0,
            playouts: 0,
            finished_playouts: 0,
            history: MoveHistory::default(),
            band: RewardBand::default(),
            path: Vec::new(),
            path_keys: Vec::new(),
            moves: Vec::new(),
            rewards: Vec::new(),
            scores: Vec::new(),
        }
    }

    /// Runs iterations until the budget is spent (time counted from `started`).
    pub fn run(&mut self, budget: Budget, started: Instant) {
        if self.root_policy == RootPolicy::Halving {
            return self.run_halving(budget, started);
        }
        while !spent(budget, 1.0, self.iterations, started) {
            self.iterate();
        }
    }

    /// Sequential halving at the root: `⌈log₂ n⌉` rounds for `n` moves, each with an equal part of
    /// the budget, given out to the moves still in play in turn (whole turns only, so they end a
    /// round level); after each round the better half by mean reward stays. The winner ends with
    /// the most visits, or as many as the other finalist and a better mean (see `merge`). A root
    /// without moves is not searched.
    fn run_halving(&mut self, budget: Budget, started: Instant) {
        let Some(Kind::Decision { first, count: count @ 1.. }) = self.nodes.first().map(|root| root.kind)
        else {
            return;
        };
        let mut alive: Vec<usize> = (first as usize..(first + count) as usize).collect();
        let rounds = alive.len().next_power_of_two().trailing_zeros().max(1);
        for round in 1..=rounds {
            let share = f64::from(round) / f64::from(rounds);
            loop {
                for &child in &alive {
                    self.forced_root_child = Some(child);
                    self.iterate();
                }
                if spent(budget, share, self.iterations, started) {
                    break;
                }
            }
            let nodes = &self.nodes;
            let mean = |&child: &usize| nodes[child].reward / f64::from(nodes[child].visits.max(1));
            alive.sort_by(|a, b| mean(b).total_cmp(&mean(a)));
            alive.truncate(alive.len().div_ceil(2));
        }
        self.forced_root_child = None;
    }

    /// The visits and total reward of each root move, in the order of the moves given.
    pub fn root_statistics(&self) -> RootStatistics {
        let children = match self.nodes.first().map(|root| root.kind) {
            Some(Kind::Decision { first, count }) => {
                self.nodes.get(first as usize..(first + count) as usize).unwrap_or(&[])
            }
            _ => &[],
        };
        RootStatistics {
            visits: children.iter().map(|child| u64::from(child.visits)).collect(),
            rewards: children.iter().map(|child| child.reward).collect(),
            iterations: self.iterations,
            playouts: self.playouts,
            finished_playouts: self.finished_playouts,
        }
    }

    /// One descent from the root, a playout from where it stops, and the rewards backed up (into
    /// the nodes of the path and the history of the moves played).
    fn iterate(&mut self) {
        self.iterations += 1;
        let mut state = self.root.clone();
        self.path.clear();
        self.path.push(0);
        self.path_keys.clear();
        self.path_keys.push(self.root_key);
        if !self.descend(&mut state) {
            self.playouts += 1;
            self.playout(&mut state);
        }
        self.back_up();
        self.history.learn(&self.rewards);
    }

    /// Walks down the tree, playing each edge on `state`, to a node never visited, an unexpandable
    /// leaf or a wide die (then a playout follows: `false`), or to a finished game whose rewards it
    /// loads (`true`).
    fn descend(&mut self, state: &mut State) -> bool {
        let mut node = 0usize;
        loop {
            if matches!(self.nodes[node].kind, Kind::Leaf)
                && (self.nodes[node].visits == 0 || !self.expand(node, state))
            {
                return false;
            }
            let child = match self.nodes[node].kind {
                Kind::Leaf | Kind::Decision { count: 0, .. } => return false,
                Kind::Terminal { rewards } => {
                    let seats = self.engine.game.seats.len();
                    let start = rewards as usize;
                    self.rewards.clear();
                    self.rewards
                        .extend_from_slice(self.terminal_rewards.get(start..start + seats).unwrap_or(&[]));
                    return true;
                }
                Kind::Decision { first, count } => match self.forced_root_child {
                    Some(child) if node == 0 => child,
                    _ => self.select(node, first, count),
                },
                Kind::Chance { sides, first } => {
                    let outcome = self.rng.random_range(1..=sides);
                    match first {
                        Some(first) => (first + outcome - 1) as usize,
                        None => {
                            self.engine.apply_chance(state, outcome);
                            return false;
                        }
                    }
                }
            };
            match self.nodes[child].edge {
                Edge::Move(mv) => {
                    if let Some(seat) = self.nodes[child].chooser {
                        self.history.played(seat, mv);
                    }
                    self.engine.apply_move(state, mv)
                }
                Edge::Outcome(outcome) => self.engine.apply_chance(state, outcome),
                Edge::Root => {}
            }
            self.path.push(child as u32);
            node = child;
            self.note_position(node, state);
        }
    }

    /// Notes the position `state` a descent reached at `node`: a position seen before (in the
    /// game's past or on the path) ends the game for the search the first time the node is
    /// reached (see the module doc); another is added to the path.
    fn note_position(&mut self, node: usize, state: &State) {
        if matches!(self.nodes[node].kind, Kind::Terminal { .. }) {
            return;
        }
        let key = self.engine.position_key(state);
        if !self.path_keys.contains(&key) && self.past.binary_search(&key).is_err() {
            self.path_keys.push(key);
        } else if matches!(self.nodes[node].kind, Kind::Leaf) {
            match self.engine.status(state) {
                Status::Over(result) => {
                    rewards_from_places(&self.engine.game, &result.places, &mut self.rewards)
                }
                Status::Chance { .. } | Status::Decision { .. } => {
                    self.rewards.clear();
                    self.rewards.resize(self.engine.game.seats.len(), REPETITION_REWARD);
                }
            }
            self.nodes[node].kind = self.terminal();
        }
    }

    /// A finished game's kind, its rewards (those in `rewards`) stored.
    fn terminal(&mut self) -> Kind {
        let offset = self.terminal_rewards.len() as u32;
        self.terminal_rewards.extend_from_slice(&self.rewards);
        Kind::Terminal { rewards: offset }
    }

    /// Gives a leaf its children (or its result); `false` when it cannot be expanded: the tree is
    /// full, or the position has no legal move or a die without faces.
    fn expand(&mut self, node: usize, state: &State) -> bool {
        let first = self.nodes.len() as u32;
        let kind = match self.engine.status(state) {
            Status::Over(result) => {
                rewards_from_places(&self.engine.game, &result.places, &mut self.rewards);
                self.terminal()
            }
            Status::Chance { sides: 0 } => return false,
            Status::Chance { sides } if sides > MAX_CHANCE_CHILDREN || !self.has_room(sides as usize) => {
                Kind::Chance { sides, first: None }
            }
            Status::Chance { sides } => {
                self.nodes.extend((1..=sides).map(|outcome| Node::new(Edge::Outcome(outcome), None)));
                Kind::Chance { sides, first: Some(first) }
            }
            Status::Decision { seat } => {
                self.engine.legal_moves(state, &mut self.moves);
                if self.moves.is_empty() || !self.has_room(self.moves.len()) {
                    return false;
                }
                self.nodes.extend(self.moves.iter().map(|&mv| Node::new(Edge::Move(mv), Some(seat))));
                Kind::Decision { first, count: self.moves.len() as u32 }
            }
        };
        self.nodes[node].kind = kind;
        true
    }

    fn has_room(&self, children: usize) -> bool {
        self.nodes.len() + children <= MAX_TREE_NODES
    }

    /// The child to descend to: an unvisited one at random, else the best by UCT for the seat
    /// that chooses, its mean read in the band of rewards seen.
    fn select(&mut self, parent: usize, first: u32, count: u32) -> usize {
        let children = self.nodes.get(first as usize..(first + count) as usize).unwrap_or(&[]);
        let unvisited = children.iter().filter(|child| child.visits == 0).count();
        if unvisited > 0 {
            let pick = self.rng.random_range(0..unvisited);
            let offset = children.iter().enumerate().filter(|(_, child)| child.visits == 0).nth(pick);
            return first as usize + offset.map_or(0, |(index, _)| index);
        }
        let log_visits = f64::from(self.nodes[parent].visits.max(1)).ln();
        let mut best = (first as usize, f64::NEG_INFINITY);
        for (index, child) in children.iter().enumerate() {
            let visits = f64::from(child.visits);
            let score =
                self.band.place(child.reward / visits) + self.exploration * (log_visits / visits).sqrt();
            if score > best.1 {
                best = (first as usize + index, score);
            }
        }
        best.0
    }

    /// Plays moves (chosen by the move history) and random rolls to the end of the game or the
    /// ply cap and leaves each seat's reward in `rewards`: from the result, or from the heuristic
    /// scores at the cap.
    fn playout(&mut self, state: &mut State) {
        for _ in 0..self.playout_cap() {
            match self.engine.status(state) {
                Status::Over(result) => {
                    self.finished_playouts += 1;
                    rewards_from_places(&self.engine.game, &result.places, &mut self.rewards);
                    return;
                }
                Status::Chance { sides: 0 } => break,
                Status::Chance { sides } => {
                    let outcome = self.rng.random_range(1..=sides);
                    self.engine.apply_chance(state, outcome);
                }
                Status::Decision { seat } => {
                    self.engine.legal_moves(state, &mut self.moves);
                    if self.moves.is_empty() {
                        break;
                    }
                    let mv = self.moves[self.history.choose(seat, &self.moves, &mut self.rng)];
                    self.history.played(seat, mv);
                    self.engine.apply_move(state, mv);
                }
            }
        }
        self.score_unfinished(state);
    }

    /// The plies a playout may play: the configured cap, or none once the probe has shown that
    /// playouts seldom finish.
    fn playout_cap(&self) -> u32 {
        let seldom_finish =
            self.playouts > PLAYOUT_PROBE && self.finished_playouts * FINISHED_SHARE < self.playouts;
        if seldom_finish { 0 } else { self.playout_plies }
    }

    /// Rewards for a game the playout did not finish: its result if it just ended, else soft
    /// rewards from the heuristic scores.
    fn score_unfinished(&mut self, state: &State) {
        match self.engine.status(state) {
            Status::Over(result) => rewards_from_places(&self.engine.game, &result.places, &mut self.rewards),
            _ => {
                heuristic_scores(self.engine, state, &mut self.scores);
                rewards_from_scores(&self.engine.game, &self.scores, self.value_scale, &mut self.rewards);
            }
        }
    }

    /// Adds a visit to every node of the path, and to each the reward of the seat that chose it;
    /// widens the band of rewards seen.
    fn back_up(&mut self) {
        self.band.include(&self.rewards);
        for &index in &self.path {
            let Some(node) = self.nodes.get_mut(index as usize) else { continue };
            node.visits = node.visits.saturating_add(1);
            if let Some(seat) = node.chooser {
                node.reward += self.rewards.get(seat as usize).copied().unwrap_or(0.0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    /// Each seat throws one die of `SIDES` faces (two ways to throw); the higher throw wins.
    const THROWS: &str = "game \"Throws\"\nseat a\nseat b\nboard square 1 by 1\n\
        variable points of each seat = 0\n\
        action throw { choose n from 1 to 2  then { set points(mover) = roll dSIDES } }\n\
        phase play { turn { play throw } }\nend { when turns >= 2: rank by points(seat) }\n";

    /// Searches the first throw with dice of `sides` faces, then checks the tree.
    fn search(sides: u32, iterations: u64, check: impl FnOnce(&Tree)) {
        let text = THROWS.replace("SIDES", &sides.to_string());
        let engine = Engine::new(ludex_check::compile(&text, &BTreeMap::new()).game.expect("a game"));
        let state = engine.initial_state();
        let mut moves = Vec::new();
        engine.legal_moves(&state, &mut moves);
        let config = MctsConfig { budget: Budget::Iterations(iterations), ..MctsConfig::default() };
        let mut tree = Tree::new(&engine, &Root { state: &state, past: &[] }, &moves, &config, 3);
        tree.run(config.budget, Instant::now());
        check(&tree);
    }

    fn root_children(tree: &Tree) -> Vec<Node> {
        match tree.nodes[0].kind {
            Kind::Decision { first, count } => tree.nodes[first as usize..(first + count) as usize].to_vec(),
            kind => panic!("{kind:?}"),
        }
    }

    #[test]
    fn rolls_are_chance_nodes_with_a_child_per_face() {
        search(6, 400, check_faces);
    }

    fn check_faces(tree: &Tree) {
        assert_eq!(tree.nodes[0].visits, 400);
        for throw in root_children(tree) {
            assert_eq!(throw.chooser, Some(0));
            let Kind::Chance { sides: 6, first: Some(first) } = throw.kind else { panic!("{throw:?}") };
            let faces = &tree.nodes[first as usize..first as usize + 6];
            for (face, node) in faces.iter().enumerate() {
                assert!(matches!(node.edge, Edge::Outcome(o) if o as usize == face + 1), "{node:?}");
                assert_eq!(node.chooser, None);
                assert!(node.visits > 10, "every face is sampled: {faces:?}");
            }
            // The first visit played out from the chance node itself; every later one chose a face.
            assert_eq!(faces.iter().map(|n| n.visits).sum::<u32>(), throw.visits - 1);
            // After a face, `b` is to throw: a decision node whose children `b` chooses.
            let expanded = faces.iter().find(|n| matches!(n.kind, Kind::Decision { .. })).expect("expanded");
            let Kind::Decision { first, .. } = expanded.kind else { unreachable!() };
            assert_eq!(tree.nodes[first as usize].chooser, Some(1));
        }
    }

    #[test]
    fn halving_without_moves_returns_at_once() {
        let engine = Engine::new(
            ludex_check::compile(&THROWS.replace("SIDES", "6"), &BTreeMap::new()).game.expect("a game"),
        );
        let state = engine.initial_state();
        let config = MctsConfig { root: RootPolicy::Halving, ..MctsConfig::default() };
        let mut tree = Tree::new(&engine, &Root { state: &state, past: &[] }, &[], &config, 1);
        tree.run(Budget::Iterations(10), Instant::now());
        assert_eq!(tree.iterations, 0);
    }

    #[test]
    fn the_band_places_means_between_the_least_and_greatest_reward_seen() {
        let mut band = RewardBand::default();
        assert_eq!(band.place(0.3), 0.5, "no reward seen yet");
        band.include(&[0.52, 0.52]);
        assert_eq!(band.place(0.52), 0.5, "a single reward");
        band.include(&[0.48, 0.5]);
        assert_eq!((band.floor, band.ceiling), (0.48, 0.52));
        for (mean, place) in [(0.48, 0.0), (0.5, 0.5), (0.52, 1.0), (0.51, 0.75)] {
            assert!((band.place(mean) - place).abs() < 1e-9, "{mean} lies at {place}");
        }
        band.include(&[0.0, 1.0]);
        assert_eq!(band.place(0.51), 0.51, "wins and losses span the whole band");
    }

    /// Each seat adds 1 to 5 to its points a turn; its pieces are worth 100, so a lead of a few
    /// points gives a reward a few hundredths above ½.
    const STAKES: &str = "game \"Stakes\"\nseat a\nseat b\nboard square 2 by 1\n\
        piece stone { value 100 }\nvariable points of each seat = 0\n\
        action add { choose n from 1 to 5  then { set points(mover) = points(mover) + n } }\n\
        setup { place stone for a on cells a1\n place stone for b on cells b1 }\n\
        phase play { turn { play add } }\nend { when turns >= 40: rank by points(seat) }\n";

    #[test]
    fn soft_rewards_in_a_narrow_band_still_single_out_the_best_move() {
        let compiled = ludex_check::compile(STAKES, &BTreeMap::new());
        let engine = Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)));
        let state = engine.initial_state();
        let mut moves = Vec::new();
        engine.legal_moves(&state, &mut moves);
        let config =
            MctsConfig { budget: Budget::Iterations(2000), playout_plies: 0, ..MctsConfig::default() };
        let mut tree = Tree::new(&engine, &Root { state: &state, past: &[] }, &moves, &config, 5);
        tree.run(config.budget, Instant::now());
        assert!(tree.band.ceiling - tree.band.floor < 0.1, "a narrow band: {:?}", tree.band);
        let visits: Vec<u32> = root_children(&tree).iter().map(|child| child.visits).collect();
        // The more a move adds the more visits it gets, adding 5 the most (with the means read
        // raw, UCT's exploration spreads them nearly evenly, about 400 each).
        assert!(visits.windows(2).all(|pair| pair[0] < pair[1]) && visits[4] > 700, "{visits:?}");
    }

    /// Each seat names a number, which changes nothing: after both have, the position is back.
    const CIRCLE: &str = "game \"Circle\"\nseat a\nseat b\nboard square 1 by 1\n\
        action name { choose n from 1 to 3 }\nphase play { turn { play name } }\n\
        end { when turns >= 30: win a }\n";

    fn engine(text: &str) -> Engine {
        let compiled = ludex_check::compile(text, &BTreeMap::new());
        Engine::new(compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics)))
    }

    fn children(tree: &Tree, node: &Node) -> Vec<Node> {
        match node.kind {
            Kind::Decision { first, count } => tree.nodes[first as usize..(first + count) as usize].to_vec(),
            kind => panic!("{kind:?}"),
        }
    }

    fn terminal_rewards(tree: &Tree, node: &Node) -> Vec<f64> {
        let Kind::Terminal { rewards } = node.kind else { panic!("not finished: {node:?}") };
        tree.terminal_rewards[rewards as usize..rewards as usize + 2].to_vec()
    }

    #[test]
    fn a_position_that_comes_back_on_the_path_is_a_draw() {
        let engine = engine(CIRCLE);
        let state = engine.initial_state();
        let mut moves = Vec::new();
        engine.legal_moves(&state, &mut moves);
        let config = MctsConfig { budget: Budget::Iterations(300), ..MctsConfig::default() };
        let mut tree = Tree::new(&engine, &Root { state: &state, past: &[] }, &moves, &config, 2);
        tree.run(config.budget, Instant::now());
        // Whatever either seat names, two plies bring the root back: a draw, though the rules
        // would give the game to `a` at the 30th turn.
        for child in root_children(&tree) {
            for grandchild in children(&tree, &child) {
                assert_eq!(terminal_rewards(&tree, &grandchild), [0.5, 0.5]);
            }
        }
    }

    #[test]
    fn the_side_ahead_avoids_a_position_the_game_has_been_in() {
        let engine = engine(STAKES);
        let state = engine.initial_state();
        let mut moves = Vec::new();
        engine.legal_moves(&state, &mut moves);
        // The game has been where adding 5 leads.
        let mut after_five = state.clone();
        engine.apply_move(&mut after_five, moves[4]);
        let past = [engine.position_key(&after_five)];
        let config =
            MctsConfig { budget: Budget::Iterations(2000), playout_plies: 0, ..MctsConfig::default() };
        let mut tree = Tree::new(&engine, &Root { state: &state, past: &past }, &moves, &config, 5);
        tree.run(config.budget, Instant::now());
        let children = root_children(&tree);
        assert_eq!(terminal_rewards(&tree, &children[4]), [0.5, 0.5]);
        assert!(children[..4].iter().all(|child| !matches!(child.kind, Kind::Terminal { .. })));
        // Adding 4 is now the best move, by far (without the past, adding 5 is: see above).
        let visits: Vec<u32> = children.iter().map(|child| child.visits).collect();
        assert!(visits[3] > 2 * visits[4] && visits[3] == *visits.iter().max().unwrap(), "{visits:?}");
    }

    #[test]
    fn wide_dice_are_sampled_without_children() {
        let sides = MAX_CHANCE_CHILDREN + 1;
        search(sides, 100, |tree| {
            for throw in root_children(tree) {
                assert!(matches!(throw.kind, Kind::Chance { sides: s, first: None } if s == sides));
            }
            assert_eq!(tree.nodes.len(), 3, "only the root and its two children");
        });
    }
}
