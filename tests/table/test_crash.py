"""kill -9 while the ledger writes: reopening resumes exactly what was acknowledged.

A child process plays a session through the real service and ledger file, writes down each
acknowledged state, and SIGKILLs itself just before the n-th statement that writes (an INSERT or
a COMMIT): mid-hand, during an undo, an end of session and a session start. The test reopens the
file in this process and compares.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hub.adapters.ledger import Ledger
from hub.table.service import TableService

ROOT = Path(__file__).resolve().parents[2]
WRITES = 22

CHILD = r"""
import json, os, signal, sys
from hub.adapters.ledger import Ledger
from hub.table.service import TableService

db, kill_at, acks = sys.argv[1], int(sys.argv[2]), sys.argv[3]
ledger = Ledger(db)
writes = 0

def trace(sql):
    global writes
    if sql.startswith(("INSERT", "COMMIT")):
        writes += 1
        if writes == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

ledger.db.set_trace_callback(trace)
service = TableService(ledger)
out = open(acks, "a", encoding="utf-8")

def ack():
    out.write(json.dumps(service.state()) + "\n")
    out.flush()

body = {"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "E"}]}
service.start_session(body, "test"); ack()
for ev in ({"seat": "E", "play": ["6-6"]}, {"seat": "S", "discard": 1}, {"seat": "W", "discard": 1}):
    service.submit(ev, "test"); ack()
service.undo("operator", "misread"); ack()
service.submit({"seat": "W", "discard": 1}, "test"); ack()
service.end_session("operator"); ack()
service.start_session(body, "test"); ack()
service.submit({"seat": "E", "play": ["6-6"]}, "test"); ack()
print(writes)
"""


def run_child(db: Path, kill_at: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", CHILD, str(db), str(kill_at), str(db) + ".acks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def without_ids(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != "last_event_id"}


def test_the_script_runs_to_the_end_without_a_kill(tmp_path: Path) -> None:
    p = run_child(tmp_path / "c.db", 0)
    assert p.returncode == 0, p.stderr
    assert int(p.stdout) <= WRITES  # the kills below cover every write


@pytest.mark.parametrize("kill_at", range(1, WRITES + 1))
def test_kill_9_before_any_write_resumes_what_was_acknowledged(
    tmp_path: Path, kill_at: int
) -> None:
    db = tmp_path / "c.db"
    p = run_child(db, kill_at)
    assert p.returncode in (-9, 0), p.stdout + p.stderr  # 0: the script wrote less than that
    acks = Path(str(db) + ".acks")
    lines = acks.read_text(encoding="utf-8").splitlines() if acks.exists() else []
    again = TableService(Ledger(db))
    if not lines:
        assert again.session_id is None
    else:
        assert without_ids(again.state()) == without_ids(json.loads(lines[-1]))
