"""Type stubs for yono: the rules of Yo[n]o Shogi (four-player Shogi) and standard Shogi.

Conventions used throughout:

* A *seat* argument (``SeatLike``) is a :class:`Seat` or any text the core reads as a
  seat: the letter ``"s" "w" "n" "e"`` or the name ``"South"``, either case.
* A *piece kind* argument (``PieceKindLike``) is a :class:`PieceKind` or its notation
  (``"P"``, ``"+R"``); a *ruleset* (``RulesetLike``) a :class:`Ruleset` or its name.
* A *square* argument (``SquareLike``) is a :class:`Square`, a USI name such as ``"5e"``
  or an index 0-80 (0 = 9a, 8 = 1a, 80 = 1i; anything with ``__index__``).
* A *move* argument (``MoveLike``) is a :class:`Move` or move text (``"7g7f"``,
  ``"8h2b+"``, ``"P*5e"``, ``"pass"``).
* An int argument takes anything with ``__index__`` (``SupportsIndex``: numpy ints too).
* Scores are lists indexed by seat: ``[South, West, North, East]``.
* Deprecated names (kept for one release; each use warns with ``DeprecationWarning``)
  are marked ``@deprecated`` or by a comment.
"""

from typing import ClassVar, Dict, Iterable, List, Optional, SupportsIndex, Tuple, Union, final, overload

import numpy as np
import numpy.typing as npt
from typing_extensions import Self, TypedDict, Unpack, deprecated

__version__: str
CORE_VERSION: str
YONO_START: str
SHOGI_START: str

class ParseError(ValueError):
    """Invalid position text or SFEN. ``str(e)`` says what and where; ``code`` is the
    stable snake_case error code (e.g. ``"rank_length"``, ``"nifu"``)."""

    code: str

class IllegalMoveError(ValueError):
    """A move that cannot be played: ``code`` is ``"malformed_move"`` for text that is not
    a move, else the reason (``"king_threatened"``, ``"game_over"``, ...). ``move`` is
    the move text, or None for malformed text."""

    code: str
    move: Optional[str]

class RecordError(ValueError):
    """A game record that cannot be loaded, or metadata or a comment that cannot be
    stored. ``code`` is the stable code (e.g. ``"record_bad_move"``); ``ply`` the number
    of the first bad move (from 1) or None; ``line`` the line of a text record or None."""

    code: str
    ply: Optional[int]
    line: Optional[int]

class _Enum:
    """What every enum class has: it equals (and hashes like) its int value, and the
    members order by it. (Not a runtime class: each enum is its own.)"""

    def __int__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __lt__(self, other: Self, /) -> bool: ...
    def __le__(self, other: Self, /) -> bool: ...
    def __gt__(self, other: Self, /) -> bool: ...
    def __ge__(self, other: Self, /) -> bool: ...

@final
class Seat(_Enum):
    """A seat (player), in turn order: SOUTH, WEST, NORTH, EAST. ``int(seat)`` is its
    index 0-3; ``str(seat)`` its name ("South"). ``Seat(x)`` takes a Seat, its index, or
    its text."""

    SOUTH: ClassVar["Seat"]
    WEST: ClassVar["Seat"]
    NORTH: ClassVar["Seat"]
    EAST: ClassVar["Seat"]
    def __new__(cls, value: Union["Seat", str, SupportsIndex]) -> "Seat": ...
    @property
    def letter(self) -> str:
        """The notation letter: "s", "w", "n" or "e"."""
    @property
    def index(self) -> int:
        """The index 0-3 in turn order."""
    @property
    def title(self) -> str:
        """The English name: "South", "West", "North" or "East"."""
    def next(self) -> "Seat":
        """The next seat clockwise (regardless of who is still in the game)."""
    def opposite(self) -> "Seat":
        """The seat sitting opposite."""
    def rotated(self, quarter_turns: int = 1) -> "Seat":
        """The seat this one becomes after clockwise quarter turns (one: South to West)."""
    @staticmethod
    def from_letter(letter: str) -> "Seat":
        """The seat with exactly this notation letter ("s", "w", "n", "e"); ValueError
        otherwise (``Seat(text)`` reads every spelling)."""
    @staticmethod
    def from_index(index: SupportsIndex) -> "Seat":
        """The seat with index 0-3; ValueError otherwise."""

SeatLike = Union[Seat, str]

@final
class PieceKind(_Enum):
    """The kind of a piece, promoted kinds included. ``str(kind)`` is its notation:
    "K", "R", ..., "+R". ``PieceKind(x)`` takes a PieceKind, its index 0-13, or its
    notation."""

    KING: ClassVar["PieceKind"]
    ROOK: ClassVar["PieceKind"]
    BISHOP: ClassVar["PieceKind"]
    GOLD: ClassVar["PieceKind"]
    SILVER: ClassVar["PieceKind"]
    KNIGHT: ClassVar["PieceKind"]
    LANCE: ClassVar["PieceKind"]
    PAWN: ClassVar["PieceKind"]
    DRAGON: ClassVar["PieceKind"]
    HORSE: ClassVar["PieceKind"]
    PROMOTED_SILVER: ClassVar["PieceKind"]
    PROMOTED_KNIGHT: ClassVar["PieceKind"]
    PROMOTED_LANCE: ClassVar["PieceKind"]
    PROMOTED_PAWN: ClassVar["PieceKind"]
    def __new__(cls, value: Union["PieceKind", str, SupportsIndex]) -> "PieceKind": ...
    @property
    def letter(self) -> str:
        """The letter of the unpromoted kind: K R B G S N L P."""
    @property
    def symbol(self) -> str:
        """The notation, e.g. "R" or "+R"."""
    @property
    def title(self) -> str:
        """The English name, e.g. "Promoted Silver"."""
    @property
    def is_promoted(self) -> bool:
        """Whether this is a promoted kind."""
    @property
    def can_promote(self) -> bool:
        """Whether the kind has a promoted form (R B S N L P)."""
    def promoted(self) -> Optional["PieceKind"]:
        """The promoted kind; None for King, Gold and promoted kinds."""
    def unpromoted(self) -> "PieceKind":
        """The unpromoted kind."""
    @staticmethod
    def from_symbol(symbol: str) -> "PieceKind":
        """The kind the core reads from "K", "R", ..., "+R"; ValueError otherwise."""

PieceKindLike = Union[PieceKind, str]

@final
class Ruleset(_Enum):
    """YONO (four-player Yo[n]o Shogi) or SHOGI (standard two-player Shogi).
    ``Ruleset(x)`` takes a Ruleset, its int value, or its name."""

    YONO: ClassVar["Ruleset"]
    SHOGI: ClassVar["Ruleset"]
    def __new__(cls, value: Union["Ruleset", str, SupportsIndex]) -> "Ruleset": ...
    @property
    def label(self) -> str:
        """ "yono" or "shogi"."""
    @property
    def seats(self) -> List[Seat]:
        """The seats that take part."""
    @property
    def max_score(self) -> int:
        """The winner's score: 3 in Yo[n]o, 1 in Shogi."""
    @property
    def start_text(self) -> str:
        """The start position as position text."""

RulesetLike = Union[Ruleset, str]

@final
class Status(_Enum):
    """ONGOING, WON or DRAWN_BY_REPETITION; ``str(status)`` is "ongoing", "won" or
    "drawn_by_repetition", and ``Status(text)`` reads it back, as it reads any status
    text of the core ("drawn by repetition", "won by North")."""

    ONGOING: ClassVar["Status"]
    WON: ClassVar["Status"]
    DRAWN_BY_REPETITION: ClassVar["Status"]
    def __new__(cls, value: Union["Status", str, SupportsIndex]) -> "Status": ...

@final
class PromotionStatus(_Enum):
    """Whether a from-to move may promote: IMPOSSIBLE, OPTIONAL or COMPULSORY."""

    IMPOSSIBLE: ClassVar["PromotionStatus"]
    OPTIONAL: ClassVar["PromotionStatus"]
    COMPULSORY: ClassVar["PromotionStatus"]
    def __new__(cls, value: Union["PromotionStatus", str, SupportsIndex]) -> "PromotionStatus": ...

@final
class EndReason(_Enum):
    """How a finished game ended: LAST_SEAT_STANDING (Yo[n]o), NO_LEGAL_MOVE (Shogi
    checkmate), REPETITION (a draw) or PERPETUAL_CHECK (Shogi: every move of one side in
    a fourfold repetition gave check; that side lost). ``str(reason)`` is its name,
    e.g. "perpetual check"."""

    LAST_SEAT_STANDING: ClassVar["EndReason"]
    NO_LEGAL_MOVE: ClassVar["EndReason"]
    REPETITION: ClassVar["EndReason"]
    PERPETUAL_CHECK: ClassVar["EndReason"]
    def __new__(cls, value: Union["EndReason", str, SupportsIndex]) -> "EndReason": ...

@final
class MoveEffect:
    """What a move does: from ``Game.preview`` and ``Game.push_described``."""

    @property
    def move(self) -> "Move": ...
    @property
    def mover(self) -> Seat: ...
    @property
    def piece(self) -> Optional["Piece"]: ...
    @property
    def captured(self) -> Optional["Piece"]: ...
    @property
    def promotes(self) -> bool: ...
    @property
    def gives_check(self) -> bool:
        """Whether the move gives check (the mover threatens a King after it)."""
    @property
    def checked(self) -> List[Seat]:
        """The seats whose King the mover threatens after the move."""
    @property
    def fallen(self) -> List[Tuple[Seat, int]]:
        """The seats that lose by the move, with their scores."""
    @property
    def removed(self) -> List["Removal"]:
        """The seats the checkmate rule removed, with the pieces that left the board."""
    @property
    def status(self) -> Status: ...
    @property
    def winner(self) -> Optional[Seat]: ...
    @property
    def next_turn(self) -> Seat: ...

@final
class Removal:
    """A seat removed by the checkmate rule (``MoveEffect.removed``), with what left the
    board with it, for animation."""

    @property
    def seat(self) -> Seat: ...
    @property
    def score(self) -> int: ...
    @property
    def pieces(self) -> List[Tuple["Square", "Piece"]]:
        """Its pieces that stood on the board, with their squares, in square order."""
    @property
    def reserve(self) -> Dict[PieceKind, int]:
        """Its reserve as it was."""

@final
class PieceView:
    """A piece as a GUI draws it: owner, kind, promoted, and the seat it faces."""

    @property
    def seat(self) -> Seat: ...
    @property
    def kind(self) -> PieceKind: ...
    @property
    def promoted(self) -> bool: ...
    @property
    def facing(self) -> Seat:
        """The seat whose side of the board the piece points toward."""
    @property
    def piece(self) -> "Piece": ...
    def angle(self, bottom: Optional[SeatLike] = None) -> int:
        """Degrees clockwise to turn a piece drawn pointing up, ``bottom`` at the bottom."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Snapshot:
    """Everything a GUI draws for a position, as plain data (``Game.board_snapshot()``)."""

    @property
    def squares(self) -> List[Optional[PieceView]]:
        """The piece on each square, by square index, or None."""
    def piece_at(self, square: "SquareLike") -> Optional[PieceView]: ...
    def pieces(self) -> Dict["Square", PieceView]: ...
    @property
    def reserves(self) -> List[Dict[PieceKind, int]]:
        """Each seat's reserve, by seat index."""
    @property
    def seats(self) -> List[Seat]:
        """The seats still in the game."""
    @property
    def scores(self) -> List[Optional[int]]: ...
    @property
    def to_move(self) -> Optional[Seat]:
        """The seat to move; None once the game is over."""
    @property
    def move_number(self) -> int: ...
    @property
    def status(self) -> Status: ...
    @property
    def winner(self) -> Optional[Seat]: ...
    @property
    def end_reason(self) -> Optional[EndReason]: ...
    @property
    def checks(self) -> Dict[Seat, List[Seat]]:
        """For each seat in the game, the seats threatening its King."""
    @property
    def ruleset(self) -> Ruleset: ...

@final
class Square:
    """A square: ``Square("5e")`` or ``Square(index)``. ``int(sq)`` is the index,
    ``str(sq)`` the name."""

    def __new__(cls, square: "SquareLike") -> "Square": ...
    @staticmethod
    def from_file_rank(file: int, rank: int) -> "Square":
        """The square on file 1-9 and rank 1-9 (a = 1); ValueError otherwise."""
    @property
    def file(self) -> int:
        """File digit 1-9."""
    @property
    def rank(self) -> int:
        """Rank number 1-9 (a = 1)."""
    @property
    def index(self) -> int:
        """Index 0-80."""
    @property
    def name(self) -> str:
        """The USI name, e.g. "5e"."""
    @property
    def is_even_binding(self) -> bool:
        """Whether file + rank is even."""
    def rotated(self, quarter_turns: int = 1) -> "Square":
        """The square after clockwise quarter turns of the board (one: 9i to 9a)."""
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __lt__(self, other: Union["Square", int], /) -> bool: ...
    def __le__(self, other: Union["Square", int], /) -> bool: ...
    def __gt__(self, other: Union["Square", int], /) -> bool: ...
    def __ge__(self, other: Union["Square", int], /) -> bool: ...

SquareLike = Union[Square, str, SupportsIndex]

@final
class Piece:
    """A piece: a kind owned by a seat. ``str(piece)`` is e.g. "sK" or "n+R"."""

    def __new__(cls, seat: SeatLike, kind: PieceKindLike) -> "Piece": ...
    @staticmethod
    def from_symbol(symbol: str) -> "Piece":
        """The piece the core reads from "sK", "n+R", ...; ValueError otherwise."""
    @property
    def seat(self) -> Seat:
        """The owner."""
    @property
    def kind(self) -> PieceKind:
        """The kind."""
    def promoted(self) -> Optional["Piece"]:
        """The same seat's piece promoted; None for a King, a Gold or a promoted piece."""
    def unpromoted(self) -> "Piece":
        """The same seat's piece unpromoted (itself if it is not promoted)."""
    @property
    def symbol(self) -> str:
        """The notation, e.g. "sK"."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Move:
    """A move: board move ("7g7f", "8h2b+"), drop ("P*5e") or "pass".
    ``Move(text)`` parses text (IllegalMoveError with code "malformed_move" if it is
    not a move)."""

    PASS: ClassVar["Move"]
    def __new__(cls, usi: "MoveLike") -> "Move": ...
    @staticmethod
    def from_usi(usi: str) -> "Move":
        """Parses move text; IllegalMoveError (code "malformed_move") otherwise."""
    @staticmethod
    def board(from_square: SquareLike, to_square: SquareLike, promote: bool = False) -> "Move":
        """A board move."""
    @staticmethod
    def drop(kind: PieceKindLike, to_square: SquareLike) -> "Move":
        """A drop of an unpromoted kind R B G S N L P."""
    @staticmethod
    def from_code(code: SupportsIndex) -> "Move":
        """Decodes a compact 16-bit move code; ValueError for an invalid code."""
    @property
    def code(self) -> int:
        """The compact 16-bit code."""
    @property
    def index(self) -> int:
        """The core's dense index 0-13,689 (squares as named; ``Game.action`` is the
        mover's frame)."""
    @staticmethod
    def from_index(index: SupportsIndex) -> "Move":
        """The move with the core's dense index; ValueError for an index no move has."""
    def usi(self) -> str:
        """The move text."""
    @property
    def from_square(self) -> Optional[Square]:
        """The origin of a board move; None for a drop or pass."""
    @property
    def to_square(self) -> Optional[Square]:
        """The destination; None for a pass."""
    @property
    def drop_kind(self) -> Optional[PieceKind]:
        """The kind dropped; None unless a drop."""
    @property
    def promotion(self) -> bool:
        """Whether this board move promotes."""
    @property
    def is_drop(self) -> bool:
        """Whether this is a drop."""
    @property
    def is_pass(self) -> bool:
        """Whether this is the pass move."""
    def rotated(self, quarter_turns: int = 1) -> "Move":
        """The move with its squares turned by clockwise quarter turns."""
    def __eq__(self, other: object, /) -> bool:
        """Equal to the same Move or its text ("5g5f"); hashes like the text."""
    def __hash__(self) -> int: ...

MoveLike = Union[Move, str]

class _SvgGuiOptions(TypedDict, total=False):
    """The keyword-only options of ``svg`` for GUIs (docs/GUI.md): the seat at the
    bottom, a selected square, where it can go, squares in check, a selected reserve
    piece, letters drawn as paths. (Not a runtime class: a typing aid of the stubs.)"""

    orientation: Optional[SeatLike]
    selected: Optional[SquareLike]
    destinations: Optional[Union[SquareLike, Iterable[SquareLike]]]
    check: Optional[Union[SquareLike, Iterable[SquareLike]]]
    selected_reserve: Optional[Tuple[SeatLike, PieceKindLike]]
    text_as_paths: Optional[bool]

@final
class Game:
    """A game: the current position and the moves that led to it.

    ``Game()`` is the Yo[n]o start, ``Game(text)`` parses position text or SFEN,
    ``Game(ruleset="shogi")`` / ``Game.shogi()`` is the Shogi start, ``Game(other)``
    copies another game with its history. Raises ParseError (with ``code``) for invalid
    text. Games with the same current position (whatever the history) compare equal.
    Unhashable (games change as moves are pushed); ``game.hash()`` is the Zobrist key of
    the current position. Formerly ``yono.Position`` (still an alias, deprecated).
    """

    @overload
    def __new__(
        cls,
        text: Union[str, "Game", None] = None,
        ruleset: Optional[RulesetLike] = None,
        *,
        position: None = None,
    ) -> "Game": ...
    @overload
    @deprecated("Game(position=game) is deprecated: use Game(game) or game.copy()")
    def __new__(
        cls, text: None = None, ruleset: None = None, *, position: "Game"
    ) -> "Game": ...
    @classmethod
    def from_text(cls, text: str) -> "Game":
        """Parses and validates position text; ParseError otherwise."""
    @classmethod
    def from_sfen(cls, sfen: str) -> "Game":
        """Reads a standard Shogi SFEN; ParseError otherwise."""
    @classmethod
    def shogi(cls) -> "Game":
        """The standard Shogi start position."""
    def text(self) -> str:
        """The canonical position text."""
    def sfen(self) -> str:
        """The SFEN (standard Shogi only; ValueError for Yo[n]o)."""
    @property
    def ruleset(self) -> Ruleset:
        """The ruleset."""
    @property
    def turn(self) -> Seat:
        """The seat to move. Once the game is over, still the seat whose turn it would
        be: in Yo[n]o the winner (the only seat left), in Shogi the checkmated side.
        Who won: ``winner``; who lost: ``lost_seats``."""
    @property
    def seats(self) -> List[Seat]:
        """The seats still in the game, in turn order."""
    @property
    def move_number(self) -> int:
        """1 at the start, +1 after every move or pass."""
    @property
    def move_stack(self) -> List[Move]:
        """The moves pushed so far, oldest first."""
    def ply(self) -> int:
        """How many moves have been pushed."""
    @property
    def legal_moves(self) -> List[Move]:
        """The legal moves (empty once the game is over)."""
    def legal_move_codes(self) -> List[int]:
        """The legal moves as compact codes (a list: about the cost of legal_moves)."""
    def legal_move_bytes(self) -> bytes:
        """The legal move codes as little-endian uint16 values in one bytes object."""
    def legal_move_count(self) -> int:
        """How many legal moves there are."""
    def is_legal(self, move: MoveLike) -> bool:
        """Whether the move is legal here (False for malformed text)."""
    def check_move(self, move: MoveLike) -> None:
        """Raises IllegalMoveError (with ``code``) unless the move is legal here."""
    def parse_usi(self, usi: str) -> Move:
        """Parses move text and checks that it is legal here."""
    @overload
    def push(self, move: MoveLike) -> None:
        """Checks and plays a move; IllegalMoveError leaves the game unchanged."""
    @overload
    @deprecated("Game.push(move, comment=...) is deprecated: use yono.Record.push(move, comment)")
    def push(self, move: MoveLike, *, comment: Optional[str]) -> None: ...
    @deprecated("Game.push_usi(text) is deprecated: use Game.push(text) (and peek() for the Move)")
    def push_usi(self, usi: str) -> Move:
        """Parses, checks and plays move text; returns the Move."""
    def pop(self) -> Move:
        """Takes back the last move; IndexError if there is none."""
    def redo(self) -> Move:
        """Plays again the last move taken back by ``pop``; IndexError if none (or if
        another move was pushed since)."""
    @property
    def redo_stack(self) -> List[Move]:
        """The moves ``redo`` would play, the next one last."""
    def moves_from(self, square: "SquareLike") -> List[Move]:
        """The legal moves of the piece on ``square`` (both promotion choices)."""
    def drops_of(self, kind: "PieceKindLike") -> List[Move]:
        """The legal drops of ``kind`` by the seat to move; their ``to`` squares are
        the drop targets."""
    def promotion_status(
        self, from_square: "SquareLike", to_square: "SquareLike"
    ) -> Optional["PromotionStatus"]:
        """IMPOSSIBLE, OPTIONAL (ask the player) or COMPULSORY; None when no legal
        move goes from ``from_square`` to ``to_square``."""
    def preview(self, move: MoveLike) -> "MoveEffect":
        """What ``move`` would do, without playing it."""
    def push_described(self, move: MoveLike) -> "MoveEffect":
        """Plays ``move`` like ``push`` and returns what it did."""
    @property
    def lost_seats(self) -> List[Seat]:
        """The seats that have lost: checkmated and removed, and once the game is won
        every seat but the winner (in Shogi the checkmated side, which stays in
        ``seats``)."""
    @deprecated("Game.snapshot() is deprecated: use Game.copy()")
    def snapshot(self) -> "Game":
        """An independent copy for another thread (the same as ``copy()``)."""
    def board_snapshot(self) -> Snapshot:
        """Everything a GUI draws for the current position, as plain data."""
    @property
    def end_reason(self) -> Optional[EndReason]:
        """Why the game ended, or None while it goes on."""
    @property
    def perpetual_checker(self) -> Optional[Seat]:
        """The side that lost by perpetual check (standard Shogi), once it did."""
    def playout(
        self, max_plies: Optional[SupportsIndex] = None, seed: Optional[SupportsIndex] = None
    ) -> int:
        """Plays uniformly random legal moves in Rust, without the GIL, until the game
        ends or ``max_plies`` (default 1000) moves were played (onto the move stack);
        returns the count."""
    def peek(self) -> Move:
        """The last move; IndexError if there is none."""
    def root(self) -> "Game":
        """The position the move stack starts from."""
    def copy(self, *, stack: bool = True) -> "Game":
        """A copy (with ``stack=False``: without the history)."""
    def piece_at(self, square: SquareLike) -> Optional[Piece]:
        """The piece on a square, or None."""
    def pieces(self) -> Dict[Square, Piece]:
        """Every piece on the board, by square."""
    def king(self, seat: SeatLike) -> Optional[Square]:
        """The square of a seat's King, or None."""
    def reserve(self, seat: SeatLike) -> Dict[PieceKind, int]:
        """A seat's reserve: {kind: count} for the kinds it holds."""
    def threatened_by(self, seat: SeatLike) -> List[Seat]:
        """The seats threatening a seat's King."""
    def threats(self) -> Dict[Seat, List[Seat]]:
        """For each seat with a King, the seats threatening it."""
    def is_check(self) -> bool:
        """Whether the King of the seat to move is threatened."""
    def status(self) -> Status:
        """ONGOING, WON or DRAWN_BY_REPETITION."""
    def is_game_over(self) -> bool:
        """Whether the game has ended."""
    def winner(self) -> Optional[Seat]:
        """The winner once the game is won, else None."""
    def scores(self) -> List[Optional[int]]:
        """Scores by seat index [S, W, N, E]; None while undecided or absent."""
    def score(self, seat: SeatLike) -> Optional[int]:
        """A seat's score once decided, else None."""
    def repetitions(self) -> int:
        """How often the current position occurred in this history."""
    def hash(self) -> int:
        """The 64-bit Zobrist key of the current position."""
    def perft(self, depth: SupportsIndex) -> int:
        """Leaf count of the legal-move tree ``depth`` plies deep."""
    def divide(self, depth: SupportsIndex) -> Dict[Move, int]:
        """Perft split by first move."""
    def svg(
        self,
        lastmove: Optional[MoveLike] = None,
        highlight: Optional[Union[SquareLike, Iterable[SquareLike]]] = None,
        size: Optional[SupportsIndex] = None,
        threats: Optional[bool] = None,
        zones: Optional[SeatLike] = None,
        **gui: Unpack[_SvgGuiOptions],
    ) -> str:
        """An SVG diagram of the current position (see :func:`svg`); None keeps the
        core's default."""
    def _repr_svg_(self) -> str:
        """The diagram Jupyter shows (last pushed move and threatened Kings marked)."""
    # Machine learning (docs/ML.md).
    def observation(
        self, out: Optional[npt.NDArray[np.uint8]] = None, seat: Optional[SeatLike] = None
    ) -> npt.NDArray[np.uint8]:
        """The (96, 9, 9) uint8 planes from ``seat`` (default: the seat to move), turned
        so that seat sits South; written into ``out`` (returned) when given."""
    @overload
    def legal_action_mask(self, out: Optional[npt.NDArray[np.bool_]] = None) -> npt.NDArray[np.bool_]:
        """The ``ACTION_SIZE`` mask of legal actions (1 where legal): a new bool array,
        or written into ``out`` (bool, int8 or uint8, C-contiguous), which is returned."""
    @overload
    def legal_action_mask(self, out: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]: ...
    @overload
    def legal_action_mask(self, out: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]: ...
    def legal_actions(self) -> npt.NDArray[np.int64]:
        """The legal action indices."""
    def action(self, move: MoveLike) -> int:
        """The action index of a move of the seat to move (in its frame)."""
    def move(self, action: SupportsIndex) -> Move:
        """The move of an action index (legal or not); ValueError for no move."""
    def push_action(self, action: SupportsIndex) -> Move:
        """Checks and plays the move of an action index; returns it."""
    def rotated(self, quarter_turns: int = 1) -> "Game":
        """The position turned by clockwise quarter turns, seats relabelled (no history)."""
    # What the old record class ``yono.Game`` offered (now ``yono.Record``).
    @classmethod
    @deprecated("Game.load(text) is deprecated: use yono.Record.load(text)")
    def load(cls, text: str) -> "Game": ...
    @deprecated("Game.save() is deprecated: use yono.Record(game).save()")
    def save(self, format: str = "text") -> str: ...
    @property
    @deprecated("Game.metadata is deprecated: use yono.Record(game).metadata")
    def metadata(self) -> Dict[str, str]: ...
    @deprecated("Game.meta() is deprecated: use yono.Record(game).meta()")
    def meta(self, key: str) -> Optional[str]: ...
    @deprecated("Game.set_meta() is deprecated: use yono.Record.set_meta()")
    def set_meta(self, key: str, value: str) -> None: ...
    @deprecated("Game.remove_meta() is deprecated: use yono.Record.remove_meta()")
    def remove_meta(self, key: str) -> Optional[str]: ...
    @property
    @deprecated("Game.comments is deprecated: use yono.Record(game).comments")
    def comments(self) -> List[Optional[str]]: ...
    @deprecated("Game.comment() is deprecated: use yono.Record(game).comment()")
    def comment(self, ply: SupportsIndex) -> Optional[str]: ...
    @deprecated("Game.set_comment() is deprecated: use yono.Record.set_comment()")
    def set_comment(self, ply: SupportsIndex, comment: str) -> None: ...
    @property
    @deprecated("Game.moves is deprecated: use Game.move_stack")
    def moves(self) -> List[Move]: ...
    @property
    @deprecated("Game.position is deprecated: a Game is its own position; use copy()")
    def position(self) -> "Game": ...
    @property
    @deprecated("Game.start is deprecated: use Game.root()")
    def start(self) -> "Game": ...
    @deprecated("len(game) is deprecated: use game.ply()")
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: object) -> "Game": ...

#: Deprecated (one release): the old name of :class:`Game`; using it warns.
Position = Game

@final
class Series:
    """Scores added up over several games."""

    def __new__(cls) -> "Series": ...
    def add(self, scores: List[Optional[int]]) -> None:
        """Adds a finished game's scores as ``scores()`` gives them (Shogi: None for West
        and East); ValueError if one is missing or out of range."""
    def add_game(self, position: Game) -> None:
        """Adds a finished game; ValueError if it is not over."""
    def total(self, seat: SeatLike) -> int:
        """A seat's total."""
    def totals(self) -> List[int]:
        """Totals by seat index."""
    @property
    def games(self) -> int:
        """How many games were added."""
    @staticmethod
    def from_totals(totals: List[int], games: int) -> "Series":
        """A series with the given totals [South, West, North, East] after ``games`` games."""
    def __eq__(self, value: object, /) -> bool: ...

@final
class Record:
    """A saved game: a game with metadata and per-move comments, saved and loaded as a
    game record (readable text or JSON; see docs/RECORDS.md).
    ``Record.load(r.save()) == r``. (Formerly ``yono.Game``.)"""

    def __new__(cls, game: Optional[Game] = None, *, ruleset: Optional[RulesetLike] = None) -> "Record": ...
    @classmethod
    def load(cls, text: str) -> "Record":
        """Reads a record (JSON when it starts with "{"), replaying every move;
        RecordError (with ``ply`` for a bad move) otherwise."""
    def save(self, format: str = "text") -> str:
        """The record as ``"text"`` (default) or ``"json"``."""
    @property
    def metadata(self) -> Dict[str, str]:
        """The metadata (a copy)."""
    def meta(self, key: str) -> Optional[str]:
        """One metadata value, or None."""
    def set_meta(self, key: str, value: str) -> None:
        """Sets a metadata value; RecordError for a bad key or value."""
    def remove_meta(self, key: str) -> Optional[str]:
        """Removes a metadata value and returns it."""
    @property
    def moves(self) -> List[Move]:
        """The moves, oldest first."""
    @property
    def comments(self) -> List[Optional[str]]:
        """Each move's comment (None where there is none)."""
    def comment(self, ply: SupportsIndex) -> Optional[str]:
        """The comment on move ``ply`` (from 1)."""
    def set_comment(self, ply: SupportsIndex, comment: str) -> None:
        """Sets the comment on move ``ply`` (from 1); "" removes it."""
    def push(self, move: MoveLike, comment: Optional[str] = None) -> None:
        """Plays a move with an optional comment; IllegalMoveError if illegal."""
    def pop(self) -> Move:
        """Takes back the last move and its comment; IndexError if none."""
    @property
    def game(self) -> Game:
        """The game: current position, the record's moves as its move stack (a copy)."""
    @property
    @deprecated("Record.position is deprecated: use Record.game")
    def position(self) -> Game: ...
    @property
    def start(self) -> Game:
        """The start position (a copy)."""
    def status(self) -> Status:
        """ONGOING, WON or DRAWN_BY_REPETITION."""
    def winner(self) -> Optional[Seat]:
        """The winner once the game is won, else None."""
    def scores(self) -> List[Optional[int]]:
        """Scores by seat index [S, W, N, E]; None while undecided."""
    def _repr_svg_(self) -> str:
        """The diagram of the current position, for Jupyter."""
    def __len__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __copy__(self) -> "Record": ...
    def __deepcopy__(self, memo: object) -> "Record": ...

# ---- Machine learning (docs/ML.md) ---------------------------------------------------

#: The number of actions: board moves (from, to, promote) 81*81*2, drops 7*81, pass.
ACTION_SIZE: int
#: The shape of an observation: (96, 9, 9).
OBSERVATION_SHAPE: Tuple[int, int, int]
#: The number of bytes of an observation.
OBSERVATION_SIZE: int
#: The ply cap of every environment unless told otherwise (6,000: 99% of random games
#: end before it).
DEFAULT_MAX_PLIES: int
#: ``ACTION_PARTS[a]`` = (source, target, promote) of action ``a``, int16, read-only:
#: source 0-80 a square, 81-87 a drop of R B G S N L P, 88 the pass; target 0-80.
ACTION_PARTS: npt.NDArray[np.int16]
#: The number of values of an action's source (89) and target (81).
ACTION_SOURCES: int
ACTION_TARGETS: int
#: The row length of VectorEnv's legal-action buffer (more than any position's moves).
LEGAL_WIDTH: int

@final
class VectorEnv:
    """``num_envs`` games stepped together in Rust on a persistent pool of ``threads``
    threads, without the GIL (docs/ML.md). ``agents`` are the seats the caller plays
    (default: all); the others are played by ``opponent`` ("random" or "engine", at
    ``engine_nodes`` nodes a move). Outputs are read-only views rewritten every step."""

    def __new__(
        cls,
        num_envs: int,
        ruleset: Optional[RulesetLike] = None,
        *,
        seed: Optional[int] = None,
        threads: Optional[int] = None,
        max_plies: Optional[int] = None,
        agents: Optional[Iterable[SeatLike]] = None,
        opponent: Optional[str] = None,
        engine_nodes: Optional[int] = None,
        masks: bool = True,
        play_out: bool = False,
    ) -> "VectorEnv": ...
    def reset(
        self, *, seed: Optional[int] = None
    ) -> Tuple[npt.NDArray[np.uint8], Optional[npt.NDArray[np.bool_]]]:
        """Starts every game afresh; returns (observations, masks)."""
    def step(
        self,
        actions: Optional[npt.ArrayLike] = None,
        *,
        choices: Optional[npt.ArrayLike] = None,
        engine: Optional[int] = None,
    ) -> Tuple[
        npt.NDArray[np.uint8],
        Optional[npt.NDArray[np.bool_]],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
    ]:
        """One move in every game (random if ``actions`` is None); returns
        (observations, masks, rewards, terminated, truncated)."""
    def position(self, i: int) -> Game:
        """A copy of game ``i``."""
    def final_position(self, i: int) -> Optional[Position]:
        """A copy of the game that ended in slot ``i`` in the last step, or None."""
    @property
    def num_envs(self) -> int: ...
    @property
    def max_plies(self) -> int: ...
    @property
    def threads(self) -> int: ...
    @property
    def agents(self) -> List[Seat]: ...
    @property
    def observations(self) -> npt.NDArray[np.uint8]:
        """(N, 96, 9, 9): each game's planes in the frame of its seat to move."""
    @property
    def masks(self) -> Optional[npt.NDArray[np.bool_]]:
        """(N, ACTION_SIZE) legal-action masks, or None (``masks=False``)."""
    @property
    def legal_actions(self) -> npt.NDArray[np.int16]:
        """(N, width) legal actions, row i's first ``legal_counts[i]`` then -1."""
    @property
    def legal_counts(self) -> npt.NDArray[np.int32]: ...
    @property
    def rewards(self) -> npt.NDArray[np.float32]:
        """(N, 4) by seat index: the rewards of the seats the last step decided."""
    @property
    def seat_terminated(self) -> npt.NDArray[np.bool_]:
        """(N, 4): the last step decided that seat's outcome."""
    @property
    def seat_truncated(self) -> npt.NDArray[np.bool_]:
        """(N, 4): the last step cut the seat's game off undecided."""
    @property
    def terminated(self) -> npt.NDArray[np.bool_]:
        """(N,): game i ended with every agent seat decided (and was reset)."""
    @property
    def truncated(self) -> npt.NDArray[np.bool_]:
        """(N,): game i was cut off at the ply cap (and was reset)."""
    @property
    def drawn(self) -> npt.NDArray[np.bool_]: ...
    @property
    def to_play(self) -> npt.NDArray[np.int8]: ...
    @property
    def played_actions(self) -> npt.NDArray[np.int64]: ...
    @property
    def final_plies(self) -> npt.NDArray[np.int32]: ...
    @property
    def game_ids(self) -> npt.NDArray[np.int64]: ...
    def __len__(self) -> int: ...

def decided_rewards(position: Position, before: Iterable[SeatLike]) -> List[Optional[float]]:
    """The rewards (by seat index) of the seats the last move of ``position`` decided:
    those of ``before`` (the seats in the game before it) that fell on it, and those
    still in when it ended the game; None for the others. Shared places are averaged."""

def place_reward(place: float, max_score: int) -> float:
    """The reward of a place (a score, or the mean of shared scores):
    ``2 * place / max_score - 1``."""

def draw_place(remaining: int, ruleset: RulesetLike) -> float:
    """The place each of ``remaining`` seats takes when the game ends drawn with them
    in it (the mean of the top places they share)."""

def svg(
    position: Game,
    lastmove: Optional[MoveLike] = None,
    highlight: Optional[Union[SquareLike, Iterable[SquareLike]]] = None,
    size: Optional[SupportsIndex] = None,
    threats: Optional[bool] = None,
    zones: Optional[SeatLike] = None,
    **gui: Unpack[_SvgGuiOptions],
) -> str:
    """An SVG diagram of ``position`` (the same as ``position.svg(...)``): ``lastmove``
    and ``highlight`` squares shaded, threatened Kings marked (``threats``), ``zones`` a
    seat whose drop and promotion zones to overlay, ``size`` the width and height in
    pixels (0: scalable). For GUIs: ``orientation`` (the seat at the bottom),
    ``selected``, ``destinations``, ``check``, ``selected_reserve`` and
    ``text_as_paths`` (docs/GUI.md). None (or left out) keeps the core's default
    (640 pixels, threats marked, South at the bottom)."""

def svg_square_rect(
    square: SquareLike, orientation: Optional[SeatLike] = None
) -> Tuple[float, float, float, float]:
    """(x, y, width, height) of a square in the SVG's 920 x 920 viewBox."""

def svg_reserve_rect(
    seat: SeatLike, kind: "PieceKindLike", orientation: Optional[SeatLike] = None
) -> Tuple[float, float, float, float]:
    """(x, y, width, height) of a seat's reserve slot for a kind in the viewBox."""

def svg_hit_test(
    x: float, y: float, orientation: Optional[SeatLike] = None
) -> Union[Square, Tuple[Seat, PieceKind], None]:
    """The square or (seat, kind) reserve slot under viewBox point (x, y), or None."""

def perft(position: Game, depth: SupportsIndex) -> int:
    """Leaf count of the legal-move tree (same as ``position.perft(depth)``)."""

SEATS: List[Seat]
HAND_KINDS: List[PieceKind]
SQUARES: List[Square]
SQUARE_NAMES: Dict[str, Square]

SQ_9A: Square
SQ_8A: Square
SQ_7A: Square
SQ_6A: Square
SQ_5A: Square
SQ_4A: Square
SQ_3A: Square
SQ_2A: Square
SQ_1A: Square
SQ_9B: Square
SQ_8B: Square
SQ_7B: Square
SQ_6B: Square
SQ_5B: Square
SQ_4B: Square
SQ_3B: Square
SQ_2B: Square
SQ_1B: Square
SQ_9C: Square
SQ_8C: Square
SQ_7C: Square
SQ_6C: Square
SQ_5C: Square
SQ_4C: Square
SQ_3C: Square
SQ_2C: Square
SQ_1C: Square
SQ_9D: Square
SQ_8D: Square
SQ_7D: Square
SQ_6D: Square
SQ_5D: Square
SQ_4D: Square
SQ_3D: Square
SQ_2D: Square
SQ_1D: Square
SQ_9E: Square
SQ_8E: Square
SQ_7E: Square
SQ_6E: Square
SQ_5E: Square
SQ_4E: Square
SQ_3E: Square
SQ_2E: Square
SQ_1E: Square
SQ_9F: Square
SQ_8F: Square
SQ_7F: Square
SQ_6F: Square
SQ_5F: Square
SQ_4F: Square
SQ_3F: Square
SQ_2F: Square
SQ_1F: Square
SQ_9G: Square
SQ_8G: Square
SQ_7G: Square
SQ_6G: Square
SQ_5G: Square
SQ_4G: Square
SQ_3G: Square
SQ_2G: Square
SQ_1G: Square
SQ_9H: Square
SQ_8H: Square
SQ_7H: Square
SQ_6H: Square
SQ_5H: Square
SQ_4H: Square
SQ_3H: Square
SQ_2H: Square
SQ_1H: Square
SQ_9I: Square
SQ_8I: Square
SQ_7I: Square
SQ_6I: Square
SQ_5I: Square
SQ_4I: Square
SQ_3I: Square
SQ_2I: Square
SQ_1I: Square

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
    "EndReason",
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
    "PieceView",
    "PromotionStatus",
    "Record",
    "RecordError",
    "Removal",
    "Ruleset",
    "RulesetLike",
    "Seat",
    "SeatLike",
    "Series",
    "Snapshot",
    "Square",
    "SquareLike",
    "Status",
    "perft",
    "svg",
    "svg_hit_test",
    "svg_reserve_rect",
    "svg_square_rect",
    "__version__",
    "SQ_9A",
    "SQ_8A",
    "SQ_7A",
    "SQ_6A",
    "SQ_5A",
    "SQ_4A",
    "SQ_3A",
    "SQ_2A",
    "SQ_1A",
    "SQ_9B",
    "SQ_8B",
    "SQ_7B",
    "SQ_6B",
    "SQ_5B",
    "SQ_4B",
    "SQ_3B",
    "SQ_2B",
    "SQ_1B",
    "SQ_9C",
    "SQ_8C",
    "SQ_7C",
    "SQ_6C",
    "SQ_5C",
    "SQ_4C",
    "SQ_3C",
    "SQ_2C",
    "SQ_1C",
    "SQ_9D",
    "SQ_8D",
    "SQ_7D",
    "SQ_6D",
    "SQ_5D",
    "SQ_4D",
    "SQ_3D",
    "SQ_2D",
    "SQ_1D",
    "SQ_9E",
    "SQ_8E",
    "SQ_7E",
    "SQ_6E",
    "SQ_5E",
    "SQ_4E",
    "SQ_3E",
    "SQ_2E",
    "SQ_1E",
    "SQ_9F",
    "SQ_8F",
    "SQ_7F",
    "SQ_6F",
    "SQ_5F",
    "SQ_4F",
    "SQ_3F",
    "SQ_2F",
    "SQ_1F",
    "SQ_9G",
    "SQ_8G",
    "SQ_7G",
    "SQ_6G",
    "SQ_5G",
    "SQ_4G",
    "SQ_3G",
    "SQ_2G",
    "SQ_1G",
    "SQ_9H",
    "SQ_8H",
    "SQ_7H",
    "SQ_6H",
    "SQ_5H",
    "SQ_4H",
    "SQ_3H",
    "SQ_2H",
    "SQ_1H",
    "SQ_9I",
    "SQ_8I",
    "SQ_7I",
    "SQ_6I",
    "SQ_5I",
    "SQ_4I",
    "SQ_3I",
    "SQ_2I",
    "SQ_1I",
]

@final
class Analysis:
    """What a search found (``Engine.analyse``)."""

    @property
    def best_move(self) -> Move:
        """The move to play."""
    @property
    def pv(self) -> List[Move]:
        """The principal variation, starting with ``best_move``."""
    @property
    def score(self) -> float:
        """The expected final score of the seat to move (0-3 in Yo[n]o, 0-1 in Shogi)."""
    @property
    def eval(self) -> List[Optional[float]]:
        """Every seat's expected final score at the end of ``pv``, by seat index
        [S, W, N, E]; None for seats not in the ruleset."""
    @property
    def depth(self) -> int:
        """The deepest completed full-width iteration."""
    @property
    def nodes(self) -> int:
        """Positions visited."""
    @property
    def time(self) -> float:
        """Seconds spent."""
    @property
    def stopped(self) -> bool:
        """Whether ``stop()`` or the time limit ended the search early."""

@final
class Engine:
    """A search engine for Yo[n]o Shogi and standard Shogi (alpha-beta over the seats, see
    docs/ENGINE.md). An engine keeps what a search learnt for the next search of the
    same seat (as between the moves of a game); ``clear()`` forgets it. With a node
    or depth limit the result of a new or cleared engine is deterministic. Searches
    release the GIL; one engine runs one search at a time; ``stop()`` works from any
    thread. Pickling keeps the config (``seed``, ``hash_mb``, ``noise``)."""

    def __new__(cls, seed: int = 0, hash_mb: int = 16, noise: int = 0) -> "Engine": ...
    @property
    def seed(self) -> int:
        """The seed of the evaluation noise."""
    @property
    def hash_mb(self) -> int:
        """The transposition table size in MiB."""
    @property
    def noise(self) -> int:
        """The evaluation noise in centi-pawns (0: none)."""
    def best_move(
        self,
        position: Game,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        time: Optional[float] = None,
    ) -> Move:
        """The best move within the limits (at least one; ``time`` in seconds).
        ValueError when the game is over or no limit is given."""
    def analyse(
        self,
        position: Game,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        time: Optional[float] = None,
    ) -> Analysis:
        """The full result of a search, with the limits of ``best_move``."""
    def stop(self) -> None:
        """Ends every search asked of this engine so far (running or waiting) soon;
        each returns the best move found so far. Later searches are not affected."""
    def clear(self) -> None:
        """Makes the next search forget what the earlier ones learnt: it gives what a
        new engine would. Call it between games."""
    @staticmethod
    def evaluate(position: Game) -> List[Optional[float]]:
        """Every seat's expected final score by the static evaluation, by seat index."""
    def __reduce__(self) -> tuple[type["Engine"], tuple[int, int, int]]: ...
