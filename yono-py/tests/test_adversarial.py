"""Adversarial input through the Python front door: NULs, megabyte strings, lone
surrogates and wrong types, every field of the position text malformed in turn,
impossible positions, moves for the wrong seat, drops of pieces not held or outside the
45-square zone, the binding limit, and moves after the game ended. Each case expects a
specific exception and error code, and nothing changes after a rejected move."""

import pytest

import yono

START = yono.YONO_START
KINGS = "4nK4/9/9/9/wK7eK/9/9/9/4sK4 s -/-/-/- swne 1"
FULL_RESERVES = "4nK4/9/9/9/wK7eK/9/9/9/4sK4 {} RBGSNLP/RBGSNLP/RBGSNLP/RBGSNLP swne 1"
WON = "9/9/9/9/9/9/9/sL8/1sR2sK4 s -/-/-/- s021 31"
SHOGI_MATED = "4nK4/4sG4/4sP4/9/9/9/9/9/4sK4 n -/-/-/- s-n- 1"
MB = 1 << 20

# push_usi (deprecated) is still one of the ways to play text, and must refuse alike.
pytestmark = pytest.mark.filterwarnings("ignore:Game.push_usi:DeprecationWarning")


def state(pos):
    return (pos.text(), pos.hash(), pos.ply(), list(pos.move_stack))


def assert_refused(pos, move, code):
    """Every way of playing `move` raises IllegalMoveError with `code`; nothing changes."""
    before = state(pos)
    mv = move if isinstance(move, yono.Move) else yono.Move(move)
    assert not pos.is_legal(mv) and not pos.is_legal(mv.usi())
    assert mv not in pos.legal_moves
    for fn, arg in ((pos.push, mv), (pos.push, mv.usi()), (pos.push_usi, mv.usi()),
                    (pos.check_move, mv), (pos.parse_usi, mv.usi())):
        with pytest.raises(yono.IllegalMoveError) as info:
            fn(arg)
        assert info.value.code == code, (fn.__name__, mv.usi(), info.value.code, str(info.value))
        assert info.value.move == mv.usi()
        assert state(pos) == before


def test_a_nul_anywhere_in_the_position_text():
    for i in range(len(START) + 1):
        for text in (START[:i] + "\x00" + START[i:], START[:i] + "\x00" + START[i + 1:]):
            with pytest.raises(yono.ParseError) as info:
                yono.Game(text)
            assert info.value.code
    for text in ("5g5f\x00", "\x005g5f", "5g\x005f", "pass\x00"):
        pos = yono.Game()
        with pytest.raises(yono.IllegalMoveError) as info:
            pos.push(text)
        assert info.value.code == "malformed_move" and info.value.move is None
        assert pos.ply() == 0


def test_megabyte_strings_everywhere():
    for big in (START * (MB // len(START) + 1), " " * MB, "\x00" * MB, "é" * (MB // 2)):
        for fn in (yono.Game, yono.Game.from_text, yono.Game.from_sfen):
            with pytest.raises(yono.ParseError) as info:
                fn(big)
            assert info.value.code == "too_long" and len(str(info.value)) < 100
        pos = yono.Game()
        for fn in (yono.Move, yono.Move.from_usi, pos.push, pos.push_usi, pos.parse_usi, pos.check_move):
            with pytest.raises(yono.IllegalMoveError) as info:
                fn(big)
            assert info.value.code == "malformed_move" and len(str(info.value)) < 300
        assert pos.is_legal(big) is False and pos.ply() == 0
        for fn in (yono.Square, yono.Seat.from_letter, yono.PieceKind.from_symbol, yono.Piece.from_symbol):
            with pytest.raises(ValueError):
                fn(big)
        with pytest.raises(ValueError):
            yono.Game(ruleset=big)


def test_lone_surrogates_and_wrong_types():
    # A str that is not valid Unicode cannot reach the engine: a ValueError all the same.
    for bad in ("\ud800", START + "\udfff", "5g5f\ud800"):
        for fn in (yono.Game, yono.Game.from_sfen, yono.Move, yono.Square):
            with pytest.raises(ValueError):
                fn(bad)
        pos = yono.Game()
        with pytest.raises(ValueError):
            pos.push(bad)
        assert pos.ply() == 0
    for wrong in (START.encode(), 5.0, [START], object()):
        with pytest.raises(TypeError):
            yono.Game.from_text(wrong)
        with pytest.raises(TypeError):
            yono.Game().push(wrong)
    with pytest.raises(TypeError):
        yono.Move(b"5g5f")


FIELD_CASES = [
    (0, "9/9/9/9/9/9/9/9", "rank_count"),
    (0, START.split()[0].replace("wL", "wX", 1), "board_char"),
    (0, START.split()[0].replace("1nK", "2nK", 1), "rank_length"),
    (0, START.split()[0].replace("nL", "n", 1), "missing_kind"),
    (0, START.split()[0].replace("sG", "s+G", 1), "cannot_promote"),
    (1, "x", "turn"),
    (1, "S", "turn"),
    (1, "b", "turn"),
    (2, "-/-/-", "reserve_group_count"),
    (2, "K/-/-/-", "reserve"),
    (2, "0P/-/-/-", "reserve"),
    (2, "100P/-/-/-", "reserve"),
    (3, "swn", "seats"),
    (3, "s-ne", "no_ruleset"),
    (3, "s3ne", "score_out_of_range"),
    (4, "0", "move_number"),
    (4, "4294967296", "move_number"),
    (4, "+1", "move_number"),
]


@pytest.mark.parametrize("field,value,code", FIELD_CASES)
def test_each_field_malformed_in_turn(field, value, code):
    fields = START.split(" ")
    fields[field] = value
    with pytest.raises(yono.ParseError) as info:
        yono.Game(" ".join(fields))
    assert info.value.code == code
    # The field missing altogether.
    del fields[field]
    with pytest.raises(yono.ParseError) as info:
        yono.Game(" ".join(fields))
    assert info.value.code == "field_count"


IMPOSSIBLE = [
    # Too many pieces: five Golds; three Rooks held and two Dragons.
    ("4nK4/9/9/9/wK7eK/9/9/9/sGsGsGsGsKsG3 e -/-/-/- swne 1", "too_many_pieces"),
    ("4nK4/9/9/9/wK7eK/9/9/2s+R6/2s+R1sK4 e 3R/-/-/- swne 1", "too_many_pieces"),
    # Two Kings of one seat, for each seat.
    ("4nK4/9/9/9/wK7eK/9/2sK6/9/4sK4 w -/-/-/- swne 1", "too_many_kings"),
    ("4nK4/9/2wK6/9/wK7eK/9/9/9/4sK4 s -/-/-/- swne 1", "too_many_kings"),
    ("4nK4/9/6nK2/9/wK7eK/9/9/9/4sK4 s -/-/-/- swne 1", "too_many_kings"),
    ("4nK4/9/9/9/wK7eK/9/6eK2/9/4sK4 s -/-/-/- swne 1", "too_many_kings"),
    # The King of an eliminated seat.
    ("4nK4/9/9/9/wK7eK/9/9/9/4sK4 s -/-/-/- sw0e 1", "piece_of_seat_not_in_game"),
    ("4nK4/9/9/9/wK7eK/9/9/9/4sK4 s -/-/-/- swn0 1", "piece_of_seat_not_in_game"),
    # Pawns, Lances, Knights on their last lines, for each seat.
    ("4nKsP3/9/9/9/wK7eK/9/9/9/4sK4 w -/-/-/- swne 1", "dead_piece"),
    ("4nK4/9/9/9/wK7eK/9/9/9/4sK2nP1 s -/-/-/- swne 1", "dead_piece"),
    ("4nK4/8wL/9/9/wK7eK/9/9/9/4sK4 s -/-/-/- swne 1", "dead_piece"),
    ("4nK4/eN8/9/9/wK7eK/9/9/9/4sK4 s -/-/-/- swne 1", "dead_piece"),
    # Nifu for North (file) and East (rank).
    ("4nK4/9/2nP6/9/wK7eK/9/2nP6/9/4sK4 s -/-/-/- swne 1", "nifu"),
    ("4nK4/9/9/9/wK7eK/9/2eP2eP3/9/4sK4 s -/-/-/- swne 1", "nifu"),
    # The seat to move could capture a King (a Gold beside it), for each seat.
    ("4nK4/4sG4/9/9/wK7eK/9/9/9/4sK4 s -/-/-/- swne 1", "king_capturable"),
    ("4nK4/9/9/9/wK7eK/9/9/4wG4/4sK4 w -/-/-/- swne 1", "king_capturable"),
    ("4nK4/9/9/9/wKnG6eK/9/9/9/4sK4 n -/-/-/- swne 1", "king_capturable"),
    ("4nK4/4eG4/9/9/wK7eK/9/9/9/4sK4 e -/-/-/- swne 1", "king_capturable"),
    # Standard Shogi: a third Rook, a nineteenth Pawn, a piece of West.
    ("4nK4/9/9/9/9/9/9/9/4sK4 s 2R/-/r/- s-n- 1".replace("r", "R"), "too_many_pieces"),
    ("4nK4/9/9/9/9/9/9/9/4sK4 s 10P/-/9P/- s-n- 1", "too_many_pieces"),
    ("4nK4/9/9/9/wG8/9/9/9/4sK4 s -/-/-/- s-n- 1", "seat_not_in_ruleset"),
]


@pytest.mark.parametrize("text,code", IMPOSSIBLE)
def test_impossible_positions(text, code):
    with pytest.raises(yono.ParseError) as info:
        yono.Game(text)
    assert info.value.code == code, str(info.value)
    # The same board with a harmless seat to move or fewer pieces parses: the error
    # is about the position, not the syntax.
    assert str(info.value)


def test_moves_for_the_wrong_seat():
    pos = yono.Game()
    for letter in "wne":
        fields = START.split(" ")
        fields[1] = letter
        theirs = yono.Game(" ".join(fields))
        for mv in theirs.legal_moves:
            assert_refused(pos, mv, "no_piece_to_move")


def _in_zone(seat, sq):
    return {"s": sq.file >= 5, "n": sq.file <= 5, "w": sq.rank <= 5, "e": sq.rank >= 5}[seat]


@pytest.mark.parametrize("seat", ["s", "w", "n", "e"])
def test_drops_outside_the_zone_or_not_held(seat):
    pos = yono.Game(FULL_RESERVES.format(seat))
    bare = yono.Game(KINGS.replace(" s ", f" {seat} "))
    zone = [sq for sq in yono.SQUARES if _in_zone(seat, sq)]
    assert len(zone) == 45
    for kind in yono.HAND_KINDS:
        for sq in yono.SQUARES:
            mv = yono.Move.drop(kind, sq)
            if pos.piece_at(sq) is not None:
                assert_refused(pos, mv, "occupied")
            elif not _in_zone(seat, sq):
                assert_refused(pos, mv, "outside_drop_zone")
            else:
                assert_refused(bare, mv, "not_in_reserve")


def test_a_third_bishop_on_one_binding():
    two_even = yono.Game("4nK4/9/9/9/wK7eK/9/9/9/sB1sB1sK4 s B/-/-/- swne 1")
    assert_refused(two_even, "B*9g", "binding_limit")
    assert two_even.is_legal("B*8g")
    horse = yono.Game("4nK4/9/9/9/wK7eK/9/9/9/sB1s+B1sK4 s B/-/-/- swne 1")
    assert horse.is_legal("B*9g")


def test_nothing_is_played_after_the_game_ended():
    for text in (WON, SHOGI_MATED):
        pos = yono.Game(text)
        assert pos.is_game_over() and pos.legal_moves == []
        for code in range(0, 0x10000, 97):
            try:
                mv = yono.Move.from_code(code)
            except ValueError:
                continue
            assert_refused(pos, mv, "game_over")
        assert_refused(pos, yono.Move.PASS, "game_over")
    # A repetition draw: the position still has moves, the game refuses them all.
    pos = yono.Game()
    cycle = ["5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e"]
    for i in range(24):
        pos.push(cycle[i % 8])
    assert pos.status() == yono.Status.DRAWN_BY_REPETITION
    for mv in pos.copy(stack=False).legal_moves:
        assert_refused(pos, mv, "game_over")
    assert pos.playout(10, seed=1) == 0
    pos.pop()
    assert not pos.is_game_over()
