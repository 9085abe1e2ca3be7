"""Camera sources: a device index, a video file or a folder of frames, as (seconds, frame)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import cv2

from .errors import RecognitionError
from .types import Image

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")


def frames(
    source: str, fps: float = 10.0, skip: Callable[[RecognitionError], None] | None = None
) -> Iterator[tuple[float, Image]]:
    """Frames of ``source`` with their time in seconds.

    ``source`` is a device index (``"0"``), a video file, or a folder of still frames (taken in
    name order, ``fps`` apart). A frame of the folder that cannot be read raises, or with
    ``skip`` is given to it and passed over (one bad file need not end a live table's camera).
    """
    path = Path(source)
    if source.isdigit():
        yield from _capture(cv2.VideoCapture(int(source)), source, live=True)
    elif path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not files:
            raise RecognitionError("no frames in folder", source, f"files ending {IMAGE_SUFFIXES}")
        for i, file in enumerate(files):
            frame = cv2.imread(str(file), cv2.IMREAD_COLOR)
            if frame is None:
                bad = RecognitionError("unreadable frame", str(file), "a PNG or JPEG image")
                if skip is None:
                    raise bad
                skip(bad)
                continue
            yield i / fps, frame
    elif path.is_file():
        yield from _capture(cv2.VideoCapture(str(path)), source, live=False)
    else:
        raise RecognitionError(
            "no such camera source", source, "a device index, a video file or a folder of frames"
        )


def _capture(cap: cv2.VideoCapture, source: str, live: bool) -> Iterator[tuple[float, Image]]:
    if not cap.isOpened():
        raise RecognitionError(
            "cannot open camera source",
            source,
            "a connected camera index or a video OpenCV can decode",
        )
    try:
        tick = cv2.getTickFrequency()
        start = cv2.getTickCount()
        while True:
            ok, frame = cap.read()
            if not ok:
                return
            if live:
                t = (cv2.getTickCount() - start) / tick
            else:
                t = cap.get(cv2.CAP_PROP_POS_MSEC) / 1000.0
            yield float(t), frame
    finally:
        cap.release()


def first_frame(source: str) -> Image:
    for _, frame in frames(source):
        return frame
    raise RecognitionError("camera source gave no frame", source, "a source with a frame")
