"""`tiengow hub` as a club runs it: a real process, SSE, kill -9 and restart, export."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from hub.referee.transcript import referee_json
from hub.rules.options import preset
from hub.selfplay import play_session, transcript_of
from tests.ports import free_port

from .hubproc import TOKEN, HubProcess


def selfplayed(hands: int, seed: int) -> dict[str, Any]:
    rules = preset("hk")
    return transcript_of(rules, list("ESWN"), list(play_session(rules, hands, random.Random(seed))))


def session_body(tr: dict[str, Any]) -> dict[str, Any]:
    return {
        "rules": tr["rules"],
        "seats": tr["seats"],
        "hands": [{"banker": tr["hands"][0]["banker"]}],
    }


def events_of(tr: dict[str, Any]) -> list[dict[str, Any]]:
    return [ev for h in tr["hands"] for ev in h["events"]]


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[HubProcess]:
    h = HubProcess(tmp_path / "club.db").start()
    yield h
    h.stop()


def sse_messages(url: str, last_id: int | None, want: int) -> list[tuple[str, str, str]]:
    """Read ``want`` SSE messages (id, event, data) from the stream."""
    headers = {"Last-Event-ID": str(last_id)} if last_id is not None else {}
    out: list[tuple[str, str, str]] = []
    with httpx.stream("GET", url + "/api/stream", headers=headers, timeout=10) as r:
        msg: dict[str, str] = {}
        for line in r.iter_lines():
            if not line:
                if "data" in msg:
                    out.append((msg.get("id", ""), msg.get("event", ""), msg["data"]))
                    if len(out) >= want:
                        return out
                msg = {}
                continue
            key, _, value = line.partition(": ")
            msg[key] = value
    return out


def test_the_stream_resumes_from_last_event_id(hub: HubProcess) -> None:
    tr = selfplayed(1, 3)
    assert hub.post("/api/session", session_body(tr)).status_code == 200
    first = sse_messages(hub.url, None, 1)[0]
    first_id = int(first[0])
    for ev in events_of(tr)[:5]:
        assert hub.post("/api/events", ev).status_code == 200
    missed = sse_messages(hub.url, first_id, 6)
    assert [m[1] for m in missed] == ["ledger"] * 5 + ["state"]
    assert [int(m[0]) for m in missed[:5]] == list(range(first_id + 1, first_id + 6))
    assert json.loads(missed[-1][2])["hand"]["trick"][0]["tiles"] == events_of(tr)[4]["play"]


def test_kill_9_at_random_events_loses_nothing(tmp_path: Path) -> None:
    tr = selfplayed(3, 11)
    events = events_of(tr)
    rng = random.Random(5)
    kills = sorted(rng.sample(range(1, len(events)), 3))
    h = HubProcess(tmp_path / "club.db").start()
    assert h.post("/api/session", session_body(tr)).status_code == 200
    for i, ev in enumerate(events):
        if i in kills:
            h.kill9()
            h = HubProcess(tmp_path / "club.db", h.port).start()
            assert sum(len(x["events"]) for x in h.get("/api/transcript")["hands"]) == i
        r = h.post("/api/events", ev)
        assert r.status_code == 200, r.text
    state = h.get("/api/state")
    h.stop()
    expected = referee_json(tr)["totals"]
    assert {s["name"]: s["score"] for s in state["seats"]} == expected
    out = subprocess.run([sys.executable, "-m", "hub.cli", "export", "--db", str(tmp_path / "club.db")],
                         capture_output=True, text=True, check=True)  # fmt: skip
    assert referee_json(json.loads(out.stdout))["totals"] == expected


def test_bad_configuration_is_refused_before_starting(tmp_path: Path) -> None:
    cfg = tmp_path / "table.toml"
    cfg.write_text(
        'http = "nowhere"\nrules = "nowhere"\n[serial]\n7 = "/dev/x"\n', encoding="utf-8"
    )
    p = subprocess.run(
        [sys.executable, "-m", "hub.cli", "hub", "--config", str(cfg)],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 2
    for piece in (
        "http: 'nowhere' is not HOST:PORT",
        "rules: unknown rules preset 'nowhere'",
        "serial: seat '7'",
    ):
        assert piece in p.stderr


def test_any_admin_token_is_accepted_and_required(tmp_path: Path) -> None:
    """`--admin-token TOKEN` (spec/interfaces.md) takes the club's token whatever its length:
    a short one starts the hub (with a warning) and is then required to change state."""
    h = HubProcess(tmp_path / "club.db", None, "--admin-token", "secret").start()
    try:
        body = {"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "E"}]}
        assert httpx.post(h.url + "/api/session", json=body).status_code == 401
        auth = {"Authorization": "Bearer secret"}
        assert httpx.post(h.url + "/api/session", json=body, headers=auth).status_code == 200
    finally:
        h.stop()
    assert "admin token" in (tmp_path / f"hub-{h.port}.log").read_text(encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "hub.cli", "hub", "--admin-token", ""],
                       capture_output=True, text=True)  # fmt: skip
    assert p.returncode == 2 and "admin_token" in p.stderr


def test_a_camera_source_that_does_not_exist_is_refused_before_starting(tmp_path: Path) -> None:
    """`--camera SOURCE` is a device index, a video file, a folder of frames or none
    (spec/interfaces.md): a path that is none of these is a bad setting, said at once, not a
    hub that runs on without its camera and says nothing until a session starts."""
    missing = tmp_path / "no-such-frames"
    p = subprocess.run(
        [sys.executable, "-m", "hub.cli", "hub", "--db", str(tmp_path / "h.db"),
         "--admin-token", "secret123", "--camera", str(missing)],
        capture_output=True, text=True, timeout=20,
    )  # fmt: skip
    assert p.returncode == 2, p.stderr
    assert f"camera: {str(missing)!r}" in p.stderr and "video file" in p.stderr
    assert not (tmp_path / "h.db").exists()


def test_a_second_hub_on_the_same_ledger_is_refused(tmp_path: Path) -> None:
    """Two hubs writing one ledger would each referee against their own copy of the table:
    both accepted the same lead, and the file no longer replayed (the next start failed).
    The second hub is refused at start, naming the file; the first plays on."""
    tr = selfplayed(1, 3)
    first = HubProcess(tmp_path / "club.db").start()
    try:
        assert first.post("/api/session", session_body(tr)).status_code == 200
        second = subprocess.run(
            [sys.executable, "-m", "hub.cli", "hub", "--db", str(tmp_path / "club.db"),
             "--http", f"127.0.0.1:{free_port()}", "--admin-token", "e2e-token-123"],
            capture_output=True, text=True, timeout=30,
        )  # fmt: skip
        assert second.returncode == 2, second.stderr
        assert "club.db" in second.stderr and "another hub" in second.stderr
        for ev in events_of(tr)[:3]:
            assert first.post("/api/events", ev).status_code == 200
    finally:
        first.stop()
    again = HubProcess(tmp_path / "club.db").start()  # the ledger replays
    try:
        assert sum(len(h["events"]) for h in again.get("/api/transcript")["hands"]) == 3
    finally:
        again.stop()


@pytest.mark.parametrize("table", ["a" * 65, "t/1", "t+"])
def test_a_table_id_the_pads_cannot_use_is_refused_before_starting(
    tmp_path: Path, table: str
) -> None:
    """`--table ID` names the MQTT topics (letters, digits, '-'; the pads' codec and firmware
    take 1 to 64 of them): an id longer than that passed the settings check and then stopped
    the hub with a traceback that said its letters were wrong."""
    p = subprocess.run(
        [sys.executable, "-m", "hub.cli", "hub", "--db", str(tmp_path / "h.db"),
         "--admin-token", "secret123", "--table", table],
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert p.returncode == 2, p.stderr
    assert f"table: {table!r}" in p.stderr and "1 to 64" in p.stderr
    assert "Traceback" not in p.stderr


def _http_answer(s: Any) -> str:
    """One HTTP answer read whole from a socket: its head and a body of its Content-Length
    (they may come in separate packets)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += s.recv(4096) or b"\r\n\r\n"  # (closed: what came is the answer)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        (
            int(line.split(b":")[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        ),
        0,
    )
    while len(body) < length and (more := s.recv(4096)):
        body += more
    return (head + b"\r\n\r\n" + body).decode("utf-8", "replace")


def test_a_huge_body_is_refused_before_it_is_read(hub: HubProcess) -> None:
    """A client announcing a body far over the limit (here 1 GB, none of it sent yet) is
    answered 400 with the limit at once: the hub does not wait for, nor hold in memory, a body
    it will refuse (spec/interfaces.md: 400 with {"error": ...}). (Sending part of the body
    first raced the hub's answer and close: under load the send met a reset connection.)"""
    import socket

    with socket.create_connection(("127.0.0.1", hub.port), timeout=5) as s:
        s.sendall(
            b"POST /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Authorization: Bearer " + TOKEN.encode() + b"\r\nContent-Length: 1000000000\r\n\r\n"
        )
        answer = _http_answer(s)  # (a hub that waited for the body: a timeout)
    assert answer.startswith("HTTP/1.1 400"), answer
    assert "at most 65536" in answer
