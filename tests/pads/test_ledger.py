"""PadLedger: the pad key written in the caller's own transaction, and read back at start-up."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from hub.pads import protocol
from hub.pads.intake import DuplicatePadEvent, PadEvent, PadIntake
from hub.pads.ledger import PadLedger


class _Link:
    def __init__(self) -> None:
        self.acks: list[int] = []

    def send(self, msg: protocol.Message) -> None:
        if msg["t"] == protocol.ACK:
            self.acks.append(msg["ack"])


def test_a_table_transaction_records_the_key_and_a_restart_knows_it(tmp_path: Path) -> None:
    path = tmp_path / "table.sqlite"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, payload TEXT)")

    def sink(event: PadEvent) -> None:  # the live table's shape: event + key, one transaction
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO events (payload) VALUES (?)", (event.value,))
        assert PadLedger.record_in(db, event)
        db.execute("COMMIT")

    link = _Link()
    first = PadIntake(sink)
    for seq, button in enumerate(["play", "ok"], start=1):
        first.receive(0, protocol.btn(0, 99, seq, button), link, "serial")
    db.close()

    db = sqlite3.connect(path, isolation_level=None)  # the hub restarts
    applied = PadLedger.applied_in(db)
    assert applied == {(0, 99): 2}
    second = PadIntake(sink, applied=applied)
    second.receive(0, protocol.btn(0, 99, 2, "ok"), link, "serial")  # resent after the crash
    second.receive(0, protocol.btn(0, 99, 3, "undo"), link, "serial")
    rows = [r[0] for r in db.execute("SELECT payload FROM events ORDER BY seq")]
    assert rows == ["play", "ok", "undo"]
    assert link.acks == [1, 2, 2, 3]
    event = PadEvent(0, 99, 3, "btn", "undo", "serial", 0.0)
    with pytest.raises(DuplicatePadEvent, match=r"\(0, 99, 3\) is already recorded"):
        PadLedger.record_in(db, event)
    db.close()


def test_a_sink_that_fails_after_committing_never_applies_twice(tmp_path: Path) -> None:
    """The sink commits, then fails (say its screen refresh raises): the pad resends, the
    intake calls the sink again, the key's INSERT raises DuplicatePadEvent inside the new
    transaction, which rolls back, and the intake acks."""
    db = sqlite3.connect(tmp_path / "t.sqlite", isolation_level=None)
    db.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, payload TEXT)")
    fail_after_commit = [True]

    def sink(event: PadEvent) -> None:
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("INSERT INTO events (payload) VALUES (?)", (event.value,))
            PadLedger.record_in(db, event)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        if fail_after_commit[0]:
            fail_after_commit[0] = False
            raise RuntimeError("screen refresh failed")

    link = _Link()
    intake = PadIntake(sink)
    msg = protocol.btn(1, 5, 1, "play")
    intake.receive(1, msg, link, "mqtt")  # committed, then the sink raised: no ack
    intake.receive(1, msg, link, "mqtt")  # the resend: duplicate in the ledger, acked
    intake.receive(1, msg, link, "mqtt")  # and now the intake remembers it
    assert [r[0] for r in db.execute("SELECT payload FROM events")] == ["play"]
    assert link.acks == [1, 1]
    assert intake.stats.sink_errors == 1 and intake.stats.duplicates == 2
    db.close()


def test_sinks_that_refresh_every_screen_do_not_deadlock() -> None:
    """Seat 0's sink shows on seat 1 while seat 1's sink shows on seat 0, at the same time
    (the live table refreshes every pad after each event)."""
    barrier = threading.Barrier(2, timeout=5)
    intake: PadIntake

    def sink(event: PadEvent) -> None:
        barrier.wait()  # both sinks are inside receive() now, each holding its seat
        for seat in range(4):
            intake.show(seat, [f"seat {event.seat} pressed"], "idle", 0)

    intake = PadIntake(sink)
    links = [_Link(), _Link()]
    threads = [
        threading.Thread(
            target=intake.receive,
            args=(s, protocol.btn(s, 1, 1, "play"), links[s], "serial"),
            daemon=True,  # a deadlocked thread must not hang the test run
        )
        for s in (0, 1)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert not any(t.is_alive() for t in threads), "deadlock"
    assert links[0].acks == [1] and links[1].acks == [1]
