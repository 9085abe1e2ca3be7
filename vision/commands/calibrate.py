"""`tiengow calibrate`: find the mat with a real camera, draw its zones, save the calibration."""

from __future__ import annotations

import argparse
import sys
from contextlib import closing
from pathlib import Path

import cv2

from ..calibrate import Calibration, draw_zones, find_mat
from ..config import load_config
from ..errors import RecognitionError
from ..layout import MatLayout, load_layout
from ..sources import frames, is_opencv_name, read_image
from ..types import Image


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--camera",
        default="0",
        metavar="SOURCE",
        help="device index, video file or folder of frames (default 0)",
    )
    parser.add_argument("--image", metavar="FILE", help="use this still image instead")
    parser.add_argument(
        "--preview",
        type=Path,
        default=Path("calibration-preview.png"),
        help="where to write the frame with the zones drawn",
    )
    parser.add_argument(
        "--save", type=Path, default=Path("calibration.json"), help="where to save the calibration"
    )
    parser.add_argument(
        "--frame",
        type=Path,
        metavar="FILE",
        help="also write the frame the mat was found in, as the camera gave it (for "
        "'tiengow recognize --calibration' with tiles laid)",
    )


def run(args: argparse.Namespace) -> int:
    try:
        layout = load_layout()
        if args.image:
            frame = read_image(args.image)
            calibration = find_mat(frame, layout)
        else:
            frame, calibration = _find_in_source(args.camera, layout)
    except RecognitionError as e:
        print(f"calibration failed: {e}", file=sys.stderr)
        return 1
    try:
        _write_image(args.preview, draw_zones(frame, calibration, layout), "--preview")
        if args.frame is not None:
            _write_image(args.frame, frame, "--frame")
        _save(calibration, args.save)
    except RecognitionError as e:
        print(f"calibration failed: {e}", file=sys.stderr)
        return 1
    tile_px = layout.tile_mm[0] * calibration.px_per_mm
    w, h = calibration.image_size  # (what the camera gave, asked for config/camera.toml's)
    print(
        f"mat found in a {w}x{h} frame: markers {list(calibration.markers)}, "
        f"{calibration.px_per_mm:.2f} px/mm "
        f"(a tile is {tile_px:.0f} px wide); preview {args.preview}, saved {args.save}"
        + (f", frame {args.frame}" if args.frame is not None else "")
    )
    if tile_px < 30:
        print(
            "warning: tiles are under 30 px wide; lower the camera or raise its resolution "
            "(width and height in vision/config/camera.toml)",
            file=sys.stderr,
        )
    return 0


def _find_in_source(source: str, layout: MatLayout) -> tuple[Image, Calibration]:
    """The first frame of the source's first ``warm_up_s`` seconds in which the mat is found
    (a camera's first frames are often dark while its exposure settles); when none, what was
    wrong with the last one. A frame of a folder that cannot be read is passed over as one
    without the mat is (the hub's camera passes over it too)."""
    warm_up_s = float(load_config("mat")["calibrate"]["warm_up_s"])
    wrong: RecognitionError | None = None
    start: float | None = None

    def unreadable(e: RecognitionError) -> None:
        nonlocal wrong
        wrong = e

    with closing(frames(source, skip=unreadable)) as source_frames:
        for t, frame in source_frames:
            start = t if start is None else start
            if t - start > warm_up_s:
                break
            try:
                return frame, find_mat(frame, layout)
            except RecognitionError as e:
                wrong = e
    if wrong is None:
        raise RecognitionError("camera source gave no frame", source, "a source with a frame")
    raise wrong


def _write_image(path: Path, image: Image, flag: str) -> None:
    """Write an image for ``flag``; a path OpenCV cannot write is an error, not a silent
    no-op."""
    try:
        if is_opencv_name(str(path)):
            ok = cv2.imwrite(str(path), image)
        else:
            ok, data = cv2.imencode(path.suffix, image)
            ok = ok and _write_bytes(path, data.tobytes())
        reason = "the folder is missing or not writable"
    except cv2.error:
        ok, reason = False, "no image writer for that extension"
    if not ok:
        raise RecognitionError(
            f"cannot write {str(path)!r}", reason, f"a writable .png or .jpg path for {flag}"
        )


def _write_bytes(path: Path, data: bytes) -> bool:
    try:
        path.write_bytes(data)
    except OSError:
        return False
    return True


def _save(calibration: Calibration, path: Path) -> None:
    try:
        calibration.save(path)
    except OSError as e:
        raise RecognitionError(
            f"cannot write {str(path)!r}", e.strerror, "a writable path for --save"
        ) from e
