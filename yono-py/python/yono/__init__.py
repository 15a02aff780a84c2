"""yono: the rules of Yo[n]o Shogi (four-player Shogi) and standard Shogi.

A thin Python layer over the Rust rules engine ``yono``: positions, legal moves,
checkmate and elimination, scoring, position text and SFEN, hashing, perft.

>>> import yono
>>> pos = yono.Position()
>>> len(pos.legal_moves)
12
>>> pos.push_usi("5g5f")
Move.from_usi('5g5f')
>>> pos.turn
Seat.WEST
"""

from typing import Dict as _Dict
from typing import List as _List
from typing import Union as _Union

from ._yono import (
    CORE_VERSION,
    Analysis,
    Engine,
    SHOGI_START,
    YONO_START,
    IllegalMoveError,
    Game,
    Move,
    MoveEffect,
    ParseError,
    Piece,
    PieceKind,
    Position,
    PromotionStatus,
    RecordError,
    Ruleset,
    Seat,
    Series,
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

#: What the API accepts as a seat, a piece kind, a ruleset, a square or a move.
SeatLike = _Union[Seat, str]
PieceKindLike = _Union[PieceKind, str]
RulesetLike = _Union[Ruleset, str]
SquareLike = _Union[Square, str, int]
MoveLike = _Union[Move, str]

#: The four seats in turn order.
SEATS: _List[Seat] = [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]

#: The seven kinds a reserve can hold, in the order R B G S N L P.
HAND_KINDS: _List[PieceKind] = [
    PieceKind.ROOK,
    PieceKind.BISHOP,
    PieceKind.GOLD,
    PieceKind.SILVER,
    PieceKind.KNIGHT,
    PieceKind.LANCE,
    PieceKind.PAWN,
]

#: All 81 squares in index order: 9a, 8a, ..., 1a, 9b, ..., 1i.
SQUARES: _List[Square] = [Square(i) for i in range(81)]

#: The squares by name, e.g. SQUARE_NAMES["5e"].
SQUARE_NAMES: _Dict[str, Square] = {str(sq): sq for sq in SQUARES}

# Module constants SQ_9A ... SQ_1I (one per square).
for _sq in SQUARES:
    globals()["SQ_" + str(_sq).upper()] = _sq
del _sq

__all__ = [
    "ACTION_PARTS",
    "ACTION_SIZE",
    "ACTION_SOURCES",
    "ACTION_TARGETS",
    "DEFAULT_MAX_PLIES",
    "LEGAL_WIDTH",
    "OBSERVATION_SHAPE",
    "OBSERVATION_SIZE",
    "VectorEnv",
    "decided_rewards",
    "draw_place",
    "place_reward",
    "CORE_VERSION",
    "Analysis",
    "Engine",
    "HAND_KINDS",
    "SEATS",
    "SHOGI_START",
    "SQUARES",
    "SQUARE_NAMES",
    "YONO_START",
    "Game",
    "IllegalMoveError",
    "Move",
    "MoveEffect",
    "MoveLike",
    "ParseError",
    "Piece",
    "PieceKind",
    "PieceKindLike",
    "Position",
    "PromotionStatus",
    "RecordError",
    "Ruleset",
    "RulesetLike",
    "Seat",
    "SeatLike",
    "Series",
    "Square",
    "SquareLike",
    "Status",
    "perft",
    "svg",
    "svg_hit_test",
    "svg_reserve_rect",
    "svg_square_rect",
    "__version__",
] + ["SQ_" + str(sq).upper() for sq in SQUARES]
