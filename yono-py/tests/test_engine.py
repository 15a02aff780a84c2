"""yono.Engine: legal moves, the shared forced-elimination cases, determinism, limits,
threads, pickling and multiprocessing, and the README example."""

import multiprocessing
import pickle
import re
import threading

import pytest

from conftest import PY_ROOT, VECTORS

import yono
from yono import _yono


def _cases():
    out = []
    for line in (VECTORS / "engine_cases.txt").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        name, text, target, moves, solutions = line.split("|")
        out.append((name, text, target, int(moves), solutions.split()))
    return out


CASES = _cases()


def test_there_are_enough_cases() -> None:
    assert len(CASES) >= 10
    assert any(n for n, *_ in CASES if "seat-order" in n)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_finds_the_forced_elimination(case) -> None:
    name, text, target, moves, solutions = case
    pos = yono.Game(text)
    depth = len(pos.seats) * moves
    mv = yono.Engine().best_move(pos, depth=depth, nodes=2_000_000)
    assert str(mv) in solutions, f"{name}: {mv}"


def test_best_move_is_legal_in_both_rulesets() -> None:
    engine = yono.Engine(hash_mb=1)
    for pos in (yono.Game(), yono.Game.shogi()):
        for _ in range(6):
            mv = engine.best_move(pos, nodes=300)
            assert mv in pos.legal_moves
            pos.push(mv)


def test_analyse_fields() -> None:
    pos = yono.Game()
    info = yono.Engine().analyse(pos, depth=2)
    assert info.best_move in pos.legal_moves
    assert info.pv[0] == info.best_move
    assert info.depth == 2 and info.nodes > 0 and info.time >= 0 and not info.stopped
    assert len(info.eval) == 4
    assert abs(sum(e for e in info.eval if e is not None) - 6.0) < 0.01
    assert 0.0 <= info.score <= 3.0
    shogi = yono.Engine().analyse(yono.Game.shogi(), depth=1)
    assert shogi.eval[1] is None and shogi.eval[3] is None


def test_deterministic_for_nodes_and_seed() -> None:
    pos = yono.Game()
    for mv in ["5g5f", "7e6e", "5c5d", "3e4e"]:
        pos.push(mv)
    a = yono.Engine(seed=5, noise=20).analyse(pos, nodes=3000)
    b = yono.Engine(seed=5, noise=20).analyse(pos, nodes=3000)
    assert (a.best_move, a.pv, a.score, a.nodes) == (b.best_move, b.pv, b.score, b.nodes)


def test_an_engine_keeps_what_it_learnt_until_cleared() -> None:
    pos = yono.Game.shogi()
    fresh = yono.Engine().analyse(pos, depth=5)
    engine = yono.Engine()
    engine.analyse(pos, depth=5)
    kept = engine.analyse(pos, depth=5)
    engine.clear()
    cleared = engine.analyse(pos, depth=5)
    assert kept.nodes < fresh.nodes
    assert (cleared.best_move, cleared.nodes) == (fresh.best_move, fresh.nodes)


def test_errors() -> None:
    engine = yono.Engine()
    with pytest.raises(ValueError):
        engine.best_move(yono.Game())  # no limit
    with pytest.raises(ValueError):
        engine.best_move(yono.Game(), time=-1.0)
    with pytest.raises(ValueError):
        yono.Engine(hash_mb=0)
    over = yono.Game("8eK/9/7sG1/9/9/9/9/9/sK6sR1 s -/-/-/- s01e 1")
    over.push("2c2b")
    over.push("pass")
    assert over.is_game_over()
    with pytest.raises(ValueError, match="over"):
        engine.best_move(over, depth=1)


def test_stop_from_another_thread_and_gil_released() -> None:
    engine = yono.Engine(hash_mb=1)
    result = {}

    def search() -> None:
        # Stopped below long before the node limit; the limit only bounds the run
        # should the GIL ever be held (then this thread would be the only one running).
        result["info"] = engine.analyse(yono.Game(), nodes=20_000_000)

    t = threading.Thread(target=search)
    t.start()
    # This loop is Python and needs the GIL: it sees the search inside Rust only if
    # the search released the GIL. No clock is read.
    inside = False
    while t.is_alive() and not inside:
        inside = _yono._threads_without_gil() > 0
    while t.is_alive():
        engine.stop()
        t.join(0.05)
    assert inside
    assert result["info"].stopped
    assert result["info"].best_move in yono.Game().legal_moves


def test_threads_share_one_engine() -> None:
    engine = yono.Engine(hash_mb=1)
    found = []

    def worker() -> None:
        found.append(engine.best_move(yono.Game(), nodes=2000))

    threads = [threading.Thread(target=worker) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # The searches run one after another, each keeping what the one before learnt:
    # whatever the threads' order, they are the first, second and third search of
    # one engine, as an engine searching three times in one thread gives them.
    alone = yono.Engine(hash_mb=1)
    in_turn = [alone.best_move(yono.Game(), nodes=2000) for _ in range(3)]
    assert sorted(map(str, found)) == sorted(map(str, in_turn))


def test_pickle_keeps_the_config() -> None:
    engine = yono.Engine(seed=3, hash_mb=2, noise=7)
    copy = pickle.loads(pickle.dumps(engine))
    assert (copy.seed, copy.hash_mb, copy.noise) == (3, 2, 7)
    pos = yono.Game()
    assert copy.best_move(pos, nodes=1000) == engine.best_move(pos, nodes=1000)


def _search_in_child(engine: yono.Engine) -> str:
    return str(engine.best_move(yono.Game(), nodes=1500))


def test_multiprocessing() -> None:
    engine = yono.Engine(seed=1, hash_mb=1)
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        moves = pool.map(_search_in_child, [engine, engine])
    assert moves == [str(engine.best_move(yono.Game(), nodes=1500))] * 2


def test_evaluate() -> None:
    values = yono.Engine.evaluate(yono.Game())
    assert len(values) == 4 and all(v is not None and 0 <= v <= 3 for v in values)


def test_readme_engine_example(capsys) -> None:
    text = (PY_ROOT.parent / "README.md").read_text(encoding="utf-8")
    section = text.split("## Playing against the engine", 1)[1].split("\n## ", 1)[0]
    code = re.findall(r"```python\n(.*?)```", section, flags=re.S)[0]
    exec(compile(code, "README.md", "exec"), {"__name__": "__readme__"})
    out = capsys.readouterr().out.split()
    assert len(out) >= 3 and re.fullmatch(r"[0-9a-iRBGSNLP*+]+|pass", out[0])
