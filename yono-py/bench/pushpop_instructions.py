"""The workload of the push+pop instruction count (``pushpop_instructions.sh``).

Builds the bench's 480 standard Shogi positions (4 seeded random games of 120 plies,
as ``bench.py`` does), lists each position's legal moves once, then pushes and pops
every one of them ``--passes`` times. Run under ``valgrind --tool=callgrind`` twice
with different ``--passes``: the difference of the two totals divided by the extra
pairs is the cost of one push+pop pair, without the set-up.
"""

import argparse
import random
from typing import Any, List, Tuple

import yono

#: The history-keeping class (``yono.Game``; ``yono.Position`` before the rename), so
#: that the same script measures both sides of the change.
GameClass: Any = yono.Game if hasattr(yono, "Record") else yono.Position


def positions(games: int = 4, plies: int = 120, seed: int = 2024) -> List[Tuple[Any, List[Any]]]:
    rng = random.Random(seed)
    out: List[Tuple[Any, List[Any]]] = []
    for _ in range(games):
        game = GameClass(ruleset="shogi")
        for _ in range(plies):
            if game.is_game_over():
                break
            here = game.copy(stack=False)
            out.append((here, here.legal_moves))
            game.push(rng.choice(game.legal_moves))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--passes", type=int, required=True)
    args = ap.parse_args()
    work = positions()
    pairs = 0
    for _ in range(args.passes):
        for game, moves in work:
            push, pop = game.push, game.pop
            for m in moves:
                push(m)
                pop()
            pairs += len(moves)
    print(f"pairs per pass {pairs // max(args.passes, 1)}")


if __name__ == "__main__":
    main()
