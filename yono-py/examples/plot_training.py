"""Draws the learning curve of a train.py run (its --out JSON) as a PNG.

    pip install matplotlib
    python plot_training.py run.json docs/ml-learning-curve.png
"""

from __future__ import annotations

import json
import sys
from typing import Any, Dict, List


def main(argv: List[str]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if len(argv) != 2:
        sys.exit("usage: plot_training.py RUN.json OUT.png")
    with open(argv[0], encoding="utf-8") as f:
        run: Dict[str, Any] = json.load(f)
    curve = run["curve"]
    fig, ax = plt.subplots(figsize=(7.5, 4.2), dpi=110)
    colours = {"start": "grey", "bc": "tab:blue", "pg": "tab:orange"}
    names = {"start": "random moves", "bc": "behaviour cloning (per epoch)",
             "pg": "policy gradient"}
    for phase in ("start", "bc", "pg"):
        points = [p for p in curve if p["phase"] == phase]
        if not points:
            continue
        ax.errorbar([p["seconds"] / 60 for p in points], [p["score"] for p in points],
                    yerr=[p["half_interval"] for p in points], fmt="o-", capsize=3,
                    color=colours[phase], label=names[phase])
    res = run["results"]
    ax.axhline(1.5, color="grey", ls=":", lw=1, label="equal share (1.5)")
    ax.axhline(2.0, color="green", ls="--", lw=1, label="goal (2.0)")
    ax.errorbar([res["seconds"] / 60], [res["score_vs_random"]],
                yerr=[res["score_vs_random_half_interval"]], fmt="*", ms=12, capsize=3,
                color="tab:red", label=f"final, {run['args']['final_games']} games")
    ax.set_xlabel("minutes (2-core machine, shared)")
    ax.set_ylabel("South's mean score vs 3 random players")
    ax.set_ylim(1.0, 3.0)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    ax.set_title("yono-py/examples/train.py: numpy policy, Yo[n]o, South vs random")
    fig.tight_layout()
    fig.savefig(argv[1])
    print(f"wrote {argv[1]}")


if __name__ == "__main__":
    main(sys.argv[1:])
