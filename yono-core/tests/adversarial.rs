//! Adversarial input through the Rust API, filling what `bad_input.rs` and the
//! vectors in tests/vectors/bad_*.json leave out: boundary sizes, NULs and foreign
//! characters at every position, every field of the position text malformed in
//! turn, impossible positions for every seat, moves for the wrong seat, drops of
//! pieces not held or outside the 45-square zone, the binding limit with Horses
//! and on the odd binding, and moves after the game ended. Each case expects one
//! specific error code, and every rejected move must leave the position (and the
//! game) exactly as it was.

use yono::MAX_TEXT_LEN;
use yono::{
    Game, Move, MoveError, Piece, PieceKind, Position, Ruleset, Seat, SeatState, Setup, Square,
};

const START: &str = yono::YONO_START;
/// Just the four Kings on their start squares.
const KINGS: &str = "4nK4/9/9/9/wK7eK/9/9/9/4sK4 s -/-/-/- swne 1";

fn pos(text: &str) -> Position {
    Position::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(name: &str) -> Square {
    name.parse().unwrap_or_else(|_| panic!("square {name}"))
}

fn text_error(text: &str) -> &'static str {
    match Position::from_text(text) {
        Ok(p) => panic!("{text:?} was accepted as {p:?}"),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e.code()
        }
    }
}

/// A setup: the four Kings, `turn` to move, plus `pieces`.
fn kings_plus(turn: Seat, pieces: &[(&str, Seat, PieceKind)]) -> Setup {
    let mut setup: Setup = KINGS.parse().expect("kings");
    setup.turn = turn;
    for &(name, seat, kind) in pieces {
        setup.board[sq(name).index()] = Some(Piece::new(seat, kind));
    }
    setup
}

/// Checks that `mv` is refused with `code` by every entry point, and that nothing
/// changed: not the position, not a game around it.
fn refused(p: &Position, mv: Move, code: &str) {
    let ctx = format!("{mv} in {p:?}");
    assert_eq!(p.check_move(mv).map_err(|r| r.code()), Err(code), "{ctx}");
    assert!(!p.is_legal(mv), "{ctx}");
    assert!(!p.legal_moves().contains(&mv), "{ctx}");
    let text_err = p.parse_move(&mv.to_string()).expect_err(&ctx);
    assert_eq!(text_err.code(), code, "{ctx}");
    assert!(matches!(text_err, MoveError::Illegal { mv: m, .. } if m == mv));
    let mut copy = p.clone();
    assert_eq!(copy.play(mv).map_err(|e| e.code()), Err(code), "{ctx}");
    assert_eq!(
        play_text(&mut copy, &mv.to_string()).map_err(|e| e.code()),
        Err(code)
    );
    assert_eq!(&copy, p, "{ctx}: a rejected move changed the position");
    assert_eq!(copy.key(), p.key());
    let mut game = Game::from_position(p.clone());
    let before = game.clone();
    assert_eq!(game.play(mv).map_err(|e| e.code()), Err(code), "{ctx}");
    assert_eq!(game, before, "{ctx}: a rejected move changed the game");
}

// ---- sizes, NULs, foreign characters -------------------------------------------

/// Move text played as a user plays it: parsed, then played (a malformed text is a
/// `MoveError` too).
fn play_text(pos: &mut Position, text: &str) -> Result<yono::Eliminations, MoveError> {
    pos.play(text.parse()?)
}

#[test]
fn empty_input_at_every_front_door() {
    assert_eq!(text_error(""), "empty");
    assert_eq!(Position::from_sfen("").unwrap_err().code(), "empty");
    assert_eq!(Game::from_text("").unwrap_err().code(), "empty");
    assert_eq!("".parse::<Setup>().unwrap_err().code(), "empty");
    assert_eq!(Setup::from_sfen(" \t\n").unwrap_err().code(), "empty");
    assert!(Move::from_usi("").is_err());
    let p = Position::start();
    assert_eq!(p.parse_move("").unwrap_err().code(), "malformed_move");
    let mut q = p.clone();
    assert_eq!(play_text(&mut q, "").unwrap_err().code(), "malformed_move");
    assert_eq!(q, p);
    assert!("".parse::<Square>().is_err());
}

#[test]
fn the_length_limit_is_exact_and_megabytes_are_cheap() {
    // Padding with white space up to the limit still reads; one byte more does not.
    let padded = format!("{START:<MAX_TEXT_LEN$}");
    assert_eq!(padded.len(), MAX_TEXT_LEN);
    assert_eq!(pos(&padded), Position::start());
    assert_eq!(text_error(&format!("{padded} ")), "too_long");
    let shogi = Position::new(Ruleset::Shogi).sfen().expect("sfen");
    let sfen_padded = format!("{shogi:<MAX_TEXT_LEN$}");
    assert!(Position::from_sfen(&sfen_padded).is_ok());
    assert_eq!(
        Position::from_sfen(&format!(" {sfen_padded}"))
            .unwrap_err()
            .code(),
        "too_long"
    );
    // A megabyte of anything: valid texts repeated, white space, NULs, multi-byte
    // characters. Refused as too long, with a short message.
    let mb = 1 << 20;
    let inputs = [
        START.repeat(mb / START.len() + 1),
        " ".repeat(mb),
        "\0".repeat(mb),
        "é".repeat(mb / 2),
        format!("{START}{}", " ".repeat(mb)),
    ];
    for input in &inputs {
        let err = Position::from_text(input).unwrap_err();
        assert_eq!(err.code(), "too_long");
        assert!(err.to_string().len() < 100, "{err}");
        assert_eq!(Position::from_sfen(input).unwrap_err().code(), "too_long");
        let mv = Move::from_usi(input).unwrap_err();
        assert!(mv.text.chars().count() <= 32);
        assert!(mv.to_string().len() < 300);
        let mut p = Position::start();
        assert_eq!(
            play_text(&mut p, input).unwrap_err().code(),
            "malformed_move"
        );
        assert_eq!(p, Position::start());
    }
}

#[test]
fn a_nul_or_foreign_character_anywhere_is_refused() {
    let chars: Vec<char> = START.chars().collect();
    for i in 0..=chars.len() {
        for bad in ['\0', 'é', '５', '\u{200b}', '\u{feff}', 'ｓ'] {
            let mut v = chars.clone();
            v.insert(i, bad);
            let text: String = v.iter().collect();
            text_error(&text);
            if i < chars.len() {
                v.remove(i + 1); // replace instead of insert
                text_error(&v.iter().collect::<String>());
            }
        }
    }
    for text in ["5g5f", "P*5e", "8h2b+", "pass"] {
        for i in 0..=text.len() {
            for bad in ["\0", "é", " ", "\n", "+", "*"] {
                let t = format!("{}{bad}{}", &text[..i], &text[i..]);
                if let Ok(mv) = Move::from_usi(&t) {
                    // Only an appended '+' can still be a move.
                    assert_eq!(t, format!("{text}+"), "{t:?} read as {mv}");
                    continue;
                }
                let p = Position::start();
                assert_eq!(p.parse_move(&t).unwrap_err().code(), "malformed_move");
            }
        }
    }
}

// ---- each field malformed in turn ----------------------------------------------

#[test]
fn every_field_malformed_in_turn() {
    let fields: Vec<&str> = START.split(' ').collect();
    assert_eq!(fields.len(), 5);
    let board = fields[0];
    let cases: [(usize, &[(&str, &str)]); 5] = [
        (
            0,
            &[
                ("9/9/9/9/9/9/9/9", "rank_count"),
                (&"9/".repeat(10)[..19], "rank_count"),
                ("/", "rank_count"),
                ("x", "rank_count"),
                (
                    "wLwRwP1nKnGnSnNnL/wNwBwP4nBnR/wS1wP1nPnPnPnPnP/wG1wP6/wK1wP3eP1eK/6eP1eG/sPsPsPsPsP1eP1eS/sRsB4ePeBeN/sLsNsSsGsK1ePeReL/",
                    "rank_count",
                ),
                (&board.replacen("wL", "wX", 1), "board_char"),
                (&board.replacen("wL", "xL", 1), "board_char"),
                (&board.replacen("wL", "WL", 1), "board_char"),
                (&board.replacen("1nK", "0nK", 1), "board_char"),
                (&board.replacen("1nK", "2nK", 1), "rank_length"),
                (&board.replacen("wR", "", 1), "rank_length"),
                (&board.replacen("wL", "w", 1), "board_char"),
                (&board.replacen("nL", "n", 1), "missing_kind"),
                (&board.replacen("sK", "s+K", 1), "cannot_promote"),
                (&board.replacen("sG", "s+G", 1), "cannot_promote"),
                (&board.replacen("sG", "+sG", 1), "board_char"),
                (&board.replacen("sG", "s++G", 1), "board_char"),
            ],
        ),
        (
            1,
            &[
                ("S", "turn"),
                ("south", "turn"),
                ("x", "turn"),
                ("1", "turn"),
                ("-", "turn"),
                ("b", "turn"),
                ("sw", "turn"),
            ],
        ),
        (
            2,
            &[
                ("-/-/-", "reserve_group_count"),
                ("-/-/-/-/-", "reserve_group_count"),
                ("-", "reserve_group_count"),
                ("K/-/-/-", "reserve"),
                ("+R/-/-/-", "reserve"),
                ("P0/-/-/-", "reserve"),
                ("0P/-/-/-", "reserve"),
                ("100P/-/-/-", "reserve"),
                ("PP/-/-/-", "reserve"),
                ("-P/-/-/-", "reserve"),
                ("--/-/-/-", "reserve"),
                ("p/-/-/-", "reserve"),
                ("/-/-/-", "reserve"),
                ("-/-/-/P2", "reserve"),
            ],
        ),
        (
            3,
            &[
                ("swn", "seats"),
                ("swnee", "seats"),
                ("nwse", "seats"),
                ("SWNE", "seats"),
                ("swnx", "seats"),
                ("sw e", "field_count"),
                ("s-ne", "no_ruleset"),
                ("----", "no_ruleset"),
                ("s9ne", "score_out_of_range"),
                ("s3ne", "score_out_of_range"),
            ],
        ),
        (
            4,
            &[
                ("0", "move_number"),
                ("-1", "move_number"),
                ("+1", "move_number"),
                ("1.0", "move_number"),
                ("1e3", "move_number"),
                ("4294967296", "move_number"),
                ("٣", "move_number"),
                ("x", "move_number"),
                ("1/", "move_number"),
            ],
        ),
    ];
    for (field, bad) in cases {
        for &(value, code) in bad {
            let mut f = fields.clone();
            f[field] = value;
            let text = f.join(" ");
            assert_eq!(text_error(&text), code, "field {field} = {value:?}: {text}");
        }
        // The field missing altogether.
        let mut f = fields.clone();
        f.remove(field);
        assert_eq!(text_error(&f.join(" ")), "field_count");
        // Doubled separators around it.
        let mut f = fields.clone();
        f[field] = "";
        assert_eq!(text_error(&f.join(" ")), "field_count");
    }
    // The largest move number is fine.
    let mut f = fields.clone();
    f[4] = "4294967295";
    assert_eq!(pos(&f.join(" ")).move_number(), u32::MAX);
}

// ---- impossible positions, for every seat --------------------------------------

fn king_square(seat: Seat) -> &'static str {
    ["5i", "9e", "5a", "1e"][seat.index()]
}

/// A square orthogonally next to each start King, toward the centre.
fn beside_king(seat: Seat) -> &'static str {
    ["5h", "8e", "5b", "2e"][seat.index()]
}

#[test]
fn kings_missing_doubled_or_of_a_fallen_seat() {
    for seat in Seat::ALL {
        let turn = if seat == Seat::South {
            Seat::West
        } else {
            Seat::South
        };
        // Missing.
        let mut s = kings_plus(turn, &[]);
        s.board[sq(king_square(seat)).index()] = None;
        assert_eq!(text_error(&s.to_string()), "missing_king", "{seat}");
        // Two and three.
        let far = ["7g", "7c", "3c", "3g"][seat.index()];
        let s = kings_plus(turn, &[(far, seat, PieceKind::King)]);
        let err = Position::from_setup(&s).unwrap_err();
        assert_eq!(err.code(), "too_many_kings", "{seat}");
        assert_eq!(text_error(&s.to_string()), "too_many_kings");
        // The King (or any piece) of a seat that is out.
        let mut s = kings_plus(turn, &[]);
        s.seats[seat.index()] = SeatState::Out(0);
        assert_eq!(
            text_error(&s.to_string()),
            "piece_of_seat_not_in_game",
            "{seat}"
        );
        s.board[sq(king_square(seat)).index()] = None;
        assert!(Position::from_text(&s.to_string()).is_ok(), "{seat}");
        s.board[sq(far).index()] = Some(Piece::new(seat, PieceKind::Pawn));
        assert_eq!(text_error(&s.to_string()), "piece_of_seat_not_in_game");
    }
}

/// Checks that `setup` is accepted while the reserve of seat `seat` holds `most` pieces
/// of the kind at `hand_index`, and rejected as `too_many_pieces` with one more;
/// returns that error.
fn one_held_too_many(mut setup: Setup, seat: usize, hand_index: usize, most: u8) -> yono::Error {
    setup.reserves[seat].0[hand_index] = most;
    assert!(
        Position::from_text(&setup.to_string()).is_ok(),
        "{most} held"
    );
    setup.reserves[seat].0[hand_index] = most + 1;
    let err = Position::from_text(&setup.to_string()).expect_err("one held too many");
    assert_eq!(err.code(), "too_many_pieces", "{err}");
    assert!(!err.to_string().is_empty());
    err
}

#[test]
fn more_pieces_than_the_game_has() {
    let e = Seat::East;
    // Five Golds on the board.
    let golds: Vec<(&str, Seat, PieceKind)> = ["9i", "8i", "7i", "6i", "4i"]
        .iter()
        .map(|&s| (s, Seat::South, PieceKind::Gold))
        .collect();
    assert_eq!(
        text_error(&kings_plus(e, &golds).to_string()),
        "too_many_pieces"
    );
    assert!(Position::from_text(&kings_plus(e, &golds[..4]).to_string()).is_ok());
    // Promoted pieces count as their base kind: three Rooks held and two Dragons.
    let dragons = kings_plus(
        e,
        &[
            ("7i", Seat::South, PieceKind::Dragon),
            ("7h", Seat::South, PieceKind::Dragon),
        ],
    );
    let err = one_held_too_many(dragons, 0, 0, 2);
    assert!(err.to_string().contains("5 pieces"), "{err}");
    // Twenty-one Pawns: 19 held and two promoted on the board.
    let pawns = kings_plus(
        e,
        &[
            ("6i", Seat::South, PieceKind::PromotedPawn),
            ("4i", Seat::South, PieceKind::Pawn),
        ],
    );
    one_held_too_many(pawns, 1, 6, 18);
    // Standard Shogi has two Rooks and eighteen Pawns.
    let base = "4k4/9/9/9/9/9/9/9/4K4 b {} 1";
    for (most, one_more) in [("2R", "2Rr"), ("18p", "18pP")] {
        assert!(Position::from_sfen(&base.replace("{}", most)).is_ok());
        let err = Position::from_sfen(&base.replace("{}", one_more)).unwrap_err();
        assert_eq!(err.code(), "too_many_pieces", "{one_more}");
    }
    assert_eq!(
        Position::from_sfen("4k4/9/9/9/9/9/9/9/3KK4 b - 1")
            .unwrap_err()
            .code(),
        "too_many_kings"
    );
}

/// The last line (and the last two) of each seat, as squares.
fn last_lines(seat: Seat, depth: u8) -> Vec<Square> {
    Square::all()
        .filter(|s| {
            let (file, rank) = (s.file(), s.rank());
            match seat {
                Seat::South => rank <= depth,
                Seat::North => rank > 9 - depth,
                Seat::West => file <= depth,
                Seat::East => file > 9 - depth,
            }
        })
        .collect()
}

#[test]
fn pawns_lances_and_knights_that_could_never_move() {
    let kings: Vec<Square> = Seat::ALL.iter().map(|&s| sq(king_square(s))).collect();
    for seat in Seat::ALL {
        let turn = if seat == Seat::South {
            Seat::West
        } else {
            Seat::South
        };
        for (kind, depth) in [
            (PieceKind::Pawn, 1),
            (PieceKind::Lance, 1),
            (PieceKind::Knight, 2),
        ] {
            let dead = last_lines(seat, depth);
            assert_eq!(dead.len(), 9 * depth as usize);
            for &square in dead.iter().filter(|s| !kings.contains(s)) {
                let mut s = kings_plus(turn, &[]);
                s.board[square.index()] = Some(Piece::new(seat, kind));
                assert_eq!(
                    text_error(&s.to_string()),
                    "dead_piece",
                    "{seat} {kind:?} on {square}"
                );
                // Promoted, the same piece may stand there.
                let promoted = kind.promoted().expect("promotes");
                s.board[square.index()] = Some(Piece::new(seat, promoted));
                let accepted = Position::from_text(&s.to_string());
                assert!(
                    accepted.is_ok() || accepted.as_ref().unwrap_err().code() == "king_capturable",
                    "{seat} {promoted:?} on {square}: {accepted:?}"
                );
            }
        }
    }
}

#[test]
fn nifu_for_every_seat_but_not_with_a_promoted_pawn() {
    // Two Pawns on one line of each seat (files for South and North, ranks for
    // West and East), away from every King.
    let lines = [
        (Seat::South, "7g", "7e"),
        (Seat::West, "7c", "5c"),
        (Seat::North, "3c", "3e"),
        (Seat::East, "3g", "5g"),
    ];
    for (seat, a, b) in lines {
        let turn = if seat == Seat::South {
            Seat::West
        } else {
            Seat::South
        };
        let s = kings_plus(
            turn,
            &[(a, seat, PieceKind::Pawn), (b, seat, PieceKind::Pawn)],
        );
        assert_eq!(text_error(&s.to_string()), "nifu", "{seat}");
        let s = kings_plus(
            turn,
            &[
                (a, seat, PieceKind::Pawn),
                (b, seat, PieceKind::PromotedPawn),
            ],
        );
        assert!(Position::from_text(&s.to_string()).is_ok(), "{seat}");
        // A Pawn of another seat on the same line is no nifu either.
        let other = seat.next();
        let s = kings_plus(
            turn,
            &[(a, seat, PieceKind::Pawn), (b, other, PieceKind::Pawn)],
        );
        let r = Position::from_text(&s.to_string());
        assert!(
            r.as_ref().map_or_else(|e| e.code() != "nifu", |_| true),
            "{seat}: {r:?}"
        );
    }
}

#[test]
fn only_the_seat_to_move_may_not_threaten_a_king() {
    for attacker in Seat::ALL {
        for victim in Seat::ALL.into_iter().filter(|&v| v != attacker) {
            let gold = [(beside_king(victim), attacker, PieceKind::Gold)];
            let s = kings_plus(attacker, &gold);
            let err = Position::from_text(&s.to_string()).unwrap_err();
            assert_eq!(err.code(), "king_capturable", "{attacker} -> {victim}");
            assert!(err.to_string().contains(attacker.name()), "{err}");
            // With any other seat to move it is an ordinary threat (a check when the
            // victim is to move).
            for turn in Seat::ALL.into_iter().filter(|&t| t != attacker) {
                let p = pos(&kings_plus(turn, &gold).to_string());
                assert!(p.threatened_by(victim).contains(attacker));
                assert_eq!(p.is_check(), turn == victim);
            }
        }
    }
}

// ---- moves that cannot be played -----------------------------------------------

#[test]
fn moves_of_other_seats_are_not_the_movers() {
    let start = Position::start();
    for seat in [Seat::West, Seat::North, Seat::East] {
        let mut s = start.to_setup();
        s.turn = seat;
        let theirs = Position::from_setup(&s).expect("start with another seat to move");
        let moves = theirs.legal_moves();
        assert!(!moves.is_empty());
        for &mv in moves.iter() {
            let from = mv.from().expect("board moves only at the start");
            refused(&start, mv, "no_piece_to_move");
            assert!(matches!(
                start.check_move(mv),
                Err(yono::IllegalMove::NoPieceToMove(f)) if f == from
            ));
        }
    }
}

/// The 45-square drop zone of each seat.
fn in_zone(seat: Seat, s: Square) -> bool {
    match seat {
        Seat::South => s.file() >= 5,
        Seat::North => s.file() <= 5,
        Seat::West => s.rank() <= 5,
        Seat::East => s.rank() >= 5,
    }
}

#[test]
fn drops_need_the_piece_and_the_zone() {
    // Every seat holds one of each kind.
    let full = "4nK4/9/9/9/wK7eK/9/9/9/4sK4 s RBGSNLP/RBGSNLP/RBGSNLP/RBGSNLP swne 1";
    for seat in Seat::ALL {
        let mut s: Setup = full.parse().expect("setup");
        s.turn = seat;
        let p = Position::from_setup(&s).expect("valid");
        let mut empty_reserve = s.clone();
        empty_reserve.reserves[seat.index()] = yono::Reserve::default();
        let bare = Position::from_setup(&empty_reserve).expect("valid");
        let zone = Square::all().filter(|&q| in_zone(seat, q)).count();
        assert_eq!(zone, 45, "{seat}");
        for kind in PieceKind::HAND {
            for to in Square::all() {
                let mv = Move::Drop { kind, to };
                if p.piece_at(to).is_some() {
                    refused(&p, mv, "occupied");
                } else if !in_zone(seat, to) {
                    refused(&p, mv, "outside_drop_zone");
                } else {
                    let verdict = p.check_move(mv);
                    assert!(
                        !matches!(verdict, Err(yono::IllegalMove::OutsideDropZone(_))),
                        "{seat} {mv}"
                    );
                    refused(&bare, mv, "not_in_reserve");
                }
            }
        }
    }
}

#[test]
fn a_third_bishop_on_one_binding_but_not_with_a_horse_or_the_other_binding() {
    // South to move, a Bishop in reserve, and two Bishops on the board.
    let with_bishops = |a: (&str, Seat), b: (&str, Seat)| {
        let bishop = PieceKind::Bishop;
        let mut s = kings_plus(Seat::South, &[(a.0, a.1, bishop), (b.0, b.1, bishop)]);
        s.reserves[0].0[1] = 1;
        s
    };
    let drop = |to: &str| Move::from_usi(&format!("B*{to}")).unwrap();
    let mut s = with_bishops(("9i", Seat::South), ("7i", Seat::South));
    let two_even = pos(&s.to_string());
    // 9g is even (9 + 7), 8g odd.
    refused(&two_even, drop("9g"), "binding_limit");
    assert!(two_even.is_legal(drop("8g")));
    // A Horse is not bound and does not count.
    s.board[sq("7i").index()] = Some(Piece::new(Seat::South, PieceKind::Horse));
    assert!(pos(&s.to_string()).is_legal(drop("9g")));
    // The odd binding has the same limit: Bishops on 8i and 6i (both odd).
    let two_odd = pos(&with_bishops(("8i", Seat::South), ("6i", Seat::South)).to_string());
    refused(&two_odd, drop("8g"), "binding_limit");
    assert!(two_odd.is_legal(drop("9g")));
    // Other seats' Bishops do not count against South.
    let mixed = with_bishops(("9i", Seat::South), ("7a", Seat::West));
    assert!(pos(&mixed.to_string()).is_legal(drop("9g")));
}

/// Every move that has a code, legal somewhere or not.
fn every_move() -> impl Iterator<Item = Move> {
    (0..=u16::MAX).filter_map(Move::from_code)
}

#[test]
fn nothing_is_played_after_a_win() {
    // Yo[n]o: South is the last seat left.
    let won = pos("9/9/9/9/9/9/9/sL8/1sR2sK4 s -/-/-/- s021 31");
    assert!(won.is_game_over() && won.legal_moves().is_empty());
    // Shogi: South to move is checkmated.
    let mated = pos("4nK4/4sG4/4sP4/9/9/9/9/9/4sK4 n -/-/-/- s-n- 1");
    assert!(mated.is_game_over() && mated.legal_moves().is_empty());
    let mut n = 0;
    for p in [&won, &mated] {
        for mv in every_move() {
            refused(p, mv, "game_over");
            n += 1;
        }
        refused(p, Move::Pass, "game_over");
    }
    assert!(n > 20_000, "{n}");
}

#[test]
fn nothing_is_played_after_a_repetition_draw() {
    let cycle = [
        "5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e",
    ];
    let mut game = Game::new(Ruleset::Yono);
    for mv in cycle.iter().cycle().take(24) {
        game.play(mv.parse().unwrap()).expect("cycle move");
    }
    assert!(game.is_drawn());
    // The position itself still has moves; the game refuses every one of them.
    let moves = game.position().legal_moves();
    assert!(!moves.is_empty());
    let before = game.clone();
    for &mv in moves.iter().chain([Move::Pass].iter()) {
        let err = game.play(mv).unwrap_err();
        assert_eq!(err.code(), "game_over", "{mv}");
        assert!(game.play(mv.to_string().parse().unwrap()).is_err());
        assert_eq!(game, before);
    }
    assert!(game.legal_moves().is_empty());
    // A malformed move is still reported as malformed.
    // (Game::play_text is deprecated; it keeps working for one release.)
    #[allow(deprecated)]
    let malformed = game.play_text("5j5k").unwrap_err();
    assert_eq!(malformed.code(), "malformed_move");
    // Undo reopens the game, and the same move draws again.
    let last = game.undo().expect("a move to undo");
    assert!(!game.is_over());
    game.play(last).expect("replay");
    assert!(game.is_drawn());
}
