//! What a step takes ([`Actions`]) and why it is refused ([`StepError`]).

/// Why a step was refused (nothing was played).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StepError {
    /// Not one action per game.
    #[error("expected {expected} actions (one per game), got {got}")]
    WrongCount {
        /// The number of games.
        expected: usize,
        /// The number of actions given.
        got: usize,
    },
    /// An action index that is not a legal move of the seat to move.
    #[error("action {action} is not legal in game {game} ({seat} to move)")]
    IllegalAction {
        /// The game.
        game: usize,
        /// The action given.
        action: i64,
        /// The seat to move there.
        seat: &'static str,
    },
    /// An index into the legal-action list outside the list.
    #[error("choice {choice} is outside game {game}'s list of {count} legal actions")]
    ChoiceOutOfRange {
        /// The game.
        game: usize,
        /// The index given.
        choice: i64,
        /// The length of that game's list.
        count: usize,
    },
    /// An engine asked to search 0 nodes.
    #[error("the engine needs a node budget of at least 1")]
    NoNodes,
}

/// What the agents play in a step.
#[derive(Clone, Copy, Debug)]
pub enum Actions<'a> {
    /// A uniformly random legal move in every game.
    Random,
    /// `actions[i]`: an action index (mover's frame) legal in game `i`.
    Indices(&'a [i64]),
    /// `choices[i]`: an index into game `i`'s legal-action list
    /// ([`VectorEnv::legal_actions`]).
    Choices(&'a [i64]),
    /// The engine's move at this node budget, in every game.
    Engine {
        /// The node budget of each search.
        nodes: u64,
    },
}
