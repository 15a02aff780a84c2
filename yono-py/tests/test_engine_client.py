"""yono.engine, the python-chess-style client: against the project's program (both
variants, play, analyse, MultiPV-less analysis stream, stop) and against a fake engine
that crashes, hangs, writes garbage or plays an illegal move; every failure is a clear
exception within a deadline, never a hang."""

import asyncio

import pytest

import yono
from yono.engine import (
    EngineError,
    EngineProtocolError,
    EngineTerminatedError,
    EngineTimeoutError,
    Limit,
    SimpleEngine,
    parse_info,
    popen_engine,
)

from engine_program import fake, reaped, yono_engine


def test_play_both_variants() -> None:
    with SimpleEngine.popen(yono_engine()) as engine:
        assert engine.id["name"].startswith("yono-engine")
        assert "usi_variant" in engine.options
        for ruleset, limit in (("shogi", Limit(nodes=2000)), ("yono", Limit(depth=1)), ("yono", Limit(time=0.05))):
            pos = yono.Game(ruleset=ruleset)
            for _ in range(4):
                result = engine.play(pos, limit)
                assert result.move is not None and pos.is_legal(result.move)
                assert result.info.get("depth", 0) >= 0 and "nodes" in result.info
                pos.push(result.move)


def test_clocks_per_variant() -> None:
    assert Limit(clock={"s": 1.5, "n": 2}, inc={"s": 0.1}).go_words(yono.Ruleset.SHOGI, 0) == [
        "btime", "1500", "wtime", "2000", "binc", "100",
    ]
    assert Limit(clock={yono.Seat.WEST: 3}, byoyomi=0.5).go_words(yono.Ruleset.YONO, 1) == [
        "clock_w", "3000", "byoyomi_s", "500", "byoyomi_w", "500", "byoyomi_n", "500", "byoyomi_e", "500",
    ]
    with pytest.raises(ValueError):
        Limit(clock={"w": 1}).go_words(yono.Ruleset.SHOGI, 0)
    with SimpleEngine.popen(yono_engine()) as engine:
        pos = yono.Game()
        result = engine.play(pos, Limit(clock={s: 2.0 for s in "swne"}, inc={s: 0.1 for s in "swne"}))
        assert result.move is not None and pos.is_legal(result.move)


def test_analyse_and_the_info_stream() -> None:
    with SimpleEngine.popen(yono_engine()) as engine:
        pos = yono.Game()
        pos.push("5g5f")
        info = engine.analyse(pos, Limit(depth=2))
        assert isinstance(info, dict)
        assert info["depth"] == 2 and info["pv"][0] in pos.legal_moves
        # Every seat still in is scored, in points; the mover's score too.
        assert set(info["scores"]) == {"s", "w", "n", "e"}
        assert 0.0 <= info["score"] <= 3.0
        # The infos of a search come one by one, in order, up to its depth.
        depths = [i["depth"] for i in engine.analysis(pos, Limit(depth=3)) if "depth" in i]
        assert depths and depths[-1] == 3 and depths == sorted(depths)
        # An open-ended analysis runs until stopped, then ends with its bestmove.
        shogi = yono.Game(ruleset="shogi")
        with engine.analysis(shogi) as analysis:
            analysis.stop()
            rest = list(analysis)
            best = analysis.wait()
        assert best.move is not None and shogi.is_legal(best.move)
        assert all("depth" in i or "string" in i for i in rest)
        # The engine is still usable after the analysis.
        engine.ping()


def test_asyncio_form() -> None:
    async def run() -> None:
        _, protocol = await popen_engine(yono_engine())
        pos = yono.Game(ruleset="shogi")
        result = await protocol.play(pos, Limit(depth=1))
        assert result.move is not None and pos.is_legal(result.move)
        analysis = await protocol.analysis(pos, Limit(nodes=3000))
        infos = [info async for info in analysis]
        assert infos and (await analysis.wait()).move is not None
        await protocol.quit()

    asyncio.run(run())


def test_options_are_checked_before_sending() -> None:
    with SimpleEngine.popen(yono_engine(), options={"USI_Hash": 8}) as engine:
        with pytest.raises(ValueError, match="no option"):
            engine.configure({"Colour": "red"})
        with pytest.raises(ValueError, match="1 to 4096"):
            engine.configure({"USI_Hash": 0})
        engine.configure({"seed": 3, "Noise": 10})
        pos = yono.Game(ruleset="shogi")
        assert engine.play(pos, Limit(depth=1)).move is not None


def test_game_over_and_resign() -> None:
    over = yono.Game.from_sfen("4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1")
    with SimpleEngine.popen(yono_engine()) as engine:
        with pytest.raises(ValueError, match="game is over"):
            engine.play(over, Limit(depth=1))


def test_info_lines_are_read_forgivingly() -> None:
    info = parse_info("info depth 3 seldepth x nodes 10 time 1500 score points 1.250 mate -4 scores s 1.25 n 0.5 pv 7g7f zz")
    assert info["depth"] == 3 and "seldepth" not in info and info["nodes"] == 10
    assert info["time"] == 1.5 and info["score"] == 1.25 and info["mate"] == -4
    assert info["scores"] == {"s": 1.25, "n": 0.5}
    assert [m.usi() for m in info["pv"]] == ["7g7f"]
    assert parse_info("info string hello world")["string"] == "hello world"
    assert parse_info("info score cp 35 lowerbound")["score"] == 35


@pytest.mark.parametrize(
    "mode, error, message",
    [
        ("crash", EngineTerminatedError, "exited"),
        ("hang", EngineTimeoutError, "did not answer"),
        ("garbage", EngineProtocolError, "not a legal move"),
        ("illegal", EngineProtocolError, "not a legal move"),
    ],
)
def test_a_broken_engine_raises_within_the_deadline(mode: str, error: type, message: str) -> None:
    with reaped():
        _play_until_broken(mode, error, message)


def _play_until_broken(mode: str, error: type, message: str) -> None:
    engine = SimpleEngine.popen(fake(mode, after=2), timeout=2.0)
    try:
        pos = yono.Game(ruleset="shogi")
        first = engine.play(pos, Limit(time=0.05))  # the first go is answered well
        assert first.move is not None and pos.is_legal(first.move)
        pos.push(first.move)
        with pytest.raises(error, match=message):
            engine.play(pos, Limit(time=0.05))
        # Once broken, every later call says so at once instead of waiting again.
        if mode in ("crash", "hang"):
            with pytest.raises(EngineError):
                engine.play(pos, Limit(time=0.05))
    finally:
        engine.close()


def test_a_broken_handshake_raises() -> None:
    with reaped():
        with pytest.raises(EngineTimeoutError, match="usiok"):
            SimpleEngine.popen(fake("nohandshake"), timeout=1.0)
        with pytest.raises(EngineTerminatedError, match="exited"):
            SimpleEngine.popen(fake("exit"), timeout=5.0)
        with pytest.raises(EngineTerminatedError, match="cannot start"):
            SimpleEngine.popen(["/nonexistent/engine"])


def test_any_protocol_engine_works() -> None:
    # The fake engine is another program speaking the protocol: Yo[n]o through it.
    with SimpleEngine.popen(fake("good")) as engine:
        pos = yono.Game()
        for _ in range(4):
            result = engine.play(pos, Limit(nodes=1))
            assert result.move is not None
            pos.push(result.move)


def test_the_readme_example_runs() -> None:
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Running the engine as a program", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert len([line for line in code.splitlines() if line.strip()]) == 5
    scope: dict = {}
    exec(compile(code.replace('["yono-engine"]', repr(yono_engine())), "README.md", "exec"), scope)
    assert len(scope["pos"].move_stack) == 1
