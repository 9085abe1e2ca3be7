"""The table: frames of the calibrated mat -> tiles with the zone each lies in.

On the mat the tile size is known (``tile_mm`` times the camera's pixels per millimetre), so the
recogniser does not have to guess it, and every tile's centre maps to a seat's zone.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import cv2
import numpy as np

from .boxes import Box, merged, padded
from .calibrate import Calibration
from .channels import channel_max
from .config import Config, load_config
from .direct import Group, filled, left_over, lone_tiles_show_lines, read_group
from .layout import MatLayout, load_layout
from .locate import cuts, held_by
from .noise import noise_level, quietened
from .read import blank_either_way, read_tile
from .recognizer import recognize
from .segment import colours, glare_on_ground, ground_mask
from .timing import Laps
from .types import Floats, Image, Observation, Quad, Tile

#: a box's plain groups read (None where the box is to be read carefully as a whole) and the
#: outlines of its lone tiles not read plainly (see ``TableRecognizer._plain``)
_Plain = tuple[Observation | None, list[Floats]]


class TableRecognizer:
    """Recognises frames of one calibrated camera over the mat."""

    def __init__(
        self, calibration: Calibration, layout: MatLayout | None = None, cfg: Config | None = None
    ) -> None:
        self.calibration = calibration
        self.layout = layout if layout is not None else load_layout()
        self.cfg = cfg if cfg is not None else load_config("recognize")
        tile_w, tile_l = self.layout.tile_mm
        #: the top-down view's pixels per millimetre: tiles this many pixels wide
        self.ppm = float(self.cfg["table"]["tile_px"]) / tile_w
        self.aspect = tile_l / tile_w
        scale = np.diag([self.ppm, self.ppm, 1.0])
        self.to_top = scale @ calibration.to_mat
        self.from_top = np.linalg.inv(self.to_top)
        self.size = (
            round(self.layout.width_mm * self.ppm),
            round(self.layout.height_mm * self.ppm),
        )
        # the last frame read: its small top-down view, its observation, and what was read in
        # each box holding something; a frame that shows the same is not read again
        self._last: tuple[Image, Observation, dict[Box, Observation]] | None = None
        #: the set on the table has a line between each tile's halves (learnt from what it
        #: shows, and kept): its lone tiles, and the boxes read carefully, are read as such a
        #: set's (see ``_shows_lines``)
        self.lined = False

    def top_down(
        self, frame: Image, scale: float = 1.0, box: tuple[int, int, int, int] | None = None
    ) -> Image:
        """The mat seen straight from above, ``ppm`` x ``scale`` pixels per millimetre; or only
        the ``box`` (x0, y0, x1, y1) of the full-size view."""
        x0, y0, x1, y1 = box if box is not None else (0, 0, *self.size)
        shift = np.array([[scale, 0, -x0 * scale], [0, scale, -y0 * scale], [0, 0, 1.0]])
        size = (round((x1 - x0) * scale), round((y1 - y0) * scale))
        top: Image = cv2.warpPerspective(frame, shift @ self.to_top, size, flags=cv2.INTER_LINEAR)
        return top

    def observe(self, frame: Image) -> Observation:
        """Tiles with corners in the frame's pixels and the zone of the mat each lies in.

        Frames are usually much alike (a table between plays): what shows the same as in the
        last frame read is not read again, a frame that shows the same throughout not at all.
        A very noisy frame (a webcam's gain raised in a dim room) whose reading leaves
        something in doubt is read again median-filtered, and that reading kept where it
        reads more tiles (as ``recognizer.recognize`` does off the mat; ``noise.py``).
        """
        start = time.perf_counter()
        before = self._last
        obs = self._observe(frame)
        prepare = self.cfg["prepare"]
        quiet = False
        # (the noise is measured only where something read this frame is in doubt: a frame
        # read whole and sure pays nothing for it)
        if (
            obs.uncertain
            and obs.debug["boxes"]["read"]  # type: ignore[index]
            and noise_level(frame, prepare) >= float(prepare["noise_above"])
        ):
            after = self._last
            # (read as if the noisy frame had not been: what it changed is read again)
            self._last = before
            again = self._observe(quietened(frame, prepare))
            if len(again.tiles) > len(obs.tiles):
                obs, quiet = again, True
            else:
                self._last = after
        obs.debug["quietened"] = quiet
        obs.debug["ms"] = 1000 * (time.perf_counter() - start)
        return obs

    def _observe(self, frame: Image) -> Observation:
        """``observe``'s one reading of the frame."""
        laps = Laps()
        cfg = self.cfg["table"]
        # the whole mat at half the top-down size (enough to find what lies on it and to count
        # the backs); only the boxes holding something are read: their plain groups from the
        # frame itself, the rest warped at full size (see _plain)
        half = self.top_down(frame, float(cfg["face_down_scale"]))
        shrink = float(cfg["occupied_scale"]) / float(cfg["face_down_scale"])
        small = cv2.resize(half, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
        laps.lap("warp")
        last = self._last
        if last is not None and self._same(small, last[0], None):
            again = replace(
                last[1],
                tiles=list(last[1].tiles),
                face_down_zones=dict(last[1].face_down_zones),
                uncertain_at=list(last[1].uncertain_at),
                uncertain_zones=dict(last[1].uncertain_zones),
                debug=dict(last[1].debug),
            )
            laps.lap("unchanged")
            again.debug.update(stages_ms=dict(laps.ms), ms=laps.total, unchanged=True)
            again.debug["boxes"] = {"read": 0, "kept": len(last[2]), "plain": 0}
            return again
        tile_px = self.layout.tile_mm[0] * self.ppm
        g = np.median(half[::4, ::4].reshape(-1, 3), axis=0)
        ground = (float(g[0]), float(g[1]), float(g[2]))
        obs = Observation()
        stages: dict[str, float] = {}
        seeds = []
        radii = []
        parts: dict[Box, Observation] = {}
        plainly: dict[Box, _Plain] = {}  # the boxes read this frame, their plain groups first
        for box in self._occupied(small, ground, tile_px):
            # only where something lies on the mat (most of it is bare), and only what
            # changed since the last frame read
            if last is not None and box in last[2] and self._same(small, last[0], box):
                parts[box] = last[2][box]
            else:
                plainly[box] = self._plain(frame, half, box, ground, tile_px)
        if plainly and not self.lined and self._shows_lines(frame, parts, plainly, tile_px):
            # the set has lines (and keeps them): its lone tiles, in doubt until now, read again
            self.lined = True
            lone_kept = [b for b, part in parts.items() if part.debug["lone"]]
            for box in lone_kept + [b for b, (_, lone) in plainly.items() if lone]:
                plainly[box] = self._plain(frame, half, box, ground, tile_px)
        for box, groups in plainly.items():
            parts[box] = self._careful_rest(frame, box, ground, groups)
        fresh = set(plainly)
        kept = len(parts) - len(fresh)  # boxes whose reading is the last frame's
        plain = sum(bool(parts[box].debug.get("plain")) for box in fresh)  # boxes read plainly
        for box, part in parts.items():
            x0, y0 = box[:2]
            for t in part.tiles:
                quad = tuple((x + x0, y + y0) for x, y in t.corners)
                obs.tiles.append(
                    Tile(t.face, t.confidence, (t.center[0] + x0, t.center[1] + y0), quad)
                )
            # (not its blanks: the backs not in plain groups are counted over the whole mat
            # below, where the tiles read are taken out; counted here too, a stack cut into
            # a box counts twice)
            obs.uncertain += part.uncertain
            obs.uncertain_at.extend((x + x0, y + y0) for x, y in part.uncertain_at)
            obs.debug.setdefault("doubtful", []).extend(part.debug.get("doubtful", []))  # type: ignore[attr-defined]
            seeds.append(np.add(np.asarray(part.debug.get("pips", np.zeros((0, 2)))), (x0, y0)))
            radii.append(np.asarray(part.debug.get("pip_radii", np.zeros(0))))
            if box in fresh:
                for stage, ms in dict(part.debug.get("stages_ms", {})).items():  # type: ignore[call-overload]
                    stages[stage] = stages.get(stage, 0.0) + float(ms)
        laps.lap("recognize")
        # (read: boxes read this frame, plainly or not; kept: the last frame's readings)
        obs.debug["boxes"] = {"read": len(parts) - kept, "kept": kept, "plain": plain}
        obs.debug["lined"] = self.lined
        tiles = []
        for t in obs.tiles:
            corners = cv2.perspectiveTransform(
                np.array(t.corners, np.float64).reshape(-1, 1, 2), self.from_top
            ).reshape(-1, 2)
            centre = corners.mean(axis=0)
            zone = self.layout.zone_at((t.center[0] / self.ppm, t.center[1] / self.ppm))
            quad = tuple((float(x), float(y)) for x, y in corners)
            tiles.append(
                Tile(t.face, t.confidence, (float(centre[0]), float(centre[1])), quad, zone)
            )
        obs.tiles = tiles
        # (a tile in doubt in a seat's zone: what settles there is not the whole play)
        doubtful = [self.layout.zone_at((x / self.ppm, y / self.ppm)) for x, y in obs.uncertain_at]
        obs.uncertain_zones = dict(Counter(zone for zone in doubtful if zone is not None))
        if obs.uncertain_at:
            at = cv2.perspectiveTransform(
                np.array(obs.uncertain_at, np.float64).reshape(-1, 1, 2), self.from_top
            ).reshape(-1, 2)
            obs.uncertain_at = [(float(x), float(y)) for x, y in at]
        obs.tiles.sort(key=lambda t: (t.center[1], t.center[0]))
        pips = np.concatenate(seeds) if seeds else np.zeros((0, 2))
        obs.debug["pips"] = pips
        # (a back's rim lit in a speck or two is no face: only spots of a pip's size count)
        radius = np.concatenate(radii) if radii else np.zeros(0)
        sized = pips[radius >= float(cfg["back_pip_radius"]) * tile_px]
        # the backs of plain groups are theirs; any others are counted over the whole mat,
        # away from the tiles read face up and the plain groups' cells
        backs = [zone for part in parts.values() for zone in part.debug.get("plain_backs", [])]  # type: ignore[attr-defined]
        if not all(part.debug.get("plain") for part in parts.values()):
            read = [cell for part in parts.values() for cell in part.debug.get("plain_cells", [])]  # type: ignore[attr-defined]
            backs += self._face_down(half, obs.tiles, sized, tile_px, read)
        obs.face_down = len(backs)
        obs.face_down_zones = dict(Counter(zone for zone in backs if zone is not None))
        laps.lap("face down")
        stages.update(warp=laps.ms["warp"], face_down=laps.ms["face down"])
        obs.debug["stages_ms"] = stages
        obs.debug["ms"] = laps.total
        self._last = (small, obs, parts)
        return obs

    def _careful_rest(
        self, frame: Image, box: Box, ground: tuple[float, float, float], plainly: _Plain
    ) -> Observation:
        """What the box holds (box pixels): its plain groups as ``_plain`` read them, the
        rest read carefully; in ``debug``, ``lone``: the outlines of lone tiles not read
        plainly (see ``_plain``)."""
        part, lone = plainly
        if part is not None:
            rests: list[Box] = part.debug["plain_rest"]  # type: ignore[assignment]
            careful = [(rest, self._careful(frame, rest, ground)) for rest in rests]
            if any(c.uncertain for _, c in careful):
                # a box round a group alone can leave in doubt what the box as a whole reads
                # (its pips are weighed together: how large, which are a tile's)
                careful = [(box, self._careful(frame, box, ground))]
            for rest, reading in careful:
                self._add_careful(part, box, rest, reading)
        else:
            part = self._careful(frame, box, ground)
        part.debug["lone"] = lone
        return part

    def _shows_lines(
        self,
        frame: Image,
        parts: dict[Box, Observation],
        plainly: dict[Box, _Plain],
        tile_px: float,
    ) -> bool:
        """Does the set on the table have a line between each tile's halves? A group of
        several read as such a set says so; else its lone tiles not read plainly (in the
        boxes read this frame, ``plainly``, and the last frame's, ``parts``), read as tiles
        of such a set, as ``plain_scene`` asks of a picture's (``lines.min_shown`` of them at
        least showing the line, and more than ``lines.shown_share`` of those read: one alone
        is also two dice side by side). Until the set is known to have lines, its lone
        tiles are left to the careful reading, which leaves them in doubt."""
        if any(part is not None and part.debug["lined"] for part, _ in plainly.values()):
            return True
        lone = [c for part in parts.values() for c in part.debug["lone"]]  # type: ignore[attr-defined]
        lone += [c for _, outlines in plainly.values() for c in outlines]
        if len(lone) < int(self.cfg["lines"]["min_shown"]):
            return False
        scale = float(self.cfg["table"]["face_down_scale"])
        read = [self._group(frame, contour, scale, tile_px, alone=True) for contour in lone]
        return lone_tiles_show_lines(read, self.cfg)

    def _group(
        self, frame: Image, contour: Floats, scale: float, tile_px: float, alone: bool
    ) -> Group | None:
        """The group outlined by ``contour`` (top-down pixels at ``scale``) read plainly."""
        return read_group(
            frame, contour, scale, self.from_top, tile_px, self.aspect, self.cfg, alone=alone
        )

    def _same(self, small: Image, before: Image, box: Box | None) -> bool:
        """Does the small top-down view show the same as before, in the box (full-size
        top-down pixels) or throughout? A pip is a few pixels of it, camera noise is far
        less than ``still_change`` once shrunk, so any pixel that changes more counts."""
        cfg = self.cfg["table"]
        if box is not None:
            k = float(cfg["occupied_scale"])
            x0, y0, x1, y1 = (int(v * k) for v in box)
            small, before = small[y0 : y1 + 1, x0 : x1 + 1], before[y0 : y1 + 1, x0 : x1 + 1]
        change = channel_max(cv2.absdiff(small, before))
        return int(np.count_nonzero(change > int(cfg["still_change"]))) <= int(cfg["still_pixels"])

    def _occupied(
        self, small: Image, ground: tuple[float, float, float], tile_px: float
    ) -> list[Box]:
        """Boxes (x0, y0, x1, y1, full-size top-down pixels) around everything on the mat that
        is not its ground, with a tile's length to spare, overlapping boxes merged; found in
        ``small``, the view at ``occupied_scale``, where the printed lines vanish."""
        cfg = self.cfg["table"]
        shrink = float(cfg["occupied_scale"])
        mask = cv2.bitwise_not(ground_mask(small, ground, self.cfg["segment"]))
        for quad in self._markers():
            corners = np.round(np.array(quad) * shrink).astype(np.int32)
            cv2.fillConvexPoly(mask, corners, 0)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        pad = float(cfg["occupied_pad"]) * tile_px
        w, h = self.size
        boxes: list[Box] = []
        for c in contours:
            x, y, bw, bh = cv2.boundingRect(c)
            boxes.append(
                (
                    max(0, int(x / shrink - pad)),
                    max(0, int(y / shrink - pad)),
                    min(w, int((x + bw) / shrink + pad)),
                    min(h, int((y + bh) / shrink + pad)),
                )
            )
        return merged(boxes)

    def _markers(self) -> list[Quad]:
        """The markers with their white border, in top-down pixels: no tile lies there."""
        q, ppm = self.layout.quiet_mm, self.ppm
        out: list[Quad] = []
        for corners in self.layout.markers.values():
            (x0, y0), (x1, y1) = corners[0], corners[2]
            x0, y0, x1, y1 = (x0 - q) * ppm, (y0 - q) * ppm, (x1 + q) * ppm, (y1 + q) * ppm
            out.append(((x0, y0), (x1, y0), (x1, y1), (x0, y1)))
        return out

    def _objects(self, half: Image) -> Image:
        """255 where the top-down view at ``face_down_scale`` shows something other than the
        mat (its ground, a glare on it, its markers): tiles face up or down, dice, hands."""
        cfg = self.cfg["table"]
        lab = cv2.cvtColor(half, cv2.COLOR_BGR2LAB)
        ground = np.median(lab[::4, ::4].reshape(-1, 3), axis=0).astype(np.uint8)
        diff = cv2.absdiff(lab, (*(float(v) for v in ground), 0.0))
        far = cv2.transform(diff.astype(np.float32), np.ones((1, 3), np.float32))
        mask: Image = (far > float(cfg["ground_distance"])).astype(np.uint8) * 255
        # (nor is a glare on the mat: far lighter than its ground, it is no back)
        g = np.median(half[::4, ::4].reshape(-1, 3), axis=0)
        lit = glare_on_ground(half, (float(g[0]), float(g[1]), float(g[2])), self.cfg["segment"])
        mask[lit > 0] = 0
        ppm = self.ppm * float(cfg["face_down_scale"])
        q = self.layout.quiet_mm
        for corners in self.layout.markers.values():  # the markers are not tiles
            (x0, y0), (x1, y1) = corners[0], corners[2]
            p0 = (round((x0 - q) * ppm), round((y0 - q) * ppm))
            p1 = (round((x1 + q) * ppm), round((y1 + q) * ppm))
            cv2.rectangle(mask, p0, p1, 0, -1)
        return mask

    def _opened(self, mask: Image, tile_px: float) -> Image:
        """The mask less what is thinner than ``open_frac`` tiles (the mat's printed lines)."""
        k = max(3, round(float(self.cfg["table"]["open_frac"]) * tile_px)) | 1
        opened: Image = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((k, k), np.uint8))
        return opened

    def _blank(self, small: Image, cell: Quad) -> bool:
        """Does the cell read no face either way, and blank one way at least (see
        ``_face_down``)? Most backs are blank either way at the first look
        (``blank_either_way``), which says so in a fraction of the time of two readings."""
        cfg = self.cfg["read"]
        if blank_either_way(small, cell, self.aspect, cfg):
            return True
        two = [read_tile(small, cell, bright, self.aspect, cfg) for bright in (True, False)]
        return all(r.face is None for r in two) and any(r.is_blank for r in two)

    def _careful(self, frame: Image, box: Box, ground: tuple[float, float, float]) -> Observation:
        """The box read the careful way (``recognizer.recognize``), box pixels."""
        x0, y0 = box[:2]
        tile_px = self.layout.tile_mm[0] * self.ppm
        return recognize(
            self.top_down(frame, 1.0, box),
            self.cfg,
            tile_px,
            self.aspect,
            ground=ground,
            no_tiles=[tuple((x - x0, y - y0) for x, y in q) for q in self._markers()],
            pip_kernel=float(self.cfg["table"]["pip_kernel"]) * tile_px,
            lined=self.lined,
        )

    def _add_careful(self, part: Observation, box: Box, rest: Box, careful: Observation) -> None:
        """What the careful reading of ``rest`` (a box within ``box``, round groups not
        plain) found, added to the box's plain reading: not where a plain group lies (its
        box may take in part of one, read plainly already)."""
        dx, dy = rest[0] - box[0], rest[1] - box[1]
        tile_px = self.layout.tile_mm[0] * self.ppm
        grown = float(self.cfg["table"]["plain_grown"]) * tile_px
        cells = [
            np.array(cell, np.float64) - (box[0], box[1])
            for cell in part.debug["plain_cells"]  # type: ignore[attr-defined]
        ]

        def plain_there(x: float, y: float) -> bool:
            return any(
                cv2.pointPolygonTest(c.astype(np.float32), (x, y), True) > -grown for c in cells
            )

        for t in careful.tiles:
            if not plain_there(t.center[0] + dx, t.center[1] + dy):
                quad = tuple((x + dx, y + dy) for x, y in t.corners)
                part.tiles.append(
                    Tile(t.face, t.confidence, (t.center[0] + dx, t.center[1] + dy), quad)
                )
        doubts = [(x + dx, y + dy) for x, y in careful.uncertain_at]
        doubts = [(x, y) for x, y in doubts if not plain_there(x, y)]
        part.uncertain += len(doubts)
        part.uncertain_at.extend(doubts)
        part.debug.setdefault("doubtful", []).extend(careful.debug.get("doubtful", []))  # type: ignore[attr-defined]
        pips = np.asarray(careful.debug.get("pips", np.zeros((0, 2)))).reshape(-1, 2)
        part.debug["pips"] = np.concatenate(
            [np.asarray(part.debug.get("pips", np.zeros((0, 2)))), pips + np.array((dx, dy))]
        )
        part.debug["pip_radii"] = np.concatenate(
            [
                np.asarray(part.debug.get("pip_radii", np.zeros(0))),
                np.asarray(careful.debug.get("pip_radii", np.zeros(0))),
            ]
        )
        stages: dict[str, float] = dict(part.debug["stages_ms"])  # type: ignore[call-overload]
        for stage, ms in dict(careful.debug.get("stages_ms", {})).items():  # type: ignore[call-overload]
            stages[stage] = stages.get(stage, 0.0) + float(ms)
        part.debug["stages_ms"] = stages

    def _plain(
        self,
        frame: Image,
        half: Image,
        box: Box,
        ground: tuple[float, float, float],
        tile_px: float,
    ) -> _Plain:
        """The box's plain groups read plainly (``vision.direct``), as the careful reading
        would give them (box pixels); in ``debug``, their backs' zones and their cells
        (top-down pixels), and boxes round the groups not plain (``plain_rest``), to be read
        carefully. None where no group is plain or the groups are not all the box shows.
        ``half``: the top-down view at ``face_down_scale``. Also the outlines (in ``half``'s
        pixels) of lone tiles not read plainly; and in ``debug``, ``lined``: whether a group
        of several was read as a set with lines."""
        cfg = self.cfg["table"]
        lone: list[Floats] = []
        if not bool(cfg["plain_groups"]):
            return None, lone
        start = time.perf_counter()
        scale = float(cfg["face_down_scale"])
        x0, y0, x1, y1 = box
        h0, w0 = round(y0 * scale), round(x0 * scale)
        view = cv2.medianBlur(half[h0 : round(y1 * scale), w0 : round(x1 * scale)], 3)
        # what is not the ground (as the careful reading grows its regions on the mat), less
        # the printed lines and the markers
        seg = self.cfg["segment"]
        taken = colours(view)
        mask = cv2.bitwise_not(
            cv2.bitwise_or(
                ground_mask(view, ground, seg, taken), glare_on_ground(view, ground, seg, taken)
            )
        )
        for quad in self._markers():
            corners = np.round(np.array(quad) * scale - (w0, h0)).astype(np.int32)
            cv2.fillConvexPoly(mask, corners, 0)
        shown = self._opened(mask, tile_px * scale)
        contours, _ = cv2.findContours(shown, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        least = float(cfg["plain_least"]) * (tile_px * scale) ** 2
        covered = np.zeros_like(shown)  # the plain groups' cells, and the groups not plain
        part = Observation()
        backs: list[str | None] = []
        cells: list[Quad] = []
        rest: list[Box] = []  # round the groups not plain: read carefully
        pad = float(cfg["plain_rest_pad"]) * tile_px
        a_tile = self.aspect * (tile_px * scale) ** 2
        lined = False
        for contour in contours:
            area = cv2.contourArea(contour)
            if area < least:
                continue  # a speck (what matters of it is seen below, as not covered)
            group = self._group(frame, contour + np.array((w0, h0)), scale, tile_px, self.lined)
            if group is None:
                if area < float(cfg["lone_area"]) * a_tile:
                    lone.append(contour + np.array((w0, h0)))
                cv2.drawContours(covered, [contour], -1, 255, -1)
                rest.append(padded(cv2.boundingRect(contour), scale, pad, self.size, (w0, h0)))
                continue
            lined = lined or group.says_lined
            cells += [q for q, _ in group.faces] + list(group.backs)
            for quad, reading in group.faces:
                inner = tuple((x - x0, y - y0) for x, y in quad)
                cx, cy = np.mean(np.array(inner), axis=0)
                assert reading.face is not None  # (read_group keeps faces only)
                part.tiles.append(
                    Tile(reading.face, reading.confidence, (float(cx), float(cy)), inner)
                )
            for quad in group.backs:
                x, y = np.mean(np.array(quad), axis=0) / self.ppm
                backs.append(self.layout.zone_at((float(x), float(y))))
        if rest and not cells:
            return None, lone  # nothing plain: the box is read carefully, as a whole
        # everything the box shows lies in the cells read or in a group not plain
        reach = round(float(cfg["plain_reach"]) * tile_px * scale)
        left = cv2.countNonZero(left_over(shown, covered, cells, scale, reach, (w0, h0)))
        if left > float(cfg["plain_left"]) * (tile_px * scale) ** 2:
            return None, lone
        part.debug.update(
            plain=not rest,
            plain_backs=backs,
            plain_cells=cells,
            plain_rest=merged(rest),
            stages_ms={"plain": 1000 * (time.perf_counter() - start)},
            lined=lined,
        )
        return part, lone

    def _face_down(
        self,
        small: Image,
        face_up: list[Tile],
        pips: Floats,
        tile_px: float,
        read: Sequence[Quad] = (),
    ) -> list[str | None]:
        """Blank tiles lying on the mat away from the face-up ones, each by the zone it lies
        in: things that differ from the mat's ground (``_objects``), cut into whole tiles of
        the known size, each of them blank; not in the cells ``read`` plainly. ``small`` is
        the top-down view at ``face_down_scale``: tiles stay 18 px wide."""
        cfg = self.cfg["table"]
        shrink = float(cfg["face_down_scale"])
        mask = self._objects(small)
        ppm, tile_px, pips = self.ppm * shrink, tile_px * shrink, pips * shrink
        inset = float(self.cfg["locate"]["blank_inset"])
        for t in face_up:  # nor are the tiles already read (with their neighbours' seams)
            quad = cv2.perspectiveTransform(
                np.array(t.corners, np.float64).reshape(-1, 1, 2), self.to_top
            )
            cv2.fillConvexPoly(mask, np.round(quad * shrink).astype(np.int32), 0)
        for cell in read:  # nor the plain groups' cells (top-down pixels), backs or faces
            cv2.fillConvexPoly(mask, np.round(np.array(cell) * shrink).astype(np.int32), 0)
        contours, _ = cv2.findContours(
            self._opened(mask, tile_px), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
        )
        backs: list[str | None] = []
        for contour in contours:
            rect = cv2.minAreaRect(contour)
            area = float(cv2.contourArea(contour))
            if area < tile_px**2:
                continue
            for cut in cuts(rect, tile_px, self.aspect, self.cfg["locate"])[:1]:
                # (not a cell the outline leaves empty: a block of won tiles one row shorter
                # has one, and the ground reads blank as a back does)
                full, empty = float(cfg["plain_cell_fill"]), float(cfg["plain_cell_empty"])
                shares = filled(contour, cut.cells)
                if area < float(cfg["min_fill"]) * rect[1][0] * rect[1][1] and any(
                    empty < f < full for f in shares
                ):
                    continue  # not whole tiles and gaps: a hand, tiles askew
                cut = replace(
                    cut, cells=tuple(c for c, f in zip(cut.cells, shares, strict=True) if f > empty)
                )
                if any(held_by(cell, pips, inset).sum() >= 2 for cell in cut.cells):
                    # face-up tiles not read with confidence are not face-down ones: a face
                    # shows two pips at least (a speck at a cell's rim is where the stack's
                    # tiles' corners meet; one at a lone back's rim, its bevel lit)
                    continue
                # blank whichever colour the pips would be: no face either way, and blank one
                # way at least (the dark seams between ivory backs side by side, caught at a
                # cell's end, read as two dark pips in one half: no face, and no tile's pips)
                if all(self._blank(small, cell) for cell in cut.cells):
                    for cell in cut.cells:
                        x, y = np.mean(cell, axis=0) / ppm  # millimetres on the mat
                        backs.append(self.layout.zone_at((float(x), float(y))))
        return backs
