//! Legal moves and drops (RULES.md §3–§6), and the reasons a move is illegal.
//!
//! Generation works on bitboards and needs no per-move King test. The enemy pieces
//! near the King mark the squares around it they step on; the enemy sliders on the
//! lines of the King and of its free neighbours decide the rest (check, pins, the
//! King's remaining moves), one lookup each. Pinned pieces move only along their pin;
//! in check, the other pieces go only onto the checker or between.

use crate::attacks;
use crate::position::AttackerGroups;
use crate::ruleset::{dead_squares, last_line, pawn_line, BINDINGS};
use crate::{Bitboard, IllegalMove, Move, MoveList, NoMoveRule, PieceKind, Position, Seat, Square};

/// Per-seat facts the King-safety filter needs, computed once per generation.
struct Safety {
    king: Option<Square>,
    /// Where a piece other than the King may go: anywhere when not in check; in check,
    /// onto the one checker or between it and the King (nowhere against two checkers).
    evasions: Bitboard,
    /// The King's legal destinations.
    king_moves: Bitboard,
    /// Own pieces standing alone between the King and an enemy slider aimed at it.
    pinned: Bitboard,
}
/// The King of the seat to move: whether it is in check and which of its pieces are
/// pinned ([`Position::king_facts`]).
#[derive(Copy, Clone, Debug)]
pub(crate) struct KingFacts {
    king: Option<Square>,
    in_check: bool,
    pinned: Bitboard,
}

/// What the enemy sliders on the King's lines do: pin, or give check.
struct KingLines {
    pinned: Bitboard,
    checked: bool,
}

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

    fn safety(&self, seat: Seat) -> Safety {
        let own = self.by_seat[seat.index()];
        let groups = self.attacker_groups();
        let Some(k) = self.king(seat) else {
            return Safety {
                king: None,
                evasions: Bitboard::FULL,
                king_moves: Bitboard::EMPTY,
                pinned: Bitboard::EMPTY,
            };
        };
        let enemies = self.in_game.without(seat);
        let enemy_pieces = self.occupied & !own;
        let stepped_on = self.stepped_on_around(&groups, k, enemy_pieces);
        let lines = self.king_lines(&groups, own, k, enemy_pieces);
        let mut king_moves = attacks::king_attacks(k) & !own & !stepped_on;
        // Sliders, only for the squares the King could still go to (and with the King
        // lifted off, so that it cannot hide behind itself).
        let occupied = self.occupied.without(k);
        for to in king_moves {
            let sliders = groups.sliders_on_lines(to) & enemy_pieces;
            if self.slider_reaches(&groups, to, sliders, occupied) {
                king_moves = king_moves.without(to);
            }
        }
        let evasions = if stepped_on.contains(k) || lines.checked {
            let checkers = enemies.iter().fold(Bitboard::EMPTY, |acc, by| {
                acc | self.attackers_to(&groups, by, k, self.occupied, Bitboard::EMPTY)
            });
            match checkers.first() {
                Some(c) if !checkers.more_than_one() => attacks::between(k, c).with(c),
                _ => Bitboard::EMPTY,
            }
        } else {
            Bitboard::FULL
        };
        Safety {
            king: Some(k),
            evasions,
            king_moves,
            pinned: lines.pinned,
        }
    }

    /// The King's square and its neighbours that an enemy one-step piece or Knight
    /// reaches: computed piece by piece for the few pieces near enough, instead of
    /// testing each square against each enemy seat. Nothing here branches on which
    /// seats have pieces near: in Yo\[n\]o that branch, taken or not at random, was the
    /// most mispredicted one of the whole generation.
    #[inline]
    fn stepped_on_around(
        &self,
        g: &AttackerGroups,
        king: Square,
        enemy_pieces: Bitboard,
    ) -> Bitboard {
        // A one-step piece reaches the King's neighbourhood only from two steps away,
        // a Knight from three.
        let close = enemy_pieces & attacks::within_two_steps(king);
        // Every seat's Pawns at once, each seat's stepping its own way.
        let pawns = close & g.pawn;
        let mut reached = Seat::ALL.iter().fold(Bitboard::EMPTY, |acc, &seat| {
            acc | step_forward(seat, pawns & self.by_seat[seat.index()]).0
        });
        let steppers = close & (g.silver | g.gold_like | g.king_like)
            | enemy_pieces & g.knight & attacks::within_three_steps(king);
        for p in steppers {
            if let Some(piece) = self.board[p.index()] {
                reached |= attacks::steps(piece.seat, piece.kind, p);
            }
        }
        reached
    }

    /// Whether one of `sliders` (enemy Rooks, Bishops, Dragons, Horses and Lances on
    /// a line through `sq`) slides onto `sq` with `occupied` as the board: one lookup
    /// per slider.
    #[inline]
    fn slider_reaches(
        &self,
        g: &AttackerGroups,
        sq: Square,
        sliders: Bitboard,
        occupied: Bitboard,
    ) -> bool {
        sliders.into_iter().any(|slider| {
            (attacks::between(sq, slider) & occupied).is_empty() && self.slides_at(g, slider, sq)
        })
    }

    /// Whether the slider on `slider`, on a line through `target`, slides that way:
    /// always but for a Lance, which slides one way only.
    #[inline]
    fn slides_at(&self, g: &AttackerGroups, slider: Square, target: Square) -> bool {
        !g.lance.contains(slider)
            || self.board[slider.index()].is_some_and(|piece| {
                attacks::lance_attacks(piece.seat, slider, Bitboard::EMPTY).contains(target)
            })
    }

    /// One pass over the enemy sliders on the King's lines: the own pieces standing
    /// alone between the King and a slider aimed at it (pinned), and whether a slider
    /// with nothing in between gives check.
    #[inline]
    fn king_lines(
        &self,
        g: &AttackerGroups,
        own: Bitboard,
        king: Square,
        enemy_pieces: Bitboard,
    ) -> KingLines {
        let mut lines = KingLines {
            pinned: Bitboard::EMPTY,
            checked: false,
        };
        for slider in g.sliders_on_lines(king) & enemy_pieces {
            let blockers = attacks::between(king, slider) & self.occupied;
            if blockers.more_than_one() || (blockers.any() && (blockers & own).is_empty()) {
                continue;
            }
            if self.slides_at(g, slider, king) {
                if blockers.is_empty() {
                    lines.checked = true;
                } else {
                    lines.pinned |= blockers;
                }
            }
        }
        lines
    }

    /// Whether the King of `seat` is unthreatened after a piece of `kind` goes from
    /// `from` (`None` for a drop) to `to`: one direct test, cheaper than the
    /// per-position facts generation gathers when only one move is asked about.
    fn king_safe_after(
        &self,
        seat: Seat,
        kind: PieceKind,
        from: Option<Square>,
        to: Square,
    ) -> bool {
        let target = if kind == PieceKind::King {
            to
        } else {
            match self.king(seat) {
                Some(k) => k,
                None => return true,
            }
        };
        let to_bb = Bitboard::from_square(to);
        let mut occupied = self.occupied | to_bb;
        if let Some(f) = from {
            occupied = occupied.without(f);
        }
        let groups = self.attacker_groups();
        !self
            .in_game
            .without(seat)
            .iter()
            .any(|by| self.attacks_square_with(&groups, by, target, occupied, to_bb))
    }

    /// Whether the King of the seat to move is unthreatened after a piece of `kind`
    /// goes from `from` (`None` for a drop) to `to`. With the position's facts and the
    /// King not in check, only a pinned piece can expose it, and only by leaving its
    /// pin line; a drop never can.
    fn king_stays_safe(
        &self,
        facts: Option<&KingFacts>,
        kind: PieceKind,
        from: Option<Square>,
        to: Square,
    ) -> bool {
        match facts {
            Some(f) if kind != PieceKind::King && !f.in_check => match (from, f.king) {
                (Some(from), Some(king)) if f.pinned.contains(from) => {
                    attacks::ray_through(king, from).contains(to)
                }
                _ => true,
            },
            _ => self.king_safe_after(self.turn, kind, from, to),
        }
    }

    /// Legal moves of any `seat` into `sink` (the uchifuzume test asks about a seat
    /// that is not to move). `pass` is the caller's business.
    pub(crate) fn generate<S: MoveSink>(&self, seat: Seat, sink: &mut S) {
        let safety = self.safety(seat);
        let own = self.by_seat[seat.index()];
        let occupied = self.occupied;
        let zone = self.ruleset.promotion_zone(seat);
        let k = &self.by_kind;
        // Every piece but the King and the pinned ones may go wherever it reaches
        // (in check: wherever that answers the check).
        let allowed = !own & safety.evasions;
        let free = own & !safety.pinned & !k[PieceKind::King.index()];

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
                        let (promote, plain) = split_promotions($kind, seat, zone, $from, targets);
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
            for from in safety.pinned {
                let Some(piece) = self.board[from.index()] else {
                    continue;
                };
                let targets = attacks::attacks(seat, piece.kind, from, occupied)
                    & allowed
                    & attacks::ray_through(king, from);
                if targets.any() {
                    let (promote, plain) = split_promotions(piece.kind, seat, zone, from, targets);
                    sink.board(from, promote, plain);
                    if sink.satisfied() {
                        return;
                    }
                }
            }
            if safety.king_moves.any() {
                sink.board(king, Bitboard::EMPTY, safety.king_moves);
                if sink.satisfied() {
                    return;
                }
            }
        }
        let reserve = self.reserves[seat.index()];
        if reserve.is_empty() {
            return;
        }
        let empty = !self.occupied & self.ruleset.drop_zone(seat);
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

    /// Squares where a Pawn of `seat` would stand right in front of another seat's
    /// King: the only drops the uchifuzume rule can forbid.
    fn uchifuzume_candidates(&self, seat: Seat) -> Bitboard {
        let kings = self.by_kind[PieceKind::King.index()] & !self.by_seat[seat.index()];
        kings.into_iter().fold(Bitboard::EMPTY, |acc, k| {
            acc | attacks::pawn_attacks(seat.opposite(), k)
        })
    }

    /// Empty drop-zone squares where a `kind` of `seat` may land, by the last-line,
    /// nifu and binding rules (not yet King safety or uchifuzume).
    fn drop_squares(&self, seat: Seat, kind: PieceKind, empty_in_zone: Bitboard) -> Bitboard {
        let mut squares = empty_in_zone & !dead_squares(seat, kind);
        match kind {
            PieceKind::Pawn => {
                for pawn in self.pieces_of(seat, PieceKind::Pawn) {
                    squares &= !pawn_line(seat, pawn);
                }
            }
            PieceKind::Bishop if self.ruleset.binding_limit() => {
                let bishops = self.pieces_of(seat, PieceKind::Bishop);
                for binding in BINDINGS {
                    if (bishops & binding).count() >= 2 {
                        squares &= !binding;
                    }
                }
            }
            _ => {}
        }
        squares
    }

    /// RULES.md §5 uchifuzume: the Pawn dropped on `to` threatens another seat's King
    /// whose owner, moving right after the drop, would have no legal move.
    fn drop_is_uchifuzume(&self, seat: Seat, to: Square) -> bool {
        let Some(front) = attacks::pawn_attacks(seat, to).first() else {
            return false;
        };
        match self.board[front.index()] {
            Some(p) if p.kind == PieceKind::King && p.seat != seat => !self
                .with_drop(seat, PieceKind::Pawn, to)
                .seat_has_move(p.seat),
            _ => false,
        }
    }

    /// Checks `mv` for the seat to move and says why it is illegal.
    ///
    /// ```
    /// use yono::{IllegalMove, Position};
    /// let pos = Position::start();
    /// assert_eq!(pos.check_move("P*5e".parse().unwrap()),
    ///            Err(IllegalMove::NotInReserve(yono::PieceKind::Pawn)));
    /// ```
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        self.check_move_with(mv, None)
    }

    /// What the King-safety step of [`Position::check_move`] needs to know about this
    /// position, found once for every move tried in it (see [`crate::Game::play`]).
    pub(crate) fn king_facts(&self) -> KingFacts {
        let seat = self.turn;
        let Some(king) = self.king(seat) else {
            return KingFacts {
                king: None,
                in_check: false,
                pinned: Bitboard::EMPTY,
            };
        };
        let own = self.by_seat[seat.index()];
        let groups = self.attacker_groups();
        let in_check =
            self.in_game.without(seat).iter().any(|by| {
                self.attacks_square_with(&groups, by, king, self.occupied, Bitboard::EMPTY)
            });
        KingFacts {
            king: Some(king),
            in_check,
            pinned: self
                .king_lines(&groups, own, king, self.occupied & !own)
                .pinned,
        }
    }

    /// [`Position::check_move`], with this position's [`KingFacts`] when the caller
    /// has them: then most moves need no attack test at all.
    pub(crate) fn check_move_with(
        &self,
        mv: Move,
        facts: Option<&KingFacts>,
    ) -> Result<(), IllegalMove> {
        if self.in_game.len() <= 1 {
            return Err(IllegalMove::GameOver);
        }
        let verdict = self.check_move_in_game(mv, facts);
        // A Shogi seat without a legal move has lost: say so rather than naming the
        // particular reason this move fails.
        if verdict.is_err()
            && self.ruleset.no_move_rule() == NoMoveRule::Lose
            && !self.seat_has_move(self.turn)
        {
            return Err(IllegalMove::GameOver);
        }
        verdict
    }

    fn check_move_in_game(&self, mv: Move, facts: Option<&KingFacts>) -> Result<(), IllegalMove> {
        let seat = self.turn;
        match mv {
            Move::Pass => {
                // (A Shogi seat without moves has lost: `check_move` says GameOver.)
                if self.ruleset.no_move_rule() == NoMoveRule::Pass && !self.seat_has_move(seat) {
                    Ok(())
                } else {
                    Err(IllegalMove::PassNotAllowed)
                }
            }
            Move::Board { from, to, promote } => {
                let piece = self.board[from.index()]
                    .filter(|p| p.seat == seat)
                    .ok_or(IllegalMove::NoPieceToMove(from))?;
                if self.by_seat[seat.index()].contains(to) {
                    return Err(IllegalMove::OwnPiece(to));
                }
                if !attacks::attacks(seat, piece.kind, from, self.occupied).contains(to) {
                    return Err(IllegalMove::UnreachableSquare { from, to });
                }
                let zone = self.ruleset.promotion_zone(seat);
                let can_promote =
                    piece.kind.promoted().is_some() && (zone.contains(from) || zone.contains(to));
                if promote && !can_promote {
                    return Err(IllegalMove::CannotPromote);
                }
                if !promote && dead_squares(seat, piece.kind).contains(to) {
                    return Err(IllegalMove::MustPromote);
                }
                if !self.king_stays_safe(facts, piece.kind, Some(from), to) {
                    return Err(IllegalMove::KingThreatened);
                }
                Ok(())
            }
            Move::Drop { kind, to } => {
                if self.reserves[seat.index()].count(kind) == 0 || kind.is_promoted() {
                    return Err(IllegalMove::NotInReserve(kind));
                }
                if self.occupied.contains(to) {
                    return Err(IllegalMove::Occupied(to));
                }
                if !self.ruleset.drop_zone(seat).contains(to) {
                    return Err(IllegalMove::OutsideDropZone(to));
                }
                if dead_squares(seat, kind).contains(to) {
                    return Err(IllegalMove::DeadDrop { kind, square: to });
                }
                let allowed = self.drop_squares(seat, kind, Bitboard::from_square(to));
                if !allowed.contains(to) {
                    return Err(match kind {
                        PieceKind::Pawn => IllegalMove::Nifu(to),
                        _ => IllegalMove::BindingLimit(to),
                    });
                }
                if !self.king_stays_safe(facts, kind, None, to) {
                    return Err(IllegalMove::KingThreatened);
                }
                if kind == PieceKind::Pawn && self.drop_is_uchifuzume(seat, to) {
                    return Err(IllegalMove::Uchifuzume(to));
                }
                Ok(())
            }
        }
    }
}

/// Every piece of `pieces` one step forward for `seat`, and the index change of that
/// step. Pieces that would leave the board are dropped.
#[inline]
fn step_forward(seat: Seat, pieces: Bitboard) -> (Bitboard, i8) {
    match seat {
        Seat::South => (Bitboard(pieces.0 >> 9), -9),
        Seat::North => (Bitboard(pieces.0 << 9) & Bitboard::FULL, 9),
        Seat::West => (Bitboard((pieces & !last_line(Seat::West)).0 << 1), 1),
        Seat::East => (Bitboard((pieces & !last_line(Seat::East)).0 >> 1), -1),
    }
}

/// Splits the destinations of a `kind` on `from` into promoting and non-promoting
/// moves: promotion is possible into, out of or within the zone, and compulsory
/// where the piece could never move again.
#[inline]
fn split_promotions(
    kind: PieceKind,
    seat: Seat,
    zone: Bitboard,
    from: Square,
    targets: Bitboard,
) -> (Bitboard, Bitboard) {
    if kind.promoted().is_none() {
        (Bitboard::EMPTY, targets)
    } else if zone.contains(from) {
        (targets, targets & !dead_squares(seat, kind))
    } else {
        (targets & zone, targets & !dead_squares(seat, kind))
    }
}
