"""Throughput of yono's Python bindings against cshogi and python-shogi (same run).

Not a test: run through ``bash yono-py/bench/run.sh``, which makes a virtualenv with
the three packages. Standard Shogi is measured on positions taken from seeded random
games (each library works from the same SFENs, and their legal-move counts are checked
to agree first); Yo[n]o Shogi is measured on positions of seeded random Yo[n]o games.

Measured, per library:
  * movegen  - legal-move generation: calls/s and moves/s, materialising the full list
               (``list(board.legal_moves)``; yono: ``pos.legal_moves`` and the batch
               ``pos.legal_move_codes()``);
  * push/pop - every legal move of every position pushed and popped: pairs/s;
  * perft    - a Python-level perft (push/pop recursion) from the start: nodes/s;
  * playout  - random games from the start (uniform legal moves, up to a ply limit),
               driven from Python: plies/s;
  * batch APIs (yono only): ``pos.legal_move_bytes()`` (the codes packed in bytes) for movegen,
    ``pos.playout()`` (the playout loop in Rust), ``pos.perft(d)`` (perft in Rust).

The "yono (batch)" column shows the batch APIs; the "yono" column uses the same
per-call Python loop as the other libraries (``pos.legal_moves``: Move objects).
"""

import argparse
import random
import sys
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

import yono

# The peers are optional, and may ship no type information.
try:
    import cshogi  # type: ignore[import-untyped,import-not-found,unused-ignore]
except ImportError:  # pragma: no cover
    cshogi = None  # type: ignore[assignment,unused-ignore]
try:
    import shogi as pyshogi  # type: ignore[import-untyped,import-not-found,unused-ignore]
except ImportError:  # pragma: no cover
    pyshogi = None  # type: ignore[assignment,unused-ignore]


def sample_positions(ruleset: str, games: int, plies: int, seed: int) -> List[yono.Game]:
    """Positions from seeded random games (every ply up to `plies`, ongoing only)."""
    rng = random.Random(seed)
    out: List[yono.Game] = []
    for _ in range(games):
        pos = yono.Game(ruleset=ruleset)
        for _ in range(plies):
            if pos.is_game_over():
                break
            out.append(pos.copy(stack=False))
            pos.push(rng.choice(pos.legal_moves))
    return out


def best_time(fn: Callable[[], int], min_time: float, min_runs: int = 3) -> Tuple[float, int]:
    """Runs fn at least `min_runs` times and for at least `min_time` seconds; returns
    (the shortest time of one call, the count fn returned). The shortest run is the
    one least disturbed by the rest of a shared machine; every library is timed the
    same way."""
    fn()  # warm up
    best = float("inf")
    count = 0
    runs = 0
    start = time.perf_counter()
    while runs < min_runs or time.perf_counter() - start < min_time:
        t = time.perf_counter()
        count = fn()
        best = min(best, time.perf_counter() - t)
        runs += 1
    return best, count


# ---- per-library workloads ---------------------------------------------------------


class Lib:
    """One library's view of the benchmark positions. The loops are written once, here;
    a library says how a board is made, how its moves are listed and counted and when
    a game is over."""

    name = ""

    def board(self, sfen: Optional[str] = None) -> Any:
        """A board at ``sfen`` (None: the start)."""
        raise NotImplementedError

    def legal_list(self, board: Any) -> List[Any]:
        return list(board.legal_moves)

    def counter(self) -> Callable[[Any], int]:
        """How perft counts the moves of its last ply (one call a board)."""
        return lambda board: len(self.legal_list(board))

    def is_over(self, board: Any) -> bool:
        raise NotImplementedError

    def playouts(self, games: int, max_plies: int, seed: int) -> int:
        """Random games from the start (uniform legal moves); returns plies played."""
        return self.python_playouts(games, max_plies, seed)

    def python_playouts(self, games: int, max_plies: int, seed: int) -> int:
        """The playout loop in Python, the same for every library."""
        rng = random.Random(seed)
        plies = 0
        for _ in range(games):
            board = self.board()
            for _ in range(max_plies):
                moves = self.legal_list(board)
                if not moves or self.is_over(board):
                    break
                board.push(rng.choice(moves))
                plies += 1
        return plies

    def movegen(self) -> int:
        return sum(self.counts())

    def pushpop(self) -> int:
        """Every legal move of every position pushed and popped; returns the pairs. The
        same loop for every library (push and pop looked up once per board)."""
        n = 0
        for board, moves in self.boards_and_moves():
            push, pop = board.push, board.pop
            for m in moves:
                push(m)
                pop()
            n += len(moves)
        return n

    def boards_and_moves(self) -> List[Tuple[Any, List[Any]]]:
        """Each board (position object) with the legal moves that pushpop plays there."""
        raise NotImplementedError

    def counts(self) -> List[int]:
        raise NotImplementedError

    def perft(self, depth: int) -> int:
        """Perft from the start by push and pop, the last ply counted by counter()."""
        board = self.board()
        count = self.counter()

        def rec(d: int) -> int:
            if d == 1:
                return count(board)
            total = 0
            for m in self.legal_list(board):
                board.push(m)
                total += rec(d - 1)
                board.pop()
            return total

        return rec(depth)


class Yono(Lib):
    name = "yono"

    def __init__(self, positions: List[yono.Game]) -> None:
        self.positions = [p.copy() for p in positions]
        self.moves = [p.legal_moves for p in self.positions]

    def board(self, sfen: Optional[str] = None) -> Any:
        return yono.Game.shogi() if sfen is None else yono.Game.from_sfen(sfen)

    def legal_list(self, board: Any) -> List[Any]:
        moves: List[Any] = board.legal_moves  # already a new list
        return moves

    def counter(self) -> Callable[[Any], int]:
        return yono.Game.legal_move_count

    def is_over(self, board: Any) -> bool:
        return False  # a game that is over has no legal moves

    def boards_and_moves(self) -> List[Tuple[Any, List[Any]]]:
        return list(zip(self.positions, self.moves))

    def movegen_codes(self) -> int:
        total = 0
        for p in self.positions:
            total += len(p.legal_move_bytes()) // 2
        return total

    def counts(self) -> List[int]:
        return [len(p.legal_moves) for p in self.positions]

    def playouts(self, games: int, max_plies: int, seed: int) -> int:
        plies = 0
        for g in range(games):
            pos = yono.Game.shogi()
            plies += pos.playout(max_plies, seed=seed + g)
        return plies


class Peer(Lib):
    """A peer library's board class: how a board is made from an SFEN (None: the
    start), when a game is over and, where the library has a faster way, how its
    moves are counted are all that differ between peers."""

    def __init__(
        self,
        name: str,
        make_board: Callable[[Optional[str]], Any],
        is_over: Callable[[Any], bool],
        sfens: List[str],
        count: Optional[Callable[[Any], int]] = None,
    ) -> None:
        self.name = name
        self.make_board = make_board
        self.game_over = is_over
        self.count = count
        self.boards = [self.board(s) for s in sfens]
        self.moves = [list(b.legal_moves) for b in self.boards]

    def board(self, sfen: Optional[str] = None) -> Any:
        return self.make_board(sfen)

    def is_over(self, board: Any) -> bool:
        return self.game_over(board)

    def counter(self) -> Callable[[Any], int]:
        return super().counter() if self.count is None else self.count

    def boards_and_moves(self) -> List[Tuple[Any, List[Any]]]:
        return list(zip(self.boards, self.moves))

    def counts(self) -> List[int]:
        return [len(list(b.legal_moves)) for b in self.boards]


def cshogi_peer(sfens: List[str]) -> Peer:
    assert cshogi is not None
    return Peer(
        "cshogi",
        lambda sfen: cshogi.Board() if sfen is None else cshogi.Board(sfen),
        lambda board: bool(board.is_draw() == cshogi.REPETITION_DRAW),
        sfens,
        count=lambda board: len(board.legal_moves),  # cshogi's move list has a length
    )


def pyshogi_peer(sfens: List[str]) -> Peer:
    assert pyshogi is not None
    return Peer(
        "python-shogi",
        lambda sfen: pyshogi.Board() if sfen is None else pyshogi.Board(sfen),
        lambda board: bool(board.is_fourfold_repetition()),
        sfens,
    )


# ---- reporting ---------------------------------------------------------------------


def fmt(x: float) -> str:
    return f"{x:,.0f}"


def pushpop_only(libs: List[Lib], ypositions: List[yono.Game], t: float) -> int:
    """The push+pop rows alone (``--only pushpop``): pairs/s per library, the ratios
    to yono, and yono's Yo[n]o push+pop."""
    rates: Dict[str, float] = {}
    for lib in libs:
        sec, pairs = best_time(lib.pushpop, max(t, 2.0) if lib.name == "python-shogi" else t)
        rates[lib.name] = pairs / sec
    print(f"\n{'metric':<28}" + "".join(f"{n:>16}" for n in rates))
    print(f"{'push+pop pairs / s':<28}" + "".join(f"{fmt(v):>16}" for v in rates.values()))
    for name, rate in rates.items():
        if name != "yono":
            print(f"  yono / {name:<13} {rates['yono'] / rate:8.2f}x   ({1e9 / rates['yono']:.1f} ns vs {1e9 / rate:.1f} ns per pair)")
    fine = pushpop_fine([lib for lib in libs if lib.name != "python-shogi"], t)
    print("\nSum over positions of each position's fastest push+pop loop (rounds alternate")
    print("between the libraries; a loaded machine's preemptions hardly reach so short a loop):")
    for name, ns in fine.items():
        print(f"  {name:<13} {ns:6.1f} ns per pair")
    if "cshogi" in fine:
        print(f"  yono / cshogi {fine['cshogi'] / fine['yono']:6.2f}x")
    sec, pairs = best_time(Yono(ypositions).pushpop, t)
    print(f"\nYo[n]o Shogi push+pop pairs / s {fmt(pairs / sec):>14}")
    return 0


def pushpop_fine(libs: List[Lib], t: float) -> Dict[str, float]:
    """ns per push+pop pair: for each position, the fastest of many timings of its
    push/pop loop (a few microseconds), summed over the positions."""
    clock = time.perf_counter_ns
    boards = {lib.name: lib.boards_and_moves() for lib in libs}
    best = {name: [float("inf")] * len(items) for name, items in boards.items()}
    start = time.perf_counter()
    while time.perf_counter() - start < t:
        for name, items in boards.items():
            fastest = best[name]
            for i, (board, moves) in enumerate(items):
                push, pop = board.push, board.pop
                t0 = clock()
                for m in moves:
                    push(m)
                    pop()
                dt = clock() - t0
                if dt < fastest[i]:
                    fastest[i] = dt
    return {
        name: sum(fastest) / sum(len(m) for _, m in boards[name]) for name, fastest in best.items()
    }


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--time", type=float, default=1.0, help="seconds per measurement (default 1)")
    ap.add_argument("--games", type=int, default=4, help="random games for the sample positions")
    ap.add_argument("--plies", type=int, default=120, help="plies per random game")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--perft-depth", type=int, default=3, help="Python-level perft depth (Shogi)")
    ap.add_argument("--playouts", type=int, default=40, help="random playouts per library")
    ap.add_argument("--playout-plies", type=int, default=256, help="ply limit of a playout")
    ap.add_argument(
        "--only",
        choices=["pushpop"],
        help="measure only these rows (pushpop: the push+pop pairs of every library, Shogi and Yo[n]o)",
    )
    args = ap.parse_args(argv)

    from importlib.metadata import version

    print(f"python {sys.version.split()[0]}, yono {yono.__version__}", end="")
    if cshogi is not None:
        print(f", cshogi {version('cshogi')}", end="")
    if pyshogi is not None:
        print(f", python-shogi {version('python-shogi')}", end="")
    print()

    # -- standard Shogi --------------------------------------------------------------
    positions = sample_positions("shogi", args.games, args.plies, args.seed)
    sfens = [p.sfen() for p in positions]
    libs: List[Lib] = [Yono(positions)]
    if cshogi is not None:
        libs.append(cshogi_peer(sfens))
    if pyshogi is not None:
        libs.append(pyshogi_peer(sfens))
    reference = libs[0].counts()
    for lib in libs[1:]:
        other = lib.counts()
        bad = [i for i, (a, b) in enumerate(zip(reference, other)) if a != b]
        if bad:
            i = bad[0]
            print(f"MISMATCH: {lib.name} finds {other[i]} legal moves in {sfens[i]}, yono {reference[i]}")
            return 1
    total_moves = sum(reference)
    print(
        f"\nStandard Shogi: {len(positions)} positions from {args.games} seeded random games, "
        f"{total_moves} legal moves in all (all libraries agree on every count)"
    )

    if args.only == "pushpop":
        return pushpop_only(libs, ypositions=sample_positions("yono", args.games, args.plies, args.seed), t=args.time)

    results: Dict[str, Dict[str, float]] = {}
    rows: List[Tuple[str, str, float, str]] = []
    for lib in libs:
        t = args.time if lib.name != "python-shogi" else max(args.time, 2.0)
        r: Dict[str, float] = {}
        sec, moves = best_time(lib.movegen, t)
        r["movegen_calls"] = len(positions) / sec
        r["movegen_moves"] = moves / sec
        sec, pairs = best_time(lib.pushpop, t)
        r["pushpop"] = pairs / sec
        best, nodes = best_time(lambda: lib.perft(args.perft_depth), t)
        r["perft"] = nodes / best
        games = args.playouts if lib.name != "python-shogi" else max(1, args.playouts // 20)
        best, plies = best_time(lambda: lib.playouts(games, args.playout_plies, args.seed), t)
        r["playout"] = plies / best
        results[lib.name] = r
        if isinstance(lib, Yono):
            sec, moves = best_time(lib.movegen_codes, t)
            results["yono (batch)"] = {
                "movegen_calls": len(positions) / sec,
                "movegen_moves": moves / sec,
                "playout": r["playout"],
            }
            # The per-call figures use the same Python loop as the other libraries.
            best, plies = best_time(
                lambda: lib.python_playouts(args.playouts, args.playout_plies, args.seed), t
            )
            r["playout"] = plies / best

    metrics = [
        ("movegen_calls", "legal-move lists / s"),
        ("movegen_moves", "legal moves listed / s"),
        ("pushpop", "push+pop pairs / s"),
        ("perft", f"Python perft({args.perft_depth}) nodes / s"),
        ("playout", "random-playout plies / s"),
    ]
    names = list(results)
    print(f"\n{'metric':<28}" + "".join(f"{n:>16}" for n in names))
    for key, label in metrics:
        line = f"{label:<28}"
        for n in names:
            v = results[n].get(key)
            line += f"{fmt(v) if v is not None else '-':>16}"
        print(line)

    print("\nRatios (yono / other; > 1 means yono is faster):")
    for peer in ("cshogi", "python-shogi"):
        if peer not in results:
            continue
        for key, label in metrics:
            y = results["yono"][key]
            o = results[peer][key]
            extra = ""
            batch = results["yono (batch)"].get(key)
            if batch is not None:
                extra = f"   (batch API: {batch / o:.2f}x)"
            print(f"  vs {peer:<13} {label:<28} {y / o:8.2f}x{extra}")

    # Perft inside Rust.
    pos = yono.Game.shogi()
    for depth in (4, 5):
        start = time.perf_counter()
        nodes = pos.perft(depth)
        sec = time.perf_counter() - start
        print(f"\nyono pos.perft({depth}) in Rust (Shogi start): {nodes:,} nodes in {sec:.2f} s = {fmt(nodes / sec)} nodes/s", end="")
    print()

    # -- Yo[n]o ------------------------------------------------------------------------
    ypositions = sample_positions("yono", args.games, args.plies, args.seed)
    ylib = Yono(ypositions)
    ymoves = sum(ylib.counts())
    sec, moves = best_time(ylib.movegen, args.time)
    y_calls, y_moves = len(ypositions) / sec, moves / sec
    sec, moves = best_time(ylib.movegen_codes, args.time)
    y_codes = moves / sec
    sec, pairs = best_time(ylib.pushpop, args.time)
    y_pushpop = pairs / sec
    print(f"\nYo[n]o Shogi: {len(ypositions)} positions from {args.games} seeded random games, {ymoves} legal moves")
    print(f"  legal-move lists / s        {fmt(y_calls):>14}")
    print(f"  legal moves listed / s      {fmt(y_moves):>14}   (bytes API: {fmt(y_codes)})")
    print(f"  push+pop pairs / s          {fmt(y_pushpop):>14}")
    ystart = yono.Game()
    for depth in (4, 5):
        t0 = time.perf_counter()
        nodes = ystart.perft(depth)
        sec = time.perf_counter() - t0
        print(f"  pos.perft({depth}) in Rust      {nodes:>14,} nodes, {fmt(nodes / sec)} nodes/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
