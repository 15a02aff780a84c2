//! Whether a move gives check, asked of a node's moves without making them: the
//! per-node [`CheckInfo`] for the general test, and the cheaper test of two seats.

use yono::{attacks, Bitboard, Move, PieceKind, Position, Seat, SeatSet, Square};

/// What [`gives_check`] needs of a node beyond the move, found once per node (the
/// first time it asks): where each kind of the mover's pieces would threaten an
/// enemy King, and the only pieces whose moves can uncover a threat. Both rest on
/// a rule: the seat to move never threatens a King already (RULES.md §6: that King
/// would have fallen). So a piece threatens a King from its destination exactly
/// when it would from there on the board before the move (the square it leaves
/// cannot be on its line to the King: its line from there would have been open),
/// and a threat a move uncovers comes from a slider whose line to the King the
/// moved piece alone blocked.
#[derive(Clone, Copy)]
pub(crate) struct CheckInfo {
    /// By piece kind: the squares from which a piece of that kind of the mover
    /// attacks an enemy King.
    squares: [Bitboard; 14],
    /// The Kings of the seats other than the mover.
    kings: Bitboard,
    /// The mover's pieces that stand alone between one of its long-range pieces and
    /// an enemy King it slides toward.
    blockers: Bitboard,
}

impl CheckInfo {
    /// The check info of `pos` for its seat to move.
    // Not inlined: asked for once per node at most, from four places, it cost more
    // inlined into each than called (callgrind, `search_cost`).
    #[inline(never)]
    pub(crate) fn of(pos: &Position) -> CheckInfo {
        let mover = pos.turn();
        // A piece of the mover on x attacks a King exactly when a piece of the same
        // kind of the opposite seat on the King's square attacks x.
        let back = mover.opposite();
        let mine = pos.pieces(mover);
        let occupied = pos.occupied();
        let kings = pos.kind_squares(PieceKind::King) & !mine;
        let k = |kind| pos.kind_squares(kind) & mine;
        let rooks = k(PieceKind::Rook) | k(PieceKind::Dragon);
        let bishops = k(PieceKind::Bishop) | k(PieceKind::Horse);
        let lances = k(PieceKind::Lance);
        let (mut king_like, mut rook, mut bishop) =
            (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        let (mut gold, mut silver, mut knight) =
            (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        let (mut lance, mut pawn) = (Bitboard::EMPTY, Bitboard::EMPTY);
        let mut blockers = Bitboard::EMPTY;
        for king in kings {
            king_like |= attacks::king_attacks(king);
            rook |= attacks::rook_attacks(king, occupied);
            bishop |= attacks::bishop_attacks(king, occupied);
            gold |= attacks::gold_attacks(back, king);
            silver |= attacks::silver_attacks(back, king);
            knight |= attacks::knight_attacks(back, king);
            lance |= attacks::lance_attacks(back, king, occupied);
            pawn |= attacks::pawn_attacks(back, king);
            // The mover's sliders aimed at the King on an empty board.
            let aimed = (rooks & attacks::orthogonal_lines(king))
                | (bishops & attacks::diagonal_lines(king))
                | (lances & attacks::lance_attacks(back, king, Bitboard::EMPTY));
            for slider in aimed {
                let between = attacks::between(king, slider) & occupied;
                if !between.more_than_one() && (between & !mine).is_empty() {
                    blockers |= between;
                }
            }
        }
        // The Gold-like kinds keep the Gold's squares.
        let mut squares = [gold; 14];
        for (kind, bb) in [
            (PieceKind::King, king_like),
            (PieceKind::Rook, rook),
            (PieceKind::Bishop, bishop),
            (PieceKind::Dragon, rook | king_like),
            (PieceKind::Horse, bishop | king_like),
            (PieceKind::Silver, silver),
            (PieceKind::Knight, knight),
            (PieceKind::Lance, lance),
            (PieceKind::Pawn, pawn),
        ] {
            squares[kind.index()] = bb;
        }
        CheckInfo {
            squares,
            kings,
            blockers,
        }
    }
}

/// Whether `mv` (legal in `pos`) threatens another seat's King: directly, with the
/// piece it moves or drops (promoted or not), or by uncovering a long-range piece
/// of the mover. Such moves are never pruned: in this game a threatened King may
/// fall at once. `info` is [`CheckInfo::of`] `pos`. Always inlined: the filter of
/// the quiet moves left asks it of each, and a call there cost 0.15-0.27% more
/// instructions of a search.
#[inline(always)]
pub(crate) fn gives_check(pos: &Position, info: &CheckInfo, mv: Move) -> bool {
    let (from, to, kind) = match mv {
        Move::Board { from, to, promote } => {
            let Some(p) = pos.piece_at(from) else {
                return false;
            };
            let kind = if promote {
                p.kind.promoted().unwrap_or(p.kind)
            } else {
                p.kind
            };
            (Some(from), to, kind)
        }
        Move::Drop { kind, to } => (None, to, kind),
        Move::Pass => return false,
    };
    if info.squares[kind.index()].contains(to) {
        return true;
    }
    match from {
        Some(from) if info.blockers.contains(from) => uncovers_threat(pos, info, from, to),
        _ => false,
    }
}

/// Whether moving the piece on `from`, one of [`CheckInfo::blockers`], to `to`
/// uncovers a threat: the origin was on a line to a King, and a long-range piece
/// of the mover now reaches that King. Out of line, being rare: [`gives_check`]
/// then inlines into its callers (0.6-2.1% fewer instructions of a search).
#[inline(never)]
fn uncovers_threat(pos: &Position, info: &CheckInfo, from: Square, to: Square) -> bool {
    let occupied = pos.occupied().with(to).without(from);
    let mine = SeatSet::single(pos.turn());
    for king in info.kings {
        if attacks::lines_through(king).contains(from) {
            let open = crate::see::attackers(pos, king, occupied, mine)
                .without(from)
                .without(to);
            if open.any() {
                return true;
            }
        }
    }
    false
}

/// Whether the seat to move in `pos` is in check, `pos` having been reached by
/// `mv` (a pass: a null move) from a position of the same two seats, with no
/// seat falling. The seat that made the move threatened no King before it
/// (RULES.md §6: that King would have fallen), so it threatens the King now exactly
/// when the piece it moved or dropped reaches the King, or the move uncovered one
/// of its long-range pieces: a test of the two squares, where `is_check` looks at
/// every kind of piece that could reach the King. (Out of line: inlined into
/// [`crate::search`]'s two callers, it cost the positions of more seats, which
/// never ask, 0.4–0.6% more instructions.)
#[inline(never)]
pub(crate) fn checked_by_move(pos: &Position, mv: Move) -> bool {
    let (from, to) = match mv {
        Move::Board { from, to, .. } => (Some(from), to),
        Move::Drop { to, .. } => (None, to),
        Move::Pass => return false,
    };
    let (Some(king), Some(piece)) = (pos.king(pos.turn()), pos.piece_at(to)) else {
        return false;
    };
    let occupied = pos.occupied();
    let open = |a: Square| (attacks::between(a, king) & occupied).is_empty();
    let direct = match piece.kind {
        PieceKind::Rook => attacks::orthogonal_lines(to).contains(king) && open(to),
        PieceKind::Bishop => attacks::diagonal_lines(to).contains(king) && open(to),
        PieceKind::Dragon => {
            attacks::king_attacks(to).contains(king)
                || attacks::orthogonal_lines(to).contains(king) && open(to)
        }
        PieceKind::Horse => {
            attacks::king_attacks(to).contains(king)
                || attacks::diagonal_lines(to).contains(king) && open(to)
        }
        PieceKind::Lance => {
            attacks::lance_attacks(piece.seat, to, Bitboard::EMPTY).contains(king) && open(to)
        }
        // A stepping piece: one lookup, whatever the occupancy.
        PieceKind::Pawn => attacks::pawn_attacks(piece.seat, to).contains(king),
        PieceKind::Knight => attacks::knight_attacks(piece.seat, to).contains(king),
        PieceKind::Silver => attacks::silver_attacks(piece.seat, to).contains(king),
        PieceKind::King => attacks::king_attacks(to).contains(king),
        PieceKind::Gold
        | PieceKind::PromotedSilver
        | PieceKind::PromotedKnight
        | PieceKind::PromotedLance
        | PieceKind::PromotedPawn => attacks::gold_attacks(piece.seat, to).contains(king),
    };
    direct
        || from.is_some_and(|from| {
            attacks::lines_through(king).contains(from) && uncovered(pos, piece.seat, king, from)
        })
}

/// Whether a long-range piece of `by` reaches `king` through `from`, now empty.
#[inline(never)]
fn uncovered(pos: &Position, by: Seat, king: Square, from: Square) -> bool {
    let occupied = pos.occupied();
    let theirs = pos.pieces(by);
    let k = |kind| pos.kind_squares(kind) & theirs;
    let rooks = (k(PieceKind::Rook) | k(PieceKind::Dragon)) & attacks::orthogonal_lines(king);
    let bishops = (k(PieceKind::Bishop) | k(PieceKind::Horse)) & attacks::diagonal_lines(king);
    let lances = k(PieceKind::Lance) & attacks::lance_attacks(by.opposite(), king, Bitboard::EMPTY);
    (rooks | bishops | lances).into_iter().any(|slider| {
        let between = attacks::between(king, slider);
        between.contains(from) && (between & occupied).is_empty()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `gives_check` by its definition, on the board after the move: whether a piece
    /// of the mover then attacks another seat's King. `None` when the move did more
    /// than move one piece (a seat fell and its pieces changed), where the two
    /// boards are not comparable.
    fn gives_check_by_definition(pos: &Position, mv: Move) -> Option<bool> {
        let mover = pos.turn();
        let kings = pos.kind_squares(PieceKind::King) & !pos.pieces(mover);
        let mut after = pos.clone();
        after.play_unchecked(mv);
        let mut expected = pos.occupied();
        if let Some(from) = mv.from() {
            expected = expected.without(from);
        }
        if let Some(to) = mv.to() {
            expected = expected.with(to);
        }
        if after.occupied() != expected || after.seats_in_game() != pos.seats_in_game() {
            return None;
        }
        let occupied = after.occupied();
        Some(after.pieces(mover).into_iter().any(|sq| {
            after
                .piece_at(sq)
                .is_some_and(|p| (attacks::attacks(mover, p.kind, sq, occupied) & kings).any())
        }))
    }

    #[test]
    fn a_check_of_two_seats_is_the_move_that_made_it() {
        let (mut tested, mut checks) = (0, 0);
        crate::random_games::each_position(0x5EED_0FC4_EC00_u64, 30, |pos, legal, _| {
            if pos.seats_in_game().len() != 2 {
                return;
            }
            for mv in legal.iter().copied().chain([Move::Pass]) {
                let (undo, fallen) = if mv == Move::Pass {
                    if pos.is_check() {
                        continue;
                    }
                    pos.null_move()
                } else {
                    pos.do_move(mv)
                };
                if fallen.is_empty() && pos.seats_in_game().len() == 2 {
                    let checked = pos.is_check();
                    assert_eq!(checked_by_move(pos, mv), checked, "{mv} {}", pos.text());
                    tested += 1;
                    checks += checked as usize;
                }
                pos.undo_move(mv, undo);
            }
        });
        assert!(
            tested > 10_000 && checks > 300,
            "{tested} moves, {checks} checks"
        );
    }

    #[test]
    fn gives_check_agrees_with_its_definition() {
        let mut checks = 0;
        crate::random_games::each_position(0x0123_4567_89AB_CDEF, 30, |pos, legal, _| {
            for &mv in legal {
                let Some(expected) = gives_check_by_definition(pos, mv) else {
                    continue;
                };
                checks += expected as usize;
                let info = CheckInfo::of(pos);
                assert_eq!(gives_check(pos, &info, mv), expected, "{} {mv}", pos.text());
            }
        });
        assert!(checks > 100, "{checks} checking moves only");
    }
}
