"""Camera sources: a device index, a video file or a folder of frames, as (seconds, frame)."""

from __future__ import annotations

import os
import re
import struct
import time
from collections.abc import Callable, Generator, Iterator
from pathlib import Path

import cv2
import numpy as np

from .config import load_config
from .errors import RecognitionError
from .types import Image

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")
WRITING_S = 1.0  # a folder's newest file younger than this, unreadable, may be being written


def read_image(path: str) -> Image:
    """A still image file as 8-bit BGR (OpenCV converts grey, 16-bit and RGBA images); one
    that cannot be read raises `RecognitionError` saying why."""
    accepted = "a PNG or JPEG image file"
    file = Path(path)
    if file.is_dir():
        raise RecognitionError("a folder, not an image", path, accepted)
    try:
        with file.open("rb") as f:
            empty = not f.read(1)
    except FileNotFoundError as e:
        raise RecognitionError("no such file", path, accepted) from e
    except OSError as e:
        raise RecognitionError(f"cannot open the file ({e.strerror})", path, accepted) from e
    if empty:
        raise RecognitionError("empty file", path, accepted)
    if is_opencv_name(path) and not cv2.haveImageReader(path):  # (it reads the signature:
        raise RecognitionError("not an image", path, accepted)  # no image format has it)
    if _is_jpeg_cut_short(path):
        # (OpenCV would decode it with its missing rows grey: a table read from its top part)
        raise RecognitionError("damaged image (cut short?)", path, accepted)
    try:
        image: Image | None = (
            cv2.imread(path, cv2.IMREAD_COLOR)
            if is_opencv_name(path)
            else cv2.imdecode(np.fromfile(path, np.uint8), cv2.IMREAD_COLOR)
        )
    except cv2.error as e:
        # (OpenCV refuses, by raising, an image whose header claims more pixels than it will
        # decode: a few bytes on disk can claim gigabytes)
        if "CV_IO_MAX_IMAGE_PIXELS" not in str(e):
            raise RecognitionError(f"cannot decode the image ({e.err})", path, accepted) from e
        limit = os.environ.get("OPENCV_IO_MAX_IMAGE_PIXELS", str(1 << 30))
        raise RecognitionError(
            f"image too large{_png_size(path)}", path, f"at most {limit} pixels"
        ) from e
    if image is None:  # an image's signature, then no image: a file cut short or damaged
        raise RecognitionError("damaged image (cut short?)", path, accepted)
    return image


def is_opencv_name(path: str) -> bool:
    """Can OpenCV be given this file name? One that is not UTF-8 (a camera card's or an old
    disk's Latin-1 name) reaches Python with lone surrogates, and OpenCV's bindings crash on
    it (a segmentation fault, not an error): such a file is read and written as bytes."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _is_jpeg_cut_short(path: str) -> bool:
    """Is the file a JPEG with no end-of-image marker after its first scan? A copy cut off,
    or a frame still being written, ends in the scan's data. (The marker is looked for after
    the first scan's start, not at the file's end: a phone's motion photo has a video after
    it, and an Exif thumbnail before the scan has its own.)"""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return False
    if data[:2] != b"\xff\xd8":
        return False
    at = 2
    while at + 4 <= len(data):  # the marker segments before the first scan, by their lengths
        if data[at] != 0xFF:
            return False  # (not a marker where one should be: left to the decoder to judge)
        marker = data[at + 1]
        if marker == 0xFF:  # (fill bytes before a marker)
            at += 1
            continue
        if marker == 0xDA:  # start of scan: in its data 0xFF is never followed by 0xD9
            return data.find(b"\xff\xd9", at + 2) < 0
        at += 2 + int.from_bytes(data[at + 2 : at + 4], "big")
    return True  # cut short before its first scan


def _png_size(path: str) -> str:
    """' (W x H pixels)' from a PNG's header, or '' when it is not one."""
    try:
        with open(path, "rb") as f:
            head = f.read(24)
    except OSError:
        return ""
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return ""
    width, height = struct.unpack(">II", head[16:24])
    return f" ({width}x{height} pixels)"


def frames(
    source: str, fps: float = 10.0, skip: Callable[[RecognitionError], None] | None = None
) -> Generator[tuple[float, Image], None, None]:
    """Frames of ``source`` with their time in seconds.

    ``source`` is a device index (``"0"``), a video file, or a folder of still frames (taken in
    name order, the numbers in names as numbers, ``fps`` apart). A video is timed by its own
    timestamps, but a bare Motion-JPEG stream, which has none, ``fps`` apart as a folder. A
    frame of the folder that cannot be read raises, or with ``skip`` is given to it and passed
    over (one bad file need not end a live table's camera).
    """
    path = Path(source)
    if source.isdigit():
        yield from _capture(_open_device(int(source)), source, live=True)
    elif path.is_dir():
        if not _frame_files(path, ""):
            raise RecognitionError("no frames in folder", source, f"files ending {IMAGE_SUFFIXES}")
        for t, frame in follow_folder(path, fps, skip):
            if frame is None:  # all read
                return
            yield t, frame
    elif path.is_file():
        if not is_opencv_name(source):
            raise RecognitionError(
                "a video file name OpenCV cannot open (not UTF-8)",
                source,
                "a video whose name is UTF-8: rename it",
            )
        apart = fps if _is_bare_jpeg_stream(path) else None
        yield from _capture(cv2.VideoCapture(str(path)), source, live=False, fps=apart)
    else:
        raise RecognitionError(
            "no such camera source", source, "a device index, a video file or a folder of frames"
        )


def _frame_files(path: Path, after: str) -> list[Path]:
    """The folder's frames named after ``after``, in order."""
    done = _frame_order(after)
    found = [
        p
        for p in path.iterdir()
        if p.suffix.lower() in IMAGE_SUFFIXES and _frame_order(p.name) > done
    ]
    return sorted(found, key=lambda p: _frame_order(p.name))


def _frame_order(name: str) -> tuple[tuple[str | int, ...], str]:
    """Name order with the numbers in it compared as numbers: frame2 before frame10 (a
    capture program or a loop need not pad them with zeros)."""
    parts = re.split(r"(\d+)", name)
    return tuple(int(p) if i % 2 else p for i, p in enumerate(parts)), name


def follow_folder(
    path: Path, fps: float = 10.0, skip: Callable[[RecognitionError], None] | None = None
) -> Iterator[tuple[float, Image | None]]:
    """A folder of frames that grows (a capture program writes into it): its frames in name
    order, ``fps`` apart, then those added later (named after the last one read) as they come.
    While none has come it gives ``(t, None)`` every ``1 / fps`` seconds, ``t`` the last
    frame's time, so that its reader may stop. A frame that cannot be read is as in `frames`;
    but the newest file, written less than ``WRITING_S`` ago, may be one still being written:
    it is looked at again."""
    last, count = "", 0
    while True:
        files = _frame_files(path, last)
        read = False
        for file in files:
            try:
                frame = read_image(str(file))
            except RecognitionError as e:
                if file == files[-1] and _writing(file):
                    break
                last, read = file.name, True
                bad = RecognitionError(f"unreadable frame ({e.what})", str(file), e.accepted)
                if skip is None:
                    raise bad from e
                skip(bad)
                continue
            last, read = file.name, True
            yield count / fps, frame
            count += 1
        if not read:
            yield max(count - 1, 0) / fps, None
            time.sleep(1 / fps)


def _writing(file: Path) -> bool:
    try:
        return time.time() - file.stat().st_mtime < WRITING_S
    except OSError:
        return False


def _open_device(index: int) -> cv2.VideoCapture:
    """A camera by its index, asked for the frame size and format of ``config/camera.toml``
    (it gives the nearest it can)."""
    cfg = load_config("camera")
    cap = cv2.VideoCapture(index)
    if cap.isOpened():
        # (the format first: a USB 2 webcam offers its large sizes only compressed)
        cap.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter.fourcc(*str(cfg["fourcc"])))
        cap.set(cv2.CAP_PROP_FRAME_WIDTH, float(cfg["width"]))
        cap.set(cv2.CAP_PROP_FRAME_HEIGHT, float(cfg["height"]))
    return cap


def _is_bare_jpeg_stream(path: Path) -> bool:
    """Is the file JPEGs one after another (``ffmpeg -c copy out.mjpeg``), in no container?
    It holds no timestamps: OpenCV's ffmpeg times it at 25 fps, whatever it was recorded at."""
    try:
        with path.open("rb") as f:
            return f.read(3) == b"\xff\xd8\xff"  # a JPEG's start of image, then a marker
    except OSError:
        return False


def _capture(
    cap: cv2.VideoCapture, source: str, live: bool, fps: float | None = None
) -> Iterator[tuple[float, Image]]:
    """The capture's frames, timed by the clock (``live``), ``fps`` apart when given (a video
    with no times of its own), else by the video's timestamps."""
    if not cap.isOpened():
        raise RecognitionError(
            "cannot open camera source",
            source,
            "a connected camera index or a video OpenCV can decode",
        )
    try:
        tick = cv2.getTickFrequency()
        start = cv2.getTickCount()
        count = 0
        while True:
            ok, frame = cap.read()
            if not ok:
                return
            if live:
                t = (cv2.getTickCount() - start) / tick
            elif fps is not None:
                t = count / fps
            else:
                t = cap.get(cv2.CAP_PROP_POS_MSEC) / 1000.0
            count += 1
            yield float(t), frame
    finally:
        cap.release()
