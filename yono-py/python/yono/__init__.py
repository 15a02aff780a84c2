"""yono: the rules of Yo[n]o Shogi (four-player Shogi) and standard Shogi.

A thin Python layer over the Rust rules engine ``yono``: games, legal moves,
checkmate and elimination, scoring, position text and SFEN, hashing, perft, records.

>>> import yono
>>> game = yono.Game()
>>> len(game.legal_moves)
12
>>> game.push("5g5f")
>>> game.turn
Seat.WEST
"""

import warnings as _warnings
from typing import Any as _Any
from typing import Dict as _Dict
from typing import SupportsIndex as _SupportsIndex
from typing import Union as _Union

from ._yono import (
    CORE_VERSION,
    HAND_KINDS,
    SEATS,
    SHOGI_START,
    SQUARES,
    YONO_START,
    Analysis,
    EndReason,
    Engine,
    Game,
    IllegalMoveError,
    Move,
    MoveEffect,
    ParseError,
    Piece,
    PieceKind,
    PieceView,
    PromotionStatus,
    Record,
    RecordError,
    Removal,
    Ruleset,
    Seat,
    Series,
    Snapshot,
    Square,
    Status,
    perft,
    svg,
    svg_hit_test,
    svg_reserve_rect,
    svg_square_rect,
)

# The machine-learning layer (docs/ML.md); `yono.env` holds the PettingZoo and
# Gymnasium environments (extra `yono[env]`).
from ._yono import (
    ACTION_PARTS,
    ACTION_SIZE,
    ACTION_SOURCES,
    ACTION_TARGETS,
    DEFAULT_MAX_PLIES,
    LEGAL_WIDTH,
    OBSERVATION_SHAPE,
    OBSERVATION_SIZE,
    VectorEnv,
    decided_rewards,
    draw_place,
    place_reward,
)

# The extension knows its own version (the wheel's): importlib.metadata would cost
# most of the import time.
from ._yono import __version__ as __version__  # noqa: E402

#: What the API accepts as a seat, a piece kind, a ruleset, a square or a move: the
#: class, or any text the core reads as one (a square also by its index).
SeatLike = _Union[Seat, str]
PieceKindLike = _Union[PieceKind, str]
RulesetLike = _Union[Ruleset, str]
SquareLike = _Union[Square, str, _SupportsIndex]
MoveLike = _Union[Move, str]

#: The squares by name, e.g. SQUARE_NAMES["5e"].
SQUARE_NAMES: _Dict[str, Square] = {str(sq): sq for sq in SQUARES}

# Module constants SQ_9A ... SQ_1I (one per square).
for _sq in SQUARES:
    globals()["SQ_" + str(_sq).upper()] = _sq
del _sq

#: Old names, kept for one release: each use warns (DeprecationWarning) and names
#: its replacement (docs/ARCHITECTURE.md, "One name per concept").
_DEPRECATED = {
    "Position": (Game, "yono.Position is deprecated: use yono.Game (the same class)"),
}


def __getattr__(name: str) -> _Any:
    """The deprecated names, with a warning at the line that uses them."""
    if name in _DEPRECATED:
        value, message = _DEPRECATED[name]
        _warnings.warn(message, DeprecationWarning, stacklevel=2)
        return value
    raise AttributeError(f"module 'yono' has no attribute {name!r}")


__all__ = sorted(
    name
    for name in globals()
    if not name.startswith("_") and name not in {"annotations"}
) + ["__version__"]
