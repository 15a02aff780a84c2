//! Whether one given move is legal, and if not, why ([`crate::IllegalMove`]). It asks
//! the same rules as generation: the promotion rule ([`crate::PromotionStatus`]), the
//! drop rules (`drops.rs`) and King safety (`position/checkmate.rs`).

use crate::position::KingFacts;
use crate::zones::dead_squares;
use crate::{
    attacks, Bitboard, IllegalMove, Move, NoMoveRule, PieceKind, Position, PromotionStatus,
};

impl Position {
    /// Checks `mv` for the seat to move and says why it is illegal.
    ///
    /// ```
    /// use yono::{IllegalMove, Position};
    /// let pos = Position::start();
    /// assert_eq!(pos.check_move("P*5e".parse().unwrap()),
    ///            Err(IllegalMove::NotInReserve(yono::PieceKind::Pawn)));
    /// ```
    ///
    /// # Errors
    ///
    /// The [`IllegalMove`] reason (`GameOver` once the game is won).
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        self.check_move_with(mv, None)
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

    pub(crate) fn check_move_in_game(
        &self,
        mv: Move,
        facts: Option<&KingFacts>,
    ) -> Result<(), IllegalMove> {
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
                match (PromotionStatus::of(seat, piece.kind, from, to), promote) {
                    (PromotionStatus::Impossible, true) => return Err(IllegalMove::CannotPromote),
                    (PromotionStatus::Compulsory, false) => return Err(IllegalMove::MustPromote),
                    _ => {}
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
