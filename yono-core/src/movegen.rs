//! Legal moves and drops (RULES.md §3–§6), and the reasons a move is illegal.
//!
//! Generation is pseudo-legal by bitboards, then a King-safety filter that only does
//! real work for King moves, pieces on a line through their King, and when in check.

use crate::attacks::{self, lines_through};
use crate::ruleset::{dead_squares, pawn_line, BINDINGS};
use crate::{
    Bitboard, IllegalMove, Move, MoveList, NoMoveRule, PieceKind, Position, Seat, SeatSet, Square,
};

/// Per-seat facts the King-safety filter needs, computed once per generation.
struct Safety {
    king: Option<Square>,
    enemies: SeatSet,
    in_check: bool,
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
        self.generate(self.turn, list, false);
        if list.is_empty() && self.ruleset.no_move_rule() == NoMoveRule::Pass {
            list.push(Move::Pass);
        }
    }

    /// Whether the seat to move has a legal move other than `pass`.
    pub fn has_legal_move(&self) -> bool {
        self.in_game.len() > 1 && self.seat_has_move(self.turn)
    }

    /// Whether `seat` would have a legal move (not counting `pass`) if it moved now.
    pub(crate) fn seat_has_move(&self, seat: Seat) -> bool {
        let mut list = MoveList::new();
        self.generate(seat, &mut list, true);
        !list.is_empty()
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
        let king = self.king(seat);
        let enemies = self.in_game.without(seat);
        let in_check =
            king.is_some_and(|k| self.attacked_by_any(enemies, k, self.occupied, Bitboard::EMPTY));
        Safety {
            king,
            enemies,
            in_check,
        }
    }

    /// Whether the King of the mover stays unthreatened after a piece of `kind` goes
    /// from `from` (`None` for a drop) to `to`.
    #[inline]
    fn keeps_king_safe(
        &self,
        safety: &Safety,
        kind: PieceKind,
        from: Option<Square>,
        to: Square,
    ) -> bool {
        let Some(king) = safety.king else {
            return true;
        };
        let is_king = kind == PieceKind::King;
        if !safety.in_check && !is_king {
            // Only a piece leaving a line through the King can uncover a threat.
            match from {
                None => return true,
                Some(f) if !lines_through(king).contains(f) => return true,
                _ => {}
            }
        }
        let to_bb = Bitboard::from_square(to);
        let mut occupied = self.occupied | to_bb;
        if let Some(f) = from {
            occupied = occupied.without(f);
        }
        let target = if is_king { to } else { king };
        !self.attacked_by_any(safety.enemies, target, occupied, to_bb)
    }

    /// Pseudo-legal generation plus the safety filter, for any `seat` (the uchifuzume
    /// test asks about a seat that is not to move). With `first_only`, stops after one.
    pub(crate) fn generate(&self, seat: Seat, list: &mut MoveList, first_only: bool) {
        let safety = self.safety(seat);
        let own = self.by_seat[seat.index()];
        let zone = self.ruleset.promotion_zone(seat);
        for from in own {
            let Some(piece) = self.board[from.index()] else {
                continue;
            };
            let kind = piece.kind;
            let targets = attacks::attacks(seat, kind, from, self.occupied) & !own;
            let promotable = kind.promoted().is_some();
            let must = dead_squares(seat, kind);
            for to in targets {
                if !self.keeps_king_safe(&safety, kind, Some(from), to) {
                    continue;
                }
                if promotable && (zone.contains(from) || zone.contains(to)) {
                    list.push(Move::Board {
                        from,
                        to,
                        promote: true,
                    });
                    if !must.contains(to) {
                        list.push(Move::Board {
                            from,
                            to,
                            promote: false,
                        });
                    }
                } else {
                    list.push(Move::Board {
                        from,
                        to,
                        promote: false,
                    });
                }
                if first_only {
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
            for to in self.drop_squares(seat, kind, empty) {
                if !self.keeps_king_safe(&safety, kind, None, to) {
                    continue;
                }
                if kind == PieceKind::Pawn && self.drop_is_uchifuzume(seat, to) {
                    continue;
                }
                list.push(Move::Drop { kind, to });
                if first_only {
                    return;
                }
            }
        }
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
        if self.in_game.len() <= 1 {
            return Err(IllegalMove::GameOver);
        }
        let verdict = self.check_move_in_game(mv);
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

    fn check_move_in_game(&self, mv: Move) -> Result<(), IllegalMove> {
        let seat = self.turn;
        let safety = self.safety(seat);
        match mv {
            Move::Pass => {
                if self.ruleset.no_move_rule() == NoMoveRule::Pass && !self.seat_has_move(seat) {
                    Ok(())
                } else if self.ruleset.no_move_rule() == NoMoveRule::Lose
                    && !self.seat_has_move(seat)
                {
                    Err(IllegalMove::GameOver)
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
                if !self.keeps_king_safe(&safety, piece.kind, Some(from), to) {
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
                if !self.keeps_king_safe(&safety, kind, None, to) {
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
