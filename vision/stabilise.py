"""The stabiliser: report a zone's tiles once, whole, when they have stopped changing.

A zone's contents are reported only after they have stayed the same for ``stable_s`` seconds
with no motion over the mat (a hand reaching in), so a play is seen once and complete.
Time comes from the caller (frame timestamps), never from a clock.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import cv2
import numpy as np

from .config import Config, load_config
from .types import Floats, Image, Observation

Contents = tuple[str, ...]  # sorted faces; face-down tiles as "down", tiles in doubt as "?"


@dataclass(frozen=True, slots=True)
class ZoneReport:
    """A zone's settled contents at a time."""

    zone: str
    faces: Contents
    t: float


@dataclass(slots=True)
class _Track:
    contents: Contents
    since: float


@dataclass(slots=True)
class Stabiliser:
    cfg: Config = field(default_factory=lambda: load_config("stabilise"))
    _previous: tuple[Image, Image] | None = None  # the last frame, and shrunk
    _quiet_since: float = 0.0
    _tracks: dict[str, _Track] = field(default_factory=dict)
    _reported: dict[str, Contents] = field(default_factory=dict)

    def motion(self, frame: Image) -> bool:
        """Did enough of the picture change since the last frame (a hand over the table)?

        Measured in colour, a pixel changed by its channel that changed most: a mid-tone skin
        over the teal mat is nearly as grey as the mat, and in grey a hand moving over it went
        unseen (only where it crossed a tile or a printed line). A light that flickers
        changes the whole picture alike: the two frames are first lit alike."""
        k = int(self.cfg["downscale"])
        shrunk = frame, _shrink(frame, k)
        previous, self._previous = self._previous, shrunk
        if previous is None or previous[0].shape != frame.shape:
            return True
        change = cv2.absdiff(*_lit_alike(previous, shrunk, k))
        if change.ndim == 3:  # (the channel that changed most; cv2's max is far the quicker)
            change = cv2.max(cv2.max(change[..., 0], change[..., 1]), change[..., 2])
        changed = change > int(self.cfg["motion_threshold"])
        return float(np.mean(changed)) > float(self.cfg["motion_share"])

    def update(self, t: float, frame: Image, obs: Observation) -> list[ZoneReport]:
        """Feed one frame and its observation; returns the zones that just settled."""
        if self.moving(t, frame):
            return []
        return self.settle(t, obs)

    def moving(self, t: float, frame: Image) -> bool:
        """Feed one frame: is a hand over the table? Its observation is then not needed
        (nothing settles while one is), so the caller need not recognise the frame."""
        if self.motion(frame):
            self._quiet_since = t
            self._tracks.clear()
            return True
        return False

    def changing(self) -> set[str]:
        """The zones seen (in the last still frame) holding other contents than they last
        reported: something new there has not settled yet."""
        return {
            z for z, track in self._tracks.items() if track.contents != self._reported.get(z, ())
        }

    def settle(self, t: float, obs: Observation) -> list[ZoneReport]:
        """The observation of a frame with no motion (``moving`` said so): the zones that
        just settled."""
        counts: dict[str, Counter[str]] = {}
        for tile in obs.tiles:
            if tile.zone is not None:
                counts.setdefault(tile.zone, Counter())[tile.face] += 1
        for zone, backs in obs.face_down_zones.items():
            counts.setdefault(zone, Counter())["down"] += backs
        for zone, doubtful in obs.uncertain_zones.items():  # (the play is not all read)
            counts.setdefault(zone, Counter())["?"] += doubtful
        now = {zone: tuple(sorted(c.elements())) for zone, c in counts.items()}
        for zone in set(self._tracks) | set(self._reported):
            now.setdefault(zone, ())
        stable_s = float(self.cfg["stable_s"])
        out = []
        for zone, contents in sorted(now.items()):
            track = self._tracks.get(zone)
            if track is None or track.contents != contents:
                self._tracks[zone] = track = _Track(contents, t)
            settled = t - max(track.since, self._quiet_since) >= stable_s
            if settled and self._reported.get(zone, ()) != contents:
                self._reported[zone] = contents
                out.append(ZoneReport(zone, contents, t))
        return out


def _shrink(frame: Image, k: int) -> Image:
    small: Image = cv2.resize(
        frame, (frame.shape[1] // k, frame.shape[0] // k), interpolation=cv2.INTER_AREA
    )
    return small


def _lit_alike(
    before: tuple[Image, Image], now: tuple[Image, Image], k: int
) -> tuple[Image, Image]:
    """Two frames (each whole, and shrunk by ``k``) as if lit alike, shrunk: a light that
    flickers or dims changes the whole picture by one factor (each channel's, the ratio of
    their means), so the darker is brightened by it. Brightened at full size, where the
    brighter is cut off at white (a pixel shrunk from white and black is not). A hand over the
    table moves the mean a little and still differs where it is."""
    a, b = before[1], now[1]
    channels = 1 if b.ndim == 2 else b.shape[2]
    mean_a, mean_b = (np.array(cv2.mean(x)[:channels]) for x in (a, b))
    gain = mean_b / np.maximum(mean_a, 1.0)
    if np.all(np.abs(gain - 1.0) < 0.01):  # (the same light: most frames)
        return a, b
    up_before, up_now = np.maximum(gain, 1.0), np.maximum(1.0 / gain, 1.0)
    return _brightened(before[0], up_before, k), _brightened(now[0], up_now, k)


def _brightened(frame: Image, gain: Floats, k: int) -> Image:
    """The frame's channels times ``gain``, shrunk by ``k``; white stays white (saturating)."""
    return _shrink(cv2.multiply(frame, (*gain.tolist(), 0.0)[:4]), k)
