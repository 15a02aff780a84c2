//! Staged move generation: the moves of a node in the order the search wants them,
//! generated only as far as the search gets. Stages: the table move; captures and
//! promotions of Rook, Bishop and Pawn ("noisy"), the good ones by static exchange;
//! the two killers and the counter-move; quiet moves (drops included) by history
//! and continuation history; the noisy moves that lose material. In check every
//! legal move answers the check, so all of them come in one stage, captures first.
//! Quiescence takes the table move and the captures only (or every evasion).

use yono::{attacks, Bitboard, Move, MoveSet, PieceKind, Position, Seat, SeatSet, Square};

use crate::see;

/// History tables: how often a move caused a cutoff, per seat and per the moves
/// before it.
pub(crate) struct Histories {
    /// `[seat][move index]`.
    pub main: Vec<i16>,
    /// `[piece-to of the move one ply back][piece-to of this move]`.
    pub cont1: Vec<i16>,
    /// The same for the move two plies back.
    pub cont2: Vec<i16>,
    /// `[seat][piece-to of the move one ply back]`: the move that refuted it.
    pub counter: Vec<u16>,
    /// `[seat][pawn structure]`: how far the search's results have lain above the
    /// static evaluation (in [`CORRECTION_GRAIN`]ths of a value unit), standard Shogi
    /// only ([`crate::search`]'s correction history).
    pub correction: Vec<i32>,
}

/// Entries per seat in [`Histories::correction`].
pub(crate) const CORRECTION_SIZE: usize = 1 << 14;
/// The fixed-point scale of a correction entry.
pub(crate) const CORRECTION_GRAIN: i32 = 256;

/// Indices per seat in [`Histories::main`]: board moves by their code (15 bits),
/// drops after them.
const MOVE_INDICES: usize = 0x8000 + 0x400;
/// Piece kind (14) × destination (81).
pub(crate) const PIECE_TO: usize = 14 * 81;
/// History values stay within ±this.
pub(crate) const HISTORY_MAX: i32 = 16_000;
pub(crate) const NO_MOVE: u16 = 0xFFFE;

impl Histories {
    pub(crate) fn new() -> Histories {
        Histories {
            main: vec![0; 4 * MOVE_INDICES],
            cont1: vec![0; PIECE_TO * PIECE_TO],
            cont2: vec![0; PIECE_TO * PIECE_TO],
            counter: vec![NO_MOVE; 4 * PIECE_TO],
            correction: vec![0; 4 * CORRECTION_SIZE],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.main.fill(0);
        self.cont1.fill(0);
        self.cont2.fill(0);
        self.counter.fill(NO_MOVE);
        self.correction.fill(0);
    }

    /// The index of `mv` of `seat` in [`Histories::main`].
    #[inline]
    pub(crate) fn main_index(seat: usize, mv: Move) -> usize {
        seat * MOVE_INDICES + move_index(mv)
    }

    /// The rows the quiet moves of a node are scored from (see [`QuietRows`]).
    #[inline]
    fn quiet_rows(&self, ctx: &Context) -> QuietRows<'_> {
        fn row(table: &[i16], p: usize) -> &[i16; PIECE_TO] {
            table[p * PIECE_TO..][..PIECE_TO]
                .try_into()
                .expect("a row of PIECE_TO entries")
        }
        QuietRows {
            main: self.main[ctx.seat * MOVE_INDICES..][..MOVE_INDICES]
                .try_into()
                .expect("a row of MOVE_INDICES entries"),
            cont1: ctx.cont1.map(|p| row(&self.cont1, p)),
            cont2: ctx.cont2.map(|p| row(&self.cont2, p)),
        }
    }
}

/// The index of `mv` in a seat's row of [`Histories::main`]: a board move's code, a
/// drop's after them.
#[inline]
fn move_index(mv: Move) -> usize {
    let code = mv.code() as usize;
    let i = if code & 0x8000 != 0 {
        0x8000 + (code & 0x3FF)
    } else {
        code
    };
    i.min(MOVE_INDICES - 1)
}

/// The history rows that score the quiet moves of one node: the mover's row of the
/// main history, and the continuation histories' rows of the moves one and two
/// plies back. Found once per node, not once per move.
struct QuietRows<'a> {
    main: &'a [i16; MOVE_INDICES],
    cont1: Option<&'a [i16; PIECE_TO]>,
    cont2: Option<&'a [i16; PIECE_TO]>,
}

impl QuietRows<'_> {
    /// The quiet-move score of `mv` (with `piece_to` its own piece-to index).
    #[inline]
    fn score(&self, mv: Move, piece_to: usize) -> i32 {
        let mut s = 2 * self.main[move_index(mv)] as i32;
        if let Some(row) = self.cont1 {
            s += row[piece_to] as i32;
        }
        if let Some(row) = self.cont2 {
            s += row[piece_to] as i32;
        }
        s
    }
}

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

/// Moves a history value toward ±`HISTORY_MAX` by `bonus` (the "gravity" update:
/// large values move less).
#[inline]
pub(crate) fn update(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let v = *entry as i32;
    *entry = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
}

/// The piece-to index of a move in `pos` (before it is made): the moving (or
/// dropped) kind and the destination.
#[inline]
pub(crate) fn piece_to(pos: &Position, mv: Move) -> Option<usize> {
    match mv {
        Move::Board { from, to, .. } => {
            pos.piece_at(from).map(|p| p.kind.index() * 81 + to.index())
        }
        Move::Drop { kind, to } => Some(kind.index() * 81 + to.index()),
        Move::Pass => None,
    }
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
