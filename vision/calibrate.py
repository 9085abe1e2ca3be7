"""Calibration on the printed mat: four ArUco markers -> a homography to millimetres.

``find_mat(frame, layout)`` returns a ``Calibration`` or raises ``RecognitionError`` that says
what is wrong (markers missing, too dark, too oblique, markers of another dictionary) and what
would be accepted.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .config import Config, load_config
from .errors import RecognitionError
from .layout import MatLayout, load_layout
from .types import Floats, Image


@dataclass(frozen=True, slots=True)
class Calibration:
    """Image pixels <-> mat millimetres, and the camera's resolution on the mat."""

    to_mat: Floats  # 3x3, image px -> mm
    image_size: tuple[int, int]  # (w, h)
    markers: tuple[int, ...]  # ids seen
    px_per_mm: float  # median scale of the image on the mat

    def image_to_mat(self, points: Floats) -> Floats:
        return _apply(self.to_mat, points)

    def mat_to_image(self, points: Floats) -> Floats:
        inverse = np.asarray(np.linalg.inv(self.to_mat), np.float64)
        return _apply(inverse, points)

    def save(self, path: Path) -> None:
        data = {
            "to_mat": self.to_mat.tolist(),
            "image_size": list(self.image_size),
            "markers": list(self.markers),
            "px_per_mm": self.px_per_mm,
        }
        path.write_text(json.dumps(data, indent=1) + "\n")

    @staticmethod
    def load(path: Path) -> Calibration:
        try:
            data = json.loads(path.read_text())
            calibration = Calibration(
                to_mat=np.array(data["to_mat"], np.float64).reshape(3, 3),
                image_size=(int(data["image_size"][0]), int(data["image_size"][1])),
                markers=tuple(int(m) for m in data["markers"]),
                px_per_mm=float(data["px_per_mm"]),
            )
            calibration._check()
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise RecognitionError(
                "unreadable calibration", str(path), f"a file from 'tiengow calibrate --save' ({e})"
            ) from e
        return calibration

    def _check(self) -> None:
        """Values no camera gives (a file edited or damaged) raise ValueError, naming them:
        a matrix with no inverse would fail deep in the recogniser, NaN find nothing."""
        if not (np.all(np.isfinite(self.to_mat)) and abs(np.linalg.det(self.to_mat)) > 1e-12):
            raise ValueError(f"to_mat {self.to_mat.tolist()} is no invertible 3x3 matrix")
        if min(self.image_size) < 1:
            raise ValueError(f"image_size {list(self.image_size)} is not a frame's width, height")
        if not (math.isfinite(self.px_per_mm) and self.px_per_mm > 0):
            raise ValueError(f"px_per_mm {self.px_per_mm} is not a positive scale")


def _apply(h: Floats, points: Floats) -> Floats:
    pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
    out: Floats = cv2.perspectiveTransform(pts, h).reshape(-1, 2)
    return out


def _detector(layout: MatLayout) -> cv2.aruco.ArucoDetector:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.dictionary))
    return cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())


# Dictionaries a printed mat's markers may be of instead of the layout's: each family's largest
# (it holds the smaller ones' codes), the original ArUco and the AprilTag families
_OTHER_DICTIONARIES = (
    "DICT_4X4_1000",
    "DICT_5X5_1000",
    "DICT_6X6_1000",
    "DICT_7X7_1000",
    "DICT_ARUCO_ORIGINAL",
    "DICT_APRILTAG_16h5",
    "DICT_APRILTAG_25h9",
    "DICT_APRILTAG_36h11",
)


def _other_markers(gray: Image, layout: MatLayout, seen: dict[int, Floats]) -> None:
    """None of the mat's markers was seen: when markers of another kind are in view (a mat
    printed with another dictionary, or another mat), raise saying so; they are not missing,
    and "check that the mat is in the picture" would send the user the wrong way."""
    found: dict[str, list[int]] = {}
    if len(seen) >= max(2, len(layout.markers) // 2):  # the layout's dictionary, other ids
        found[layout.dictionary] = sorted(seen)
    for name in _OTHER_DICTIONARIES:
        if name == layout.dictionary or not hasattr(cv2.aruco, name):
            continue
        dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, name))
        detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
        _, ids, _ = detector.detectMarkers(gray)
        ids_seen = set() if ids is None else {int(i) for i in np.ravel(ids)}
        # (a domino's face can pass for a marker, but not as several distinct ones: a lone id,
        # or one seen twice, is no mat)
        if len(ids_seen) >= max(2, len(layout.markers) // 2):
            found[name] = sorted(ids_seen)
    if found:
        raise RecognitionError(
            "mat markers of another ArUco dictionary (or another mat) in view",
            found,
            f"markers {sorted(layout.markers)} of {layout.dictionary}, as "
            "vision/config/mat.toml has them; print the mat with 'tiengow mat --out mat.pdf', "
            "or name the printed mat's dictionary in vision/config/mat.toml's markers.dictionary",
        )


def find_mat(
    frame: Image, layout: MatLayout | None = None, cfg: Config | None = None
) -> Calibration:
    """The mat's homography from the markers seen in a BGR frame."""
    layout = layout if layout is not None else load_layout()
    cfg = cfg if cfg is not None else load_config("mat")["calibrate"]
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    corners, ids, _ = _detector(layout).detectMarkers(gray)
    seen = (
        {int(i): c.reshape(4, 2) for i, c in zip(np.ravel(ids), corners, strict=True)}
        if (ids is not None)
        else {}
    )
    wanted = sorted(layout.markers)
    missing = [m for m in wanted if m not in seen]
    found = len(seen.keys() & set(wanted))
    if found < int(cfg["min_markers"]):
        mean = float(np.mean(gray))
        dark = mean < float(cfg["min_brightness"])
        # (markers of the mat found show the light is enough to find them: the others are
        # covered or out of view, and "too dark" would hide which)
        if dark and not found:
            raise RecognitionError(
                "too dark to find the mat",
                round(mean, 1),
                f"a mean grey level of at least {cfg['min_brightness']}; "
                "light the table or raise the exposure",
            )
        if not found:
            _other_markers(gray, layout, seen)
        raise RecognitionError(
            "mat markers missing",
            missing,
            f"at least {cfg['min_markers']} of markers {wanted} in view; "
            "check that the whole mat is in the picture and not covered"
            + (f" (the picture is dim too: mean grey level {mean:.1f})" if dark else ""),
        )
    src: list[Floats] = []
    dst: list[tuple[float, float]] = []
    for marker_id in wanted:
        if marker_id in seen:
            src.extend(seen[marker_id])
            dst.extend(layout.markers[marker_id])
    h, _ = cv2.findHomography(np.array(src, np.float64), np.array(dst, np.float64))
    if h is None:
        raise RecognitionError(
            "no homography from the markers", sorted(seen), "four markers in general position"
        )
    # (the mat's own markers only: a stray detection of another id, a die's face or a
    # sticker, is no measure of the camera's angle, and one small one said "too oblique")
    sides = [
        np.linalg.norm(c - np.roll(c, 1, axis=0), axis=1)
        for marker_id, c in seen.items()
        if marker_id in layout.markers
    ]
    scales = [float(np.mean(s)) / layout.marker_mm for s in sides]
    spread = max(scales) / max(min(scales), 1e-9)
    skew = max(float(np.max(s) / max(np.min(s), 1e-9)) for s in sides)
    if spread > float(cfg["max_scale_spread"]) or skew > float(cfg["max_marker_skew"]):
        angle = tilt_degrees(np.asarray(h, np.float64), (frame.shape[1], frame.shape[0]))
        raise RecognitionError(
            "camera too oblique",
            f"about {angle:.0f} degrees off vertical (marker sizes {spread:.1f} times apart)",
            f"marker sizes within a factor {cfg['max_scale_spread']}; mount "
            "the camera above the middle of the mat, looking straight down",
        )
    return Calibration(
        to_mat=np.asarray(h, np.float64),
        image_size=(int(frame.shape[1]), int(frame.shape[0])),
        markers=tuple(sorted(seen)),
        px_per_mm=float(np.median(scales)),
    )


def tilt_degrees(to_mat: Floats, image_size: tuple[int, int]) -> float:
    """The angle between the camera's axis and the mat's normal, from the homography, for a
    camera whose axis passes through the middle of the frame (any focal length): the mat's x
    and y directions, seen through the camera, are at right angles and of one length, which
    fixes the focal length and so the mat's tilt. 0 for a mat seen square on."""
    w, h = image_size
    centre = np.array([[1.0, 0, -w / 2], [0, 1.0, -h / 2], [0, 0, 1.0]])
    g = centre @ np.linalg.inv(to_mat)  # mat mm -> image px about the frame's middle
    (x1, x2), (y1, y2), (z1, z2) = g[0, :2], g[1, :2], g[2, :2]
    # 1/f^2 by least squares from: r1 . r2 = 0 and |r1| = |r2|
    a = np.array([x1 * x2 + y1 * y2, x1**2 + y1**2 - x2**2 - y2**2])
    b = np.array([z1 * z2, z1**2 - z2**2])
    inv_f2 = -float(a @ b) / max(float(a @ a), 1e-300)
    if not inv_f2 > 0:  # no perspective to measure: square on
        return 0.0
    k = math.sqrt(inv_f2)
    r1 = np.array([x1 * k, y1 * k, z1])
    r2 = np.array([x2 * k, y2 * k, z2])
    normal = np.cross(r1 / np.linalg.norm(r1), r2 / np.linalg.norm(r2))
    cos = abs(float(normal[2])) / max(float(np.linalg.norm(normal)), 1e-300)
    return math.degrees(math.acos(min(1.0, cos)))


def drift_mm(old: Calibration, new: Calibration, layout: MatLayout) -> float:
    """How far (mm on the mat, the most of any marker corner) the mat as ``new`` sees it
    lies from where ``old`` has it: a camera knocked, or its mount slipping, moves the mat
    in a picture of the same size, and read through the old calibration its tiles fall in
    the wrong zones."""
    corners = np.array([p for c in layout.markers.values() for p in c], np.float64)
    seen_at = old.image_to_mat(new.mat_to_image(corners))
    return float(np.max(np.hypot(*(seen_at - corners).T)))


def draw_zones(frame: Image, calibration: Calibration, layout: MatLayout) -> Image:
    """A preview: the frame with the mat's zones and their names drawn on it."""
    out = frame.copy()
    for zone in layout.zones:
        rect = np.array(
            [[zone.x0, zone.y0], [zone.x1, zone.y0], [zone.x1, zone.y1], [zone.x0, zone.y1]],
            np.float64,
        )
        pts = calibration.mat_to_image(rect)
        cv2.polylines(out, [np.round(pts).astype(np.int32)], True, (0, 200, 255), 2, cv2.LINE_AA)
        c = pts.mean(axis=0)
        cv2.putText(
            out,
            zone.name,
            (round(c[0]) - 40, round(c[1])),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.6,
            (0, 200, 255),
            2,
            cv2.LINE_AA,
        )
    return out
