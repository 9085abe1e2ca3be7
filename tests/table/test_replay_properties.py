"""Property: reopening the ledger at any point gives exactly the live table.

Random sessions under each rules preset (and a mainland table of three), played through the
service with corrections mixed in: undos (then the action again), refused events recorded for
pads, a pad's confirm and cancel rows, an end of session. Replaying the stored events must give
the same scores, hand, trick, banker, term and transcript as the table that wrote them.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hub.adapters.ledger import Ledger
from hub.referee.transcript import fit_table, resolve_table_rules
from hub.rules.errors import IllegalPlay
from hub.selfplay import play_session, transcript_of
from hub.table.service import TableService

TABLES = [("hk", "ESWN"), ("mainland", "ESWN"), ("culin1893", "ESWN"), ("mainland", "ESW")]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 2**16),
    moves=st.lists(st.integers(0, 9), min_size=1, max_size=80),
    end=st.booleans(),
)
def test_replay_gives_the_live_table(
    table: tuple[str, str], seed: int, moves: list[int], end: bool
) -> None:
    preset, names = table
    seats = list(names)
    rules = fit_table(resolve_table_rules(preset, tuple(seats), "test"), tuple(seats), [])
    tr = transcript_of(rules, seats, list(play_session(rules, 2, random.Random(seed))))
    events = [ev for h in tr["hands"] for ev in h["events"]]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.db"
        service = TableService(Ledger(path))
        service.start_session({"rules": preset, "seats": seats, "hands": [{"banker": seats[0]}]}, "t")  # fmt: skip
        done = 0
        for move in moves:
            if done == len(events):
                break
            if move == 0 and done:  # a correction: take back the last action, enter it again
                service.undo("operator", "misread")
                done -= 1
            elif move == 1:  # a pad's press refused: recorded, changes nothing
                wrong = {"seat": seats[0], "discard": 99}
                with pytest.raises(IllegalPlay):
                    service.submit(wrong, "pad:1", record_refusal=True)
            elif move == 2:  # a pad asked to confirm a read, then cancelled
                sid = service.session_id or 0
                service.ledger.append(sid, "confirm", {"faces": ["6-6"]}, "pad:0", 0)
                service.ledger.append(sid, "cancel", {}, "pad:0", 0)
            service.submit(events[done], "test")
            done += 1
        if end:
            service.end_session("operator")
        live, transcript = service.state(), service.transcript()
        service.ledger.close()
        again = TableService(Ledger(path))
        assert again.state() == live
        assert again.transcript() == transcript
        again.ledger.close()
