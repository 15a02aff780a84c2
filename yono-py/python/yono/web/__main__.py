"""``python -m yono.web``: serve the game pages (127.0.0.1:8000 unless told otherwise)."""

from __future__ import annotations

import argparse
import ipaddress
import os
import re
import shlex
import socket
import sys
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from .game import DEFAULT_NODES, MAX_NODES, Programs

#: A program's name: what pages and links call it (``engine=NAME``).
PROGRAM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}")


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


def parse_program(text: str) -> Tuple[str, Tuple[str, ...]]:
    """``--engine-command`` ``"NAME=COMMAND ARGS"`` or ``"COMMAND ARGS"`` (named after
    the program's file): the name and the command line (split as a shell would, never
    run by one). ValueError when there is no command or the name is not a plain word."""
    name, sep, rest = text.partition("=")
    if sep and " " not in name and "/" not in name and name:
        if not PROGRAM_NAME.fullmatch(name):
            raise ValueError(f"engine name {name!r} must be letters, digits and _ . + -")
    else:
        name, rest = "", text
    try:
        words = tuple(shlex.split(rest))
    except ValueError as error:
        raise ValueError(f"cannot read the command {rest!r}: {error}") from None
    if not words:
        raise ValueError(f"no command in {text!r}")
    name = name or Path(words[0]).name
    if not PROGRAM_NAME.fullmatch(name):
        raise ValueError(f"name the engine: NAME=COMMAND (the name {name!r} is not a plain word)")
    return name, words


def parse_programs(texts: Sequence[str]) -> Dict[str, Tuple[str, ...]]:
    """Every ``--engine-command``, by name; ValueError for a name given twice."""
    commands: Dict[str, Tuple[str, ...]] = {}
    for text in texts:
        name, words = parse_program(text)
        if name in commands:
            raise ValueError(f"two engine programs are named {name!r}: name them NAME=COMMAND")
        commands[name] = words
    return commands


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
    parser.add_argument(
        "--engine-command",
        action="append",
        default=[],
        metavar="[NAME=]COMMAND",
        help="an engine program speaking the yono protocol that seats may be given to"
        " (seat letter p); repeat for several, each NAME=COMMAND",
    )
    parser.add_argument(
        "--engine-movetime",
        type=float,
        default=None,
        metavar="SECONDS",
        help="engine programs think this long a move (default: the seat's nodes)",
    )
    parser.add_argument(
        "--engine-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="seconds an engine program may take beyond its limit before it is stopped,"
        " then killed, and the built-in engine takes its seat (default 10)",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.nodes <= MAX_NODES:
        parser.error(f"--nodes must be between 1 and {MAX_NODES:,}")
    if args.engine_threads < 1:
        parser.error("--engine-threads must be at least 1")
    if args.engine_movetime is not None and not 0 < args.engine_movetime <= 3600:
        parser.error("--engine-movetime must be more than 0 and at most 3600 seconds")
    if not 0 < args.engine_timeout <= 3600:
        parser.error("--engine-timeout must be more than 0 and at most 3600 seconds")
    try:
        commands = parse_programs(args.engine_command)
    except ValueError as error:
        parser.error(f"--engine-command: {error}")
    programs = Programs(commands, movetime=args.engine_movetime, timeout=args.engine_timeout)
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
    for name, words in commands.items():
        print(f"yono.web: engine program {name}: {shlex.join(words)}", flush=True)
    app = create_app(
        db, nodes=args.nodes, engine_threads=args.engine_threads, programs=programs
    )
    config = uvicorn.Config(app, log_level="warning", ws_max_size=64 * 1024, lifespan="on")
    uvicorn.Server(config).run(sockets=[sock])
    return 0


if __name__ == "__main__":
    sys.exit(main())
