"""The `tiengow` command as a user runs it: exit codes, stdout and stderr."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from hub.cli import main

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def tiengow(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hub.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def test_referee_legal(tmp_path: Path) -> None:
    example = json.loads((GOLDEN / "G17-ba-zhi-bao-zun-x16.json").read_text(encoding="utf-8"))
    f = tmp_path / "t.json"
    f.write_text(json.dumps(example["transcript"]), encoding="utf-8")
    p = tiengow("referee", str(f))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["format"] == "tiengow-result/1" and out["totals"]["E"] == 240


def test_referee_illegal_from_stdin() -> None:
    example = json.loads((GOLDEN / "X03-tie-does-not-beat.json").read_text(encoding="utf-8"))
    p = tiengow("referee", "-", stdin=json.dumps(example["transcript"]))
    assert p.returncode == 1
    err = json.loads(p.stdout)["error"]
    assert (err["hand"], err["event"]) == (
        example["expect"]["error"]["hand"],
        example["expect"]["error"]["event"],
    )
    assert err["message"] in p.stderr


@pytest.mark.parametrize(
    ("stdin", "pattern"),
    [
        ("{not json", "is not JSON: .* line 1 column 2"),
        ('{"format": "tiengow-transcript/1"}', "'seats' is missing"),
    ],
)
def test_referee_not_a_transcript(stdin: str, pattern: str) -> None:
    p = tiengow("referee", "-", stdin=stdin)
    assert p.returncode == 2

    assert re.search(pattern, p.stderr), p.stderr
    assert "error" in json.loads(p.stdout)


def test_referee_rules_override_and_bad_rules(tmp_path: Path) -> None:
    example = json.loads((GOLDEN / "G24-early-death-off.json").read_text(encoding="utf-8"))
    f = tmp_path / "t.json"
    f.write_text(json.dumps(example["transcript"]), encoding="utf-8")
    assert tiengow("referee", str(f)).returncode == 0
    assert tiengow("referee", "--rules", "hk", str(f)).returncode == 1  # hk has early death
    p = tiengow("referee", "--rules", "nowhere", str(f))
    assert p.returncode == 2 and "unknown rules preset 'nowhere'" in p.stderr


def test_selfplay_json_and_determinism(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "selfplay",
                "--hands",
                "20",
                "--seed",
                "4",
                "--json",
                "--transcript",
                str(tmp_path / "t.json"),
            ]
        )
        == 0
    )
    last = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert last["hands"] == 20 and last["hands_per_s"] > 0 and sum(last["totals"].values()) == 0
    assert main(["selfplay", "--hands", "20", "--seed", "4", "--json"]) == 0
    again = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert again["totals"] == last["totals"]
    assert main(["referee", str(tmp_path / "t.json")]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == last["totals"]


def test_demo_narrates_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--narrate", "--hands", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Hand 2" in out and "結" in out and "pays" in out and "next banker" in out


def test_demo_with_a_ledger_it_cannot_open_says_so(tmp_path: Path) -> None:
    """`tiengow demo --db PATH` (spec/interfaces.md): a path that cannot hold a ledger is an
    error naming it (exit 2), not a traceback."""
    from tests.ports import free_port

    db = tmp_path / "no such folder" / "demo.db"
    p = tiengow("demo", "--hands", "1", "--db", str(db), "--http", f"127.0.0.1:{free_port()}")
    assert p.returncode == 2, p.stderr
    assert "Traceback" not in p.stderr
    assert str(db) in p.stderr and "--db" in p.stderr


@pytest.mark.parametrize("kind", ["empty", "another program's SQLite", "text"])
def test_export_of_a_file_that_is_not_a_ledger_says_so_and_leaves_it_alone(
    tmp_path: Path, kind: str
) -> None:
    """`tiengow export --db PATH` reads a ledger; a file that is not one is an error that says
    what is accepted (exit 2), and export never writes: it used to create the ledger's tables
    in it and switch it to WAL."""
    import sqlite3

    f = tmp_path / "other.db"
    if kind == "empty":
        f.write_bytes(b"")
    elif kind == "text":
        f.write_text("name,score\nE,10\n", encoding="utf-8")
    else:
        db = sqlite3.connect(f)
        db.execute("CREATE TABLE contacts (name TEXT)")
        db.commit()
        db.close()
    before = f.read_bytes()
    p = tiengow("export", "--db", str(f))
    assert p.returncode == 2, p.stderr
    assert str(f) in p.stderr and "not a tiengow ledger" in p.stderr, p.stderr
    assert "tiengow hub --db" in p.stderr  # what is accepted
    assert f.read_bytes() == before
    assert sorted(x.name for x in tmp_path.iterdir()) == ["other.db"]  # no -wal, no -shm


def test_export_of_a_damaged_ledger_says_so(tmp_path: Path) -> None:
    from hub.adapters.ledger import Ledger
    from hub.table.service import TableService

    db = tmp_path / "club.db"
    service = TableService(Ledger(db))
    service.start_session({"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "E"}]}, "t")
    service.ledger.close()
    with db.open("r+b") as f:  # the sessions table's page overwritten
        f.seek(4096)
        f.write(b"\xff" * 4096)
    p = tiengow("export", "--db", str(db))
    assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
    assert str(db) in p.stderr and "malformed" in p.stderr


@pytest.mark.parametrize("left", ["closed", "wal without shm"])
def test_export_of_a_ledger_in_a_folder_it_cannot_write(tmp_path: Path, left: str) -> None:
    """`tiengow export --db PATH` only reads, so a ledger in a folder the user may not write
    (the hub's own folder, exported by the club's organiser; a read-only copy or disk) is
    exported. It said the ledger was 'not a tiengow ledger (unable to open database file)':
    SQLite reads a WAL ledger only beside a -shm file, which it could not create there. A
    ledger whose last events are still in its -wal file, with no -shm to read them by, is
    said to be so (reading it without would leave them out), not called no ledger."""
    from hub.adapters.ledger import Ledger
    from hub.table.service import TableService

    folder = tmp_path / "ledgers"
    folder.mkdir()
    db = folder / "club.db"
    body = {"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "E"}]}
    if left == "closed":
        service = TableService(Ledger(db))
        service.start_session(body, "t")
        service.submit({"seat": "E", "play": ["6-6"]}, "t")
        service.ledger.close()
    else:  # a hub killed (a power cut), then its -shm file lost
        child = (
            "import os, signal, sys\n"
            "from hub.adapters.ledger import Ledger\n"
            "from hub.table.service import TableService\n"
            "s = TableService(Ledger(sys.argv[1]))\n"
            f"s.start_session({body!r}, 't')\n"
            "s.submit({'seat': 'E', 'play': ['6-6']}, 't')\n"
            "os.kill(os.getpid(), signal.SIGKILL)\n"
        )
        subprocess.run([sys.executable, "-c", child, str(db)], check=False)
        assert Path(f"{db}-wal").stat().st_size > 0
        Path(f"{db}-shm").unlink()
    before = sorted((x.name, x.read_bytes()) for x in folder.iterdir())
    folder.chmod(0o555)
    try:
        p = subprocess.run(
            _as_a_user([sys.executable, "-m", "hub.cli", "export", "--db", str(db)]),
            capture_output=True, text=True, timeout=30, check=False,
        )  # fmt: skip
    finally:
        folder.chmod(0o755)
    assert "Traceback" not in p.stderr and "not a tiengow ledger" not in p.stderr, p.stderr
    if left == "closed":
        assert p.returncode == 0, p.stderr
        assert json.loads(p.stdout)["hands"][0]["events"] == [{"seat": "E", "play": ["6-6"]}]
    else:
        assert p.returncode == 2, p.stdout
        assert str(db) in p.stderr and "club.db-wal" in p.stderr, p.stderr
    assert sorted((x.name, x.read_bytes()) for x in folder.iterdir()) == before


def test_a_hub_on_a_damaged_ledger_says_so(tmp_path: Path) -> None:
    """A ledger whose pages are damaged, or whose events no longer replay (rows written by
    hand, or by two hubs at once): `tiengow hub` stops with an error naming the file and
    what is wrong (exit 2), not a traceback, and writes nothing."""
    import sqlite3

    from hub.adapters.ledger import Ledger
    from hub.table.service import TableService
    from tests.ports import free_port

    db = tmp_path / "club.db"
    service = TableService(Ledger(db))
    service.start_session({"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "E"}]}, "t")
    service.submit({"seat": "E", "play": ["6-6"]}, "t")
    service.ledger.close()
    raw = sqlite3.connect(db)  # a second lead by E, as a second hub would have written it
    raw.execute("INSERT INTO events (session_id, seq, type, payload, recorded_at, source) "
                "SELECT session_id, seq + 1, type, payload, recorded_at, source FROM events "
                "WHERE seq = 1")  # fmt: skip
    raw.commit()
    raw.close()
    hub = ("hub", "--db", str(db), "--http", f"127.0.0.1:{free_port()}", "--admin-token", "x" * 12)
    p = tiengow(*hub)
    assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
    assert str(db) in p.stderr and "session 1" in p.stderr and "out of turn" in p.stderr
    with db.open("r+b") as f:  # now its pages
        f.seek(4096)
        f.write(b"\xff" * 4096)
    p = tiengow(*hub)
    assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
    assert str(db) in p.stderr and "malformed" in p.stderr


@pytest.mark.parametrize("kind", ["another program's SQLite", "text"])
def test_a_hub_on_a_file_that_is_not_a_ledger_says_so_and_leaves_it_alone(
    tmp_path: Path, kind: str
) -> None:
    """`tiengow hub --db PATH` given a file that is no ledger (another program's database, a
    mistyped path to some file): exit 2 naming it and saying what is accepted, before the
    hub starts, and the file as it was. The hub used to switch another program's SQLite
    database to WAL and add its own tables to it, and serve on it."""
    import sqlite3

    from tests.ports import free_port

    f = tmp_path / "other.db"
    if kind == "text":
        f.write_text("name,score\nE,10\n", encoding="utf-8")
    else:
        db = sqlite3.connect(f)
        db.execute("CREATE TABLE contacts (name TEXT)")
        db.execute("INSERT INTO contacts VALUES ('Ah Wing')")
        db.commit()
        db.close()
    before = f.read_bytes()
    p = subprocess.run(
        [sys.executable, "-m", "hub.cli", "hub", "--db", str(f), "--http",
         f"127.0.0.1:{free_port()}", "--camera", "none", "--admin-token", "a long secret"],
        capture_output=True, text=True, timeout=30, check=False,
    )  # fmt: skip
    assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
    assert str(f) in p.stderr and "not a tiengow ledger" in p.stderr, p.stderr
    assert "scoreboard:" not in p.stdout
    assert f.read_bytes() == before
    assert sorted(x.name for x in tmp_path.iterdir()) == ["other.db"]  # no -wal, no -shm


def _as_a_user(cmd: list[str]) -> list[str]:
    """``cmd`` run with a user's rights on files: root writes a read-only file regardless, so
    as root it runs without the capabilities that allow that (skipped where they cannot be
    dropped)."""
    if os.geteuid() != 0:
        return cmd
    drop = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]
    try:
        subprocess.run([*drop, "true"], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("running as root, and setpriv cannot drop the right to write any file")
    return [*drop, *cmd]


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_hub_on_a_ledger_it_cannot_write_says_so_before_it_starts(
    tmp_path: Path, what: str
) -> None:
    """A ledger the hub's user may not write (a file copied read-only, a folder owned by
    someone else): `tiengow hub` exits 2 naming it and saying it cannot be written, before
    it serves anything, and the ledger is as it was. On a read-only file the hub started,
    showed the session, and answered every event, pad press and undo with a 503 (the pads
    resending theirs for ever); a read-only folder said only 'unable to open database
    file'."""
    from hub.adapters.ledger import Ledger
    from hub.pads.ledger import PadLedger
    from hub.table.service import TableService
    from tests.ports import free_port

    folder = tmp_path / "ledgers"
    folder.mkdir()
    db = folder / "club.db"
    service = TableService(Ledger(db))
    service.start_session({"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "E"}]}, "t")
    service.submit({"seat": "E", "play": ["6-6"]}, "t")
    with service.ledger.transaction() as d:  # a hub's ledger holds its pads' table too
        PadLedger.applied_in(d)
    service.ledger.close()
    before = db.read_bytes()
    (db if what == "file" else folder).chmod(0o444 if what == "file" else 0o555)
    try:
        p = subprocess.run(
            _as_a_user([sys.executable, "-m", "hub.cli", "hub", "--db", str(db), "--http",
                        f"127.0.0.1:{free_port()}", "--camera", "none", "--admin-token", "a long secret"]),
            capture_output=True, text=True, timeout=30, check=False,
        )  # fmt: skip
    finally:
        folder.chmod(0o755)
        db.chmod(0o644)
    assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
    assert str(db) in p.stderr and "cannot be written" in p.stderr, p.stderr
    assert "scoreboard:" not in p.stdout
    assert db.read_bytes() == before


def test_a_ledger_from_a_newer_version_is_refused_not_misread(tmp_path: Path) -> None:
    """Every ledger event carries its format version ("v": 1). Events written by a newer
    tiengow ("v": 2) may mean what this one cannot know: hub and export refuse the ledger,
    saying so (exit 2), instead of replaying it as version 1 (wrong scores, silently)."""
    import sqlite3

    from hub.adapters.ledger import Ledger
    from hub.table.service import TableService
    from tests.ports import free_port

    db = tmp_path / "club.db"
    service = TableService(Ledger(db))
    service.start_session({"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "E"}]}, "t")
    service.submit({"seat": "E", "play": ["6-6"]}, "t")
    service.ledger.close()
    raw = sqlite3.connect(db)
    raw.execute("UPDATE events SET payload = json_set(payload, '$.v', 2) WHERE seq = 1")
    raw.commit()
    raw.close()
    for args in (("export", "--db", str(db)),
                 ("hub", "--db", str(db), "--http", f"127.0.0.1:{free_port()}", "--admin-token", "x" * 12)):  # fmt: skip
        p = tiengow(*args)
        assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
        assert str(db) in p.stderr and "newer" in p.stderr and "version 2" in p.stderr, p.stderr


def _with_seats(transcript: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """The transcript with its seats renamed (names[old] -> new) wherever a seat is named."""
    out = json.loads(json.dumps(transcript))
    out["seats"] = [names[s] for s in out["seats"]]
    for h in out["hands"]:
        if "banker" in h:
            h["banker"] = names[h["banker"]]
        if "deal" in h:
            h["deal"] = {names[s]: tiles for s, tiles in h["deal"].items()}
        for ev in h["events"]:
            ev["seat"] = names[ev["seat"]]
    return out


def test_referee_reads_and_writes_utf8_json_whatever_the_locale() -> None:
    """JSON between programs is UTF-8 (RFC 8259 §8.1): a transcript on stdin with Chinese seat
    names is refereed, and its result printed, under a terminal encoding that cannot write
    them. stdout used the locale's encoding: the result crashed with a traceback and exit 1,
    the exit status of an illegal event."""
    example = json.loads((GOLDEN / "G17-ba-zhi-bao-zun-x16.json").read_text(encoding="utf-8"))
    names = dict(zip("ESWN", "東南西北", strict=True))
    transcript = _with_seats(example["transcript"], names)
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    p = subprocess.run(
        [sys.executable, "-m", "hub.cli", "referee", "-"],
        input=json.dumps(transcript, ensure_ascii=False).encode("utf-8"),
        capture_output=True,
        env=env,
        check=False,
    )
    assert p.returncode == 0, p.stderr.decode("utf-8", "replace")
    out = json.loads(p.stdout.decode("utf-8"))
    assert out["totals"]["東"] == 240 and out["hands"][0]["winner"] == "東"


def test_referee_of_stdin_when_there_is_none_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tiengow referee -` run with standard input closed (a service, a cron job): exit 2
    and a message (interfaces.md: input that is not a transcript), not a traceback and exit
    1, the status of an illegal event."""
    monkeypatch.setattr(sys, "stdin", None)
    assert main(["referee", "-"]) == 2
    captured = capsys.readouterr()
    assert "no standard input" in captured.err
    assert "no standard input" in json.loads(captured.out)["error"]["message"]


def test_referee_of_json_nested_too_deeply_says_so() -> None:
    """Arrays nested a hundred thousand deep are JSON no transcript can be: exit 2 with a
    message (interfaces.md), not a RecursionError traceback and exit 1, the status of an
    illegal event."""
    p = tiengow("referee", "-", stdin="[" * 100_000 + "]" * 100_000)
    assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
    assert "nested too deeply" in p.stderr
    assert "nested too deeply" in json.loads(p.stdout)["error"]["message"]


def test_referee_of_a_number_too_long_to_read_says_so() -> None:
    """A number of more digits than Python converts (4300) is input no transcript can be: exit 2
    with a message naming where (interfaces.md), not a ValueError traceback and exit 1, the
    status of an illegal event."""
    text = (
        '{"format": "tiengow-transcript/1", "rules": "hk", "seats": ["E", "S", "W", "N"], '
        '"hands": [{"banker": "E", "banker_term": ' + "9" * 5000 + ', "events": []}]}'
    )
    p = tiengow("referee", "-", stdin=text)
    assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
    message = json.loads(p.stdout)["error"]["message"]
    column = text.index("9" * 5000) + 1
    assert f"5000 digits at line 1 column {column}" in message, message
    assert message in p.stderr


def test_referee_of_a_transcript_saved_with_a_byte_order_mark(tmp_path: Path) -> None:
    """Windows editors and PowerShell's redirection save UTF-8 with a byte-order mark: the
    transcript in it is refereed, from a file and from stdin, not refused as 'not JSON'."""
    example = json.loads((GOLDEN / "G17-ba-zhi-bao-zun-x16.json").read_text(encoding="utf-8"))
    text = json.dumps(example["transcript"], ensure_ascii=False)
    f = tmp_path / "t.json"
    f.write_text(text, encoding="utf-8-sig")
    assert f.read_bytes()[:3] == b"\xef\xbb\xbf"
    for p in (tiengow("referee", str(f)), tiengow("referee", "-", stdin="\ufeff" + text)):
        assert p.returncode == 0, p.stderr
        assert json.loads(p.stdout)["totals"]["E"] == 240


def test_output_piped_into_a_reader_that_stops_early_is_no_traceback(tmp_path: Path) -> None:
    """`tiengow recognize --json *.png | head -n 1`, as outside scripts use it: when the reader
    closes the pipe, tiengow stops quietly (exit 141, as for SIGPIPE) instead of a
    BrokenPipeError traceback on stderr."""
    import cv2
    import numpy as np

    image = tmp_path / "tiny.png"
    cv2.imwrite(str(image), np.zeros((4, 4, 3), np.uint8))
    with subprocess.Popen(
        [sys.executable, "-m", "hub.cli", "recognize", "--json", *[str(image)] * 3000],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as p:
        assert p.stdout is not None and p.stderr is not None
        assert json.loads(p.stdout.readline())["image"] == str(image)
        p.stdout.close()
        err = p.stderr.read()
        assert p.wait(timeout=120) == 141
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


def test_the_hub_prints_its_scoreboard_as_an_address_a_browser_opens(tmp_path: Path) -> None:
    """`tiengow hub --http [::1]:PORT` printed 'scoreboard: http://::1:PORT/', which is no URL
    (RFC 3986 §3.2.2 brackets an IPv6 host); the organiser copies this line into the TV's
    browser."""
    from tests.ports import free_port

    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "hub.cli", "hub", "--db", str(tmp_path / "t.db"),
         "--http", f"[::1]:{port}", "--camera", "none", "--admin-token", "a long secret"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(2)]
    finally:
        proc.kill()
        proc.communicate()
    assert f"scoreboard: http://[::1]:{port}/\n" in lines, lines


@pytest.mark.parametrize(
    ("dup", "pattern"),
    [
        ('"banker": "E", "banker": "S"', r"'banker' is given twice in one object: 'E', then 'S'"),
        (
            '"banker": "E", "events": [{"seat": "E", "play": ["6-3"], "play": ["6-6"]}]',
            r"'play' is given twice in one object: \['6-3'\], then \['6-6'\]",
        ),
    ],
)
def test_referee_of_a_field_given_twice_says_so(dup: str, pattern: str) -> None:
    """JSON leaves an object with a name twice to the reader (RFC 8259 §4), and Python's kept
    the last: a hand naming banker E, then S, was refereed with S as banker and paid
    accordingly, an event with two plays (transcript.md: exactly one action) as the second.
    Such input is no transcript of one session: exit 2, naming the field and both values."""
    text = (
        '{"format": "tiengow-transcript/1", "rules": "hk", "seats": ["E", "S", "W", "N"], '
        '"hands": [{' + dup + "}]}"
    )
    p = tiengow("referee", "-", stdin=text)
    assert p.returncode == 2, p.stdout
    assert re.search(pattern, p.stderr), p.stderr
    assert "error" in json.loads(p.stdout)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_referee_of_a_number_json_does_not_have_says_so(constant: str) -> None:
    """NaN and Infinity are no JSON (RFC 8259 §6), but Python's reader takes them: a transcript
    carrying one where nothing checks the value (an extension field) was refereed as if it
    were JSON. It is bad JSON: exit 2, naming the word (interfaces.md tiengow referee)."""
    example = json.loads((GOLDEN / "G17-ba-zhi-bao-zun-x16.json").read_text(encoding="utf-8"))
    text = json.dumps(example["transcript"])[:-1] + f', "recorded_by": {constant}}}'
    p = tiengow("referee", "-", stdin=text)
    assert p.returncode == 2, p.stdout
    assert f"'-' is not JSON: {constant} is no JSON value" in p.stderr, p.stderr


@pytest.mark.parametrize(
    ("example", "status"), [("G17-ba-zhi-bao-zun-x16", 0), ("X03-tie-does-not-beat", 1)]
)
def test_referee_with_stdout_closed_still_says_legal_or_not_by_its_status(
    example: str, status: int
) -> None:
    """`tiengow referee t.json >&-` (a script that wants only the verdict): the exit status
    keeps the meaning interfaces.md gives it, 0 legal and 1 illegal, as with `>/dev/null`; it
    crashed on writing the result with an AttributeError traceback and exit 1, so a legal
    transcript was reported illegal."""
    data = json.loads((GOLDEN / f"{example}.json").read_text(encoding="utf-8"))
    p = subprocess.run(
        ["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-m", "hub.cli", "referee", "-"],
        input=json.dumps(data["transcript"]),
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    assert "Traceback" not in p.stderr, p.stderr
    assert p.returncode == status, p.stderr


def test_selfplay_to_a_transcript_path_it_cannot_write_says_so_before_playing(
    tmp_path: Path,
) -> None:
    """`tiengow selfplay --transcript PATH` into a missing folder: exit 2 naming the path and
    the flag, before the hands are played; it played them all, then ended in a
    FileNotFoundError traceback with exit 1."""
    path = tmp_path / "no such folder" / "t.json"
    p = tiengow("selfplay", "--hands", "5", "--json", "--transcript", str(path))
    assert p.returncode == 2, p.stderr
    assert "Traceback" not in p.stderr, p.stderr
    assert str(path) in p.stderr and "--transcript" in p.stderr
    assert p.stdout == ""  # no summary of games that were not kept


def test_a_hub_whose_http_port_is_taken_says_so_before_printing_its_address(
    tmp_path: Path,
) -> None:
    """`tiengow hub --http HOST:PORT` on a port another program listens on: exit 2 and a
    message naming the address and --http, as for every other setting the hub cannot use
    (and as tiengow demo does). It printed 'scoreboard: http://...' as if it served there,
    then uvicorn's own error and exit status 3."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        p = tiengow("hub", "--db", str(tmp_path / "t.db"), "--http", f"127.0.0.1:{port}",
                    "--admin-token", "a long secret")  # fmt: skip
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert "scoreboard:" not in p.stdout
    assert f"127.0.0.1:{port}" in p.stderr and "--http" in p.stderr
    assert "Traceback" not in p.stderr


def test_export_of_a_ledger_with_no_session_yet_says_so_in_words(tmp_path: Path) -> None:
    """A hub's ledger before anyone started a session: exit 2 saying the ledger holds no
    session and how one is started; it said "no session None in '...'; sessions: []", a
    Python value where the user expected words."""
    from hub.adapters.ledger import Ledger

    db = tmp_path / "club.db"
    Ledger(db).close()
    p = tiengow("export", "--db", str(db))
    assert p.returncode == 2, p.stderr
    assert "None" not in p.stderr, p.stderr
    assert str(db) in p.stderr and "no session" in p.stderr and "/api/session" in p.stderr


def test_sigterm_stops_the_hub_as_ctrl_c_does(tmp_path: Path) -> None:
    """A service manager (systemd, docker stop) stops `tiengow hub` with SIGTERM. uvicorn shut
    the server down, then raised the signal again: the hub died of it (status -15) before
    `hub.close()` ran, its pads and broker not stopped, its ledger left open (the WAL file
    beside it). It now stops as on Ctrl-C: everything closed, exit 0."""
    import signal

    from tests.ports import free_port

    db = tmp_path / "t.db"
    proc = subprocess.Popen(
        [sys.executable, "-m", "hub.cli", "hub", "--db", str(db), "--http",
         f"127.0.0.1:{free_port()}", "--camera", "none", "--admin-token", "a long secret"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(2)]
        assert lines[1].startswith("scoreboard:"), lines
        time.sleep(1)  # (the server listening)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
        proc.communicate()
    assert proc.returncode == 0, err[-3000:]
    assert "Traceback" not in err, err
    assert not Path(f"{db}-wal").exists()  # the ledger closed (SQLite's last close folds it in)


def test_the_hubs_help_says_how_a_recorded_camera_is_read() -> None:
    p = tiengow("hub", "--help")
    assert p.returncode == 0, p.stderr
    help_text = " ".join(p.stdout.split())
    assert "--camera-fast" in help_text and "as fast as it decodes" in help_text
    assert "--camera-fps FPS" in help_text


def test_the_hub_refuses_a_calibration_it_cannot_read_before_it_starts(tmp_path: Path) -> None:
    """`tiengow hub --calibration FILE`: a file that is not a saved calibration is said with
    its path, and the hub does not start (exit 2), as for any bad setting."""
    bad = tmp_path / "calibration.json"
    bad.write_text("not json", encoding="utf-8")
    p = tiengow("hub", "--db", str(tmp_path / "t.db"), "--calibration", str(bad))
    assert p.returncode == 2, p.stderr
    assert "calibration:" in p.stderr and str(bad) in p.stderr and "Traceback" not in p.stderr
    assert not (tmp_path / "t.db").exists()
