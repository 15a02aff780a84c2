//! Reference implementation of the Yo[n]o Shogi rules (and of the standard Shogi
//! ruleset, RULES.md §9), used only by the test suite to cross-check the fast engine.
//!
//! It is deliberately simple: it depends on nothing but `std`, uses none of the
//! engine's types, works square by square, and is written straight from RULES.md.
//! Input is the text formats of RULES.md §7 (moves) and §8 (positions); malformed
//! input panics. Repetition (which needs a history) is not modelled.
#![allow(dead_code)]

/// Seat indices in turn order (clockwise): South, West, North, East.
const SOUTH: usize = 0;
const WEST: usize = 1;
const NORTH: usize = 2;
const EAST: usize = 3;
const SEAT_LETTERS: [char; 4] = ['s', 'w', 'n', 'e'];

/// Reserve kinds in canonical writing order.
const RESERVE_KINDS: [char; 7] = ['R', 'B', 'G', 'S', 'N', 'L', 'P'];

/// Step / slide directions in the owner's frame: (forward, sideways).
const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const GOLD: [(i32, i32); 6] = [(1, 0), (1, 1), (1, -1), (0, 1), (0, -1), (-1, 0)];
const SILVER: [(i32, i32); 5] = [(1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i32, i32); 2] = [(2, 1), (2, -1)];

/// A square: (file 1..=9, rank number 1..=9 with a=1 .. i=9).
type Sq = (i32, i32);

/// Owner-relative (forward, sideways) offsets.
type Dirs = Vec<(i32, i32)>;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    seat: usize,
    kind: char,
    promoted: bool,
}

#[derive(Clone, Debug)]
struct Pos {
    /// board[file - 1][rank - 1]
    board: [[Option<Piece>; 9]; 9],
    to_move: usize,
    /// reserves[seat][index into RESERVE_KINDS]
    reserves: [[u32; 7]; 4],
    /// Seats field characters: letter (in game), digit (score), '-' (not in ruleset).
    seats: [char; 4],
    move_number: u64,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Move {
    Board { from: Sq, to: Sq, promote: bool },
    Drop { kind: char, to: Sq },
    Pass,
}

// ---------------------------------------------------------------------------
// Public interface
// ---------------------------------------------------------------------------

/// Legal moves of the seat to move, as move texts (RULES.md §7), sorted ascending (plain string sort), no duplicates.
pub fn legal_moves(position_text: &str) -> Vec<String> {
    let pos = parse_position(position_text);
    let mut moves: Vec<String> = legal_moves_of_position(&pos)
        .iter()
        .map(move_to_text)
        .collect();
    moves.sort();
    moves.dedup();
    moves
}

/// Plays `mv` (assumed legal) and returns the canonical position text afterwards.
pub fn play(position_text: &str, mv: &str) -> String {
    let pos = parse_position(position_text);
    let m = parse_move(mv);
    write_position(&play_move(&pos, m))
}

/// Perft: number of leaf nodes at `depth` (depth 0 => 1), counting `pass` as a move.
pub fn perft(position_text: &str, depth: u32) -> u64 {
    perft_pos(&parse_position(position_text), depth)
}

fn perft_pos(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves_of_position(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| perft_pos(&play_move(pos, m), depth - 1))
        .sum()
}

// ---------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------

fn on_board(sq: Sq) -> bool {
    (1..=9).contains(&sq.0) && (1..=9).contains(&sq.1)
}

/// Forward direction as (d_file, d_rank).
fn forward(seat: usize) -> (i32, i32) {
    match seat {
        SOUTH => (0, -1), // toward rank a
        WEST => (-1, 0),  // toward file 1
        NORTH => (0, 1),  // toward rank i
        EAST => (1, 0),   // toward file 9
        _ => unreachable!(),
    }
}

/// Converts an owner-relative (forward, sideways) offset to an absolute square.
fn offset(seat: usize, sq: Sq, fwd: i32, side: i32) -> Sq {
    let (fx, fy) = forward(seat);
    let (sx, sy) = (-fy, fx); // perpendicular to forward
    (sq.0 + fwd * fx + side * sx, sq.1 + fwd * fy + side * sy)
}

/// Number of lines in front of `sq` for `seat` (0 on its last rank).
fn room(seat: usize, sq: Sq) -> i32 {
    match seat {
        SOUTH => sq.1 - 1,
        NORTH => 9 - sq.1,
        WEST => sq.0 - 1,
        EAST => 9 - sq.0,
        _ => unreachable!(),
    }
}

/// Promotion zone: the far three lines (South a-c, North g-i, West 1-3, East 7-9).
fn in_promotion_zone(seat: usize, sq: Sq) -> bool {
    room(seat, sq) <= 2
}

/// Yo[n]o drop zone: South files 5-9, North files 1-5, West ranks a-e, East ranks e-i.
fn in_drop_zone(seat: usize, sq: Sq) -> bool {
    match seat {
        SOUTH => sq.0 >= 5,
        NORTH => sq.0 <= 5,
        WEST => sq.1 <= 5,
        EAST => sq.1 >= 5,
        _ => unreachable!(),
    }
}

/// Same nifu line (files for South/North, ranks for West/East).
fn same_nifu_line(seat: usize, a: Sq, b: Sq) -> bool {
    match seat {
        SOUTH | NORTH => a.0 == b.0,
        _ => a.1 == b.1,
    }
}

fn colour(sq: Sq) -> i32 {
    (sq.0 + sq.1) % 2
}

fn all_squares() -> Vec<Sq> {
    let mut v = Vec::new();
    for f in 1..=9 {
        for r in 1..=9 {
            v.push((f, r));
        }
    }
    v
}

// ---------------------------------------------------------------------------
// Position helpers
// ---------------------------------------------------------------------------

impl Pos {
    fn get(&self, sq: Sq) -> Option<Piece> {
        self.board[(sq.0 - 1) as usize][(sq.1 - 1) as usize]
    }
    fn set(&mut self, sq: Sq, p: Option<Piece>) {
        self.board[(sq.0 - 1) as usize][(sq.1 - 1) as usize] = p;
    }
    fn in_game(&self, seat: usize) -> bool {
        self.seats[seat] == SEAT_LETTERS[seat]
    }
    fn active_seats(&self) -> Vec<usize> {
        (0..4).filter(|&s| self.in_game(s)).collect()
    }
    /// Standard Shogi ruleset when West and East are both not part of the ruleset.
    fn is_shogi(&self) -> bool {
        self.seats[WEST] == '-' && self.seats[EAST] == '-'
    }
    fn seats_in_ruleset(&self) -> usize {
        self.seats.iter().filter(|&&c| c != '-').count()
    }
    fn king_square(&self, seat: usize) -> Option<Sq> {
        all_squares()
            .into_iter()
            .find(|&sq| matches!(self.get(sq), Some(p) if p.seat == seat && p.kind == 'K'))
    }
}

fn reserve_index(kind: char) -> usize {
    RESERVE_KINDS
        .iter()
        .position(|&k| k == kind)
        .unwrap_or_else(|| panic!("bad reserve kind {kind}"))
}

fn can_promote_kind(kind: char) -> bool {
    matches!(kind, 'R' | 'B' | 'S' | 'N' | 'L' | 'P')
}

// ---------------------------------------------------------------------------
// Piece movement
// ---------------------------------------------------------------------------

/// (steps, slides) in the owner's (forward, sideways) frame.
fn movement(p: Piece) -> (Dirs, Dirs) {
    let gold_like = p.kind == 'G' || (p.promoted && matches!(p.kind, 'S' | 'N' | 'L' | 'P'));
    if gold_like {
        return (GOLD.to_vec(), vec![]);
    }
    match (p.kind, p.promoted) {
        ('K', _) => ([ORTH, DIAG].concat(), vec![]),
        ('R', false) => (vec![], ORTH.to_vec()),
        ('R', true) => (DIAG.to_vec(), ORTH.to_vec()),
        ('B', false) => (vec![], DIAG.to_vec()),
        ('B', true) => (ORTH.to_vec(), DIAG.to_vec()),
        ('S', false) => (SILVER.to_vec(), vec![]),
        ('N', false) => (KNIGHT.to_vec(), vec![]),
        ('L', false) => (vec![], vec![(1, 0)]),
        ('P', false) => (vec![(1, 0)], vec![]),
        _ => panic!("bad piece {p:?}"),
    }
}

/// Squares the piece on `from` could move onto by its movement, ignoring what is on
/// the target square (the caller filters out its own pieces) and any legality.
fn targets(pos: &Pos, from: Sq, p: Piece) -> Vec<Sq> {
    let (steps, slides) = movement(p);
    let mut out = Vec::new();
    for (a, b) in steps {
        let t = offset(p.seat, from, a, b);
        if on_board(t) {
            out.push(t);
        }
    }
    for (a, b) in slides {
        let mut t = from;
        loop {
            t = offset(p.seat, t, a, b);
            if !on_board(t) {
                break;
            }
            out.push(t);
            if pos.get(t).is_some() {
                break;
            }
        }
    }
    out
}

/// Is `owner`'s King threatened by seat `x` (some piece of x could move onto it)?
fn threatened_by(pos: &Pos, owner: usize, x: usize) -> bool {
    let king = match pos.king_square(owner) {
        Some(k) => k,
        None => return false,
    };
    all_squares().into_iter().any(|sq| match pos.get(sq) {
        Some(p) if p.seat == x => targets(pos, sq, p).contains(&king),
        _ => false,
    })
}

/// Is `seat`'s King threatened by any other seat still in the game?
fn threatened_by_anyone(pos: &Pos, seat: usize) -> bool {
    pos.active_seats()
        .into_iter()
        .any(|x| x != seat && threatened_by(pos, seat, x))
}

// ---------------------------------------------------------------------------
// Move generation
// ---------------------------------------------------------------------------

/// Applies a move of `seat` to the board and reserves only (no turn change, no checkmates).
fn apply_raw(pos: &Pos, seat: usize, m: Move) -> Pos {
    let mut next = pos.clone();
    match m {
        Move::Board { from, to, promote } => {
            let mut p = next.get(from).expect("no piece on from-square");
            if let Some(captured) = next.get(to) {
                // A King can only be taken in the hypothetical "if it were to move now"
                // of the uchifuzume test (a seat not about to move may threaten a third
                // seat's King). There it just leaves the board; it never enters a reserve.
                if captured.kind != 'K' {
                    next.reserves[seat][reserve_index(captured.kind)] += 1;
                }
            }
            if promote {
                p.promoted = true;
            }
            next.set(from, None);
            next.set(to, Some(p));
        }
        Move::Drop { kind, to } => {
            let i = reserve_index(kind);
            assert!(
                next.reserves[seat][i] > 0,
                "dropping a piece not in reserve"
            );
            next.reserves[seat][i] -= 1;
            next.set(
                to,
                Some(Piece {
                    seat,
                    kind,
                    promoted: false,
                }),
            );
        }
        Move::Pass => {}
    }
    next
}

/// All legal board moves and drops of `seat` (never `pass`).
fn legal_non_pass_moves(pos: &Pos, seat: usize) -> Vec<Move> {
    let shogi = pos.is_shogi();
    let mut candidates = Vec::new();

    // Board moves.
    for from in all_squares() {
        let p = match pos.get(from) {
            Some(p) if p.seat == seat => p,
            _ => continue,
        };
        for to in targets(pos, from, p) {
            if matches!(pos.get(to), Some(q) if q.seat == seat) {
                continue;
            }
            let may_promote = !p.promoted
                && can_promote_kind(p.kind)
                && (in_promotion_zone(seat, from) || in_promotion_zone(seat, to));
            let must_promote = !p.promoted
                && match p.kind {
                    'P' | 'L' => room(seat, to) < 1,
                    'N' => room(seat, to) < 2,
                    _ => false,
                };
            if !must_promote {
                candidates.push(Move::Board {
                    from,
                    to,
                    promote: false,
                });
            }
            if may_promote {
                candidates.push(Move::Board {
                    from,
                    to,
                    promote: true,
                });
            }
        }
    }

    // Drops.
    for (i, &kind) in RESERVE_KINDS.iter().enumerate() {
        if pos.reserves[seat][i] == 0 {
            continue;
        }
        for to in all_squares() {
            if pos.get(to).is_some() {
                continue;
            }
            if !shogi && !in_drop_zone(seat, to) {
                continue;
            }
            let r = room(seat, to);
            if (kind == 'P' || kind == 'L') && r < 1 {
                continue;
            }
            if kind == 'N' && r < 2 {
                continue;
            }
            if kind == 'P' {
                let nifu = all_squares().into_iter().any(|sq| {
                    same_nifu_line(seat, sq, to)
                        && pos.get(sq)
                            == Some(Piece {
                                seat,
                                kind: 'P',
                                promoted: false,
                            })
                });
                if nifu {
                    continue;
                }
            }
            if kind == 'B' && !shogi {
                let same_colour_bishops = all_squares()
                    .into_iter()
                    .filter(|&sq| {
                        colour(sq) == colour(to)
                            && pos.get(sq)
                                == Some(Piece {
                                    seat,
                                    kind: 'B',
                                    promoted: false,
                                })
                    })
                    .count();
                if same_colour_bishops >= 2 {
                    continue;
                }
            }
            candidates.push(Move::Drop { kind, to });
        }
    }

    // Legality: the mover's King must not be threatened afterwards; uchifuzume.
    let mut legal = Vec::new();
    for m in candidates {
        let after = apply_raw(pos, seat, m);
        if threatened_by_anyone(&after, seat) {
            continue;
        }
        let uchifuzume = match m {
            Move::Drop { kind: 'P', to } => is_uchifuzume(&after, seat, to),
            _ => false,
        };
        if uchifuzume {
            continue;
        }
        legal.push(m);
    }
    legal
}

/// `after` is the position right after `seat` dropped a Pawn on `to`.
fn is_uchifuzume(after: &Pos, seat: usize, to: Sq) -> bool {
    let front = offset(seat, to, 1, 0);
    if !on_board(front) {
        return false;
    }
    match after.get(front) {
        Some(p) if p.kind == 'K' && p.seat != seat && after.in_game(p.seat) => {
            legal_non_pass_moves(after, p.seat).is_empty()
        }
        _ => false,
    }
}

/// Legal moves of the seat to move, including `pass` where it applies.
fn legal_moves_of_position(pos: &Pos) -> Vec<Move> {
    if pos.active_seats().len() <= 1 || !pos.in_game(pos.to_move) {
        return Vec::new(); // game over
    }
    let moves = legal_non_pass_moves(pos, pos.to_move);
    if moves.is_empty() && !pos.is_shogi() {
        return vec![Move::Pass];
    }
    moves
}

// ---------------------------------------------------------------------------
// Playing a move: turn change and checkmate removal
// ---------------------------------------------------------------------------

fn play_move(pos: &Pos, m: Move) -> Pos {
    let mover = pos.to_move;
    let mut next = apply_raw(pos, mover, m);
    next.move_number += 1;

    // P: next seat in clockwise order still in the game.
    let p = (1..=4)
        .map(|k| (mover + k) % 4)
        .find(|&s| next.in_game(s))
        .expect("no seat in the game");

    loop {
        let active = next.active_seats();
        let fallen: Vec<usize> = active
            .iter()
            .copied()
            .filter(|&s| s != p && threatened_by(&next, s, p))
            .collect();
        if fallen.is_empty() {
            break;
        }
        // Others still in the game at this moment (fellow fallen count as still in).
        let others = active.len() - 1;
        let score = (next.seats_in_ruleset() - 1) as i64 - others as i64;
        assert!((0..=9).contains(&score), "bad score {score}");
        for &s in &fallen {
            for sq in all_squares() {
                if matches!(next.get(sq), Some(q) if q.seat == s) {
                    next.set(sq, None);
                }
            }
            next.reserves[s] = [0; 7];
            next.seats[s] = char::from_digit(score as u32, 10).unwrap();
        }
    }
    next.to_move = p;
    next
}

// ---------------------------------------------------------------------------
// Text formats
// ---------------------------------------------------------------------------

fn seat_index(c: char) -> usize {
    SEAT_LETTERS
        .iter()
        .position(|&l| l == c)
        .unwrap_or_else(|| panic!("bad seat letter {c:?}"))
}

fn parse_square(s: &str) -> Sq {
    let b = s.as_bytes();
    assert_eq!(b.len(), 2, "bad square {s:?}");
    let f = (b[0] as char).to_digit(10).expect("bad file") as i32;
    let r = b[1] as i32 - b'a' as i32 + 1;
    let sq = (f, r);
    assert!(on_board(sq), "bad square {s:?}");
    sq
}

fn square_text(sq: Sq) -> String {
    format!("{}{}", sq.0, (b'a' + (sq.1 - 1) as u8) as char)
}

fn parse_move(text: &str) -> Move {
    if text == "pass" {
        Move::Pass
    } else if let Some(rest) = text.strip_prefix(|c: char| RESERVE_KINDS.contains(&c)) {
        let kind = text.chars().next().unwrap();
        let to = parse_square(rest.strip_prefix('*').expect("bad drop"));
        Move::Drop { kind, to }
    } else {
        let (body, promote) = match text.strip_suffix('+') {
            Some(b) => (b, true),
            None => (text, false),
        };
        assert_eq!(body.len(), 4, "bad move {text:?}");
        Move::Board {
            from: parse_square(&body[0..2]),
            to: parse_square(&body[2..4]),
            promote,
        }
    }
}

fn move_to_text(m: &Move) -> String {
    match *m {
        Move::Board { from, to, promote } => {
            format!(
                "{}{}{}",
                square_text(from),
                square_text(to),
                if promote { "+" } else { "" }
            )
        }
        Move::Drop { kind, to } => format!("{}*{}", kind, square_text(to)),
        Move::Pass => "pass".to_string(),
    }
}

fn parse_position(text: &str) -> Pos {
    let fields: Vec<&str> = text.split(' ').collect();
    assert_eq!(fields.len(), 5, "position needs 5 fields: {text:?}");

    let mut pos = Pos {
        board: [[None; 9]; 9],
        to_move: seat_index(fields[1].chars().next().expect("empty seat to move")),
        reserves: [[0; 7]; 4],
        seats: ['-'; 4],
        move_number: fields[4].parse().expect("bad move number"),
    };

    // Board: ranks a..i, within a rank files 9..1.
    let ranks: Vec<&str> = fields[0].split('/').collect();
    assert_eq!(ranks.len(), 9, "board needs 9 ranks");
    for (ri, rank_text) in ranks.iter().enumerate() {
        let r = ri as i32 + 1;
        let chars: Vec<char> = rank_text.chars().collect();
        let mut f = 9;
        let mut i = 0;
        while i < chars.len() {
            if let Some(d) = chars[i].to_digit(10) {
                f -= d as i32;
                i += 1;
                continue;
            }
            let seat = seat_index(chars[i]);
            i += 1;
            let promoted = chars[i] == '+';
            if promoted {
                i += 1;
            }
            let kind = chars[i];
            i += 1;
            assert!("KRBGSNLP".contains(kind), "bad kind {kind:?}");
            assert!(f >= 1, "rank {rank_text:?} too long");
            pos.set(
                (f, r),
                Some(Piece {
                    seat,
                    kind,
                    promoted,
                }),
            );
            f -= 1;
        }
        assert_eq!(f, 0, "rank {rank_text:?} has the wrong length");
    }

    // Reserves.
    let groups: Vec<&str> = fields[2].split('/').collect();
    assert_eq!(groups.len(), 4, "reserves need 4 groups");
    for (seat, g) in groups.iter().enumerate() {
        if *g == "-" {
            continue;
        }
        let mut count = String::new();
        for c in g.chars() {
            if c.is_ascii_digit() {
                count.push(c);
            } else {
                let n: u32 = if count.is_empty() {
                    1
                } else {
                    count.parse().unwrap()
                };
                pos.reserves[seat][reserve_index(c)] += n;
                count.clear();
            }
        }
        assert!(count.is_empty(), "dangling count in reserve {g:?}");
    }

    // Seats.
    let seat_chars: Vec<char> = fields[3].chars().collect();
    assert_eq!(seat_chars.len(), 4, "seats field needs 4 characters");
    for (i, &c) in seat_chars.iter().enumerate() {
        assert!(
            c == SEAT_LETTERS[i] || c == '-' || c.is_ascii_digit(),
            "bad seat char {c:?}"
        );
        pos.seats[i] = c;
    }
    pos
}

fn write_position(pos: &Pos) -> String {
    let mut board = String::new();
    for r in 1..=9 {
        if r > 1 {
            board.push('/');
        }
        let mut empty = 0;
        for f in (1..=9).rev() {
            match pos.get((f, r)) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        board.push_str(&empty.to_string());
                        empty = 0;
                    }
                    board.push(SEAT_LETTERS[p.seat]);
                    if p.promoted {
                        board.push('+');
                    }
                    board.push(p.kind);
                }
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
    }

    let reserves: Vec<String> = (0..4)
        .map(|s| {
            let mut g = String::new();
            for (i, &k) in RESERVE_KINDS.iter().enumerate() {
                let n = pos.reserves[s][i];
                if n > 1 {
                    g.push_str(&n.to_string());
                }
                if n > 0 {
                    g.push(k);
                }
            }
            if g.is_empty() {
                "-".to_string()
            } else {
                g
            }
        })
        .collect();

    format!(
        "{} {} {} {} {}",
        board,
        SEAT_LETTERS[pos.to_move],
        reserves.join("/"),
        pos.seats.iter().collect::<String>(),
        pos.move_number
    )
}
