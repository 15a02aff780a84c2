//! The C vocabulary: the numbers of seats, piece kinds, rulesets, game states, move
//! types and squares, and the plain-data structs `yono_move` and `yono_piece`. Every
//! number that the core also numbers is pinned to the core's by the compile-time
//! assertions at the end, so the two cannot drift apart.

use yono::{EndReason, PieceKind, PromotionStatus, Ruleset, Seat, Square, Status};

/// A seat: one of the YONO_SEAT_* values. Turn order is South, West, North, East.
pub type yono_seat = u8;
/// South (`s`), who moves first.
pub const YONO_SEAT_SOUTH: yono_seat = 0;
/// West (`w`).
pub const YONO_SEAT_WEST: yono_seat = 1;
/// North (`n`).
pub const YONO_SEAT_NORTH: yono_seat = 2;
/// East (`e`).
pub const YONO_SEAT_EAST: yono_seat = 3;
/// No seat: an empty square's owner, the winner of an undecided game.
pub const YONO_SEAT_NONE: yono_seat = 255;

/// A set of seats as bits: bit i (1 << i) is set for the seat with value i
/// (e.g. 0x5 = South and North).
pub type yono_seat_set = u8;

/// A piece kind: one of the YONO_PIECE_* values.
pub type yono_piece_kind = u8;
/// King (K).
pub const YONO_PIECE_KING: yono_piece_kind = 0;
/// Rook (R).
pub const YONO_PIECE_ROOK: yono_piece_kind = 1;
/// Bishop (B).
pub const YONO_PIECE_BISHOP: yono_piece_kind = 2;
/// Gold general (G).
pub const YONO_PIECE_GOLD: yono_piece_kind = 3;
/// Silver general (S).
pub const YONO_PIECE_SILVER: yono_piece_kind = 4;
/// Knight (N).
pub const YONO_PIECE_KNIGHT: yono_piece_kind = 5;
/// Lance (L).
pub const YONO_PIECE_LANCE: yono_piece_kind = 6;
/// Pawn (P).
pub const YONO_PIECE_PAWN: yono_piece_kind = 7;
/// Dragon, promoted Rook (+R).
pub const YONO_PIECE_DRAGON: yono_piece_kind = 8;
/// Horse, promoted Bishop (+B).
pub const YONO_PIECE_HORSE: yono_piece_kind = 9;
/// Promoted Silver (+S).
pub const YONO_PIECE_PROMOTED_SILVER: yono_piece_kind = 10;
/// Promoted Knight (+N).
pub const YONO_PIECE_PROMOTED_KNIGHT: yono_piece_kind = 11;
/// Promoted Lance (+L).
pub const YONO_PIECE_PROMOTED_LANCE: yono_piece_kind = 12;
/// Promoted Pawn, tokin (+P).
pub const YONO_PIECE_PROMOTED_PAWN: yono_piece_kind = 13;
/// No piece (an empty square).
pub const YONO_PIECE_NONE: yono_piece_kind = 255;

/// A ruleset: YONO_RULESET_YONO (four players) or YONO_RULESET_SHOGI (standard
/// two-player Shogi, South = Sente, North = Gote).
pub type yono_ruleset = u8;
/// Yo[n]o Shogi, four players.
pub const YONO_RULESET_YONO: yono_ruleset = 0;
/// Standard Shogi.
pub const YONO_RULESET_SHOGI: yono_ruleset = 1;

/// The state of a game: one of the YONO_GAME_* values.
pub type yono_game_status = u8;
/// The game goes on.
pub const YONO_GAME_ONGOING: yono_game_status = 0;
/// One seat has won (see yono_game_winner()).
pub const YONO_GAME_WON: yono_game_status = 1;
/// The same position occurred for the fourth time: drawn.
pub const YONO_GAME_DRAWN_BY_REPETITION: yono_game_status = 2;

/// How a finished game ended: one of the YONO_END_* values (yono_game_end_reason()).
pub type yono_end_reason = u8;
/// Yo[n]o: every other seat was checkmated; the one left won.
pub const YONO_END_LAST_SEAT_STANDING: yono_end_reason = 0;
/// Standard Shogi: the side to move had no legal move (checkmate) and lost.
pub const YONO_END_NO_LEGAL_MOVE: yono_end_reason = 1;
/// The fourth occurrence of a position: drawn.
pub const YONO_END_REPETITION: yono_end_reason = 2;
/// Standard Shogi: a fourfold repetition in which every move of one side gave check;
/// that side lost.
pub const YONO_END_PERPETUAL_CHECK: yono_end_reason = 3;
/// The game goes on.
pub const YONO_END_NONE: yono_end_reason = 255;

/// The type of a yono_move: one of the YONO_MOVE_* values.
pub type yono_move_type = u8;
/// A piece moves from one square to another.
pub const YONO_MOVE_BOARD: yono_move_type = 0;
/// A reserve piece is dropped onto an empty square.
pub const YONO_MOVE_DROP: yono_move_type = 1;
/// The seat to move passes (allowed only when it has no other legal move).
pub const YONO_MOVE_PASS: yono_move_type = 2;

/// Whether a from→to move may promote: yono_game_promotion_status().
pub type yono_promotion = u8;
/// Only the move without promotion is legal: play it without asking.
pub const YONO_PROMOTION_IMPOSSIBLE: yono_promotion = 0;
/// Both are legal: ask the player.
pub const YONO_PROMOTION_OPTIONAL: yono_promotion = 1;
/// Only the promoting move is legal: play it without asking.
pub const YONO_PROMOTION_COMPULSORY: yono_promotion = 2;
/// No legal move goes from that square to that square.
pub const YONO_PROMOTION_NO_MOVE: yono_promotion = 255;

/// Number of squares. Square values are 0..80: see YONO_SQUARE().
pub const YONO_SQUARE_COUNT: u8 = 81;
/// "No square" in options and results that may name none.
pub const YONO_SQUARE_NONE: u8 = 255;
/// Upper bound on the number of legal moves in any position: an array of this many
/// yono_move always holds yono_game_legal_moves().
pub const YONO_MAX_MOVES: usize = 2115;
/// Buffer size that always holds a move text with its NUL ("8h2b+" is the longest).
pub const YONO_MOVE_TEXT_MAX: usize = 8;

/// The number of kinds a reserve holds (Rook, Bishop, Gold, Silver, Knight, Lance,
/// Pawn): the length of the reserve arrays of yono_board_snapshot and yono_removal,
/// indexed by kind - YONO_PIECE_ROOK.
pub const YONO_RESERVE_KINDS: usize = 7;
/// "No score": a seat whose score is not decided yet (it still plays), or that is not
/// in the ruleset.
pub const YONO_SCORE_NONE: u8 = 255;

/// A move, as plain data: fill it in yourself or get it from the library.
///
/// - Board move (type YONO_MOVE_BOARD): `from` and `to` are squares (0..80, see
///   YONO_SQUARE()), `promote` is 1 to promote and 0 not to. `drop_kind` is ignored.
/// - Drop (type YONO_MOVE_DROP): `drop_kind` is the piece kind (YONO_PIECE_ROOK ..
///   YONO_PIECE_PAWN), `to` the square. `from` and `promote` are ignored.
/// - Pass (type YONO_MOVE_PASS): the other fields are ignored.
///
/// Moves written by the library have every ignored field set to 0.
///
/// cbindgen:field-names=[type, from, to, promote, drop_kind]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct yono_move {
    /// YONO_MOVE_BOARD, YONO_MOVE_DROP or YONO_MOVE_PASS.
    pub type_: yono_move_type,
    /// Origin square of a board move.
    pub from: u8,
    /// Destination square of a board move or drop.
    pub to: u8,
    /// 1 if a board move promotes, else 0.
    pub promote: u8,
    /// Piece kind of a drop (YONO_PIECE_ROOK .. YONO_PIECE_PAWN).
    pub drop_kind: yono_piece_kind,
}

/// What stands on a square: seat and kind, or YONO_SEAT_NONE and YONO_PIECE_NONE
/// for an empty square.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct yono_piece {
    /// The owner (YONO_SEAT_*), YONO_SEAT_NONE if empty.
    pub seat: yono_seat,
    /// The kind (YONO_PIECE_*), YONO_PIECE_NONE if empty.
    pub kind: yono_piece_kind,
}

/// Every C seat number beside the core's seat, in the core's order.
pub(crate) const SEATS: [(yono_seat, Seat); 4] = [
    (YONO_SEAT_SOUTH, Seat::South),
    (YONO_SEAT_WEST, Seat::West),
    (YONO_SEAT_NORTH, Seat::North),
    (YONO_SEAT_EAST, Seat::East),
];

/// Every C piece-kind number beside the core's kind, in the core's order.
pub(crate) const KINDS: [(yono_piece_kind, PieceKind); 14] = [
    (YONO_PIECE_KING, PieceKind::King),
    (YONO_PIECE_ROOK, PieceKind::Rook),
    (YONO_PIECE_BISHOP, PieceKind::Bishop),
    (YONO_PIECE_GOLD, PieceKind::Gold),
    (YONO_PIECE_SILVER, PieceKind::Silver),
    (YONO_PIECE_KNIGHT, PieceKind::Knight),
    (YONO_PIECE_LANCE, PieceKind::Lance),
    (YONO_PIECE_PAWN, PieceKind::Pawn),
    (YONO_PIECE_DRAGON, PieceKind::Dragon),
    (YONO_PIECE_HORSE, PieceKind::Horse),
    (YONO_PIECE_PROMOTED_SILVER, PieceKind::PromotedSilver),
    (YONO_PIECE_PROMOTED_KNIGHT, PieceKind::PromotedKnight),
    (YONO_PIECE_PROMOTED_LANCE, PieceKind::PromotedLance),
    (YONO_PIECE_PROMOTED_PAWN, PieceKind::PromotedPawn),
];

/// Every C ruleset number beside the core's ruleset.
pub(crate) const RULESETS: [(yono_ruleset, Ruleset); 2] = [(YONO_RULESET_YONO, Ruleset::Yono), (YONO_RULESET_SHOGI, Ruleset::Shogi)];

/// Every C game-status number beside a core status of that kind.
const STATUSES: [(yono_game_status, Status); 3] = [
    (YONO_GAME_ONGOING, Status::Ongoing),
    (YONO_GAME_WON, Status::Won(Seat::South)),
    (YONO_GAME_DRAWN_BY_REPETITION, Status::DrawnByRepetition),
];

/// Every C end-reason number beside the core's end reason.
const END_REASONS: [(yono_end_reason, EndReason); 4] = [
    (YONO_END_LAST_SEAT_STANDING, EndReason::LastSeatStanding),
    (YONO_END_NO_LEGAL_MOVE, EndReason::NoLegalMove),
    (YONO_END_REPETITION, EndReason::Repetition),
    (YONO_END_PERPETUAL_CHECK, EndReason::PerpetualCheck),
];

/// Every C promotion number beside the core's promotion status.
const PROMOTIONS: [(yono_promotion, PromotionStatus); 3] = [
    (YONO_PROMOTION_IMPOSSIBLE, PromotionStatus::Impossible),
    (YONO_PROMOTION_OPTIONAL, PromotionStatus::Optional),
    (YONO_PROMOTION_COMPULSORY, PromotionStatus::Compulsory),
];

/// Pins a table of C numbers to the core's vocabulary: the i-th row is the core's
/// value number i (its `index()`, the core's `ALL[i]`), the table has the core's
/// `COUNT` rows, and the "none" number is no value's.
macro_rules! pin {
    ($table:expr, $core:ty, $none:expr) => {{
        let mut i = 0;
        while i < $table.len() {
            assert!($table[i].0 as usize == i && $table[i].1.index() == i);
            assert!(<$core>::ALL[i].index() == i);
            i += 1;
        }
        assert!($table.len() == <$core>::COUNT);
        assert!(<$core>::from_index($none as usize).is_none());
    }};
}

// The pins: each C number is the core's index, the tables cover the core's lists in
// order, the "none" values are no index, and the square formula of YONO_SQUARE() is
// the core's numbering.
const _: () = {
    pin!(SEATS, Seat, YONO_SEAT_NONE);
    pin!(KINDS, PieceKind, YONO_PIECE_NONE);
    pin!(RULESETS, Ruleset, u8::MAX);
    pin!(END_REASONS, EndReason, YONO_END_NONE);
    pin!(PROMOTIONS, PromotionStatus, YONO_PROMOTION_NO_MOVE);
    // Status carries the winner, so it has no ALL: its kinds are numbered by index().
    let mut i = 0;
    while i < STATUSES.len() {
        assert!(STATUSES[i].0 as usize == i && STATUSES[i].1.index() == i);
        i += 1;
    }
    assert!(STATUSES.len() == Status::COUNT);
    // The reserve kinds are the C range YONO_PIECE_ROOK ..= YONO_PIECE_PAWN.
    let mut i = 0;
    while i < PieceKind::HAND.len() {
        assert!(PieceKind::HAND[i].index() == YONO_PIECE_ROOK as usize + i);
        i += 1;
    }
    assert!(YONO_PIECE_PAWN as usize == YONO_PIECE_ROOK as usize + PieceKind::HAND.len() - 1);
    assert!(YONO_SQUARE_COUNT as usize == Square::COUNT && Square::ALL.len() == Square::COUNT);
    assert!(Square::from_index(YONO_SQUARE_NONE as usize).is_none());
    let mut file = 1;
    while file <= 9 {
        let mut rank = 1;
        while rank <= 9 {
            match Square::new(file, rank) {
                // YONO_SQUARE(file, rank) in the header.
                Some(sq) => assert!(sq.index() == (rank as usize - 1) * 9 + (9 - file as usize)),
                None => panic!("every file and rank 1..9 is a square"),
            }
            rank += 1;
        }
        file += 1;
    }
    assert!(YONO_RESERVE_KINDS == PieceKind::HAND.len());
    assert!(YONO_MAX_MOVES == yono::MAX_MOVES);
    // "8h2b+" and its NUL.
    assert!(YONO_MOVE_TEXT_MAX > "8h2b+".len());
};
