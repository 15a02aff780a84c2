"""The one module of ``yono.web`` that names the classes and functions of the bindings.

The rest of the web layer uses ``Board`` (a game: a position with its move history,
``yono.Game``) and ``Record`` (a saved game, ``yono.Record``) from this module, so a
change in the bindings' API touches this file only.
"""

from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Sequence, Tuple

import yono
import yono.engine

Board = yono.Game
Record = yono.Record

Move = yono.Move
Seat = yono.Seat
PieceKind = yono.PieceKind
PromotionStatus = yono.PromotionStatus
Status = yono.Status
IllegalMoveError = yono.IllegalMoveError
ParseError = yono.ParseError
RecordError = yono.RecordError
HAND_KINDS: List[yono.PieceKind] = list(yono.HAND_KINDS)

#: An engine program speaking the protocol (docs/PROTOCOL.md), through ``yono.engine``.
Program = yono.engine.EngineProtocol
ProgramSearch = yono.engine.AnalysisResult
ProgramError = yono.engine.EngineError


def new_board(ruleset: str, text: Optional[str] = None) -> yono.Game:
    """A game at the start of ``ruleset`` ("yono" or "shogi"), or at position ``text``
    (position text, or SFEN for Shogi). ParseError for bad text, ValueError for a
    ruleset the library does not know; a text must belong to ``ruleset``."""
    if text is None:
        board: yono.Game = Board(ruleset=ruleset)
        return board
    board = Board(text)
    if board.ruleset.label != ruleset:
        raise ValueError(f"the position is a {board.ruleset.label} position, not {ruleset}")
    return board


def ruleset_seats(ruleset: str) -> List[yono.Seat]:
    """The seats of a ruleset in turn order."""
    return list(Board(ruleset=ruleset).ruleset.seats)


def save_record(board: yono.Game, meta: Dict[str, str], fmt: str = "text") -> str:
    """The game (its start and every move) as a yono record, ``fmt`` "text" or "json"."""
    record = Record(board)
    for key, value in meta.items():
        record.set_meta(key, value)
    text: str = record.save(fmt)
    return text


def load_record(text: str) -> Tuple[yono.Game, Dict[str, str]]:
    """The game of a record (every move replayed by the library) and its metadata;
    RecordError for a record that cannot be loaded."""
    record = Record.load(text)
    board: yono.Game = record.game
    return board, dict(record.metadata)


def snapshot(board: yono.Game) -> yono.Game:
    """An independent copy with the history, for another thread."""
    copy: yono.Game = board.copy()
    return copy


def render(
    board: yono.Game,
    *,
    orientation: yono.Seat,
    lastmove: Optional[yono.Move] = None,
    selected: Optional[str] = None,
    destinations: Iterable[str] = (),
    selected_reserve: Optional[Tuple[yono.Seat, yono.PieceKind]] = None,
    zones: Optional[yono.Seat] = None,
) -> str:
    """The library's SVG picture, scalable (the page sizes it), with its hit-testing ids."""
    picture: str = yono.svg(
        board,
        lastmove=lastmove,
        size=0,
        threats=True,
        zones=zones,
        orientation=orientation,
        selected=selected,
        destinations=list(destinations),
        selected_reserve=selected_reserve,
    )
    return picture


#: The coordinates drawn beside the board: docs/GUI.md's 24 units, less the 2 where the
#: side panels' frames begin.
COORDINATE_MARGIN = 22.0


def board_columns(orientation: yono.Seat) -> Tuple[float, float]:
    """The horizontal extent (x, width) of the board and its coordinates in the
    picture's viewBox, from the library's geometry: what a narrow screen shows."""
    rects = [yono.svg_square_rect(corner, orientation) for corner in ("9a", "1a", "9i", "1i")]
    left = min(x for x, _, _, _ in rects) - COORDINATE_MARGIN
    right = max(x + w for x, _, w, _ in rects) + COORDINATE_MARGIN
    return left, right - left


def new_engine(seed: int) -> yono.Engine:
    """An in-process engine (its searches release the GIL)."""
    return yono.Engine(seed=seed)


def engine_move(engine: yono.Engine, board: yono.Game, nodes: int) -> yono.Move:
    """The engine's move within ``nodes`` positions (blocking: run it off the event loop)."""
    move: yono.Move = engine.best_move(board, nodes=nodes)
    return move


async def start_program(command: Sequence[str], timeout: float) -> yono.engine.EngineProtocol:
    """Starts an engine program and does the handshake, on the running event loop;
    ``timeout``: seconds each answer may take. ProgramError when it cannot."""
    _, program = await yono.engine.popen_engine(list(command), timeout=timeout)
    return program


async def program_search(
    program: yono.engine.EngineProtocol,
    board: yono.Game,
    *,
    nodes: Optional[int],
    movetime: Optional[float],
    timeout: float,
) -> yono.engine.AnalysisResult:
    """Starts the program's search of ``board`` (give it a copy: the search reads it
    until it ends) within ``movetime`` seconds, else ``nodes`` positions; after
    ``timeout`` seconds more it is stopped, and killed if it does not answer."""
    limit = yono.engine.Limit(time=movetime) if movetime else yono.engine.Limit(nodes=nodes)
    search: yono.engine.AnalysisResult = await program.analysis(
        board, limit, timeout=(movetime or 0.0) + timeout
    )
    return search


async def program_answer(search: yono.engine.AnalysisResult) -> Optional[str]:
    """The move a search ended with, as text (None: the program resigned or had no
    move); ProgramError when the program crashed, hung or answered an illegal move."""
    async for _ in search:
        pass
    best = await search.wait()
    return None if best.move is None else best.move.usi()


async def stop_program(program: yono.engine.EngineProtocol) -> None:
    """Ends the program (``quit``, then kill if it does not exit)."""
    await program.quit()
