"""PadLedger: the pad key written in the caller's own transaction, and read back at start-up."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hub.pads import protocol
from hub.pads.intake import PadEvent, PadIntake
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
    assert PadLedger.record_in(db, event) is False  # the key is already there
    db.close()
