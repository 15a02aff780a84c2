"""Drive any engine program that speaks the yono protocol (USI for standard Shogi,
its four-seat extension for Yo[n]o Shogi; docs/PROTOCOL.md), modelled on
python-chess's ``chess.engine``.

>>> import yono, yono.engine
>>> engine = yono.engine.SimpleEngine.popen(["yono-engine"])     # doctest: +SKIP
>>> pos = yono.Game()                                        # doctest: +SKIP
>>> result = engine.play(pos, yono.engine.Limit(nodes=5000))     # doctest: +SKIP
>>> pos.push(result.move)                                        # doctest: +SKIP
>>> engine.quit()                                                # doctest: +SKIP

The asyncio form lies beneath: ``transport, protocol = await popen_engine(cmd)``, then
``await protocol.play(...)``, ``await protocol.analysis(...)`` and so on.

Every wait has a deadline: an engine that crashes raises
:class:`EngineTerminatedError`, one that does not answer in time
:class:`EngineTimeoutError` (and is killed), one that answers nonsense (an illegal or
malformed move, a broken handshake) :class:`EngineProtocolError`; all derive from
:class:`EngineError`. The caller is never left hanging.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import functools
import math
import threading
from types import TracebackType
from typing import (
    Any,
    Callable,
    Concatenate,
    Coroutine,
    Dict,
    Iterator,
    List,
    Mapping,
    Optional,
    ParamSpec,
    Sequence,
    Tuple,
    Type,
    TypeVar,
    Union,
)

from . import Game, Move, Ruleset, Seat

__all__ = [
    "EngineError",
    "EngineTerminatedError",
    "EngineTimeoutError",
    "EngineProtocolError",
    "Limit",
    "Info",
    "OptionValues",
    "Option",
    "PlayResult",
    "BestMove",
    "AnalysisResult",
    "EngineProtocol",
    "popen_engine",
    "SimpleEngine",
    "SimpleAnalysisResult",
    "DEFAULT_TIMEOUT",
]

#: Seconds any answer may take beyond what the search itself may use (the handshake,
#: ``readyok``, a ``bestmove`` after the search's time or after ``stop``).
DEFAULT_TIMEOUT = 10.0

#: Seconds a search limited only by nodes or depth may take before it is stopped.
DEFAULT_SEARCH_TIMEOUT = 120.0

_SEAT_LETTERS = "swne"


class EngineError(RuntimeError):
    """The engine failed (base class of every error of this module)."""


class EngineTerminatedError(EngineError):
    """The engine process exited (or closed its output)."""


class EngineTimeoutError(EngineError, TimeoutError):
    """The engine did not answer in time; it has been killed."""


class EngineProtocolError(EngineError):
    """The engine answered something the protocol does not allow (an illegal or
    malformed move, a broken handshake)."""


SeatKey = Union[Seat, str]


def _seat_index(seat: SeatKey) -> int:
    if isinstance(seat, Seat):
        return seat.index
    letter = seat.lower()[:1]
    if len(seat) == 0 or letter not in _SEAT_LETTERS or (
        len(seat) > 1 and seat.lower() not in ("south", "west", "north", "east")
    ):
        raise ValueError(f"not a seat: {seat!r} (s, w, n, e or a Seat)")
    return _SEAT_LETTERS.index(letter)


@dataclasses.dataclass(frozen=True)
class Limit:
    """When a search stops. ``time``: seconds for this move (``go movetime``);
    ``depth``, ``nodes``; ``clock``: each seat's remaining seconds, ``inc`` each seat's
    increment and ``byoyomi`` each seat's byoyomi (dicts keyed by seat letter or
    :class:`yono.Seat`; a number for ``byoyomi`` applies to every seat). Clocks become
    ``btime``/``wtime``/``binc``/``winc``/``byoyomi`` in standard Shogi and
    ``clock_<seat>``/``inc_<seat>``/``byoyomi_<seat>`` in Yo[n]o. No limit at all
    searches until stopped (``go infinite``)."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    clock: Optional[Mapping[SeatKey, float]] = None
    inc: Optional[Mapping[SeatKey, float]] = None
    byoyomi: Optional[Union[float, Mapping[SeatKey, float]]] = None

    def is_infinite(self) -> bool:
        """Whether no limit is set."""
        return (
            self.time is None
            and self.depth is None
            and self.nodes is None
            and not self.clock
            and self.byoyomi is None
        )

    def _by_seat(self, values: Optional[Union[float, Mapping[SeatKey, float]]]) -> Dict[int, float]:
        if values is None:
            return {}
        if isinstance(values, (int, float)):
            return {i: float(values) for i in range(4)}
        return {_seat_index(k): float(v) for k, v in values.items()}

    def _budget(self, mover: int) -> Optional[float]:
        """The most seconds the mover may think under this limit (None: unbounded)."""
        if self.time is not None:
            return self.time
        clock = self._by_seat(self.clock).get(mover)
        byo = self._by_seat(self.byoyomi).get(mover)
        inc = self._by_seat(self.inc).get(mover)
        if clock is None and byo is None:
            return None
        return (clock or 0.0) + (byo or 0.0) + (inc or 0.0)

    def go_words(self, ruleset: Ruleset, mover: int) -> List[str]:
        """The words after ``go`` for this limit."""
        for name, value in (("time", self.time), ("depth", self.depth), ("nodes", self.nodes)):
            if value is not None and (not math.isfinite(value) or value <= 0):
                raise ValueError(f"Limit.{name} must be positive, got {value!r}")
        words: List[str] = []
        if self.nodes is not None:
            words += ["nodes", str(int(self.nodes))]
        if self.depth is not None:
            words += ["depth", str(int(self.depth))]
        if self.time is not None:
            words += ["movetime", str(max(1, round(self.time * 1000)))]
        clock, inc, byo = self._by_seat(self.clock), self._by_seat(self.inc), self._by_seat(self.byoyomi)
        if ruleset == Ruleset.SHOGI:
            for names, values in ((("btime", "wtime"), clock), (("binc", "winc"), inc)):
                for seat, name in zip((0, 2), names):
                    if seat in values:
                        words += [name, ms(values[seat])]
                if set(values) - {0, 2}:
                    raise ValueError("standard Shogi has only the seats s and n")
            if byo:
                words += ["byoyomi", ms(byo.get(mover, max(byo.values())))]
        else:
            for prefix, values in (("clock", clock), ("inc", inc), ("byoyomi", byo)):
                for seat in sorted(values):
                    words += [f"{prefix}_{_SEAT_LETTERS[seat]}", ms(values[seat])]
        return words


@dataclasses.dataclass
class Option:
    """An option the engine declared in its ``usi`` answer."""

    name: str
    type: str
    default: Optional[str]
    min: Optional[int]
    max: Optional[int]
    var: List[str]

    def check(self, value: Union[str, int, bool]) -> str:
        """The value as the engine's text; ValueError when it does not fit."""
        if self.type == "check":
            if isinstance(value, bool):
                return "true" if value else "false"
            if str(value).lower() in ("true", "false"):
                return str(value).lower()
            raise ValueError(f"option {self.name} takes true or false, got {value!r}")
        if self.type == "spin":
            try:
                n = int(value)
            except (TypeError, ValueError):
                raise ValueError(f"option {self.name} takes a whole number, got {value!r}") from None
            if (self.min is not None and n < self.min) or (self.max is not None and n > self.max):
                raise ValueError(f"option {self.name} takes {self.min} to {self.max}, got {n}")
            return str(n)
        if self.type == "combo":
            for v in self.var:
                if v.lower() == str(value).lower():
                    return v
            raise ValueError(f"option {self.name} takes one of {', '.join(self.var)}, got {value!r}")
        return str(value)


#: One ``info`` line, read: depth, seldepth, multipv, nodes, nps, hashfull (ints);
#: time (seconds); score (the mover's: centi-pawns in Shogi, points in Yo[n]o, or
#: None), cp, points, mate (plies, positive good for the mover); scores (seat letter
#: to points, Yo[n]o); pv (list of Move); string (an ``info string``).
Info = Dict[str, Any]

#: Engine option values by option name (``setoption``): strings, spins and checks.
OptionValues = Mapping[str, Union[str, int, bool]]


def parse_info(line: str) -> Info:
    """Reads an ``info`` line into an :data:`Info` (unknown words are skipped, a
    malformed number drops its field)."""
    words = line.split()[1:]
    info: Info = {}
    i = 0

    def number(kind: Callable[[str], Any], at: int) -> Any:
        try:
            return kind(words[at])
        except (IndexError, ValueError):
            return None

    while i < len(words):
        w = words[i]
        if w == "string":
            info["string"] = " ".join(words[i + 1 :])
            break
        if w == "pv":
            moves = []
            for text in words[i + 1 :]:
                try:
                    moves.append(Move(text))
                except ValueError:
                    break
            info["pv"] = moves
            break
        if w in ("depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "currmovenumber"):
            v = number(int, i + 1)
            if v is not None:
                info[w] = v
            i += 2
        elif w == "time":
            v = number(int, i + 1)
            if v is not None:
                info["time"] = v / 1000
            i += 2
        elif w == "score" and i + 2 < len(words) + 1:
            kind = words[i + 1] if i + 1 < len(words) else ""
            if kind == "cp":
                v = number(int, i + 2)
                if v is not None:
                    info["cp"] = info["score"] = v
            elif kind == "mate":
                v = number(int, i + 2)
                if v is not None:
                    info["mate"] = v
            elif kind == "points":
                v = number(float, i + 2)
                if v is not None:
                    info["points"] = info["score"] = v
            i += 3
            while i < len(words) and words[i] in ("lowerbound", "upperbound"):
                info[words[i]] = True
                i += 1
        elif w == "mate":
            v = number(int, i + 1)
            if v is not None:
                info["mate"] = v
            i += 2
        elif w == "scores":
            scores: Dict[str, float] = {}
            i += 1
            while i + 1 < len(words) and words[i] in tuple(_SEAT_LETTERS):
                v = number(float, i + 1)
                if v is not None:
                    scores[words[i]] = v
                i += 2
            info["scores"] = scores
        else:
            i += 1
    return info


@dataclasses.dataclass
class PlayResult:
    """What :meth:`EngineProtocol.play` returns. ``move`` is None when the engine had
    no move (``bestmove resign`` in Shogi, ``bestmove none`` when the game is over);
    ``resigned`` says which."""

    move: Optional[Move]
    ponder: Optional[Move] = None
    info: Info = dataclasses.field(default_factory=dict)
    resigned: bool = False


@dataclasses.dataclass
class BestMove:
    """The ``bestmove`` that ended an analysis."""

    move: Optional[Move]
    ponder: Optional[Move] = None
    #: Whether the engine answered ``bestmove resign``.
    resigned: bool = False


def ms(seconds: float) -> str:
    """Seconds as the protocol's whole milliseconds."""
    return str(max(0, round(seconds * 1000)))


def _position_words(position: Game) -> List[str]:
    """The ``position`` command for a position and its move stack."""
    root = position.root()
    ruleset = root.ruleset
    start = Game(ruleset=ruleset)
    if root.text() == start.text():
        words = ["position", "startpos"]
    elif ruleset == Ruleset.SHOGI:
        words = ["position", "sfen", root.sfen()]
    else:
        words = ["position", "text", root.text()]
    moves = position.move_stack
    if moves:
        words += ["moves"] + [m.usi() for m in moves]
    return words


_T = TypeVar("_T")


class AnalysisResult:
    """A running analysis: iterate (``async for info in analysis``) for each
    :data:`Info` as it comes; ``info`` is the latest main line merged, ``multipv`` the
    latest of every line; ``stop()`` ends it, ``await wait()`` gives the
    :class:`BestMove`."""

    def __init__(self, protocol: "EngineProtocol") -> None:
        self._protocol = protocol
        self._queue: "asyncio.Queue[Optional[Info]]" = asyncio.Queue()
        self._best: "asyncio.Future[BestMove]" = asyncio.get_running_loop().create_future()
        # A search abandoned by its caller (say, one whose wait_for timed out) may still
        # end in an error nobody awaits: take it, so asyncio does not report it.
        self._best.add_done_callback(lambda f: None if f.cancelled() else f.exception())
        self._stop_asked = asyncio.Event()
        self.info: Info = {}
        self.multipv: List[Info] = [{}]

    def _post(self, info: Info) -> None:
        k = int(info.get("multipv", 1))
        if "string" not in info:
            while len(self.multipv) < k:
                self.multipv.append({})
            self.multipv[k - 1].update(info)
            if k == 1:
                self.info.update(info)
        self._queue.put_nowait(info)

    def _end(self, best: Optional[BestMove], error: Optional[BaseException]) -> None:
        if not self._best.done():
            if error is not None:
                self._best.set_exception(error)
            else:
                assert best is not None
                self._best.set_result(best)
        self._queue.put_nowait(None)

    def stop(self) -> None:
        """Sends ``stop`` (the engine answers with its bestmove)."""
        if not self._best.done() and not self._stop_asked.is_set():
            self._stop_asked.set()
            try:
                self._protocol._send("stop")
            except EngineError:
                pass  # the reader reports the engine's end

    async def wait(self) -> BestMove:
        """The bestmove, once the analysis has ended."""
        return await self._best

    def would_block(self) -> bool:
        """Whether ``get()`` would wait."""
        return self._queue.empty()

    async def get(self) -> Info:
        """The next info; StopAsyncIteration at the end (after the bestmove)."""
        item = await self._queue.get()
        if item is None:
            self._queue.put_nowait(None)
            if self._best.done() and self._best.exception() is not None:
                raise self._best.exception()  # type: ignore[misc]
            raise StopAsyncIteration
        return item

    def __aiter__(self) -> "AnalysisResult":
        return self

    async def __anext__(self) -> Info:
        return await self.get()


class EngineProtocol:
    """The protocol over a child process's pipes (asyncio). Made by
    :func:`popen_engine`; :meth:`initialize` is done there."""

    def __init__(self, process: "asyncio.subprocess.Process", timeout: float) -> None:
        self.process = process
        self.timeout = timeout
        #: The engine's ``id`` lines (``name``, ``author``).
        self.id: Dict[str, str] = {}
        #: The declared options, by lower-case name.
        self.options: Dict[str, Option] = {}
        self._lines: "asyncio.Queue[Optional[str]]" = asyncio.Queue()
        self._reader = asyncio.get_running_loop().create_task(self._read())
        self._variant: Optional[str] = None
        self._broken: Optional[EngineError] = None
        self._busy = asyncio.Lock()
        self._new_game = True
        #: Every ``info string`` the engine wrote, newest last (at most 100).
        self.strings: List[str] = []

    async def _read(self) -> None:
        assert self.process.stdout is not None
        try:
            while True:
                raw = await self.process.stdout.readline()
                if not raw:
                    break
                self._lines.put_nowait(raw.decode("utf-8", "replace").rstrip("\r\n"))
        except (ValueError, OSError):
            # A line longer than the stream's limit, or a broken pipe: the engine is
            # unusable either way.
            pass
        self._lines.put_nowait(None)

    def _fail(self, error: EngineError) -> EngineError:
        self._broken = error
        return error

    async def _exited(self, while_: str) -> EngineError:
        """The error to raise when the engine's output ended ``while_`` something was
        awaited: it says the exit code (waited for up to ``timeout``). The end stays
        queued for whoever reads next."""
        self._lines.put_nowait(None)
        try:
            code = await asyncio.wait_for(self.process.wait(), self.timeout)
        except asyncio.TimeoutError:
            code = None
        return self._fail(EngineTerminatedError(f"the engine exited (code {code}) while {while_}"))

    def _keep_string(self, line: str) -> None:
        """Keeps an ``info string`` line's text in :attr:`strings`."""
        if line.startswith("info string"):
            self.strings = (self.strings + [line[len("info string ") :]])[-100:]

    async def _kill(self) -> None:
        if self.process.returncode is None:
            try:
                self.process.kill()
            except ProcessLookupError:
                pass
        try:
            await asyncio.wait_for(self.process.wait(), self.timeout)
        except asyncio.TimeoutError:
            pass

    def _send(self, line: str) -> None:
        if self._broken is not None:
            raise self._broken
        stdin = self.process.stdin
        if stdin is None or stdin.is_closing():
            raise self._fail(EngineTerminatedError("the engine's input is closed"))
        try:
            stdin.write((line + "\n").encode())
        except (BrokenPipeError, ConnectionResetError) as e:
            raise self._fail(EngineTerminatedError(f"the engine exited ({e})")) from None

    async def _line(self, deadline: float, waiting_for: str) -> str:
        if self._broken is not None:
            raise self._broken
        loop = asyncio.get_running_loop()
        try:
            line = await asyncio.wait_for(self._lines.get(), max(0.0, deadline - loop.time()))
        except asyncio.TimeoutError:
            await self._kill()
            raise self._fail(
                EngineTimeoutError(f"no {waiting_for} from the engine in time; it was killed")
            ) from None
        if line is None:
            raise await self._exited(f"{waiting_for} was awaited")
        self._keep_string(line)
        return line

    async def initialize(self) -> None:
        """The ``usi`` handshake: reads ``id`` and ``option`` lines up to ``usiok``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        self._send("usi")
        while True:
            line = await self._line(deadline, "usiok")
            words = line.split()
            if not words:
                continue
            if words[0] == "usiok":
                return
            if words[0] == "id" and len(words) >= 3:
                self.id[words[1]] = " ".join(words[2:])
            elif words[0] == "option":
                opt = _parse_option(words)
                if opt is not None:
                    self.options[opt.name.lower()] = opt

    async def ping(self) -> None:
        """``isready`` → ``readyok``."""
        async with self._busy:
            await self._ping()

    async def _ping(self) -> None:
        deadline = asyncio.get_running_loop().time() + self.timeout
        self._send("isready")
        while await self._line(deadline, "readyok") != "readyok":
            pass

    async def configure(self, options: OptionValues) -> None:
        """Sets options the engine declared (ValueError for an unknown name or a value
        that does not fit); then waits for ``readyok``."""
        async with self._busy:
            await self._configure(options)
            await self._ping()

    async def _configure(self, options: OptionValues) -> None:
        for name, value in options.items():
            opt = self.options.get(name.lower())
            if opt is None:
                raise ValueError(
                    f"the engine has no option {name!r} (it has: {', '.join(o.name for o in self.options.values())})"
                )
            self._send(f"setoption name {opt.name} value {opt.check(value)}")

    async def _prepare(self, position: Game, options: Optional[OptionValues]) -> None:
        variant = position.ruleset.label
        if variant != self._variant:
            if "usi_variant" in self.options:
                self._send(f"setoption name USI_Variant value {variant}")
            elif position.ruleset != Ruleset.SHOGI:
                raise EngineError("the engine does not declare USI_Variant: it plays standard Shogi only")
            self._variant = variant
            self._new_game = True
        if options:
            await self._configure(options)
        if self._new_game:
            self._send("usinewgame")
            self._new_game = False
        self._send(" ".join(_position_words(position)))

    def new_game(self) -> None:
        """Sends ``usinewgame`` before the next search."""
        self._new_game = True

    def _search_deadline(self, limit: Limit, position: Game, timeout: Optional[float]) -> Optional[float]:
        if timeout is not None:
            return timeout
        budget = limit._budget(position.turn.index)
        if budget is not None:
            return budget + self.timeout
        if limit.is_infinite():
            return None
        return DEFAULT_SEARCH_TIMEOUT

    async def play(
        self,
        position: Game,
        limit: Limit,
        *,
        options: Optional[OptionValues] = None,
        timeout: Optional[float] = None,
    ) -> PlayResult:
        """Asks for a move. ``timeout``: seconds to wait for the bestmove (default:
        the limit's time plus :data:`DEFAULT_TIMEOUT`, or
        :data:`DEFAULT_SEARCH_TIMEOUT` for a node or depth limit); when it passes the
        engine gets ``stop`` and :data:`DEFAULT_TIMEOUT` more, then is killed
        (:class:`EngineTimeoutError`). The move is checked: an illegal one raises
        :class:`EngineProtocolError`."""
        analysis, best = await self._search_to_end(
            "play", position, limit, multipv=None, options=options, timeout=timeout
        )
        return PlayResult(best.move, best.ponder, dict(analysis.info), resigned=best.resigned)

    async def analyse(
        self,
        position: Game,
        limit: Limit,
        *,
        multipv: Optional[int] = None,
        options: Optional[OptionValues] = None,
        timeout: Optional[float] = None,
    ) -> Union[Info, List[Info]]:
        """Analyses to the limit and returns the final :data:`Info` (a list of them,
        best first, when ``multipv`` is given)."""
        analysis, _ = await self._search_to_end(
            "analyse", position, limit, multipv=multipv, options=options, timeout=timeout
        )
        return [dict(i) for i in analysis.multipv] if multipv is not None else dict(analysis.info)

    async def _search_to_end(
        self,
        caller: str,
        position: Game,
        limit: Limit,
        *,
        multipv: Optional[int],
        options: Optional[OptionValues],
        timeout: Optional[float],
    ) -> Tuple[AnalysisResult, BestMove]:
        """What ``play`` and ``analyse`` share: a search that must end by itself (so
        a limit is required), read to its bestmove."""
        if limit.is_infinite():
            raise ValueError(f"{caller}() needs a limit (time, depth, nodes or a clock)")
        analysis = await self.analysis(position, limit, multipv=multipv, options=options, timeout=timeout)
        async for _ in analysis:
            pass
        return analysis, await analysis.wait()

    async def analysis(
        self,
        position: Game,
        limit: Optional[Limit] = None,
        *,
        multipv: Optional[int] = None,
        options: Optional[OptionValues] = None,
        timeout: Optional[float] = None,
    ) -> AnalysisResult:
        """Starts a search and returns at once with an :class:`AnalysisResult`
        (``limit`` None: until ``stop()``). ``multipv`` sets the engine's MultiPV
        option for this search."""
        limit = limit or Limit()
        if position.is_game_over():
            raise ValueError("the game is over: there is no move to search")
        await self._busy.acquire()
        try:
            opts: Dict[str, Union[str, int, bool]] = dict(options or {})
            if multipv is not None:
                if "multipv" not in self.options:
                    raise EngineError("the engine does not declare a MultiPV option")
                opts["MultiPV"] = multipv
            await self._prepare(position, opts)
            self._send("go " + " ".join(limit.go_words(position.ruleset, position.turn.index)))
        except BaseException:
            self._busy.release()
            raise
        result = AnalysisResult(self)
        asyncio.get_running_loop().create_task(
            self._follow(result, position, self._search_deadline(limit, position, timeout))
        )
        return result

    async def _follow(self, result: AnalysisResult, position: Game, seconds: Optional[float]) -> None:
        """Reads the search's lines to its bestmove. When ``seconds`` pass (or when
        ``stop()`` was asked), the engine gets ``stop`` and ``timeout`` more seconds
        to answer; then it is killed."""
        loop = asyncio.get_running_loop()
        deadline = None if seconds is None else loop.time() + seconds
        stopping = False
        reading: "Optional[asyncio.Task[Optional[str]]]" = None
        try:
            while True:
                if reading is None:
                    reading = loop.create_task(self._lines.get())
                asked: "Optional[asyncio.Task[bool]]" = None
                waits: "set[asyncio.Future[Any]]" = {reading}
                if not stopping:
                    asked = loop.create_task(result._stop_asked.wait())
                    waits.add(asked)
                left = None if deadline is None else max(0.0, deadline - loop.time())
                done, _ = await asyncio.wait(waits, timeout=left, return_when=asyncio.FIRST_COMPLETED)
                if asked is not None:
                    asked.cancel()
                if reading in done:
                    line = reading.result()
                    reading = None
                    if line is None:
                        raise await self._exited(f"thinking on {position.text()}")
                    words = line.split()
                    if not words:
                        continue
                    if words[0] == "info":
                        self._keep_string(line)
                        result._post(parse_info(line))
                    elif words[0] == "bestmove":
                        result._end(self._read_bestmove(words, position), None)
                        return
                elif not stopping:
                    # Out of time, or stop() was asked (which sent "stop" itself).
                    if not result._stop_asked.is_set():
                        self._send("stop")
                    stopping = True
                    deadline = loop.time() + self.timeout
                else:
                    await self._kill()
                    raise self._fail(
                        EngineTimeoutError(
                            f"the engine did not answer \"stop\" with a bestmove within {self.timeout} s; it was killed"
                        )
                    )
        except EngineError as e:
            result._end(None, e)
        except asyncio.CancelledError:
            result._end(None, EngineError("the analysis was cancelled"))
            raise
        finally:
            if reading is not None:
                reading.cancel()
            self._busy.release()

    def _read_bestmove(self, words: List[str], position: Game) -> BestMove:
        if len(words) < 2:
            raise self._fail(EngineProtocolError("the engine sent \"bestmove\" without a move"))
        text = words[1]
        if text in ("resign", "none", "win"):
            return BestMove(None, resigned=text == "resign")
        try:
            move = position.parse_usi(text)
        except ValueError as e:
            raise EngineProtocolError(
                f"the engine played {text!r}, which is not a legal move in {position.text()}: {e}"
            ) from None
        ponder = None
        if len(words) >= 4 and words[2] == "ponder":
            try:
                ponder = Move(words[3])
            except ValueError:
                ponder = None
        return BestMove(move, ponder)

    async def quit(self) -> None:
        """``quit``; waits for the process to exit (kills it if it does not)."""
        try:
            self._send("quit")
            if self.process.stdin is not None:
                self.process.stdin.close()
        except EngineError:
            pass
        try:
            await asyncio.wait_for(self.process.wait(), self.timeout)
        except asyncio.TimeoutError:
            await self._kill()
        self._release()

    def _release(self) -> None:
        """Stops reading and closes the pipes of an engine that has exited."""
        self._reader.cancel()
        # Closed here, on the loop: left to the garbage collector, the transport of an
        # engine that crashed was closed after its loop had gone ("Event loop is closed").
        transport = getattr(self.process, "_transport", None)
        if transport is not None:
            transport.close()


def _parse_option(words: List[str]) -> Optional[Option]:
    keys = ("name", "type", "default", "min", "max", "var")
    fields: Dict[str, List[str]] = {}
    var: List[str] = []
    key: Optional[str] = None
    for w in words[1:]:
        if w in keys and not (key == "name" and w not in ("type",)):
            key = w
            if key == "var":
                var.append("")
            else:
                fields.setdefault(key, [])
            continue
        if key is None:
            continue
        if key == "var":
            var[-1] = (var[-1] + " " + w).strip()
        else:
            fields[key].append(w)
    if "name" not in fields or "type" not in fields:
        return None

    def integer(k: str) -> Optional[int]:
        try:
            return int(fields[k][0]) if fields.get(k) else None
        except ValueError:
            return None

    default = " ".join(fields["default"]) if "default" in fields else None
    return Option(" ".join(fields["name"]), " ".join(fields["type"]), default, integer("min"), integer("max"), var)


async def popen_engine(
    command: Union[str, Sequence[str]],
    *,
    timeout: float = DEFAULT_TIMEOUT,
    options: Optional[OptionValues] = None,
    **popen_args: Any,
) -> Tuple[asyncio.SubprocessTransport, EngineProtocol]:
    """Starts an engine program and does the handshake (``usi``, then ``options``,
    then ``isready``). ``timeout``: seconds each answer may take."""
    args = [command] if isinstance(command, str) else list(command)
    popen_args.setdefault("stderr", asyncio.subprocess.DEVNULL)
    try:
        process = await asyncio.create_subprocess_exec(
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=1 << 22,
            **popen_args,
        )
    except OSError as e:
        raise EngineTerminatedError(f"cannot start {args[0]!r}: {e}") from None
    protocol = EngineProtocol(process, timeout)
    try:
        await protocol.initialize()
        if options:
            await protocol._configure(options)
        await protocol._ping()
    except BaseException:
        await protocol._kill()
        protocol._release()
        raise
    transport = process._transport  # type: ignore[attr-defined]
    return transport, protocol


def _stop_loop(loop: asyncio.AbstractEventLoop, thread: threading.Thread) -> None:
    """Stops the event loop running on `thread`, waits for the thread, closes the loop."""
    loop.call_soon_threadsafe(loop.stop)
    thread.join()
    loop.close()


_Closing = TypeVar("_Closing", bound="_ClosedOnExit")


class _ClosedOnExit:
    """What the synchronous wrappers share as context managers: leaving the ``with``
    block calls ``close()``, whatever ended it."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self: _Closing) -> _Closing:
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> None:
        self.close()


_Params = ParamSpec("_Params")


def _blocking(
    method: Callable[Concatenate[EngineProtocol, _Params], Coroutine[Any, Any, _T]],
) -> Callable[Concatenate[SimpleEngine, _Params], _T]:
    """The synchronous form of an :class:`EngineProtocol` coroutine method: the same
    parameters and documentation, run on the engine's loop and waited for. Written
    once so that the wrapper's signatures cannot drift from the protocol's."""

    @functools.wraps(method)
    def blocking(self: SimpleEngine, /, *args: _Params.args, **kwargs: _Params.kwargs) -> _T:
        return self._run(method(self.protocol, *args, **kwargs))

    return blocking


class SimpleEngine(_ClosedOnExit):
    """A synchronous wrapper: the asyncio protocol runs on a background thread's
    event loop, and every method waits for it (with the protocol's deadlines, so
    never forever)."""

    def __init__(self, protocol: EngineProtocol, loop: asyncio.AbstractEventLoop, thread: threading.Thread) -> None:
        self.protocol = protocol
        self._loop = loop
        self._thread = thread
        self._closed = False

    @classmethod
    def popen(
        cls,
        command: Union[str, Sequence[str]],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        options: Optional[OptionValues] = None,
        **popen_args: Any,
    ) -> "SimpleEngine":
        """Starts an engine program (see :func:`popen_engine`)."""
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_forever, name="yono-engine-client", daemon=True)
        thread.start()
        try:
            future = asyncio.run_coroutine_threadsafe(
                popen_engine(command, timeout=timeout, options=options, **popen_args), loop
            )
            _, protocol = future.result()
        except BaseException:
            _stop_loop(loop, thread)
            raise
        return cls(protocol, loop, thread)

    def _run(self, coro: Coroutine[Any, Any, _T]) -> _T:
        if self._closed:
            coro.close()
            raise EngineError("the engine is closed")
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    @property
    def id(self) -> Dict[str, str]:
        """The engine's ``id`` lines."""
        return dict(self.protocol.id)

    @property
    def options(self) -> Dict[str, Option]:
        """The declared options, by lower-case name."""
        return dict(self.protocol.options)

    configure = _blocking(EngineProtocol.configure)
    ping = _blocking(EngineProtocol.ping)

    def new_game(self) -> None:
        """``usinewgame`` before the next search."""
        self.protocol.new_game()

    play = _blocking(EngineProtocol.play)
    analyse = _blocking(EngineProtocol.analyse)

    def analysis(
        self,
        position: Game,
        limit: Optional[Limit] = None,
        *,
        multipv: Optional[int] = None,
        options: Optional[OptionValues] = None,
        timeout: Optional[float] = None,
    ) -> "SimpleAnalysisResult":
        """See :meth:`EngineProtocol.analysis`; iterate the result for each info."""
        inner = self._run(self.protocol.analysis(position, limit, multipv=multipv, options=options, timeout=timeout))
        return SimpleAnalysisResult(self, inner)

    def quit(self) -> None:
        """Ends the engine and the background loop."""
        self.close()

    def close(self) -> None:
        """Ends the engine and the background loop (idempotent)."""
        if self._closed:
            return
        try:
            asyncio.run_coroutine_threadsafe(self.protocol.quit(), self._loop).result()
        except (EngineError, concurrent.futures.CancelledError):
            pass
        finally:
            self._closed = True
            _stop_loop(self._loop, self._thread)


class SimpleAnalysisResult(_ClosedOnExit):
    """A running analysis seen from synchronous code (see :class:`AnalysisResult`);
    as a context manager, it is stopped and waited for on leaving the block."""

    def __init__(self, engine: SimpleEngine, inner: AnalysisResult) -> None:
        self._engine = engine
        self._inner = inner

    @property
    def info(self) -> Info:
        """The latest main-line info, merged."""
        return dict(self._inner.info)

    @property
    def multipv(self) -> List[Info]:
        """The latest info of every line."""
        return [dict(i) for i in self._inner.multipv]

    def stop(self) -> None:
        """Sends ``stop``."""
        self._engine._loop.call_soon_threadsafe(self._inner.stop)

    def wait(self) -> BestMove:
        """The bestmove, once the analysis has ended."""
        return self._engine._run(self._inner.wait())

    def get(self) -> Info:
        """The next info (StopIteration at the end)."""
        try:
            return self._engine._run(self._inner.get())
        except StopAsyncIteration:
            raise StopIteration from None

    def __iter__(self) -> Iterator[Info]:
        return self

    def __next__(self) -> Info:
        return self.get()

    def close(self) -> None:
        """Stops the analysis and waits for its end (an engine error there is not
        raised: the analysis is over either way)."""
        self.stop()
        try:
            self.wait()
        except EngineError:
            pass

