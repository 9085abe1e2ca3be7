"""The camera adapter: rendered frames of the mat → one settled view of a seat's play zone."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hub.adapters.camera import Camera, source_frames
from hub.adapters.ledger import Ledger
from hub.table.live import ZoneView
from vision.synth.render import render_table


class _Said:
    """What the camera says, waited for by condition (no sleeps)."""

    def __init__(self) -> None:
        self.items: list[object] = []
        self.cond = threading.Condition()

    def __call__(self, item: object) -> None:
        with self.cond:
            self.items.append(item)
            self.cond.notify_all()

    def wait(self, test: Callable[[list[object]], bool], timeout: float = 20.0) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: test(self.items), timeout)


def test_a_play_is_reported_once_when_it_has_settled(tmp_path: Path) -> None:
    frame, _ = render_table({"seat1.play": ["3-3", "5-5"]}, 2, effects=False)
    views: list[ZoneView] = []
    ledger = Ledger(tmp_path / "t.db")
    camera = Camera(lambda: [(i * 0.1, frame) for i in range(20)], views.append, ledger)
    camera.run()
    assert len(views) == 1
    view = views[0]
    assert view.seat == 1 and sorted(view.faces) == ["3-3", "5-5"] and view.face_down == 0
    assert view.t >= 0.8  # reported only after the stability window
    assert (
        view.frame_id is not None and (ledger.frame(view.frame_id) or b"")[:2] == b"\xff\xd8"
    )  # a JPEG


def test_a_tile_in_doubt_in_a_play_makes_the_view_unsure_not_a_smaller_play() -> None:
    """Issue 3: recognition says 'not sure' rather than guess, and a play is seen whole. A
    pair of 6-6 with a glare over one tile (read in doubt, so not among the tiles) settled
    as a sure single 6-6, confidence 1.0, which the table plays without asking. A tile in
    doubt in a zone is now part of what settles there, and the seat's view is unsure
    (confidence 0), so the pad asks."""
    import cv2

    from vision.calibrate import find_mat
    from vision.table import TableRecognizer

    frame, _ = render_table({"seat0.play": ["6-6", "6-6"]}, seed=3)
    tile = TableRecognizer(find_mat(frame)).observe(frame).tiles[1]
    centre = (round(tile.center[0]), round(tile.center[1]))
    cv2.circle(frame, centre, 8, (250, 250, 250), -1)  # a glare hides half its pips
    views: list[ZoneView] = []
    Camera(lambda: [(i * 0.1, frame) for i in range(20)], views.append).run()
    assert len(views) == 1
    assert views[0].faces == ("6-6",) and views[0].confidence < 0.5


def test_a_discard_face_down_is_counted_in_its_own_zone_not_with_the_won_stacks(
    tmp_path: Path,
) -> None:
    """Two tiles discarded face down in seat 2's play zone while seat 0 has four won tiles
    stacked: the seat's view holds its own two backs (the mat holds six)."""
    layout = {"seat2.play": [None, None], "seat0.won": [None] * 4, "seat3.play": ["6-6"]}
    frame, _ = render_table(layout, 3, effects=False)
    views: list[ZoneView] = []
    camera = Camera(lambda: [(i * 0.1, frame) for i in range(20)], views.append)
    camera.run()
    by_seat = {v.seat: v for v in views}
    assert by_seat[2].faces == () and by_seat[2].face_down == 2
    assert by_seat[3].faces == ("6-6",) and by_seat[3].face_down == 0


def test_a_broken_source_is_reported_not_raised(tmp_path: Path) -> None:
    errors = _Said()  # (the source is looked for again every retry_s: once said)
    camera = Camera(source_frames(str(tmp_path / "nowhere")), lambda v: None, on_error=errors)
    camera.start()
    try:
        assert errors.wait(lambda items: len(items) >= 1)
    finally:
        camera.stop()
    assert "no such camera source" in str(errors.items[0])


def test_a_frame_without_the_mat_says_so() -> None:
    errors: list[str] = []
    blank = render_table({}, 1, effects=False)[0] * 0
    camera = Camera(lambda: [(0.0, blank)], lambda v: None, on_error=errors.append)
    camera.run()
    assert errors and errors[0].startswith("mat not found")


def test_frames_with_a_hand_over_the_table_are_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing settles while a hand is over the table, so those frames are not recognised
    (the first frame, with nothing before it to compare, counts as motion too)."""
    from vision.table import TableRecognizer

    frame, _ = render_table({"seat1.play": ["3-3", "5-5"]}, 2, effects=False)
    frames = []
    for i in range(6):  # a hand sweeping over the table
        hand = frame.copy()
        hand[100:400, 100 + 80 * i : 400 + 80 * i] = (90, 120, 170)
        frames.append(hand)
    stream = [frame] * 4 + frames + [frame] * 12
    reads = []
    observe = TableRecognizer.observe
    monkeypatch.setattr(
        TableRecognizer, "observe", lambda self, f: reads.append(1) or observe(self, f)
    )
    views: list[ZoneView] = []
    camera = Camera(lambda: [(i * 0.1, f) for i, f in enumerate(stream)], views.append)
    camera.run()
    assert len(reads) == len(stream) - len(frames) - 2  # the first frame, the hand's exit
    assert [sorted(v.faces) for v in views] == [["3-3", "5-5"]]


def test_an_unreadable_frame_in_a_folder_is_skipped_and_said_not_the_end_of_the_camera(
    tmp_path: Path,
) -> None:
    """A frame file cut short (a capture program's write interrupted) is one bad frame: it is
    reported with its name and what is accepted, and the frames after it are read; the camera
    stopped for good at it, and the play laid after it was never seen."""
    import cv2

    empty, _ = render_table({}, 2, effects=False)
    play, _ = render_table({"seat1.play": ["3-3", "5-5"]}, 2, effects=False)
    for i in range(5):
        cv2.imwrite(str(tmp_path / f"{i:04d}.png"), empty)
    good = (tmp_path / "0000.png").read_bytes()
    (tmp_path / "0005.png").write_bytes(good[: len(good) // 3])  # truncated
    (tmp_path / "0006.png").write_text("not an image", encoding="utf-8")
    for i in range(7, 27):
        cv2.imwrite(str(tmp_path / f"{i:04d}.png"), play)
    errors, views = _Said(), _Said()
    camera = Camera(source_frames(str(tmp_path), errors), views, on_error=errors).start()
    try:
        assert views.wait(lambda items: len(items) == 1)
    finally:
        camera.stop()
    assert [sorted(v.faces) for v in views.items if isinstance(v, ZoneView)] == [["3-3", "5-5"]]
    said = [str(e) for e in errors.items]
    assert any("unreadable frame" in e and "0005.png" in e and "PNG or JPEG" in e for e in said)
    assert any("0006.png" in e for e in said)
    assert not any(e.startswith("camera stopped: unreadable") for e in said)


def _watch(stream: list[Any], caplog: pytest.LogCaptureFixture) -> tuple[list[ZoneView], list[str]]:
    """The camera over ``stream`` (frames 0.1 s apart): the views it reported and the trouble
    it said (its log in ``caplog``)."""
    views: list[ZoneView] = []
    errors: list[str] = []
    camera = Camera(
        lambda: [(i * 0.1, f) for i, f in enumerate(stream)], views.append, on_error=errors.append
    )
    with caplog.at_level("INFO", logger="tiengow.camera"):
        camera.run()
    return views, errors


def test_frames_of_another_size_are_read_on_the_mat_found_again_not_the_old_calibration(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The camera's resolution changes mid-run (another camera plugged in, a driver's
    fallback): the mat is looked for again in the new frames. Read through the first frames'
    calibration, seat 1's play zone was reported empty (its tiles gone, with no word said) and
    seat 2's new play was never seen."""
    before, _ = render_table({"seat1.play": ["3-3", "5-5"]}, 2, effects=False)
    after, _ = render_table({"seat1.play": ["3-3", "5-5"]}, 2, (960, 540), effects=False)
    more, _ = render_table({"seat1.play": ["3-3", "5-5"], "seat2.play": ["6-6"]}, 2, (960, 540), effects=False)  # fmt: skip
    stream = [before] * 12 + [after] * 12 + [more] * 12
    views, errors = _watch(stream, caplog)
    assert [(v.seat, sorted(v.faces)) for v in views] == [(1, ["3-3", "5-5"]), (2, ["6-6"])]
    assert errors == []
    assert "960x540" in caplog.text and "1280x720" in caplog.text


def test_a_folder_that_gains_frames_is_followed_and_the_camera_stops_when_asked(
    tmp_path: Path,
) -> None:
    """A folder of frames is a live source (a capture program writes into it): once its frames
    are read, those added later are read as they come. The camera's thread ended, without a
    word, at the folder's last frame, and a play laid after that was never seen."""
    import cv2

    empty, _ = render_table({}, 2, effects=False)
    play, _ = render_table({"seat1.play": ["3-3", "5-5"]}, 2, effects=False)
    for i in range(12):
        cv2.imwrite(str(tmp_path / f"{i:04d}.png"), empty)
    views, errors, read = _Said(), _Said(), _Said()

    class Counted(Camera):
        def process(self, t: float, frame: object) -> list[ZoneView]:
            try:
                return super().process(t, frame)
            finally:
                read(t)

    camera = Counted(source_frames(str(tmp_path), errors), views, on_error=errors).start()
    try:
        assert read.wait(lambda items: len(items) == 12)
        for i in range(12, 32):  # the folder gains frames: a play
            cv2.imwrite(str(tmp_path / f"{i:04d}.png"), play)
        assert views.wait(lambda items: len(items) == 1)
        view = views.items[0]
        assert isinstance(view, ZoneView) and sorted(view.faces) == ["3-3", "5-5"]
        assert view.t > 1.2  # the frames' times go on from those read before
    finally:
        camera.stop()
    assert camera._thread is not None and not camera._thread.is_alive()
    assert errors.items == []


def test_a_video_that_ends_is_said_on_the_notice_not_a_silent_end(tmp_path: Path) -> None:
    import cv2

    frame, _ = render_table({"seat1.play": ["3-3", "5-5"]}, 2, effects=False)
    video = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 10, (1280, 720))
    for _ in range(12):
        writer.write(frame)
    writer.release()
    views, errors = _Said(), _Said()
    camera = Camera(source_frames(str(video), errors), views, on_error=errors).start()
    try:
        assert errors.wait(lambda items: len(items) >= 1)
    finally:
        camera.stop()
    assert len(views.items) == 1
    message = str(errors.items[0])
    assert message.startswith("camera stopped") and "ended" in message and str(video) in message


def _hub_on_frames(tmp_path: Path, frames: list[object]) -> tuple[Any, Path, _Said]:
    """A hub (hub.main.build) whose camera is a folder holding ``frames``, and the notices
    of its state as they come (the one it has first)."""
    import cv2

    from hub.config import HubConfig
    from hub.main import build

    folder = tmp_path / "frames"
    folder.mkdir()
    for i, frame in enumerate(frames):
        cv2.imwrite(str(folder / f"{i:04d}.png"), frame)
    hub = build(HubConfig(db=str(tmp_path / "club.db"), camera=str(folder)))
    notices = _Said()
    with hub.service.lock:
        notices(hub.service.state().get("notice"))
        hub.service.listeners.append(lambda row, snapshot: notices(snapshot.get("notice")))
    return hub, folder, notices


def test_the_cameras_trouble_is_on_the_notice_before_a_session_starts(tmp_path: Path) -> None:
    """The table is set up before the first session: that the camera cannot see the mat is
    for then. GET /api/state had no notice at all until a session started, so the
    scoreboard said nothing of it."""
    dark = render_table({}, 2, effects=False)[0] * 0
    hub, _, notices = _hub_on_frames(tmp_path, [dark] * 3)
    try:
        assert notices.wait(lambda items: any(n for n in items), 10)
        notice = hub.service.state()["notice"]
        assert notice["seat"] is None and notice["message"].startswith("mat not found: too dark")
    finally:
        hub.close()


def test_the_cameras_trouble_leaves_the_scoreboard_when_it_is_over(tmp_path: Path) -> None:
    """'mat not found' (the mat covered, the light off) is on the notice while it lasts; once
    the camera sees the mat again the notice goes. It stayed until the next accepted play, so
    the table was told its camera could not see the mat while it read it fine."""
    import cv2

    mat, _ = render_table({"seat1.play": ["3-3", "5-5"]}, 2, effects=False)
    hub, folder, notices = _hub_on_frames(tmp_path, [mat * 0] * 3)
    try:
        assert notices.wait(lambda items: any(n for n in items), 10)
        for i in range(3, 8):
            cv2.imwrite(str(folder / f"{i:04d}.png"), mat)
        assert notices.wait(lambda items: items[-1] is None, 10)
        assert hub.service.state()["notice"] is None
    finally:
        hub.close()


def _shifted(frame: Any, dx: int, dy: int) -> Any:
    """The frame as a camera knocked sideways sees it: the whole picture moved."""
    import cv2
    import numpy as np

    m = np.float32([[1, 0, dx], [0, 1, dy]])
    return cv2.warpAffine(
        frame, m, (frame.shape[1], frame.shape[0]), borderMode=cv2.BORDER_REPLICATE
    )


def test_a_camera_knocked_out_of_place_finds_the_mat_again(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The camera is knocked mid-session (same resolution, the mat now 90 px along): the mat
    is found again once the picture is still. Read through the old calibration, seat 1's
    tiles fell outside its zone (reported gone, with no word said) and seat 2's new play
    was read in the wrong place."""
    before, _ = render_table({"seat1.play": ["3-3", "5-5"]}, 2, effects=False)
    after, _ = render_table({"seat1.play": ["3-3", "5-5"]}, 2, effects=False)
    more, _ = render_table({"seat1.play": ["3-3", "5-5"], "seat2.play": ["6-6"]}, 2, effects=False)  # fmt: skip
    stream = [before] * 12 + [_shifted(after, -90, 40)] * 12 + [_shifted(more, -90, 40)] * 12
    views, errors = _watch(stream, caplog)
    assert [(v.seat, sorted(v.faces)) for v in views] == [(1, ["3-3", "5-5"]), (2, ["6-6"])]
    assert errors == []
    assert "camera moved" in caplog.text


def test_a_still_camera_keeps_its_calibration(caplog: pytest.LogCaptureFixture) -> None:
    """Hands come and go over the mat (the picture changes and settles again): the mat,
    where it was, is not taken for moved."""
    empty, _ = render_table({}, 2, effects=False)
    played, _ = render_table({"seat1.play": ["3-3", "5-5"]}, 2, effects=False)
    stream = [empty] * 10 + [played] * 12
    views, errors = _watch(stream, caplog)
    assert [(v.seat, sorted(v.faces)) for v in views] == [(1, ["3-3", "5-5"])]
    assert errors == [] and "camera moved" not in caplog.text


def test_the_table_is_told_while_a_seats_new_tiles_settle() -> None:
    """Seat 1 swaps its tiles: from the first still frame of the new ones until they have
    settled, the table knows that seat's last view is of tiles no longer there (a PLAY
    pressed then waits for the new view), and is told when it is over, after the new view."""
    before, _ = render_table({"seat1.play": ["3-3"]}, 2, effects=False)
    after, _ = render_table({"seat1.play": ["6-6"]}, 2, effects=False)
    said: list[object] = []
    stream = [before] * 12 + [after] * 12
    camera = Camera(
        lambda: [(i * 0.1, f) for i, f in enumerate(stream)],
        lambda v: said.append(v.faces),
        on_settling=said.append,
    )
    camera.run()
    first, swap = [frozenset({1}), ("3-3",), frozenset()], [frozenset({1}), ("6-6",), frozenset()]
    assert said == first + swap


# a hand's skin: a mid-tone, as grey as the mat's ground (teal: what differs is the colour)
_SKIN = (70, 95, 140)


def _hand(frame: Any, x: int, y: int) -> Any:
    """The frame with a hand at (x, y) and its arm reaching in from the frame's bottom edge."""
    import cv2

    out = frame.copy()
    cv2.ellipse(out, (x, y), (110, 80), 0, 0, 360, _SKIN, -1)
    cv2.rectangle(out, (x - 55, y), (x + 55, out.shape[0]), _SKIN, -1)
    return out


def _video(path: Path, stream: list[Any], fps: int = 10) -> str:
    """``stream`` written as a Motion-JPEG video at ``fps``, as a camera recorded it."""
    import cv2

    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), fps, (1280, 720))
    for frame in stream:
        writer.write(frame)
    writer.release()
    return str(path)


def _play_video(video: str) -> tuple[list[ZoneView], list[str]]:
    """The camera over a video file, to its end: the views reported and the trouble said."""
    views, errors = _Said(), _Said()
    camera = Camera(source_frames(video, errors), views, on_error=errors).start()
    try:
        assert errors.wait(lambda items: any("ended" in str(e) for e in items))
    finally:
        camera.stop()
    return [v for v in views.items if isinstance(v, ZoneView)], [str(e) for e in errors.items]


def test_a_hand_as_grey_as_the_mat_is_over_the_table_while_a_play_is_laid(
    tmp_path: Path,
) -> None:
    """A hand sweeps to and fro over seat 0's side of the mat, laying 3-3, then 5-5 1.2 s
    later: the play is reported once, whole, after the hand has left. Motion was measured in
    grey, where a mid-tone skin over the teal mat hardly differs, so the hand went unseen
    and the first tile alone was reported while the hand was still over the table."""
    empty, _ = render_table({}, 2, effects=False)
    one, _ = render_table({"seat0.play": ["3-3"]}, 2, effects=False)
    two, _ = render_table({"seat0.play": ["3-3", "5-5"]}, 2, effects=False)
    laying = []
    for i in range(20):  # 2 s, the hand 10 px further each frame, to and fro
        on = empty if i < 3 else one if i < 15 else two
        laying.append(_hand(on, 420 + 10 * abs(i % 8 - 4), 640))
    video = _video(tmp_path / "laying.avi", [empty] * 10 + laying + [two] * 12)
    views, errors = _play_video(video)
    assert [(v.seat, sorted(v.faces)) for v in views] == [(0, ["3-3", "5-5"])]
    assert views[0].t >= 3.0 + 0.8  # the hand gone at 3.0 s, then the stability window
    assert len(errors) == 1 and "the video ended" in errors[0]


def test_a_play_laid_under_a_flickering_light_is_reported_once_whole(tmp_path: Path) -> None:
    """The light flickers (every other frame a fifth brighter: a lamp on a dimmer, a camera's
    exposure hunting) while a hand lays 3-3, then 5-5: the play is reported once, whole, after
    the hand has left. The whole picture changing was taken for a hand over the table at
    every frame, so nothing ever settled and the play was never reported."""
    import cv2

    empty, _ = render_table({}, 2, effects=False)
    one, _ = render_table({"seat0.play": ["3-3"]}, 2, effects=False)
    two, _ = render_table({"seat0.play": ["3-3", "5-5"]}, 2, effects=False)
    laying = []
    for i in range(20):
        on = empty if i < 3 else one if i < 15 else two
        laying.append(_hand(on, 420 + 10 * abs(i % 8 - 4), 640))
    stream = [empty] * 10 + laying + [two] * 14
    lit = [cv2.convertScaleAbs(f, alpha=1.2) if i % 2 else f for i, f in enumerate(stream)]
    views, errors = _play_video(_video(tmp_path / "flicker.avi", lit))
    assert [(v.seat, sorted(v.faces)) for v in views] == [(0, ["3-3", "5-5"])]
    assert views[0].t >= 3.0 + 0.8
    assert len(errors) == 1 and "the video ended" in errors[0]


class _Clock:
    """A clock that moves only when slept on: what the camera source waited, without waiting."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def test_a_video_is_replayed_at_its_own_pace_as_the_table_was_recorded(tmp_path: Path) -> None:
    """`tiengow hub --camera table.avi`: a recorded hand is given to the table as it happened,
    each frame at its own time. It was read as fast as it decodes, so a whole recorded hand
    was over in seconds, before any pad press or operator entry could be matched to it."""
    import itertools

    import numpy as np

    stream = [np.full((72, 128, 3), 40 * i, np.uint8) for i in range(5)]
    video = tmp_path / "table.avi"
    writer = _writer(video, 4, (128, 72))
    for frame in stream:
        writer.write(frame)
    writer.release()
    clock = _Clock()
    read = source_frames(str(video), paced=True, clock=clock, sleep=clock.sleep)
    given = [(t, clock.now - 1000.0) for t, _ in itertools.islice(read(), 5)]
    assert [t for t, _ in given] == pytest.approx([0.0, 0.25, 0.5, 0.75, 1.0])
    assert [at for _, at in given] == pytest.approx([0.0, 0.25, 0.5, 0.75, 1.0])


def test_a_folder_of_frames_is_replayed_at_the_rate_given(tmp_path: Path) -> None:
    import itertools

    import cv2
    import numpy as np

    for i in range(4):
        cv2.imwrite(str(tmp_path / f"{i:04d}.png"), np.full((8, 8, 3), i, np.uint8))
    clock = _Clock()
    read = source_frames(str(tmp_path), fps=2.0, paced=True, clock=clock, sleep=clock.sleep)
    given = [(t, clock.now - 1000.0) for t, _ in itertools.islice(read(), 4)]
    assert given == [(0.0, 0.0), (0.5, 0.5), (1.0, 1.0), (1.5, 1.5)]


def test_a_replay_behind_its_recording_catches_up_and_is_never_ahead(tmp_path: Path) -> None:
    """Frames read late (the recogniser slower than the recording for a while) are given at
    once, until the replay is back at the recording's pace; none is given before its time."""
    import cv2
    import numpy as np

    for i in range(4):
        cv2.imwrite(str(tmp_path / f"{i:04d}.png"), np.full((8, 8, 3), i, np.uint8))
    clock = _Clock()
    read = source_frames(str(tmp_path), fps=2.0, paced=True, clock=clock, sleep=clock.sleep)
    frames = read()
    given = []
    for _ in range(4):
        t, _ = next(frames)
        given.append(clock.now - 1000.0)
        if t == 0.0:
            clock.now += 1.2  # the first frame took 1.2 s to read
    assert given == pytest.approx([0.0, 1.2, 1.2, 1.5])


def test_a_source_read_as_fast_as_it_decodes_waits_for_nothing(tmp_path: Path) -> None:
    """Tests and benchmarks read a recording as fast as it decodes (paced=False, the default
    for source_frames; `tiengow hub --camera-fast`)."""
    import numpy as np

    video = tmp_path / "table.avi"
    writer = _writer(video, 4, (128, 72))
    for i in range(5):
        writer.write(np.full((72, 128, 3), 40 * i, np.uint8))
    writer.release()
    clock = _Clock()
    read = source_frames(str(video), clock=clock, sleep=clock.sleep)
    with pytest.raises(Exception, match="the video ended"):
        assert len(list(read())) == 5
    assert clock.slept == []


def _writer(path: Path, fps: int, size: tuple[int, int]) -> Any:
    import cv2

    return cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), fps, size)


def test_the_hub_paces_its_recorded_camera_unless_told_to_read_it_fast(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`tiengow hub --camera table.avi` replays the recording as it was taken, its folder or
    bare MJPEG at --camera-fps; --camera-fast reads it as fast as it decodes."""
    import hub.main
    from hub.config import HubConfig

    asked: list[dict[str, Any]] = []

    def fake_source(source: str, on_error: object = None, **kwargs: Any) -> Any:
        asked.append(kwargs)
        return lambda: iter(())

    monkeypatch.setattr(hub.main, "source_frames", fake_source)
    for fast in (False, True):
        config = HubConfig(db=str(tmp_path / f"{fast}.db"), camera=str(tmp_path), camera_fps=5.0, camera_fast=fast)  # fmt: skip
        hub.main.build(config).close()
    assert [(a["paced"], a["fps"]) for a in asked] == [(True, 5.0), (False, 5.0)]


def test_a_play_still_settling_when_the_video_ends_is_reported(tmp_path: Path) -> None:
    """A recording that stops 0.4 s after the last tile was laid, the hand gone: the table
    would have gone on showing the play, and it would have settled. It was never reported:
    the stabiliser waits for 0.8 s of the same contents, and no frame came after the last."""
    empty, _ = render_table({}, 2, effects=False)
    play, _ = render_table({"seat1.play": ["3-3", "5-5"]}, 2, effects=False)
    video = _video(tmp_path / "short.avi", [empty] * 10 + [play] * 5)
    views, errors = _play_video(video)
    assert [(v.seat, sorted(v.faces)) for v in views] == [(1, ["3-3", "5-5"])]
    assert views[0].t >= 1.4 + 0.8  # (the last frame's time, and the stability window)
    assert len(errors) == 1 and "the video ended" in errors[0]


def test_a_video_that_ends_with_a_hand_over_the_table_reports_no_half_laid_play(
    tmp_path: Path,
) -> None:
    empty, _ = render_table({}, 2, effects=False)
    one, _ = render_table({"seat0.play": ["3-3"]}, 2, effects=False)
    laying = [_hand(one, 420 + 10 * i, 640) for i in range(4)]
    video = _video(tmp_path / "cut.avi", [empty] * 10 + [one] * 3 + laying)
    views, errors = _play_video(video)
    assert views == [] and len(errors) == 1 and "the video ended" in errors[0]


def test_a_source_that_is_over_leaves_its_last_play_to_settle() -> None:
    play, _ = render_table({"seat2.play": ["6-6"]}, 2, effects=False)
    views: list[ZoneView] = []
    Camera(lambda: [(i * 0.1, play) for i in range(4)], views.append).run()
    assert [(v.seat, v.faces) for v in views] == [(2, ("6-6",))]


def _markers_covered(frame: Any) -> Any:
    """The frame with every corner of the mat under something (hands, a cup): no marker."""
    covered = frame.copy()
    h, w = covered.shape[:2]
    for y in (0, h - h // 4):
        for x in (0, w - w // 4):
            covered[y : y + h // 4, x : x + w // 4] = (90, 120, 170)
    return covered


def test_a_saved_calibration_reads_the_mat_with_its_markers_covered(tmp_path: Path) -> None:
    """`tiengow calibrate --save` wrote the mat's calibration; the hub given it reads a play
    from the first frames though every marker is covered. Without it the mat is not found
    and nothing is read."""
    from vision.calibrate import Calibration, find_mat

    frame, _ = render_table({"seat1.play": ["3-3", "5-5"]}, 2, effects=False)
    find_mat(frame).save(tmp_path / "calibration.json")
    covered = _markers_covered(frame)
    stream = [(i * 0.1, covered) for i in range(20)]
    views: list[ZoneView] = []
    errors: list[str] = []
    Camera(lambda: stream, views.append, on_error=errors.append).run()
    assert views == [] and errors and errors[0].startswith("mat not found")
    calibration = Calibration.load(tmp_path / "calibration.json")
    errors.clear()
    Camera(lambda: stream, views.append, on_error=errors.append, calibration=calibration).run()
    assert [(v.seat, sorted(v.faces)) for v in views] == [(1, ["3-3", "5-5"])]
    assert errors == []
