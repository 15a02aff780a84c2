//! # yono-ml: Yo\[n\]o Shogi for machine learning
//!
//! The layer between the rules library (`yono`, the yono-core crate) and a learner, in
//! pure Rust (the Python package wraps it with numpy arrays):
//!
//! - **the action index** ([`action_of`], [`move_of`], [`ACTION_SIZE`] = 13,690) and its
//!   factored form ([`ActionParts`]: source square or drop kind, target square,
//!   promotion), all in the frame of the seat to move;
//! - **observation planes** ([`write_observation`], 96 planes of 9 x 9 bytes) and the
//!   legal-action mask ([`write_mask`]);
//! - **rewards** with one rule for ties ([`decided_rewards`]: seats sharing places get
//!   the mean of those places, so every game's rewards add up to zero);
//! - **[`VectorEnv`]**: N games stepped together on a persistent worker pool, with
//!   legal-action lists, per-seat episode ends, random or engine opponents.
//!
//! The frame of a seat is the board turned so that the seat sits South (its camp on
//! ranks g-i): Yo\[n\]o is symmetric under that quarter turn with the seats relabelled,
//! so one network serves every seat. Layouts and measurements: the project's
//! docs/ML.md.
//!
//! ```
//! use yono::{Ruleset, Seat, SeatSet};
//! use yono_ml::{Actions, Config, Player, VectorEnv, OBS_LEN};
//!
//! // 16 games: South is the agent, the other seats play random moves.
//! let config = Config::new(Ruleset::Yono, 16).seed(3).agents(SeatSet::single(Seat::South), Player::Random);
//! let mut env = VectorEnv::new(config).unwrap();
//! assert_eq!(env.observations().len(), 16 * OBS_LEN);
//! assert_eq!(env.legal_actions(0).len(), 12); // South's 12 opening moves
//! env.step(Actions::Random).unwrap();
//! assert!(env.to_play().iter().all(|&s| s == Seat::South.index() as i8));
//! ```

// The worker pool (src/pool.rs) lends the caller's closure to its threads for one
// step; that is the crate's only unsafe code.
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod action;
mod observation;
#[allow(unsafe_code)]
mod pool;
mod reward;
mod vector_env;

pub use action::{
    action_of, move_of, turns_to_south, ActionParts, ACTION_SIZE, BOARD_ACTIONS, DROP_ACTIONS,
    DROP_SOURCE, PASS_ACTION, PASS_SOURCE, SOURCES, TARGETS,
};
pub use observation::{write_mask, write_observation, SizeError, OBS_LEN, OBS_PLANES};
pub use reward::{decided_rewards, draw_place, place_reward, shared_place};
pub use vector_env::{
    Actions, Config, ConfigError, Player, StepError, VectorEnv, DEFAULT_MAX_PLIES, LEGAL_WIDTH,
    NO_ACTION,
};
