"""Server tests of yono.web's engine-program seats (seat letter p): an engine program
configured on the server plays a seat through ``yono.engine``; one that crashes, hangs
or answers an illegal move is reported to every page and the built-in engine takes its
seat. The programs are tests/fake_engine.py, which plays the first legal move (and
misbehaves as told): deterministic, and no assertion on time. Skipped without the
``yono[web]`` extra."""

import html
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

import pytest

try:  # the extra and the test client's HTTP library (httpx2, or httpx)
    from starlette.testclient import TestClient
    import uvicorn  # noqa: F401
except (ImportError, RuntimeError):
    pytest.skip('needs the extra: pip install "yono[web]" httpx2', allow_module_level=True)

import yono  # noqa: E402
from yono.web import create_app  # noqa: E402
from yono.web.__main__ import main, parse_program, parse_programs  # noqa: E402
from yono.web.game import Programs  # noqa: E402

from engine_program import fake, yono_engine  # noqa: E402

Socket = Any

#: Generous: a fake engine is a Python program, slow to start on a loaded machine.
TIMEOUT = 30.0


def programs(timeout: float = TIMEOUT) -> Programs:
    return Programs(
        {
            "good": tuple(fake("good")),
            "crashes": tuple(fake("crash", after=2)),
            "illegal": tuple(fake("illegal")),
            "hangs": tuple(fake("hang")),
            "missing": ("/nonexistent/engine",),
        },
        timeout=timeout,
    )


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "games.sqlite3")


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, nodes=300, programs=programs())) as c:
        yield c


def new_game(client: TestClient, query: str) -> Tuple[str, str]:
    response = client.get(f"/new?{query}", follow_redirects=False)
    assert response.status_code == 303, response.text
    path, _, fragment = response.headers["location"].partition("#")
    return path.removeprefix("/game/"), fragment.removeprefix("token=")


def receive(ws: Socket, kind: str, errors: List[str]) -> Dict[str, Any]:
    """The next message of a kind; the error messages on the way are kept."""
    while True:
        message: Dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
        if message["type"] == "error":
            errors.append(message["message"])


def hello(ws: Socket, token: str, errors: List[str]) -> Dict[str, Any]:
    """Joins the game on `ws` with `token` and returns the first state."""
    ws.send_json({"type": "hello", "token": token})
    return receive(ws, "state", errors)


def state_where(ws: Socket, condition: Any, errors: List[str]) -> Dict[str, Any]:
    while True:
        message = receive(ws, "state", errors)
        if condition(message):
            return message


def state_after_opening_move(
    client: TestClient, query: str, move: str, ply: int
) -> Tuple[Dict[str, Any], List[str]]:
    """Opens a game of `query`, joins it as its owner, plays `move` at ply 0 and
    returns the state once the game reaches `ply`, with the errors told on the way."""
    game, owner = new_game(client, query)
    errors: List[str] = []
    with client.websocket_connect(f"/ws/{game}") as ws:
        hello(ws, owner, errors)
        ws.send_json({"type": "move", "move": move, "ply": 0})
        return state_where(ws, lambda s: s["ply"] == ply, errors), errors


def first_legal_moves(usis: List[str], ruleset: str = "yono") -> List[str]:
    """What the fake engine plays in each position of a game: its first legal move."""
    game = yono.Game(ruleset=ruleset)
    firsts = []
    for usi in usis:
        firsts.append(game.legal_moves[0].usi())
        game.push(usi)
    return firsts


def a_legal_move(state: Dict[str, Any]) -> str:
    """A legal move for the seat to move (the built-in engines' moves vary)."""
    game = yono.Game(ruleset=state["ruleset"])
    for note in state["moves"]:
        game.push(note["usi"])
    return game.legal_moves[0].usi()


def seat(state: Dict[str, Any], letter: str) -> Dict[str, Any]:
    found: Dict[str, Any] = next(s for s in state["seats"] if s["seat"] == letter)
    return found


def test_engine_programs_play_their_seats_and_undo_works(client: TestClient) -> None:
    assert client.get("/api/programs").json() == {
        "programs": ["good", "crashes", "illegal", "hangs", "missing"]
    }
    game, owner = new_game(client, "seats=hppp&engine=good")
    errors: List[str] = []
    with client.websocket_connect(f"/ws/{game}") as ws:
        first = hello(ws, owner, errors)
        assert seat(first, "w")["player"] == "engine program good (300 nodes)"
        assert seat(first, "w")["program"] == "good"
        ws.send_json({"type": "move", "move": "5g5f", "ply": 0})
        back = state_where(ws, lambda s: s["ply"] == 4, errors)
        played = [m["usi"] for m in back["moves"]]
        # Each of West, North and East played the fake program's choice.
        assert played[1:] == first_legal_moves(played)[1:]
        assert back["your_turn"] and back["can_undo"]
        ws.send_json({"type": "undo"})
        assert state_where(ws, lambda s: s["ply"] == 0, errors)["your_turn"]
        ws.send_json({"type": "move", "move": "7g7f", "ply": 0})
        again = state_where(ws, lambda s: s["ply"] == 4, errors)
        played = [m["usi"] for m in again["moves"]]
        assert played[0] == "7g7f" and played[1:] == first_legal_moves(played)[1:]
    assert errors == []
    record = client.get(f"/games/{game}/record.txt").text
    assert "engine program good" in record


def test_a_program_per_seat_and_standard_shogi(client: TestClient) -> None:
    game, owner = new_game(client, "ruleset=shogi&seats=hp&engine=,good&nodes=50")
    errors: List[str] = []
    with client.websocket_connect(f"/ws/{game}") as ws:
        assert seat(hello(ws, owner, errors), "n")["player"] == "engine program good (50 nodes)"
        ws.send_json({"type": "move", "move": "7g7f", "ply": 0})
        back = state_where(ws, lambda s: s["ply"] == 2, errors)
        played = [m["usi"] for m in back["moves"]]
        assert played[1] == first_legal_moves(played, "shogi")[1]
    assert errors == []


def test_the_projects_engine_program_takes_seats(db: str) -> None:
    """yono-engine itself (run when YONO_ENGINE names it, as for the engine client)."""
    command = Programs({"yono": tuple(yono_engine())})
    with TestClient(create_app(db, nodes=500, programs=command)) as client:
        back, errors = state_after_opening_move(client, "seats=hppp&engine=yono", "5g5f", 4)
        assert errors == [] and back["your_turn"]
        assert all(seat(back, s)["program_failed"] is None for s in "wne")


@pytest.mark.parametrize(
    "query, words",
    [
        ("seats=hppp&engine=/bin/sh", "unknown engine program '/bin/sh'"),
        ("seats=hppp&engine=nobody", "unknown engine program 'nobody': this server has good,"),
        ("seats=hppp&engine=good,good", "engine takes one name or 4"),
    ],
)
def test_a_page_can_only_name_a_configured_program(
    client: TestClient, query: str, words: str
) -> None:
    before = client.get("/games").text.count("<tr data-game")
    response = client.get(f"/new?{query}", follow_redirects=False)
    assert response.status_code == 400
    assert words in html.unescape(response.text)
    assert client.get("/games").text.count("<tr data-game") == before


def test_a_server_without_programs_refuses_p_seats(db: str) -> None:
    with TestClient(create_app(db, nodes=300)) as client:
        assert client.get("/api/programs").json() == {"programs": []}
        response = client.get("/new?seats=hppp", follow_redirects=False)
        assert response.status_code == 400
        assert "this server has no engine programs" in response.text


@pytest.mark.parametrize(
    "name, words",
    [
        ("crashes", "exited"),  # its first move is good, its second go kills it
        ("illegal", "not a legal move"),
        ("missing", "cannot start"),
    ],
)
def test_a_failing_program_is_reported_and_the_builtin_engine_takes_the_seat(
    db: str, name: str, words: str
) -> None:
    with TestClient(create_app(db, nodes=300, programs=programs())) as client:
        game, owner = new_game(client, f"seats=hpee&engine={name}")
        errors: List[str] = []
        with client.websocket_connect(f"/ws/{game}") as ws:
            hello(ws, owner, errors)
            ws.send_json({"type": "move", "move": "5g5f", "ply": 0})
            four = state_where(ws, lambda s: s["ply"] == 4 and s["your_turn"], errors)
            ws.send_json({"type": "move", "move": a_legal_move(four), "ply": 4})
            back = state_where(ws, lambda s: s["ply"] == 8 and s["your_turn"], errors)
        played = [m["usi"] for m in back["moves"]]
        if name == "crashes":
            assert played[1] == first_legal_moves(played)[1]  # the program's own move
        west = seat(back, "w")
        assert west["player"] == f"engine (300 nodes), after engine program {name} failed"
        assert words in west["program_failed"]
        (message,) = errors  # told once, to every page
        assert message.startswith(f"West's engine program {name} failed: ")
        assert words in message and message.endswith("The built-in engine plays West from now on.")
        game_replay = yono.Game()
        for usi in played:
            game_replay.push(usi)  # every move played is legal
    # The seat stays with the built-in engine after a restart.
    with TestClient(create_app(db, nodes=300, programs=programs())) as client:
        errors = []
        with client.websocket_connect(f"/ws/{game}") as ws:
            again = hello(ws, owner, errors)
            assert seat(again, "w")["player"] == west["player"]
            ws.send_json({"type": "move", "move": a_legal_move(again), "ply": 8})
            state_where(ws, lambda s: s["ply"] == 12, errors)
        assert errors == []


def test_a_hanging_program_is_killed_and_the_builtin_engine_takes_the_seat(db: str) -> None:
    # A short timeout: the program never answers its go (nor stop), so the client stops
    # waiting and kills it; the test waits for what the page is told, not for a time.
    with TestClient(create_app(db, nodes=300, programs=programs(timeout=2.0))) as client:
        back, errors = state_after_opening_move(client, "ruleset=shogi&seats=hp&engine=hangs", "7g7f", 2)
        (message,) = errors
        assert message.startswith("North's engine program hangs failed: ") and "killed" in message
        assert seat(back, "n")["program_failed"] is not None


def test_the_command_line_names_programs() -> None:
    assert parse_program("fake=python3 /x/fake engine.py 'a b'") == (
        "fake",
        ("python3", "/x/fake", "engine.py", "a b"),
    )
    assert parse_program("/usr/bin/yono-engine --threads=2") == (
        "yono-engine",
        ("/usr/bin/yono-engine", "--threads=2"),
    )
    assert list(parse_programs(["a=x", "b=y"])) == ["a", "b"]
    for bad, words in [
        ("", "no command"),
        ("name=", "no command"),
        ("b@d=x", "must be letters"),
        ("'/x/my engine'", "not a plain word"),
        ("x='open", "cannot read the command"),
    ]:
        with pytest.raises(ValueError, match=words):
            parse_program(bad)
    with pytest.raises(ValueError, match="two engine programs are named 'x'"):
        parse_programs(["x=a", "x=b"])
    with pytest.raises(SystemExit):
        main(["--engine-command", "x=a", "--engine-command", "x=b"])
    with pytest.raises(SystemExit):
        main(["--engine-timeout", "0"])
