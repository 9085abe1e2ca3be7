"""`tiengow recognize [--json] IMAGE...`: the tiles in still images of a table seen from above.

When the printed mat is in the picture, its known tile size is used and each tile gets the zone
it lies in; plain photos without a mat work too.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from ..calibrate import Calibration, find_mat
from ..config import load_config
from ..errors import RecognitionError
from ..layout import load_layout
from ..recognizer import recognize
from ..sources import read_image
from ..table import TableRecognizer
from ..types import Image, Observation


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="PNG or JPEG files")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument(
        "--calibration",
        type=Path,
        metavar="FILE",
        help="a saved calibration (tiengow calibrate --save); by default the "
        "mat is looked for in each image",
    )
    parser.add_argument("--no-mat", action="store_true", help="do not look for the mat")


def observe(image: Image, calibration: Calibration | None, look_for_mat: bool) -> Observation:
    """One image through the mat-aware recogniser when a mat is known or found."""
    if calibration is None and look_for_mat:
        try:
            calibration = find_mat(image)
        except RecognitionError:
            calibration = None
    if calibration is not None:
        h, w = image.shape[:2]
        if (w, h) != calibration.image_size:
            cw, ch = calibration.image_size
            raise RecognitionError(
                "image size differs from the calibration's",
                f"{w}x{h}",
                f"{cw}x{ch} frames, as calibrated; run 'tiengow calibrate' at this resolution",
            )
        return TableRecognizer(calibration).observe(image)
    return recognize(image, load_config("recognize"))


def _observe_or_say(
    image: Image, calibration: Calibration | None, look_for_mat: bool
) -> Observation:
    """`observe`, with OpenCV's own failure on an odd image (one too thin to shrink, say)
    turned into a `RecognitionError` for its line: the other images are still read."""
    try:
        return observe(image, calibration, look_for_mat)
    except cv2.error as e:
        h, w = image.shape[:2]
        raise RecognitionError(
            f"OpenCV failed on the image ({e.err} in {e.func})",
            f"{w}x{h} pixels",
            "a photo of a table (please report this image)",
        ) from e


def _is_grey(image: Image) -> bool:
    """Three equal channels: a greyscale file (OpenCV reads it so) or a grey camera."""
    b, g, r = cv2.split(image)
    return not (np.any(b != g) or np.any(g != r))


def run(args: argparse.Namespace) -> int:
    try:
        calibration = Calibration.load(args.calibration) if args.calibration else None
        if not args.no_mat:
            load_layout()  # (a broken mat layout is said once, not taken for "no mat here")
    except RecognitionError as e:
        print(f"tiengow recognize: {e}", file=sys.stderr)
        return 2
    if isinstance(sys.stdout, io.TextIOWrapper):
        # (a name that is not UTF-8 comes with lone surrogates: printed back as its bytes,
        # as ls does, where a UTF-8 locale's strict stdout raised on it)
        sys.stdout.reconfigure(errors="surrogateescape")
    failed = 0
    for name in args.images:
        start = time.perf_counter()
        try:
            image = read_image(name)
            if _is_grey(image):
                print(
                    f"{name}: warning: no colour in the image; the mat, the tiles and red pips "
                    "are told by colour, so tiles may be missed; expected a colour photo",
                    file=sys.stderr,
                )
            obs = _observe_or_say(image, calibration, not args.no_mat)
        except RecognitionError as e:
            failed += 1
            if args.json:
                print(json.dumps({"image": name, "error": str(e)}), flush=True)
            else:
                print(f"{name}: error: {e}", file=sys.stderr)
            continue
        ms = (time.perf_counter() - start) * 1000
        if args.json:
            tiles = []
            for t in obs.tiles:
                item = t.as_json()
                if t.zone is not None:
                    item["zone"] = t.zone
                tiles.append(item)
            line = {
                "image": name,
                "tiles": tiles,
                "face_down": obs.face_down,
                "ms": round(ms, 1),
                "uncertain": obs.uncertain,
            }
            if obs.face_down_zones:
                line["face_down_zones"] = dict(sorted(obs.face_down_zones.items()))
            print(json.dumps(line), flush=True)
        else:
            faces = " ".join(t.face for t in obs.tiles) or "(none)"
            print(
                f"{name}: {faces}; face down {obs.face_down}; not sure {obs.uncertain}; {ms:.0f} ms"
            )
    return 1 if failed else 0
