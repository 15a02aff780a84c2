//! A board snapshot: everything a GUI draws, as plain data, for GUIs that draw the
//! board themselves instead of showing the SVG ([`Position::snapshot`],
//! [`Game::snapshot`]).

use crate::{
    BySeat, EndReason, Game, Piece, PieceKind, Position, Reserve, Ruleset, Seat, SeatSet,
    SeatState, Square, Status,
};

/// A piece as a GUI draws it: owner, kind, whether it is promoted, and which way it
/// points.
///
/// ```
/// use yono::{PieceKind, Position, Seat, Square};
/// let snap = Position::start().snapshot();
/// let king = snap.piece_at("5i".parse::<Square>().unwrap()).unwrap();
/// assert_eq!((king.seat, king.kind, king.promoted), (Seat::South, PieceKind::King, false));
/// assert_eq!(king.facing, Seat::North); // South's pieces point at North's side
/// assert_eq!(king.angle(Seat::South), 0); // upright with South at the bottom
/// assert_eq!(king.angle(Seat::North), 180);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceView {
    /// The owner.
    pub seat: Seat,
    /// The kind (a promoted kind for a promoted piece).
    pub kind: PieceKind,
    /// Whether the piece is promoted (drawn filled, with `+`).
    pub promoted: bool,
    /// The side of the board the piece points toward, named by the seat sitting there:
    /// its owner's opposite (South's pieces face North's side, rank `a`; West's face
    /// East's, file 1).
    pub facing: Seat,
}

impl PieceView {
    /// The view of `piece`.
    pub const fn of(piece: Piece) -> PieceView {
        PieceView {
            seat: piece.seat,
            kind: piece.kind,
            promoted: piece.kind.is_promoted(),
            facing: piece.seat.opposite(),
        }
    }

    /// The piece itself.
    pub const fn piece(&self) -> Piece {
        Piece::new(self.seat, self.kind)
    }

    /// How far, in degrees clockwise (0, 90, 180 or 270), to turn a piece drawn
    /// pointing up when `bottom`'s side of the board is drawn at the bottom (as
    /// [`crate::svg::SvgOptions::orientation`] does).
    ///
    /// ```
    /// use yono::{Piece, PieceKind, PieceView, Seat};
    /// let west = PieceView::of(Piece::new(Seat::West, PieceKind::Pawn));
    /// assert_eq!(west.angle(Seat::South), 90); // points right, toward file 1
    /// assert_eq!(west.angle(Seat::West), 0);
    /// ```
    pub const fn angle(&self, bottom: Seat) -> u16 {
        ((self.seat.index() + 4 - bottom.index()) % 4) as u16 * 90
    }
}

/// Everything a GUI draws for a position, as plain data: per square the piece (owner,
/// kind, promoted, facing), the reserves, each seat's state and score, the seat to
/// move, the status and why the game ended, and the Kings in check.
///
/// ```
/// use yono::{Game, Ruleset, Seat, SeatState, Status};
/// let mut game = Game::new(Ruleset::Yono);
/// game.play("5g5f".parse().unwrap()).unwrap();
/// let snap = game.snapshot();
/// assert_eq!(snap.squares.iter().flatten().count(), 48);
/// assert_eq!(snap.to_move, Some(Seat::West));
/// assert_eq!(snap.seats[Seat::East], SeatState::Playing);
/// assert_eq!(snap.status, Status::Ongoing);
/// assert!(snap.reserves[Seat::South].is_empty());
/// assert!(snap.checks.iter().all(|(_, by)| by.is_empty()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Snapshot {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The piece on each square, by [`Square::index`].
    pub squares: [Option<PieceView>; 81],
    /// Each seat's reserve.
    pub reserves: BySeat<Reserve>,
    /// Each seat's state: playing, checkmated with its score, or not in the ruleset.
    pub seats: BySeat<SeatState>,
    /// Each seat's score once decided ([`Game::scores`]).
    pub scores: BySeat<Option<u8>>,
    /// The seats still in the game.
    pub in_game: SeatSet,
    /// The seat to move, `None` once the game is over (then [`Snapshot::status`] says
    /// who won).
    pub to_move: Option<Seat>,
    /// The move number.
    pub move_number: u32,
    /// The status (a [`Game`]'s includes the repetition rules).
    pub status: Status,
    /// Why the game ended, once it has.
    pub end_reason: Option<EndReason>,
    /// For each seat, the seats threatening its King (check), as
    /// [`Position::threats`].
    pub checks: BySeat<SeatSet>,
}

impl Snapshot {
    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<PieceView> {
        self.squares[sq.index()]
    }

    fn new(
        pos: &Position,
        status: Status,
        end_reason: Option<EndReason>,
        scores: BySeat<Option<u8>>,
    ) -> Snapshot {
        Snapshot {
            ruleset: pos.ruleset(),
            squares: core::array::from_fn(|i| pos.board[i].map(PieceView::of)),
            reserves: pos.reserves,
            seats: pos.seats,
            scores,
            in_game: pos.seats_in_game(),
            to_move: (status == Status::Ongoing).then_some(pos.turn()),
            move_number: pos.move_number(),
            status,
            end_reason,
            checks: pos.threats(),
        }
    }
}

impl Position {
    /// What a GUI draws for this position ([`Snapshot`]). Repetition needs history:
    /// see [`Game::snapshot`].
    ///
    /// ```
    /// use yono::{Position, Seat, Status};
    /// let mut pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    /// pos.play("G*5b".parse().unwrap()).unwrap();
    /// let snap = pos.snapshot();
    /// assert_eq!(snap.status, Status::Won(Seat::South));
    /// assert_eq!(snap.to_move, None);
    /// assert_eq!(snap.scores, [Some(1), None, Some(0), None]);
    /// assert_eq!(snap.checks[Seat::North].iter().collect::<Vec<_>>(), [Seat::South]);
    /// ```
    pub fn snapshot(&self) -> Snapshot {
        let status = self.status();
        let scores = BySeat::from_fn(|s| self.score_given(s, || status));
        Snapshot::new(self, status, self.end_reason_given(status), scores)
    }
}

impl Game {
    /// What a GUI draws for the current position, with the game's status (the
    /// repetition rules included): see [`Snapshot`].
    pub fn snapshot(&self) -> Snapshot {
        Snapshot::new(
            self.position(),
            self.status(),
            self.end_reason(),
            self.scores(),
        )
    }
}
