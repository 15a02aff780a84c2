"""Throughput of yono's machine-learning layer (docs/ML.md), with cshogi for scale.

Not a test: run through ``bash yono-py/bench/ml_run.sh`` (a virtualenv with cshogi,
PettingZoo and a release build of yono). Measured:

  * features+mask per position, standard Shogi, same positions for both libraries:
      - yono: ``pos.observation(out=...)`` (96 planes, uint8) and
        ``pos.legal_action_mask(out=...)`` (13,690 actions);
      - cshogi: ``board.piece_planes(out)`` (104 planes, float32) plus a mask of the
        dlshogi move labels (2,187) built from ``board.legal_moves``; and
        ``cshogi.dlshogi.make_input_features`` (dlshogi's 62 + 57 planes) plus the
        same mask.
    Both are driven by the same Python loop over pre-built position objects.
  * the same for yono on Yo[n]o positions;
  * VectorEnv random-policy steps/s (observations and masks written every step) on
    1 and 2 threads, as wall-clock steps/s and as steps per CPU-second of the process
    (the second is what a loaded machine still measures fairly);
  * the PettingZoo AEC env: steps/s with random legal actions;
  * the consumer's cost per step of choosing an action for every game, from the
    13,690-wide masks against the padded legal-action lists (numpy; torch too when it
    is installed), uniformly and from a policy's logits, beside the env's own step.
"""

import argparse
import random
import time
from typing import Any, Callable, Dict, List, Tuple

import numpy as np

import yono

# cshogi is optional, and ships no type information.
try:
    import cshogi  # type: ignore[import-untyped,import-not-found,unused-ignore]
    import cshogi.dlshogi as dlshogi  # type: ignore[import-untyped,import-not-found,unused-ignore]
except ImportError:  # pragma: no cover
    cshogi = None  # type: ignore[assignment,unused-ignore]


def shogi_sfens(n: int, seed: int = 1) -> List[str]:
    rng = random.Random(seed)
    out: List[str] = []
    while len(out) < n:
        pos = yono.Game.shogi()
        for _ in range(rng.randrange(10, 120)):
            moves = pos.legal_moves
            if not moves:
                break
            pos.push(rng.choice(moves))
        if pos.legal_moves:
            out.append(pos.sfen())
    return out


def yono_positions(n: int, seed: int = 2) -> List[yono.Game]:
    rng = random.Random(seed)
    out: List[yono.Game] = []
    while len(out) < n:
        pos = yono.Game()
        pos.playout(rng.randrange(10, 400), seed=rng.randrange(2**32))
        if pos.legal_moves:
            out.append(pos.copy(stack=False))
    return out


def per_item(fn: Callable[[], int], seconds: float) -> float:
    """Microseconds per item: repeats fn (which returns its item count) for `seconds`."""
    fn()  # warm up
    items, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        items += fn()
    return (time.perf_counter() - start) / items * 1e6


def bench_features(seconds: float) -> None:
    sfens = shogi_sfens(500)
    positions = [yono.Game(s) for s in sfens]
    obs = np.zeros(yono.OBSERVATION_SHAPE, np.uint8)
    mask = np.zeros(yono.ACTION_SIZE, np.bool_)

    def yono_run(ps: List[yono.Game] = positions) -> int:
        for p in ps:
            p.observation(out=obs)
            p.legal_action_mask(out=mask)
        return len(ps)

    rows: List[Tuple[str, float]] = [("yono observation + mask (Shogi)", per_item(yono_run, seconds))]
    ypos = yono_positions(500)
    rows.append(
        ("yono observation + mask (Yo[n]o)", per_item(lambda: yono_run(ypos), seconds))
    )
    if cshogi is not None:
        boards = [cshogi.Board(s) for s in sfens]
        for b, p in zip(boards, positions):
            assert len(list(b.legal_moves)) == p.legal_move_count()
        planes = np.zeros((104, 9, 9), np.float32)
        f1 = np.zeros((dlshogi.FEATURES1_NUM, 9, 9), np.float32)
        f2 = np.zeros((dlshogi.FEATURES2_NUM, 9, 9), np.float32)
        cmask = np.zeros(27 * 81, np.bool_)
        label = dlshogi.make_move_label

        def cshogi_mask(b: Any) -> None:
            """The legal-move mask of `b` into `cmask` (dlshogi's move labels)."""
            cmask[:] = False
            color = b.turn
            for mv in b.legal_moves:
                cmask[label(mv, color)] = True

        def cshogi_planes() -> int:
            for b in boards:
                b.piece_planes(planes)
                cshogi_mask(b)
            return len(boards)

        def cshogi_dlshogi() -> int:
            for b in boards:
                f1[:] = 0
                f2[:] = 0
                dlshogi.make_input_features(b, f1, f2)
                cshogi_mask(b)
            return len(boards)

        def cshogi_planes_only() -> int:
            for b in boards:
                b.piece_planes(planes)
            return len(boards)

        rows.append(("cshogi piece_planes + label mask (Shogi)", per_item(cshogi_planes, seconds)))
        rows.append(("cshogi dlshogi features + label mask (Shogi)", per_item(cshogi_dlshogi, seconds)))
        rows.append(("cshogi piece_planes alone (Shogi)", per_item(cshogi_planes_only, seconds)))
    print("\n## observation + legal-action mask, per position")
    for name, us in rows:
        print(f"  {name:48s} {us:8.2f} us")


def bench_vector_env(seconds: float, num_envs: int) -> None:
    print(f"\n## VectorEnv, random policy, {num_envs} games, observations + masks")
    for ruleset in ("yono", "shogi"):
        for threads in (1, 2):
            env = yono.VectorEnv(num_envs, ruleset, seed=1, threads=threads)
            for _ in range(10):
                env.step()
            steps, wall, cpu = 0, time.perf_counter(), time.process_time()
            while time.perf_counter() - wall < seconds:
                env.step()
                steps += num_envs
            wall = time.perf_counter() - wall
            cpu = time.process_time() - cpu
            print(
                f"  {ruleset:5s} threads={threads}: {steps / wall:12,.0f} steps/s wall,"
                f" {steps / cpu:12,.0f} steps per CPU-second"
            )


def bench_pettingzoo(seconds: float) -> None:
    try:
        from yono.env import env as make_env
    except ImportError:
        print("\n(PettingZoo not installed: env benchmark skipped)")
        return
    e = make_env(max_plies=2000)
    rng = np.random.default_rng(0)
    e.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
            else:
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            if time.perf_counter() - start >= seconds:
                break
        else:
            e.reset()
    print(f"\n## PettingZoo AEC env (Yo[n]o, random legal actions): "
          f"{steps / (time.perf_counter() - start):,.0f} steps/s")


def per_step(fn: Callable[[], object], seconds: float) -> float:
    """Milliseconds per call of fn, repeated for about `seconds`."""
    fn()
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        calls += 1
    return (time.perf_counter() - start) / calls * 1e3


def bench_consumer(seconds: float, num_envs: int) -> None:
    """What choosing the actions costs the caller, per step of `num_envs` games."""
    env = yono.VectorEnv(num_envs, seed=3, agents=["s"])
    for _ in range(100):  # typical mid-game positions
        env.step()
    masks = env.masks
    assert masks is not None
    legal, counts = env.legal_actions, env.legal_counts
    rng = np.random.default_rng(0)
    rows = np.arange(num_envs)
    logits = rng.standard_normal((num_envs, yono.ACTION_SIZE)).astype(np.float32)

    def mask_loop() -> object:
        return np.array([rng.choice(np.flatnonzero(m)) for m in masks], np.int64)

    def mask_nonzero() -> object:
        r, c = np.nonzero(masks)
        starts = np.searchsorted(r, rows)
        return c[starts + (rng.random(num_envs) * counts).astype(np.int64)]

    def mask_policy() -> object:
        scores = np.where(masks, logits, -np.inf) + rng.gumbel(size=logits.shape)
        return scores.argmax(axis=1)

    def mask_policy_cdf() -> object:
        weights = np.exp(logits - logits.max(axis=1, keepdims=True)) * masks
        cdf = np.cumsum(weights, axis=1)
        draw = rng.random(num_envs) * cdf[:, -1]
        return (cdf < draw[:, None]).sum(axis=1)

    def list_policy_cdf() -> object:
        valid = np.arange(legal.shape[1]) < counts[:, None]
        picked = np.take_along_axis(logits, np.maximum(legal, 0).astype(np.intp), axis=1)
        weights = np.exp(picked - picked.max(axis=1, keepdims=True)) * valid
        cdf = np.cumsum(weights, axis=1)
        draw = rng.random(num_envs) * cdf[:, -1]
        return (cdf < draw[:, None]).sum(axis=1)

    def list_uniform() -> object:
        return (rng.random(num_envs) * counts).astype(np.int64)

    def list_policy() -> object:
        valid = np.arange(legal.shape[1]) < counts[:, None]
        picked = np.take_along_axis(logits, np.maximum(legal, 0).astype(np.intp), axis=1)
        scores = np.where(valid, picked, -np.inf) + rng.gumbel(size=picked.shape)
        return scores.argmax(axis=1)

    rows_out: List[Tuple[str, float]] = [
        ("env.step() itself (random moves, 3 opponents)", per_step(env.step, seconds)),
        ("mask: rng.choice(np.flatnonzero(row)) per game", per_step(mask_loop, seconds)),
        ("mask: np.nonzero over the batch, one draw per row", per_step(mask_nonzero, seconds)),
        ("mask: policy, masked logits + Gumbel argmax (13,690 wide)", per_step(mask_policy, seconds)),
        ("mask: policy, masked softmax + inverse-CDF draw (13,690 wide)", per_step(mask_policy_cdf, seconds)),
        ("lists: uniform index below legal_counts", per_step(list_uniform, seconds)),
        (f"lists: policy, logits gathered at the lists + Gumbel argmax ({legal.shape[1]} wide)",
         per_step(list_policy, seconds)),
        ("lists: policy, gathered softmax + inverse-CDF draw", per_step(list_policy_cdf, seconds)),
    ]
    try:
        import torch  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        torch = None
    if torch is not None:
        t_masks, t_logits = torch.from_numpy(masks), torch.from_numpy(logits)
        t_legal = torch.from_numpy(np.maximum(legal, 0).astype(np.int64))
        t_valid = torch.from_numpy(np.arange(legal.shape[1]) < counts[:, None])

        def torch_mask() -> object:
            dist = torch.distributions.Categorical(logits=t_logits.masked_fill(~t_masks, float("-inf")))
            return dist.sample()

        def torch_list() -> object:
            picked = torch.gather(t_logits, 1, t_legal).masked_fill(~t_valid, float("-inf"))
            return torch.distributions.Categorical(logits=picked).sample()

        rows_out.append(("torch: Categorical over the masked 13,690 logits", per_step(torch_mask, seconds)))
        rows_out.append(("torch: Categorical over the gathered list logits", per_step(torch_list, seconds)))
    mean = float(counts.mean())
    print(f"\n## choosing actions for {num_envs} games (mean {mean:.0f} legal, width {legal.shape[1]}), ms per step")
    for name, ms in rows_out:
        print(f"  {name:72s} {ms:8.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description="yono ML-layer throughput")
    parser.add_argument("--time", type=float, default=2.0, help="seconds per measurement")
    parser.add_argument("--envs", type=int, default=256, help="VectorEnv games")
    parser.add_argument("--only", choices=["features", "vector", "pettingzoo", "consumer"])
    args = parser.parse_args()
    runs: Dict[str, Callable[[], None]] = {
        "features": lambda: bench_features(args.time),
        "vector": lambda: bench_vector_env(args.time, args.envs),
        "pettingzoo": lambda: bench_pettingzoo(args.time),
        "consumer": lambda: bench_consumer(args.time, args.envs),
    }
    for name, run in runs.items():
        if args.only in (None, name):
            run()


if __name__ == "__main__":
    main()
