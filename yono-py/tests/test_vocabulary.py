"""The vocabulary is declared once, in the core: every Python surface that takes a seat,
kind, ruleset, square, move or set of squares reads exactly what the core reads, and
the enums are the core's.

The oracle is the core itself: ``_yono._core_reads(what, text)`` is what the core's
``FromStr`` makes of ``text`` (None when it refuses it). For many candidate spellings
(letters, names, every case, near misses), each surface must give the same answer as
for the canonical value when the core reads the text, and a ValueError (not a
TypeError) when it does not.
"""

import json
from typing import Any, Callable, Dict, Iterable, List

import numpy as np
import pytest
from conftest import VECTORS

import yono
from yono import _yono

#: tests/vectors/vocabulary.json: every value of each type with its number and every
#: spelling the core reads, and spellings it refuses (written by the core's gen_vectors).
VOCABULARY = {t["type"]: t for t in json.loads((VECTORS / "vocabulary.json").read_text(encoding="utf-8"))}


def published(what: str) -> List[str]:
    """Every spelling the vectors list for a type, read or refused."""
    entry = VOCABULARY[what]
    return [s for v in entry["values"] for s in v["spellings"]] + entry["rejected"]

Surface = Callable[[Any], Any]


def variants(*words: str) -> List[str]:
    """Each word as given, lower, upper and title case, swapped; and near misses."""
    out: List[str] = []
    for w in words:
        out += [w, w.lower(), w.upper(), w.title(), w.swapcase(), w + " ", " " + w, w + w[-1:]]
    return sorted(set(out))


def check_surfaces(what: str, surfaces: Dict[str, Surface], spellings: Iterable[str], canonical: Callable[[int], Any]) -> int:
    """Holds each surface to the core: returns how many accepted spellings were tried."""
    accepted = 0
    for text in spellings:
        index = _yono._core_reads(what, text)
        for name, surface in surfaces.items():
            if index is None:
                with pytest.raises(ValueError):
                    surface(text)
            else:
                assert surface(text) == surface(canonical(index)), (what, name, text)
        accepted += index is not None
    return accepted


SEAT_SPELLINGS = variants(*(w for s in yono.SEATS for w in (s.letter, s.title))) + ["", "x", "sw", "Sou", "southeast"] + published("seat")


def test_every_seat_spelling_the_core_reads_works_on_every_surface():
    game = yono.Game()
    shogi_mated = yono.Game("4nK4/4sG4/4sP4/9/9/9/9/9/4sK4 n -/-/-/- s-n- 1")
    surfaces: Dict[str, Surface] = {
        "Seat(x)": yono.Seat,
        "Piece(x, kind)": lambda s: yono.Piece(s, "K"),
        "Game.king": game.king,
        "Game.reserve": game.reserve,
        "Game.threatened_by": shogi_mated.threatened_by,
        "Game.score": game.score,
        "Series.total": yono.Series.from_totals([1, 2, 3, 4], 1).total,
        "svg(zones=)": lambda s: game.svg(zones=s),
        "svg(orientation=)": lambda s: game.svg(orientation=s),
        "svg(selected_reserve=)": lambda s: game.svg(selected_reserve=(s, "P")),
        "yono.svg(orientation=)": lambda s: yono.svg(game, orientation=s),
        "svg_square_rect": lambda s: yono.svg_square_rect("5e", s),
        "svg_reserve_rect": lambda s: yono.svg_reserve_rect(s, "P"),
        "svg_hit_test": lambda s: yono.svg_hit_test(10, 10, s),
        "Game.observation(seat=)": lambda s: game.observation(seat=s).tobytes(),
    }
    accepted = check_surfaces("seat", surfaces, SEAT_SPELLINGS, lambda i: yono.SEATS[i])
    # The core reads a seat's letter and name in either case (docs/ARCHITECTURE.md).
    assert accepted >= 4 * 4
    assert yono.Game().king("S") == yono.SQ_5I  # the case of issue 23


KIND_SPELLINGS = variants(*(w for k in (yono.PieceKind(i) for i in range(14)) for w in (k.symbol, k.title, k.letter))) + ["", "Q", "+K", "+G", "++P", "P+"] + published("piece_kind")


def test_every_kind_spelling_the_core_reads_works_on_every_surface():
    dropper = yono.Game("4nK4/9/9/9/9/9/9/9/4sK4 s RBGSNLP/-/-/- s-n- 1")
    surfaces: Dict[str, Surface] = {
        "PieceKind(x)": yono.PieceKind,
        "PieceKind.from_symbol": lambda k: yono.PieceKind.from_symbol(str(k)),
        "Piece(seat, x)": lambda k: yono.Piece("s", k),
    }
    check_surfaces("piece_kind", surfaces, KIND_SPELLINGS, lambda i: yono.PieceKind(i))
    # The surfaces that take only a kind a reserve can hold.
    held = [t for t in KIND_SPELLINGS if (i := _yono._core_reads("piece_kind", t)) is None or yono.PieceKind(i) in yono.HAND_KINDS]
    hand_surfaces: Dict[str, Surface] = {
        "Move.drop": lambda k: yono.Move.drop(k, "5e"),
        "Game.drops_of": dropper.drops_of,
        "svg_reserve_rect": lambda k: yono.svg_reserve_rect("s", k),
        "svg(selected_reserve=)": lambda k: dropper.svg(selected_reserve=("s", k)),
    }
    accepted = check_surfaces("piece_kind", hand_surfaces, held, lambda i: yono.PieceKind(i))
    assert accepted >= 7


RULESET_SPELLINGS = variants("yono", "shogi") + ["", "chess", "yonoshogi"] + published("ruleset")


def test_every_ruleset_spelling_the_core_reads_works_on_every_surface():
    surfaces: Dict[str, Surface] = {
        "Ruleset(x)": yono.Ruleset,
        "Game(ruleset=)": lambda r: yono.Game(ruleset=r).text(),
        "Record(ruleset=)": lambda r: yono.Record(ruleset=r).save(),
        "VectorEnv(ruleset)": lambda r: yono.VectorEnv(1, r, seed=1).reset()[0].tobytes(),
    }
    accepted = check_surfaces("ruleset", surfaces, RULESET_SPELLINGS, lambda i: yono.Ruleset(i))
    assert accepted >= 4


SQUARE_SPELLINGS = variants("5e", "1a", "9i", "5g") + ["", "5", "0e", "5j", "55", "e5", "5e5", "10a"] + published("square")


def test_every_square_spelling_the_core_reads_works_on_every_surface():
    game = yono.Game()
    surfaces: Dict[str, Surface] = {
        "Square(x)": yono.Square,
        "Game.piece_at": game.piece_at,
        "Game.moves_from": game.moves_from,
        "Game.promotion_status": lambda s: game.promotion_status(s, "5f"),
        "Move.board": lambda s: yono.Move.board(s, "5c" if yono.Square(s) == yono.SQ_5D else "5d"),
        "Move.drop": lambda s: yono.Move.drop("P", s),
        "svg(highlight=)": lambda s: game.svg(highlight=s),
        "svg(highlight=[..])": lambda s: game.svg(highlight=[s]),
        "svg(selected=)": lambda s: game.svg(selected=s),
        "svg(destinations=)": lambda s: game.svg(destinations=s),
        "svg(check=)": lambda s: game.svg(check=s),
        "svg_square_rect": yono.svg_square_rect,
    }
    accepted = check_surfaces("square", surfaces, SQUARE_SPELLINGS, lambda i: yono.SQUARES[i])
    assert accepted >= 4
    # A square is also its index, a numpy int included, on every surface.
    for index in (40, np.int64(40), yono.SQ_5E):
        for name, surface in surfaces.items():
            assert surface(index) == surface("5e"), name
    for bad in (81, -1, np.int64(81)):
        for surface in surfaces.values():
            with pytest.raises(ValueError):
                surface(bad)
    for wrong in (True, 1.5, None, object()):
        with pytest.raises(TypeError):
            yono.Square(wrong)  # type: ignore[arg-type]


def test_every_move_spelling_the_core_reads_works_on_every_surface():
    spellings = variants("7g7f", "8h2b+", "P*5e", "pass") + ["", "7g7", "K*5e", "7g7f++"]
    for text in spellings:
        code = _yono._core_reads("move", text)
        game = yono.Game.shogi()
        surfaces: Dict[str, Surface] = {
            "Move(x)": yono.Move,
            "Move.from_usi": yono.Move.from_usi,
            "Game.check_move": game.check_move,
            "Game.preview": game.preview,
            "Game.push": game.push,
            "Game.push_described": game.push_described,
            "svg(lastmove=)": lambda m: game.svg(lastmove=m),
            "Record.push": yono.Record(ruleset="shogi").push,
            "Game.action": game.action,
        }
        for name, surface in surfaces.items():
            malformed = False
            try:
                surface(text)
            except yono.IllegalMoveError as e:
                malformed = e.code == "malformed_move"
            # Malformed exactly when the core cannot read the text.
            assert malformed == (code is None), (name, text)
            if game.ply():
                game.pop()
        # is_legal answers False for text the core cannot read, as for an illegal move.
        assert game.is_legal(text) == (code is not None and yono.Move(text) in game.legal_moves)
        if code is not None:
            assert yono.Move(text) == yono.Move.from_index(code) and yono.Move(text).index == code


def test_a_highlight_set_is_one_square_or_any_iterable_of_them():
    game = yono.Game()
    one = game.svg(destinations="5e")
    forms = (lambda: yono.SQ_5E, lambda: 40, lambda: ["5e"], lambda: ("5e",), lambda: {yono.SQ_5E}, lambda: iter([40]))
    for form in forms:
        for key in ("highlight", "destinations", "check"):
            assert game.svg(**{key: form()}) == game.svg(**{key: "5e"})
    assert one != game.svg()
    both = game.svg(check=["5e", "5f"])
    assert both == game.svg(check=(s for s in ("5e", "5f")))
    with pytest.raises(ValueError):
        game.svg(check=["5e", "5j"])
    with pytest.raises(TypeError):
        game.svg(check=True)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        game.svg(destinations=[1.5])  # type: ignore[list-item]


@pytest.mark.parametrize("what", sorted(VOCABULARY))
def test_the_oracle_is_the_core_that_wrote_the_vectors(what):
    # _core_reads is the core's FromStr: it reads each published spelling as its value,
    # and refuses each published refusal.
    for value in VOCABULARY[what]["values"]:
        for spelling in value["spellings"]:
            assert _yono._core_reads(what, spelling) == value["number"], (what, spelling)
    for spelling in VOCABULARY[what]["rejected"]:
        assert _yono._core_reads(what, spelling) is None, (what, spelling)


ENUM_SURFACES = {
    "status": yono.Status,
    "end_reason": yono.EndReason,
    "promotion_status": yono.PromotionStatus,
}


@pytest.mark.parametrize("what", sorted(ENUM_SURFACES))
def test_every_published_spelling_of_the_other_enums_works(what):
    cls = ENUM_SURFACES[what]
    for value in VOCABULARY[what]["values"]:
        for spelling in value["spellings"]:
            assert cls(spelling) == cls(value["number"]), (what, spelling)
    for spelling in VOCABULARY[what]["rejected"]:
        # A Status also reads its own str() ("won", "drawn_by_repetition"), which names
        # the kind of status without the winner: the core reads "won by North".
        if what == "status" and spelling in {str(s) for s in members(yono.Status)}:
            continue
        with pytest.raises(ValueError):
            cls(spelling)


def test_every_published_piece_spelling_works():
    for value in VOCABULARY["piece"]["values"]:
        seat, kind = divmod(value["number"], 14)
        for spelling in value["spellings"]:
            assert yono.Piece.from_symbol(spelling) == yono.Piece(yono.Seat(seat), yono.PieceKind(kind))
    for spelling in VOCABULARY["piece"]["rejected"]:
        with pytest.raises(ValueError):
            yono.Piece.from_symbol(spelling)


# ---- the enums are the core's ---------------------------------------------------


def members(cls: Any) -> List[Any]:
    """The members of an enum class, in value order."""
    found = [v for v in vars(cls).values() if isinstance(v, cls)]
    return sorted(found, key=int)


@pytest.mark.parametrize(
    "cls, name_of",
    [
        (yono.Seat, lambda m: m.title.upper()),
        (yono.PieceKind, lambda m: m.title.upper().replace(" ", "_")),
        (yono.Ruleset, lambda m: m.label.upper()),
        (yono.Status, lambda m: str(m).upper()),
        (yono.EndReason, lambda m: str(m).upper().replace(" ", "_")),
        (yono.PromotionStatus, lambda m: repr(m).split(".")[1]),
    ],
)
def test_enum_members_are_named_and_numbered_as_the_core_names_them(cls, name_of):
    found = members(cls)
    assert [int(m) for m in found] == list(range(len(found)))
    for m in found:
        assert repr(m) == f"{cls.__name__}.{name_of(m)}"
        assert getattr(cls, name_of(m)) is m or getattr(cls, name_of(m)) == m
        assert cls(int(m)) == m and cls(np.int64(int(m))) == m and cls(m) == m


def test_the_tables_come_from_the_core():
    assert yono.SEATS == members(yono.Seat) == yono.Ruleset.YONO.seats
    assert [_yono._core_reads("seat", s.letter) for s in yono.SEATS] == [0, 1, 2, 3]
    assert [str(k) for k in yono.HAND_KINDS] == [k.letter for k in yono.HAND_KINDS]
    assert all(_yono._core_reads("piece_kind", str(k)) == int(k) for k in members(yono.PieceKind))
    assert [_yono._core_reads("square", str(s)) for s in yono.SQUARES] == list(range(81))
    assert len(members(yono.PieceKind)) == 14 and len(yono.HAND_KINDS) == 7
    for what, cls in (("seat", yono.Seat), ("piece_kind", yono.PieceKind), ("ruleset", yono.Ruleset), ("end_reason", yono.EndReason), ("promotion_status", yono.PromotionStatus)):
        numbers = sorted(v["number"] for v in VOCABULARY[what]["values"])
        assert [int(m) for m in members(cls)] == numbers, what
        # Each member's text is the core's first spelling of it.
        texts = {v["number"]: v["text"] for v in VOCABULARY[what]["values"]}
        for m in members(cls):
            assert cls(texts[int(m)]) == m


def test_enum_constructors_take_a_member_its_value_or_its_text():
    assert yono.Seat(0) == yono.Seat("s") == yono.Seat("South") == yono.Seat(yono.Seat.SOUTH) == yono.Seat.SOUTH
    assert yono.PieceKind(8) == yono.PieceKind("+R") == yono.PieceKind.DRAGON
    assert yono.Ruleset(1) == yono.Ruleset("Shogi") == yono.Ruleset.SHOGI
    assert yono.Status("drawn_by_repetition") == yono.Status(2) == yono.Status.DRAWN_BY_REPETITION
    assert yono.PromotionStatus(2) == yono.PromotionStatus.COMPULSORY
    assert yono.PromotionStatus("optional") == yono.PromotionStatus.OPTIONAL
    assert yono.EndReason("Perpetual Check") == yono.EndReason.PERPETUAL_CHECK == yono.EndReason(3)
    assert yono.Status("won by North") == yono.Status.WON
    for cls, bad_value in ((yono.Seat, 4), (yono.PieceKind, 14), (yono.Ruleset, -1), (yono.Status, 3), (yono.EndReason, 4)):
        with pytest.raises(ValueError):
            cls(bad_value)
    for cls in (yono.Seat, yono.PieceKind, yono.Ruleset, yono.Status, yono.PromotionStatus, yono.EndReason):
        with pytest.raises(ValueError):
            cls("no such thing")
        for wrong in (True, 1.5, None, [0]):
            with pytest.raises(TypeError):
                cls(wrong)
    with pytest.raises(TypeError):
        yono.Seat(yono.PieceKind.KING)
    # Arguments that take a seat take a Seat or text, not an int (an index is not a
    # seat's name; Seat(0) is how an index becomes one).
    with pytest.raises(TypeError):
        yono.Game().reserve(0)  # type: ignore[arg-type]


def test_status_text_round_trips():
    for status in members(yono.Status):
        assert yono.Status(str(status)) == status


def test_the_move_index_is_the_cores():
    # Every index names its move and back; the unused from == to slots name none.
    count = 0
    for index in range(81 * 81 * 2 + 7 * 81 + 1):
        try:
            mv = yono.Move.from_index(index)
        except ValueError:
            continue
        assert mv.index == index and yono.Move(str(mv)).index == index
        count += 1
    assert count == 81 * 80 * 2 + 7 * 81 + 1
    assert yono.Move.PASS.index == count + 81 * 2 - 1 and yono.Move("R*9a").index == 81 * 81 * 2
    with pytest.raises(ValueError):
        yono.Move.from_index(yono.Move.PASS.index + 1)
    with pytest.raises(ValueError):
        yono.Move.from_index(0)  # 9a to 9a
