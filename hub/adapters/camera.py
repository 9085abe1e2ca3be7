"""The camera adapter: frames → the real recogniser → settled zone views for the live table.

Runs in its own thread. The mat is found from the markers (again whenever it is
lost, or has moved in the picture when something moved), each frame with no hand over the table is read by
`vision.table.TableRecognizer` (which reads again only what changed), and the
stabiliser reports a seat's play zone once it has stopped changing. The frame
behind each report is kept in the ledger (JPEG) so a disputed play can be looked
at later; frames older than the retention are forgotten.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import cv2

from hub.adapters.ledger import Ledger
from hub.rules.errors import TienGowError
from hub.table.live import ZoneView

log = logging.getLogger("tiengow.camera")
_SEAT_ZONE = re.compile(r"seat(\d)\.play")


class VideoEnded(TienGowError, ValueError):
    """A video source read to its end: no frame will come after its last. (Not vision's
    RecognitionError: vision is imported only once a camera is used.)"""

    def __init__(self, source: str) -> None:
        super().__init__(f"the video ended: {source!r}; expected a camera or a folder of frames")


class Camera:
    """Feeds `on_zone` from a source of (seconds, frame) pairs."""

    def __init__(
        self,
        frames: Callable[[], Iterable[tuple[float, object]]],
        on_zone: Callable[[ZoneView], None],
        ledger: Ledger | None = None,
        retention_s: float = 30 * 86400,
        on_error: Callable[[str], None] | None = None,
        stable_s: float | None = None,
        on_clear: Callable[[str], None] | None = None,
        retry_s: float = 2.0,
        on_settling: Callable[[frozenset[int]], None] | None = None,
        calibration: object | None = None,
    ) -> None:
        """``calibration``: one saved by `tiengow calibrate` (a vision Calibration), read
        through from the first frame, the mat's markers not needed then (a hand or a tile
        on one); checked against the mat found once the picture is still, as any is."""
        from vision.config import load_config
        from vision.stabilise import Stabiliser
        from vision.table import TableRecognizer

        self._frames = frames
        self._on_zone = on_zone
        self._ledger = ledger
        self._retention_s = retention_s
        self._on_error = on_error or (lambda message: log.warning("camera: %s", message))
        self._on_clear = on_clear or (lambda message: log.info("camera: over: %s", message))
        cfg = load_config("stabilise")
        if stable_s is not None:  # the table's own stability window
            cfg = {**cfg, "stable_s": stable_s}
        self._stabiliser = Stabiliser(cfg)
        self._recognizer: object | None = (
            None if calibration is None else TableRecognizer(calibration)  # type: ignore[arg-type]
        )
        # something moved since the mat was last looked for: the camera may have moved too
        self._unsettled = True
        self._max_drift_mm = float(load_config("mat")["calibrate"]["max_drift_mm"])
        self._retry_s = retry_s
        self._on_settling = on_settling
        self._settling: frozenset[int] = frozenset()  # what on_settling was last told
        self._trouble: str | None = None  # what was last said, while it lasts
        # the last frame, when it was still: (its time, it, its observation)
        self._still: tuple[float, object, object] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.frames_seen = 0
        self.reports = 0

    def start(self) -> Camera:
        self._thread = threading.Thread(target=self.run, name="camera", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)

    def run(self) -> None:
        """Read the frames until stopped or the source is over. A source that fails or ends
        (a camera unplugged, a video at its end) is said, and opened again every ``retry_s``
        (``source_frames`` goes on where it was: a camera plugged back in is read again).
        A frame given as None is no frame: none has come yet (the reader may stop). A source
        that is over (a video at its end) leaves its last frame to settle (`finish`)."""
        while True:
            try:
                for t, frame in self._frames():
                    if self._stop.is_set():
                        return
                    if frame is not None:
                        self.process(t, frame)
                self.finish()
                return
            except VideoEnded as e:
                self.finish()
                self._say(f"camera stopped: {e}")
            except Exception as e:  # a broken camera must not take the table down: say so
                self._say(f"camera stopped: {e}")
            if self._stop.wait(self._retry_s):
                return

    def _say(self, message: str) -> None:
        """Report trouble, once while it lasts (not at every frame or retry)."""
        if message != self._trouble:
            self._trouble = message
            self._on_error(message)

    def process(self, t: float, frame: object) -> list[ZoneView]:
        """One frame: recognise, stabilise, report the seats' play zones that just settled."""
        from vision.calibrate import find_mat
        from vision.errors import RecognitionError
        from vision.table import TableRecognizer

        self.frames_seen += 1
        self._still = None
        if self._recognizer is not None:
            calibrated = self._recognizer.calibration.image_size  # type: ignore[attr-defined]
            h, w = frame.shape[:2]  # type: ignore[attr-defined]
            if (w, h) != calibrated:  # another camera, or another resolution: its own mat
                log.info(
                    "frame size changed from %dx%d to %dx%d: finding the mat again",
                    *calibrated,
                    w,
                    h,
                )
                self._recognizer = None
        if self._recognizer is None:
            try:
                self._recognizer = TableRecognizer(find_mat(frame))  # type: ignore[arg-type]
            except RecognitionError as e:
                self._say(f"mat not found: {e}")
                return []
        if self._trouble is not None:  # a frame of the mat: what was said is over
            self._on_clear(self._trouble)
            self._trouble = None
        if self._stabiliser.moving(t, frame):  # type: ignore[arg-type]
            self._unsettled = True
            return []  # a hand over the table: nothing settles, no need to read the frame
        if self._unsettled:
            self._unsettled = False
            self._check_mat(frame)
        obs = self._recognizer.observe(frame)  # type: ignore[attr-defined]
        self._still = (t, frame, obs)
        return self._report(t, frame, obs)

    def finish(self) -> list[ZoneView]:
        """The source is over (a video at its end): the table would go on showing its last
        frame, so what was settling in it settles, as the stabiliser would report it given
        ``stable_s`` more. Nothing when a hand was over the table in it (a play half laid)."""
        if self._still is None:
            return []
        t, frame, obs = self._still
        self._still = None
        return self._report(t + float(self._stabiliser.cfg["stable_s"]), frame, obs)

    def _report(self, t: float, frame: object, obs: Any) -> list[ZoneView]:
        """The seats' play zones that settled at ``t`` in ``frame`` (read as ``obs``)."""
        views = []
        for report in self._stabiliser.settle(t, obs):
            m = _SEAT_ZONE.fullmatch(report.zone)
            if not m:
                continue
            faces = tuple(f for f in report.faces if f not in ("down", "?"))
            down = sum(1 for f in report.faces if f == "down")
            conf = min(
                (tile.confidence for tile in obs.tiles if tile.zone == report.zone), default=1.0
            )
            if "?" in report.faces:  # a tile there not read: the faces are not the whole play
                conf = 0.0
            # (the zone's own backs: the others on the mat are won stacks or other seats')
            view = ZoneView(int(m.group(1)), faces, down, conf, t, self._keep(frame))
            self.reports += 1
            views.append(view)
            self._on_zone(view)
        self._tell_settling()  # (after the views: a press waiting on a zone plays its new view)
        return views

    def _tell_settling(self) -> None:
        """Tell the table (on change) which seats' zones show something new not yet settled:
        their last view is of tiles no longer there."""
        if self._on_settling is None:
            return
        zones = self._stabiliser.changing()
        seats = frozenset(int(m.group(1)) for z in zones if (m := _SEAT_ZONE.fullmatch(z)))
        if seats != self._settling:
            self._settling = seats
            self._on_settling(seats)

    def _check_mat(self, frame: object) -> None:
        """Is the mat where the calibration has it? Looked at once the picture is still after
        motion (a knock moves the whole picture): a mat found elsewhere is the one read from
        now on. Markers not all seen (a hand or a tile on one) leave the calibration as it is."""
        from vision.calibrate import drift_mm, find_mat
        from vision.errors import RecognitionError
        from vision.table import TableRecognizer

        old = self._recognizer
        if old is None:
            return
        try:
            found = find_mat(frame)  # type: ignore[arg-type]
        except RecognitionError:
            return
        drift = drift_mm(old.calibration, found, old.layout)  # type: ignore[attr-defined]
        if drift > self._max_drift_mm:
            log.info("camera moved: the mat lies %.0f mm from where it was; found again", drift)
            self._recognizer = TableRecognizer(found)

    def _keep(self, frame: object) -> int | None:
        if self._ledger is None:
            return None
        ok, jpeg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 80])
        if not ok:
            return None
        frame_id = self._ledger.store_frame(jpeg.tobytes())
        if frame_id % 100 == 0:
            self._ledger.prune_frames(self._retention_s)
        return frame_id


def source_frames(
    source: str,
    on_error: Callable[[str], None] | None = None,
    *,
    fps: float = 10.0,
    paced: bool = False,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> Callable[[], Iterator[tuple[float, object | None]]]:
    """A camera source as `vision.sources.frames` reads it (device index, video, folder), for
    a live table: each call goes on where the last one ended, its times after the last one's.
    A folder is followed (`vision.sources.follow_folder`: frames added to it are read as they
    come), its frames ``fps`` apart (and a bare MJPEG stream's); a video read to its end, or
    a camera that stops giving frames, raises, saying so. A frame of a folder that cannot be
    read is said to ``on_error`` and passed over.

    ``paced``: a recording (a video, a folder) is given as it was taken, no frame before its
    time after the first (``clock``, ``sleep``), so that the pads' presses and the operator's
    entries meet the plays they go with; else as fast as it decodes (tests, benchmarks). A
    camera is live: it gives its frames at its own pace."""
    from vision.errors import RecognitionError

    say = on_error or (lambda message: log.warning("camera: %s", message))
    path = Path(source)
    folder = None
    ended = False
    last_t: float | None = None
    pace = _Pace(clock, sleep) if paced and not source.isdigit() else None

    def read() -> Iterator[tuple[float, object | None]]:
        nonlocal folder, ended, last_t
        from vision.sources import IMAGE_SUFFIXES, follow_folder, frames

        if ended:
            raise VideoEnded(source)
        skip = lambda e: say(f"frame skipped: {e}")  # noqa: E731
        if not source.isdigit() and path.is_dir():
            if folder is None:  # one reader for the folder's life: it knows what it read
                if not any(p.suffix.lower() in IMAGE_SUFFIXES for p in path.iterdir()):
                    raise RecognitionError("no frames in folder", source, f"files ending {IMAGE_SUFFIXES}")  # fmt: skip
                folder = follow_folder(path, fps, skip=skip)
            for t, frame in folder:
                if pace is not None and frame is not None:
                    pace.wait(t)
                yield t, frame
            return
        base: float | None = None
        for t, frame in frames(source, fps, skip=skip):
            if base is None:  # a camera opened again: its times start again at 0
                base = 0.0 if last_t is None else last_t + 0.1
            last_t = base + t
            if pace is not None:
                pace.wait(last_t)
            yield last_t, frame
        if not source.isdigit():
            ended = True
            raise VideoEnded(source)
        raise RecognitionError(
            "the camera gave no frame", source, "a camera that is plugged in and on"
        )

    return read


class _Pace:
    """Frames given at their recorded times: the first at once, each later one no sooner
    than its time after the first. One read late (the recogniser slower than the recording
    for a while) is given at once: the replay catches up rather than running late for good."""

    def __init__(self, clock: Callable[[], float], sleep: Callable[[float], None]) -> None:
        self._clock = clock
        self._sleep = sleep
        self._origin: float | None = None  # the clock's time of the recording's time 0

    def wait(self, t: float) -> None:
        now = self._clock()
        if self._origin is None:
            self._origin = now - t
        early = self._origin + t - now
        if early > 0:
            self._sleep(early)
