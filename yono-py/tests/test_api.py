"""The Python API: constructors, accessors, moves, squares, seats, errors."""

import pytest

import yono

SHOGI_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def refused(call, *args):
    """The IllegalMoveError that `call(*args)` raises (the test fails if it does not)."""
    with pytest.raises(yono.IllegalMoveError) as info:
        call(*args)
    return info.value


# ---- positions ----------------------------------------------------------------


def test_start_position():
    pos = yono.Game()
    assert pos.text() == yono.YONO_START
    assert pos.ruleset == yono.Ruleset.YONO
    assert pos.turn == yono.Seat.SOUTH
    assert pos.seats == [yono.Seat.SOUTH, yono.Seat.WEST, yono.Seat.NORTH, yono.Seat.EAST]
    assert pos.move_number == 1
    assert len(pos.legal_moves) == 12
    assert all(isinstance(m, yono.Move) for m in pos.legal_moves)
    assert pos.status() == yono.Status.ONGOING
    assert not pos.is_game_over()
    assert pos.winner() is None
    assert pos.scores() == [None, None, None, None]
    assert pos.move_stack == []
    assert not pos.is_check()
    assert pos == yono.Game(yono.YONO_START) == yono.Game.from_text(yono.YONO_START)


def test_shogi_constructors_and_sfen():
    a = yono.Game.shogi()
    b = yono.Game(ruleset="shogi")
    c = yono.Game(ruleset=yono.Ruleset.SHOGI)
    d = yono.Game.from_sfen(SHOGI_SFEN)
    e = yono.Game(yono.SHOGI_START)
    assert a == b == c == d == e
    assert a.ruleset == yono.Ruleset.SHOGI
    assert a.seats == [yono.Seat.SOUTH, yono.Seat.NORTH]
    assert a.sfen() == SHOGI_SFEN
    assert len(a.legal_moves) == 30
    assert a.scores() == [None, None, None, None]
    a.push("7g7f")
    assert a.sfen() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    assert yono.Game.from_sfen(a.sfen()) == a
    assert yono.Ruleset.SHOGI.max_score == 1 and yono.Ruleset.YONO.max_score == 3
    assert yono.Ruleset.SHOGI.seats == [yono.Seat.SOUTH, yono.Seat.NORTH]
    assert yono.Ruleset.YONO.start_text == yono.YONO_START
    assert str(yono.Ruleset.SHOGI) == "shogi" == yono.Ruleset.SHOGI.label


def test_sfen_of_yono_position_is_a_value_error():
    with pytest.raises(ValueError, match="Shogi"):
        yono.Game().sfen()


def test_ruleset_mismatch_and_bad_ruleset():
    with pytest.raises(ValueError, match="shogi"):
        yono.Game(yono.SHOGI_START, ruleset="yono")
    assert yono.Game(yono.SHOGI_START, ruleset="shogi").ruleset == yono.Ruleset.SHOGI
    with pytest.raises(ValueError, match="ruleset"):
        yono.Game(ruleset="chess")
    with pytest.raises(TypeError):
        yono.Game(ruleset=3)  # type: ignore[arg-type]


def test_push_pop_peek_move_stack():
    pos = yono.Game()
    with pytest.raises(IndexError):
        pos.peek()
    with pytest.raises(IndexError):
        pos.pop()
    pos.push(yono.Move("5g5f"))
    pos.push("7e6e")
    mv = pos.peek()
    assert mv == yono.Move("7e6e")
    assert pos.peek() == mv
    assert [m.usi() for m in pos.move_stack] == ["5g5f", "7e6e"]
    assert pos.turn == yono.Seat.NORTH
    assert pos.move_number == 3
    assert pos.ply() == 2
    assert pos.root() == yono.Game()
    assert pos.root().move_stack == []
    assert pos.pop() == mv
    assert pos.pop() == yono.Move("5g5f")
    assert pos == yono.Game()


def test_push_and_pop_take_their_arguments_as_python_methods_do():
    # push and pop are written against the C API (src/fastcall.rs), not through
    # pyo3's argument parser: they must still behave like ordinary methods.
    import inspect

    pos = yono.Game()
    assert str(inspect.signature(yono.Game.push)) == "(self, /, move, *, comment=None)"
    assert str(inspect.signature(yono.Game.pop)) == "(self, /)"
    assert "IllegalMoveError" in (yono.Game.push.__doc__ or "")
    assert pos.push(move="5g5f") is None  # by keyword
    yono.Game.push(pos, "7e6e")  # unbound, through the class
    assert [m.usi() for m in pos.move_stack] == ["5g5f", "7e6e"]
    assert yono.Game.pop(pos) == yono.Move("7e6e")
    for bad_call in (
        lambda: pos.push(),
        lambda: pos.push("7e6e", "7e6e"),
        lambda: pos.push(mv="7e6e"),
        lambda: pos.push("7e6e", move="7e6e"),
        lambda: pos.pop(1),
        lambda: yono.Game.push(object(), "7e6e"),
        lambda: yono.Game.pop(object()),
    ):
        with pytest.raises(TypeError):
            bad_call()
    assert [m.usi() for m in pos.move_stack] == ["5g5f"]


def test_pop_returns_the_move_taken_back_however_it_was_pushed():
    # pop hands back the pushed Move object when it takes that very move back (as
    # python-chess does), and otherwise an equal one: check every way of getting there.
    pos = yono.Game.shogi()
    m = yono.Move("7g7f")
    pos.push(m)
    assert pos.pop() is m
    pos.push("7g7f")  # text: no object to hand back
    assert pos.pop() == m
    pos.push(m)
    pos.push(yono.Move("3c3d"))
    assert pos.pop() == yono.Move("3c3d")
    assert pos.pop() == m  # not the last push any more: an equal Move
    pos.push(m)
    with pytest.raises(yono.IllegalMoveError):
        pos.push(yono.Move("7f7e"))  # North to move: refused, and forgotten
    assert pos.pop() is m
    pos.push("2g2f")
    assert pos.pop() == yono.Move("2g2f")
    with pytest.raises(IndexError):
        pos.pop()
    assert pos == yono.Game.shogi()


def test_push_rejects_illegal_moves_and_keeps_the_position():
    pos = yono.Game()
    err = refused(pos.push, "5i4h")
    assert err.code == "king_threatened"
    assert err.move == "5i4h"
    assert "5i4h" in str(err)
    assert refused(pos.push, yono.Move("5i5f")).code == "unreachable_square"
    assert refused(pos.push, "5i5g").code == "own_piece"
    assert refused(pos.push, "pass").code == "pass_not_allowed"
    err = refused(pos.push, "nonsense")
    assert err.code == "malformed_move"
    assert err.move is None
    assert "nonsense" in str(err)
    with pytest.raises(TypeError):
        pos.push(42)  # type: ignore[arg-type]
    assert pos == yono.Game() and pos.move_stack == []


def test_push_after_legal_moves_still_checks_against_the_current_position():
    # `legal_moves` lets `push` check a listed move with one bit while the listed
    # position is on the stack; whatever changed the position must end that.
    pos = yono.Game.shogi()
    pos.push("7g7f")
    pos.push("3c3d")
    listed = pos.legal_moves  # South's moves after 7g7f 3c3d (ply 2)
    assert yono.Move("8h2b+") in listed
    for m in listed:  # the usual loop: every listed move plays and comes back
        pos.push(m)
        pos.pop()
    assert pos.ply() == 2 and len(pos.legal_moves) == len(listed)
    # Pushes above the listed position and pops back to it keep it valid.
    pos.push("8h2b+")
    pos.push("3a2b")
    pos.pop()
    pos.pop()
    pos.push("2g2f")
    pos.pop()
    # A pop below it, then another move to the same ply: the bishop's diagonal is
    # closed again, so the listed 8h2b+ is illegal now.
    pos.pop()
    pos.push("8c8d")
    assert pos.ply() == 2
    err = refused(pos.push, "8h2b+")
    assert err.code == "unreachable_square"
    assert [m.usi() for m in pos.move_stack] == ["7g7f", "8c8d"]
    # The same after a change that is no pop: unpickling another game into it.
    other = yono.Game.shogi()
    for m in ["7g7f", "8c8d"]:
        other.push(m)
    pos2 = yono.Game.shogi()
    for m in ["7g7f", "3c3d"]:
        pos2.push(m)
    assert yono.Move("8h2b+") in pos2.legal_moves
    pos2.__setstate__(other.__reduce__()[2])
    assert refused(pos2.push, "8h2b+").code == "unreachable_square"
    # An illegal move is still refused right after listing, and changes nothing.
    pos3 = yono.Game.shogi()
    pos3.legal_moves
    assert refused(pos3.push, "5g5e").code == "unreachable_square"
    assert refused(pos3.push, "8h7g").code == "own_piece"
    assert refused(pos3.push, "P*5e").code == "not_in_reserve"
    assert pos3 == yono.Game.shogi() and pos3.move_stack == []


def test_parse_usi_and_check_move():
    pos = yono.Game()
    assert pos.parse_usi("5g5f") == yono.Move("5g5f")
    assert pos.move_stack == []
    assert refused(pos.parse_usi, "5g5e").code == "unreachable_square"
    assert refused(pos.parse_usi, "xx").code == "malformed_move"
    pos.check_move("5g5f")
    pos.check_move(yono.Move("5g5f"))
    assert refused(pos.check_move, "P*5e").code == "not_in_reserve"
    assert not pos.is_legal("P*5e")
    assert not pos.is_legal("garbage")
    assert pos.is_legal(yono.Move.board("5g", "5f"))


def test_piece_at_pieces_king_reserve():
    pos = yono.Game()
    king = pos.piece_at("5i")
    assert king == yono.Piece(yono.Seat.SOUTH, yono.PieceKind.KING)
    assert king is not None and str(king) == "sK" and king.seat == yono.Seat.SOUTH
    assert pos.piece_at(yono.SQ_5I) == king
    assert pos.piece_at(yono.Square("5i").index) == king
    assert pos.piece_at("5e") is None
    assert pos.king("s") == yono.SQ_5I
    assert pos.king(yono.Seat.WEST) == yono.SQ_9E
    pieces = pos.pieces()
    assert len(pieces) == 48
    assert pieces[yono.SQ_1E] == yono.Piece.from_symbol("eK")
    assert sum(1 for p in pieces.values() if p.kind == yono.PieceKind.PAWN) == 20
    for seat in yono.SEATS:
        assert pos.reserve(seat) == {}
    with pytest.raises(ValueError, match="square"):
        pos.piece_at("0a")
    with pytest.raises(ValueError, match="square"):
        pos.piece_at(81)
    with pytest.raises(ValueError):
        pos.piece_at(-1)
    with pytest.raises(TypeError):
        pos.piece_at(1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        pos.reserve("x")
    with pytest.raises(TypeError):
        pos.reserve(0)  # type: ignore[arg-type]


def test_reserve_after_captures():
    # The start, less West's Bishop, two of North's Pawns and East's Gold, which are
    # now in South's and North's reserves.
    text = "wLwRwP1nKnGnSnNnL/wN1wP4nBnR/wS1wP1nPnPnP2/wG1wP6/wK1wP3eP1eK/6eP2/sPsPsPsPsP1eP1eS/sRsB4ePeBeN/sLsNsSsGsK1ePeReL s B2P/-/G/- swne 1"
    pos = yono.Game(text)
    assert pos.reserve("s") == {yono.PieceKind.BISHOP: 1, yono.PieceKind.PAWN: 2}
    assert list(pos.reserve("s")) == [yono.PieceKind.BISHOP, yono.PieceKind.PAWN]
    assert pos.reserve("n") == {yono.PieceKind.GOLD: 1}
    assert pos.reserve("South") == pos.reserve(yono.Seat.SOUTH)
    drops = [m for m in pos.legal_moves if m.is_drop]
    # South's Pawns stand on every file of its drop zone (5-9): nifu forbids Pawn drops.
    assert drops and {m.drop_kind for m in drops} == {yono.PieceKind.BISHOP}
    assert refused(pos.push, "P*5e").code == "nifu_drop"
    assert refused(pos.push, "B*1d").code == "outside_drop_zone"
    pos.push(drops[0])
    assert sum(pos.reserve("s").values()) == 2


def test_threats_and_status_of_a_finished_game():
    # West alone: West has won.
    text = "9/9/9/9/wK8/9/9/9/9 w -/-/-/- 2w10 40"
    pos = yono.Game(text)
    assert pos.status() == yono.Status.WON
    assert pos.winner() == yono.Seat.WEST
    assert pos.is_game_over()
    assert pos.scores() == [2, 3, 1, 0]
    assert pos.score("w") == 3 and pos.score("e") == 0
    assert pos.legal_moves == [] and pos.legal_move_codes() == [] and pos.legal_move_count() == 0
    assert pos.threats() == {yono.Seat.WEST: []}
    assert pos.threatened_by("s") == []
    assert pos.king("s") is None
    assert pos.perft(1) == 0 and pos.perft(0) == 1
    assert refused(pos.push, "9e8e").code == "game_over"
    assert refused(pos.check_move, "9e8e").code == "game_over"


def test_repetition_draw():
    pos = yono.Game.shogi()
    cycle = ["2h3h", "8b7b", "3h2h", "7b8b"]
    for _ in range(2):
        for mv in cycle:
            pos.push(mv)
    assert pos.repetitions() == 3
    assert pos.status() == yono.Status.ONGOING
    for mv in cycle:
        pos.push(mv)
    assert pos.repetitions() == 4
    assert pos.status() == yono.Status.DRAWN_BY_REPETITION
    assert str(pos.status()) == "drawn_by_repetition"
    assert pos.is_game_over() and pos.winner() is None
    assert pos.scores() == [0, None, 0, None]
    assert pos.legal_moves == []
    assert pos.perft(2) == 0
    assert refused(pos.push, "2h3h").code == "game_over"
    assert not pos.is_legal("2h3h")
    # Taking a move back reopens the game; a copy without history forgets the count.
    fresh = pos.copy(stack=False)
    assert fresh.repetitions() == 1 and fresh.status() == yono.Status.ONGOING
    pos.pop()
    assert pos.status() == yono.Status.ONGOING


def test_equality_and_hash():
    a = yono.Game()
    b = yono.Game()
    assert a == b and a.hash() == b.hash()
    a.push("5g5f")
    assert a != b
    assert a.hash() != b.hash()
    b.push("5g5f")
    assert a == b and a.hash() == b.hash()
    # Positions change, so they are unhashable (like python-chess boards).
    with pytest.raises(TypeError):
        hash(a)
    assert len({a.hash(), b.hash()}) == 1
    assert a != "not a position"
    assert (a == 3) is False
    # Same position reached by different histories: equal, with the same key.
    c = yono.Game.shogi()
    for mv in ["2h3h", "8b7b", "3h2h", "7b8b"]:
        c.push(mv)
    d = yono.Game.shogi()
    assert c.hash() == d.hash()
    assert c != d  # the move number differs


def test_str_and_repr():
    pos = yono.Game()
    diagram = str(pos)
    assert "sK" in diagram and "South" in diagram and diagram.startswith("     9   8   7")
    assert repr(pos) == f"yono.Game('{yono.YONO_START}')"
    assert pos.text() in repr(pos)


def test_perft_and_divide():
    pos = yono.Game()
    assert [pos.perft(d) for d in range(1, 4)] == [12, 134, 1498]
    assert yono.perft(pos, 2) == 134
    split = pos.divide(2)
    assert len(split) == 12 and sum(split.values()) == 134
    assert pos.divide(0) == {}
    with pytest.raises(ValueError, match="depth"):
        pos.perft(-1)


# ---- moves ----------------------------------------------------------------------


def test_move_objects():
    m = yono.Move.from_usi("8h2b+")
    assert m.usi() == str(m) == "8h2b+"
    assert m.from_square == yono.SQ_8H and m.to_square == yono.SQ_2B
    assert m.promotion and not m.is_drop and not m.is_pass and m.drop_kind is None
    d = yono.Move("P*5e")
    assert d.is_drop and d.drop_kind == yono.PieceKind.PAWN
    assert d.from_square is None and d.to_square == yono.Square("5e") and not d.promotion
    p = yono.Move("pass")
    assert p == yono.Move.PASS and p.is_pass and p.to_square is None and p.from_square is None
    assert yono.Move.board("7g", "7f") == yono.Move("7g7f")
    assert yono.Move.board(yono.SQ_8H, "2b", promote=True) == m
    assert yono.Move.drop("P", "5e") == d == yono.Move.drop(yono.PieceKind.PAWN, yono.SQ_5E)
    assert repr(m) == "Move.from_usi('8h2b+')"
    assert hash(yono.Move("7g7f")) == hash(yono.Move("7g7f"))
    assert len({yono.Move("7g7f"), yono.Move("7g7f"), yono.Move("7g7f+")}) == 2


@pytest.mark.parametrize("text", ["7g7f", "8h2b+", "P*5e", "R*1a", "pass", "1i9a"])
def test_move_codes_round_trip(text):
    m = yono.Move(text)
    assert 0 <= m.code <= 0xFFFF
    assert yono.Move.from_code(m.code) == m


@pytest.mark.parametrize("text", ["", "7g7", "7g7g", "7j7f", "K*5e", "+P*5e", "7g7f=", "PASS", "5e*P", "x" * 100])
def test_malformed_moves(text):
    err = refused(yono.Move.from_usi, text)
    assert err.code == "malformed_move"
    assert isinstance(err, ValueError)
    with pytest.raises(yono.IllegalMoveError):
        yono.Move(text)


def test_move_constructor_errors():
    with pytest.raises(ValueError):
        yono.Move.board("5e", "5e")
    with pytest.raises(ValueError, match="dropped"):
        yono.Move.drop(yono.PieceKind.KING, "5e")
    with pytest.raises(ValueError, match="dropped"):
        yono.Move.drop("+P", "5e")
    with pytest.raises(ValueError):
        yono.Move.drop("Q", "5e")
    with pytest.raises(ValueError, match="move code"):
        yono.Move.from_code(0x7FFF)
    with pytest.raises(ValueError, match="move code"):
        yono.Move.from_code(1 << 20)
    with pytest.raises(ValueError, match="move code"):
        yono.Move.from_code(-1)
    with pytest.raises(TypeError):
        yono.Move.drop(3, "5e")  # type: ignore[arg-type]


# ---- squares, seats, kinds, pieces ----------------------------------------------------


def test_squares():
    assert len(yono.SQUARES) == 81
    assert yono.SQUARES[0] == yono.SQ_9A and yono.SQUARES[8] == yono.SQ_1A and yono.SQUARES[80] == yono.SQ_1I
    sq = yono.Square("5e")
    assert (sq.file, sq.rank, sq.index, sq.name, str(sq)) == (5, 5, 40, "5e", "5e")
    assert int(sq) == 40 and [0, 1, 2][yono.Square(1)] == 1
    assert yono.Square(40) == sq == yono.Square.from_file_rank(5, 5) == yono.SQUARE_NAMES["5e"]
    assert yono.Square(sq) == sq
    assert repr(sq) == "Square('5e')"
    assert yono.SQ_5I.is_even_binding and not yono.SQ_5H.is_even_binding
    assert sorted([yono.SQ_1I, yono.SQ_9A]) == [yono.SQ_9A, yono.SQ_1I]
    for i, s in enumerate(yono.SQUARES):
        assert s.index == i and yono.Square(str(s)) == s
    for bad in ["", "5", "5j", "0e", "55", "5e5"]:
        with pytest.raises(ValueError):
            yono.Square(bad)
    with pytest.raises(ValueError):
        yono.Square.from_file_rank(0, 5)
    with pytest.raises(ValueError):
        yono.Square.from_file_rank(5, 10)
    with pytest.raises(ValueError):
        yono.Square.from_file_rank(-1, 300)


def test_seats():
    assert yono.SEATS == [yono.Seat.SOUTH, yono.Seat.WEST, yono.Seat.NORTH, yono.Seat.EAST]
    assert [s.letter for s in yono.SEATS] == ["s", "w", "n", "e"]
    assert [int(s) for s in yono.SEATS] == [0, 1, 2, 3] == [s.index for s in yono.SEATS]
    assert [str(s) for s in yono.SEATS] == ["South", "West", "North", "East"]
    assert yono.Seat.SOUTH.next() == yono.Seat.WEST and yono.Seat.EAST.next() == yono.Seat.SOUTH
    assert yono.Seat.WEST.opposite() == yono.Seat.EAST
    assert yono.Seat.from_letter("n") == yono.Seat.NORTH
    assert yono.Seat.from_index(3) == yono.Seat.EAST
    assert yono.Seat.SOUTH < yono.Seat.EAST
    assert yono.Seat.NORTH.title == "North"
    for bad in ["", "x", "sn", "S"]:
        with pytest.raises(ValueError):
            yono.Seat.from_letter(bad)
    for bad_index in [-1, 4]:
        with pytest.raises(ValueError):
            yono.Seat.from_index(bad_index)


def test_piece_kinds_and_pieces():
    k = yono.PieceKind
    assert str(k.DRAGON) == "+R" and k.DRAGON.letter == "R" and k.DRAGON.is_promoted
    assert k.ROOK.promoted() == k.DRAGON and k.DRAGON.unpromoted() == k.ROOK
    assert k.GOLD.promoted() is None and k.KING.promoted() is None
    assert k.from_symbol("+S") == k.PROMOTED_SILVER and k.PROMOTED_SILVER.title == "Promoted Silver"
    assert [str(x) for x in yono.HAND_KINDS] == list("RBGSNLP")
    with pytest.raises(ValueError):
        k.from_symbol("Q")
    p = yono.Piece.from_symbol("n+R")
    assert p.seat == yono.Seat.NORTH and p.kind == k.DRAGON and str(p) == "n+R" == p.symbol
    assert yono.Piece("n", "+R") == p
    assert repr(p) == "Piece.from_symbol('n+R')"
    for bad in ["", "x", "sQ", "s", "s+K"]:
        with pytest.raises(ValueError):
            yono.Piece.from_symbol(bad)


def test_series():
    series = yono.Series()
    series.add([3, 2, 1, 0])
    series.add([0, 3, 1, 1])
    assert series.games == 2
    assert series.totals() == [3, 5, 2, 1]
    assert series.total("w") == 5 and series.total(yono.Seat.SOUTH) == 3
    with pytest.raises(ValueError, match="not over"):
        series.add([3, None, 1, 0])
    with pytest.raises(ValueError, match="not over"):
        series.add_game(yono.Game())
    assert series.games == 2
    won = yono.Game("9/9/9/9/wK8/9/9/9/9 w -/-/-/- 2w10 40")
    series.add_game(won)
    assert series.totals() == [5, 8, 3, 1] and series.games == 3
    assert "games=3" in repr(series)


def test_exceptions_are_value_errors_with_codes():
    assert issubclass(yono.ParseError, ValueError)
    assert issubclass(yono.IllegalMoveError, ValueError)
    assert not issubclass(yono.ParseError, yono.IllegalMoveError)
    with pytest.raises(yono.ParseError) as info:
        yono.Game("wLwRwP1nKnGnSnNnL/9 s -/-/-/- swne 1")
    assert info.value.code == "rank_count"
    assert "rank" in str(info.value)
    with pytest.raises(yono.ParseError) as info:
        yono.Game.from_sfen("not an sfen")
    assert info.value.code == "field_count"


@pytest.mark.parametrize(
    "text",
    ["", " ", "\x00", "s" * 5000, "9/9/9/9/9/9/9/9/9 s -/-/-/- swne 0", "ünïcödé " * 5, "9/" * 9 + " s"],
)
def test_garbage_positions_raise_parse_error_not_panic(text):
    with pytest.raises(yono.ParseError):
        yono.Game(text)


def test_version():
    assert isinstance(yono.__version__, str) and yono.__version__
    assert yono.CORE_VERSION


def test_batch_move_apis_agree():
    import struct

    for pos in (yono.Game(), yono.Game.shogi()):
        moves = pos.legal_moves
        codes = pos.legal_move_codes()
        raw = pos.legal_move_bytes()
        assert isinstance(raw, bytes) and len(raw) == 2 * len(moves)
        assert list(struct.unpack(f"<{len(moves)}H", raw)) == codes == [m.code for m in moves]
        assert pos.legal_move_count() == len(moves)


def test_interned_moves_behave_as_values():
    pos = yono.Game()
    a = pos.legal_moves
    b = pos.legal_moves
    assert a == b and a is not b
    pos.push(a[0])
    assert pos.peek() == a[0] and pos.move_stack == [a[0]]
    assert pos.pop() == a[0]


def test_playout():
    pos = yono.Game()
    n = pos.playout(50, seed=7)
    assert n == 50 == pos.ply() == len(pos.move_stack)
    # Deterministic for a seed, and every move was legal: replaying it works.
    again = yono.Game()
    again.playout(50, seed=7)
    assert again == pos and again.move_stack == pos.move_stack
    replay = yono.Game()
    for mv in pos.move_stack:
        replay.push(mv)
    assert replay == pos
    assert yono.Game().playout(0) == 0
    # To the end: the game is over (won, drawn, or the ply limit).
    finished = 0
    for seed in range(30):
        p = yono.Game.shogi() if seed % 2 else yono.Game()
        k = p.playout(3000, seed=seed)
        assert k == p.ply()
        if k < 3000:
            assert p.is_game_over() and p.legal_moves == []
            assert p.playout(10, seed=seed) == 0
            finished += 1
    assert finished > 0
    with pytest.raises(ValueError, match="max_plies"):
        yono.Game().playout(-1)
