"""A learning baseline for Yo[n]o Shogi in numpy (no deep-learning framework): a
policy that learns to beat three random players on a 2-core CPU.

    python train.py                       # the full run (about 15-20 minutes on 2 cores)
    python train.py --quick               # the short run (about a minute)
    python train.py --out run.json        # also write the learning curve and scores

South learns; West, North and East play uniformly random moves inside
``yono.VectorEnv`` (in Rust, without the GIL). Three phases:

1. **Data:** yono-engine plays South (``VectorEnv.step(engine=NODES)``) against the
   random seats; each South position is kept with the engine's move.
2. **Behaviour cloning:** a softmax policy over South's legal-action list
   (``VectorEnv.legal_actions``) learns to pick the engine's move (cross-entropy, Adam).
3. **Policy gradient:** the policy plays South itself (moves sampled from it, given to
   the env as indices into the legal lists: ``step(choices=...)``) and is pushed
   towards the moves of the games it scored well in (REINFORCE with a mean baseline).

The policy scores each legal action by a sum of learned weights, one for each of
about 30 features of the action, all read from the observation planes: the kind that
moves (or is dropped) and whether it promotes, crossed with what stands on the target
square, on each neighbouring square of the target and of the source, the first piece
along each of the eight lines from the target (and how far), the target square, and
the distance from the target to each King. (A linear model over such features is the
classic move predictor of early Go programs; it is cheap enough to train in numpy.)

Mean scores are South's Yo[n]o score (3 the winner, 0 the first out; 1.5 is an equal
share), greedy play (the highest-scoring action) over fresh games. docs/ML.md has the
learning curve and the final scores with the command that made them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt

import yono

SOUTH = yono.Seat.SOUTH.index
MAX_SCORE = 3

# ---- Features --------------------------------------------------------------------
# Squares in the mover's frame: row = index // 9 (0 = the far edge), col = index % 9.
# Index 81 stands for "off the board".
OFF = 81
DIRECTIONS = [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1)]
#: Piece ids: 0 empty, 1 + r * 14 + k for relative seat r and kind k, 57 off the board.
PIECE_IDS = 58
#: Moved ids: 2 * m + promote, m = kind 0-13 for a board move, 14 + hand kind for a
#: drop, 21 for the pass.
MOVED_IDS = 44
RAY_BUCKETS = 3
KING_BUCKETS = 7


def _tables() -> Tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    neighbours = np.full((82, 8), OFF, np.int64)
    rays = np.full((81, 8, 8), OFF, np.int64)
    for sq in range(81):
        row, col = divmod(sq, 9)
        for d, (dr, dc) in enumerate(DIRECTIONS):
            for step in range(1, 9):
                r, c = row + dr * step, col + dc * step
                if not (0 <= r < 9 and 0 <= c < 9):
                    break
                rays[sq, d, step - 1] = r * 9 + c
            neighbours[sq, d] = rays[sq, d, 0]
    return neighbours, rays


NEIGHBOURS, RAYS = _tables()
ROWS = np.arange(82) // 9
COLS = np.arange(82) % 9

# Feature groups: (name, size); each action has one id per group member.
GROUPS = [
    ("target", MOVED_IDS * PIECE_IDS),
    ("target neighbours", MOVED_IDS * 8 * PIECE_IDS),
    ("target lines", MOVED_IDS * 8 * PIECE_IDS * RAY_BUCKETS),
    ("source neighbours", MOVED_IDS * 8 * PIECE_IDS),
    ("target square", MOVED_IDS * 81),
    ("enemy Kings", MOVED_IDS * 3 * KING_BUCKETS),
    ("own King", MOVED_IDS * KING_BUCKETS),
]
OFFSETS = dict(zip([g for g, _ in GROUPS], np.cumsum([0] + [s for _, s in GROUPS])[:-1].tolist()))
NUM_WEIGHTS = int(sum(s for _, s in GROUPS))
PARTS = yono.ACTION_PARTS.astype(np.int64)


def piece_ids(observations: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """(N, 81) piece ids from (N, 96, 9, 9) observations."""
    planes = observations[:, :56].reshape(len(observations), 56, 81)
    occupied = planes.any(axis=1)
    return np.where(occupied, planes.argmax(axis=1) + 1, 0).astype(np.uint8)


def square_features(pids: npt.NDArray[np.uint8]) -> Tuple[Any, Any, Any, Any]:
    """Per position (N) and square (82, the last off the board): the board of piece
    ids, the pieces on the 8 neighbouring squares, the first piece along each of the
    8 lines and how far it is (bucketed), and the King squares by relative seat."""
    n = len(pids)
    board = np.concatenate([pids.astype(np.int64), np.full((n, 1), PIECE_IDS - 1)], axis=1)
    rows = np.arange(n)[:, None, None]
    neighbours = board[rows, NEIGHBOURS[None]]  # (N, 82, 8)
    occupied = board != 0  # the off-board sentinel stops every line
    first = occupied[rows[..., None], RAYS[None]].argmax(axis=-1)  # (N, 81, 8)
    first_sq = np.take_along_axis(np.broadcast_to(RAYS, (n, 81, 8, 8)), first[..., None], axis=-1)[..., 0]
    lines = board[rows, first_sq] * RAY_BUCKETS + np.minimum(first, RAY_BUCKETS - 1)
    kings = np.full((n, 4), -1, np.int64)
    for r in range(4):
        is_king = board[:, :81] == 1 + r * 14
        kings[:, r] = np.where(is_king.any(axis=1), is_king.argmax(axis=1), -1)
    return board, neighbours, lines, kings


def action_features(pids: npt.NDArray[np.uint8], legal: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Feature ids (N, L, 30) of the actions `legal` (N, L; padding -1 allowed) in the
    positions whose piece ids are `pids` (N, 81)."""
    board, neighbours, lines, kings = square_features(pids)
    rows = np.arange(len(pids))[:, None]
    parts = PARTS[legal]  # padding -1 reads the last row (the pass); masked later
    source, target, promote = parts[..., 0], parts[..., 1], parts[..., 2]
    drop_or_pass = np.where(source == 88, 21, np.minimum(source, 87) - 81 + 14)
    moved = np.where(source < 81, board[rows, np.minimum(source, 80)] - 1, drop_or_pass)
    m2 = np.clip(moved, 0, 21) * 2 + promote
    src_sq = np.where(source < 81, source, OFF)
    # Distances (Chebyshev) from the target to each King: 0-5, 6 = no King.
    dist = np.maximum(
        np.abs(ROWS[target][..., None] - (kings // 9)[:, None, :]),
        np.abs(COLS[target][..., None] - (kings % 9)[:, None, :]),
    )
    dist = np.where(kings[:, None, :] >= 0, np.minimum(dist, KING_BUCKETS - 2), KING_BUCKETS - 1)
    m2d = m2[..., None] * 8 + np.arange(8)  # (N, L, 8)
    feats = [
        (OFFSETS["target"] + m2 * PIECE_IDS + board[rows, target])[..., None],
        OFFSETS["target neighbours"] + m2d * PIECE_IDS + neighbours[rows, target],
        OFFSETS["target lines"] + m2d * (PIECE_IDS * RAY_BUCKETS) + lines[rows, target],
        OFFSETS["source neighbours"] + m2d * PIECE_IDS + neighbours[rows, src_sq],
        (OFFSETS["target square"] + m2 * 81 + target)[..., None],
        OFFSETS["enemy Kings"] + (m2[..., None] * 3 + np.arange(3)) * KING_BUCKETS + dist[..., 1:],
        (OFFSETS["own King"] + m2 * KING_BUCKETS + dist[..., 0])[..., None],
    ]
    return np.concatenate(feats, axis=-1)


# ---- The policy ------------------------------------------------------------------


@dataclass
class Policy:
    """A softmax over legal actions of the sum of the weights of their features."""

    weights: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(NUM_WEIGHTS))
    # Adam state.
    m: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(NUM_WEIGHTS))
    v: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(NUM_WEIGHTS))
    t: int = 0

    def logits(self, feats: npt.NDArray[np.int64], valid: npt.NDArray[np.bool_]) -> npt.NDArray[np.float64]:
        logits = self.weights[feats].sum(axis=-1)
        return np.where(valid, logits, -np.inf)

    def adam(self, grad: npt.NDArray[np.float64], lr: float) -> None:
        """One Adam step *down* `grad`."""
        self.t += 1
        b1, b2 = 0.9, 0.999
        self.m = b1 * self.m + (1 - b1) * grad
        self.v = b2 * self.v + (1 - b2) * grad * grad
        m_hat = self.m / (1 - b1**self.t)
        v_hat = self.v / (1 - b2**self.t)
        self.weights -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def softmax(logits: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    z = logits - logits.max(axis=-1, keepdims=True)
    e = np.exp(z)
    out: npt.NDArray[np.float64] = e / e.sum(axis=-1, keepdims=True)
    return out


def log_likelihood_grad(
    policy: Policy,
    feats: npt.NDArray[np.int64],
    valid: npt.NDArray[np.bool_],
    chosen: npt.NDArray[np.int64],
    scale: npt.NDArray[np.float64],
) -> Tuple[npt.NDArray[np.float64], float]:
    """The gradient of -sum(scale * log pi(chosen)) and the mean -log pi(chosen)."""
    probs = softmax(policy.logits(feats, valid))
    b = np.arange(len(chosen))
    nll = -np.log(np.maximum(probs[b, chosen], 1e-12))
    g = probs
    g[b, chosen] -= 1.0
    g *= scale[:, None]
    g = np.where(valid, g, 0.0)
    grad = np.bincount(
        feats.reshape(-1),
        weights=np.broadcast_to(g[..., None], feats.shape).reshape(-1),
        minlength=NUM_WEIGHTS,
    ).astype(np.float64)
    return grad, float(nll.mean())


def choose(
    policy: Policy,
    pids: npt.NDArray[np.uint8],
    legal: npt.NDArray[np.int16],
    counts: npt.NDArray[np.int32],
    rng: Optional[np.random.Generator],
) -> npt.NDArray[np.int64]:
    """An index into each legal list: the best action (rng None) or a sample."""
    valid = np.arange(legal.shape[1]) < counts[:, None]
    logits = policy.logits(action_features(pids, legal.astype(np.int64)), valid)
    if rng is not None:
        logits = logits + rng.gumbel(size=logits.shape)
    return np.asarray(logits.argmax(axis=1), np.int64)


# ---- Playing ---------------------------------------------------------------------


def outcome_score(env: yono.VectorEnv, i: int) -> float:
    """South's score in game i, whose episode just ended: its place, or at a cut-off
    the place of a draw among the seats still in."""
    if env.seat_terminated[i, SOUTH]:
        return (float(env.rewards[i, SOUTH]) + 1.0) * MAX_SCORE / 2
    return yono.draw_place(int(env.seat_truncated[i].sum()), "yono")


def evaluate(
    policy: Optional[Policy], games: int, seed: int, threads: int, opponent: str = "random",
    nodes: int = 200, engine_south: int = 0, max_plies: int = yono.DEFAULT_MAX_PLIES,
    sample: bool = False,
) -> Tuple[float, float]:
    """South's mean score (and its 95% half-interval) over `games` fresh games, one per
    slot: `policy` (its best action, or with `sample` a sampled one), or the engine at
    `engine_south` nodes, or random moves. A game cut off at `max_plies` scores the
    place of a draw among the seats left."""
    rng = np.random.default_rng(seed) if sample else None
    env = yono.VectorEnv(games, seed=seed, agents=["s"], opponent=opponent, engine_nodes=nodes,
                         masks=False, threads=threads, max_plies=max_plies)
    scores = np.full(games, np.nan)
    while np.isnan(scores).any():
        if engine_south:
            env.step(engine=engine_south)
        elif policy is None:
            env.step()
        else:
            # Only the games still to be scored need the policy (the others play their
            # first legal move until the last game ends).
            active = np.flatnonzero(np.isnan(scores))
            choices = np.zeros(games, np.int64)
            legal, counts = env.legal_actions[active], env.legal_counts[active]
            legal = legal[:, : counts.max()]
            choices[active] = choose(policy, piece_ids(env.observations[active]), legal, counts, rng)
            env.step(choices=choices)
        for i in np.flatnonzero((env.terminated | env.truncated) & np.isnan(scores)).tolist():
            scores[i] = outcome_score(env, i)
    half = 1.96 * scores.std(ddof=1) / np.sqrt(games)
    return float(scores.mean()), float(half)


@dataclass
class Samples:
    """South positions with the index of the chosen action in the legal list, built
    up by `add` and frozen into arrays by `freeze` (legal lists stored end to end)."""

    pids: List[npt.NDArray[np.uint8]] = field(default_factory=list)
    legal: List[npt.NDArray[np.int16]] = field(default_factory=list)
    chosen: List[int] = field(default_factory=list)

    def add(self, pids: npt.NDArray[np.uint8], legal: npt.NDArray[np.int16], chosen: int) -> None:
        self.pids.append(pids)
        self.legal.append(legal)
        self.chosen.append(chosen)

    def __len__(self) -> int:
        return len(self.chosen)

    def freeze(self) -> "Dataset":
        counts = np.array([len(r) for r in self.legal], np.int64)
        return Dataset(
            pids=np.stack(self.pids) if self.pids else np.zeros((0, 81), np.uint8),
            flat=np.concatenate(self.legal).astype(np.int16) if self.legal else np.zeros(0, np.int16),
            offsets=np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64),
            counts=counts,
            chosen=np.array(self.chosen, np.int64),
        )


@dataclass
class Dataset:
    pids: npt.NDArray[np.uint8]
    flat: npt.NDArray[np.int16]
    offsets: npt.NDArray[np.int64]
    counts: npt.NDArray[np.int64]
    chosen: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.chosen)

    def batch(self, idx: npt.NDArray[np.int64]) -> Tuple[Any, Any, Any]:
        """Features, validity and chosen indices of the samples `idx`."""
        counts = self.counts[idx]
        cols = np.arange(counts.max())
        valid = cols < counts[:, None]
        at = np.minimum(self.offsets[idx, None] + cols, len(self.flat) - 1)
        legal = np.where(valid, self.flat[at], -1).astype(np.int64)
        return action_features(self.pids[idx], legal), valid, self.chosen[idx]


def collect_engine_games(samples: int, envs: int, nodes: int, seed: int, threads: int) -> Dataset:
    """The engine playing South against random seats; its moves are the labels."""
    env = yono.VectorEnv(envs, seed=seed, agents=["s"], masks=False, threads=threads)
    data = Samples()
    while len(data) < samples:
        pids = piece_ids(env.observations)
        counts = env.legal_counts.copy()
        legal = env.legal_actions.copy()
        env.step(engine=nodes)
        played = env.played_actions
        for i in range(envs):
            row = legal[i, : counts[i]]
            data.add(pids[i], row, int(np.flatnonzero(row == played[i])[0]))
    return data.freeze()


# ---- Training --------------------------------------------------------------------


@dataclass
class Run:
    """What a run measured: the learning curve and the final scores."""

    args: Dict[str, Any]
    curve: List[Dict[str, Any]] = field(default_factory=list)
    results: Dict[str, Any] = field(default_factory=dict)
    started: float = field(default_factory=time.perf_counter)

    def point(self, phase: str, step: int, policy: Optional[Policy], seed: int, **extra: float) -> float:
        """Evaluates `policy` (None: random moves) and adds it to the curve."""
        a = self.args
        score, half = evaluate(policy, a["eval_games"], seed, a["threads"], max_plies=a["eval_max_plies"])
        entry = {"phase": phase, "step": step, "seconds": time.perf_counter() - self.started,
                 "cpu_seconds": time.process_time(), "score": score, "half_interval": half,
                 **extra}
        self.curve.append(entry)
        print(f"[{entry['seconds']:7.1f} s] {phase:>5} {step:5d}: score {score:.3f} ± {half:.3f}"
              + "".join(f", {k} {v:.3f}" for k, v in extra.items()), flush=True)
        return score


def behaviour_cloning(run: Run, policy: Policy, data: Dataset, epochs: int, batch_size: int,
                      lr: float, seed: int) -> None:
    rng = np.random.default_rng(seed)
    steps = 0
    for epoch in range(epochs):
        order = rng.permutation(len(data))
        losses = []
        for start in range(0, len(order) - batch_size + 1, batch_size):
            feats, valid, chosen = data.batch(order[start : start + batch_size])
            grad, nll = log_likelihood_grad(policy, feats, valid, chosen, np.full(len(chosen), 1.0 / len(chosen)))
            policy.adam(grad, lr)
            losses.append(nll)
            steps += 1
        run.point("bc", epoch + 1, policy, seed + 1000, loss=float(np.mean(losses)))


def policy_gradient(run: Run, policy: Policy, iterations: int, envs: int, episodes: int, lr: float,
                    eval_every: int, max_plies: int, seed: int, threads: int) -> None:
    """REINFORCE: play `episodes` South games per iteration with moves sampled from the
    policy, then raise the log-probability of each game's moves by its score minus
    the iteration's mean score."""
    rng = np.random.default_rng(seed)
    env = yono.VectorEnv(envs, seed=seed, agents=["s"], masks=False, threads=threads,
                         max_plies=max_plies)
    # Per slot, the game in progress: (piece ids, legal list, chosen index) per move.
    pending: List[List[Tuple[Any, Any, int]]] = [[] for _ in range(envs)]
    for it in range(1, iterations + 1):
        finished: List[Tuple[List[Tuple[Any, Any, int]], float]] = []
        while len(finished) < episodes:
            pids = piece_ids(env.observations)
            legal, counts = env.legal_actions.copy(), env.legal_counts.copy()
            choices = choose(policy, pids, legal, counts, rng)
            env.step(choices=choices)
            for i in range(envs):
                pending[i].append((pids[i], legal[i, : counts[i]], int(choices[i])))
            for i in np.flatnonzero(env.terminated | env.truncated).tolist():
                finished.append((pending[i], outcome_score(env, i)))
                pending[i] = []
        scores = np.array([s for _, s in finished])
        advantage = scores - scores.mean()
        samples = Samples()
        weights: List[float] = []
        for (moves, _), adv in zip(finished, advantage):
            for p, row, c in moves:
                samples.add(p, row, c)
                weights.append(adv)
        data = samples.freeze()
        w = np.array(weights) / len(finished)
        for start in range(0, len(data), 4096):
            idx = np.arange(start, min(start + 4096, len(data)))
            feats, valid, chosen = data.batch(idx)
            grad, _ = log_likelihood_grad(policy, feats, valid, chosen, w[idx])
            # Descending the gradient of -sum(adv * log pi) raises good games' moves.
            policy.adam(grad, lr)
        if it % eval_every == 0 or it == iterations:
            run.point("pg", it, policy, seed + 2000, train_score=float(scores.mean()))


def main(argv: Optional[List[str]] = None) -> Run:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the short run (about a minute)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--samples", type=int, help="engine positions to imitate")
    parser.add_argument("--engine-nodes", type=int, default=200)
    parser.add_argument("--bc-epochs", type=int)
    parser.add_argument("--pg-iterations", type=int)
    parser.add_argument("--eval-games", type=int)
    parser.add_argument("--final-games", type=int)
    parser.add_argument("--engine-games", type=int, help="final games against the engine")
    parser.add_argument("--out", help="write the curve and scores here (JSON)")
    args = parser.parse_args(argv)
    quick = args.quick
    cfg: Dict[str, Any] = {
        "samples": args.samples or (5000 if quick else 60_000),
        "bc_epochs": args.bc_epochs or (2 if quick else 3),
        "pg_iterations": args.pg_iterations if args.pg_iterations is not None else (1 if quick else 16),
        "pg_episodes": 64 if quick else 128,
        # Training games and the curve's games are cut shorter than the final ones
        # (a cut-off game scores a draw among the seats left): the long tail of slow
        # games would otherwise take most of the time.
        "pg_max_plies": 600 if quick else 2000,
        "eval_games": args.eval_games or (64 if quick else 128),
        "eval_max_plies": 600 if quick else 2000,
        "final_games": args.final_games or (128 if quick else 1024),
        "engine_games": args.engine_games if args.engine_games is not None else (0 if quick else 128),
        "engine_nodes": args.engine_nodes,
        "seed": args.seed,
        "threads": args.threads,
    }
    cfg["final_max_plies"] = 600 if quick else yono.DEFAULT_MAX_PLIES
    run = Run(args=cfg)
    seed, threads = cfg["seed"], cfg["threads"]
    policy = Policy()
    # Before any learning the policy's scores are all equal: it plays random moves.
    run.point("start", 0, None, seed + 1000)
    data = collect_engine_games(cfg["samples"], 64, cfg["engine_nodes"], seed, threads)
    print(f"[{time.perf_counter() - run.started:7.1f} s] {len(data)} engine moves collected", flush=True)
    behaviour_cloning(run, policy, data, cfg["bc_epochs"], 512, 0.05, seed)
    del data
    if cfg["pg_iterations"]:
        policy_gradient(run, policy, cfg["pg_iterations"], 128, cfg["pg_episodes"], 0.01,
                        1 if quick else 4, cfg["pg_max_plies"], seed + 7, threads)
    final = cfg["final_games"], seed + 5000, threads
    score, half = evaluate(policy, *final, max_plies=cfg["final_max_plies"])
    random_score, random_half = evaluate(None, *final, max_plies=cfg["final_max_plies"])
    run.results = {
        "score_vs_random": score, "score_vs_random_half_interval": half,
        "random_vs_random": random_score, "random_vs_random_half_interval": random_half,
    }
    if cfg["engine_games"]:
        # The engines are deterministic, so are greedy moves: every game would be the
        # same. Against them the policy samples its moves, which makes the games differ.
        against = (cfg["engine_games"], seed + 6000, threads, "engine", cfg["engine_nodes"])
        vs, vs_half = evaluate(policy, *against, max_plies=cfg["final_max_plies"], sample=True)
        rnd, rnd_half = evaluate(None, *against, max_plies=cfg["final_max_plies"])
        run.results.update(score_vs_engine=vs, score_vs_engine_half_interval=vs_half,
                           random_vs_engine=rnd, random_vs_engine_half_interval=rnd_half)
    run.results["seconds"] = time.perf_counter() - run.started
    run.results["cpu_seconds"] = time.process_time()
    print(json.dumps(run.results, indent=1), flush=True)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"args": run.args, "curve": run.curve, "results": run.results}, f, indent=1)
    return run


if __name__ == "__main__":
    main(sys.argv[1:])
