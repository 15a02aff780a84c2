"""``python -m yono.match``: the match runner's command line (docs/PROTOCOL.md)."""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any, Dict, List, Optional, Sequence

from . import Player, Sprt, SprtResult, TimeControl, run_match

EXAMPLES = """examples:
  four seats, the engine against itself, 2 random openings in every rotation:
    python -m yono.match --variant yono --engine A=yono-engine --nodes 2000
  two engines, 10 s + 0.1 s per move, 4 games at once, records in out/:
    python -m yono.match --variant shogi --engine new=./new-engine --engine old=yono-engine \\
        --tc 10+0.1 --concurrency 4 --openings 50 --out out
  is A stronger than B (four seats, A against three copies of B)?
    python -m yono.match --variant yono --engine A=yono-engine --engine B=yono-engine \\
        --option B:Noise=100 --nodes 2000 --openings 500 --sprt 0,0.2
"""


def parse_args(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m yono.match",
        description="Play engines speaking the yono protocol against each other, in two or four seats.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--variant", choices=["yono", "shogi"], default="yono", help="the game (default yono)")
    p.add_argument("--engine", action="append", required=True, metavar="NAME=COMMAND",
                   help="an engine: its name and command line (repeat for each engine)")
    p.add_argument("--option", action="append", default=[], metavar="NAME:OPTION=VALUE",
                   help="a setoption for one engine, e.g. B:Noise=50")
    p.add_argument("--tc", metavar="BASE[+INC]", help="a clock per seat: seconds, plus an increment per move")
    p.add_argument("--byoyomi", type=float, default=0.0, metavar="S", help="byoyomi seconds per move")
    p.add_argument("--movetime", type=float, metavar="S", help="a fixed time per move, in seconds")
    p.add_argument("--nodes", type=int, metavar="N", help="a node limit per move")
    p.add_argument("--depth", type=int, metavar="D", help="a depth limit per move")
    p.add_argument("--margin", type=float, default=0.5, metavar="S",
                   help="grace seconds before a seat loses on time (default 0.5)")
    p.add_argument("--hang", type=float, default=60.0, metavar="S",
                   help="seconds a node- or depth-limited move may take before the engine counts as hung (default 60)")
    p.add_argument("--book", metavar="FILE", help="an opening book (one opening per line)")
    p.add_argument("--openings", type=int, default=2, metavar="N", help="random openings to draw without a book (default 2)")
    p.add_argument("--random-plies", type=int, default=4, metavar="N", help="plies of each random opening (default 4)")
    p.add_argument("--seed", type=int, default=1, help="the seed of the random openings (default 1)")
    p.add_argument("--lineup", action="append", metavar="LETTERS",
                   help="who sits where, one letter per seat in turn order (A = the first engine): e.g. ABBB; repeatable")
    p.add_argument("--rounds", type=int, default=1, help="times to play the whole schedule (default 1)")
    p.add_argument("--ply-cap", type=int, default=400, help="plies after which a game is adjudicated (default 400)")
    p.add_argument("--concurrency", type=int, default=2, help="games at once (default 2)")
    p.add_argument("--out", metavar="DIR", help="write the records, games.jsonl and crosstable.txt here")
    p.add_argument("--sprt", metavar="LOW,HIGH[,ALPHA,BETA]",
                   help="stop when the SPRT decides whether A is stronger than B (two seats: Elo; four seats: points above 1.5)")
    p.add_argument("--ray", metavar="ADDRESS", help="play the games on a Ray cluster (\"local\": a Ray on this machine)")
    p.add_argument("--quiet", action="store_true", help="print only the crosstable")
    return p.parse_args(argv)


def _time_control(a: argparse.Namespace) -> TimeControl:
    base: Optional[float] = None
    inc = 0.0
    if a.tc:
        parsed = TimeControl.parse(a.tc)
        base, inc = parsed.base, parsed.inc
    tc = TimeControl(base=base, inc=inc, byoyomi=a.byoyomi, movetime=a.movetime, nodes=a.nodes,
                     depth=a.depth, margin=a.margin, hang=a.hang)
    if not (tc.clocked() or tc.movetime or tc.nodes or tc.depth):
        tc = TimeControl(nodes=2000, margin=a.margin, hang=a.hang)
    return tc


def _players(a: argparse.Namespace) -> List[Player]:
    players = [Player.parse(spec) for spec in a.engine]
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise ValueError("every engine needs a name of its own")
    options: Dict[str, List[tuple[str, str]]] = {}
    for spec in a.option:
        who, sep, rest = spec.partition(":")
        name, eq, value = rest.partition("=")
        if not sep or not eq or who not in names:
            raise ValueError(f"an option is NAME:OPTION=VALUE with NAME one of {', '.join(names)}, got {spec!r}")
        options.setdefault(who, []).append((name, value))
    return [Player(p.name, p.command, tuple(options.get(p.name, []))) for p in players]


def main(argv: Optional[Sequence[str]] = None) -> int:
    a = parse_args(argv)
    try:
        players = _players(a)
        test = None
        if a.sprt:
            values = [float(v) for v in a.sprt.split(",")]
            if len(values) not in (2, 4):
                raise ValueError("--sprt is LOW,HIGH or LOW,HIGH,ALPHA,BETA")
            test = Sprt(*values)
        done = [0]

        def report(entry: Dict[str, Any], state: Optional[SprtResult]) -> None:
            done[0] += 1
            if a.quiet:
                return
            who = " ".join(f"{s}={p}" for s, p in entry["players"].items())
            scores = " ".join(f"{s} {v:g}" for s, v in entry["scores"].items())
            line = f"game {entry['game']}: {who}: {scores} ({entry['reason']}, {entry['plies']} plies)"
            if state is not None:
                line += f"  [SPRT llr {state.llr:.2f} in ({state.lower:.2f}, {state.upper:.2f})]"
            print(line, flush=True)

        summary = run_match(
            players, a.variant, time=_time_control(a), book=a.book, random_plies=a.random_plies,
            openings=a.openings, seed=a.seed, lineups=a.lineup, rounds=a.rounds, ply_cap=a.ply_cap,
            concurrency=a.concurrency, out_dir=a.out, test=test, ray_address=a.ray, on_game=report,
        )
    except (ValueError, OSError) as e:
        print(f"yono.match: {e}", file=sys.stderr)
        return 2
    print()
    print(summary.table)
    if summary.sprt is not None:
        s = summary.sprt
        verdict = {"H1": "H1 accepted: A is stronger", "H0": "H0 accepted: A is not stronger"}.get(
            s.decision or "", "undecided")
        print(f"SPRT: llr {s.llr:.3f} (bounds {s.lower:.3f}, {s.upper:.3f}) over {s.units} units, mean {s.mean:.3f}: {verdict}")
    if any(math.isnan(r.mean) for r in summary.rows):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
