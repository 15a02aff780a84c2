"""Play Yo[n]o Shogi (and standard Shogi) in a browser: ``python -m yono.web``.

A small ASGI application (Starlette, served by uvicorn) over the library: the board is
the library's own SVG with its hit-testing ids, every move is checked by the library on
the server, pages follow the game live over a WebSocket, and games are kept in SQLite.
Install with ``pip install "yono[web]"``; see docs/WEB.md in the repository.
"""

from .app import create_app

__all__ = ["create_app"]
