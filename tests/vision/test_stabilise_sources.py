from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.errors import RecognitionError
from vision.sources import frames
from vision.stabilise import Stabiliser, ZoneReport
from vision.types import Observation, Tile

QUAD = ((0.0, 0.0), (1.0, 0.0), (1.0, 2.0), (0.0, 2.0))


def _obs(*placed: tuple[str, str]) -> Observation:
    return Observation(tiles=[Tile(face, 1.0, (0.0, 0.0), QUAD, zone) for face, zone in placed])


def test_a_play_is_reported_once_whole_after_the_hand_leaves() -> None:
    stab = Stabiliser({"stable_s": 0.5, "motion_threshold": 25, "motion_share": 0.01,
                       "downscale": 2})  # fmt: skip
    still = np.full((40, 40, 3), 100, np.uint8)
    hand = still.copy()
    hand[5:35, 5:35] = 200
    seq = [
        (0.0, still, _obs()),
        (0.1, hand, _obs(("6-6", "seat0.play"))),  # a hand over the table: ignored
        (0.2, still, _obs(("6-6", "seat0.play"))),
        (0.4, still, _obs(("6-6", "seat0.play"), ("5-4", "seat0.play"))),  # second tile lands
        (0.6, still, _obs(("6-6", "seat0.play"), ("5-4", "seat0.play"))),
        (0.9, still, _obs(("6-6", "seat0.play"), ("5-4", "seat0.play"))),
        (1.5, still, _obs(("6-6", "seat0.play"), ("5-4", "seat0.play"))),
    ]
    reports: list[ZoneReport] = []
    for t, frame, obs in seq:
        reports += stab.update(t, frame, obs)
    assert reports == [ZoneReport("seat0.play", ("5-4", "6-6"), 0.9)]


def test_a_zones_face_down_tiles_are_part_of_what_it_reports() -> None:
    stab = Stabiliser({"stable_s": 0.5, "motion_threshold": 25, "motion_share": 0.01,
                       "downscale": 2})  # fmt: skip
    still = np.full((40, 40, 3), 100, np.uint8)
    obs = Observation(face_down=5, face_down_zones={"seat2.play": 2, "seat0.won": 3})
    reports = [r for t in (0.0, 0.2, 0.8) for r in stab.update(t, still, obs)]
    assert {r.zone: r.faces for r in reports} == {
        "seat0.won": ("down",) * 3,
        "seat2.play": ("down",) * 2,
    }


def test_a_folder_of_frames_is_a_source(tmp_path: Path) -> None:
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"f{i}.png"), np.full((8, 8, 3), i, np.uint8))
    got = [(t, int(f[0, 0, 0])) for t, f in frames(str(tmp_path), fps=2.0)]
    assert got == [(0.0, 0), (0.5, 1), (1.0, 2)]


def test_an_unknown_source_says_what_is_accepted() -> None:
    with pytest.raises(RecognitionError, match="no such camera source: 'nowhere'; expected a"):
        next(frames("nowhere"))


def test_a_folder_of_frames_numbered_without_zeros_is_read_in_number_order(
    tmp_path: Path,
) -> None:
    """Frames a capture program or a loop named frame0.png .. frame11.png (no leading zeros)
    were read in plain name order: frame10 and frame11 between frame1 and frame2, so the
    table seen went back and forth in time and plays could be reported out of order."""
    for i in range(12):
        cv2.imwrite(str(tmp_path / f"frame{i}.png"), np.full((8, 8, 3), i, np.uint8))
    got = [int(f[0, 0, 0]) for _, f in frames(str(tmp_path))]
    assert got == list(range(12))


class _FakeCamera:
    """cv2.VideoCapture for a device index: 640x480 (OpenCV's and most webcams' default)
    unless asked for another size; three frames."""

    def __init__(self, index: int) -> None:
        self.size = [640, 480]
        self.left = 3

    def isOpened(self) -> bool:  # (OpenCV's name)
        return True

    def set(self, prop: int, value: float) -> bool:
        if prop == cv2.CAP_PROP_FRAME_WIDTH:
            self.size[0] = int(value)
        elif prop == cv2.CAP_PROP_FRAME_HEIGHT:
            self.size[1] = int(value)
        return True

    def get(self, prop: int) -> float:
        return 0.0

    def read(self) -> tuple[bool, np.ndarray | None]:
        self.left -= 1
        if self.left < 0:
            return False, None
        return True, np.zeros((self.size[1], self.size[0], 3), np.uint8)

    def release(self) -> None:
        pass


def test_a_camera_by_device_index_is_asked_for_1080p_not_left_at_640x480(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """hardware/camera.md: a 1080p webcam, 1920x1080 for about 39 px per tile (calibrate warns
    under 30). A camera opened by its index was left at OpenCV's default, 640x480 on a UVC
    webcam: a tile some 13 px wide, whatever the camera could give, and no way to ask for more.
    The size asked for is in vision/config/camera.toml."""
    monkeypatch.setattr(cv2, "VideoCapture", _FakeCamera)
    _, frame = next(frames("0"))
    assert frame.shape[:2] == (1080, 1920)


def test_a_bare_mjpeg_stream_is_timed_at_the_rate_given_not_25_fps(tmp_path: Path) -> None:
    """A bare Motion-JPEG stream (JPEGs one after another, as ``ffmpeg -c copy out.mjpeg``
    records a webcam) says nothing of its rate, and OpenCV times it at 25 fps whatever it was
    recorded at: a 5 fps recording ran five times too fast, and a play settled in a fifth of
    the stability window. It is timed ``fps`` apart, as a folder of frames is."""
    path = tmp_path / "table.mjpeg"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 5, (64, 48))
    for i in range(4):
        writer.write(np.full((48, 64, 3), 60 * i, np.uint8))
    writer.release()
    assert path.read_bytes()[:2] == b"\xff\xd8"  # (no container: a JPEG first)
    assert [t for t, _ in frames(str(path), fps=5.0)] == pytest.approx([0.0, 0.2, 0.4, 0.6])


def test_a_video_in_a_container_keeps_its_own_times(tmp_path: Path) -> None:
    path = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 4, (64, 48))
    for i in range(3):
        writer.write(np.full((48, 64, 3), 60 * i, np.uint8))
    writer.release()
    assert [t for t, _ in frames(str(path), fps=10.0)] == pytest.approx([0.0, 0.25, 0.5])
