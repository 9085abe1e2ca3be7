"""`tiengow demo` for a few hands: a whole simulated table, and its ledger re-refereed."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from hub.referee.transcript import referee_json
from tests.ports import free_port


def _refereed_totals(db: Path) -> dict[str, int]:
    """The totals `tiengow referee` gives the session `tiengow export` writes from a ledger."""
    exported = subprocess.run(
        [sys.executable, "-m", "hub.cli", "export", "--db", str(db)],
        capture_output=True,
        text=True,
        check=True,
    )
    totals: dict[str, int] = referee_json(json.loads(exported.stdout))["totals"]
    return totals


def test_the_demo_plays_hands_and_its_ledger_referees_to_its_totals(tmp_path: Path) -> None:
    db = tmp_path / "demo.db"
    run = subprocess.run(
        [sys.executable, "-m", "hub.cli", "demo", "--hands", "2", "--seed", "5", "--db", str(db),
         "--http", f"127.0.0.1:{free_port()}"],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    summary = json.loads(run.stdout.strip().splitlines()[-1])
    assert summary["hands"] == 2
    assert summary["frames"] >= 2 * 8 * 4 - 8  # every play and discard was seen by the camera
    assert summary["pad_messages"] >= summary["frames"]  # every action was a pad press
    assert 0 <= summary["misreads"] <= summary["frames"]
    assert sum(summary["totals"].values()) == 0
    assert _refereed_totals(db) == summary["totals"]


def test_the_demo_players_answer_the_pads_question_about_a_read_in_doubt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every play read in doubt: the pad asks "Play X? OK/UNDO" and the simulated player
    answers OK, as a player at the table would. Unanswered, the demo stood still for its
    whole wait and the operator entered each play as a misread."""
    import dataclasses

    import hub.demo as demo

    look = demo.Camera.look

    def in_doubt(self: demo.Camera, seat: int, faces: list[str | None]) -> demo.ZoneView:
        view = look(self, seat, faces)
        return dataclasses.replace(view, confidence=0.5) if view.faces else view

    monkeypatch.setattr(demo.Camera, "look", in_doubt)
    monkeypatch.setattr(demo, "WAIT_S", 3.0)  # (a question left unanswered fails fast)
    summary = demo.run(1, None, ("127.0.0.1", free_port()), seed=5, say=lambda _: None)
    assert summary["hands"] == 1
    assert summary["misreads"] == 0
    assert summary["confirmed"] >= 8  # a hand of 32 tiles holds that many plays face up at least


def test_a_frame_in_which_the_mat_is_not_found_does_not_end_the_demo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Now and then a rendered frame does not give the mat (about one in a few thousand: "camera
    too oblique" from a marker misread); the demo ran until stopped and ended on the first one,
    after an hour or so. The camera takes its next frame instead, as a real one would."""
    import hub.demo as demo
    import vision.calibrate
    from vision.errors import RecognitionError

    find_mat = vision.calibrate.find_mat
    calls = [0]

    def now_and_then(frame: Any) -> Any:
        calls[0] += 1
        if calls[0] % 5 == 1:  # the first frame of every five
            raise RecognitionError("camera too oblique", "about 77 degrees off vertical", "...")
        return find_mat(frame)

    monkeypatch.setattr(vision.calibrate, "find_mat", now_and_then)
    summary = demo.run(1, None, ("127.0.0.1", free_port()), seed=5, say=lambda _: None)
    assert summary["hands"] == 1
    assert summary["misreads"] == 0  # the next frame was read


def test_the_demo_left_running_plays_sessions_of_a_bounded_length(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Left running (`make demo`, for days) the demo played one session for ever: the hub kept
    every hand in memory, /api/hands (fetched by the scoreboard after every hand, for its chart)
    grew by ~1.1 KB a hand (~4 MB a day) and the kiosk's attract mode never came. It now ends
    its session after ``session_hands`` hands and starts another."""
    import hub.demo as demo
    from hub.adapters.ledger import Ledger
    from hub.table.service import replay_ledger

    def exact(self: demo.Camera, seat: int, faces: list[str | None]) -> demo.ZoneView:
        # what the camera reads when it reads right, without rendering (a fast table)
        seen = tuple(sorted((f for f in faces if f is not None), reverse=True))
        return demo.ZoneView(seat, seen, sum(f is None for f in faces), 1.0, 0.0)

    monkeypatch.setattr(demo.Camera, "look", exact)
    db = tmp_path / "demo.db"
    summary = demo.run(
        7, str(db), ("127.0.0.1", free_port()), seed=3, say=lambda _: None, session_hands=3
    )
    assert summary["hands"] == 7
    ledger = Ledger(db, readonly=True)
    try:
        sessions = ledger.sessions()
        assert len(sessions) == 3  # 3 + 3 + 1 hands
        for s in sessions:
            replayed = replay_ledger(ledger, s["id"])
            assert replayed is not None
            assert len(replayed.results) <= 3
        assert [replay_ledger(ledger, s["id"]).ended for s in sessions] == [True, True, False]  # type: ignore[union-attr]
    finally:
        ledger.close()


def _start_demo(tmp_path: Path, port: int) -> subprocess.Popen[str]:
    """`tiengow demo --db` as a kiosk's service manager runs it: stdout a pipe, not a terminal."""
    env = {**os.environ, "TMPDIR": str(tmp_path)}  # (where its temporary folder goes)
    env.pop("PYTHONUNBUFFERED", None)  # (as a service manager starts it)
    return subprocess.Popen(
        [sys.executable, "-m", "hub.cli", "demo", "--seed", "5", "--db", str(tmp_path / "demo.db"),
         "--http", f"127.0.0.1:{port}"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip


def _first_line(proc: subprocess.Popen[str], timeout: float) -> str:
    """The first line the process prints, or '' if none comes within ``timeout`` seconds."""
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    return proc.stdout.readline() if ready else ""


def test_the_demo_says_where_the_scoreboard_is_at_once_when_its_output_is_a_pipe(
    tmp_path: Path,
) -> None:
    """Run by a service manager or piped through `tee`, the demo kept the scoreboard's address
    in its output buffer: nothing was printed until some kilobytes of hands had been, so the
    kiosk's log did not say where to point the browser."""
    port = free_port()
    proc = _start_demo(tmp_path, port)
    try:
        line = _first_line(proc, 60)
        assert line.startswith(f"scoreboard: http://127.0.0.1:{port}/"), line
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=10) as r:
            assert json.load(r)["seats"][0]["name"] == "東 East"
    finally:
        proc.kill()
        proc.communicate()


def test_sigterm_stops_the_demo_as_ctrl_c_does(tmp_path: Path) -> None:
    """A kiosk's service manager (systemd, docker stop) stops the demo with SIGTERM. It was
    killed where it stood: no summary line, its pads and broker not stopped, and its temporary
    folder left behind at every stop. It now stops as on Ctrl-C, the ledger whole."""
    proc = _start_demo(tmp_path, free_port())
    try:
        assert _first_line(proc, 60).startswith("scoreboard:")
        time.sleep(3)  # (the first hand under way)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
        proc.communicate()
    assert proc.returncode == 0, err[-3000:]
    assert "Traceback" not in err
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["frames"] >= 1
    assert not list(tmp_path.glob("tiengow-demo-*"))  # its temporary folder is gone
    assert _refereed_totals(tmp_path / "demo.db") == summary["totals"]


def test_the_demo_reopened_on_its_ledger_goes_on_with_its_session(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`tiengow demo --db kiosk.db` started again (the kiosk rebooted, or was stopped mid-hand)
    began a new session at 0 each time, as if the hands already played had never been: the
    scoreboard's standings and chart started over. It goes on with the session in the ledger;
    the hand the stop cut short is dealt again (the players' hidden tiles are not in the ledger,
    so it is taken back, each action an undo with its reason), as a real table would."""
    import hub.demo as demo
    from hub.adapters.ledger import Ledger
    from hub.table.service import replay_ledger

    looks = [0]

    def exact(self: demo.Camera, seat: int, faces: list[str | None]) -> demo.ZoneView:
        looks[0] += 1
        if looks[0] == stop_at[0]:
            raise KeyboardInterrupt  # Ctrl-C, mid-hand
        seen = tuple(sorted((f for f in faces if f is not None), reverse=True))
        return demo.ZoneView(seat, seen, sum(f is None for f in faces), 1.0, 0.0)

    monkeypatch.setattr(demo.Camera, "look", exact)
    db = str(tmp_path / "demo.db")
    stop_at = [0]
    first = demo.run(1, db, ("127.0.0.1", free_port()), seed=3, say=lambda _: None)
    stop_at[0] = looks[0] + 5  # the next run is stopped five actions into its first hand
    cut = demo.run(None, db, ("127.0.0.1", free_port()), seed=4, say=lambda _: None)
    assert cut["hands"] == 0 and cut["totals"] == first["totals"]
    last = demo.run(2, db, ("127.0.0.1", free_port()), seed=5, say=lambda _: None)
    ledger = Ledger(db, readonly=True)
    try:
        assert len(ledger.sessions()) == 1
        session = replay_ledger(ledger, ledger.latest_session())
        assert session is not None
        transcript = session.transcript()
    finally:
        ledger.close()
    assert len(transcript["hands"]) == 3  # 1 + 2, the hand cut short dealt again
    assert referee_json(transcript)["totals"] == last["totals"]
    assert last["totals"] != first["totals"] and sum(last["totals"].values()) == 0


@pytest.mark.parametrize(
    ("host", "browser_host"),
    [("::1", "[::1]"), ("0.0.0.0", "127.0.0.1"), ("::", "[::1]"), ("127.0.0.1", "127.0.0.1")],
)
def test_the_address_the_demo_prints_is_one_a_browser_opens(
    monkeypatch: pytest.MonkeyPatch, host: str, browser_host: str
) -> None:
    """The demo printed 'http://{host}:{port}/' as given: `--http [::1]:8000` gave
    'http://::1:8000/', which no browser takes for an address, and `--http 0.0.0.0:8000` (to
    show the scoreboard on another machine's screen) gave 'http://0.0.0.0:8000/', an address
    to listen on, not to browse to: no use on that other screen, and not every browser takes it
    on this one."""
    import hub.demo as demo

    def exact(self: demo.Camera, seat: int, faces: list[str | None]) -> demo.ZoneView:
        seen = tuple(sorted((f for f in faces if f is not None), reverse=True))
        return demo.ZoneView(seat, seen, sum(f is None for f in faces), 1.0, 0.0)

    monkeypatch.setattr(demo.Camera, "look", exact)
    port = free_port()
    said: list[str] = []
    seen: list[Any] = []

    def say(line: str) -> None:
        said.append(line)
        if line.startswith("scoreboard:"):  # the person opens it while the demo plays
            url = line.split()[1]
            with urllib.request.urlopen(url + "api/state", timeout=10) as r:
                seen.append(json.load(r)["seats"][0]["name"])

    demo.run(1, None, (host, port), seed=5, say=say)
    assert said[0].startswith(f"scoreboard: http://{browser_host}:{port}/"), said[0]
    assert f"http://{browser_host}:{port}/overlay" in said[0]
    assert seen == ["東 East"]


def test_the_demo_plays_a_three_player_table(tmp_path: Path) -> None:
    """`tiengow demo --rules FILE.toml` with the mainland game for three players: the pads of
    the three seats were set up, but before the session named its players the table showed
    four screens, and the fourth seat's (no pad) ended the demo in a ProtocolError traceback
    before a hand was played."""
    rules = tmp_path / "three.toml"
    rules.write_text('base = "mainland"\nplayers = 3\n', encoding="utf-8")
    db = tmp_path / "demo.db"
    run = subprocess.run(
        [sys.executable, "-m", "hub.cli", "demo", "--hands", "1", "--seed", "5", "--db", str(db),
         "--rules", str(rules), "--http", f"127.0.0.1:{free_port()}"],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    summary = json.loads(run.stdout.strip().splitlines()[-1])
    assert summary["hands"] == 1 and len(summary["totals"]) == 3
    assert _refereed_totals(db) == summary["totals"]


def test_the_demo_camera_asks_when_a_tile_of_the_play_is_read_in_doubt() -> None:
    """As the live camera does: a tile of the play read in doubt is left out of the tiles, so
    the faces read are not the whole play, and the view must not be sure (a pair with one
    tile under a glare settled as a sure single). The recogniser is made to doubt one tile;
    the frame, the mat and the zones are the real ones."""
    import hub.demo as demo
    from vision.table import TableRecognizer

    class DoubtsOne(TableRecognizer):
        def observe(self, frame: Any) -> Any:
            obs = super().observe(frame)
            tile = next(t for t in obs.tiles if t.zone == "seat2.play")
            obs.tiles.remove(tile)
            obs.uncertain_zones = {"seat2.play": 1}
            return obs

    camera = demo.Camera(seed=11)
    sure = camera.look(2, ["6-6", "6-6"])
    assert sure.faces == ("6-6", "6-6") and sure.confidence > 0.0
    camera._recognizer = DoubtsOne
    doubted = camera.look(2, ["6-6", "6-6"])
    assert doubted.faces == ("6-6",)
    assert doubted.confidence == 0.0


def test_the_demo_camera_counts_the_backs_in_the_seats_zone_only() -> None:
    """A seat's discard is the backs in its zone, not every back on the mat (a won stack
    elsewhere): as the live camera counts them. The frame's three backs in the zone are
    real; two more in another seat's won stack are added to what the recogniser says."""
    import hub.demo as demo
    from vision.table import TableRecognizer

    class WithAWonStack(TableRecognizer):
        def observe(self, frame: Any) -> Any:
            obs = super().observe(frame)
            obs.face_down += 2
            obs.face_down_zones = {**obs.face_down_zones, "seat3.won": 2}
            return obs

    camera = demo.Camera(seed=11)
    camera._recognizer = WithAWonStack
    view = camera.look(1, [None, None, None])
    assert view.faces == ()
    assert view.face_down == 3
