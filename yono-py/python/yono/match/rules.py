"""What the match runner adds to the rules: a seat that forfeits (loses on time,
plays an illegal move, crashes or hangs) falls as if checkmated at that moment, and a
game stopped at the ply cap or drawn by repetition is shared out (docs/PROTOCOL.md,
"Matches")."""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from .. import Game, Ruleset, Seat

SEAT_LETTERS = "swne"


def _board_rows(text: str) -> List[List[str]]:
    """The board field as 9 rows of 9 cells ("" for an empty square, else the piece
    text such as "sK" or "n+R")."""
    rows = []
    for rank in text.split("/"):
        cells: List[str] = []
        i = 0
        while i < len(rank):
            c = rank[i]
            if c.isdigit():
                cells += [""] * int(c)
                i += 1
            else:
                j = i + 1
                if rank[j] == "+":
                    j += 1
                cells.append(rank[i : j + 1])
                i = j + 1
        rows.append(cells)
    return rows


def _board_text(rows: Sequence[Sequence[str]]) -> str:
    out = []
    for row in rows:
        s, empty = "", 0
        for cell in row:
            if cell:
                if empty:
                    s += str(empty)
                    empty = 0
                s += cell
            else:
                empty += 1
        if empty:
            s += str(empty)
        out.append(s)
    return "/".join(out)


def _text(rows: Sequence[Sequence[str]], turn: str, reserves: Sequence[str], seats: str, number: int) -> str:
    return f"{_board_text(rows)} {turn} {'/'.join(reserves)} {seats} {number}"


def _next_in(seats: str, after: int) -> int:
    """The seat index after ``after`` (clockwise) among the seats still in."""
    for k in range(1, 5):
        i = (after + k) % 4
        if seats[i] in SEAT_LETTERS:
            return i
    raise ValueError("no seat is left")


def remove_seats(position: Game, fallen: Sequence[int]) -> Tuple[Game, List[Tuple[str, int]]]:
    """The Yo[n]o position after the seats ``fallen`` (indices) fall together while
    the seat to move is one of them or about to move: their pieces and reserves leave
    the game, each scores 3 minus the number of other seats still in (counting each
    other), then the checkmate rule is applied in rounds with the next seat still in
    about to move (RULES.md §6), exactly as after a move. Returns the position and
    every seat that fell, in order, with its score.

    Raises ValueError if the rounds cannot be resolved through position texts (every
    seat left threatens a King, so no text with any mover is valid): the caller then
    adjudicates."""
    if position.ruleset != Ruleset.YONO:
        raise ValueError("seats are removed only in Yo[n]o; in standard Shogi a forfeit ends the game")
    board, turn, reserves_field, seats, number = position.text().split(" ")
    rows = _board_rows(board)
    reserves = reserves_field.split("/")
    seat_chars = list(seats)
    mover = SEAT_LETTERS.index(turn)
    fell: List[Tuple[str, int]] = []

    def drop(group: Sequence[int]) -> None:
        still = sum(1 for c in seat_chars if c in SEAT_LETTERS)
        score = 3 - (still - 1)
        for i in group:
            letter = SEAT_LETTERS[i]
            for row in rows:
                for f, cell in enumerate(row):
                    if cell.startswith(letter):
                        row[f] = ""
            reserves[i] = "-"
            fell.append((letter, score))
        for i in group:
            seat_chars[i] = str(score)

    drop(fallen)
    while True:
        left = [i for i, c in enumerate(seat_chars) if c in SEAT_LETTERS]
        if len(left) == 1:
            winner = left[0]
            return Game(_text(rows, SEAT_LETTERS[winner], reserves, "".join(seat_chars), int(number) + 1)), fell
        nxt = _next_in("".join(seat_chars), mover)
        # Any valid text with these pieces tells who threatens whom.
        probe: Optional[Game] = None
        for q in [nxt] + [i for i in left if i != nxt]:
            try:
                probe = Game(_text(rows, SEAT_LETTERS[q], reserves, "".join(seat_chars), int(number) + 1))
                break
            except ValueError:
                continue
        if probe is None:
            raise ValueError("every seat left threatens a King: the removal cannot be resolved")
        p_seat = Seat.from_index(nxt)
        victims = [i for i in left if i != nxt and p_seat in probe.threatened_by(Seat.from_index(i))]
        if not victims:
            return Game(_text(rows, SEAT_LETTERS[nxt], reserves, "".join(seat_chars), int(number) + 1)), fell
        drop(victims)


def shared_scores(position: Game) -> List[Optional[float]]:
    """Each seat's match score when the game is stopped with several seats still in
    (ply cap, or drawn by repetition): a fallen seat keeps its score; the seats still in
    share the places left above the fallen equally (Yo[n]o: four in share 1.5 each,
    two in 2.5; standard Shogi: 0.5 each)."""
    n = len(position.ruleset.seats)
    max_score = position.ruleset.max_score
    in_game = {s.index for s in position.seats}
    decided = position.scores()
    k = len(in_game)
    share = sum(range(max_score - k + 1, max_score + 1)) / k if k else 0.0
    del n
    out: List[Optional[float]] = []
    for i in range(4):
        if i in in_game:
            out.append(share)
        else:
            v = decided[i]
            out.append(None if v is None else float(v))
    return out


def places(scores: Sequence[Optional[float]]) -> Dict[str, int]:
    """Each seat's place (1 = best; equal scores share the better place)."""
    given = {SEAT_LETTERS[i]: s for i, s in enumerate(scores) if s is not None}
    return {seat: 1 + sum(1 for other in given.values() if other > s) for seat, s in given.items()}
