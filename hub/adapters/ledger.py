"""The ledger: every session's events, append-only, in SQLite (WAL, synchronous=FULL).

Nothing is ever updated or deleted except camera frames past their retention. A
row is committed before anyone is told about it (a pad's ack, an HTTP 200, an
SSE message), so a power cut loses nothing that was confirmed. Reopening the
file and replaying a session's events rebuilds the table exactly.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hub.rules.errors import TienGowError

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY,
    table_id TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,   -- global order: the SSE event id
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,                   -- 0, 1, 2 ... within the session
    type TEXT NOT NULL,
    payload TEXT NOT NULL,                  -- JSON with a version field "v"
    recorded_at REAL NOT NULL,
    source TEXT NOT NULL,                   -- "api", "operator", "pad:2", "camera", "demo"
    seat INTEGER,
    frame_id INTEGER REFERENCES frames(id),
    UNIQUE (session_id, seq)
);
CREATE TABLE IF NOT EXISTS frames (
    id INTEGER PRIMARY KEY,
    recorded_at REAL NOT NULL,
    jpeg BLOB                                -- NULL once past the retention period
);
"""


VERSION = 1
"""The format of the events' payloads (their field "v"); a ledger with newer ones is refused."""


ACCEPTED = "a ledger is the SQLite file that `tiengow hub --db PATH` writes"
"""What a ledger file is, for the errors that refuse one."""


class LedgerError(TienGowError):
    """The ledger could not be opened, read or written; says which file and why."""


@dataclass(frozen=True, slots=True)
class Row:
    id: int
    session_id: int
    seq: int
    type: str
    payload: dict[str, Any]
    recorded_at: float
    source: str
    seat: int | None
    frame_id: int | None


class Ledger:
    """One SQLite file holding many sessions. Thread-safe: one connection behind a lock."""

    def __init__(
        self,
        path: str | Path,
        clock: Callable[[], float] = time.time,
        exclusive: bool = False,
        readonly: bool = False,
    ) -> None:
        """``exclusive``: this process is the only writer (the hub) until `close`; another
        one would referee against its own copy of the table, so the file is refused to it.
        ``readonly``: an existing ledger, read and never written (export), even while a hub
        writes it; a file that is not a ledger is refused, not made into one."""
        self.path = str(path)
        self._clock = clock
        self._lock = threading.RLock()
        self._owner: int | None = None
        if readonly:
            self._open_readonly()
            return
        try:
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            if exclusive and self.path != ":memory:":
                self._own()
            self._check_is_ledger()  # before anything is written to it
            if self.path != ":memory:":
                mode = self.db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
                if mode != "wal":
                    raise LedgerError(
                        f"ledger {self.path!r}: SQLite refused WAL mode (got {mode!r})"
                    )
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
            self._check_writable()
        except sqlite3.DatabaseError as e:
            if hasattr(self, "db"):  # (connect itself may have failed)
                self.close()
            if self._unwritable(e):
                name = Path(self.path).name
                raise LedgerError(
                    f"ledger {self.path!r} cannot be written ({e}); the hub records every event "
                    f"in it, and SQLite writes {name}-wal and {name}-shm beside it: give it a "
                    f"file and folder it may write, on a disk with room (--db PATH)"
                ) from None
            raise LedgerError(f"cannot open ledger {self.path!r}: {e}") from None

    def _check_writable(self) -> None:
        """Write once now: SQLite opens a file it may not write (a read-only file, a folder
        of someone else's) for reading without a word, and a full disk is found at the first
        write; either would refuse every event of a hub that had started (503s, pads
        resending for ever). Setting user_version to itself changes nothing."""
        if self.path == ":memory:":
            return
        version = int(self.db.execute("PRAGMA user_version").fetchone()[0])
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute(f"PRAGMA user_version = {version}")
            self.db.execute("COMMIT")
        finally:
            self._rollback()

    def _unwritable(self, e: sqlite3.DatabaseError) -> bool:
        """Whether ``e`` says the ledger's file, folder or disk takes no writes (not that the
        file is damaged, nor that its folder does not exist)."""
        name = getattr(e, "sqlite_errorname", "")
        if name == "SQLITE_CANTOPEN":
            path = Path(self.path).resolve()
            return not path.is_dir() and path.parent.is_dir()
        return name.startswith(("SQLITE_READONLY", "SQLITE_FULL", "SQLITE_IOERR"))

    def _check_is_ledger(self) -> None:
        """A file with tables is a ledger only if it has the ledger's: another program's
        database is refused, not given a ledger's tables and switched to WAL beside its own
        (a new or empty file becomes a ledger)."""
        try:
            tables = self._tables()
        except sqlite3.DatabaseError as e:
            if e.sqlite_errorname != "SQLITE_NOTADB":  # a damaged ledger says how it is
                raise
            self.close()  # not SQLite at all: a text file, random bytes
            raise LedgerError(f"{self.path!r} is not a tiengow ledger ({e}); {ACCEPTED}") from None
        if tables and not {"sessions", "events"} <= tables:
            self.close()
            raise LedgerError(
                f"{self.path!r} is not a tiengow ledger (its tables are {sorted(tables)}); "
                f"{ACCEPTED}, or a new file"
            )

    def _tables(self) -> set[str]:
        found = self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {r[0] for r in found.fetchall()}

    def _open_readonly(self) -> None:
        uri = Path(self.path).resolve().as_uri() + "?mode=ro"
        try:
            try:
                self.db = sqlite3.connect(
                    uri, uri=True, check_same_thread=False, isolation_level=None
                )
                tables = self._tables()
            except sqlite3.OperationalError as e:
                if not e.sqlite_errorname.startswith(("SQLITE_CANTOPEN", "SQLITE_READONLY")):
                    raise
                # SQLite reads a WAL ledger by its -shm file, which a folder the reader may
                # not write cannot take. With no -wal left to read (a hub closed it), the file
                # alone is the whole ledger and is read as it is, as a read-only disk is.
                self._refuse_unread_wal(e)
                if hasattr(self, "db"):
                    self.db.close()
                self.db = sqlite3.connect(
                    uri + "&immutable=1", uri=True, check_same_thread=False, isolation_level=None
                )
                tables = self._tables()
        except sqlite3.DatabaseError as e:
            raise LedgerError(f"{self.path!r} is not a tiengow ledger ({e}); {ACCEPTED}") from None
        if not {"sessions", "events"} <= tables:
            self.db.close()
            what = f"its tables are {sorted(tables)}" if tables else "it holds no tables"
            raise LedgerError(f"{self.path!r} is not a tiengow ledger ({what}); {ACCEPTED}")

    def _refuse_unread_wal(self, e: sqlite3.Error) -> None:
        """`LedgerError` if the ledger's -wal file holds writes not yet in the file itself
        (a hub killed, or still running): read without its -shm, they would be left out."""
        wal = Path(f"{self.path}-wal")
        if wal.is_file() and wal.stat().st_size > 0:
            raise LedgerError(
                f"ledger {self.path!r} cannot be read here ({e}): its last events are in "
                f"{wal.name}, which SQLite reads only with {Path(self.path).name}-shm beside it, "
                f"and this folder cannot be written; read it as a user who may write its folder, "
                f"or copy it with {wal.name} to a folder you may write"
            )

    def _own(self) -> None:
        # flock, not SQLite's own locks: those are taken per transaction, and readers (export)
        # must still be able to read while the hub writes. The lock goes with the process.
        self._owner = os.open(self.path, os.O_RDONLY)
        try:
            fcntl.flock(self._owner, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self._owner)
            self._owner = None
            self.db.close()
            raise LedgerError(
                f"ledger {self.path!r} is in use by another hub; one hub per ledger file "
                f"(stop the other one, or give this one another --db)"
            ) from None

    def close(self) -> None:
        with self._lock:
            self.db.close()
            if self._owner is not None:
                os.close(self._owner)  # after SQLite's descriptors: closing drops POSIX locks
                self._owner = None

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic write: committed on leaving, rolled back on any error."""
        with self._lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                yield self.db
                self.db.execute("COMMIT")
            except sqlite3.DatabaseError as e:
                self._rollback()
                raise LedgerError(f"ledger {self.path!r}: write failed: {e}") from None
            except BaseException:
                self._rollback()
                raise

    def _rollback(self) -> None:
        # SQLite may have rolled the transaction back already (a full disk: SQLITE_FULL);
        # a ROLLBACK then fails, and would hide the reason
        if self.db.in_transaction:
            self.db.execute("ROLLBACK")

    def new_session(self, table_id: str, payload: dict[str, Any], source: str) -> Row:
        """Open a session with its first event, ``session``, in one transaction: a crash never
        leaves a session without it (reopening would then find no session to resume)."""
        return self.append(None, "session", payload, source, table_id=table_id)

    def append(
        self,
        session_id: int | None,
        type_: str,
        payload: dict[str, Any],
        source: str,
        seat: int | None = None,
        frame_id: int | None = None,
        also: Callable[[sqlite3.Connection], object] | None = None,
        table_id: str = "",
    ) -> Row:
        """Append one event (and run ``also`` in the same transaction); committed on return.
        With ``session_id`` None, a new session of ``table_id`` is opened for it."""
        body = json.dumps({"v": VERSION, **payload}, ensure_ascii=False, separators=(",", ":"))
        now = self._clock()
        with self.transaction() as db:
            if session_id is None:
                session_id = int(
                    db.execute(
                        "INSERT INTO sessions (table_id, created_at) VALUES (?, ?)",
                        (table_id, now),
                    ).lastrowid
                    or 0
                )
            seq = db.execute(
                "SELECT COALESCE(MAX(seq) + 1, 0) FROM events WHERE session_id = ?", (session_id,)
            ).fetchone()[0]
            cur = db.execute(
                "INSERT INTO events (session_id, seq, type, payload, recorded_at, source, seat, frame_id)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (session_id, seq, type_, body, now, source, seat, frame_id),
            )
            if also is not None:
                also(db)
            row_id = int(cur.lastrowid or 0)
        return Row(
            row_id, session_id, seq, type_, {"v": VERSION, **payload}, now, source, seat, frame_id
        )

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        with self._lock:
            try:
                return self.db.execute(sql, args).fetchall()
            except sqlite3.DatabaseError as e:
                raise LedgerError(f"ledger {self.path!r}: read failed: {e}") from None

    def _rows(self, sql: str, args: tuple[Any, ...]) -> list[Row]:
        rows = [
            Row(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5], r[6], r[7], r[8])
            for r in self._read(sql, args)
        ]
        for row in rows:  # a newer payload may mean what this version cannot know
            if row.payload.get("v", VERSION) > VERSION:
                raise LedgerError(
                    f"ledger {self.path!r}: event {row.seq} of session {row.session_id} was "
                    f"written by a newer tiengow (version {row.payload['v']}); this one reads "
                    f"ledgers of version {VERSION}: update it"
                )
        return rows

    _COLUMNS = "id, session_id, seq, type, payload, recorded_at, source, seat, frame_id"

    def events(self, session_id: int) -> list[Row]:
        return self._rows(
            f"SELECT {self._COLUMNS} FROM events WHERE session_id = ? ORDER BY seq", (session_id,)
        )

    def events_after(self, event_id: int) -> list[Row]:
        return self._rows(
            f"SELECT {self._COLUMNS} FROM events WHERE id > ? ORDER BY id", (event_id,)
        )

    def last_event_id(self) -> int:
        return int(self._read("SELECT COALESCE(MAX(id), 0) FROM events")[0][0])

    def sessions(self) -> list[dict[str, Any]]:
        rows = self._read(
            "SELECT s.id, s.table_id, s.created_at, COUNT(e.id) FROM sessions s "
            "LEFT JOIN events e ON e.session_id = s.id GROUP BY s.id ORDER BY s.id"
        )
        return [{"id": r[0], "table": r[1], "created_at": r[2], "events": r[3]} for r in rows]

    def latest_session(self) -> int | None:
        row = self._read("SELECT MAX(id) FROM sessions")[0]
        return None if row[0] is None else int(row[0])

    def store_frame(self, jpeg: bytes) -> int:
        with self.transaction() as db:
            cur = db.execute(
                "INSERT INTO frames (recorded_at, jpeg) VALUES (?, ?)", (self._clock(), jpeg)
            )
            return int(cur.lastrowid or 0)

    def frame(self, frame_id: int) -> bytes | None:
        found = self._read("SELECT jpeg FROM frames WHERE id = ?", (frame_id,))
        return found[0][0] if found else None

    def prune_frames(self, keep_seconds: float) -> int:
        """Forget frame images older than the retention period (their rows stay, for references),
        except those that confirm events of the session still in play: any of its plays may
        yet be disputed, however long it lasts. That session is the latest, unless it ended
        (an earlier one left unended cannot go on: the hub resumes only the latest)."""
        with self.transaction() as db:
            cur = db.execute(
                "UPDATE frames SET jpeg = NULL WHERE jpeg IS NOT NULL AND recorded_at < ? "
                "AND id NOT IN (SELECT e.frame_id FROM events e "
                "WHERE e.session_id = (SELECT MAX(id) FROM sessions) AND e.frame_id IS NOT NULL "
                "AND NOT EXISTS (SELECT 1 FROM events x "
                "WHERE x.session_id = e.session_id AND x.type = 'end'))",
                (self._clock() - keep_seconds,),
            )
            return cur.rowcount
