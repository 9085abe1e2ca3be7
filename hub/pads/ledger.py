"""A durable, de-duplicating record of pad actions in SQLite (WAL).

``PadLedger`` is a ready ``sink`` for ``PadIntake`` (tests, the bench, the demo), and its
``record_in`` lets the live table store the pad key in the same transaction as the game event
it causes, so that an action committed just before a crash is recognised when the pad resends it.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

from hub.pads.intake import DuplicatePadEvent, PadEvent

_SCHEMA = """
CREATE TABLE IF NOT EXISTS pad_actions (
    seat INTEGER NOT NULL,
    boot INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    value TEXT NOT NULL,
    transport TEXT NOT NULL,
    received_at REAL NOT NULL,
    PRIMARY KEY (seat, boot, seq)
)
"""


class LedgerError(RuntimeError):
    """The pad ledger could not be read or written."""


class PadLedger:
    """pad_actions(seat, boot, seq, kind, value, ...), primary key (seat, boot, seq)."""

    def __init__(
        self, path: str | Path, on_commit: Callable[[PadEvent], None] | None = None
    ) -> None:
        self.path = str(path)
        self._on_commit = on_commit
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            if self.path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute(_SCHEMA)
        except sqlite3.Error as exc:
            raise LedgerError(f"cannot open pad ledger {self.path!r}: {exc}") from exc

    @staticmethod
    def record_in(db: sqlite3.Connection, event: PadEvent) -> bool:
        """Insert ``event``'s key inside the caller's transaction (True). If the key is already
        there, raise ``DuplicatePadEvent``: it aborts the caller's transaction, so the action is
        not applied twice, and ``PadIntake`` acks the pad instead of calling it an error."""
        db.execute(_SCHEMA)
        try:
            db.execute(
                "INSERT INTO pad_actions VALUES (?, ?, ?, ?, ?, ?, ?)",
                (*event.key, event.kind, event.value, event.transport, event.received_at),
            )
        except sqlite3.IntegrityError:
            raise DuplicatePadEvent(f"pad event {event.key} is already recorded") from None
        return True

    def __call__(self, event: PadEvent) -> None:
        """The sink: commit ``event`` (once per key) before returning."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self.record_in(self._db, event)
                self._db.execute("COMMIT")
            except (sqlite3.Error, DuplicatePadEvent) as exc:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                if isinstance(exc, DuplicatePadEvent):
                    raise
                raise LedgerError(f"cannot record pad event {event!r}: {exc}") from exc
        if self._on_commit is not None:
            self._on_commit(event)

    @staticmethod
    def applied_in(db: sqlite3.Connection) -> dict[tuple[int, int], int]:
        """The highest applied seq per (seat, boot) in ``db``: seeds ``PadIntake(applied=...)``
        at start-up, so a press committed just before a crash is not applied again."""
        db.execute(_SCHEMA)
        rows = db.execute("SELECT seat, boot, MAX(seq) FROM pad_actions GROUP BY seat, boot")
        return {(seat, boot): seq for seat, boot, seq in rows.fetchall()}

    def applied(self) -> dict[tuple[int, int], int]:
        with self._lock:
            return self.applied_in(self._db)

    def events(self) -> list[tuple[int, int, int, str, str]]:
        """Every recorded (seat, boot, seq, kind, value), in key order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seat, boot, seq, kind, value FROM pad_actions ORDER BY seat, boot, seq"
            ).fetchall()
        return [(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()
