"""VectorEnv steps per second at 1 and 2 threads through the Python API (random moves,
observations and masks written every step), for several batch sizes.

    python ml_threads.py --games 256 --threads 2 --seconds 2      # one measurement
    python ml_threads.py --compare OTHER_PYTHON --rounds 5         # alternated runs

With ``--compare``, each round runs every (games, threads) measurement in this
interpreter and in OTHER_PYTHON (e.g. a virtualenv with another build of yono), one
after the other in alternating order, so that a change of the machine's load hits both
alike; it prints the range of each over the rounds.
"""

import argparse
import subprocess
import sys
import time
from typing import Dict, List, Tuple

import yono


def measure(games: int, threads: int, seconds: float) -> float:
    env = yono.VectorEnv(games, "yono", seed=1, threads=threads, max_plies=6000)
    for _ in range(20):
        env.step()
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.step()
        steps += games
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description="VectorEnv steps/s at 1 and 2 threads")
    parser.add_argument("--games", type=int, default=256)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--compare", help="another Python with yono installed")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sizes", default="8,64,256,1024")
    args = parser.parse_args()
    if not args.compare:
        print(f"{measure(args.games, args.threads, args.seconds):.0f}")
        return
    pythons = {"this": sys.executable, "other": args.compare}
    results: Dict[Tuple[str, int, int], List[float]] = {}
    for r in range(args.rounds):
        order = list(pythons.items()) if r % 2 == 0 else list(reversed(pythons.items()))
        for games in [int(s) for s in args.sizes.split(",")]:
            for threads in ((1, 2) if r % 2 == 0 else (2, 1)):
                for name, python in order:
                    out = subprocess.run(
                        [python, __file__, "--games", str(games), "--threads", str(threads),
                         "--seconds", str(args.seconds)],
                        capture_output=True, text=True, check=True,
                    ).stdout
                    value = float(out.strip())
                    results.setdefault((name, games, threads), []).append(value)
                    print(f"round {r} {name:5s} games {games:5d} threads {threads}: {value:,.0f}",
                          file=sys.stderr, flush=True)
    print("| build | games | 1 thread (k steps/s) | 2 threads (k steps/s) | 2 / 1 per round |")
    print("|---|---|---|---|---|")
    for name in pythons:
        for games in [int(s) for s in args.sizes.split(",")]:
            one, two = results[(name, games, 1)], results[(name, games, 2)]
            ratios = [b / a for a, b in zip(one, two)]
            print(f"| {name} | {games} | {min(one)/1e3:.0f}-{max(one)/1e3:.0f} | "
                  f"{min(two)/1e3:.0f}-{max(two)/1e3:.0f} | {min(ratios):.2f}-{max(ratios):.2f} |")


if __name__ == "__main__":
    main()
