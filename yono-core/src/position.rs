//! A valid position: pieces, reserves, who is still in the game, whose turn it is.
//!
//! Only [`Position::from_setup`] (and the parsers built on it) creates one from
//! outside data, so every `Position` satisfies the invariants of RULES.md §8.

use crate::attacks::{self, bishop_attacks, king_attacks, lance_attacks, rook_attacks};
use crate::ruleset::{dead_squares, pawn_line};
use crate::setup::{SeatState, Setup};
use crate::zobrist::{reserve_key, KEYS};
use crate::{
    Bitboard, Error, Move, MoveError, Piece, PieceKind, PositionError, Reserve, Ruleset, Seat,
    SeatSet, Square,
};

/// The state of a game without its history (see [`crate::Game`] for repetition).
///
/// Cheap to copy (a few hundred bytes), so copy-make is the way to try a move.
///
/// ```
/// use yono::{Position, Seat};
/// let mut pos = Position::start();
/// assert_eq!(pos.turn(), Seat::South);
/// pos.play_text("5g5f").unwrap();
/// assert_eq!(pos.turn(), Seat::West);
/// assert_eq!(pos.move_number(), 2);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) ruleset: Ruleset,
    pub(crate) board: [Option<Piece>; 81],
    pub(crate) by_seat: [Bitboard; 4],
    pub(crate) by_kind: [Bitboard; 14],
    pub(crate) occupied: Bitboard,
    pub(crate) reserves: [Reserve; 4],
    pub(crate) seats: [SeatState; 4],
    pub(crate) in_game: SeatSet,
    pub(crate) turn: Seat,
    pub(crate) move_number: u32,
    pub(crate) key: u64,
}

/// Whether the game goes on, and how it ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// The seat to move has a move (possibly `pass`).
    Ongoing,
    /// One seat is left (Yo\[n\]o), or the seat to move has no legal move (Shogi).
    Won(Seat),
    /// The same position occurred for the fourth time (only a [`crate::Game`] knows).
    DrawnByRepetition,
}

/// Pieces grouped by the way they attack: one union per movement pattern.
#[derive(Copy, Clone)]
pub(crate) struct AttackerGroups {
    pub(crate) pawn: Bitboard,
    pub(crate) knight: Bitboard,
    pub(crate) silver: Bitboard,
    pub(crate) gold_like: Bitboard,
    pub(crate) king_like: Bitboard,
    pub(crate) rook_like: Bitboard,
    pub(crate) bishop_like: Bitboard,
    pub(crate) lance: Bitboard,
}

impl AttackerGroups {
    /// The Rooks, Bishops, Dragons, Horses and Lances (any seat, any aim) standing on a
    /// line through `sq`: the only pieces that can pin toward it or be uncovered onto it.
    #[inline]
    pub(crate) fn sliders_on_lines(&self, sq: Square) -> Bitboard {
        attacks::orthogonal_lines(sq) & (self.rook_like | self.lance)
            | attacks::diagonal_lines(sq) & self.bishop_like
    }
}

/// Per position: which Kings the next seat could threaten after a move, depending on
/// where the move starts ([`Position::checkmate_hint`]).
pub(crate) struct CheckmateHint {
    /// The seat that moves after the move.
    next: Seat,
    /// Seats whose King `next` already threatens: always tested.
    threatened: SeatSet,
    /// For the other seats, by index: the squares between their King and a slider of
    /// `next` aimed along a line at it.
    watch: [Bitboard; 4],
    /// The union of `watch`.
    watched: Bitboard,
}

/// What [`Position::unplay`] needs to take a move back.
#[derive(Clone, Debug)]
pub(crate) struct Unplay {
    key: u64,
    turn: Seat,
    move_number: u32,
    /// The piece on the move's `from` square (before any promotion), and the piece it
    /// captured.
    moved: Option<Piece>,
    captured: Option<Piece>,
    /// The position just before the checkmate rule removed a seat, if it did (rare).
    before_fall: Option<Box<Position>>,
}

/// Seats eliminated by one call of [`Position::play`], in the order they fell.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Eliminations {
    /// Seats removed, with the score each received, in the order they fell.
    fallen: [(Option<Seat>, u8); 4],
    len: usize,
}

impl Eliminations {
    /// `(seat, score)` for each seat that fell.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, u8)> + '_ {
        self.fallen[..self.len]
            .iter()
            .filter_map(|(s, score)| s.map(|s| (s, *score)))
    }
    /// Whether nobody fell.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// How many fell.
    pub fn len(&self) -> usize {
        self.len
    }
    fn push(&mut self, seat: Seat, score: u8) {
        if self.len < 4 {
            self.fallen[self.len] = (Some(seat), score);
            self.len += 1;
        }
    }
}

impl Position {
    /// The Yo\[n\]o Shogi start position (RULES.md §2).
    pub fn start() -> Position {
        Position::new(Ruleset::Yono)
    }

    /// The start position of `ruleset`.
    ///
    /// ```
    /// use yono::{Position, Ruleset};
    /// assert_eq!(Position::new(Ruleset::Shogi).legal_moves().len(), 30);
    /// ```
    pub fn new(ruleset: Ruleset) -> Position {
        // The start texts are constants checked by the tests, so this cannot fail.
        match Position::from_text(ruleset.start_text()) {
            Ok(pos) => pos,
            Err(e) => unreachable!("built-in start position is invalid: {e}"),
        }
    }

    /// Parses and validates position text (RULES.md §8). The ruleset comes from the
    /// seats field (`s-n-` is standard Shogi).
    ///
    /// ```
    /// use yono::{Position, Error, ErrorCode};
    /// let pos = Position::from_text(yono::ruleset::YONO_START).unwrap();
    /// assert_eq!(pos.text(), yono::ruleset::YONO_START);
    /// let err = Position::from_text("9/9/9 s -/-/-/- swne 1").unwrap_err();
    /// assert_eq!(err.code(), "rank_count");
    /// ```
    pub fn from_text(text: &str) -> Result<Position, Error> {
        let setup: Setup = text.parse()?;
        Ok(Position::from_setup(&setup)?)
    }

    /// Builds a position from a standard Shogi SFEN.
    ///
    /// ```
    /// let pos = yono::Position::from_sfen(
    ///     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap();
    /// assert_eq!(pos, yono::Position::new(yono::Ruleset::Shogi));
    /// ```
    pub fn from_sfen(sfen: &str) -> Result<Position, Error> {
        let setup = Setup::from_sfen(sfen)?;
        Ok(Position::from_setup(&setup)?)
    }

    /// The canonical position text.
    pub fn text(&self) -> String {
        self.to_setup().to_string()
    }

    /// The SFEN of a standard Shogi position; `None` for Yo\[n\]o.
    pub fn sfen(&self) -> Option<String> {
        self.to_setup().to_sfen()
    }

    /// Validates `setup` against every rule of RULES.md §8.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let ruleset = setup.ruleset().ok_or(PositionError::NoRuleset)?;
        let mut pos = Position {
            ruleset,
            board: [None; 81],
            by_seat: [Bitboard::EMPTY; 4],
            by_kind: [Bitboard::EMPTY; 14],
            occupied: Bitboard::EMPTY,
            reserves: setup.reserves,
            seats: setup.seats,
            in_game: SeatSet::EMPTY,
            turn: setup.turn,
            move_number: setup.move_number,
            key: 0,
        };
        for seat in Seat::ALL {
            if setup.seats[seat.index()] == SeatState::Playing {
                pos.in_game = pos.in_game.with(seat);
            }
        }
        if !pos.in_game.contains(setup.turn) {
            return Err(PositionError::TurnNotInGame(setup.turn));
        }
        check_scores(ruleset, &setup.seats, pos.in_game)?;
        for sq in Square::all() {
            if let Some(piece) = setup.board[sq.index()] {
                if !ruleset.seats().contains(piece.seat) {
                    return Err(PositionError::SeatNotInRuleset(piece.seat));
                }
                if !pos.in_game.contains(piece.seat) {
                    return Err(PositionError::PieceOfSeatNotInGame { piece, square: sq });
                }
                if dead_squares(piece.seat, piece.kind).contains(sq) {
                    return Err(PositionError::DeadPiece { piece, square: sq });
                }
                pos.put(sq, piece);
            }
        }
        for seat in Seat::ALL {
            if setup.reserves[seat.index()].is_empty() {
                continue;
            }
            if !ruleset.seats().contains(seat) {
                return Err(PositionError::SeatNotInRuleset(seat));
            }
            if !pos.in_game.contains(seat) {
                return Err(PositionError::ReserveOfSeatNotInGame(seat));
            }
        }
        for seat in pos.in_game.iter() {
            let kings = (pos.by_seat[seat.index()] & pos.by_kind[PieceKind::King.index()]).count();
            match kings {
                0 => return Err(PositionError::MissingKing(seat)),
                1 => {}
                count => return Err(PositionError::TooManyKings { seat, count }),
            }
        }
        for kind in PieceKind::ALL.into_iter().filter(|k| !k.is_promoted()) {
            let mut count = pos.by_kind[kind.index()].count();
            if let Some(promoted) = kind.promoted() {
                count += pos.by_kind[promoted.index()].count();
            }
            count += pos
                .reserves
                .iter()
                .map(|r| r.count(kind) as u32)
                .sum::<u32>();
            let max = ruleset.supply(kind);
            if count > max as u32 {
                return Err(PositionError::TooManyPieces { kind, count, max });
            }
        }
        for seat in pos.in_game.iter() {
            let mut pawns = pos.pieces_of(seat, PieceKind::Pawn);
            while let Some(first) = pawns.first() {
                pawns = pawns.without(first);
                if let Some(second) = (pawns & pawn_line(seat, first)).first() {
                    return Err(PositionError::Nifu {
                        seat,
                        first,
                        second,
                    });
                }
            }
        }
        for victim in pos.in_game.without(pos.turn).iter() {
            if pos.threatened_by(victim).contains(pos.turn) {
                return Err(PositionError::KingCapturable {
                    attacker: pos.turn,
                    victim,
                });
            }
        }
        pos.key = pos.compute_key();
        Ok(pos)
    }

    /// The unvalidated description of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            reserves: self.reserves,
            seats: self.seats,
            move_number: self.move_number,
        }
    }

    /// The ruleset.
    #[inline]
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }
    /// The seat to move. Once the game is over this is still the seat whose turn it
    /// would be: in Yo[n]o the winner (the only seat left), in Shogi the checkmated
    /// side (checkmate there is having no move on one's turn). Who won: [`Position::status`];
    /// who lost: [`Position::lost_seats`].
    #[inline]
    pub fn turn(&self) -> Seat {
        self.turn
    }
    /// The seats still in the game.
    #[inline]
    pub fn seats_in_game(&self) -> SeatSet {
        self.in_game
    }
    /// Whether `seat` is playing, out with a score, or not part of the ruleset.
    #[inline]
    pub fn seat_state(&self, seat: Seat) -> SeatState {
        self.seats[seat.index()]
    }
    /// The move number: 1 at the start, +1 after every move or pass.
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }
    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }
    /// The reserve of `seat`.
    #[inline]
    pub fn reserve(&self, seat: Seat) -> &Reserve {
        &self.reserves[seat.index()]
    }
    /// Squares holding pieces of `seat`.
    #[inline]
    pub fn pieces(&self, seat: Seat) -> Bitboard {
        self.by_seat[seat.index()]
    }
    /// Squares holding pieces of `kind` (any seat).
    #[inline]
    pub fn kind_squares(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }
    /// Squares holding pieces of `seat` and `kind`.
    #[inline]
    pub fn pieces_of(&self, seat: Seat, kind: PieceKind) -> Bitboard {
        self.by_seat[seat.index()] & self.by_kind[kind.index()]
    }
    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }
    /// Where the King of `seat` stands (`None` once the seat is out).
    #[inline]
    pub fn king(&self, seat: Seat) -> Option<Square> {
        self.pieces_of(seat, PieceKind::King).first()
    }
    /// The Zobrist key: board, reserves, seat to move and seats in the game
    /// (what RULES.md §6 compares for repetition), maintained incrementally.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key computed from scratch; always equal to [`Position::key`].
    pub fn compute_key(&self) -> u64 {
        let mut key = KEYS.turn[self.turn.index()];
        for seat in self.in_game.iter() {
            key ^= KEYS.in_game[seat.index()];
        }
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                key ^= KEYS.piece[p.seat.index()][p.kind.index()][sq.index()];
            }
        }
        for (s, reserve) in self.reserves.iter().enumerate() {
            for (h, &count) in reserve.0.iter().enumerate() {
                key ^= reserve_key(s, h, count);
            }
        }
        key
    }

    // ---- attacks and threats -------------------------------------------------------

    /// The pieces grouped by how they attack, for [`Position::attacks_square`].
    #[inline]
    pub(crate) fn attacker_groups(&self) -> AttackerGroups {
        let k = &self.by_kind;
        AttackerGroups {
            pawn: k[PieceKind::Pawn.index()],
            knight: k[PieceKind::Knight.index()],
            silver: k[PieceKind::Silver.index()],
            gold_like: k[PieceKind::Gold.index()]
                | k[PieceKind::PromotedSilver.index()]
                | k[PieceKind::PromotedKnight.index()]
                | k[PieceKind::PromotedLance.index()]
                | k[PieceKind::PromotedPawn.index()],
            king_like: k[PieceKind::King.index()]
                | k[PieceKind::Dragon.index()]
                | k[PieceKind::Horse.index()],
            rook_like: k[PieceKind::Rook.index()] | k[PieceKind::Dragon.index()],
            bishop_like: k[PieceKind::Bishop.index()] | k[PieceKind::Horse.index()],
            lance: k[PieceKind::Lance.index()],
        }
    }

    /// Whether a piece of `by` could move onto `sq`, with `occupied` as the board's
    /// occupancy and the pieces on `ignore` left out (a capture about to happen).
    pub(crate) fn attacks_square(
        &self,
        by: Seat,
        sq: Square,
        occupied: Bitboard,
        ignore: Bitboard,
    ) -> bool {
        self.attacks_square_with(&self.attacker_groups(), by, sq, occupied, ignore)
    }

    /// [`Position::attacks_square`] with the groups computed once by the caller.
    #[inline]
    pub(crate) fn attacks_square_with(
        &self,
        g: &AttackerGroups,
        by: Seat,
        sq: Square,
        occupied: Bitboard,
        ignore: Bitboard,
    ) -> bool {
        self.find_attackers::<true>(g, by, sq, occupied, ignore)
            .any()
    }

    /// The pieces of `by` that could move onto `sq`, with `occupied` as the board's
    /// occupancy and the pieces on `ignore` left out (a capture about to happen).
    #[inline]
    pub(crate) fn attackers_to(
        &self,
        g: &AttackerGroups,
        by: Seat,
        sq: Square,
        occupied: Bitboard,
        ignore: Bitboard,
    ) -> Bitboard {
        self.find_attackers::<false>(g, by, sq, occupied, ignore)
    }

    /// [`Position::attackers_to`]; with `ANY`, stops at the first group that attacks.
    #[inline]
    fn find_attackers<const ANY: bool>(
        &self,
        g: &AttackerGroups,
        by: Seat,
        sq: Square,
        occupied: Bitboard,
        ignore: Bitboard,
    ) -> Bitboard {
        let them = self.by_seat[by.index()] & !ignore;
        if them.is_empty() {
            return Bitboard::EMPTY;
        }
        // A piece of `by` on x reaches sq exactly when a piece of the seat facing the
        // other way on sq reaches x: step tables are read backwards through `opposite`.
        let back = by.opposite();
        let mut found = ((attacks::pawn_attacks(back, sq) & g.pawn)
            | (attacks::knight_attacks(back, sq) & g.knight)
            | (attacks::silver_attacks(back, sq) & g.silver)
            | (attacks::gold_attacks(back, sq) & g.gold_like)
            | (king_attacks(sq) & g.king_like))
            & them;
        if ANY && found.any() {
            return found;
        }
        // Sliders only when one stands on a line through sq at all.
        let rook_like = g.rook_like & them & attacks::orthogonal_lines(sq);
        if rook_like.any() {
            found |= rook_attacks(sq, occupied) & rook_like;
            if ANY && found.any() {
                return found;
            }
        }
        let bishop_like = g.bishop_like & them & attacks::diagonal_lines(sq);
        if bishop_like.any() {
            found |= bishop_attacks(sq, occupied) & bishop_like;
            if ANY && found.any() {
                return found;
            }
        }
        let lances = g.lance & them & attacks::ray(attacks::lance_direction(back), sq);
        if lances.any() {
            found |= lance_attacks(back, sq, occupied) & lances;
        }
        found
    }

    /// Whether any seat in `by` could move onto `sq` (see [`Self::attacks_square`]).
    #[cfg(test)]
    pub(crate) fn attacked_by_any(
        &self,
        by: SeatSet,
        sq: Square,
        occupied: Bitboard,
        ignore: Bitboard,
    ) -> bool {
        by.iter()
            .any(|seat| self.attacks_square(seat, sq, occupied, ignore))
    }

    /// The seats (still in the game) that threaten the King of `seat` (RULES.md §6).
    /// Empty for a seat without a King.
    ///
    /// ```
    /// let pos = yono::Position::start();
    /// assert!(pos.threatened_by(yono::Seat::South).is_empty());
    /// ```
    pub fn threatened_by(&self, seat: Seat) -> SeatSet {
        let Some(king) = self.king(seat) else {
            return SeatSet::EMPTY;
        };
        self.in_game
            .without(seat)
            .iter()
            .filter(|&by| self.attacks_square(by, king, self.occupied, Bitboard::EMPTY))
            .collect()
    }

    /// For each seat (by index), the seats threatening its King: what a GUI shows as
    /// check.
    pub fn threats(&self) -> [SeatSet; 4] {
        Seat::ALL.map(|s| self.threatened_by(s))
    }

    /// Whether the King of the seat to move is threatened.
    pub fn is_check(&self) -> bool {
        !self.threatened_by(self.turn).is_empty()
    }

    // ---- status and scores ---------------------------------------------------------

    /// Whether the game is still on, or who won. Repetition needs history: see
    /// [`crate::Game::status`].
    pub fn status(&self) -> Status {
        if self.in_game.len() <= 1 {
            return Status::Won(self.turn);
        }
        if self.ruleset.no_move_rule() == crate::NoMoveRule::Lose && !self.has_legal_move() {
            if let Some(winner) = self.in_game.without(self.turn).iter().next() {
                return Status::Won(winner);
            }
        }
        Status::Ongoing
    }

    /// Whether the game has ended (won; a [`crate::Game`] also knows repetition).
    pub fn is_game_over(&self) -> bool {
        self.status() != Status::Ongoing
    }

    /// The score of `seat` once it is decided: a checkmated seat's score, and at the
    /// end of a won game the winner's ([`Ruleset::max_score`]) and, in Shogi, the
    /// loser's 0. `None` while undecided or for a seat not in the ruleset.
    pub fn score(&self, seat: Seat) -> Option<u8> {
        self.score_given(seat, || self.status())
    }

    /// [`Position::score`] for every seat, by seat index.
    pub fn scores(&self) -> [Option<u8>; 4] {
        // The status may cost a move search (Shogi): find it at most once.
        let status = std::cell::OnceCell::new();
        Seat::ALL.map(|s| self.score_given(s, || *status.get_or_init(|| self.status())))
    }

    fn score_given(&self, seat: Seat, status: impl FnOnce() -> Status) -> Option<u8> {
        match self.seats[seat.index()] {
            SeatState::Out(score) => Some(score),
            SeatState::Absent => None,
            SeatState::Playing => match status() {
                Status::Won(w) if w == seat => Some(self.ruleset.max_score()),
                Status::Won(_) => Some(0),
                _ => None,
            },
        }
    }

    // ---- playing -------------------------------------------------------------------

    /// Plays a legal move, then applies the checkmate rule of RULES.md §6. Returns
    /// the seats that fell. The position is unchanged when the move is rejected.
    ///
    /// ```
    /// use yono::{Position, Move};
    /// let mut pos = Position::start();
    /// let err = pos.play(Move::from_usi("5i4g").unwrap()).unwrap_err();
    /// assert!(err.to_string().contains("cannot move"));
    /// assert_eq!(pos, Position::start());
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<Eliminations, MoveError> {
        self.check_move(mv)
            .map_err(|reason| MoveError::Illegal { mv, reason })?;
        Ok(self.play_unchecked(mv))
    }

    /// Parses move text and plays it (see [`Position::play`]).
    pub fn play_text(&mut self, text: &str) -> Result<Eliminations, MoveError> {
        let mv = Move::from_usi(text)?;
        self.play(mv)
    }

    /// Parses move text and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = Move::from_usi(text)?;
        self.check_move(mv)
            .map_err(|reason| MoveError::Illegal { mv, reason })?;
        Ok(mv)
    }

    /// Plays `mv`, which must be legal (from [`Position::legal_moves`]); an illegal
    /// move leaves the position in an unspecified but memory-safe state.
    pub fn play_unchecked(&mut self, mv: Move) -> Eliminations {
        self.play_observed(mv, |_| {})
    }

    /// [`Position::play_unchecked`], showing `before_fall` the position just before
    /// the checkmate rule removes the first seat (when it removes one).
    fn play_observed(&mut self, mv: Move, before_fall: impl FnOnce(&Position)) -> Eliminations {
        let mover = self.turn;
        let next = self.next_in_game(mover);
        self.apply_and_pass_turn(mv, next);
        // A legal move leaves the mover's King unthreatened by every seat, so the first
        // round need not look at it; a pass is the one move that may not.
        let mut suspects = self.in_game.without(next);
        if mv != Move::Pass {
            suspects = suspects.without(mover);
        }
        self.resolve_checkmates(suspects, before_fall)
    }

    /// [`Position::play_unchecked`], returning what [`Position::unplay`] needs to take
    /// the move back: a few bytes, or (when a seat fell) the position before the fall.
    pub(crate) fn play_reversibly(&mut self, mv: Move) -> Unplay {
        let (moved, captured) = match mv {
            Move::Board { from, to, .. } => (self.board[from.index()], self.board[to.index()]),
            _ => (None, None),
        };
        let mut unplay = Unplay {
            key: self.key,
            turn: self.turn,
            move_number: self.move_number,
            moved,
            captured,
            before_fall: None,
        };
        self.play_observed(mv, |before| {
            unplay.before_fall = Some(Box::new(before.clone()))
        });
        unplay
    }

    /// Takes back `mv`, played by [`Position::play_reversibly`] which returned `unplay`.
    pub(crate) fn unplay(&mut self, mv: Move, unplay: Unplay) {
        if let Some(before) = unplay.before_fall {
            *self = *before;
        }
        let mover = unplay.turn;
        // The key is restored whole at the end, so the pieces move without it.
        match mv {
            Move::Board { from, to, .. } => {
                // Without a piece on `from` the move changed nothing on the board.
                if let Some(piece) = unplay.moved {
                    self.lift(to);
                    self.place(from, piece);
                    if let Some(captured) = unplay.captured {
                        if let Some(h) = captured.kind.unpromoted().hand_index() {
                            let count = &mut self.reserves[mover.index()].0[h];
                            *count = count.saturating_sub(1);
                        }
                        self.place(to, captured);
                    }
                }
            }
            Move::Drop { kind, to } => {
                self.lift(to);
                if let Some(h) = kind.hand_index() {
                    let count = &mut self.reserves[mover.index()].0[h];
                    *count = count.saturating_add(1);
                }
            }
            Move::Pass => {}
        }
        self.move_number = unplay.move_number;
        self.turn = mover;
        self.key = unplay.key;
    }

    /// What [`Position::play_hinted`] needs to know about this position: for each seat
    /// that the next seat could checkmate, where a move must start to expose its King.
    /// Computed once, it serves every legal move of the position.
    pub(crate) fn checkmate_hint(&self) -> CheckmateHint {
        let mover = self.turn;
        let next = self.next_in_game(mover);
        let mut hint = CheckmateHint {
            next,
            threatened: SeatSet::EMPTY,
            watch: [Bitboard::EMPTY; 4],
            watched: Bitboard::EMPTY,
        };
        let groups = self.attacker_groups();
        let theirs = self.by_seat[next.index()];
        for seat in self.in_game.without(next).without(mover).iter() {
            let Some(king) = self.king(seat) else {
                continue;
            };
            if self.attacks_square_with(&groups, next, king, self.occupied, Bitboard::EMPTY) {
                hint.threatened = hint.threatened.with(seat);
                continue;
            }
            // Not threatened yet: only a piece leaving a line between the King and a
            // slider of the next seat can change that (arriving pieces only block).
            let mut watch = Bitboard::EMPTY;
            for sniper in groups.sliders_on_lines(king) & theirs {
                watch |= attacks::between(king, sniper);
            }
            hint.watch[seat.index()] = watch;
            hint.watched |= watch;
        }
        hint
    }

    /// [`Position::play_unchecked`] for a legal move of the position `hint` was made
    /// for, skipping the first-round checkmate tests the hint shows cannot succeed.
    pub(crate) fn play_hinted(&mut self, mv: Move, hint: &CheckmateHint) -> Eliminations {
        let mut suspects = hint.threatened;
        match mv {
            Move::Board { from, .. } if hint.watched.contains(from) => {
                for seat in Seat::ALL {
                    if hint.watch[seat.index()].contains(from) {
                        suspects = suspects.with(seat);
                    }
                }
            }
            // A pass may leave the mover's own King threatened: test everything.
            Move::Pass => return self.play_unchecked(mv),
            _ => {}
        }
        self.apply_and_pass_turn(mv, hint.next);
        self.resolve_checkmates(suspects, |_| {})
    }

    /// The move of the seat to move, then the turn to `next`; the checkmate rule is
    /// the caller's next step.
    #[inline]
    fn apply_and_pass_turn(&mut self, mv: Move, next: Seat) {
        self.apply_move(self.turn, mv);
        self.move_number = self.move_number.saturating_add(1);
        self.set_turn(next);
    }

    /// The move itself: captures into the reserve, promotion, drops. The turn and the
    /// checkmate rule are [`Position::play_unchecked`]'s business.
    pub(crate) fn apply_move(&mut self, mover: Seat, mv: Move) {
        match mv {
            Move::Board { from, to, promote } => {
                if let Some(piece) = self.remove(from) {
                    if let Some(captured) = self.remove(to) {
                        self.add_to_reserve(mover, captured.kind.unpromoted());
                    }
                    let kind = if promote {
                        piece.kind.promoted().unwrap_or(piece.kind)
                    } else {
                        piece.kind
                    };
                    self.put(to, Piece::new(mover, kind));
                }
            }
            Move::Drop { kind, to } => {
                self.take_from_reserve(mover, kind);
                self.put(to, Piece::new(mover, kind));
            }
            Move::Pass => {}
        }
    }

    /// The next seat in the game after `seat`, clockwise.
    pub(crate) fn next_in_game(&self, seat: Seat) -> Seat {
        let mut s = seat.next();
        while !self.in_game.contains(s) && s != seat {
            s = s.next();
        }
        s
    }

    /// RULES.md §6: the seat about to move checkmates, in rounds, every King it
    /// threatens; seats falling in one round count each other as still in. The first
    /// round tests only `suspects` (the caller knows the others are safe); later rounds
    /// test every seat, since removals open lines.
    /// `before_fall` sees the position just before the first seat is removed.
    fn resolve_checkmates(
        &mut self,
        mut suspects: SeatSet,
        before_fall: impl FnOnce(&Position),
    ) -> Eliminations {
        let mut before_fall = Some(before_fall);
        let mut fallen = Eliminations::default();
        let p = self.turn;
        while !suspects.is_empty() {
            let groups = self.attacker_groups();
            let round: SeatSet = suspects
                .iter()
                .filter(|&s| {
                    self.king(s).is_some_and(|k| {
                        self.attacks_square_with(&groups, p, k, self.occupied, Bitboard::EMPTY)
                    })
                })
                .collect();
            if round.is_empty() {
                return fallen;
            }
            if let Some(observe) = before_fall.take() {
                observe(self);
            }
            suspects = self.in_game.without(p);
            let others = self.in_game.len() as u8 - 1;
            let score = self.ruleset.max_score().saturating_sub(others);
            for seat in round.iter() {
                self.eliminate(seat, score);
                fallen.push(seat, score);
            }
        }
        fallen
    }

    fn eliminate(&mut self, seat: Seat, score: u8) {
        for sq in self.by_seat[seat.index()] {
            self.remove(sq);
        }
        for (h, count) in self.reserves[seat.index()].0.iter_mut().enumerate() {
            self.key ^= reserve_key(seat.index(), h, *count);
            *count = 0;
        }
        self.seats[seat.index()] = SeatState::Out(score);
        self.in_game = self.in_game.without(seat);
        self.key ^= KEYS.in_game[seat.index()];
    }

    fn set_turn(&mut self, seat: Seat) {
        self.key ^= KEYS.turn[self.turn.index()] ^ KEYS.turn[seat.index()];
        self.turn = seat;
    }

    #[inline]
    fn put(&mut self, sq: Square, piece: Piece) {
        self.place(sq, piece);
        self.key ^= KEYS.piece[piece.seat.index()][piece.kind.index()][sq.index()];
    }

    #[inline]
    fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.lift(sq)?;
        self.key ^= KEYS.piece[piece.seat.index()][piece.kind.index()][sq.index()];
        Some(piece)
    }

    /// [`Position::put`] without the key.
    #[inline]
    fn place(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = Some(piece);
        self.by_seat[piece.seat.index()] |= bb;
        self.by_kind[piece.kind.index()] |= bb;
        self.occupied |= bb;
    }

    /// [`Position::remove`] without the key.
    #[inline]
    fn lift(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board[sq.index()].take()?;
        let bb = !Bitboard::from_square(sq);
        self.by_seat[piece.seat.index()] &= bb;
        self.by_kind[piece.kind.index()] &= bb;
        self.occupied &= bb;
        Some(piece)
    }

    fn add_to_reserve(&mut self, seat: Seat, kind: PieceKind) {
        if let Some(h) = kind.hand_index() {
            let count = &mut self.reserves[seat.index()].0[h];
            self.key ^= reserve_key(seat.index(), h, *count);
            *count = count.saturating_add(1);
            self.key ^= reserve_key(seat.index(), h, *count);
        }
    }

    fn take_from_reserve(&mut self, seat: Seat, kind: PieceKind) {
        if let Some(h) = kind.hand_index() {
            let count = &mut self.reserves[seat.index()].0[h];
            self.key ^= reserve_key(seat.index(), h, *count);
            *count = count.saturating_sub(1);
            self.key ^= reserve_key(seat.index(), h, *count);
        }
    }

    /// A copy with a piece dropped, for look-ahead such as the uchifuzume test.
    pub(crate) fn with_drop(&self, seat: Seat, kind: PieceKind, to: Square) -> Position {
        let mut after = self.clone();
        after.apply_move(seat, Move::Drop { kind, to });
        after
    }
}

/// Every score must be possible for the ruleset and fit the order of checkmates: a seat
/// that scored `k` fell when `players - k` seats (itself included) were in the game.
fn check_scores(
    ruleset: Ruleset,
    seats: &[SeatState; 4],
    in_game: SeatSet,
) -> Result<(), PositionError> {
    let max = ruleset.max_score().saturating_sub(1);
    let players = ruleset.seats().len();
    for seat in Seat::ALL {
        if let SeatState::Out(score) = seats[seat.index()] {
            if score > max {
                return Err(PositionError::ScoreOutOfRange { seat, score, max });
            }
            let at_least = seats
                .iter()
                .filter(|s| matches!(s, SeatState::Out(o) if *o >= score))
                .count();
            if in_game.len() + at_least != players - score as usize {
                return Err(PositionError::InconsistentScore { seat, score });
            }
        }
    }
    Ok(())
}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.key.hash(state);
        self.move_number.hash(state);
    }
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Position({:?})", self.text())
    }
}
