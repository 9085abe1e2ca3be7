"""The HTTP API (spec/interfaces.md) in-process: auth, validation, state, transcript."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from hub.adapters.ledger import Ledger
from hub.referee.transcript import parse_transcript, referee_json
from hub.table.service import TableService
from hub.web.app import create_app
from tests.web.feed import events, session, start_body

TOKEN = "s3cret"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
GOLDEN = Path(__file__).resolve().parent.parent / "golden"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    service = TableService(Ledger(tmp_path / "t.db"), "t1")
    return TestClient(create_app(service, TOKEN))


def session_body(tr: dict[str, Any]) -> dict[str, Any]:
    first = tr["hands"][0]
    return {"format": "tiengow-transcript/1", "rules": tr["rules"], "seats": tr["seats"],
            "hands": [{"banker": first["banker"], "banker_term": first.get("banker_term", 1), "events": []}]}  # fmt: skip


def test_a_whole_session_through_the_api(client: TestClient) -> None:
    tr = json.loads((GOLDEN / "G32-session-derived-banker.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    assert client.post("/api/session", json=session_body(tr), headers=AUTH).status_code == 200
    for hand in tr["hands"]:
        for ev in hand["events"]:
            r = client.post("/api/events", json=ev, headers=AUTH)
            assert r.status_code == 200, r.text
    state = client.get("/api/state").json()
    expected = referee_json(tr)["totals"]
    assert {s["name"]: s["score"] for s in state["seats"]} == expected
    assert referee_json(client.get("/api/transcript").json())["totals"] == expected
    sessions = client.get("/api/sessions").json()
    assert sessions["current"] == sessions["sessions"][-1]["id"]
    page = client.get("/").text
    assert "<html lang=" in page and tr["seats"][0] in page


def test_changes_need_the_admin_token(client: TestClient) -> None:
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    for path, body in (("/api/session", session_body(tr)), ("/api/events", {"seat": "E", "play": ["6-6"]}),
                       ("/api/undo", {}), ("/api/end", {})):  # fmt: skip
        assert client.post(path, json=body).status_code == 401
        assert (
            client.post(path, json=body, headers={"Authorization": "Bearer wrong"}).status_code
            == 401
        )
    assert client.get("/api/state").json()["session"] is None


@pytest.mark.parametrize(
    ("body", "pattern"),
    [
        (b"{not json", "not JSON"),
        (b'{"seat": "E", "play": ["7-7"]}', "unknown tile '7-7'"),
        (b'{"seat": "Q", "play": ["6-6"]}', "unknown seat 'Q'"),
        (b"[1, 2]", "an event is an object"),
        (b'{"seat": "S", "play": ["6-6"]}', "out of turn"),
        (b'{"seat": "E", "play": ["6-6"], "discard": 1}', "exactly one action"),
    ],
)
def test_bad_events_get_400_with_the_reason_and_change_nothing(
    client: TestClient, body: bytes, pattern: str
) -> None:
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    client.post("/api/session", json=session_body(tr), headers=AUTH)
    before = client.get("/api/state").json()
    r = client.post(
        "/api/events", content=body, headers={**AUTH, "Content-Type": "application/json"}
    )
    assert r.status_code == 400 and pattern in r.json()["error"]
    assert client.get("/api/state").json() == before


def test_bad_sessions_and_oversized_bodies(client: TestClient) -> None:
    r = client.post(
        "/api/session", json={"seats": ["A", "A"], "hands": [{"banker": "A"}]}, headers=AUTH
    )
    assert r.status_code == 400 and "different names" in r.json()["error"]
    r = client.post(
        "/api/session",
        json={"rules": "nowhere", "seats": list("ESWN"), "hands": [{"banker": "E"}]},
        headers=AUTH,
    )
    assert r.status_code == 400 and "unknown rules preset" in r.json()["error"]
    r = client.post("/api/events", content=b"x" * 70000, headers=AUTH)
    assert r.status_code == 400 and "at most" in r.json()["error"]


@pytest.mark.parametrize(
    "path", ["/../../etc/passwd", "/static/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd"]
)
def test_no_path_traversal(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404 and "root:" not in r.text


def test_hands_and_rules_for_the_scoreboard(client: TestClient) -> None:
    tr = json.loads((GOLDEN / "G32-session-derived-banker.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    client.post("/api/session", json=session_body(tr), headers=AUTH)
    for hand in tr["hands"]:
        for ev in hand["events"]:
            client.post("/api/events", json=ev, headers=AUTH)
    hands = client.get("/api/hands").json()
    assert len(hands["hands"]) == len(tr["hands"])
    assert hands["hands"][-1]["running"] == hands["totals"] == referee_json(tr)["totals"]
    assert all(p["reason"] for h in hands["hands"] for p in h["payments"])
    rules = client.get("/api/rules?lang=zh-Hant").json()
    assert rules["lang"] == "zh-Hant" and any("莊" in line["text"] for line in rules["lines"])
    assert client.get("/api/rules?lang=fr").status_code == 400


def test_pad_presence_shows_without_a_session(tmp_path: Path) -> None:
    service = TableService(Ledger(tmp_path / "p.db"), "t1")
    client = TestClient(create_app(service, TOKEN))
    service.set_online(2, True)
    pads = client.get("/api/state").json()["pads"]
    assert pads[2] == {"seat": 2, "online": True} and pads[0]["online"] is False


@pytest.mark.parametrize("term", ["x", 0, -1, True, 2.5, 1_000_001])
def test_a_session_with_a_bad_banker_term_gets_400_and_starts_nothing(
    client: TestClient, term: object
) -> None:
    """POST /api/session takes a transcript with no events (spec/interfaces.md): its
    ``banker_term`` is a whole number ≥ 1 (spec/transcript.md), as `tiengow referee` checks;
    a session started with another would export a transcript that does not referee."""
    body = {"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "E", "banker_term": term}]}
    r = client.post("/api/session", json=body, headers=AUTH)
    assert r.status_code == 400, r.text
    assert "banker_term" in r.json()["error"] and repr(term) in r.json()["error"]
    assert client.get("/api/state").json()["session"] is None


def test_a_session_started_with_a_banker_term_exports_a_transcript_that_referees(
    client: TestClient,
) -> None:
    body = {"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "S", "banker_term": 3}]}
    assert client.post("/api/session", json=body, headers=AUTH).status_code == 200
    hand = referee_json(client.get("/api/transcript").json())["hands"][0]
    assert (hand["banker"], hand["banker_term"]) == ("S", 3)


@pytest.mark.parametrize("house", ["mainland", "club.toml"])
def test_the_hubs_rules_are_the_house_rules_of_new_sessions(tmp_path: Path, house: str) -> None:
    """`tiengow hub --rules PRESET|FILE.toml` (spec/interfaces.md) sets the house rules: a
    session posted without ``rules`` plays them, the operator page offers them first, and the
    exported transcript names them as spec/transcript.md allows (a preset or an object)."""
    from html import unescape

    from hub.config import HubConfig
    from hub.main import build
    from hub.rules.options import load_rules, rules_json

    if house.endswith(".toml"):
        (tmp_path / house).write_text('base = "hk"\nwen_zun = true\n', encoding="utf-8")
        house = str(tmp_path / house)
    expected = rules_json(load_rules(house))
    hub = build(HubConfig(db=str(tmp_path / "h.db"), rules=house, admin_token=TOKEN))
    try:
        client = TestClient(hub.app)
        select = re.search(r'<select name="preset">(.*?)</select>', client.get("/operator").text)
        assert select is not None
        chosen = re.findall(r'<option value="([^"]*)" selected>', select.group(1))
        assert len(chosen) == 1, select.group(1)
        value = unescape(chosen[0])
        assert (json.loads(value) if value.startswith("{") else value) == expected
        body = {"seats": list("ESWN"), "hands": [{"banker": "E"}]}
        assert client.post("/api/session", json=body, headers=AUTH).status_code == 200
        assert client.get("/api/state").json()["rules"] == expected
        transcript = client.get("/api/transcript").json()
        assert transcript["rules"] == expected
        assert referee_json(transcript)["totals"] == dict.fromkeys("ESWN", 0)
    finally:
        hub.close()


@pytest.mark.parametrize("hands", [5, True, 2.5])
def test_a_session_whose_hands_is_not_a_list_gets_400_and_starts_nothing(
    client: TestClient, hands: object
) -> None:
    """POST /api/session takes a transcript with no events (spec/interfaces.md), whose ``hands``
    is a list (spec/transcript.md): anything else is refused with the reason, not a 500."""
    body = {"rules": "hk", "seats": list("ESWN"), "hands": hands}
    r = client.post("/api/session", json=body, headers=AUTH)
    assert r.status_code == 400, r.text
    assert "'hands'" in r.json()["error"] and repr(hands) in r.json()["error"]
    assert client.get("/api/state").json()["session"] is None


def test_a_session_posted_with_a_rules_file_records_its_options_not_the_path(
    tmp_path: Path,
) -> None:
    """A session whose ``rules`` names a club's .toml file keeps the options themselves: the
    transcript names its rules as a preset or an object (spec/transcript.md), so it referees on
    another machine, and the ledger resumes (spec/interfaces.md) after the file is gone."""
    from hub.rules.options import load_rules, rules_json

    club = tmp_path / "club.toml"
    club.write_text('base = "hk"\nwen_zun = true\n', encoding="utf-8")
    expected = rules_json(load_rules(str(club)))
    client = TestClient(create_app(TableService(Ledger(tmp_path / "t.db"), "t1"), TOKEN))
    body = {"rules": str(club), "seats": list("ESWN"), "hands": [{"banker": "E"}]}
    assert client.post("/api/session", json=body, headers=AUTH).status_code == 200
    assert client.post("/api/events", json={"seat": "E", "play": ["6-6"]}, headers=AUTH).is_success
    assert client.get("/api/transcript").json()["rules"] == expected
    club.unlink()
    reopened = TableService(Ledger(tmp_path / "t.db"), "t1")
    assert reopened.transcript()["rules"] == expected
    assert reopened.transcript()["hands"][0]["events"] == [{"seat": "E", "play": ["6-6"]}]


def test_a_full_disk_is_a_503_that_says_so_and_loses_nothing(tmp_path: Path) -> None:
    """The disk fills up (a ledger that cannot grow: SQLITE_FULL, as on a full SD card): each
    change is answered 503 with the reason, the table stays as it was, and once there is room
    again play goes on; nothing acknowledged is lost."""
    service = TableService(Ledger(tmp_path / "t.db"), "t1")
    client = TestClient(create_app(service, TOKEN), raise_server_exceptions=False)
    body = {"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "E"}]}
    assert client.post("/api/session", json=body, headers=AUTH).status_code == 200
    pages = service.ledger.db.execute("PRAGMA page_count").fetchone()[0]
    service.ledger.db.execute(f"PRAGMA max_page_count = {pages}")
    lead = {"seat": "E", "play": ["6-6"]}
    for i in range(1000):  # play and take back until the ledger is full
        acknowledged = client.get("/api/state").json()
        if i % 2 == 0:
            answer = client.post("/api/events", json=lead, headers=AUTH)
        else:
            answer = client.post("/api/undo", json={}, headers=AUTH)
        if answer.status_code != 200:
            break
    assert answer.status_code == 503 and "full" in answer.json()["error"], answer.text
    assert client.get("/api/state").json() == acknowledged
    service.ledger.db.execute(f"PRAGMA max_page_count = {pages * 100}")  # room again
    path, again = ("/api/events", lead) if i % 2 == 0 else ("/api/undo", {})
    assert client.post(path, json=again, headers=AUTH).status_code == 200
    live = client.get("/api/state").json()
    service.ledger.close()
    assert TableService(Ledger(tmp_path / "t.db"), "t1").state() == live


@pytest.mark.parametrize(
    "name",
    ["G30-mainland-3p-9.json", "G18-li-pai-quan-bai.json", "Y01-heaven-holder-banker-leads.json"],
)
def test_a_session_posted_with_its_deal_is_refereed_on_it(
    client: TestClient, tmp_path: Path, name: str
) -> None:
    """POST /api/session takes a transcript with no events (spec/interfaces.md), and a
    transcript's hand may carry its ``deal`` (spec/transcript.md): the hub then referees on it
    as `tiengow referee` does (a 3-player mainland deal of 9 tiles settles on its own base, a
    例牌 declared without showing its tiles is checked against the deal, an event the deal
    makes illegal is refused) and keeps the deal in the transcript and the ledger. It was
    dropped, so such a session scored otherwise than `tiengow referee` on the same events."""
    golden = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    tr = golden["transcript"]
    first = tr["hands"][0]
    body = {**tr, "hands": [{**first, "events": []}]}
    assert client.post("/api/session", json=body, headers=AUTH).status_code == 200
    statuses = [
        client.post("/api/events", json=ev, headers=AUTH).status_code for ev in first["events"]
    ]
    if "error" in golden["expect"]:
        bad = golden["expect"]["error"]["event"]
        assert statuses[bad] == 400 and statuses[:bad] == [200] * bad
        return
    assert statuses == [200] * len(statuses)
    expected = referee_json(tr)["totals"]
    state = client.get("/api/state").json()
    assert {s["name"]: s["score"] for s in state["seats"]} == expected
    transcript = client.get("/api/transcript").json()
    assert parse_transcript(transcript).hands[0].deal == parse_transcript(tr).hands[0].deal
    assert referee_json(transcript)["totals"] == expected
    assert TableService(Ledger(tmp_path / "t.db"), "t1").transcript() == transcript


@pytest.mark.parametrize("scheme", ["Bearer", "bearer", "BEARER"])
def test_the_bearer_scheme_is_matched_whatever_its_case(client: TestClient, scheme: str) -> None:
    """The admin token goes as ``Authorization: Bearer TOKEN`` (spec/interfaces.md); HTTP's
    authentication scheme is case-insensitive (RFC 9110 §11.1), so a client library that writes
    ``bearer`` is let in; the token itself must match exactly."""
    body = {"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "E"}]}
    ok = client.post("/api/session", json=body, headers={"Authorization": f"{scheme} {TOKEN}"})
    assert ok.status_code == 200, ok.text
    wrong = {"Authorization": f"{scheme} {TOKEN.upper()}"}
    assert client.post("/api/session", json=body, headers=wrong).status_code == 401


@pytest.mark.parametrize("path", ["/api/events", "/api/session"])
def test_a_body_nested_too_deeply_gets_400_not_500(client: TestClient, path: str) -> None:
    """A small body of nested brackets (10 kB, well under the size limit) is JSON that Python's
    parser gives up on with a RecursionError: it is refused as 400 with the reason
    (spec/interfaces.md: 400 with {"error": ...} for what cannot be applied), not a 500."""
    client.post("/api/session", json={"rules": "hk", "seats": list("ESWN"),
                                      "hands": [{"banker": "E"}]}, headers=AUTH)  # fmt: skip
    before = client.get("/api/state").json()
    body = b"[" * 5000 + b"]" * 5000
    r = client.post(path, content=body, headers={**AUTH, "Content-Type": "application/json"})
    assert r.status_code == 400, r.text
    assert "nested" in r.json()["error"]
    assert client.get("/api/state").json() == before


def test_an_ended_session_takes_no_undo_and_its_totals_stand(client: TestClient) -> None:
    """Once ended, a session's standings are final (the kiosk ranks them, the PDF prints them):
    an undo took back its last action and changed its totals, and the operator's 'Correct last'
    then lost that action for good, since the session refuses every event after its end."""
    tr = json.loads((GOLDEN / "G32-session-derived-banker.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    client.post("/api/session", json=session_body(tr), headers=AUTH)
    for ev in tr["hands"][0]["events"]:
        assert client.post("/api/events", json=ev, headers=AUTH).status_code == 200
    assert client.post("/api/end", json={}, headers=AUTH).status_code == 200
    ended = client.get("/api/state").json()
    transcript = client.get("/api/transcript").json()
    r = client.post("/api/undo", json={"reason": "operator"}, headers=AUTH)
    assert r.status_code == 400, r.text
    assert r.json()["kind"] == "session_over" and "ended" in r.json()["error"]
    assert client.get("/api/state").json() == ended
    assert client.get("/api/transcript").json() == transcript


def test_a_session_ends_once(client: TestClient) -> None:
    """A second 'End session' was answered 'Done' and wrote another end into the ledger, as if
    the session had been running; it is refused as over, and nothing is written."""
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    client.post("/api/session", json=session_body(tr), headers=AUTH)
    assert client.post("/api/end", json={}, headers=AUTH).status_code == 200
    ended = client.get("/api/state").json()
    r = client.post("/api/end", json={}, headers=AUTH)
    assert r.status_code == 400 and r.json()["kind"] == "session_over", r.text
    assert "already ended" in r.json()["error"]
    assert client.get("/api/state").json() == ended


def test_a_stream_client_that_stops_reading_is_kept_only_the_newest_state(tmp_path: Path) -> None:
    """A TV that stops reading the stream (asleep, a weak Wi-Fi) is sent, when it reads again,
    the table as it is now: the hub keeps no message for it per change meanwhile, which would
    grow its memory by one whole state per change for as long as the TV is away."""
    service = TableService(Ledger(tmp_path / "t.db"), "t1")
    app = create_app(service, TOKEN)
    tr = session(hands=2, seed=3)

    async def run() -> list[bytes]:
        reading = asyncio.Event()
        reading.set()
        got: list[bytes] = []

        async def receive() -> dict[str, Any]:
            if not got:
                return {"type": "http.request", "body": b"", "more_body": False}
            await asyncio.Event().wait()  # the client stays connected
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.body":
                await reading.wait()  # a client not reading: the socket's buffer full
                got.append(message["body"])

        scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.4"},
                 "http_version": "1.1", "method": "GET", "scheme": "http", "path": "/api/stream",
                 "raw_path": b"/api/stream", "root_path": "", "query_string": b"",
                 "headers": [], "client": ("tv", 1), "server": ("hub", 8000)}  # fmt: skip
        task = asyncio.create_task(app(scope, receive, send))
        while b"event: state" not in b"".join(got):  # the state on connecting
            await asyncio.sleep(0.01)
        reading.clear()
        await asyncio.sleep(0.05)
        service.start_session(start_body(tr), "api")
        for ev in events(tr)[:40]:
            service.submit(ev, "api")
        await asyncio.sleep(0.1)
        del got[:]
        reading.set()  # the TV reads again
        await asyncio.sleep(0.2)
        task.cancel()
        return got

    got = b"".join(asyncio.run(run())).decode()
    states = [m for m in got.split("\n\n") if "event: state" in m]
    # what it was sending when the TV stopped, then the table now, and nothing in between
    assert len(states) <= 2, f"{len(states)} state messages kept for a client that did not read"
    last = json.loads(states[-1].split("data: ", 1)[1])
    assert last == service.state()


def test_a_change_sent_again_with_its_idempotency_key_is_made_once(client: TestClient) -> None:
    """A client that lost the answer and sends the change again gets the first answer; the
    table does not change twice (without a key, the second play is refused as illegal)."""
    tr = session(hands=1)
    assert client.post("/api/session", json=start_body(tr), headers=AUTH).status_code == 200
    first, second = events(tr)[:2]
    keyed = {**AUTH, "Idempotency-Key": "pad-E-0001"}
    made = client.post("/api/events", json=first, headers=keyed)
    assert made.status_code == 200 and "replayed" not in made.json()
    after = client.get("/api/transcript").json()
    again = client.post("/api/events", json=first, headers=keyed)
    assert again.status_code == 200, again.text
    assert again.json()["replayed"] is True
    assert again.json()["event_id"] == made.json()["event_id"]
    assert client.get("/api/transcript").json() == after
    assert client.post("/api/events", json=first, headers=AUTH).status_code == 400
    nxt = client.post("/api/events", json=second, headers={**AUTH, "Idempotency-Key": "pad-0002"})
    assert nxt.status_code == 200 and nxt.json()["event_id"] > made.json()["event_id"]


def test_an_idempotency_key_sent_with_another_change_gets_422_and_changes_nothing(
    client: TestClient,
) -> None:
    tr = session(hands=1)
    client.post("/api/session", json=start_body(tr), headers=AUTH)
    first, second = events(tr)[:2]
    keyed = {**AUTH, "Idempotency-Key": "k1"}
    assert client.post("/api/events", json=first, headers=keyed).status_code == 200
    before = client.get("/api/transcript").json()
    r = client.post("/api/events", json=second, headers=keyed)
    assert r.status_code == 422
    assert "'k1'" in r.json()["error"] and "new key" in r.json()["error"]
    assert client.get("/api/transcript").json() == before
    long = client.post("/api/events", json=second, headers={**AUTH, "Idempotency-Key": "x" * 256})
    assert long.status_code == 400 and "got 256" in long.json()["error"]
    assert client.get("/api/transcript").json() == before
