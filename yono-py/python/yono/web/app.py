"""The web application: pages, the JSON API and the WebSocket every page listens on."""

from __future__ import annotations

import contextlib
import datetime
import html
import json
import logging
from pathlib import Path
from typing import Any, AsyncIterator, Dict, List, Optional
from urllib.parse import parse_qs, quote

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import adapter
from .game import DEFAULT_NODES, Engines, Lobby, Programs, Refused, Room, Viewer, parse_nodes
from .store import Store

log = logging.getLogger("yono.web")

STATIC = Path(__file__).parent / "static"
#: Longest WebSocket message or request body the server reads (a record can be long).
MAX_MESSAGE = 64 * 1024
MAX_RECORD = 1024 * 1024

#: No script, style or connection from anywhere but this server: the page works offline.
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self';"
        b" connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """Adds the headers above to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = list(message["headers"]) + SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(
    db: str = ":memory:",
    nodes: int = DEFAULT_NODES,
    engine_threads: int = 2,
    programs: Optional[Programs] = None,
) -> Starlette:
    """The application with its games kept in the SQLite file ``db``; engines default to
    ``nodes`` positions a move and search on ``engine_threads`` threads; ``programs``:
    the engine programs seats may be given to (``p`` seats)."""
    lobby = Lobby(Store(db), Engines(engine_threads), programs or Programs())

    def room_or_404(request: Request) -> Room:
        room = lobby.get(request.path_params["game_id"])
        if room is None:
            raise Refused("no such game", 404)
        return room

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def new_game(request: Request) -> Response:
        query = request.query_params
        try:
            room = _create(
                lobby,
                query.get("ruleset"),
                query.get("seats"),
                query.get("nodes"),
                query.get("position"),
                query.get("from"),
                nodes,
                query.get("engine"),
            )
        except Refused as refused:
            return _error_page(refused)
        return RedirectResponse(_room_link(room), status_code=303)

    async def import_record(request: Request) -> Response:
        body = await _read_body(request)
        if body is None:
            return _error_page(Refused("the record is too long", 413))
        form = {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
        try:
            try:
                board, meta = adapter.load_record(form.get("record", ""))
            except adapter.RecordError as error:
                raise Refused(f"the record cannot be read: {error}") from None
            room = Room.create(
                lobby.store,
                lobby.engines,
                board.ruleset.label,
                form.get("seats") or _default_seats(board.ruleset.label),
                parse_nodes(form.get("nodes")) if form.get("nodes") else [nodes],
                board,
                meta,
                _names(form.get("engine")),
                lobby.programs,
            )
        except Refused as refused:
            return _error_page(refused)
        lobby.add(room)
        return RedirectResponse(_room_link(room), status_code=303)

    async def game_page(request: Request) -> Response:
        try:
            room_or_404(request)
        except Refused as refused:
            return _error_page(refused)
        return FileResponse(STATIC / "game.html")

    async def games_page(request: Request) -> Response:
        return HTMLResponse(_games_html(lobby))

    async def record(request: Request) -> Response:
        try:
            room = room_or_404(request)
        except Refused as refused:
            return PlainTextResponse(refused.message, status_code=refused.status)
        fmt = request.path_params["fmt"]
        name = f"yono-{room.id}.{'json' if fmt == 'json' else 'txt'}"
        headers = {"content-disposition": f'attachment; filename="{name}"'}
        if fmt == "json":
            return Response(room.record("json"), media_type="application/json", headers=headers)
        return PlainTextResponse(room.record("text"), headers=headers)

    async def api_programs(request: Request) -> Response:
        # Names only: the commands are the operator's business.
        return JSONResponse({"programs": lobby.programs.names()})

    async def api_state(request: Request) -> Response:
        try:
            room = room_or_404(request)
        except Refused as refused:
            return _json_error(refused)
        state = room.state_for(None)
        return JSONResponse(state)

    async def api_move(request: Request) -> Response:
        try:
            room = room_or_404(request)
            data = await _json_body(request)
            note = await room.play(data.get("token"), data.get("move"), data.get("ply"))
        except Refused as refused:
            return _json_error(refused)
        return JSONResponse({"ok": True, "move": note.to_json(), "ply": room.board.ply()})

    async def api_undo(request: Request) -> Response:
        try:
            room = room_or_404(request)
            data = await _json_body(request)
            taken = await room.undo(data.get("token"))
        except Refused as refused:
            return _json_error(refused)
        return JSONResponse({"ok": True, "taken_back": taken, "ply": room.board.ply()})

    async def live(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            room = lobby.get(websocket.path_params["game_id"])
            if room is None:
                raise Refused("no such game", 404)
        except Refused as refused:
            await websocket.send_json({"type": "error", "message": refused.message})
            await websocket.close(code=4000 + refused.status)
            return
        viewer = Viewer(send=websocket.send_json)
        token: Optional[str] = None
        attached = False
        try:
            while True:
                text = await websocket.receive_text()
                try:
                    message = _parse_message(text)
                    kind = message["type"]
                    if kind == "hello":
                        token = message.get("token") or None
                        try:
                            viewer.seats = room.check_token(token)
                            viewer.owner = room.is_owner(token)
                        except Refused as refused:
                            token, viewer.seats, viewer.owner = None, frozenset(), False
                            await websocket.send_json({"type": "error", "message": refused.message})
                        if attached:
                            await viewer.send(room.state_for(viewer))
                        else:
                            attached = True
                            await room.attach(viewer)  # sends every page the new state
                        continue
                    if not attached:
                        raise Refused("say hello first")
                    if kind == "move":
                        await room.play(token, message.get("move"), message.get("ply"))
                    elif kind == "undo":
                        await room.undo(token)
                    elif kind == "select":
                        await viewer.send(
                            room.selection(viewer, message.get("square"), message.get("reserve"))
                        )
                    elif kind == "view":
                        await viewer.send(room.view(viewer, message.get("ply")))
                    elif kind == "orient":
                        viewer.orientation = _orientation(room, message.get("seat"))
                        await viewer.send(room.state_for(viewer))
                    else:
                        raise Refused(f"unknown message type {kind!r}")
                except Refused as refused:
                    await websocket.send_json({"type": "error", "message": refused.message})
                except WebSocketDisconnect:
                    raise
                except Exception:  # a bug must not cost the page its connection
                    log.exception("request failed in game %s: %.200s", room.id, text)
                    await websocket.send_json(
                        {"type": "error", "message": "the server failed on this request"}
                    )
        except WebSocketDisconnect:
            pass
        finally:
            if attached:
                # Shielded: a connection's task may be cancelled as the page leaves (the
                # server shutting down, or a test client closing its socket), and the
                # other pages must still hear that this seat went away.
                with anyio.CancelScope(shield=True):
                    await room.detach(viewer)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            await lobby.close()
            lobby.store.close()

    routes = [
        Route("/", index),
        Route("/new", new_game),
        Route("/import", import_record, methods=["POST"]),
        Route("/games", games_page),
        Route("/game/{game_id}", game_page),
        Route("/games/{game_id}/record.{fmt:str}", record),
        Route("/api/programs", api_programs),
        Route("/api/games/{game_id}", api_state),
        Route("/api/games/{game_id}/move", api_move, methods=["POST"]),
        Route("/api/games/{game_id}/undo", api_undo, methods=["POST"]),
        WebSocketRoute("/ws/{game_id}", live),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.lobby = lobby
    app.add_middleware(SecurityHeaders)
    return app


def _default_seats(ruleset: str) -> str:
    return "he" if ruleset == "shogi" else "heee"


def _create(
    lobby: Lobby,
    ruleset: Optional[str],
    seats: Optional[str],
    nodes_text: Optional[str],
    position: Optional[str],
    from_game: Optional[str],
    nodes: int,
    engine: Optional[str] = None,
) -> Room:
    meta: Dict[str, str] = {}
    if position and from_game:
        raise Refused("give a position or a game to continue from, not both")
    if from_game:
        source = lobby.get(from_game)
        if source is None:
            raise Refused(f"no game {from_game!r} to continue from", 404)
        board = adapter.snapshot(source.board)
        ruleset = ruleset or source.ruleset
        if ruleset != source.ruleset:
            raise Refused(f"game {from_game} is {source.ruleset}, not {ruleset}")
        meta = {k: v for k, v in source.meta.items() if k in ("event", "date", "round")}
        meta["continued-from"] = source.id
    ruleset = ruleset or "yono"
    if ruleset not in ("yono", "shogi"):
        raise Refused(f"ruleset must be yono or shogi, got {ruleset!r}")
    if not from_game:
        try:
            board = adapter.new_board(ruleset, position or None)
        except adapter.ParseError as error:
            raise Refused(f"the position cannot be read: {error}") from None
        except ValueError as error:
            raise Refused(str(error)) from None
    letters = (seats or _default_seats(ruleset)).lower()
    counts = parse_nodes(nodes_text) if nodes_text else [nodes]
    room = Room.create(
        lobby.store,
        lobby.engines,
        ruleset,
        letters,
        counts,
        board,
        meta,
        _names(engine),
        lobby.programs,
    )
    lobby.add(room)
    return room


def _names(text: Optional[str]) -> List[str]:
    """``engine=NAME`` or ``engine=,NAME,,OTHER`` (one per seat): engine program names."""
    return [] if not text else [part.strip() for part in text.split(",")]


def _room_link(room: Room) -> str:
    """The owner's link: the token goes in the fragment, which browsers never send to a
    server (so it stays out of logs and Referer headers)."""
    return f"/game/{room.id}#token={room.owner_token}"


def _orientation(room: Room, seat: Any) -> Optional[str]:
    if seat is None:
        return None
    letters = [plan.seat for plan in room.seats]
    if not isinstance(seat, str) or seat not in letters:
        raise Refused(f"seat must be one of {' '.join(letters)}")
    return seat


def _parse_message(text: str) -> Dict[str, Any]:
    if len(text) > MAX_MESSAGE:
        raise Refused("message too long")
    try:
        message = json.loads(text)
    except ValueError:
        raise Refused("messages are JSON objects with a type") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise Refused("messages are JSON objects with a type")
    return message


async def _read_body(request: Request) -> Optional[bytes]:
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_RECORD:
            return None
    return body


async def _json_body(request: Request) -> Dict[str, Any]:
    body = await _read_body(request)
    if body is None:
        raise Refused("request too long", 413)
    try:
        data = json.loads(body)
    except ValueError:
        raise Refused("the request must be a JSON object") from None
    if not isinstance(data, dict):
        raise Refused("the request must be a JSON object")
    return data


def _json_error(refused: Refused) -> JSONResponse:
    return JSONResponse({"ok": False, "error": refused.message}, status_code=refused.status)


def _page(title: str, body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(_page_html(title, body), status_code=status)


def _page_html(title: str, body: str) -> str:
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title>"
        '<link rel=stylesheet href="/static/style.css"><link rel=icon href="data:,"></head>'
        f'<body class=page><header><a href="/" class=brand>Yo[n]o Shogi</a>'
        f' <nav><a href="/">New game</a> <a href="/games">Games</a></nav></header>'
        f"<main>{body}</main></body></html>"
    )


def _error_page(refused: Refused) -> HTMLResponse:
    return _page(
        "Cannot do that",
        f"<h1>Cannot do that</h1><p id=error class=error>{html.escape(refused.message)}</p>"
        '<p><a href="/">Start a new game</a></p>',
        refused.status,
    )


def _games_html(lobby: Lobby) -> str:
    rows: List[str] = []
    for game in lobby.store.recent():
        when = datetime.datetime.fromtimestamp(game.updated).strftime("%Y-%m-%d %H:%M")
        players = ", ".join(
            f"{s['seat'].upper()}: {'engine' if s['kind'] == 'engine' else 'human'}"
            for s in game.seats
        )
        letters = "".join(
            ("p" if s.get("program") and not s.get("failed") else "e")
            if s["kind"] == "engine"
            else ("h" if s.get("here") else "r")
            for s in game.seats
        )
        names = ",".join(
            s["program"] if s.get("program") and not s.get("failed") else "" for s in game.seats
        )
        engine = f"&amp;engine={quote(names)}" if "p" in letters else ""
        gid = html.escape(game.id)
        qid = quote(game.id)
        rows.append(
            f'<tr data-game="{gid}"><td><a href="/game/{qid}">{gid}</a></td>'
            f"<td>{html.escape(game.ruleset)}</td><td>{html.escape(players)}</td>"
            f"<td>{game.plies}</td><td>{html.escape(game.status)}</td><td>{when}</td>"
            f'<td class=actions><a href="/game/{qid}">watch / replay</a>'
            f' <a href="/games/{qid}/record.txt">record</a>'
            f' <a href="/games/{qid}/record.json">JSON</a>'
            f' <a href="/new?from={qid}&amp;seats={letters}{engine}">continue as a new game</a>'
            f" <span class=resume></span></td></tr>"
        )
    table = (
        "<table id=games><thead><tr><th>game</th><th>rules</th><th>players</th><th>moves</th>"
        "<th>status</th><th>last played</th><th></th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
        if rows
        else "<p>No games yet.</p>"
    )
    return _page_html(
        "Games",
        "<h1>Games</h1>"
        + table
        + '<h2>Open a record</h2><form method=post action="/import" class=import>'
        '<textarea name=record rows=8 placeholder="a yono record (text or JSON)"></textarea>'
        '<label>seats <input name=seats placeholder="heee" size=6></label>'
        "<button>Open</button></form>"
        '<script src="/static/games.js"></script>',
    )
