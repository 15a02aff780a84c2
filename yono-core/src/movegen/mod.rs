//! Legal moves and drops ([RULES.md §3–§6](crate::rules#3-movement)), and the reasons a move is illegal.
//!
//! Generation works on bitboards and needs no per-move King test. The enemy pieces
//! near the King mark the squares around it they step on; the enemy sliders on the
//! lines of the King and of its free neighbours decide the rest (check, pins, the
//! King's remaining moves), one lookup each (`position/checkmate.rs`, `Safety`).
//! Pinned pieces move only along their pin; in check, the other pieces go only onto
//! the checker or between. Drops are `drops.rs`; one given move is `legality.rs`.

mod drops;
pub(crate) mod error;
mod legality;

use crate::zones::{last_line, promotion_split};
use crate::{attacks, Bitboard, Move, MoveList, NoMoveRule, PieceKind, Position, Seat, Square};

/// Where generated moves go: a list, a counter, or a "does any exist" probe. Board
/// moves arrive per origin as two destination sets, so counting never builds a move.
pub(crate) trait MoveSink {
    /// Moves of the piece on `from`: promoting onto `promote`, not onto `plain`.
    fn board(&mut self, from: Square, promote: Bitboard, plain: Bitboard);
    /// Drops of `kind` onto `to`.
    fn drops(&mut self, kind: PieceKind, to: Bitboard);
    /// Pawn steps: each lands on a square of `promote` (promoting) or `plain` and
    /// started `delta` index steps back.
    fn shifted(&mut self, delta: i8, promote: Bitboard, plain: Bitboard) {
        for (set, promoting) in [(promote, true), (plain, false)] {
            for to in set {
                if let Some(from) =
                    Square::from_index(to.index().wrapping_add_signed(-delta as isize))
                {
                    let bb = Bitboard::from_square(to);
                    if promoting {
                        self.board(from, bb, Bitboard::EMPTY);
                    } else {
                        self.board(from, Bitboard::EMPTY, bb);
                    }
                }
            }
        }
    }
    /// Whether generation may stop now.
    fn satisfied(&self) -> bool {
        false
    }
    /// The origins whose moves the sink wants (board moves only).
    #[inline]
    fn origins(&self) -> Bitboard {
        Bitboard::FULL
    }
    /// The destinations the sink wants (board moves and drops).
    #[inline]
    fn targets(&self) -> Bitboard {
        Bitboard::FULL
    }
    /// Whether the sink wants drops.
    #[inline]
    fn wants_drops(&self) -> bool {
        true
    }
}

/// One batch of legal moves handed out by [`Position::generate_moves`]: the moves of
/// the piece on one square as destination sets, the drops of one kind, or `pass`.
///
/// A board move to a square of `promote` promotes, to a square of `plain` does not;
/// a square in both may do either, a square only in `promote` must promote.
/// Iterating a set yields its [`Move`]s, promotion variants included.
///
/// ```
/// use yono::{Move, MoveSet, Position};
/// let pos = Position::start();
/// let mut moves = Vec::new();
/// pos.generate_moves(|set| {
///     moves.extend(set);
///     false // keep going
/// });
/// assert_eq!(moves.len(), pos.legal_moves().len());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveSet {
    /// The moves of the piece on `from`.
    Board {
        /// The square the piece moves from.
        from: Square,
        /// Destinations reached promoting.
        promote: Bitboard,
        /// Destinations reached without promoting.
        plain: Bitboard,
    },
    /// Drops of `kind` from the mover's reserve.
    Drop {
        /// The kind dropped.
        kind: PieceKind,
        /// The squares it may be dropped on.
        to: Bitboard,
    },
    /// `pass`: the only legal move of a Yo\[n\]o seat that has no other.
    Pass,
}

impl MoveSet {
    /// The number of moves in the set (promotion variants count separately).
    ///
    /// ```
    /// let mut n = 0;
    /// yono::Position::start().generate_moves(|set| {
    ///     n += set.len();
    ///     false
    /// });
    /// assert_eq!(n, 12);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        match *self {
            MoveSet::Board { promote, plain, .. } => (promote.count() + plain.count()) as usize,
            MoveSet::Drop { to, .. } => to.count() as usize,
            MoveSet::Pass => 1,
        }
    }

    /// Whether the set has no move (generation never hands out an empty set).
    ///
    /// ```
    /// assert!(!yono::MoveSet::Pass.is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `mv` is one of the set's moves.
    ///
    /// ```
    /// use yono::{Move, MoveSet};
    /// assert!(MoveSet::Pass.contains(Move::Pass));
    /// ```
    pub fn contains(&self, mv: Move) -> bool {
        match (*self, mv) {
            (
                MoveSet::Board {
                    from: f,
                    promote: p,
                    plain,
                },
                Move::Board { from, to, promote },
            ) => {
                f == from
                    && if promote {
                        p.contains(to)
                    } else {
                        plain.contains(to)
                    }
            }
            (MoveSet::Drop { kind: k, to: t }, Move::Drop { kind, to }) => {
                k == kind && t.contains(to)
            }
            (MoveSet::Pass, Move::Pass) => true,
            _ => false,
        }
    }
}

/// The moves of a [`MoveSet`], promoting ones first for each origin.
#[derive(Clone, Debug)]
pub struct MoveSetIter {
    set: MoveSet,
    pass_done: bool,
}

impl Iterator for MoveSetIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        match &mut self.set {
            MoveSet::Board {
                from,
                promote,
                plain,
            } => {
                if let Some(to) = promote.first() {
                    *promote = promote.without(to);
                    Some(Move::Board {
                        from: *from,
                        to,
                        promote: true,
                    })
                } else {
                    let to = plain.first()?;
                    *plain = plain.without(to);
                    Some(Move::Board {
                        from: *from,
                        to,
                        promote: false,
                    })
                }
            }
            MoveSet::Drop { kind, to } => {
                let sq = to.first()?;
                *to = to.without(sq);
                Some(Move::Drop {
                    kind: *kind,
                    to: sq,
                })
            }
            MoveSet::Pass => {
                if self.pass_done {
                    None
                } else {
                    self.pass_done = true;
                    Some(Move::Pass)
                }
            }
        }
    }
}

impl IntoIterator for MoveSet {
    type Item = Move;
    type IntoIter = MoveSetIter;
    fn into_iter(self) -> MoveSetIter {
        MoveSetIter {
            set: self,
            pass_done: false,
        }
    }
}

/// Hands each batch to a callback until it says stop.
struct Callback<F> {
    f: F,
    origins: Bitboard,
    targets: Bitboard,
    drops: bool,
    stopped: bool,
    /// Whether any batch was handed out (else `pass` may be due).
    any: bool,
}

impl<F: FnMut(MoveSet) -> bool> MoveSink for Callback<F> {
    #[inline]
    fn board(&mut self, from: Square, promote: Bitboard, plain: Bitboard) {
        if !self.stopped {
            self.any = true;
            self.stopped = (self.f)(MoveSet::Board {
                from,
                promote,
                plain,
            });
        }
    }
    #[inline]
    fn drops(&mut self, kind: PieceKind, to: Bitboard) {
        if !self.stopped {
            self.any = true;
            self.stopped = (self.f)(MoveSet::Drop { kind, to });
        }
    }
    #[inline]
    fn satisfied(&self) -> bool {
        self.stopped
    }
    #[inline]
    fn origins(&self) -> Bitboard {
        self.origins
    }
    #[inline]
    fn targets(&self) -> Bitboard {
        self.targets
    }
    #[inline]
    fn wants_drops(&self) -> bool {
        self.drops
    }
}

impl MoveSink for MoveList {
    #[inline]
    fn board(&mut self, from: Square, promote: Bitboard, plain: Bitboard) {
        for to in promote {
            self.push(Move::Board {
                from,
                to,
                promote: true,
            });
        }
        for to in plain {
            self.push(Move::Board {
                from,
                to,
                promote: false,
            });
        }
    }
    #[inline]
    fn drops(&mut self, kind: PieceKind, to: Bitboard) {
        for to in to {
            self.push(Move::Drop { kind, to });
        }
    }
    #[inline]
    fn shifted(&mut self, delta: i8, promote: Bitboard, plain: Bitboard) {
        for (set, promoting) in [(promote, true), (plain, false)] {
            for to in set {
                // Every square of the sets is a step of `delta` from a Pawn on the board.
                let from =
                    Square::from_index_unchecked(to.index().wrapping_add_signed(-delta as isize));
                self.push(Move::Board {
                    from,
                    to,
                    promote: promoting,
                });
            }
        }
    }
}

/// Counts moves without building them.
struct Counter(u64);

impl MoveSink for Counter {
    #[inline]
    fn board(&mut self, _: Square, promote: Bitboard, plain: Bitboard) {
        self.0 += (promote.count() + plain.count()) as u64;
    }
    #[inline]
    fn shifted(&mut self, _: i8, promote: Bitboard, plain: Bitboard) {
        self.0 += (promote.count() + plain.count()) as u64;
    }
    #[inline]
    fn drops(&mut self, _: PieceKind, to: Bitboard) {
        self.0 += to.count() as u64;
    }
}

/// Stops at the first move.
struct AnyMove(bool);

impl MoveSink for AnyMove {
    fn board(&mut self, _: Square, promote: Bitboard, plain: Bitboard) {
        self.0 |= promote.any() || plain.any();
    }
    fn shifted(&mut self, _: i8, promote: Bitboard, plain: Bitboard) {
        self.0 |= promote.any() || plain.any();
    }
    fn drops(&mut self, _: PieceKind, to: Bitboard) {
        self.0 |= to.any();
    }
    fn satisfied(&self) -> bool {
        self.0
    }
}

impl Position {
    /// All legal moves of the seat to move; `pass` exactly when nothing else is legal
    /// (Yo\[n\]o); nothing once the game is over.
    ///
    /// ```
    /// let pos = yono::Position::start();
    /// assert_eq!(pos.legal_moves().len(), 12);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// [`Position::legal_moves`] into a list the caller reuses.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        if self.in_game.len() <= 1 {
            return;
        }
        self.generate(self.turn, list);
        if list.is_empty() && self.ruleset.no_move_rule() == NoMoveRule::Pass {
            list.push(Move::Pass);
        }
    }

    /// The number of legal moves (`pass` included), counted without building them:
    /// the fast way to finish a perft.
    ///
    /// ```
    /// let pos = yono::Position::start();
    /// assert_eq!(pos.count_legal_moves(), pos.legal_moves().len() as u64);
    /// ```
    pub fn count_legal_moves(&self) -> u64 {
        if self.in_game.len() <= 1 {
            return 0;
        }
        let mut counter = Counter(0);
        self.generate(self.turn, &mut counter);
        if counter.0 == 0 && self.ruleset.no_move_rule() == NoMoveRule::Pass {
            1
        } else {
            counter.0
        }
    }

    /// The fast path to the legal moves: hands them to `f` in batches ([`MoveSet`]:
    /// the destinations of one piece, the drops of one kind, or `pass`) without
    /// building a list or allocating. `f` returns `true` to stop early; the call
    /// returns whether it was stopped. The moves are exactly those of
    /// [`Position::legal_moves`] (`pass` when nothing else is legal in Yo\[n\]o;
    /// nothing once the game is over).
    ///
    /// ```
    /// use yono::{MoveSet, Position};
    /// let pos = Position::start();
    /// let mut count = 0;
    /// pos.generate_moves(|set| {
    ///     count += set.len();
    ///     false
    /// });
    /// assert_eq!(count as u64, pos.count_legal_moves());
    ///
    /// // Early exit: is there a drop?
    /// let found = pos.generate_moves(|set| matches!(set, MoveSet::Drop { .. }));
    /// assert!(!found);
    /// ```
    #[inline]
    pub fn generate_moves(&self, f: impl FnMut(MoveSet) -> bool) -> bool {
        if self.in_game.len() <= 1 {
            return false;
        }
        let mut sink = Callback {
            f,
            origins: Bitboard::FULL,
            targets: Bitboard::FULL,
            drops: true,
            stopped: false,
            any: false,
        };
        self.generate(self.turn, &mut sink);
        if !sink.any && self.ruleset.no_move_rule() == NoMoveRule::Pass {
            sink.stopped = (sink.f)(MoveSet::Pass);
        }
        sink.stopped
    }

    /// [`Position::generate_moves`] restricted to the board moves of the pieces on
    /// `origins` (no drops, no `pass`): the moves of `legal_moves()` whose origin is
    /// in `origins`.
    ///
    /// ```
    /// use yono::{Bitboard, Position, Square};
    /// let pos = Position::start();
    /// let from: Square = "5g".parse().unwrap();
    /// let mut n = 0;
    /// pos.generate_moves_for(Bitboard::from_square(from), |set| {
    ///     n += set.len();
    ///     false
    /// });
    /// assert_eq!(n, 1); // the Pawn's one step
    /// ```
    #[inline]
    pub fn generate_moves_for(&self, origins: Bitboard, f: impl FnMut(MoveSet) -> bool) -> bool {
        self.generate_board_moves(origins, Bitboard::FULL, f)
    }

    /// [`Position::generate_moves`] restricted to the board moves from `origins` to
    /// `targets` (no drops, no `pass`): the moves of `legal_moves()` whose origin is
    /// in `origins` and whose destination is in `targets`. Cheaper than filtering
    /// the moves of every piece: a piece with no move onto `targets` is never handed
    /// out, and the King's other moves are not tested at all. A search's captures:
    ///
    /// ```
    /// use yono::{Move, Position};
    /// let pos = Position::from_sfen("4k4/9/4p4/9/9/9/9/4R4/4K4 b - 1").unwrap();
    /// let own = pos.pieces(pos.turn());
    /// let enemies = pos.occupied() & !own;
    /// let mut captures = Vec::new();
    /// pos.generate_board_moves(own, enemies, |set| {
    ///     captures.extend(set);
    ///     false
    /// });
    /// assert_eq!(captures, ["5h5c+".parse::<Move>().unwrap(), "5h5c".parse().unwrap()]);
    /// ```
    #[inline]
    pub fn generate_board_moves(
        &self,
        origins: Bitboard,
        targets: Bitboard,
        f: impl FnMut(MoveSet) -> bool,
    ) -> bool {
        if self.in_game.len() <= 1 {
            return false;
        }
        let mut sink = Callback {
            f,
            origins,
            targets,
            drops: false,
            stopped: false,
            any: false,
        };
        self.generate(self.turn, &mut sink);
        sink.stopped
    }

    /// Whether the seat to move has a legal move other than `pass`.
    pub fn has_legal_move(&self) -> bool {
        self.in_game.len() > 1 && self.seat_has_move(self.turn)
    }

    /// Whether `seat` would have a legal move (not counting `pass`) if it moved now.
    pub(crate) fn seat_has_move(&self, seat: Seat) -> bool {
        let mut probe = AnyMove(false);
        self.generate(seat, &mut probe);
        probe.0
    }

    /// Whether `mv` is legal for the seat to move.
    ///
    /// ```
    /// let pos = yono::Position::start();
    /// assert!(pos.is_legal("5g5f".parse().unwrap()));
    /// assert!(!pos.is_legal("pass".parse().unwrap()));
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Legal moves of any `seat` into `sink` (the uchifuzume test asks about a seat
    /// that is not to move). `pass` is the caller's business.
    pub(crate) fn generate<S: MoveSink>(&self, seat: Seat, sink: &mut S) {
        let targets = sink.targets();
        let safety = self.safety(seat, targets);
        let own = self.by_seat[seat.index()];
        let occupied = self.occupied;
        let zone = self.ruleset.promotion_zone(seat);
        let k = &self.by_kind;
        // Every piece but the King and the pinned ones may go wherever it reaches
        // (in check: wherever that answers the check), of the squares the sink wants.
        let allowed = !own & safety.evasions & targets;
        let origins = sink.origins();
        let free = own & !safety.pinned & !k[PieceKind::King.index()] & origins;

        // Free Pawns all at once: one shift moves each a step forward. A Pawn only
        // moves deeper, so it may promote exactly when it lands in the zone.
        let pawns = free & k[PieceKind::Pawn.index()];
        if pawns.any() {
            let (to, delta) = step_forward(seat, pawns);
            let to = to & allowed;
            if to.any() {
                sink.shifted(delta, to & zone, to & !last_line(seat));
                if sink.satisfied() {
                    return;
                }
            }
        }

        macro_rules! free_pieces {
            ($pieces:expr, $kind:expr, $from:ident => $attacks:expr) => {
                for $from in free & $pieces {
                    let targets = $attacks & allowed;
                    if targets.any() {
                        let (promote, plain) = promotion_split(seat, $kind, $from, targets);
                        sink.board($from, promote, plain);
                        if sink.satisfied() {
                            return;
                        }
                    }
                }
            };
        }
        use PieceKind::*;
        free_pieces!(k[Knight.index()], Knight, f => attacks::knight_attacks(seat, f));
        free_pieces!(k[Silver.index()], Silver, f => attacks::silver_attacks(seat, f));
        free_pieces!(k[Lance.index()], Lance, f => attacks::lance_attacks(seat, f, occupied));
        free_pieces!(k[Rook.index()], Rook, f => attacks::rook_attacks(f, occupied));
        free_pieces!(k[Bishop.index()], Bishop, f => attacks::bishop_attacks(f, occupied));
        // Gold and the four pieces that move like it: one pass, none of them promotes.
        // (Four ORs here cost less than handing `safety`'s groups out of it.)
        let gold_like = k[Gold.index()]
            | k[PromotedPawn.index()]
            | k[PromotedSilver.index()]
            | k[PromotedKnight.index()]
            | k[PromotedLance.index()];
        free_pieces!(gold_like, Gold, f => attacks::gold_attacks(seat, f));
        let dragons = k[Dragon.index()];
        let horses = k[Horse.index()];
        if (free & (dragons | horses)).any() {
            free_pieces!(
                dragons,
                Dragon,
                f => attacks::rook_attacks(f, occupied) | attacks::king_attacks(f)
            );
            free_pieces!(
                horses,
                Horse,
                f => attacks::bishop_attacks(f, occupied) | attacks::king_attacks(f)
            );
        }

        if let Some(king) = safety.king {
            // A pinned piece may only slide along its pin, toward the pinner or onto it.
            for from in safety.pinned & origins {
                let Some(piece) = self.board[from.index()] else {
                    continue;
                };
                let targets = attacks::attacks(seat, piece.kind, from, occupied)
                    & allowed
                    & attacks::ray_through(king, from);
                if targets.any() {
                    let (promote, plain) = promotion_split(seat, piece.kind, from, targets);
                    sink.board(from, promote, plain);
                    if sink.satisfied() {
                        return;
                    }
                }
            }
            if safety.king_moves.any() && origins.contains(king) {
                sink.board(king, Bitboard::EMPTY, safety.king_moves);
                if sink.satisfied() {
                    return;
                }
            }
        }
        let reserve = self.reserves[seat.index()];
        if reserve.is_empty() || !sink.wants_drops() {
            return;
        }
        let empty = !self.occupied & self.ruleset.drop_zone(seat) & targets;
        for (kind, _) in reserve.iter() {
            // In check, a drop can only block the single checker's line, and then it
            // answers the check completely.
            let mut to = self.drop_squares(seat, kind, empty & safety.evasions);
            if kind == PieceKind::Pawn {
                for sq in to & self.uchifuzume_candidates(seat) {
                    if self.drop_is_uchifuzume(seat, sq) {
                        to = to.without(sq);
                    }
                }
            }
            if to.any() {
                sink.drops(kind, to);
                if sink.satisfied() {
                    return;
                }
            }
        }
    }
}

/// Every piece of `pieces` one step forward for `seat`, and the index change of that
/// step. Pieces that would leave the board are dropped.
#[inline]
pub(crate) fn step_forward(seat: Seat, pieces: Bitboard) -> (Bitboard, i8) {
    match seat {
        Seat::South => (Bitboard(pieces.0 >> 9), -9),
        Seat::North => (Bitboard(pieces.0 << 9) & Bitboard::FULL, 9),
        Seat::West => (Bitboard((pieces & !last_line(Seat::West)).0 << 1), 1),
        Seat::East => (Bitboard((pieces & !last_line(Seat::East)).0 >> 1), -1),
    }
}
