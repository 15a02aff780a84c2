"""Property tests with hypothesis: random games played through the binding keep the
engine's invariants, rejected moves change nothing, and arbitrary strings fed to every
parser raise only ValueError (yono.ParseError, yono.IllegalMoveError) or succeed."""

import tempfile
from collections import Counter

import pytest
from hypothesis import HealthCheck, configuration, given, settings
from hypothesis import strategies as st

import yono

# No example database, and hypothesis's own files outside the source tree: the suite
# leaves nothing behind in the checkout.
configuration.set_hypothesis_home_dir(tempfile.mkdtemp(prefix="yono-hypothesis-"))
SETTINGS = settings(
    max_examples=200, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)

HAND = ["R", "B", "G", "S", "N", "L", "P"]


def material(pos):
    """Pieces on the board and in reserves, by seat letter."""
    count = Counter(p.seat.letter for p in pos.pieces().values())
    for seat in yono.SEATS:
        count[seat.letter] += sum(pos.reserve(seat).values())
    return count


def check_invariants(pos):
    text = pos.text()
    # The hash kept move by move equals the one of the same position read afresh.
    fresh = yono.Game(text)
    assert fresh.hash() == pos.hash(), text
    assert fresh.text() == text
    assert fresh == pos.copy(stack=False)
    if pos.ruleset == yono.Ruleset.SHOGI:
        assert yono.Game.from_sfen(pos.sfen()).text() == text
    # No King is threatened by the seat to move.
    for seat in yono.SEATS:
        assert pos.turn not in pos.threatened_by(seat), f"{seat} threatened by the mover in {text}"
    # One King for each seat in the game, none for the others.
    kings = Counter(p.seat for p in pos.pieces().values() if p.kind == yono.PieceKind.KING)
    assert set(kings) == set(pos.seats) and all(n == 1 for n in kings.values()), text
    # Moves exactly while the game goes on.
    assert (pos.legal_move_count() == 0) == pos.is_game_over()


def check_step(before_text, before_material, before_seats, pos, mover):
    """Pieces are conserved: only a seat that fell takes its pieces out of the game."""
    after = material(pos)
    fallen = [s.letter for s in before_seats if s not in pos.seats]
    for seat in yono.SEATS:
        if seat.letter in fallen:
            assert after[seat.letter] == 0
    kept_before = sum(n for s, n in before_material.items() if s not in fallen)
    kept_after = sum(after.values())
    # A surviving seat may have captured a piece of a seat that then fell.
    assert kept_after in (kept_before, kept_before + 1), (before_text, pos.text())
    if not fallen:
        assert kept_after == kept_before, (before_text, pos.text())
    assert pos.move_number == yono.Game(before_text).move_number + 1


@SETTINGS
@given(
    ruleset=st.sampled_from(["yono", "shogi"]),
    choices=st.lists(st.integers(min_value=0, max_value=1 << 16), min_size=1, max_size=250),
    probes=st.lists(st.integers(min_value=0, max_value=0xFFFF), max_size=30),
)
def test_random_games_keep_the_invariants(ruleset, choices, probes):
    pos = yono.Game(ruleset=ruleset)
    probes = list(probes)
    for i, choice in enumerate(choices):
        moves = pos.legal_moves
        if not moves:
            assert pos.is_game_over()
            assert pos.status() != yono.Status.ONGOING
            break
        # Now and then an arbitrary move code: played exactly when legal, and when
        # refused, nothing changes.
        if probes and i % 5 == 4:
            try:
                mv = yono.Move.from_code(probes.pop())
            except ValueError:
                mv = None
            if mv is not None and mv not in moves:
                text, h, ply = pos.text(), pos.hash(), pos.ply()
                with pytest.raises(yono.IllegalMoveError) as info:
                    pos.push(mv)
                assert info.value.code and info.value.move == mv.usi()
                assert not pos.is_legal(mv)
                assert (pos.text(), pos.hash(), pos.ply()) == (text, h, ply)
        mv = moves[choice % len(moves)]
        assert pos.is_legal(mv) and pos.is_legal(mv.usi())
        before_text, before_material, before_seats = pos.text(), material(pos), pos.seats
        mover = pos.turn
        pos.push(mv)
        check_step(before_text, before_material, before_seats, pos, mover)
        check_invariants(pos)
    # Undo all the way back to the start.
    while pos.ply():
        pos.pop()
    assert pos == yono.Game(ruleset=ruleset)


# ---- arbitrary strings to every parser ----------------------------------------------

TOKENS = ["sK", "wK", "nK", "eK", "sP", "e+R", "+", "/", " ", "-", "9", "1", "0", "swne", "s-n-",
          "s0ne", "P*", "pass", "b", "w", "lnsgk", "PPPPP", "\x00", "é", "５", "5e", "7g7f"]

texts = st.one_of(
    st.text(max_size=200),
    st.lists(st.sampled_from(TOKENS), max_size=60).map("".join),
    # The start texts with a few characters changed.
    st.tuples(
        st.sampled_from([yono.YONO_START, yono.SHOGI_START, yono.Game.shogi().sfen()]),
        st.lists(st.tuples(st.integers(0, 200), st.sampled_from(TOKENS + ["x", "K", "3"])), max_size=4),
    ).map(lambda t: _edit(*t)),
)


def _edit(text, edits):
    for at, token in edits:
        i = at % (len(text) + 1)
        text = text[:i] + token + text[i + 1:]
    return text


def _only_value_errors(fn, text):
    try:
        return fn(text)
    except yono.ParseError as e:
        assert e.code and str(e)
    except yono.IllegalMoveError as e:
        assert e.code and str(e)
    except ValueError as e:  # squares, seats, kinds, rulesets
        assert str(e)
    return None


PARSERS = {
    "Game": yono.Game,
    "Game.from_text": yono.Game.from_text,
    "Game.from_sfen": yono.Game.from_sfen,
    "Game(ruleset=)": lambda t: yono.Game(ruleset=t),
    "Move": yono.Move,
    "Move.from_usi": yono.Move.from_usi,
    "Square": yono.Square,
    "Seat.from_letter": yono.Seat.from_letter,
    "PieceKind.from_symbol": yono.PieceKind.from_symbol,
    "Piece.from_symbol": yono.Piece.from_symbol,
    "Piece(seat, kind)": lambda t: yono.Piece(t[:1] or "s", t[1:] or "K"),
    "Move.drop": lambda t: yono.Move.drop(t[:1] or "P", t[1:] or "5e"),
    "Move.board": lambda t: yono.Move.board(t[:2] or "5g", t[2:] or "5f"),
}


@SETTINGS
@given(text=texts)
def test_every_parser_raises_only_value_errors(text):
    for name, fn in PARSERS.items():
        result = _only_value_errors(fn, text)
        if name.startswith("Game") and result is not None:
            # Whatever parses writes back canonically and reads back the same.
            again = yono.Game(result.text())
            assert again == result and again.text() == result.text()


# push_usi (deprecated) is still one of the ways to play text.
@pytest.mark.filterwarnings("ignore:Game.push_usi:DeprecationWarning")
@SETTINGS
@given(text=texts, ruleset=st.sampled_from(["yono", "shogi"]))
def test_move_text_against_a_position_raises_only_illegal_move_errors(text, ruleset):
    pos = yono.Game(ruleset=ruleset)
    pos.push(pos.legal_moves[0])
    before = (pos.text(), pos.hash(), pos.ply())
    legal = pos.is_legal(text)
    assert isinstance(legal, bool)
    for fn in (pos.parse_usi, pos.check_move, pos.push_usi, pos.push):
        try:
            fn(text)
        except yono.IllegalMoveError as e:
            assert not legal and e.code
            assert (pos.text(), pos.hash(), pos.ply()) == before
        else:
            assert legal
            if fn in (pos.push_usi, pos.push):
                pos.pop()
    assert (pos.text(), pos.hash(), pos.ply()) == before
