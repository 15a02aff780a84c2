"""Self-play data generation on Ray: each task steps a yono.VectorEnv (random policy,
in Rust, without the GIL) and writes one shard of training samples as a .npz file.

    pip install "yono" ray
    python ray_selfplay.py --out shards --tasks 8 --envs 64 --steps 500
    python ray_selfplay.py --local ...   # Ray on this machine only, for a quick check

A shard holds, per sample (one position where a seat was to move):
``observations`` (n, 96, 9, 9) uint8, ``masks`` (n, ACTION_SIZE) bool (packed with
numpy.packbits along the last axis: ``masks_packed``), ``actions`` (n,) int64 (the
action played, in the mover's frame), ``to_play`` (n,) int8, and ``outcomes`` (n,)
float32: the final reward of the seat that moved (2 * score / max - 1, draws sharing
the places; NaN for games cut off by ``max_plies``). Samples of games still running
when the task ends are dropped, so every outcome is known. See docs/ML.md.

With a cluster, start Ray as usual (``ray start --head`` ...) and run this without
``--local``; the driver only collects the shard paths.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Dict, List

import numpy as np
import ray

import yono


def generate_shard(
    shard: int, out_dir: str, envs: int, steps: int, seed: int, ruleset: str, max_plies: int
) -> Dict[str, object]:
    """Plays `steps` batched random moves in `envs` games; writes the finished games'
    samples to out_dir/shard-XXXXX.npz and returns its path and counts."""
    env = yono.VectorEnv(envs, ruleset, seed=seed + shard, max_plies=max_plies)
    rng = np.random.default_rng(seed + shard)
    # Per game: the samples of the game in progress, until it ends.
    pending: List[List[tuple]] = [[] for _ in range(envs)]
    done_obs, done_masks, done_actions, done_play, done_outcomes = [], [], [], [], []
    totals = np.zeros((envs, 4), np.float32)
    games = 0
    obs, masks = env.observations, env.masks
    for _ in range(steps):
        # A random legal action per game (a trained policy would go here).
        actions = np.array(
            [rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64
        )
        to_play = env.to_play.copy()
        for i in range(envs):
            pending[i].append((obs[i].copy(), masks[i].copy(), actions[i], to_play[i]))
        _, _, rewards, terminated, truncated = env.step(actions)
        totals += rewards
        for i in np.flatnonzero(terminated | truncated):
            for o, m, a, p in pending[i]:
                done_obs.append(o)
                done_masks.append(m)
                done_actions.append(a)
                done_play.append(p)
                done_outcomes.append(totals[i, p] if terminated[i] else np.nan)
            pending[i] = []
            totals[i] = 0
            games += 1
    path = os.path.join(out_dir, f"shard-{shard:05d}.npz")
    n = len(done_actions)
    np.savez_compressed(
        path,
        observations=np.array(done_obs, np.uint8).reshape(n, *yono.OBSERVATION_SHAPE),
        masks_packed=np.packbits(np.array(done_masks, np.bool_).reshape(n, yono.ACTION_SIZE), axis=1),
        actions=np.array(done_actions, np.int64),
        to_play=np.array(done_play, np.int8),
        outcomes=np.array(done_outcomes, np.float32),
    )
    return {"path": path, "samples": n, "games": games}


def main(argv: List[str] | None = None) -> List[Dict[str, object]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="shards")
    parser.add_argument("--tasks", type=int, default=4)
    parser.add_argument("--envs", type=int, default=32)
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ruleset", default="yono", choices=["yono", "shogi"])
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--local", action="store_true", help="start Ray on this machine only")
    parser.add_argument("--local-cpus", type=int, default=2, help="CPUs for --local")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    out_dir = os.path.abspath(args.out)
    started = time.perf_counter()
    if not ray.is_initialized():
        if args.local:
            # A one-machine Ray started by this process (Ray 2.x dropped local_mode).
            ray.init(num_cpus=args.local_cpus, include_dashboard=False, log_to_driver=False)
        else:
            ray.init()
    task = ray.remote(generate_shard)
    refs = [
        task.remote(s, out_dir, args.envs, args.steps, args.seed, args.ruleset, args.max_plies)
        for s in range(args.tasks)
    ]
    results: List[Dict[str, object]] = ray.get(refs)
    elapsed = time.perf_counter() - started
    samples = sum(int(r["samples"]) for r in results)  # type: ignore[call-overload]
    print(f"{len(results)} shards, {samples} samples in {elapsed:.1f} s -> {out_dir}")
    return results


if __name__ == "__main__":
    main()
