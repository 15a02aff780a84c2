"""Games kept in an embedded SQLite database: one row per game, its record in yono's
record format (docs/RECORDS.md) beside the seats and their tokens."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    ruleset TEXT NOT NULL,
    seats TEXT NOT NULL,
    owner_token TEXT NOT NULL,
    record TEXT NOT NULL,
    status TEXT NOT NULL,
    plies INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_updated ON games (updated);
"""


@dataclass
class StoredGame:
    """One row: what it takes to bring a game back to life."""

    id: str
    created: float
    updated: float
    ruleset: str
    seats: List[Dict[str, Any]]
    owner_token: str
    record: str
    status: str
    plies: int


class Store:
    """The games database. Calls are short (one row), made from the event loop; a lock
    keeps them one at a time because the connection is shared between threads."""

    def __init__(self, path: str) -> None:
        if path != ":memory:":
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False)
        self._db.row_factory = sqlite3.Row
        self._lock = threading.Lock()
        with self._lock, self._db:
            self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def save(self, game: StoredGame) -> None:
        """Inserts or replaces a game's row."""
        game.updated = time.time()
        with self._lock, self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO games"
                " (id, created, updated, ruleset, seats, owner_token, record, status, plies)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game.id,
                    game.created,
                    game.updated,
                    game.ruleset,
                    json.dumps(game.seats),
                    game.owner_token,
                    game.record,
                    game.status,
                    game.plies,
                ),
            )

    def load(self, game_id: str) -> Optional[StoredGame]:
        with self._lock:
            row = self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else _game(row)

    def recent(self, limit: int = 200) -> List[StoredGame]:
        """The games most recently played, newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM games ORDER BY updated DESC LIMIT ?", (limit,)
            ).fetchall()
        return [_game(row) for row in rows]


def _game(row: sqlite3.Row) -> StoredGame:
    return StoredGame(
        id=row["id"],
        created=row["created"],
        updated=row["updated"],
        ruleset=row["ruleset"],
        seats=json.loads(row["seats"]),
        owner_token=row["owner_token"],
        record=row["record"],
        status=row["status"],
        plies=row["plies"],
    )
