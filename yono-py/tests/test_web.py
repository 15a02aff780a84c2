"""Server tests of yono.web with Starlette's test client: creating games, seat tokens,
refused requests that change nothing, live updates, reconnection, engines, undo,
records and their reloading. Skipped without the ``yono[web]`` extra."""

import json
import subprocess
import sys
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
from yono.web.__main__ import banner, is_loopback  # noqa: E402

from conftest import PY_ROOT  # noqa: E402

POSITIONS = {
    name: entry["text"]
    for name, entry in json.loads((PY_ROOT / "web-tests" / "positions.json").read_text()).items()
    if not name.startswith("_")
}

Socket = Any


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "games.sqlite3")


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, nodes=300)) as c:
        yield c


def new_game(client: TestClient, query: str) -> Tuple[str, str]:
    """Creates a game by link; returns its id and the owner's token."""
    response = client.get(f"/new?{query}", follow_redirects=False)
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    path, _, fragment = location.partition("#")
    assert path.startswith("/game/")
    assert fragment.startswith("token=")
    return path.removeprefix("/game/"), fragment.removeprefix("token=")


def state(client: TestClient, game: str) -> Dict[str, Any]:
    response = client.get(f"/api/games/{game}")
    assert response.status_code == 200
    data: Dict[str, Any] = response.json()
    return data


def move(client: TestClient, game: str, token: Any, text: Any, **extra: Any) -> Any:
    return client.post(f"/api/games/{game}/move", json={"token": token, "move": text, **extra})


def hello(ws: Socket, token: str = "") -> Dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    return receive(ws, "state")


def receive(ws: Socket, kind: str) -> Dict[str, Any]:
    """The next message of a kind (an engine's failure message fails the test)."""
    while True:
        message: Dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
        assert "engine failed" not in message.get("message", ""), message


def state_where(ws: Socket, condition: Any) -> Dict[str, Any]:
    """Waits (on the WebSocket, no clock) for a state that meets a condition."""
    while True:
        message = receive(ws, "state")
        if condition(message):
            return message


def invites(client: TestClient, game: str, owner: str) -> Dict[str, str]:
    with client.websocket_connect(f"/ws/{game}") as ws:
        first = hello(ws, owner)
    return {invite["seat"]: invite["token"] for invite in first["invites"]}


def usis(data: Dict[str, Any]) -> List[str]:
    return [m["usi"] for m in data["moves"]]


# ----- creating games


def test_new_game_opens_the_owners_seat(client: TestClient) -> None:
    game, owner = new_game(client, "seats=heee")
    page = client.get(f"/game/{game}")
    assert page.status_code == 200
    for contract in ('id="moves"', 'id="status"', 'id="board"'):
        assert contract in page.text
    data = state(client, game)
    assert [(s["seat"], s["kind"]) for s in data["seats"]] == [
        ("s", "human"),
        ("w", "engine"),
        ("n", "engine"),
        ("e", "engine"),
    ]
    assert data["ruleset"] == "yono" and data["turn"] == "s" and data["ply"] == 0
    assert 'id="sq-5g"' in data["svg"]  # the library's picture with its ids
    with client.websocket_connect(f"/ws/{game}") as ws:
        mine = hello(ws, owner)
    assert mine["your_seats"] == ["s"] and mine["your_turn"] and mine["orientation"] == "s"
    assert "your move" in mine["status"]


def test_shogi_has_two_seats(client: TestClient) -> None:
    game, owner = new_game(client, "ruleset=shogi&seats=hr")
    data = state(client, game)
    assert data["ruleset"] == "shogi"
    assert [(s["seat"], s["kind"]) for s in data["seats"]] == [("s", "human"), ("n", "human")]
    tokens = invites(client, game, owner)
    assert list(tokens) == ["n"] and tokens["n"] != owner


@pytest.mark.parametrize(
    "query, words",
    [
        ("seats=hee", "4 letters"),
        ("seats=hxee", "unknown seat letter"),
        ("ruleset=shogi&seats=hee", "2 letters"),
        ("ruleset=chess", "ruleset must be yono or shogi"),
        ("seats=heee&nodes=0", "nodes must be between"),
        ("seats=heee&nodes=1,2", "one number or 4"),
        ("seats=heee&nodes=lots", "whole numbers"),
        ("position=9/9/9", "the position cannot be read"),
        ("ruleset=shogi&position=" + POSITIONS["north_falls"].replace(" ", "%20"), "not shogi"),
        ("from=nosuchgame", "no game"),
    ],
)
def test_new_game_refuses_bad_links(client: TestClient, query: str, words: str) -> None:
    response = client.get(f"/new?{query}", follow_redirects=False)
    assert response.status_code in (400, 404)
    assert words in response.text
    assert "<tr data-game" not in client.get("/games").text  # no game was made


# ----- who may move


def test_only_the_seats_own_token_moves_it(client: TestClient) -> None:
    game, south = new_game(client, "ruleset=shogi&seats=hr")
    north = invites(client, game, south)["n"]
    before = state(client, game)

    refused = move(client, game, north, "3c3d")  # North's token on South's turn
    assert refused.status_code == 409 and "South's turn" in refused.json()["error"]
    for token, status in ((None, 403), ("", 403), ("forged-token", 403), (42, 403), ("ü", 403)):
        response = move(client, game, token, "7g7f")
        assert response.status_code == status, token
        assert "error" in response.json()
    assert state(client, game)["ply"] == before["ply"] == 0

    assert move(client, game, south, "7g7f").status_code == 200
    refused = move(client, game, south, "3c3d")  # South's token on North's turn
    assert refused.status_code == 409 and "North's turn" in refused.json()["error"]
    assert move(client, game, north, "3c3d").status_code == 200
    assert usis(state(client, game)) == ["7g7f", "3c3d"]


def test_a_wrong_token_on_the_websocket_is_told_and_can_only_watch(client: TestClient) -> None:
    game, owner = new_game(client, "ruleset=shogi&seats=hr")
    with client.websocket_connect(f"/ws/{game}") as ws:
        ws.send_json({"type": "hello", "token": "tōken"})  # not ASCII, not this game's
        assert "does not belong to this game" in receive(ws, "error")["message"]
        receive(ws, "state")
        ws.send_json({"type": "hello", "token": "not-this-games-token"})
        error = receive(ws, "error")
        assert "does not belong to this game" in error["message"]
        watching = receive(ws, "state")
        assert watching["your_seats"] == [] and not watching["your_turn"]
        ws.send_json({"type": "move", "move": "7g7f"})
        assert "spectators cannot move" in receive(ws, "error")["message"]
        ws.send_json({"type": "undo"})
        assert "only a player" in receive(ws, "error")["message"]
        ws.send_json({"type": "select", "square": "7g"})
        assert "not your move" in receive(ws, "error")["message"]
    assert state(client, game)["ply"] == 0


# ----- refused requests change nothing


@pytest.mark.parametrize(
    "text, extra, status, words",
    [
        ("9a9b", {}, 422, "9a9b cannot be played"),  # West's piece, South to move
        ("5g5e", {}, 422, "cannot be played"),  # a Pawn does not move two
        ("P*5e", {}, 422, "cannot be played"),  # nothing in reserve
        ("pass", {}, 422, "cannot be played"),  # South has moves
        ("zz", {}, 422, "cannot be played"),  # not a move at all
        ("", {}, 400, "a move is text"),
        ("5g5f" * 10, {}, 400, "a move is text"),
        (None, {}, 400, "a move is text"),
        (["5g5f"], {}, 400, "a move is text"),
        ("5g5f", {"ply": 3}, 409, "the game has moved on"),
        ("5g5f", {"ply": "0"}, 400, "ply must be a number"),
    ],
)
def test_illegal_and_malformed_moves_are_refused(
    client: TestClient, text: Any, extra: Dict[str, Any], status: int, words: str
) -> None:
    game, owner = new_game(client, "seats=hhhh")
    record = client.get(f"/games/{game}/record.txt").text
    response = move(client, game, owner, text, **extra)
    assert response.status_code == status
    assert words in response.json()["error"]
    assert state(client, game)["ply"] == 0
    assert client.get(f"/games/{game}/record.txt").text == record


@pytest.mark.parametrize("body", [b"not json", b"[1, 2]", b'"5g5f"', b""])
def test_requests_that_are_not_json_objects_are_refused(client: TestClient, body: bytes) -> None:
    game, _ = new_game(client, "seats=hhhh")
    response = client.post(f"/api/games/{game}/move", content=body)
    assert response.status_code == 400 and "JSON object" in response.json()["error"]
    assert state(client, game)["ply"] == 0


def test_malformed_websocket_messages_are_refused(client: TestClient) -> None:
    game, owner = new_game(client, "seats=hhhh")
    with client.websocket_connect(f"/ws/{game}") as ws:
        ws.send_text('{"type": "move", "move": "5g5f"}')  # before hello
        assert "hello first" in receive(ws, "error")["message"]
        hello(ws, owner)
        for text, words in [
            ("not json", "JSON objects"),
            ("[]", "JSON objects"),
            ('{"move": "5g5f"}', "JSON objects"),
            ('{"type": "dance"}', "unknown message type"),
            ('{"type": "move", "move": "5g5f", "ply": 7}', "moved on"),
            ('{"type": "move", "move": "1a1b"}', "cannot be played"),
            ('{"type": "select", "square": "0z"}', "not a square"),
            ('{"type": "select", "square": 5}', "not a square"),
            ('{"type": "select", "reserve": "K"}', "not a reserve kind"),
            ('{"type": "view", "ply": 9}', "ply must be a number from 0 to 0"),
            ('{"type": "orient", "seat": "x"}', "seat must be one of"),
            ('{"type": "undo"}', "undo is only for games against engines"),
            ("x" * 70000, "too long"),
        ]:
            ws.send_text(text)
            assert words in receive(ws, "error")["message"], text
    assert state(client, game)["ply"] == 0


def test_a_damaged_record_in_the_database_is_reported(client: TestClient, db: str) -> None:
    import sqlite3

    game, owner = new_game(client, "seats=hhhh")
    client.app.state.lobby.rooms.clear()  # as after a restart
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE games SET record = '1 s 5g5e' WHERE id = ?", (game,))
    response = move(client, game, owner, "5g5f")
    assert response.status_code == 500 and "cannot be read back" in response.json()["error"]
    with client.websocket_connect(f"/ws/{game}") as ws:
        assert "cannot be read back" in receive(ws, "error")["message"]


def test_a_failing_request_keeps_the_connection(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from yono.web.game import Room

    def broken(self: Room, viewer: object, ply: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Room, "view", broken)
    game, owner = new_game(client, "seats=hhhh")
    with client.websocket_connect(f"/ws/{game}") as ws:
        hello(ws, owner)
        ws.send_json({"type": "view", "ply": 0})
        assert receive(ws, "error")["message"] == "the server failed on this request"
        ws.send_json({"type": "move", "move": "5g5f"})  # the same connection plays on
        assert receive(ws, "state")["ply"] == 1


def test_unknown_games_are_404(client: TestClient) -> None:
    assert client.get("/game/nope").status_code == 404
    assert client.get("/api/games/nope").status_code == 404
    assert client.get("/games/nope/record.txt").status_code == 404
    assert move(client, "nope", "t", "5g5f").status_code == 404
    with client.websocket_connect("/ws/nope") as ws:
        assert receive(ws, "error")["message"] == "no such game"


# ----- playing: selections, live updates, reconnection, engines, undo


def test_selection_shows_destinations_promotion_and_drops(client: TestClient) -> None:
    game, owner = new_game(
        client, "seats=hhhh&position=" + POSITIONS["promotion_and_drop"].replace(" ", "%20")
    )
    with client.websocket_connect(f"/ws/{game}") as ws:
        hello(ws, owner)
        ws.send_json({"type": "select", "square": "5d"})
        pawn = receive(ws, "selection")
        assert pawn["selected"] == "5d"
        assert pawn["destinations"] == [{"to": "5c", "promotion": "optional"}]
        assert 'class="selected"' in pawn["svg"] and 'class="destination"' in pawn["svg"]
        ws.send_json({"type": "select", "square": "5a"})  # North's King: not South's
        assert receive(ws, "selection")["destinations"] == []
        ws.send_json({"type": "select", "reserve": "G"})
        gold = receive(ws, "selection")
        board = yono.Game(POSITIONS["promotion_and_drop"])
        expected = sorted(str(m.to_square) for m in board.drops_of("G"))
        assert gold["selected"] == "G*"
        assert sorted(d["to"] for d in gold["destinations"]) == expected
        assert 'class="drop-zone"' in gold["svg"]  # South's 45-square zone is shaded
        ws.send_json({"type": "move", "move": "5d5c+"})
        after = receive(ws, "state")
        assert after["moves"][0]["usi"] == "5d5c+" and after["moves"][0]["promotes"]


def test_moves_reach_every_page_and_a_reloaded_seat_rejoins(client: TestClient) -> None:
    game, south = new_game(client, "ruleset=shogi&seats=hr")
    north = invites(client, game, south)["n"]
    with (
        client.websocket_connect(f"/ws/{game}") as a,
        client.websocket_connect(f"/ws/{game}") as watcher,
    ):
        hello(a, south)
        hello(watcher)
        with client.websocket_connect(f"/ws/{game}") as b:
            first = hello(b, north)
            assert first["your_seats"] == ["n"] and first["orientation"] == "n"
            a.send_json({"type": "move", "move": "7g7f", "ply": 0})
            assert state_where(b, lambda s: s["ply"] == 1)["your_turn"]
            assert usis(state_where(watcher, lambda s: s["ply"] == 1)) == ["7g7f"]
            north_seat = state_where(a, lambda s: s["ply"] == 1)["seats"][1]
            assert north_seat["connected"]
        # North's page closed (a reload or a lost connection): South sees it gone ...
        assert not state_where(a, lambda s: not s["seats"][1]["connected"])["seats"][1]["connected"]
        # ... and the same link rejoins the same seat, with the game where it was.
        with client.websocket_connect(f"/ws/{game}") as b:
            again = hello(b, north)
            assert again["your_seats"] == ["n"] and again["your_turn"] and again["ply"] == 1
            b.send_json({"type": "move", "move": "3c3d", "ply": 1})
            assert usis(state_where(a, lambda s: s["ply"] == 2)) == ["7g7f", "3c3d"]
            assert usis(state_where(watcher, lambda s: s["ply"] == 2)) == ["7g7f", "3c3d"]


def test_a_page_whose_connection_is_cancelled_is_still_seen_leaving(client: TestClient) -> None:
    """The other pages hear that a seat left even when the leaving connection's task is
    cancelled before it could read the close (as Starlette's test client, or a server
    shutting down, does); before, the news was lost and a waiting page waited forever."""
    import anyio

    game, south = new_game(client, "ruleset=shogi&seats=hr")
    north = invites(client, game, south)["n"]
    with client.websocket_connect(f"/ws/{game}") as a:
        hello(a, south)

        async def north_connects_then_is_cancelled() -> None:
            inbox_tx, inbox_rx = anyio.create_memory_object_stream[Dict[str, Any]](16)
            greeted = anyio.Event()

            async def send(message: Dict[str, Any]) -> None:
                # The answer to a request sent after the hello: the hello's news is out.
                if message["type"] == "websocket.send" and json.loads(message["text"])["type"] == "view":
                    greeted.set()

            scope = {"type": "websocket", "path": f"/ws/{game}", "raw_path": f"/ws/{game}".encode(),
                     "query_string": b"", "headers": [], "scheme": "ws", "root_path": "",
                     "server": ("testserver", 80), "client": ("testclient", 50000), "subprotocols": []}
            async with anyio.create_task_group() as tasks:
                async def serve(*, task_status: Any = anyio.TASK_STATUS_IGNORED) -> None:
                    with anyio.CancelScope() as connection:
                        task_status.started(connection)
                        await client.app(scope, inbox_rx.receive, send)  # type: ignore[arg-type]
                connection = await tasks.start(serve)
                await inbox_tx.send({"type": "websocket.connect"})
                for request in ({"type": "hello", "token": north}, {"type": "view", "ply": 0}):
                    await inbox_tx.send({"type": "websocket.receive", "text": json.dumps(request)})
                await greeted.wait()
                # The page goes, and its task is cancelled in the same instant.
                inbox_tx.send_nowait({"type": "websocket.disconnect", "code": 1000})
                connection.cancel()

        assert client.portal is not None
        client.portal.call(north_connects_then_is_cancelled)
        # Everything the server sent South about North is queued by now: a request of
        # South's own, answered after it, marks the end of what to read (no clock).
        a.send_json({"type": "select", "square": "7g"})
        north_connected = []
        while (message := a.receive_json())["type"] != "selection":
            if message["type"] == "state":
                north_connected.append(message["seats"][1]["connected"])
        assert north_connected == [True, False]


def test_engines_answer_and_undo_takes_back_to_my_move(client: TestClient) -> None:
    game, owner = new_game(client, "seats=heee&nodes=300")
    with client.websocket_connect(f"/ws/{game}") as ws:
        hello(ws, owner)
        ws.send_json({"type": "move", "move": "5g5f", "ply": 0})
        back = state_where(ws, lambda s: s["ply"] == 4)
        assert [m["seat"] for m in back["moves"]] == ["s", "w", "n", "e"]
        assert back["your_turn"] and back["can_undo"] and not back["thinking"]
        replay = yono.Game()
        for usi in usis(back):
            replay.push(usi)  # every engine move is legal in the library
        ws.send_json({"type": "undo"})
        undone = state_where(ws, lambda s: s["ply"] == 0)
        assert undone["your_turn"] and not undone["can_undo"] and undone["moves"] == []


def test_the_server_answers_while_an_engine_thinks(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine's search runs on a thread: here it is held until the test has been
    answered (no clock), and a take-back meanwhile makes its answer be dropped."""
    import threading

    from yono.web import adapter

    release = threading.Event()
    searching = threading.Event()
    real = adapter.engine_move

    def held(engine: yono.Engine, board: yono.Game, nodes: int) -> yono.Move:
        searching.set()
        release.wait()
        return real(engine, board, nodes)

    monkeypatch.setattr(adapter, "engine_move", held)
    game, owner = new_game(client, "seats=heee")
    assert move(client, game, owner, "5g5f").status_code == 200
    assert searching.wait(600)  # West's search has started and is held
    thinking = state(client, game)  # answered while the search is held
    assert thinking["thinking"] and thinking["ply"] == 1 and thinking["turn"] == "w"
    taken = client.post(f"/api/games/{game}/undo", json={"token": owner})
    assert taken.status_code == 200 and taken.json()["ply"] == 0
    with client.websocket_connect(f"/ws/{game}") as ws:
        assert hello(ws, owner)["your_turn"]
        release.set()  # the held search ends; its move is for a position gone
        ws.send_json({"type": "move", "move": "7g7f", "ply": 0})
        back = state_where(ws, lambda s: s["ply"] == 4)
    assert back["moves"][0]["usi"] == "7g7f"
    assert [m["seat"] for m in back["moves"]] == ["s", "w", "n", "e"]


def test_undo_is_not_for_games_between_humans(client: TestClient) -> None:
    game, south = new_game(client, "ruleset=shogi&seats=hr")
    north = invites(client, game, south)["n"]
    assert move(client, game, south, "7g7f").status_code == 200
    for token in (south, north):
        response = client.post(f"/api/games/{game}/undo", json={"token": token})
        assert response.status_code == 409 and "against engines" in response.json()["error"]
    assert client.post(f"/api/games/{game}/undo", json={}).status_code == 403
    assert state(client, game)["ply"] == 1


def test_a_seat_falls_and_the_game_ends_with_the_placing(client: TestClient) -> None:
    game, owner = new_game(
        client, "seats=hhhh&position=" + POSITIONS["north_falls"].replace(" ", "%20")
    )
    assert move(client, game, owner, "7a7b").json()["move"]["fallen"] == [{"seat": "n", "score": 0}]
    data = state(client, game)
    north = data["seats"][2]
    assert north["out"] and north["score"] == 0 and not data["over"]
    assert data["moves"][0]["note"] == "North falls (0)"
    assert "Out: North (0)" in data["status"]

    game, owner = new_game(
        client, "seats=hhee&position=" + POSITIONS["last_two"].replace(" ", "%20")
    )
    assert move(client, game, owner, "7c8b").status_code == 200
    with client.websocket_connect(f"/ws/{game}") as ws:
        west = hello(ws, owner)
        assert west["turn"] == "w" and west["pass_only"]
        assert west["seats"][1]["in_check_by"] == ["s"]
        assert "West is in check by South" in west["status"]
        ws.send_json({"type": "move", "move": "pass"})
        over = state_where(ws, lambda s: s["over"])
    assert over["result"] == "won by South"
    assert over["placing"] == [
        {"place": 1, "seat": "s", "score": 3},
        {"place": 2, "seat": "w", "score": 2},
        {"place": 3, "seat": "e", "score": 1},
        {"place": 4, "seat": "n", "score": 0},
    ]
    assert "South wins" in over["status"] and "1. South 3" in over["status"]
    assert move(client, game, owner, "5i5h").json()["error"] == "the game is over"


def test_a_shogi_checkmate_names_the_winner(client: TestClient) -> None:
    sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"  # G*5b mates
    game, owner = new_game(client, "ruleset=shogi&seats=hh&position=" + sfen.replace(" ", "%20"))
    assert move(client, game, owner, "G*5b").status_code == 200
    data = state(client, game)
    assert data["over"] and data["result"] == "won by South"
    assert data["turn"] == "n"  # the library's turn stays with the checkmated side
    assert data["status"].startswith("Game over: South wins.")
    assert data["placing"] == [
        {"place": 1, "seat": "s", "score": 1},
        {"place": 2, "seat": "n", "score": 0},
    ]


def test_replay_shows_each_earlier_position(client: TestClient) -> None:
    game, owner = new_game(client, "seats=hhhh")
    for usi in ("5g5f", "7e6e"):
        assert move(client, game, owner, usi).status_code == 200
    with client.websocket_connect(f"/ws/{game}") as ws:
        hello(ws)
        for ply in (0, 1, 2):
            ws.send_json({"type": "view", "ply": ply})
            view = receive(ws, "view")
            assert view["ply"] == ply and view["of"] == 2
            assert f"move {ply + 1}," in view["svg"]  # the picture's title
        ws.send_json({"type": "view", "ply": -1})
        assert "ply must be" in receive(ws, "error")["message"]


# ----- records, the games list, restarts


def test_records_download_and_reload(db: str) -> None:
    played = ["5g5f", "7e6e", "4c4d", "3e4e"]
    with TestClient(create_app(db, nodes=300)) as client:
        game, owner = new_game(client, "seats=hhhh")
        for usi in played:
            assert move(client, game, owner, usi).status_code == 200
        text = client.get(f"/games/{game}/record.txt")
        assert text.status_code == 200 and "attachment" in text.headers["content-disposition"]
        as_json = client.get(f"/games/{game}/record.json")
        assert as_json.headers["content-type"].startswith("application/json")
        for record in (text.text, as_json.text):
            loaded = yono.Record.load(record)
            assert [m.usi() for m in loaded.moves] == played
            assert loaded.meta("south") == "human"
        listing = client.get("/games").text
        assert f'data-game="{game}"' in listing and f"/games/{game}/record.txt" in listing
        assert owner not in listing  # seat tokens never appear in the list

        # Open the downloaded record as a new game, and continue the game as a new one.
        opened = client.post(
            "/import", data={"record": text.text, "seats": "hhhh"}, follow_redirects=False
        )
        assert opened.status_code == 303
        assert usis(state(client, opened.headers["location"].split("/")[2].split("#")[0])) == played
        bad = client.post("/import", data={"record": "1 s 5g5e"}, follow_redirects=False)
        assert bad.status_code == 400 and "cannot be read" in bad.text
        branch, _ = new_game(client, f"from={game}&seats=heee")
        assert usis(state(client, branch)) == played and branch != game

    # The server restarts on the same database: the game and its seat link are back.
    with TestClient(create_app(db, nodes=300)) as client:
        data = state(client, game)
        assert usis(data) == played and data["turn"] == "s"
        assert move(client, game, owner, "5f5e").status_code == 200
        assert usis(state(client, game)) == played + ["5f5e"]


def test_pages_send_security_headers(client: TestClient) -> None:
    for path in ("/", "/games", "/static/game.js"):
        response = client.get(path)
        assert response.status_code == 200
        assert "default-src 'self'" in response.headers["content-security-policy"]
        assert response.headers["x-content-type-options"] == "nosniff"


def test_the_adapter_names_the_bindings_classes() -> None:
    """Only the adapter names the bindings' classes: the live game and the record."""
    from yono.web import adapter

    assert adapter.Board is yono.Game and adapter.Record is yono.Record
    board = adapter.new_board("yono")
    board.push("5g5f")
    loaded, meta = adapter.load_record(adapter.save_record(board, {"event": "club"}))
    assert [m.usi() for m in loaded.move_stack] == ["5g5f"] and meta["event"] == "club"
    assert adapter.snapshot(loaded) == loaded and adapter.snapshot(loaded) is not loaded


# ----- the command


def test_the_server_warns_when_other_machines_can_reach_it() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.0.2.7")
    local = banner("127.0.0.1", "127.0.0.1", 8000, "g.db")
    assert local == ["yono.web: play at http://127.0.0.1:8000/  (games kept in g.db)"]
    wide = banner("0.0.0.0", "0.0.0.0", 8000, "g.db")
    assert len(wide) == 2 and "WARNING" in wide[1] and "reachable from other machines" in wide[1]


def test_python_m_yono_web_prints_its_address_and_serves(tmp_path: Path) -> None:
    from urllib.request import urlopen

    server = subprocess.Popen(
        [sys.executable, "-m", "yono.web", "--port", "0", "--db", str(tmp_path / "g.db")],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("yono.web: play at http://127.0.0.1:"), line
        address = line.split()[3]
        with urlopen(address) as page:
            assert b"Play Yo[n]o Shogi" in page.read()
    finally:
        server.terminate()
        server.wait()
    assert (tmp_path / "g.db").exists()
