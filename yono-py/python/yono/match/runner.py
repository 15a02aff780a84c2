"""Playing the games of a match: engines started per game and seat, real clocks,
forfeits, adjudication, records and the JSON-lines log (docs/PROTOCOL.md,
"Matches")."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import shlex
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from .. import Game, Move, Record, Ruleset
from ..engine import (
    EngineError,
    EngineProtocol,
    EngineProtocolError,
    EngineTerminatedError,
    EngineTimeoutError,
    Limit,
    popen_engine,
)
from .rules import SEAT_LETTERS, places, remove_seats, shared_scores


@dataclasses.dataclass(frozen=True)
class Player:
    """An engine taking part: its name, command line and options."""

    name: str
    command: Tuple[str, ...]
    options: Tuple[Tuple[str, str], ...] = ()

    @staticmethod
    def parse(spec: str) -> "Player":
        """``NAME=COMMAND LINE`` (the command split as a shell would)."""
        name, sep, command = spec.partition("=")
        if not sep or not name or not command.strip():
            raise ValueError(f"an engine is NAME=COMMAND, got {spec!r}")
        return Player(name, tuple(shlex.split(command)))


@dataclasses.dataclass(frozen=True)
class TimeControl:
    """Per seat: ``base`` seconds plus ``inc`` per move, and ``byoyomi``; or a fixed
    ``movetime``; or a node or depth limit per move. ``margin``: seconds of grace for
    the pipes and the operating system before a seat loses on time. ``hang``: seconds
    a node- or depth-limited move may take before the engine counts as hung."""

    base: Optional[float] = None
    inc: float = 0.0
    byoyomi: float = 0.0
    movetime: Optional[float] = None
    nodes: Optional[int] = None
    depth: Optional[int] = None
    margin: float = 0.5
    hang: float = 60.0

    @staticmethod
    def parse(text: str) -> "TimeControl":
        """``60+0.5`` (base+increment seconds), ``60`` (base only)."""
        base, _, inc = text.partition("+")
        try:
            return TimeControl(base=float(base), inc=float(inc) if inc else 0.0)
        except ValueError:
            raise ValueError(f"a time control is BASE[+INC] in seconds, got {text!r}") from None

    def describe(self) -> str:
        """The time control as one line of text."""
        parts = []
        if self.base is not None:
            parts.append(f"{self.base:g}+{self.inc:g}" + (f" byoyomi {self.byoyomi:g}" if self.byoyomi else ""))
        elif self.byoyomi:
            parts.append(f"byoyomi {self.byoyomi:g}")
        if self.movetime is not None:
            parts.append(f"movetime {self.movetime:g}")
        if self.nodes is not None:
            parts.append(f"nodes {self.nodes}")
        if self.depth is not None:
            parts.append(f"depth {self.depth}")
        return ", ".join(parts) or "none"

    def clocked(self) -> bool:
        """Whether seats have clocks that run down."""
        return self.base is not None or self.byoyomi > 0


@dataclasses.dataclass(frozen=True)
class Opening:
    """Where a game starts: a position and the moves played from it."""

    name: str
    start: str
    moves: Tuple[str, ...]

    def position(self) -> Game:
        """The position after the opening's moves."""
        pos = Game(self.start)
        for m in self.moves:
            pos.push(m)
        return pos


def read_openings(path: Union[str, Path], ruleset: Ruleset) -> List[Opening]:
    """An opening book: one opening per line, blank lines and ``#`` comments skipped.
    A line is moves from the variant's start (``7g7f 3c3d``), or ``text <position
    text> [moves ...]``, or ``sfen <sfen> [moves ...]`` (Shogi)."""
    openings = []
    for number, raw in enumerate(Path(path).read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        moves_at = words.index("moves") if "moves" in words else None
        if words[0] in ("text", "sfen"):
            head = words[1 : moves_at if moves_at is not None else len(words)]
            start = Game(" ".join(head)) if words[0] == "text" else Game.from_sfen(" ".join(head))
            moves = words[moves_at + 1 :] if moves_at is not None else []
        else:
            start = Game(ruleset=ruleset)
            moves = words[moves_at + 1 :] if moves_at is not None else words
        if start.ruleset != ruleset:
            raise ValueError(f"{path}:{number}: a {start.ruleset.label} position in a {ruleset.label} match")
        op = Opening(f"{Path(path).name}:{number}", start.text(), tuple(moves))
        try:
            pos = op.position()
        except ValueError as e:
            raise ValueError(f"{path}:{number}: {e}") from None
        if pos.is_game_over():
            raise ValueError(f"{path}:{number}: the game is over after this opening")
        openings.append(op)
    if not openings:
        raise ValueError(f"{path}: no opening")
    return openings


def random_openings(ruleset: Ruleset, count: int, plies: int, seed: int) -> List[Opening]:
    """``count`` openings of ``plies`` random legal moves each from the variant's start,
    drawn from ``seed`` (the same seed gives the same openings); none ends the game."""
    rng = random.Random(seed)
    start = Game(ruleset=ruleset)
    openings: List[Opening] = []
    tries = 0
    while len(openings) < count:
        tries += 1
        if tries > 100 * count + 100:
            raise ValueError(f"could not draw {count} openings of {plies} plies")
        pos = start.copy()
        moves: List[str] = []
        for _ in range(plies):
            legal = pos.legal_moves
            if not legal:
                break
            m = rng.choice(legal)
            pos.push(m)
            moves.append(m.usi())
        if len(moves) == plies and not pos.is_game_over():
            openings.append(Opening(f"random-{seed}-{len(openings) + 1}", start.text(), tuple(moves)))
    return openings


@dataclasses.dataclass(frozen=True)
class GameSpec:
    """One game of the schedule."""

    index: int
    opening: Opening
    #: The player of each seat, by seat letter.
    seats: Tuple[Tuple[str, Player], ...]
    time: TimeControl
    ply_cap: int
    lineup: str
    rotation: int
    event: str = "yono match"


def schedule(
    players: Sequence[Player],
    ruleset: Ruleset,
    openings: Sequence[Opening],
    lineups: Optional[Sequence[str]] = None,
    time: TimeControl = TimeControl(nodes=2000),
    ply_cap: int = 400,
    rounds: int = 1,
    event: str = "yono match",
) -> List[GameSpec]:
    """Every lineup in every rotation (so each of its players sits in every seat)
    on every opening, ``rounds`` times. A lineup is a string of player letters per
    seat in turn order (``ABBB``: the first player against three copies of the
    second). Default: two seats, every pair (``AB``); four seats, every player against
    three copies of every other (``ABBB``, ``BAAA``); a lone player plays itself."""
    seat_letters = [s.letter for s in ruleset.seats]
    n = len(seat_letters)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[: len(players)]
    if not players:
        raise ValueError("a match needs at least one engine")
    if lineups is None:
        if len(players) == 1:
            lineups = ["A" * n]
        elif n == 2:
            lineups = [a + b for i, a in enumerate(letters) for b in letters[i + 1 :]]
        else:
            lineups = [a + b * 3 for a in letters for b in letters if a != b]
    for lineup in lineups:
        if len(lineup) != n or any(c not in letters for c in lineup):
            raise ValueError(f"lineup {lineup!r}: {n} letters from {letters} (one per seat)")
    specs: List[GameSpec] = []
    for _ in range(rounds):
        for opening in openings:
            for lineup in lineups:
                for r in range(n):
                    rotated = lineup[-r:] + lineup[:-r] if r else lineup
                    seats = tuple((seat_letters[i], players[letters.index(c)]) for i, c in enumerate(rotated))
                    specs.append(GameSpec(len(specs) + 1, opening, seats, time, ply_cap, lineup, r, event))
    return specs


@dataclasses.dataclass
class Clock:
    """A seat's clock: seconds left on the main time (byoyomi and increment as USI)."""

    remaining: float


def _limit(tc: TimeControl, clocks: Mapping[str, Clock], in_game: Sequence[str]) -> Limit:
    if tc.clocked():
        return Limit(
            time=tc.movetime,
            nodes=tc.nodes,
            depth=tc.depth,
            clock={s: clocks[s].remaining for s in in_game} if tc.base is not None else None,
            inc={s: tc.inc for s in in_game} if tc.inc else None,
            byoyomi={s: tc.byoyomi for s in in_game} if tc.byoyomi else None,
        )
    return Limit(time=tc.movetime, nodes=tc.nodes, depth=tc.depth)


def _allowed(tc: TimeControl, clock: Clock) -> float:
    """Seconds the mover has for this move before it loses on time (or counts as hung)."""
    if tc.clocked():
        return clock.remaining + tc.byoyomi + tc.inc + tc.margin
    if tc.movetime is not None:
        return tc.movetime + tc.margin
    return tc.hang


async def _start(player: Player, ruleset: Ruleset) -> EngineProtocol:
    _, protocol = await popen_engine(list(player.command), options=dict(player.options) or None)
    if ruleset == Ruleset.YONO and "usi_variant" not in protocol.options:
        await protocol.quit()
        raise EngineProtocolError("the engine does not declare USI_Variant: it cannot play Yo[n]o")
    return protocol


async def play_game(spec: GameSpec) -> Dict[str, Any]:
    """Plays one game and returns its log entry (see docs/PROTOCOL.md); nothing is
    written (so a game can run on another machine): :func:`write_records` writes its
    records."""
    loop = asyncio.get_running_loop()
    seats = dict(spec.seats)
    start = spec.opening.position()
    ruleset = start.ruleset
    engines: Dict[str, Optional[EngineProtocol]] = {}
    failures: Dict[str, str] = {}
    for letter, player in spec.seats:
        try:
            engines[letter] = await _start(player, ruleset)
        except EngineError as e:
            engines[letter] = None
            failures[letter] = f"did not start: {e}"
    tc = spec.time
    clocks = {s: Clock(tc.base or 0.0) for s in seats}
    # A game may be cut into segments when a seat forfeits: each segment is a record.
    # The first record starts where the opening does, with the opening's moves.
    book = list(spec.opening.moves)
    segments: List[Dict[str, Any]] = [
        {"start": Game(spec.opening.start).text(), "moves": book, "comments": ["opening"] * len(book)}
    ]
    position = Game(start.text())
    forfeits: List[Dict[str, Any]] = []
    fallen: List[EngineProtocol] = []
    plies = 0
    reason = ""
    scores: List[Optional[float]] = []

    def forfeit(letter: str, why: str) -> Optional[str]:
        """The seat falls; returns the game's end reason if that ended it."""
        nonlocal position
        forfeits.append({"seat": letter, "reason": why, "ply": plies})
        engine = engines.get(letter)
        if engine is not None:
            # Killed now, reaped when the game ends (a kill left to a task that the end
            # of the loop cancels leaves the process unwaited and its pipes open).
            try:
                engine.process.kill()
            except ProcessLookupError:
                pass
            fallen.append(engine)
            engines[letter] = None
        if ruleset == Ruleset.SHOGI:
            return f"{letter} forfeited: {why}"
        try:
            after, _fell = remove_seats(position, [SEAT_LETTERS.index(letter)])
        except ValueError as e:
            return f"{letter} forfeited: {why}; adjudicated ({e})"
        position = after
        segments.append({"start": after.text(), "moves": [], "comments": [], "after_forfeit": letter})
        if after.is_game_over():
            return f"{letter} forfeited: {why}; won by {after.winner()}"
        return None

    try:
        while True:
            if position.is_game_over():
                status = str(position.status())
                winner = position.winner()
                reason = f"won by {winner}" if winner is not None else "drawn by repetition"
                del status
                break
            if plies >= spec.ply_cap:
                reason = f"adjudicated at the ply cap ({spec.ply_cap} plies)"
                break
            letter = position.turn.letter
            if letter in failures:
                end = forfeit(letter, failures.pop(letter))
                if end is not None:
                    reason = end
                    break
                continue
            engine = engines[letter]
            assert engine is not None
            in_game = [s.letter for s in position.seats]
            limit = _limit(tc, clocks, in_game)
            allowed = _allowed(tc, clocks[letter])
            began = loop.time()
            why: Optional[str] = None
            move: Optional[Move] = None
            try:
                result = await asyncio.wait_for(engine.play(position, limit, timeout=allowed + 5), allowed)
                move = result.move
                if move is None:
                    why = "resigned" if result.resigned else "answered no move"
            except asyncio.TimeoutError:
                why = "lost on time" if tc.clocked() or tc.movetime is not None else f"hung (no move in {tc.hang:g} s)"
            except EngineProtocolError as e:
                why = f"illegal move: {e}"
            except EngineTimeoutError as e:
                why = f"hung: {e}"
            except EngineTerminatedError as e:
                why = f"crashed: {e}"
            except EngineError as e:
                why = f"engine error: {e}"
            used = loop.time() - began
            if why is None and tc.clocked():
                c = clocks[letter]
                if used > c.remaining + tc.byoyomi + tc.inc + tc.margin:
                    why = "lost on time"
                else:
                    c.remaining = max(0.0, c.remaining - used) + tc.inc
            if why is not None:
                end = forfeit(letter, why)
                if end is not None:
                    reason = end
                    break
                continue
            assert move is not None
            position.push(move)
            segments[-1]["moves"].append(move.usi())
            segments[-1]["comments"].append(f"{used:.3f}s")
            plies += 1
    finally:
        final_scores = _final_scores(position, ruleset, forfeits, reason)
        scores = final_scores
        for letter, engine in engines.items():
            if engine is None:
                continue
            try:
                engine._send(_gameover_line(ruleset, scores, letter))
            except EngineError:
                pass
            await engine.quit()
        for engine in fallen:
            await engine._kill()
            engine._release()

    entry: Dict[str, Any] = {
        "game": spec.index,
        "event": spec.event,
        "ruleset": ruleset.label,
        "opening": spec.opening.name,
        "opening_moves": list(spec.opening.moves),
        "lineup": spec.lineup,
        "rotation": spec.rotation,
        "players": {s: p.name for s, p in spec.seats},
        "time_control": tc.describe(),
        "plies": plies,
        "reason": reason,
        "forfeits": forfeits,
        "scores": {SEAT_LETTERS[i]: v for i, v in enumerate(scores) if v is not None},
        "places": places(scores),
        "segments": segments,
    }
    return entry


def _final_scores(position: Game, ruleset: Ruleset, forfeits: Sequence[Mapping[str, Any]], reason: str) -> List[Optional[float]]:
    if ruleset == Ruleset.SHOGI and forfeits:
        loser = forfeits[-1]["seat"]
        return [None if s not in "sn" else (0.0 if s == loser else 1.0) for s in SEAT_LETTERS]
    if position.is_game_over() and position.winner() is not None:
        return [None if v is None else float(v) for v in position.scores()]
    return shared_scores(position)


def _gameover_line(ruleset: Ruleset, scores: Sequence[Optional[float]], letter: str) -> str:
    p = places(scores)
    if ruleset == Ruleset.SHOGI:
        mine = p[letter]
        other = [v for k, v in p.items() if k != letter][0]
        return "gameover " + ("draw" if mine == other else "win" if mine < other else "lose")
    return "gameover " + " ".join(f"{s} {p[s]}" for s in SEAT_LETTERS if s in p)


def write_records(spec: GameSpec, entry: Dict[str, Any], out_dir: Path) -> List[str]:
    """Writes a game's record (one per segment: a forfeit in four seats starts a new
    segment from the position after the seat's removal) into ``out_dir/games`` and
    notes their paths in the entry's ``records``."""
    games_dir = out_dir / "games"
    games_dir.mkdir(parents=True, exist_ok=True)
    names = [f"game-{spec.index:05d}" + (f"-{k + 1}" if k else "") + ".yono" for k in range(len(entry["segments"]))]
    for k, seg in enumerate(entry["segments"]):
        record = Record(Game(seg["start"]))
        for mv, comment in zip(seg["moves"], seg["comments"]):
            record.push(mv, comment)
        record.set_meta("event", spec.event)
        record.set_meta("round", str(spec.index))
        for letter, player in spec.seats:
            record.set_meta(dict(zip("swne", ("south", "west", "north", "east")))[letter], player.name)
        record.set_meta("time-control", entry["time_control"])
        record.set_meta("opening", spec.opening.name)
        if k + 1 < len(names):
            record.set_meta("termination", f"{entry['segments'][k + 1]['after_forfeit']} forfeited: {entry['forfeits'][k]['reason']}"[:1000])
            record.set_meta("continued-in", names[k + 1])
        else:
            record.set_meta("termination", entry["reason"][:1000] or "unknown")
            record.set_meta(
                "match-scores", " ".join(f"{s}={v:g}" for s, v in entry["scores"].items())
            )
        if k:
            record.set_meta("continues", names[k - 1])
        (games_dir / names[k]).write_text(record.save())
    paths = [f"games/{n}" for n in names]
    entry["records"] = paths
    return paths


class Log:
    """Where finished games go: their records and one JSON line each."""

    def __init__(self, out_dir: Optional[Path]) -> None:
        self.out_dir = out_dir
        self._file = None
        if out_dir is not None:
            out_dir.mkdir(parents=True, exist_ok=True)
            self._file = (out_dir / "games.jsonl").open("a")

    def add(self, spec: GameSpec, entry: Dict[str, Any]) -> None:
        """Writes a finished game."""
        if self.out_dir is not None and self._file is not None:
            write_records(spec, entry, self.out_dir)
            self._file.write(json.dumps(entry) + "\n")
            self._file.flush()

    def close(self) -> None:
        """Closes the log file."""
        if self._file is not None:
            self._file.close()


async def run_games(
    specs: Sequence[GameSpec],
    concurrency: int = 2,
    out_dir: Optional[Path] = None,
    on_result: Optional[Callable[[Dict[str, Any]], bool]] = None,
) -> List[Dict[str, Any]]:
    """Plays the games, ``concurrency`` at a time, writing each one's records and
    log line as it finishes; ``on_result(entry)`` may return True to stop the match
    early (an SPRT decided: games in progress finish, no new one starts). Returns the
    entries in schedule order."""
    queue: "asyncio.Queue[GameSpec]" = asyncio.Queue()
    for s in specs:
        queue.put_nowait(s)
    results: Dict[int, Dict[str, Any]] = {}
    stop = asyncio.Event()
    log = Log(out_dir)

    async def worker() -> None:
        while not stop.is_set():
            try:
                spec = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            entry = await play_game(spec)
            results[spec.index] = entry
            log.add(spec, entry)
            if on_result is not None and on_result(entry):
                stop.set()

    try:
        await asyncio.gather(*(worker() for _ in range(max(1, concurrency))))
    finally:
        log.close()
    return [results[i] for i in sorted(results)]
