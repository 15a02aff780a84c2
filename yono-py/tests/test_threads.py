"""A Game shared between threads stays consistent.

These tests switch threads as often as CPython allows while several of them push,
pop and read on one Game.
"""

import contextlib
import random
import sys
import threading
from typing import Iterator, List

import yono


@contextlib.contextmanager
def switching_threads_often() -> Iterator[None]:
    """Lets CPython switch threads as often as it can, for the block."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def test_threads_pushing_and_popping_one_position_keep_it_consistent() -> None:
    pos = yono.Game()
    pushed: List[int] = [0] * 4
    popped: List[int] = [0] * 4
    failures: List[BaseException] = []

    def worker(index: int) -> None:
        rng = random.Random(index)
        try:
            for _ in range(3000):
                moves = pos.legal_moves
                if moves and rng.random() < 0.6:
                    try:
                        pos.push(rng.choice(moves))
                        pushed[index] += 1
                    except yono.IllegalMoveError:
                        pass  # another thread moved between the list and the push
                else:
                    try:
                        pos.pop()
                        popped[index] += 1
                    except IndexError:
                        pass
        except BaseException as e:  # noqa: BLE001 - reported below
            failures.append(e)

    with switching_threads_often():
        threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    assert failures == []
    assert sum(pushed) > 0 and sum(popped) > 0
    stack = pos.move_stack
    assert len(stack) == sum(pushed) - sum(popped)
    replay = pos.root()
    for move in stack:
        replay.push(move)
    assert replay == pos
    assert replay.hash() == pos.hash()
    assert replay.text() == pos.text()


def test_threads_reading_while_one_thread_plays() -> None:
    pos = yono.Game.shogi()
    failures: List[BaseException] = []
    done = threading.Event()

    def reader() -> None:
        try:
            while not done.is_set():
                count = pos.legal_move_count()
                assert count >= 0
                assert str(pos)
                pos.copy()
        except BaseException as e:  # noqa: BLE001 - reported below
            failures.append(e)

    with switching_threads_often():
        readers = [threading.Thread(target=reader) for _ in range(3)]
        for t in readers:
            t.start()
        played = pos.playout(max_plies=300, seed=5)
        for _ in range(played):
            pos.pop()
        done.set()
        for t in readers:
            t.join()

    assert failures == []
    assert pos == yono.Game.shogi()
