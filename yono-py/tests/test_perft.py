"""Perft through Python against the published numbers."""

import pytest

import yono


@pytest.mark.parametrize("depth,expected", [(1, 30), (2, 900), (3, 25470), (4, 719731)])
def test_shogi_perft(depth, expected):
    assert yono.Game.shogi().perft(depth) == expected


@pytest.mark.parametrize("depth,expected", [(1, 12), (2, 134), (3, 1498), (4, 16746)])
def test_yono_perft(depth, expected):
    assert yono.Game().perft(depth) == expected


def _python_perft(pos, depth):
    """Perft by push/pop from Python: checks the bindings' move loop, not just Rust's."""
    if depth == 0:
        return 1
    total = 0
    for mv in pos.legal_moves:
        pos.push(mv)
        total += _python_perft(pos, depth - 1)
        pos.pop()
    return total


def test_python_side_perft_matches():
    shogi = yono.Game.shogi()
    assert _python_perft(shogi, 3) == 25470
    assert shogi == yono.Game.shogi() and shogi.move_stack == []
    start = yono.Game()
    assert _python_perft(start, 3) == 1498


def test_perft_from_codes_matches():
    pos = yono.Game.shogi()
    total = 0
    for code in pos.legal_move_codes():
        pos.push(yono.Move.from_code(code))
        total += pos.legal_move_count()
        pos.pop()
    assert total == 900
