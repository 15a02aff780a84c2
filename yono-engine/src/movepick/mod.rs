//! Staged move generation: the moves of a node in the order the search wants them,
//! generated only as far as the search gets. Stages: the table move; captures and
//! promotions of Rook, Bishop and Pawn ("noisy"), the good ones by static exchange;
//! the two killers and the counter-move; quiet moves (drops included) by history
//! and continuation history; the noisy moves that lose material. In check every
//! legal move answers the check, so all of them come in one stage, captures first.
//! Quiescence takes the table move and the captures only (or every evasion).

mod check;
mod history;

pub(crate) use check::{checked_by_move, gives_check, CheckInfo};
pub(crate) use history::*;

use yono::{Bitboard, Move, MoveSet, PieceKind, Position, SeatSet, Square};

use crate::see;

/// Calls `f` with the board moves of the pieces on `origins` (of the seat to move)
/// onto `targets`, a piece at a time: its square, the squares it may reach
/// promoting, and those it may reach unpromoted.
#[inline]
pub(crate) fn for_board_moves(
    pos: &Position,
    origins: Bitboard,
    targets: Bitboard,
    mut f: impl FnMut(Square, Bitboard, Bitboard),
) {
    pos.generate_board_moves(origins, targets, |set| {
        if let MoveSet::Board {
            from,
            promote,
            plain,
        } = set
        {
            f(from, promote, plain);
        }
        false
    });
}

/// What the picker knows of the node for scoring quiet moves.
#[derive(Clone, Copy, Default)]
pub(crate) struct Context {
    pub seat: usize,
    /// The side of the seat to move in exchanges (see `see.rs`).
    pub side: SeatSet,
    pub cont1: Option<usize>,
    pub cont2: Option<usize>,
}

/// Whether a move is noisy: a capture, or a promotion of a Rook, Bishop or Pawn.
#[inline]
pub(crate) fn is_noisy(pos: &Position, mv: Move) -> bool {
    match mv {
        Move::Board { from, to, promote } => {
            pos.piece_at(to).is_some()
                || (promote
                    && pos.piece_at(from).is_some_and(|p| {
                        matches!(
                            p.kind,
                            PieceKind::Pawn | PieceKind::Rook | PieceKind::Bishop
                        )
                    }))
        }
        _ => false,
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Table,
    GenerateNoisy,
    GoodNoisy,
    Killer1,
    Killer2,
    Counter,
    GenerateQuiet,
    Quiet,
    BadNoisy,
    GenerateEvasions,
    Evasions,
    #[default]
    Done,
}

/// Where a picked move came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    Table,
    GoodNoisy,
    /// A killer or the counter-move.
    Refutation,
    Quiet,
    BadNoisy,
    Evasion,
}

/// One move handed out.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Picked {
    pub mv: Move,
    pub origin: Origin,
    /// A capture or a noisy promotion.
    pub noisy: bool,
    /// The history score (quiet moves; 0 otherwise).
    pub history: i32,
}

/// A move with its ordering key: the score in the high bits and the move code,
/// inverted, in the low 16, so that the greatest key is the best score with ties to
/// the smaller code, and selection compares one integer (decoding the move's code
/// at every comparison took most of the picker's time in nodes with many moves).
#[derive(Clone, Copy)]
struct Scored {
    key: i64,
    mv: Move,
}

impl Scored {
    #[inline]
    fn new(score: i32, mv: Move) -> Scored {
        Scored {
            key: (score as i64) << 16 | (0xFFFF - mv.code()) as i64,
            mv,
        }
    }

    #[inline]
    fn score(self) -> i32 {
        (self.key >> 16) as i32
    }
}

/// Moves picked by selection before the rest of the list is sorted.
const SELECTIONS: usize = 8;

/// The staged picker of one node (kept per ply and reused, so it allocates only
/// while its buffers grow).
#[derive(Default)]
pub(crate) struct Picker {
    stage: Option<Stage>,
    /// The stage after the table move: evasions in check, else the noisy moves.
    after_table: Stage,
    quiescence: bool,
    table: Option<Move>,
    refutations: [Option<Move>; 3],
    moves: Vec<Scored>,
    bad: Vec<Scored>,
    next: usize,
    /// `moves[next..]` is sorted best first (see [`Picker::select`]).
    sorted: bool,
    /// No quiet move at all (quiescence).
    skip_quiets: bool,
    /// Only quiet moves that threaten a King (after late-move pruning or futility:
    /// a threat is never pruned, and in Yo[n]o the fall it prepares lies a round of
    /// seats beyond the pruned move's horizon).
    quiet_checks_only: bool,
    /// The quiet moves left in `moves` are only those that threaten a King.
    quiet_checks_kept: bool,
    /// The node's [`CheckInfo`], once asked for.
    check_info: Option<CheckInfo>,
}

impl Picker {
    /// Starts a node of the full-width search.
    pub(crate) fn start(
        &mut self,
        pos: &Position,
        table: Option<Move>,
        killers: [u16; 2],
        counter: u16,
        in_check: bool,
    ) {
        self.table = table.filter(|&m| pos.is_legal(m));
        self.refutations = [killers[0], killers[1], counter].map(|code| {
            Move::from_code(code)
                .filter(|_| code != NO_MOVE)
                .filter(|&m| m != Move::Pass && Some(m) != self.table)
        });
        // A counter-move equal to a killer comes once.
        if self.refutations[2].is_some()
            && (self.refutations[2] == self.refutations[0]
                || self.refutations[2] == self.refutations[1])
        {
            self.refutations[2] = None;
        }
        if self.refutations[1] == self.refutations[0] {
            self.refutations[1] = None;
        }
        if in_check {
            self.refutations = [None; 3];
        }
        self.begin(false, in_check);
    }

    /// Starts a quiescence node: captures only, unless in check.
    pub(crate) fn start_quiescence(&mut self, pos: &Position, table: Option<Move>, in_check: bool) {
        self.table = table.filter(|&m| {
            (in_check || matches!(m, Move::Board { to, .. } if pos.piece_at(to).is_some()))
                && pos.is_legal(m)
        });
        self.refutations = [None; 3];
        self.begin(true, in_check);
    }

    /// The rest of a node's start, the table move and refutations set: the lists
    /// emptied, the first stage (quiescence: no quiet moves at all).
    #[inline]
    fn begin(&mut self, quiescence: bool, in_check: bool) {
        self.quiescence = quiescence;
        self.moves.clear();
        self.bad.clear();
        self.next = 0;
        self.sorted = false;
        self.skip_quiets = quiescence;
        self.quiet_checks_only = false;
        self.quiet_checks_kept = false;
        self.check_info = None;
        self.stage = Some(Stage::Table);
        self.after_table = Self::after_table(in_check);
    }

    /// [`gives_check`] for a move of the node's position `pos`.
    #[inline]
    pub(crate) fn gives_check(&mut self, pos: &Position, mv: Move) -> bool {
        let info = self.check_info.get_or_insert_with(|| CheckInfo::of(pos));
        gives_check(pos, info, mv)
    }

    fn after_table(in_check: bool) -> Stage {
        if in_check {
            Stage::GenerateEvasions
        } else {
            Stage::GenerateNoisy
        }
    }

    /// From now on no quiet move but those that threaten a King (late-move pruning,
    /// futility).
    pub(crate) fn skip_quiets(&mut self) {
        self.quiet_checks_only = true;
    }

    /// The next move, or `None` when the node has no more.
    pub(crate) fn next(&mut self, pos: &Position, h: &Histories, ctx: &Context) -> Option<Picked> {
        loop {
            match self.stage? {
                Stage::Table => {
                    self.stage = Some(self.after_table);
                    if let Some(mv) = self.table {
                        return Some(Picked {
                            mv,
                            origin: Origin::Table,
                            noisy: is_noisy(pos, mv),
                            history: 0,
                        });
                    }
                }
                Stage::GenerateNoisy => {
                    self.generate_noisy(pos);
                    self.stage = Some(Stage::GoodNoisy);
                }
                Stage::GoodNoisy => match self.select() {
                    Some((score, mv)) => {
                        if Some(mv) == self.table {
                            continue;
                        }
                        if !see::see_ge(pos, mv, 0, ctx.side) {
                            self.bad.push(Scored::new(score, mv));
                            continue;
                        }
                        return Some(Picked {
                            mv,
                            origin: Origin::GoodNoisy,
                            noisy: true,
                            history: 0,
                        });
                    }
                    None => {
                        self.stage = Some(if self.quiescence {
                            Stage::BadNoisy
                        } else {
                            Stage::Killer1
                        });
                        self.moves.clear();
                        self.next = 0;
                        self.sorted = false;
                    }
                },
                Stage::Killer1 | Stage::Killer2 | Stage::Counter => {
                    let i = match self.stage? {
                        Stage::Killer1 => 0,
                        Stage::Killer2 => 1,
                        _ => 2,
                    };
                    self.stage = Some(match i {
                        0 => Stage::Killer2,
                        1 => Stage::Counter,
                        _ => Stage::GenerateQuiet,
                    });
                    if self.skip_quiets {
                        continue;
                    }
                    if let Some(mv) = self.refutations[i] {
                        if self.quiet_checks_only && !self.gives_check(pos, mv) {
                            continue;
                        }
                        if !is_noisy(pos, mv) && pos.is_legal(mv) {
                            return Some(Picked {
                                mv,
                                origin: Origin::Refutation,
                                noisy: false,
                                history: 0,
                            });
                        }
                        self.refutations[i] = None;
                    }
                }
                Stage::GenerateQuiet => {
                    if !self.skip_quiets {
                        self.generate_quiet(pos, h, ctx);
                    }
                    self.stage = Some(Stage::Quiet);
                }
                Stage::Quiet => {
                    if !self.skip_quiets {
                        if self.quiet_checks_only && !self.quiet_checks_kept {
                            self.keep_quiet_checks(pos);
                        }
                        if let Some((score, mv)) = self.select() {
                            if Some(mv) == self.table || self.refutations.contains(&Some(mv)) {
                                continue;
                            }
                            return Some(Picked {
                                mv,
                                origin: Origin::Quiet,
                                noisy: false,
                                history: score,
                            });
                        }
                    }
                    self.stage = Some(Stage::BadNoisy);
                    self.next = 0;
                    self.sorted = false;
                }
                Stage::BadNoisy => {
                    if self.next < self.bad.len() {
                        let mv = self.bad[self.next].mv;
                        self.next += 1;
                        return Some(Picked {
                            mv,
                            origin: Origin::BadNoisy,
                            noisy: true,
                            history: 0,
                        });
                    }
                    self.stage = Some(Stage::Done);
                }
                Stage::GenerateEvasions => {
                    self.generate_evasions(pos, h, ctx);
                    self.stage = Some(Stage::Evasions);
                }
                Stage::Evasions => match self.select() {
                    Some((score, mv)) => {
                        if Some(mv) == self.table {
                            continue;
                        }
                        return Some(Picked {
                            mv,
                            origin: Origin::Evasion,
                            noisy: is_noisy(pos, mv),
                            history: score,
                        });
                    }
                    None => self.stage = Some(Stage::Done),
                },
                Stage::Done => return None,
            }
        }
    }

    /// Drops the quiet moves left that threaten no King, keeping the others' order:
    /// one pass over them, instead of picking each in turn to test it.
    fn keep_quiet_checks(&mut self, pos: &Position) {
        let info = self.check_info.get_or_insert_with(|| CheckInfo::of(pos));
        let mut kept = self.next;
        for i in self.next..self.moves.len() {
            let s = self.moves[i];
            if gives_check(pos, info, s.mv) {
                self.moves[kept] = s;
                kept += 1;
            }
        }
        self.moves.truncate(kept);
        self.quiet_checks_kept = true;
    }

    /// The best remaining move of `moves`. Ties go to the smaller move code, so the
    /// order is the same on every run. The first picks select (most nodes need few
    /// moves: once only threats are wanted, the quiet moves left are filtered, not
    /// picked); a node that wants more sorts the rest once, which hands out the same
    /// order, the keys being distinct (the moves are), without a scan per move.
    /// (Sorting a list of more than 8 at its first pick cost 0.3–4% more
    /// instructions of a search; selecting up to 16 picks, no more than 8.)
    fn select(&mut self) -> Option<(i32, Move)> {
        if !self.sorted && self.next >= SELECTIONS && self.moves.len() - self.next > 8 {
            self.moves[self.next..].sort_unstable_by_key(|s| std::cmp::Reverse(s.key));
            self.sorted = true;
        }
        let rest = &mut self.moves[self.next..];
        let first = rest.first()?.key;
        if !self.sorted {
            let (mut best, mut best_key) = (0, first);
            for (i, s) in rest.iter().enumerate().skip(1) {
                if s.key > best_key {
                    best = i;
                    best_key = s.key;
                }
            }
            rest.swap(0, best);
        }
        let picked = rest[0];
        self.next += 1;
        Some((picked.score(), picked.mv))
    }

    // The three generators are not inlined: each runs once per node at most, and
    // inlined into `next` they cost 1.3-1.8% more instructions of a search
    // (callgrind, `search_cost`).
    #[inline(never)]
    fn generate_noisy(&mut self, pos: &Position) {
        self.moves.clear();
        self.next = 0;
        self.sorted = false;
        let mover = pos.turn();
        let own = pos.pieces(mover);
        let enemies = pos.occupied() & !own;
        let quiescence = self.quiescence;
        // Only the destinations a noisy move can have: a capture's, and (outside
        // quiescence) a Pawn's, Rook's or Bishop's promotion's, which goes into the
        // zone unless a Rook or Bishop already stands in it.
        let targets = if quiescence {
            enemies
        } else {
            let zone = pos.ruleset().promotion_zone(mover);
            let rooks_bishops =
                pos.kind_squares(PieceKind::Rook) | pos.kind_squares(PieceKind::Bishop);
            if (own & rooks_bishops & zone).any() {
                Bitboard::FULL
            } else {
                enemies | zone
            }
        };
        let moves = &mut self.moves;
        for_board_moves(pos, own, targets, |from, promote, plain| {
            let promoting_noisy = !quiescence
                && pos.piece_at(from).is_some_and(|p| {
                    matches!(
                        p.kind,
                        PieceKind::Pawn | PieceKind::Rook | PieceKind::Bishop
                    )
                });
            let promote_to = promote
                & if promoting_noisy {
                    Bitboard::FULL
                } else {
                    enemies
                };
            for to in promote_to {
                let mv = Move::Board {
                    from,
                    to,
                    promote: true,
                };
                moves.push(Scored::new(see::mvv_lva(pos, mv), mv));
            }
            for to in plain & enemies {
                let mv = Move::Board {
                    from,
                    to,
                    promote: false,
                };
                moves.push(Scored::new(see::mvv_lva(pos, mv), mv));
            }
        });
    }

    #[inline(never)]
    fn generate_quiet(&mut self, pos: &Position, h: &Histories, ctx: &Context) {
        self.moves.clear();
        self.next = 0;
        self.sorted = false;
        let own = pos.pieces(pos.turn());
        let enemies = pos.occupied() & !own;
        let rows = h.quiet_rows(ctx);
        let moves = &mut self.moves;
        pos.generate_moves(|set| {
            match set {
                MoveSet::Board {
                    from,
                    promote,
                    plain,
                } => {
                    let kind = match pos.piece_at(from) {
                        Some(p) => p.kind,
                        None => return false,
                    };
                    let promoting_noisy =
                        matches!(kind, PieceKind::Pawn | PieceKind::Rook | PieceKind::Bishop);
                    let base = kind.index() * 81;
                    if !promoting_noisy {
                        for to in promote & !enemies {
                            let mv = Move::Board {
                                from,
                                to,
                                promote: true,
                            };
                            let pt = kind.promoted().unwrap_or(kind).index() * 81 + to.index();
                            moves.push(Scored::new(rows.score(mv, pt), mv));
                        }
                    }
                    for to in plain & !enemies {
                        let mv = Move::Board {
                            from,
                            to,
                            promote: false,
                        };
                        moves.push(Scored::new(rows.score(mv, base + to.index()), mv));
                    }
                }
                MoveSet::Drop { kind, to } => {
                    let base = kind.index() * 81;
                    for to in to {
                        let mv = Move::Drop { kind, to };
                        moves.push(Scored::new(rows.score(mv, base + to.index()), mv));
                    }
                }
                MoveSet::Pass => moves.push(Scored::new(0, Move::Pass)),
            }
            false
        });
    }

    #[inline(never)]
    fn generate_evasions(&mut self, pos: &Position, h: &Histories, ctx: &Context) {
        self.moves.clear();
        self.next = 0;
        self.sorted = false;
        let rows = h.quiet_rows(ctx);
        let moves = &mut self.moves;
        pos.generate_moves(|set| {
            for mv in set {
                let score = if is_noisy(pos, mv) {
                    (1 << 20) + see::mvv_lva(pos, mv)
                } else {
                    piece_to(pos, mv).map_or(0, |pt| rows.score(mv, pt))
                };
                moves.push(Scored::new(score, mv));
            }
            false
        });
    }
}
