//! One game of the batch: playing the agents' and the other seats' moves, and writing
//! what the game reports into its share of the buffers.

use yono::{Game, Move, MoveList, Ruleset, Seat, SeatSet, SplitMix64};
use yono_engine::{Engine, EngineConfig, Limits};

use crate::action::{action_of, move_of};
use crate::observation::{update_mask_from, update_observation, FEATURE_PLANES};
use crate::reward::decided_rewards;

use super::*;

/// The agent's move in one game.
#[derive(Clone, Copy)]
pub(super) enum AgentMove {
    Given(Move),
    Random,
    Engine(u64),
}

/// One game of the batch and what the incremental writes remember about it.
pub(super) struct Slot {
    pub(super) game: Game,
    /// The legal moves of the current position (empty once it is over).
    pub(super) moves: MoveList,
    pub(super) rng: SplitMix64,
    /// Seats whose outcome this game has decided.
    pub(super) decided: SeatSet,
    /// The game that ended in the last step, until the next step.
    pub(super) finished: Option<Game>,
    /// The current game's id; the next game of this slot gets `id + num_envs`.
    pub(super) id: u64,
    pub(super) stride: u64,
    /// The indices this game's observation holds ones at, and its constant planes:
    /// the next write clears only those.
    pub(super) obs_set: Vec<u16>,
    pub(super) feats: [u8; FEATURE_PLANES],
}

/// Where a game's moves report the seats they decide.
pub(super) struct Report<'a> {
    pub(super) rewards: &'a mut [f32],
    pub(super) seat_terminated: &'a mut [bool],
}

/// One game's share of the output buffers.
pub(super) struct GameOut<'a> {
    pub(super) obs: &'a mut [u8],
    pub(super) mask: &'a mut [bool],
    pub(super) legal: &'a mut [i16],
    pub(super) count: &'a mut i32,
    pub(super) rewards: &'a mut [f32],
    pub(super) seat_terminated: &'a mut [bool],
    pub(super) seat_truncated: &'a mut [bool],
    pub(super) terminated: &'a mut bool,
    pub(super) truncated: &'a mut bool,
    pub(super) drawn: &'a mut bool,
    pub(super) to_play: &'a mut i8,
    pub(super) played: &'a mut i64,
    pub(super) final_plies: &'a mut i32,
    pub(super) game_id: &'a mut i64,
}

/// Engines for the threads: a chunk of games borrows one when it first needs it.
pub(super) struct Engines<'a> {
    pub(super) spare: &'a Mutex<Vec<Engine>>,
    pub(super) hash_mb: usize,
    pub(super) engine: Option<Engine>,
}

impl Engines<'_> {
    pub(super) fn best_move(&mut self, game: &Game, nodes: u64) -> Option<Move> {
        let engine = self.engine.get_or_insert_with(|| {
            let spare = self.spare.lock().ok().and_then(|mut s| s.pop());
            spare.unwrap_or_else(|| {
                Engine::new(EngineConfig {
                    hash_mb: self.hash_mb,
                    ..EngineConfig::default()
                })
            })
        });
        // An engine keeps what it learnt for its next search of the same seat; here
        // that search may be of another game, on whichever thread borrowed the
        // engine, so each move is searched afresh: the games then depend only on the
        // seed, not on the thread count.
        engine.clear();
        engine
            .search(game.position(), Limits::nodes(nodes))
            .ok()
            .map(|r| r.best_move)
    }
}

impl Drop for Engines<'_> {
    fn drop(&mut self) {
        if let (Some(engine), Ok(mut spare)) = (self.engine.take(), self.spare.lock()) {
            spare.push(engine);
        }
    }
}

impl Slot {
    /// Slot `index` of `count`.
    pub(super) fn new(ruleset: Ruleset, seed: u64, index: usize, count: usize) -> Slot {
        let mut slot = Slot {
            game: Game::new(ruleset),
            moves: MoveList::new(),
            rng: SplitMix64(seed),
            decided: SeatSet::EMPTY,
            finished: None,
            // The first reset moves on to the first id.
            id: (index as u64).wrapping_sub(count as u64),
            stride: count as u64,
            obs_set: Vec::new(),
            feats: [0; FEATURE_PLANES],
        };
        slot.refresh();
        slot
    }

    /// The move of the agent's action `a` in this game (game number `game`, for the
    /// error): an action index, or with `by_choice` an index into the legal list.
    pub(super) fn agent_move(
        &self,
        game: usize,
        a: i64,
        by_choice: bool,
    ) -> Result<Move, StepError> {
        let turn = self.game.position().turn();
        let index = usize::try_from(a).ok();
        if by_choice {
            index
                .and_then(|c| self.moves.as_slice().get(c).copied())
                .ok_or(StepError::ChoiceOutOfRange {
                    game,
                    choice: a,
                    count: self.moves.len(),
                })
        } else {
            index
                .and_then(|a| move_of(a, turn))
                .filter(|mv| self.moves.contains(mv))
                .ok_or(StepError::IllegalAction {
                    game,
                    action: a,
                    seat: turn.name(),
                })
        }
    }

    pub(super) fn refresh(&mut self) {
        self.game.legal_moves_into(&mut self.moves);
    }

    pub(super) fn over(&self) -> bool {
        self.moves.is_empty()
    }

    pub(super) fn random_move(&mut self) -> Move {
        match self.moves.len() {
            0 => Move::Pass,
            n => self.moves[self.rng.below(n)],
        }
    }

    pub(super) fn choose(&mut self, player: AgentMove, engines: &mut Engines<'_>) -> Move {
        match player {
            AgentMove::Given(mv) => mv,
            AgentMove::Random => self.random_move(),
            AgentMove::Engine(nodes) => engines
                .best_move(&self.game, nodes)
                .unwrap_or_else(|| self.random_move()),
        }
    }

    /// Plays a legal move and reports the rewards of the seats it decided.
    pub(super) fn play(&mut self, mv: Move, report: &mut Report<'_>) {
        let before = self.game.position().seats_in_game();
        self.game.play_unchecked(mv);
        self.refresh();
        if before != self.game.position().seats_in_game() || self.over() {
            let rewards = decided_rewards(before, &self.game);
            for (s, reward) in rewards.into_iter().enumerate() {
                if let Some(r) = reward {
                    report.rewards[s] = r;
                    report.seat_terminated[s] = true;
                    self.decided = self.decided.with(Seat::ALL[s]);
                }
            }
        }
    }

    /// Whether the caller still plays a seat in this game.
    pub(super) fn agents_in(&self, cfg: &Config) -> bool {
        cfg.agent_seats().bits() & self.game.position().seats_in_game().bits() != 0
    }

    /// The other seats' moves until an agent seat is to move, the game ends, the cap
    /// `max_plies` is reached, or (unless `play_out`) no agent seat is left.
    pub(super) fn play_opponents(
        &mut self,
        cfg: &Config,
        max_plies: usize,
        report: &mut Report<'_>,
        engines: &mut Engines<'_>,
    ) {
        while !self.over() && self.game.moves().len() < max_plies {
            let turn = self.game.position().turn();
            let player = match cfg.players[turn.index()] {
                Player::Agent => break,
                Player::Random => AgentMove::Random,
                Player::Engine { nodes } => AgentMove::Engine(nodes),
            };
            if !cfg.play_out && !self.agents_in(cfg) {
                break;
            }
            let mv = self.choose(player, engines);
            self.play(mv, report);
        }
    }

    /// A new game, played up to the first agent move. From the start no seat can fall
    /// within the three plies before an agent's first turn (tests/vector_env.rs checks
    /// every line), so nothing is decided here and the cap does not apply.
    /// Returns the game it replaced.
    pub(super) fn reset(&mut self, cfg: &Config, engines: &mut Engines<'_>) -> Game {
        let old = std::mem::replace(&mut self.game, Game::new(cfg.ruleset));
        self.decided = SeatSet::EMPTY;
        self.id = self.id.wrapping_add(self.stride);
        self.refresh();
        let (mut rewards, mut seat_terminated) = ([0.0; 4], [false; 4]);
        let mut unused = Report {
            rewards: &mut rewards,
            seat_terminated: &mut seat_terminated,
        };
        self.play_opponents(cfg, usize::MAX, &mut unused, engines);
        old
    }

    /// One step: the agent's move, the opponents' replies, the ends, an automatic
    /// reset of a finished game, and the new outputs.
    pub(super) fn step(
        &mut self,
        cfg: &Config,
        agent: AgentMove,
        mut out: GameOut<'_>,
        engines: &mut Engines<'_>,
    ) {
        out.clear_step();
        self.finished = None;
        if self.over() {
            // Never the case after a step (finished games are reset at once); kept so
            // that no state can make the agent move in a finished game.
            self.reset(cfg, engines);
        }
        let turn = self.game.position().turn();
        let mv = self.choose(agent, engines);
        *out.played = action_of(mv, turn) as i64;
        let mut report = Report {
            rewards: out.rewards,
            seat_terminated: out.seat_terminated,
        };
        self.play(mv, &mut report);
        self.play_opponents(cfg, cfg.max_plies, &mut report, engines);
        let stopped = !cfg.play_out && !self.agents_in(cfg);
        let capped = self.game.moves().len() >= cfg.max_plies;
        if self.over() || stopped || capped {
            let undecided = cfg
                .ruleset
                .seats()
                .iter()
                .filter(|s| !self.decided.contains(*s));
            for seat in undecided {
                out.seat_truncated[seat.index()] = true;
            }
            let agents_decided = cfg.agent_seats().bits() & !self.decided.bits() == 0;
            *out.terminated = agents_decided;
            *out.truncated = !agents_decided;
            *out.drawn = self.game.is_drawn();
            *out.final_plies = self.game.moves().len() as i32;
            self.finished = Some(self.reset(cfg, engines));
        }
        self.write(cfg, out);
    }

    /// Writes the observation, legal list, mask and seat to move, touching only what
    /// changed since the last write.
    pub(super) fn write(&mut self, cfg: &Config, out: GameOut<'_>) {
        let pos = self.game.position();
        let turn = pos.turn();
        let reps = self.game.repetitions();
        update_observation(pos, reps, turn, out.obs, &mut self.obs_set, &mut self.feats);
        let before = (*out.count).max(0) as usize;
        if cfg.masks {
            update_mask_from(&out.legal[..before], out.mask, false);
        }
        for (entry, &mv) in out.legal.iter_mut().zip(self.moves.iter()) {
            *entry = action_of(mv, turn) as i16;
        }
        let now = self.moves.len();
        if before > now {
            out.legal[now..before].fill(NO_ACTION);
        }
        *out.count = now as i32;
        if cfg.masks {
            update_mask_from(&out.legal[..now], out.mask, true);
        }
        *out.to_play = turn.index() as i8;
        *out.game_id = self.id as i64;
    }
}

impl GameOut<'_> {
    /// Clears what a step reports about itself (rewards, ends, the action played).
    pub(super) fn clear_step(&mut self) {
        self.rewards.fill(0.0);
        self.seat_terminated.fill(false);
        self.seat_truncated.fill(false);
        *self.terminated = false;
        *self.truncated = false;
        *self.drawn = false;
        *self.played = -1;
        *self.final_plies = 0;
    }
}
