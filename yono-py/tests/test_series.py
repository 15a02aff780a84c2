"""Series: totals over games, and pickling (a series goes through process pools too)."""

import copy
import pickle

import pytest

import yono


def test_series_adds_scores_and_round_trips_through_pickle() -> None:
    series = yono.Series()
    series.add([3, 2, 1, 0])
    series.add([0, 3, 1, 2])
    assert series.totals() == [3, 5, 2, 2]
    assert series.games == 2
    restored = pickle.loads(pickle.dumps(series))
    assert restored == series
    assert restored.totals() == [3, 5, 2, 2] and restored.games == 2
    assert copy.deepcopy(series) == series
    restored.add([1, 1, 1, 1])
    assert restored != series


def test_series_from_totals_and_unfinished_games() -> None:
    series = yono.Series.from_totals([5, 3, 1, 0], 3)
    assert series.total(yono.Seat.SOUTH) == 5 and series.games == 3
    with pytest.raises(ValueError):
        series.add([3, None, 1, 0])
    with pytest.raises(ValueError):
        series.add_game(yono.Game())
