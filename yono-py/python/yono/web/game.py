"""A live game: the library's board, its seats and their secret tokens, the pages
watching it, and the engines playing in it.

Nothing here decides a rule: every move is parsed, checked and played by the library
(``push_described``); this module only decides who may ask for a move, and tells every
page what happened.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Dict, List, Optional, Sequence, Set, Tuple

import yono

from . import adapter
from .store import Store, StoredGame

log = logging.getLogger("yono.web")

SEAT_NAMES = {"s": "South", "w": "West", "n": "North", "e": "East"}
#: Letters of ``/new?seats=``: a human on the creating browser, a human joining by a
#: link, the built-in engine, an engine program configured on the server.
SEAT_KINDS = {"h": "human here", "r": "human by link", "e": "engine", "p": "engine program"}
DEFAULT_NODES = 20_000
MAX_NODES = 5_000_000
#: A move's text is short ("8h2b+", "P*5e", "pass"); anything longer is not a move.
MAX_MOVE_TEXT = 16

Message = Dict[str, Any]


@dataclass(frozen=True)
class Programs:
    """The engine programs a server may seat (``--engine-command``): a name for each
    command line. Only the server's operator names commands; a page names a program.
    ``movetime``: seconds a move (else a seat's nodes); ``timeout``: seconds an answer
    may take beyond that before the program is stopped, then killed."""

    commands: Dict[str, Tuple[str, ...]] = field(default_factory=dict)
    movetime: Optional[float] = None
    timeout: float = 10.0

    def names(self) -> List[str]:
        return list(self.commands)


class ProgramFailed(Exception):
    """An engine program could not give a move (the reason is the message)."""


class Refused(Exception):
    """A request the server turns down; nothing changed. ``status`` is the HTTP code."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass
class SeatPlan:
    """Who plays a seat: a human (with the token of their link) or an engine: the
    built-in one, or the engine program ``program`` (until it fails: ``failed`` says
    how, and the built-in engine plays the seat from then on)."""

    seat: str
    kind: str  # "human" or "engine"
    token: Optional[str] = None
    here: bool = False  # a human on the creating browser (their token is the owner's)
    nodes: Optional[int] = None
    program: Optional[str] = None
    movetime: Optional[float] = None  # the program's seconds a move (else nodes)
    failed: Optional[str] = None

    def plays_program(self) -> bool:
        return self.program is not None and self.failed is None

    def label(self) -> str:
        if self.kind != "engine":
            return "human" if self.here else "human (by link)"
        if self.program is None:
            return f"engine ({self.nodes:,} nodes)"
        if self.failed is not None:
            return f"engine ({self.nodes:,} nodes), after engine program {self.program} failed"
        limit = f"{self.movetime:g} s a move" if self.movetime else f"{self.nodes:,} nodes"
        return f"engine program {self.program} ({limit})"

    def to_json(self) -> Dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "token": self.token,
            "here": self.here,
            "nodes": self.nodes,
            "program": self.program,
            "movetime": self.movetime,
            "failed": self.failed,
        }

    @staticmethod
    def from_json(data: Dict[str, Any]) -> "SeatPlan":
        return SeatPlan(
            seat=str(data["seat"]),
            kind=str(data["kind"]),
            token=data.get("token"),
            here=bool(data.get("here", False)),
            nodes=data.get("nodes"),
            program=data.get("program"),
            movetime=data.get("movetime"),
            failed=data.get("failed"),
        )


def plan_seats(
    ruleset: str,
    letters: str,
    nodes: Sequence[int],
    owner: str,
    names: Sequence[str] = (),
    programs: Optional[Programs] = None,
) -> List[SeatPlan]:
    """The seats of ``/new?seats=...``: one letter (h, r, e or p) per seat of the ruleset
    in turn order; ``nodes`` one strength for every engine, or one per seat; ``names``
    the engine program of every p seat (one name, or one per seat; none: the server's
    first), among the server's ``programs``."""
    seats = [seat.letter for seat in adapter.ruleset_seats(ruleset)]
    if len(letters) != len(seats):
        order = "".join(s.upper() for s in seats)
        raise Refused(
            f"seats must have {len(seats)} letters for {ruleset} (one per seat {order}),"
            f" got {letters!r}"
        )
    if len(nodes) not in (1, len(seats)):
        raise Refused(f"nodes takes one number or {len(seats)} (one per seat)")
    programs = programs or Programs()
    if "p" in letters:
        if not programs.commands:
            raise Refused(
                "this server has no engine programs (its operator can add them with"
                " --engine-command): use e for the built-in engine"
            )
        names = list(names) or [programs.names()[0]]
        if len(names) not in (1, len(seats)):
            raise Refused(f"engine takes one name or {len(seats)} (one per seat)")
        for i, letter in enumerate(letters):
            name = names[i] if len(names) > 1 else names[0]
            if letter == "p" and name not in programs.commands:
                raise Refused(
                    f"unknown engine program {name!r}: this server has"
                    f" {', '.join(programs.names())}"
                )
    plans = []
    for i, (seat, letter) in enumerate(zip(seats, letters, strict=True)):
        if letter == "h":
            plans.append(SeatPlan(seat, "human", token=owner, here=True))
        elif letter == "r":
            plans.append(SeatPlan(seat, "human", token=secrets.token_urlsafe(16)))
        elif letter == "e":
            strength = nodes[i] if len(nodes) > 1 else nodes[0]
            plans.append(SeatPlan(seat, "engine", nodes=strength))
        elif letter == "p":
            strength = nodes[i] if len(nodes) > 1 else nodes[0]
            name = names[i] if len(names) > 1 else names[0]
            plans.append(
                SeatPlan(
                    seat, "engine", nodes=strength, program=name, movetime=programs.movetime
                )
            )
        else:
            kinds = ", ".join(f"{k} ({v})" for k, v in SEAT_KINDS.items())
            raise Refused(f"unknown seat letter {letter!r}: use {kinds}")
    return plans


def parse_nodes(text: Optional[str]) -> List[int]:
    """``nodes=20000`` or ``nodes=1000,20000,200000,5000``."""
    if text is None or text == "":
        return [DEFAULT_NODES]
    values = []
    for part in text.split(","):
        if not part.strip().isdigit():
            raise Refused(f"nodes must be whole numbers, got {text!r}")
        value = int(part)
        if not 1 <= value <= MAX_NODES:
            raise Refused(f"nodes must be between 1 and {MAX_NODES:,}, got {value}")
        values.append(value)
    return values


@dataclass
class MoveNote:
    """One line of the move list: what a move did, as the library described it."""

    ply: int
    seat: str
    usi: str
    captured: Optional[str]
    promotes: bool
    fallen: List[Tuple[str, int]]

    @staticmethod
    def of(ply: int, effect: yono.MoveEffect) -> "MoveNote":
        return MoveNote(
            ply=ply,
            seat=effect.mover.letter,
            usi=effect.move.usi(),
            captured=None if effect.captured is None else effect.captured.kind.title,
            promotes=effect.promotes,
            fallen=[(seat.letter, score) for seat, score in effect.fallen],
        )

    def to_json(self) -> Dict[str, Any]:
        notes = []
        if self.captured:
            notes.append(f"takes {self.captured}")
        for seat, score in self.fallen:
            notes.append(f"{SEAT_NAMES[seat]} falls ({score})")
        return {
            "ply": self.ply,
            "seat": self.seat,
            "usi": self.usi,
            "promotes": self.promotes,
            "fallen": [{"seat": seat, "score": score} for seat, score in self.fallen],
            "note": "; ".join(notes),
        }


@dataclass(eq=False)  # pages are told apart by identity (they live in a set)
class Viewer:
    """One open page. ``seats`` are the seats its token lets it move."""

    send: Callable[[Message], Awaitable[None]]
    seats: frozenset[str] = frozenset()
    owner: bool = False
    orientation: Optional[str] = None  # chosen by the page; None: from its seats
    selection: Optional[str] = None  # a square, or "P*" for a reserve kind

    def board_seat(self, turn: str, seats: Sequence[str]) -> str:
        """The seat drawn at the bottom: the page's choice, else its own seat (the one
        to move when it holds several), else South."""
        if self.orientation is not None:
            return self.orientation
        if turn in self.seats:
            return turn
        for seat in seats:
            if seat in self.seats:
                return seat
        return seats[0]


class Engines:
    """The threads engines search on, so the event loop never waits for a search."""

    def __init__(self, workers: int = 2) -> None:
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="yono-engine")

    async def best_move(self, engine: yono.Engine, board: yono.Game, nodes: int) -> yono.Move:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, adapter.engine_move, engine, board, nodes)

    def shutdown(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)


def _status_text(board: yono.Game) -> str:
    status = board.status()
    if status == yono.Status.WON:
        winner = board.winner()
        return f"won by {winner.title}" if winner is not None else "won"
    if status == yono.Status.DRAWN_BY_REPETITION:
        return "drawn by repetition"
    return "ongoing"


class Room:
    """A game being played, with every page that shows it."""

    def __init__(
        self,
        game_id: str,
        board: yono.Game,
        seats: List[SeatPlan],
        owner_token: str,
        store: Store,
        engines: Engines,
        created: Optional[float] = None,
        meta: Optional[Dict[str, str]] = None,
        programs: Optional[Programs] = None,
    ) -> None:
        self.id = game_id
        self.board = board
        self.ruleset = board.ruleset.label
        self.seats = seats
        self.owner_token = owner_token
        self.store = store
        self.engines = engines
        self.created = time.time() if created is None else created
        self.meta = dict(meta or {})
        self.viewers: Set[Viewer] = set()
        self.generation = 0  # +1 on every change: stale engine results are dropped
        self._engine: Optional[yono.Engine] = None
        self._engine_task: Optional[asyncio.Task[None]] = None
        self.programs = programs or Programs()
        self._running: Dict[str, adapter.Program] = {}  # by seat, started on first use
        self._search: Optional[adapter.ProgramSearch] = None
        self.notes = self._replay()

    # ----- creation and storage

    @staticmethod
    def create(
        store: Store,
        engines: Engines,
        ruleset: str,
        letters: str,
        nodes: Sequence[int],
        board: yono.Game,
        meta: Optional[Dict[str, str]] = None,
        names: Sequence[str] = (),
        programs: Optional[Programs] = None,
    ) -> "Room":
        owner = secrets.token_urlsafe(16)
        seats = plan_seats(ruleset, letters, nodes, owner, names, programs)
        game_id = secrets.token_urlsafe(6)
        room = Room(game_id, board, seats, owner, store, engines, meta=meta, programs=programs)
        room.meta.setdefault("event", "yono web game")
        room.meta.setdefault("date", datetime.date.today().isoformat())
        room.meta["site"] = f"yono.web {game_id}"
        for plan in seats:
            room.meta[SEAT_NAMES[plan.seat].lower()] = plan.label()
        room.save()
        return room

    @staticmethod
    def restore(
        stored: StoredGame, store: Store, engines: Engines, programs: Optional[Programs] = None
    ) -> "Room":
        board, meta = adapter.load_record(stored.record)
        seats = [SeatPlan.from_json(s) for s in stored.seats]
        return Room(
            stored.id,
            board,
            seats,
            stored.owner_token,
            store,
            engines,
            stored.created,
            meta,
            programs,
        )

    def record(self, fmt: str = "text") -> str:
        return adapter.save_record(self.board, self.meta, fmt)

    def save(self) -> None:
        self.store.save(
            StoredGame(
                id=self.id,
                created=self.created,
                updated=time.time(),
                ruleset=self.ruleset,
                seats=[plan.to_json() for plan in self.seats],
                owner_token=self.owner_token,
                record=self.record(),
                status=_status_text(self.board),
                plies=self.board.ply(),
            )
        )

    def _replay(self) -> List[MoveNote]:
        """The move list, by replaying the game from its start with the library."""
        replay = self.board.root()
        return [
            MoveNote.of(ply, replay.push_described(move))
            for ply, move in enumerate(self.board.move_stack, start=1)
        ]

    # ----- who may do what

    def seats_of(self, token: Optional[str]) -> frozenset[str]:
        """The seats a token lets its holder move (none for a wrong or missing token)."""
        if not isinstance(token, str) or not token:
            return frozenset()
        return frozenset(
            plan.seat
            for plan in self.seats
            if plan.token is not None and _same_secret(plan.token, token)
        )

    def is_owner(self, token: Optional[str]) -> bool:
        return isinstance(token, str) and _same_secret(self.owner_token, token)

    def check_token(self, token: Optional[str]) -> frozenset[str]:
        """The seats of a token presented by a page; Refused if it is not valid here."""
        if token is None or token == "":
            return frozenset()
        seats = self.seats_of(token)
        if not seats and not self.is_owner(token):
            raise Refused("this link's token does not belong to this game", 403)
        return seats

    def plan(self, seat: str) -> SeatPlan:
        return next(plan for plan in self.seats if plan.seat == seat)

    def _require_turn(self, token: Optional[str], ply: Any) -> str:
        seats = self.seats_of(token)
        if not seats:
            if token:
                raise Refused("this link's token does not hold a seat in this game", 403)
            raise Refused("spectators cannot move: open the game from a seat's link", 403)
        if self.board.is_game_over():
            raise Refused("the game is over", 409)
        turn = self.board.turn.letter
        if turn not in seats:
            who = SEAT_NAMES[turn]
            if self.plan(turn).kind == "engine":
                raise Refused(f"it is {who}'s turn (an engine is thinking)", 409)
            raise Refused(f"it is {who}'s turn, not yours", 409)
        if ply is not None:
            if not isinstance(ply, int) or isinstance(ply, bool):
                raise Refused("ply must be a number (the moves played so far)")
            if ply != self.board.ply():
                raise Refused(
                    f"the game has moved on ({self.board.ply()} moves played, the page"
                    f" saw {ply}): look again",
                    409,
                )
        return turn

    # ----- changes

    async def play(self, token: Optional[str], text: Any, ply: Any = None) -> MoveNote:
        """Plays a move for the token's seat to move, if the library finds it legal."""
        if not isinstance(text, str) or not 0 < len(text) <= MAX_MOVE_TEXT:
            raise Refused("a move is text such as 7g7f, 8h2b+, P*5e or pass")
        self._require_turn(token, ply)
        note = self._played(self._push(text))
        await self._changed()
        return note

    def _push(self, text: str) -> yono.MoveEffect:
        """Plays a move if the library finds it legal: every move, a player's or an
        engine's, comes through here."""
        try:
            effect: yono.MoveEffect = self.board.push_described(text)
        except adapter.IllegalMoveError as error:
            raise Refused(f"{text} cannot be played: {error}", 422) from None
        return effect

    def _played(self, effect: yono.MoveEffect) -> MoveNote:
        note = MoveNote.of(self.board.ply(), effect)
        self.notes.append(note)
        self.generation += 1
        self.save()
        return note

    def undo_allowed(self, token: Optional[str]) -> bool:
        """Undo is for games against engines: every human seat is the caller's, and the
        caller has a move to take back."""
        seats = self.seats_of(token)
        if not seats:
            return False
        if any(p.kind == "human" and p.seat not in seats for p in self.seats):
            return False
        return any(note.seat in seats for note in self.notes)

    async def undo(self, token: Optional[str]) -> int:
        """Takes back moves up to and including the caller's last one."""
        if not self.seats_of(token):
            raise Refused("only a player can take moves back", 403)
        if not self.undo_allowed(token):
            raise Refused("undo is only for games against engines, after a move of yours", 409)
        seats = self.seats_of(token)
        taken = 0
        while self.notes:
            self.board.pop()
            note = self.notes.pop()
            taken += 1
            if note.seat in seats:
                break
        self.generation += 1
        # The running search's answer would be dropped anyway.
        if self._engine is not None:
            self._engine.stop()
        if self._search is not None:
            self._search.stop()
        self.save()
        await self._changed()
        return taken

    async def _changed(self) -> None:
        for viewer in self.viewers:
            viewer.selection = None
        await self.broadcast()
        self.start_engines()

    # ----- engines

    def start_engines(self) -> None:
        """Starts the engine loop if an engine is to move and none is thinking."""
        if self._engine_task is None and self._engine_to_move() is not None:
            self._engine_task = asyncio.get_running_loop().create_task(self._engine_loop())

    def _engine_to_move(self) -> Optional[SeatPlan]:
        if self.board.is_game_over():
            return None
        plan = self.plan(self.board.turn.letter)
        return plan if plan.kind == "engine" else None

    async def _engine_loop(self) -> None:
        try:
            while (plan := self._engine_to_move()) is not None:
                generation = self.generation
                if plan.plays_program():
                    try:
                        text = await self._program_move(plan)
                    except ProgramFailed as failure:
                        await self._fall_back(plan, str(failure))
                        continue
                else:
                    text = await self._builtin_move(plan)
                if generation != self.generation:
                    continue  # the game changed (undo) while the engine thought
                try:
                    effect = self._push(text)  # the same check as a player's move
                except Refused as refused:
                    if not plan.plays_program():
                        raise
                    await self._fall_back(plan, f"it sent an illegal move: {refused.message}")
                    continue
                self._played(effect)
                for viewer in self.viewers:
                    viewer.selection = None
                await self.broadcast()
            if self.board.is_game_over():
                await self._stop_programs()
        except asyncio.CancelledError:
            raise
        except Exception as error:  # an engine failure must not take the server down
            log.exception("engine failed in game %s", self.id)
            await self._tell_everyone(f"the engine failed: {error}")
        finally:
            self._engine_task = None

    async def _builtin_move(self, plan: SeatPlan) -> str:
        if self._engine is None:
            self._engine = adapter.new_engine(secrets.randbits(32))
        move = await self.engines.best_move(
            self._engine, adapter.snapshot(self.board), plan.nodes or DEFAULT_NODES
        )
        return move.usi()

    async def _program_move(self, plan: SeatPlan) -> str:
        """The seat's engine program's move (started on first use); ProgramFailed when
        it cannot be started, crashes, hangs past its limit or answers an illegal move."""
        name = plan.program or ""
        try:
            program = self._running.get(plan.seat)
            if program is None:
                command = self.programs.commands.get(name)
                if command is None:
                    raise ProgramFailed("it is not configured on this server (--engine-command)")
                program = await adapter.start_program(command, self.programs.timeout)
                self._running[plan.seat] = program
            self._search = await adapter.program_search(
                program,
                adapter.snapshot(self.board),
                nodes=plan.nodes or DEFAULT_NODES,
                movetime=plan.movetime,
                timeout=self.programs.timeout,
            )
            text = await adapter.program_answer(self._search)
        except adapter.ProgramError as error:
            raise ProgramFailed(str(error)) from None
        finally:
            self._search = None
        if text is None:
            raise ProgramFailed("it gave no move (resigned), but the game goes on")
        return text

    async def _fall_back(self, plan: SeatPlan, reason: str) -> None:
        """The seat's program failed: the built-in engine plays the seat from now on,
        and every page is told why."""
        name = SEAT_NAMES[plan.seat]
        log.warning(
            "engine program %s failed in game %s (%s): %s", plan.program, self.id, name, reason
        )
        plan.failed = reason
        self.meta[name.lower()] = plan.label()
        program = self._running.pop(plan.seat, None)
        if program is not None:
            await adapter.stop_program(program)
        self.save()
        await self._tell_everyone(
            f"{name}'s engine program {plan.program} failed: {reason}."
            f" The built-in engine plays {name} from now on."
        )
        await self.broadcast()

    async def _tell_everyone(self, message: str) -> None:
        for viewer in list(self.viewers):
            with contextlib.suppress(Exception):
                await viewer.send({"type": "error", "message": message})

    async def _stop_programs(self) -> None:
        running, self._running = self._running, {}
        for program in running.values():
            await adapter.stop_program(program)

    async def close(self) -> None:
        """Stops the engines and ends the game's engine programs."""
        if self._engine is not None:
            self._engine.stop()
        if self._engine_task is not None:
            self._engine_task.cancel()
            with contextlib.suppress(BaseException):
                await self._engine_task
        await self._stop_programs()

    # ----- pages

    async def attach(self, viewer: Viewer) -> None:
        self.viewers.add(viewer)
        await self.broadcast()  # everyone sees who is connected
        self.start_engines()

    async def detach(self, viewer: Viewer) -> None:
        self.viewers.discard(viewer)
        await self.broadcast()

    async def broadcast(self) -> None:
        gone = []
        for viewer in list(self.viewers):
            try:
                await viewer.send(self.state_for(viewer))
            except Exception:  # a page that went away; it is dropped
                gone.append(viewer)
        for viewer in gone:
            self.viewers.discard(viewer)

    def connected_seats(self) -> Set[str]:
        return {seat for viewer in self.viewers for seat in viewer.seats}

    def state_for(self, viewer: Optional[Viewer]) -> Message:
        """Everything a page shows, from its own seat; ``None``: a spectator's."""
        board = self.board
        seat_letters = [plan.seat for plan in self.seats]
        turn = board.turn.letter
        over = board.is_game_over()
        mine = viewer.seats if viewer else frozenset()
        bottom = (viewer or Viewer(send=_no_send)).board_seat(turn, seat_letters)
        scores = board.scores()
        in_game = {seat.letter for seat in board.seats}
        lost = {seat.letter for seat in board.lost_seats}
        threats = {seat.letter: [by.letter for by in bys] for seat, bys in board.threats().items()}
        connected = self.connected_seats()
        seats = []
        for plan in self.seats:
            index = "swne".index(plan.seat)
            seats.append(
                {
                    "seat": plan.seat,
                    "name": SEAT_NAMES[plan.seat],
                    "player": plan.label(),
                    "kind": plan.kind,
                    "yours": plan.seat in mine,
                    "connected": plan.kind == "engine" or plan.seat in connected,
                    "program": plan.program,
                    "program_failed": plan.failed,
                    "out": plan.seat in lost,
                    "in_game": plan.seat in in_game,
                    "score": scores[index],
                    "in_check_by": threats.get(plan.seat, []) if not over else [],
                    "reserve": _reserve_text(board, plan.seat),
                }
            )
        your_turn = not over and turn in mine
        legal = board.legal_moves if your_turn else []
        state: Message = {
            "type": "state",
            "game": self.id,
            "ruleset": self.ruleset,
            "ply": board.ply(),
            "turn": turn,
            "over": over,
            "result": _status_text(board),
            "seats": seats,
            "moves": [note.to_json() for note in self.notes],
            "lastmove": self.notes[-1].usi if self.notes else None,
            "orientation": bottom,
            "your_seats": sorted(mine, key="swne".index),
            "your_turn": your_turn,
            "pass_only": your_turn and len(legal) == 1 and legal[0].is_pass,
            "can_undo": viewer is not None and self._viewer_can_undo(viewer),
            "thinking": self._engine_to_move() is not None,
            "placing": self._placing() if over else [],
            "status": self._status_line(mine, seats),
            "svg": adapter.render(
                board,
                orientation=yono.Seat.from_letter(bottom),
                lastmove=board.peek() if self.notes else None,
            ),
            "narrow_columns": adapter.board_columns(yono.Seat.from_letter(bottom)),
        }
        if viewer is not None and viewer.owner:
            state["invites"] = [
                {"seat": plan.seat, "name": SEAT_NAMES[plan.seat], "token": plan.token}
                for plan in self.seats
                if plan.kind == "human" and not plan.here
            ]
        return state

    def _viewer_can_undo(self, viewer: Viewer) -> bool:
        token = next((p.token for p in self.seats if p.seat in viewer.seats and p.token), None)
        return self.undo_allowed(token)

    def _placing(self) -> List[Dict[str, Any]]:
        scores = self.board.scores()
        ranked = sorted(
            (
                (score, plan.seat)
                for plan in self.seats
                if (score := scores["swne".index(plan.seat)]) is not None
            ),
            key=lambda pair: -pair[0],
        )
        placing = []
        for score, seat in ranked:
            place = 1 + sum(1 for other, _ in ranked if other > score)
            placing.append({"place": place, "seat": seat, "score": score})
        return placing

    def _status_line(self, mine: frozenset[str], seats: List[Dict[str, Any]]) -> str:
        """The one line that says what is happening."""
        board = self.board
        if board.is_game_over():
            head = (
                "Game over: drawn by repetition."
                if board.status() == yono.Status.DRAWN_BY_REPETITION
                else f"Game over: {_winner_name(board)} wins."
            )
            ranks = ", ".join(
                f"{p['place']}. {SEAT_NAMES[p['seat']]} {p['score']}" for p in self._placing()
            )
            return f"{head} Final placing: {ranks}."
        turn = board.turn.letter
        plan = self.plan(turn)
        if turn in mine:
            line = f"{SEAT_NAMES[turn]} to move: your move."
        elif plan.kind == "engine":
            line = f"{SEAT_NAMES[turn]} to move (engine thinking…)."
        else:
            line = f"{SEAT_NAMES[turn]} to move."
        for seat in seats:
            if seat["in_check_by"]:
                bys = " and ".join(SEAT_NAMES[b] for b in seat["in_check_by"])
                line += f" {seat['name']} is in check by {bys}."
        out = [s for s in seats if s["out"]]
        if out:
            line += " Out: " + ", ".join(f"{s['name']} ({s['score']})" for s in out) + "."
        return line

    # ----- looking around without changing anything

    def selection(self, viewer: Viewer, square: Any = None, reserve: Any = None) -> Message:
        """The destinations of a piece or a reserve kind of the page's seat to move,
        and the board with them marked (the library's picture)."""
        board = self.board
        turn = board.turn.letter
        seat_letters = [plan.seat for plan in self.seats]
        bottom = yono.Seat.from_letter(viewer.board_seat(turn, seat_letters))
        lastmove = board.peek() if self.notes else None
        may_move = not board.is_game_over() and turn in viewer.seats
        destinations: List[Dict[str, str]] = []
        selected: Optional[str] = None
        picture: Optional[str] = None
        if (square is not None or reserve is not None) and not may_move:
            raise Refused("it is not your move", 409)
        if square is not None:
            try:
                sq = yono.Square(square) if isinstance(square, str) else None
            except ValueError:
                sq = None
            if sq is None:
                raise Refused(f"not a square: {square!r} (squares are named like 5e)")
            moves = board.moves_from(sq)
            targets: List[str] = []
            for move in moves:
                to = str(move.to_square)
                if to not in targets:
                    targets.append(to)
            for to in targets:
                status = board.promotion_status(sq, to)
                destinations.append({"to": to, "promotion": _promotion_word(status)})
            if targets:
                selected = str(sq)
                picture = adapter.render(
                    board,
                    orientation=bottom,
                    lastmove=lastmove,
                    selected=selected,
                    destinations=targets,
                )
        elif reserve is not None:
            try:
                kind = yono.PieceKind.from_symbol(reserve) if isinstance(reserve, str) else None
            except ValueError:
                kind = None
            if kind is None or kind not in adapter.HAND_KINDS:
                raise Refused(f"not a reserve kind: {reserve!r} (R B G S N L P)")
            targets = [str(move.to_square) for move in board.drops_of(kind)]
            destinations = [{"to": to, "promotion": "impossible"} for to in targets]
            if targets:
                selected = f"{kind.symbol}*"
                picture = adapter.render(
                    board,
                    orientation=bottom,
                    lastmove=lastmove,
                    destinations=targets,
                    selected_reserve=(board.turn, kind),
                    zones=board.turn,
                )
        viewer.selection = selected
        if picture is None:
            picture = adapter.render(board, orientation=bottom, lastmove=lastmove)
        return {
            "type": "selection",
            "ply": board.ply(),
            "selected": selected,
            "destinations": destinations,
            "svg": picture,
        }

    def view(self, viewer: Optional[Viewer], ply: Any) -> Message:
        """The board after ``ply`` moves, for replaying the game move by move."""
        total = self.board.ply()
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= total:
            raise Refused(f"ply must be a number from 0 to {total}")
        past = self.board.root()
        for move in self.board.move_stack[:ply]:
            past.push(move)
        seat_letters = [plan.seat for plan in self.seats]
        bottom = (viewer or Viewer(send=_no_send)).board_seat(self.board.turn.letter, seat_letters)
        return {
            "type": "view",
            "ply": ply,
            "of": total,
            "svg": adapter.render(
                past,
                orientation=yono.Seat.from_letter(bottom),
                lastmove=past.peek() if ply else None,
            ),
        }


def _same_secret(secret: str, given: str) -> bool:
    """A comparison that takes as long whatever the text (bytes: any text is comparable)."""
    return secrets.compare_digest(secret.encode(), given.encode("utf-8", "replace"))


def _winner_name(board: yono.Game) -> str:
    # Not the seat to move: after a Shogi checkmate that is the checkmated side.
    winner = board.winner()
    return winner.title if winner is not None else "nobody"


def _reserve_text(board: yono.Game, seat: str) -> str:
    """A reserve as text in the order R B G S N L P, e.g. "G 2P"; "" when empty."""
    held = board.reserve(seat)
    return " ".join(
        f"{held[kind] if held[kind] > 1 else ''}{kind.symbol}"
        for kind in adapter.HAND_KINDS
        if held.get(kind)
    )


def _promotion_word(status: Optional[yono.PromotionStatus]) -> str:
    if status == yono.PromotionStatus.OPTIONAL:
        return "optional"
    if status == yono.PromotionStatus.COMPULSORY:
        return "compulsory"
    return "impossible"


async def _no_send(message: Message) -> None:
    return None


@dataclass
class Lobby:
    """Every game the server has open, brought back from the database on demand."""

    store: Store
    engines: Engines
    programs: Programs = field(default_factory=Programs)
    rooms: Dict[str, Room] = field(default_factory=dict)

    def get(self, game_id: str) -> Optional[Room]:
        room = self.rooms.get(game_id)
        if room is None:
            stored = self.store.load(game_id)
            if stored is None:
                return None
            try:
                room = Room.restore(stored, self.store, self.engines, self.programs)
            except (adapter.RecordError, KeyError, ValueError) as error:
                log.exception("game %s cannot be restored", game_id)
                raise Refused(f"game {game_id} cannot be read back: {error}", 500) from None
            self.rooms[game_id] = room
        return room

    def add(self, room: Room) -> None:
        self.rooms[room.id] = room

    async def close(self) -> None:
        for room in self.rooms.values():
            await room.close()
        self.engines.shutdown()
