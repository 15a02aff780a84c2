"""cshogi (PyPI) drives yono-engine as the plain USI engine it is in standard Shogi:
its ``cshogi.usi.Engine`` class plays a short game move by move (each checked legal
by cshogi's own board), and its match CLI plays two games between two instances."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine_program import yono_engine

if os.environ.get("YONO_ENGINE"):
    import cshogi  # the test command's section installs it: missing, it is a failure there
    import cshogi.usi
else:
    cshogi = pytest.importorskip("cshogi")
    import cshogi.usi


def test_cshogi_engine_class_plays_a_game() -> None:
    (command,) = yono_engine()
    engine = cshogi.usi.Engine(command)
    assert engine.name.startswith("yono-engine")
    options = engine.usi()
    assert any(o.startswith("option name USI_Hash type spin") for o in options)
    engine.setoption("USI_Hash", 8)
    engine.isready()
    engine.usinewgame()
    board = cshogi.Board()
    moves: list = []
    for ply in range(16):
        engine.position(moves)
        listener = cshogi.usi.InfoListener()
        if ply % 2 == 0:
            best, _ = engine.go(nodes=2000, listener=listener.listen())
        else:
            best, _ = engine.go(btime=2000, wtime=2000, byoyomi=100, listener=listener.listen())
        move = board.move_from_usi(best)
        assert board.is_legal(move), f"{best} is illegal after {moves}"
        # cshogi reads the info lines as USI: a centi-pawn (or mate) score and a line.
        assert isinstance(listener.score, int)
        assert listener.pv and listener.pv[0] == best
        board.push(move)
        moves.append(best)
        if board.is_game_over():
            break
    engine.gameover("draw")
    engine.quit()


def test_cshogi_cli_plays_a_match(tmp_path: Path) -> None:
    (command,) = yono_engine()
    run = subprocess.run(
        # Two names: cshogi names each record by its players and the second, so the two
        # games of one engine against itself, if they began within a second, shared a file.
        [sys.executable, "-m", "cshogi.cli", command, command, "--name1", "first", "--name2", "second",
         "--games", "2", "--byoyomi", "50", "--draw", "24", "--csa", str(tmp_path)],
        capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "2 of 2 games finished." in run.stdout
    assert "反則" not in run.stdout  # no foul (an illegal move) in either game
    records = list(tmp_path.glob("*.csa"))
    assert len(records) == 2
    for record in records:
        text = record.read_text(encoding="utf-8", errors="replace")
        assert sum(1 for line in text.splitlines() if line[:1] in "+-" and len(line) >= 7 and line[1:5].isdigit()) >= 20
