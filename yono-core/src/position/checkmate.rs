//! Who threatens which King, and the checkmate rule ([RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring)).
//!
//! Everything that answers "is this King safe?" lives here, each structure named for
//! its question: [`AttackerGroups`] and `find_attackers` (which pieces reach a
//! square), `Safety` (generation: evasions, pins, the King's own moves), `KingFacts`
//! and `king_stays_safe` (one move: does it expose the mover's King), and the
//! elimination rule itself — `first_round_suspects` (which Kings a move can have
//! exposed), `resolve_checkmates` (the rounds of removals), and `CheckmateHint`, the
//! fast path that lets a search skip the Kings a move cannot expose.

use crate::attacks::{self, king_attacks, lance_attacks};
use crate::movegen::step_forward;
use crate::notation::SeatState;
use crate::zobrist::{reserve_key, KEYS};
use crate::{Bitboard, BySeat, Move, PieceKind, Position, Seat, SeatSet, Square};

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
/// where the move starts ([`Position::checkmate_hint`]). Computed once per node of a
/// search, it lets [`Position::do_move_hinted`] skip the checkmate tests that cannot
/// succeed (the internal perft's fast path). About 100 bytes, no allocation.
///
/// ```
/// use yono::Position;
/// let mut pos = Position::start();
/// let hint = pos.checkmate_hint();
/// for mv in pos.legal_moves() {
///     let (undo, _) = pos.do_move_hinted(mv, &hint);
///     pos.undo_move(mv, undo);
/// }
/// assert_eq!(pos, Position::start());
/// ```
#[derive(Copy, Clone, Debug)]
pub struct CheckmateHint {
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

/// Seats eliminated by one call of [`Position::play`], in the order they fell. `Debug`
/// lists them with their scores.
///
/// ```
/// let mut pos = yono::Position::from_text("wR3sG3nK/9/8nP/9/wK8/9/9/9/4sK3eK s -/-/P/- swne 1").unwrap();
/// let fallen = pos.play("5a5b".parse().unwrap()).unwrap();
/// assert_eq!(fallen.iter().collect::<Vec<_>>(), [(yono::Seat::North, 0)]);
/// assert_eq!(format!("{fallen:?}"), "Eliminations[(North, 0)]");
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq)]
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
    pub(crate) fn push(&mut self, seat: Seat, score: u8) {
        if self.len < 4 {
            self.fallen[self.len] = (Some(seat), score);
            self.len += 1;
        }
    }
}

impl core::fmt::Debug for Eliminations {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Eliminations")?;
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Per-seat facts the King-safety filter needs, computed once per generation.
pub(crate) struct Safety {
    pub(crate) king: Option<Square>,
    /// Where a piece other than the King may go: anywhere when not in check; in check,
    /// onto the one checker or between it and the King (nowhere against two checkers).
    pub(crate) evasions: Bitboard,
    /// The King's legal destinations.
    pub(crate) king_moves: Bitboard,
    /// Own pieces standing alone between the King and an enemy slider aimed at it.
    pub(crate) pinned: Bitboard,
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

// ---- which pieces reach a square, which Kings are threatened ----------------------

impl Position {
    /// The pieces grouped by how they attack, for [`Position::find_attackers`].
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

    /// The pieces of `by` that could move onto `sq`, with `occupied` as the board's
    /// occupancy and the pieces on `ignore` left out (a capture about to happen); with
    /// `ANY`, stops at the first group that attacks.
    #[inline]
    pub(crate) fn find_attackers<const ANY: bool>(
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
        // The sliders on a line through sq, each reaching it when nothing stands
        // between (one lookup per slider, cheaper than sq's four rays).
        let sliders = (g.rook_like & attacks::orthogonal_lines(sq)
            | g.bishop_like & attacks::diagonal_lines(sq))
            & them;
        for slider in sliders {
            if (attacks::between(sq, slider) & occupied).is_empty() {
                found = found.with(slider);
                if ANY {
                    return found;
                }
            }
        }
        let lances = g.lance & them & attacks::ray(attacks::lance_direction(back), sq);
        if lances.any() {
            found |= lance_attacks(back, sq, occupied) & lances;
        }
        found
    }

    /// Whether any seat in `by` could move onto `sq`, with `occupied` as the board's
    /// occupancy and the pieces on `ignore` left out (see [`Self::find_attackers`]).
    #[cfg(test)]
    pub(crate) fn attacked_by_any(
        &self,
        by: SeatSet,
        sq: Square,
        occupied: Bitboard,
        ignore: Bitboard,
    ) -> bool {
        let groups = self.attacker_groups();
        by.iter().any(|seat| {
            self.find_attackers::<true>(&groups, seat, sq, occupied, ignore)
                .any()
        })
    }

    /// The pieces of `by` that could move onto `sq` by their movement alone (pins and
    /// legality do not matter): what threatens a King there ([RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring)).
    ///
    /// ```
    /// use yono::{Position, Seat, Square};
    /// let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// // The Pawn on 5c reaches 5b; nothing of South reaches 5a.
    /// assert_eq!(pos.attackers(Seat::South, sq("5b")).into_iter().collect::<Vec<_>>(), [sq("5c")]);
    /// assert!(pos.attackers(Seat::South, sq("5a")).is_empty());
    /// ```
    pub fn attackers(&self, by: Seat, sq: Square) -> Bitboard {
        self.find_attackers::<false>(
            &self.attacker_groups(),
            by,
            sq,
            self.occupied,
            Bitboard::EMPTY,
        )
    }

    /// The seats (still in the game) that threaten the King of `seat` ([RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring)).
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
        // The groups once for all the seats asked about.
        let groups = self.attacker_groups();
        self.in_game
            .without(seat)
            .iter()
            .filter(|&by| {
                self.find_attackers::<true>(&groups, by, king, self.occupied, Bitboard::EMPTY)
                    .any()
            })
            .collect()
    }

    /// For each seat, the seats threatening its King: what a GUI shows as check.
    ///
    /// ```
    /// use yono::{Position, Seat};
    /// let threats = Position::start().threats();
    /// assert!(threats[Seat::North].is_empty());
    /// ```
    pub fn threats(&self) -> BySeat<SeatSet> {
        BySeat::from_fn(|s| self.threatened_by(s))
    }

    /// Whether the King of the seat to move is threatened.
    pub fn is_check(&self) -> bool {
        !self.threatened_by(self.turn).is_empty()
    }
}

// ---- King safety of the seat to move (generation and the one-move check) ----------

impl Position {
    /// The King safety of `seat`, its King's moves only those onto `king_targets`
    /// (a caller that wants no other saves the test of the rest).
    pub(crate) fn safety(&self, seat: Seat, king_targets: Bitboard) -> Safety {
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
        let mut king_moves = attacks::king_attacks(k) & !own & !stepped_on & king_targets;
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
                acc | self.find_attackers::<false>(&groups, by, k, self.occupied, Bitboard::EMPTY)
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
    pub(crate) fn stepped_on_around(
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
    pub(crate) fn slider_reaches(
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
    pub(crate) fn slides_at(&self, g: &AttackerGroups, slider: Square, target: Square) -> bool {
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
    pub(crate) fn king_safe_after(
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
        !self.in_game.without(seat).iter().any(|by| {
            self.find_attackers::<true>(&groups, by, target, occupied, to_bb)
                .any()
        })
    }

    /// Whether the King of the seat to move is unthreatened after a piece of `kind`
    /// goes from `from` (`None` for a drop) to `to`. With the position's facts and the
    /// King not in check, only a pinned piece can expose it, and only by leaving its
    /// pin line; a drop never can.
    pub(crate) fn king_stays_safe(
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
        let in_check = self.in_game.without(seat).iter().any(|by| {
            self.find_attackers::<true>(&groups, by, king, self.occupied, Bitboard::EMPTY)
                .any()
        });
        KingFacts {
            king: Some(king),
            in_check,
            pinned: self
                .king_lines(&groups, own, king, self.occupied & !own)
                .pinned,
        }
    }
}

// ---- the checkmate rule: elimination after every move ------------------------------

impl Position {
    /// What [`Position::do_move_hinted`] needs to know about this position: for each
    /// seat that the next seat could checkmate, where a move must start to expose its
    /// King. Computed once, it serves every legal move of the position.
    ///
    /// ```
    /// let pos = yono::Position::start();
    /// let hint = pos.checkmate_hint();
    /// let mut child = pos.clone();
    /// let (_, fallen) = child.do_move_hinted("5g5f".parse().unwrap(), &hint);
    /// assert!(fallen.is_empty());
    /// ```
    pub fn checkmate_hint(&self) -> CheckmateHint {
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
            if self
                .find_attackers::<true>(&groups, next, king, self.occupied, Bitboard::EMPTY)
                .any()
            {
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

    /// [`Position::play_unchecked_hinted`], showing `before_fall` the position just
    /// before the checkmate rule removes the first seat.
    #[inline]
    pub(crate) fn play_hinted_observed(
        &mut self,
        mv: Move,
        hint: &CheckmateHint,
        before_fall: impl FnOnce(&Position),
    ) -> Eliminations {
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
            Move::Pass => return self.play_observed(mv, before_fall),
            _ => {}
        }
        self.apply_and_pass_turn(mv, hint.next);
        self.resolve_checkmates(suspects, before_fall)
    }

    /// The seats whose King the first round of [`Position::resolve_checkmates`] must
    /// test after `mover` played `mv` (`None`: the turn was handed on without a move)
    /// and `next` is to move. A legal board move or drop leaves the mover's King
    /// unthreatened by every seat, so only the others can fall at once; a pass or a
    /// handed-on turn may leave it threatened, so the mover is tested too.
    #[inline]
    pub(crate) fn first_round_suspects(
        &self,
        mv: Option<Move>,
        mover: Seat,
        next: Seat,
    ) -> SeatSet {
        let others = self.in_game.without(next);
        match mv {
            Some(Move::Pass) | None => others,
            Some(_) => others.without(mover),
        }
    }

    /// [RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring): the seat about to move checkmates, in rounds, every King it
    /// threatens; seats falling in one round count each other as still in. The first
    /// round tests only `suspects` (the caller knows the others are safe); later rounds
    /// test every seat, since removals open lines.
    /// `before_fall` sees the position just before the first seat is removed.
    pub(crate) fn resolve_checkmates(
        &mut self,
        suspects: SeatSet,
        before_fall: impl FnOnce(&Position),
    ) -> Eliminations {
        // No King to test: every board move or drop of a two-seat game, and most moves
        // after a hint. That test is all the hot callers need inline (`Game::play`,
        // perft's copy-make); the rounds stay out of line.
        if suspects.is_empty() {
            return Eliminations::default();
        }
        self.checkmate_rounds(suspects, before_fall)
    }

    /// The rounds of [`Position::resolve_checkmates`], from a first round of
    /// `suspects` (not empty).
    // Never inlined: inlined into `resolve_checkmates` (its one caller) they made it
    // too big to inline, and its callers paid a call for the empty test (about 20
    // instructions a Python push+pop pair, callgrind; docs/PERFORMANCE.md).
    #[inline(never)]
    fn checkmate_rounds(
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
                        self.find_attackers::<true>(&groups, p, k, self.occupied, Bitboard::EMPTY)
                            .any()
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

    pub(crate) fn eliminate(&mut self, seat: Seat, score: u8) {
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
}
