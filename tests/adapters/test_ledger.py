"""The ledger file itself: what it keeps, and for how long."""

from __future__ import annotations

from pathlib import Path

from hub.adapters.ledger import Ledger
from hub.table.service import TableService

DAY = 86400.0
SESSION = {"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "E"}]}


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _club(tmp_path: Path) -> tuple[Clock, TableService]:
    """A table on a ledger whose clock the test moves, a session started."""
    clock = Clock()
    service = TableService(Ledger(tmp_path / "club.db", clock=clock))
    service.start_session(SESSION, "t")
    return clock, service


def test_retention_keeps_the_frames_of_the_session_still_in_play(tmp_path: Path) -> None:
    """Frames are kept for disputes for ``frame_retention_days`` (README), then forgotten. A
    play of the session still going on may yet be disputed: its frame is kept however long
    the session lasts (it was forgotten once as old as the retention, its event left
    pointing at nothing to review); once that session has ended, or a frame confirms no
    event of it, the retention applies."""
    clock, service = _club(tmp_path)
    ledger = service.ledger
    lead = ledger.store_frame(b"lead")
    service.submit({"seat": "E", "play": ["6-6"]}, "camera", frame_id=lead)
    unused = ledger.store_frame(b"nothing played")  # a view no event was confirmed by
    clock.now += 2 * DAY
    assert ledger.prune_frames(1 * DAY) == 1
    assert ledger.frame(lead) == b"lead" and ledger.frame(unused) is None
    service.end_session("operator")  # over: its frames are kept as long as the retention
    assert ledger.prune_frames(3 * DAY) == 0 and ledger.frame(lead) == b"lead"
    assert ledger.prune_frames(1 * DAY) == 1 and ledger.frame(lead) is None


def test_a_new_session_leaves_the_last_ones_frames_to_the_retention(tmp_path: Path) -> None:
    """A session left unended when the next one started is over too: only the session the
    hub resumes can still be played, so its frames alone are kept past the retention."""
    clock, service = _club(tmp_path)
    ledger = service.ledger
    old = ledger.store_frame(b"old")
    service.submit({"seat": "E", "play": ["6-6"]}, "camera", frame_id=old)
    service.start_session(SESSION, "t")
    new = ledger.store_frame(b"new")
    service.submit({"seat": "E", "play": ["6-6"]}, "camera", frame_id=new)
    clock.now += 2 * DAY
    assert ledger.prune_frames(1 * DAY) == 1
    assert ledger.frame(old) is None and ledger.frame(new) == b"new"


def test_every_connection_that_writes_is_wal_with_synchronous_full(tmp_path: Path) -> None:
    """Issue 5: SQLite in WAL mode with synchronous=FULL. synchronous is a setting of each
    connection, not of the file: the hub's ledger and the pads' own ledger each set it (FULL
    is also the default of the SQLite built here, so this guards builds whose is NORMAL)."""
    from hub.pads.ledger import PadLedger

    hub = Ledger(tmp_path / "club.db", exclusive=True)
    pads = PadLedger(tmp_path / "pads.db")
    for db in (hub.db, pads._db):
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    hub.close()
    pads.close()


def test_corrections_are_new_events_and_no_event_is_ever_rewritten(tmp_path: Path) -> None:
    """Append-only: an undo, a play entered again and an end each add a row; the rows already
    written stay as they were, byte for byte."""
    service = TableService(Ledger(tmp_path / "club.db"))
    ledger = service.ledger
    steps = [
        lambda: service.start_session(SESSION, "t"),
        lambda: service.submit({"seat": "E", "play": ["6-6"]}, "pad:0"),
        lambda: service.undo("operator", "misread"),
        lambda: service.submit({"seat": "E", "play": ["5-5"]}, "operator"),
        lambda: service.end_session("operator"),
    ]
    before: list[tuple[object, ...]] = []
    for step in steps:
        step()
        rows = ledger.db.execute("SELECT * FROM events ORDER BY id").fetchall()
        assert rows[: len(before)] == before and len(rows) == len(before) + 1
        before = rows
    assert [r[3] for r in before] == ["session", "event", "undo", "event", "end"]
