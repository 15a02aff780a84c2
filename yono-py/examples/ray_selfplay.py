"""Self-play data generation on Ray: each task steps a yono.VectorEnv (random or
engine moves, chosen in Rust without the GIL) until it has finished a number of games,
and writes their samples to one .npz shard.

    pip install "yono" ray
    python ray_selfplay.py --out shards --tasks 8 --envs 64 --games 64
    python ray_selfplay.py --policy engine:200 ...   # engine self-play
    python ray_selfplay.py --local ...               # Ray on this machine only

    from ray_selfplay import load_shards
    data = load_shards("shards")                     # every shard, concatenated

A shard holds one sample per position where a seat was to move, of the games that
finished in the task (samples of games still running at the end are dropped):
``observations`` (n, 96, 9, 9) uint8; ``masks_packed`` (n, 1712) uint8, the legal-action
mask packed with ``numpy.packbits`` (``load_shards`` unpacks it to ``masks``);
``actions`` (n,) int64, the action played (mover's frame); ``to_play`` (n,) int8;
``plies`` (n,) int32, the ply of the position; ``game_ids`` (n,) int64, unique across
the shards of a run (task number * 2**32 + the env's game id); and ``outcomes`` (n,)
float32, the final reward of the seat that moved: ``2 * place / max - 1`` with shared
places averaged (docs/ML.md), every seat's kept, a seat that fell early included.
A game cut off at ``--max-plies`` (``yono.DEFAULT_MAX_PLIES`` by default, which 99% of
random games end before) gives the seats still in it the value of a draw among them as
a bootstrap, and marks their samples in ``bootstrapped`` (n,) bool.

With a cluster, start Ray as usual (``ray start --head`` ...) and run this without
``--local``; the driver only collects the shard paths.
"""

from __future__ import annotations

import argparse
import glob
import os
import time
from typing import Any, Dict, List, Optional

import numpy as np

import yono

FIELDS = ("observations", "masks_packed", "actions", "to_play", "plies", "game_ids",
          "outcomes", "bootstrapped")


def generate_shard(
    shard: int,
    out_dir: str,
    envs: int,
    games: int,
    seed: int,
    ruleset: str = "yono",
    max_plies: int = yono.DEFAULT_MAX_PLIES,
    policy: str = "random",
) -> Dict[str, object]:
    """Plays until `games` games have finished in `envs` parallel games (every seat
    chosen by `policy`: "random" or "engine:NODES"); writes their samples to
    out_dir/shard-XXXXX.npz and returns its path and counts."""
    env = yono.VectorEnv(envs, ruleset, seed=seed + shard, max_plies=max_plies)
    nodes: Optional[int] = int(policy.split(":", 1)[1]) if policy.startswith("engine:") else None
    rules = env.position(0).ruleset
    # Per slot, the samples of the game in progress: (obs, packed mask, seat, ply).
    pending: List[List[Any]] = [[] for _ in range(envs)]
    # Per slot, the outcome of each seat decided so far in the game in progress.
    decided: List[Dict[int, float]] = [{} for _ in range(envs)]
    out: Dict[str, List[Any]] = {name: [] for name in FIELDS}
    finished = 0
    plies = np.zeros(envs, np.int32)
    while finished < games:
        obs, masks = env.observations, env.masks
        assert masks is not None
        before = [(obs[i].copy(), np.packbits(masks[i]), int(env.to_play[i])) for i in range(envs)]
        ids = env.game_ids.copy()
        env.step(engine=nodes) if nodes else env.step()
        actions = env.played_actions
        for i in range(envs):
            pending[i].append((*before[i], int(actions[i]), int(plies[i])))
        plies += 1
        terminated, truncated = env.seat_terminated, env.seat_truncated
        for i in np.flatnonzero(terminated.any(axis=1)).tolist():
            for seat in np.flatnonzero(terminated[i]):
                decided[i][int(seat)] = float(env.rewards[i, seat])
        for i in np.flatnonzero(env.terminated | env.truncated).tolist():
            # Seats still in at a cut-off: the value of a draw among them.
            still_in = [int(s) for s in np.flatnonzero(truncated[i])]
            if still_in:
                place = yono.draw_place(len(still_in), rules)
                for s in still_in:
                    decided[i][s] = yono.place_reward(place, rules.max_score)
            # Games beyond the count asked for (several may end in one step) are dropped.
            for o, m, seat, action, ply in pending[i] if finished < games else []:
                out["observations"].append(o)
                out["masks_packed"].append(m)
                out["actions"].append(action)
                out["to_play"].append(seat)
                out["plies"].append(ply)
                out["game_ids"].append((shard << 32) + int(ids[i]))
                out["outcomes"].append(decided[i][seat])
                out["bootstrapped"].append(seat in still_in)
            pending[i], decided[i] = [], {}
            plies[i] = 0
            finished = min(finished + 1, games)
    path = os.path.join(out_dir, f"shard-{shard:05d}.npz")
    n = len(out["actions"])
    np.savez_compressed(
        path,
        observations=np.array(out["observations"], np.uint8).reshape(n, *yono.OBSERVATION_SHAPE),
        masks_packed=np.array(out["masks_packed"], np.uint8).reshape(n, -1),
        actions=np.array(out["actions"], np.int64),
        to_play=np.array(out["to_play"], np.int8),
        plies=np.array(out["plies"], np.int32),
        game_ids=np.array(out["game_ids"], np.int64),
        outcomes=np.array(out["outcomes"], np.float32),
        bootstrapped=np.array(out["bootstrapped"], np.bool_),
    )
    return {"path": path, "samples": n, "games": len(set(out["game_ids"]))}


def load_shards(path: str) -> Dict[str, np.ndarray]:
    """Every shard under `path` (a directory, a glob or one .npz file), concatenated
    field by field, with the masks unpacked to ``masks`` (n, ACTION_SIZE) bool."""
    if os.path.isdir(path):
        files = sorted(glob.glob(os.path.join(path, "shard-*.npz")))
    else:
        files = sorted(glob.glob(path))
    if not files:
        raise FileNotFoundError(f"no shards at {path!r}")
    parts: Dict[str, List[np.ndarray]] = {name: [] for name in FIELDS}
    for file in files:
        with np.load(file) as data:
            for name in FIELDS:
                parts[name].append(data[name])
    merged = {name: np.concatenate(arrays) for name, arrays in parts.items()}
    masks = np.unpackbits(merged.pop("masks_packed"), axis=1)[:, : yono.ACTION_SIZE]
    merged["masks"] = masks.astype(np.bool_)
    return merged


def main(argv: List[str] | None = None) -> List[Dict[str, object]]:
    import ray

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", default="shards")
    parser.add_argument("--tasks", type=int, default=4)
    parser.add_argument("--envs", type=int, default=32)
    parser.add_argument("--games", type=int, default=32, help="finished games per task")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ruleset", default="yono", choices=["yono", "shogi"])
    parser.add_argument("--max-plies", type=int, default=yono.DEFAULT_MAX_PLIES)
    parser.add_argument("--policy", default="random", help='"random" or "engine:NODES"')
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
    task: Any = ray.remote(generate_shard)
    refs = [
        task.remote(s, out_dir, args.envs, args.games, args.seed, args.ruleset,
                    args.max_plies, args.policy)
        for s in range(args.tasks)
    ]
    results: List[Dict[str, object]] = ray.get(refs)
    elapsed = time.perf_counter() - started
    samples = sum(int(str(r["samples"])) for r in results)
    print(f"{len(results)} shards, {samples} samples in {elapsed:.1f} s -> {out_dir}")
    return results


if __name__ == "__main__":
    main()
