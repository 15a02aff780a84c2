"""Complete four-player games played through Python to the end, with the scores checked
for consistency with the elimination rule (RULES.md §6)."""

import random

import pytest

import yono

MAX_PLIES = 3000


def _consistent_final_scores(scores):
    """Each checkmated seat scores 3 minus the seats still in the game when it fell,
    counting those falling at the same moment; those all end with a score at least as
    high, and everyone who fell earlier scored less."""
    for seat, s in enumerate(scores):
        others_at_least = sum(1 for other, t in enumerate(scores) if other != seat and t >= s)
        assert s == 3 - others_at_least, f"seat {seat} scored {s} with scores {scores}"


def play_random_game(seed):
    """Plays random legal moves until the game ends; returns (position, events) where
    events lists, per ply, the seats that fell and the seats left before and after."""
    rng = random.Random(seed)
    pos = yono.Game()
    events = []
    while not pos.is_game_over() and pos.ply() < MAX_PLIES:
        before = pos.seats
        moves = pos.legal_moves
        assert moves, "an ongoing Yo[n]o game always has a move (at least pass)"
        if yono.Move.PASS in moves:
            assert moves == [yono.Move.PASS], "pass only when nothing else is legal"
        pos.push(rng.choice(moves))
        after = pos.seats
        fallen = [s for s in before if s not in after]
        if fallen:
            events.append((fallen, before, after))
        # Scores appear exactly for the seats out of the game (until the end).
        if not pos.is_game_over():
            for seat in yono.SEATS:
                assert (pos.score(seat) is None) == (seat in after)
    return pos, events


def _finished_game():
    for seed in range(40):
        pos, events = play_random_game(seed)
        if pos.status() == yono.Status.WON:
            return seed, pos, events
    pytest.fail("no random game out of 40 ended within the ply limit")


def test_complete_four_player_game():
    seed, pos, events = _finished_game()
    winner = pos.winner()
    assert winner is not None
    assert pos.seats == [winner]
    assert pos.turn == winner, "the winner stays the seat to move"
    assert pos.is_game_over() and pos.legal_moves == []
    scores = pos.scores()
    assert all(s is not None for s in scores)
    final = [s for s in scores if s is not None]
    assert final[winner.index] == 3
    assert sorted(final)[-1] == 3 and final.count(3) == 1
    assert all(0 <= s <= 3 for s in final)
    _consistent_final_scores(final)
    # Every elimination event: a seat falling with k other seats still in the game at
    # that moment scores 3 - k, so between 3 - (seats before - 1) and 3 - seats after.
    fallen_total = []
    for fallen, before, after in events:
        for seat in fallen:
            s = final[seat.index]
            assert 3 - (len(before) - 1) <= s <= 3 - len(after), (seed, fallen, before, after, final)
            fallen_total.append(seat)
    assert sorted(fallen_total) == sorted(s for s in yono.SEATS if s != winner)
    # The text records the scores in the seats field.
    seats_field = pos.text().split(" ")[3]
    for seat in yono.SEATS:
        expected = seat.letter if seat == winner else str(final[seat.index])
        assert seats_field[seat.index] == expected
    # The game is over: nothing more can be played, and the series takes it.
    with pytest.raises(yono.IllegalMoveError) as info:
        pos.push("pass")
    assert info.value.code == "game_over"
    series = yono.Series()
    series.add_game(pos)
    assert series.totals() == final and series.games == 1
    # Replaying the move stack from text reproduces the same end.
    replay = yono.Game()
    for mv in pos.move_stack:
        replay.push(mv.usi())
    assert replay == pos and replay.scores() == scores


def test_several_games_scores_consistent():
    finished = 0
    for seed in range(100, 112):
        pos, _ = play_random_game(seed)
        if pos.status() != yono.Status.WON:
            continue
        finished += 1
        scores = pos.scores()
        assert None not in scores
        _consistent_final_scores([s for s in scores if s is not None])
    assert finished > 0
