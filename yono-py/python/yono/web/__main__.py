"""``python -m yono.web``: serve the game pages (127.0.0.1:8000 unless told otherwise)."""

from __future__ import annotations

import argparse
import ipaddress
import os
import socket
import sys
from pathlib import Path
from typing import List, Optional

from .game import DEFAULT_NODES, MAX_NODES


def default_db() -> str:
    """$XDG_DATA_HOME/yono/games.sqlite3 (~/.local/share/yono/games.sqlite3)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return str(Path(base) / "yono" / "games.sqlite3")


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def banner(asked: str, host: str, port: int, db: str) -> List[str]:
    """What the server says when it starts: its address, and a warning when other
    machines can reach it."""
    shown = f"[{host}]" if ":" in host else host
    lines = [f"yono.web: play at http://{shown}:{port}/  (games kept in {db})"]
    if not is_loopback(asked):
        lines.append(
            f"yono.web: WARNING: listening on {asked}, reachable from other machines."
            " Anyone who can reach it can watch games and start new ones; a seat can only"
            " be played from its own link."
        )
    return lines


def listen(host: str, port: int) -> socket.socket:
    """A listening socket (port 0: any free port, so that the address printed is the
    real one)."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(address)
    sock.listen(128)
    return sock


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m yono.web", description="Play Yo[n]o Shogi in a browser."
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only)",
    )
    parser.add_argument(
        "--port", type=int, default=8000, help="port (default 8000; 0: any free port)"
    )
    parser.add_argument(
        "--db", default=None, help=f"SQLite file the games are kept in (default {default_db()})"
    )
    parser.add_argument(
        "--nodes",
        type=int,
        default=DEFAULT_NODES,
        help=f"default engine strength in nodes a move (default {DEFAULT_NODES:,})",
    )
    parser.add_argument(
        "--engine-threads",
        type=int,
        default=2,
        help="threads engines search on at once (default 2)",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.nodes <= MAX_NODES:
        parser.error(f"--nodes must be between 1 and {MAX_NODES:,}")
    if args.engine_threads < 1:
        parser.error("--engine-threads must be at least 1")
    try:
        import uvicorn
    except ImportError:
        print('yono.web needs its extra: pip install "yono[web]"', file=sys.stderr)
        return 2
    from .app import create_app

    db = args.db or default_db()
    try:
        sock = listen(args.host, args.port)
    except OSError as error:
        print(f"yono.web: cannot listen on {args.host}:{args.port}: {error}", file=sys.stderr)
        return 1
    host, port = sock.getsockname()[:2]
    for line in banner(args.host, host, port, db):
        print(line, flush=True)
    app = create_app(db, nodes=args.nodes, engine_threads=args.engine_threads)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=64 * 1024, lifespan="on")
    uvicorn.Server(config).run(sockets=[sock])
    return 0


if __name__ == "__main__":
    sys.exit(main())
