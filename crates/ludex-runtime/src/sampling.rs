//! A uniformly random legal move without testing every move against the turn's `legal if`: the
//! candidates (the moves before that test) are drawn one at a time, uniformly among those not yet
//! drawn, and the first that passes is played (rejection sampling). Every legal move is as likely
//! as with a uniform choice among `legal_moves`, but a random playout tests one or two moves a ply
//! instead of all of them. Rules without `legal if`, and turns with `prefer` (which keeps only some
//! of the legal moves), draw from the legal moves directly.

use std::ops::ControlFlow;

use rand::Rng;

use ludex_ir::{ActionCount, SeatId};

use super::compiled::Cond;
use super::state::State;
use super::trial::Trials;
use super::{Engine, Move, MoveKind};

impl Engine {
    /// A legal move chosen uniformly at random, or `None` when the state is not a decision point.
    /// `moves` is a buffer (its contents are replaced).
    pub fn random_move<R: Rng + ?Sized>(
        &self,
        state: &State,
        moves: &mut Vec<Move>,
        rng: &mut R,
    ) -> Option<Move> {
        if state.result.is_some() || !state.pending.is_empty() {
            return None;
        }
        let phase = self.game.phases.get(state.phase as usize);
        let preferred = phase.is_some_and(|p| p.turn.prefer.is_some());
        let Some(legal) = self.tables.speed.trials.legal(state.phase).filter(|_| !preferred) else {
            self.legal_moves(state, moves);
            return moves.get(rng.random_range(0..moves.len().max(1))).copied();
        };
        let seat = self.current_seat(state);
        // `end`, when the turn may stop early, and `pass`, when the seat may pass.
        let end = phase.is_some_and(|p| matches!(p.turn.count, ActionCount::UpTo(_)));
        let pass = self.may_pass_now(state);
        let extra = [(end, MoveKind::EndTurn), (pass, MoveKind::Pass)];
        let mut extras = extra.iter().filter(|(offered, _)| *offered).map(|&(_, kind)| Move::bare(kind));
        let extras: [Option<Move>; 2] = [extras.next(), extras.next()];
        let choices = phase.map_or(0, |p| p.turn.choices.len());
        for choice in 0..choices {
            moves.clear();
            let _ = self.choice_candidates(state, seat, choice, &mut |mv| {
                moves.push(mv);
                ControlFlow::Continue(())
            });
            if !self.choice_order(state.phase, choice).is_increasing() {
                moves.sort_unstable();
                moves.dedup();
            }
            if let Some(mv) = self.draw_legal(state, seat, legal, (moves, &extras), rng) {
                return Some(mv);
            }
        }
        Some(Move::bare(MoveKind::Pass))
    }

    /// Draws among the candidates until one is legal; the extras (`end` when the turn may stop
    /// early, `pass` when the seat may pass) are more candidates, each offered with this choice's
    /// moves: legal when some action of the choice is.
    fn draw_legal<R: Rng + ?Sized>(
        &self,
        state: &State,
        seat: SeatId,
        legal: &Cond,
        (candidates, extras): (&mut Vec<Move>, &[Option<Move>; 2]),
        rng: &mut R,
    ) -> Option<Move> {
        let mut trials = Trials::new(self, state, seat, legal);
        let offered = extras.iter().flatten().count();
        while !candidates.is_empty() {
            let index = rng.random_range(0..candidates.len() + offered);
            if let Some(extra) = index.checked_sub(candidates.len()) {
                let any = candidates.iter().any(|&mv| trials.is_legal(mv));
                return extras.iter().flatten().nth(extra).copied().filter(|_| any);
            }
            let mv = candidates.swap_remove(index);
            if trials.is_legal(mv) {
                return Some(mv);
            }
        }
        None
    }
}
