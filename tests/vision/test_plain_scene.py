"""Plain photos (no mat) read plainly where the ground is one hue no tile has
(vision.plain_scene): what they read is what the careful reading reads, and what is not plain
is left to it."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import cv2
import numpy as np
import pytest

from vision.config import Config, load_config
from vision.locate import inside
from vision.plain_scene import (
    Unsettled,
    _local_sizes,
    _outlines,
    _tile_size,
    _tile_sizes,
    read_plainly,
)
from vision.recognizer import recognize
from vision.synth import render_scene, render_tile
from vision.types import Image, Observation, Quad


def _careful() -> dict[str, object]:
    cfg = copy.deepcopy(load_config("recognize"))
    cfg["photo"]["plain_groups"] = False
    return cfg


def _faces(obs: Observation) -> Counter[str]:
    return Counter(t.face for t in obs.tiles)


@pytest.mark.parametrize("seed", [1039, 1076, 1093, 1097])
def test_a_scene_on_a_coloured_felt_is_read_plainly_as_the_careful_reading_reads_it(
    seed: int,
) -> None:
    image, truth = render_scene(seed)
    plain = recognize(image)
    careful = recognize(image, _careful())
    assert plain.debug["plain"] is True  # every group read plainly
    assert "plain" not in careful.debug
    want = Counter(t.face for t in truth.tiles if t.face is not None)
    assert _faces(plain) == _faces(careful) == want
    assert plain.face_down == careful.face_down == len(truth.tiles) - sum(want.values())
    for t in plain.tiles:  # each where a tile of its face lies
        assert any(
            u.face == t.face and np.hypot(*np.subtract(np.mean(u.corners, axis=0), t.center)) < 5
            for u in truth.tiles
        )


def test_a_die_beside_the_tiles_is_no_tile_and_sends_nothing_to_the_careful_reading() -> None:
    image, truth = render_scene(1046)  # one tile, two distractors
    assert truth.distractors == 2
    obs = recognize(image)
    assert obs.debug["plain"] is True and obs.debug["plain_boxes"] == []
    assert _faces(obs) == Counter(t.face for t in truth.tiles)


def _read_wholly_plainly(seed: int) -> tuple[Observation, Observation]:
    """The scene read plainly, every group so, and carefully: the same faces, the truth's,
    and the truth's backs read plainly."""
    image, truth = render_scene(seed)
    plain, careful = recognize(image), recognize(image, _careful())
    assert plain.debug["plain"] is True
    want = Counter(t.face for t in truth.tiles if t.face is not None)
    assert _faces(plain) == _faces(careful) == want
    assert plain.face_down == len(truth.tiles) - sum(want.values())
    return plain, careful


@pytest.mark.parametrize("seed", [1060, 1089])  # grey-blue felt, grey cloth
def test_a_grey_ground_is_told_from_ivory_by_its_light_and_read_plainly(seed: int) -> None:
    plain, careful = _read_wholly_plainly(seed)
    assert careful.face_down == plain.face_down


def _felt(bgr: tuple[int, int, int], light: float = 1.0) -> Image:
    image = np.empty((360, 640, 3), np.uint8)
    image[:] = np.round(np.array(bgr) * light).astype(np.uint8)
    return image


def _lit(image: Image, least: float) -> Image:
    """The picture lit from its middle, falling off to ``least`` of that at its corners."""
    h, w = image.shape[:2]
    y, x = np.mgrid[0:h, 0:w]
    r = np.hypot((x - w / 2) / (w / 2), (y - h / 2) / (h / 2)) / np.sqrt(2)
    light = 1 - (1 - least) * r**2
    return np.clip(image * light[..., None], 0, 255).astype(np.uint8)


def _shapes(image: Image) -> list[tuple[float, float]]:
    outlines = _outlines(image, load_config("recognize"))
    assert outlines is not None
    found = [cv2.minAreaRect(c)[1] for c in outlines.contours if cv2.contourArea(c) > 20]
    return sorted((round(min(s) / outlines.scale), round(max(s) / outlines.scale)) for s in found)


@pytest.mark.parametrize("seed", [5000, 5041])  # dark woods, 5041 with a glare
def test_ivory_tiles_on_a_brown_wood_are_read_plainly(seed: int) -> None:
    _read_wholly_plainly(seed)  # (5041: the careful reading counts one back of two)


def test_a_row_of_four_end_to_end_is_read_plainly_whole() -> None:
    """Four ivory tiles end to end, each a little askew of the next (seed 20093), and
    nothing else: the row says the tile size (the careful reading misses the 4-1 at its
    end)."""
    image, truth = render_scene(20093, faces=["5-2", "5-1", "3-2", "4-1"])
    obs = recognize(image)
    assert obs.debug["plain"] is True
    assert (
        _faces(obs) == Counter(t.face for t in truth.tiles) == Counter(["5-2", "5-1", "3-2", "4-1"])
    )


def test_two_tiles_side_by_side_are_cut_the_way_their_cells_read() -> None:
    """Two tiles side by side are nearly square: cut the closest way, each cell lies across
    both tiles' halves and reads in doubt; cut the other way, each reads a face."""
    image, truth = render_scene(1005)
    obs = recognize(image)
    assert obs.debug["plain"] is True
    assert _faces(obs) == Counter(t.face for t in truth.tiles if t.face is not None)
    assert obs.face_down == sum(1 for t in truth.tiles if t.face is None)


def test_a_black_body_with_a_dark_felt_s_hue_stands_out_by_being_darker() -> None:
    image = _felt((40, 110, 30), 0.7)  # B+G+R 126
    # a black tile's body, tinted by the felt (B+G+R 57: under 0.6 of the felt's)
    _rect(image, (300, 180), (40, 86), 20, (11, 35, 11))
    [(width, length)] = _shapes(image)
    assert width == pytest.approx(40, abs=4) and length == pytest.approx(86, abs=4)


def test_a_felt_darkening_to_its_corners_is_ground_all_over() -> None:
    image = _felt((40, 110, 30))
    _rect(image, (320, 180), (40, 86), 0, (235, 240, 245))  # an ivory body
    image = _lit(image, 0.5)  # (the corners' B+G+R 90: under 0.6 of the middle's)
    [(width, length)] = _shapes(image)
    assert width == pytest.approx(40, abs=4) and length == pytest.approx(86, abs=4)


def test_on_a_grey_ground_a_lamp_s_fall_off_is_ground_and_ivory_and_black_bodies_are_not() -> None:
    image = _felt((120, 120, 120))
    _rect(image, (200, 180), (40, 86), 0, (205, 220, 230))  # ivory, as light as a glare
    _rect(image, (440, 180), (40, 86), 90, (25, 25, 25))
    shapes = _shapes(_lit(image, 0.55))
    assert len(shapes) == 2
    for width, length in shapes:
        assert width == pytest.approx(40, abs=4) and length == pytest.approx(86, abs=4)


def test_on_a_brown_wood_ivory_bodies_stand_out_and_its_grain_and_a_glare_are_ground() -> None:
    """Ivory is a brown wood's hue with white light added, as a glare on it is; but a glare
    fades into the wood at its rim, and an ivory body stands out of it there (here one
    lying across the wood's lighter grain, one in a glare's light)."""
    image = _felt((30, 45, 80))
    image[::16] = image[1::16] = (38, 56, 100)  # the grain's lighter streaks
    _rect(image, (200, 180), (40, 86), 0, (205, 220, 235))
    _rect(image, (440, 180), (40, 86), 30, (205, 220, 235))
    h, w = image.shape[:2]
    y, x = np.mgrid[0:h, 0:w]
    glare = 90 * np.exp(-((x - 480) ** 2 + (y - 230) ** 2) / (2 * 40.0**2))
    image = np.clip(image + glare[..., None], 0, 255).astype(np.uint8)
    shapes = _shapes(image)
    assert len(shapes) == 2
    for width, length in shapes:
        assert width == pytest.approx(40, abs=4) and length == pytest.approx(86, abs=4)


def test_a_ground_too_dark_to_tell_from_a_black_body_is_not_read_plainly() -> None:
    # (a black tile's body, tinted by the felt's light, is as dark as the felt)
    cfg = load_config("recognize")
    assert _outlines(_felt((40, 110, 30), 0.6), cfg) is not None  # B+G+R 108
    assert _outlines(_felt((40, 110, 30), 0.5), cfg) is None  # 90


def _rect(
    image: Image,
    centre: tuple[int, int],
    size: tuple[int, int],
    angle: float,
    colour: tuple[int, int, int] = (25, 25, 25),
) -> None:
    box = cv2.boxPoints((centre, size, angle))
    cv2.fillConvexPoly(image, np.round(box).astype(np.int32), colour)


def test_two_tiles_side_by_side_are_read_plainly_the_right_way_before_as_a_lined_set() -> None:
    """A 5-4 and a 4-4 side by side (seed 5032), cut the closest way across their halves:
    each cell shows their seam across its middle, as a set with lines shows its own. Read
    as such a set, those cells read sure too (a 5-4 and a 4-4 again, by chance), and with
    both ways reading faces the pair went to a careful box. Every way is read plainly
    first: the other way reads the two tiles, and the cells across their halves, seam and
    all, are no rival."""
    image, truth = render_scene(5032)
    obs = recognize(image)
    cells = [tuple(np.mean(np.array(q), axis=0)) for q in obs.debug["plain_cells"]]
    pair = [t for t in truth.tiles if t.face in ("5-4", "4-4")]
    assert len(pair) == 2
    for tile in pair:
        assert sum(inside(c, tile.corners) for c in cells) == 1
        assert [t.face for t in obs.tiles if inside(t.center, tile.corners)] == [tile.face]


def test_the_tile_size_is_the_narrowest_outlines_not_a_block_of_four_shaped_like_a_tile() -> None:
    # a lone tile 40 x 86 and a block of four, two by two, 82 x 174: as long for its width
    image = _felt((40, 110, 30))
    _rect(image, (150, 150), (40, 86), 10)
    _rect(image, (420, 180), (82, 174), -20)
    outlines = _outlines(image, load_config("recognize"))
    assert outlines is not None
    size = _tile_size(outlines, load_config("recognize"))
    assert size is not None
    width, aspect = size
    assert width == pytest.approx(40, rel=0.08)
    assert aspect == pytest.approx(86 / 40, rel=0.08)


@pytest.mark.parametrize("count", [2, 4])
def test_a_row_end_to_end_says_the_tile_size_where_no_tile_lies_alone(count: int) -> None:
    image = _felt((40, 110, 30))
    _rect(image, (320, 180), (40, 86 * count), 80)  # tiles end to end
    outlines = _outlines(image, load_config("recognize"))
    assert outlines is not None
    size = _tile_size(outlines, load_config("recognize"))
    assert size is not None
    assert size[0] == pytest.approx(40, rel=0.08)
    assert size[1] == pytest.approx(86 / 40, rel=0.08)


def _outline(across: float, along: float, width: float, scale: float = 0.5) -> np.ndarray:
    """The outline (at ``scale``, as ``_outlines`` draws them, a rim wider than its tiles)
    of a group ``across`` x ``along`` image pixels, turned 20 degrees."""
    rim = float(load_config("recognize")["table"]["plain_rim"]) * width
    size = ((across + rim) * scale, (along + rim) * scale)
    return np.round(cv2.boxPoints(((200.0, 150.0), size, 20.0))).astype(np.int32).reshape(-1, 1, 2)


@pytest.mark.parametrize(
    ("across", "along", "aspect", "sizes"),
    [
        (40, 86, 2.0, [(40, 2.15)]),  # a tile alone
        (160, 88, 2.0, [(40, 2.2)]),  # four side by side (two by two, 80 x 44, is no tile)
        (80, 172, 2.15, [(40, 2.15)]),  # two by two
        (80, 172, 2.0, [(40, 2.15), (43, 1.88)]),  # ... or four side by side, at 2.0 long
        (164, 158, 2.0, [(41, 1.92), (39, 2.08)]),  # four side by side, two end to end
        (156, 166, 2.0, [(39, 2.15), (42, 1.86)]),  # ... the same, turned
        (160, 160, 2.0, [(40, 2.0)]),  # ... square: one size, either way
    ],
)
def test_an_outline_that_fits_whole_tiles_either_way_is_read_either_way(
    across: float, along: float, aspect: float, sizes: list[tuple[float, float]]
) -> None:
    """A block of two rows end to end, four tiles side by side, at a size a little off the
    set's makes whole tiles of a tile's size turned a quarter turn as well (the fifth
    renderer's scene 258: black tiles on a wood, read plainly crosswise at the size that
    made them whole that way, each cell across two tiles' halves reading a face; the
    careful reading read the block right, and where both read a tile, their faces
    differing, neither was kept: six tiles of eight lost). Both sizes are said, to be read
    each (plainly only where one of them reads no face)."""
    cfg = load_config("recognize")
    said = _local_sizes(_outline(across, along, 40.0), 0.5, 40.0, aspect, cfg)
    assert len(said) == len(sizes)
    for (w, r), (want_w, want_r) in zip(said, sizes, strict=True):
        assert w == pytest.approx(want_w, rel=0.05)
        assert r == pytest.approx(want_r, rel=0.03)


@pytest.mark.parametrize(("across", "along"), [(-3, 86), (40, -2), (-4, -4)])
def test_an_outline_no_wider_than_its_rim_is_no_tile_s(across: float, along: float) -> None:
    """A thin streak whose outline is narrower than the rim an outline is drawn with (a
    scene of club tables raised a math domain error here, ending the reading) fits no
    tile's size: nothing is said, and nothing raised."""
    cfg = load_config("recognize")
    assert _local_sizes(_outline(across, along, 40.0), 0.5, 40.0, 2.1, cfg) == []


def test_a_group_at_the_picture_s_edge_is_read_carefully_in_a_box() -> None:
    image, _ = render_scene(1039)
    cfg = load_config("recognize")
    # a pixel off seed 1039's 6-1 (its left corner at x 339.1): its outline reaches the edge,
    # where a grid of whole tiles may not be what lies there
    cut = np.ascontiguousarray(image[:, 340:])
    obs = read_plainly(cut, cfg, recognize)
    assert obs is not None
    assert [box[0] for box in obs.debug["plain_boxes"]] == [0]  # type: ignore[union-attr]
    assert not any(min(x for x, _ in cell) < 2 for cell in obs.debug["plain_cells"])  # type: ignore[union-attr]
    careful = recognize(cut, _careful())
    assert _faces(obs) == _faces(careful) and obs.face_down == careful.face_down
    assert "6-1" in _faces(obs)


def test_a_wide_tiled_box_is_read_at_the_mat_s_tile_width_its_tiles_put_where_they_lie() -> None:
    """A careful box is read at the mat's tile width at most (``table.tile_px``), as the
    mat's boxes are: seed 1017's tiles are 55 px wide, its staggered group read in a box
    scaled to two thirds. What the box reads is put back in the picture's pixels."""
    image, truth = render_scene(1017)
    cfg = load_config("recognize")
    widest = float(cfg["table"]["tile_px"])
    asked: list[tuple[float, float]] = []  # each box's tile width asked for, and its kernel

    def careful(crop: Image, cfg: Config, *size: Any, **kw: Any) -> Observation:
        asked.append((size[0] if size else 0.0, kw["pip_kernel"]))
        return recognize(crop, cfg, *size, **kw)

    obs = read_plainly(image, cfg, careful)
    assert obs is not None and obs.debug["plain_boxes"]
    assert obs.tile_px > 1.4 * widest
    assert asked and all(w <= widest + 1e-6 for w, _ in asked)
    assert all(k == pytest.approx(float(cfg["table"]["pip_kernel"]) * widest) for _, k in asked)
    cells: list[Quad] = obs.debug["plain_cells"]  # type: ignore[assignment]
    assert any(not any(inside(t.center, c) for c in cells) for t in obs.tiles)  # (a box's)
    want = Counter(t.face for t in truth.tiles if t.face is not None)
    assert _faces(obs) == want
    for t in obs.tiles:  # each where a tile of its face lies, the box's too
        assert any(
            u.face == t.face and np.hypot(*np.subtract(np.mean(u.corners, axis=0), t.center)) < 5
            for u in truth.tiles
        )


def test_a_box_read_at_the_mat_s_width_short_of_its_outlines_tiles_is_read_at_its_own() -> None:
    """Big pips (0.28 to 0.36 W) run together at the mat's tile width: seed 9015's row of
    three end to end (a 6-1, a 6-6 and a 2-2, tiles 48 px wide), read in a box scaled to
    36 px, gave no tile and no doubt, and the three went unread. A box that accounts for
    fewer tiles than its outlines hold by area is read again at its own size."""
    synth = copy.deepcopy(load_config("synth"))
    synth["tile"]["pip_diameter"] = [0.28, 0.36]
    image, truth = render_scene(9015, cfg=synth)
    cfg = load_config("recognize")
    asked: list[float] = []

    def careful(crop: Image, cfg: Config, *size: Any, **kw: Any) -> Observation:
        if size:
            asked.append(size[0])
        return recognize(crop, cfg, *size, **kw)

    read_plainly(image, cfg, careful)
    widest = float(cfg["table"]["tile_px"])
    assert asked[0] == pytest.approx(widest) and asked[1] > 1.2 * widest
    assert _faces(recognize(image)) == Counter(t.face for t in truth.face_up)


def test_a_tile_cut_deep_by_the_picture_s_edge_sends_the_picture_to_the_careful_reading() -> None:
    image, _ = render_scene(1039)
    cfg = load_config("recognize")
    assert read_plainly(image, cfg, recognize) is not None
    # a fifth off seed 1039's 5-3 (x 129 to 200), the 6-4 beside it touching the edge: the
    # box round them leaves them in doubt, which the whole picture's reading may settle
    cut = np.ascontiguousarray(image[:, 150:])
    unsettled = read_plainly(cut, cfg, recognize)
    assert isinstance(unsettled, Unsettled)
    # (with the tiles its plain groups read, to add where the whole picture's reading
    # reads none)
    assert {t.face for t in unsettled.tiles} <= {t.face for t in recognize(cut).tiles}


def test_a_large_picture_is_read_plainly_at_the_careful_reading_s_size_in_its_own_pixels() -> None:
    image, _ = render_scene(1039)
    large = cv2.resize(image, None, fx=2, fy=2, interpolation=cv2.INTER_LINEAR)
    small, big = recognize(image), recognize(large)
    assert big.debug["plain"] is True
    assert _faces(big) == _faces(small)
    for a, b in zip(small.tiles, big.tiles, strict=True):
        assert a.face == b.face
        assert np.allclose(np.multiply(a.center, 2), b.center, atol=3)
    assert big.tile_px == pytest.approx(2 * small.tile_px, rel=0.02)


def test_switched_off_the_picture_is_read_carefully() -> None:
    image, _ = render_scene(1039)
    assert read_plainly(image, _careful(), recognize) is None


def _rows_side_by_side(rows: list[list[str]], width: int = 40) -> tuple[Image, list[str]]:
    """Clean tiles, upright, laid side by side in rows apart from each other on a felt."""
    image = _felt((60, 110, 40))
    faces: list[str] = []
    x0 = 40
    for k, row in enumerate(rows):
        for face in row:
            tile, truth = render_tile(face, seed=len(faces), width=width)
            xs, ys = zip(*truth.corners, strict=True)
            crop = tile[round(min(ys)) : round(max(ys)), round(min(xs)) : round(max(xs))]
            y0 = 60 + 40 * k
            image[y0 : y0 + crop.shape[0], x0 : x0 + crop.shape[1]] = crop
            x0 += crop.shape[1]
            faces.append(face)
        x0 += 2 * width
    return image, faces


def test_rows_side_by_side_with_no_tile_alone_say_the_tile_size() -> None:
    # a row of four side by side is shaped like one tile twice as wide (80 x 86), and no
    # tile lies alone nor end to end to say otherwise
    image, faces = _rows_side_by_side([["6-5", "4-2", "3-1", "5-5"], ["2-2", "6-1", "4-4"]])
    cfg = load_config("recognize")
    outlines = _outlines(image, cfg)
    assert outlines is not None
    assert _tile_size(outlines, cfg) is None or _tile_size(outlines, cfg)[0] > 70
    sizes = _tile_sizes(outlines, _tile_size(outlines, cfg), cfg)
    assert any(w == pytest.approx(40, rel=0.08) for w, _ in sizes)
    obs = recognize(image)
    assert obs.debug["plain"] is True
    assert _faces(obs) == Counter(faces)


def _apart(faces: list[str], scheme: str, lined: bool) -> Image:
    """Clean tiles, upright, apart on a felt; of a set with a line between the halves."""
    synth = copy.deepcopy(load_config("synth"))
    synth["tile"]["centre_line_share"] = 1.0 if lined else 0.0
    image = _felt((60, 110, 40))
    for k, face in enumerate(faces):
        tile, _ = render_tile(face, seed=0, scheme=scheme, width=44.0, cfg=synth)
        x = 20 + 150 * k
        image[30 : 30 + tile.shape[0], x : x + tile.shape[1]] = tile
    return image


@pytest.mark.parametrize("scheme", ["dark", "ivory"])
def test_lone_tiles_of_a_set_with_lines_are_read_plainly(scheme: str) -> None:
    """Each shows a line across its middle, as a seam of two tiles end to end would: alone,
    each outline is in doubt, but two or more, and most of them, showing it say the set has
    lines (as the careful reading's second reading asks); read carefully, twice, before."""
    faces = ["3-1", "5-2", "4-2"]
    obs = recognize(_apart(faces, scheme, lined=True))
    assert obs.debug["plain"] is True
    assert _faces(obs) == Counter(faces)


def _lined_row_and_lone(row: list[str], lone: str, scheme: str) -> Image:
    """A set with a line between the halves: a row side by side and, apart, a lone tile."""
    synth = copy.deepcopy(load_config("synth"))
    synth["tile"]["centre_line_share"] = 1.0
    image = _felt((60, 110, 40))
    x0 = 40
    for k, face in enumerate([*row, None, lone]):
        if face is None:
            x0 += 120
            continue
        tile, truth = render_tile(face, seed=k, scheme=scheme, width=40, cfg=synth)
        xs, ys = zip(*truth.corners, strict=True)
        crop = tile[round(min(ys)) : round(max(ys)), round(min(xs)) : round(max(xs))]
        image[60 : 60 + crop.shape[0], x0 : x0 + crop.shape[1]] = crop
        x0 += crop.shape[1]
    return image


@pytest.mark.parametrize("scheme", ["dark", "ivory"])
@pytest.mark.parametrize(("row", "lone"), [(["6-5", "4-2", "3-1"], "5-2"), (["2-2", "6-1"], "4-3")])
def test_a_lone_tile_beside_a_row_read_as_a_set_with_lines_is_read_plainly(
    row: list[str], lone: str, scheme: str
) -> None:
    """The row read plainly as a set with lines says the set has them: the lone tile, whose
    line alone says nothing (two dice side by side show one), is read as a tile of it. The
    picture was read carefully, whole, before."""
    obs = recognize(_lined_row_and_lone(row, lone, scheme))
    assert obs.debug["plain"] is True
    assert _faces(obs) == Counter([*row, lone])


def test_one_lone_tile_showing_a_line_is_no_set_with_lines() -> None:
    # (two dice side by side are shaped so, their seam across the middle)
    obs = read_plainly(_apart(["3-1"], "dark", lined=True), load_config("recognize"), recognize)
    if isinstance(obs, Unsettled):
        assert obs.tiles == []  # (left to the whole picture's careful reading)
    else:
        assert obs is None or obs.debug["plain"] is False
    assert read_plainly(_apart(["3-1"], "dark", lined=False), load_config("recognize"), recognize)


def test_a_pair_side_by_side_of_big_pips_is_never_misread() -> None:
    """Seed 8036 with big pips (0.3 to 0.38 W): a 6-5 and a 1-1 side by side, a square
    outline, and no tile alone. Read at the size the pair says, its cell a little short of
    the 6-5, the 5's pips ran together; found again round the cell, two of its five were
    found, and a blob of three holding one was counted as one: a 6-3, sure. A reading so
    is now sure only where it counts as many pips as were found in the cell."""
    synth = copy.deepcopy(load_config("synth"))
    synth["tile"]["pip_diameter"] = [0.3, 0.38]
    image, truth = render_scene(8036, cfg=synth)
    obs = recognize(image)
    for tile in obs.tiles:
        assert [t.face for t in truth.face_up if inside(tile.center, t.corners)] == [tile.face]
    assert len(obs.tiles) >= 2


#: where a half's pips lie (x across, y along a 44 x 48 half), a 2 laid along the centre line
_ALONG: dict[int, list[tuple[int, int]]] = {
    2: [(22, 12), (22, 36)],
    3: [(11, 10), (22, 24), (33, 38)],
    5: [(11, 10), (33, 10), (22, 24), (11, 38), (33, 38)],
    6: [(13, 10), (31, 10), (13, 24), (31, 24), (13, 38), (31, 38)],
}


def _twos_along(faces: list[str]) -> Image:
    """Black tiles (44 x 96 px) apart on a felt, upright, drawn as a set that lays its 2s
    along the centre line."""
    image = _felt((60, 110, 40))
    for k, face in enumerate(faces):
        x0, y0 = 40 + 140 * k, 120
        cv2.rectangle(image, (x0, y0), (x0 + 43, y0 + 95), (28, 28, 30), -1)
        for half, count in enumerate(int(n) for n in face.split("-")):
            for x, y in _ALONG[count]:
                cv2.circle(image, (x0 + x, y0 + 48 * half + y), 5, (235, 235, 235), -1, cv2.LINE_AA)
    return cv2.GaussianBlur(image, (0, 0), 0.7)


def test_a_set_that_lays_its_2s_along_the_centre_line_is_read_where_its_tiles_lie_plain() -> None:
    """Our sets and the photos lay a 2 side by side across the tile, some sets corner to
    corner; another renderer laid it along the centre line, and every tile with a 2 was in
    doubt, its picture read carefully (0.66 of that group read). Where a cell is read from a
    tile's outline, it lies on one tile, and such a 2 is read; elsewhere two pips on the
    line stay a 4's column seen through a cell half a tile off (or a card's marks)."""
    faces = ["6-2", "5-2", "3-2", "2-2"]
    obs = recognize(_twos_along(faces))
    assert obs.debug["plain"] is True
    assert _faces(obs) == Counter(faces)


def _tiles_and_a_card(scheme: str) -> tuple[Image, list[str]]:
    """Lone tiles apart on a felt and a playing card, as wide as three tiles side by side
    and as long as one, its six red marks in two rows of three: where each column of two
    lies, a tile's 1-1 would hold its pips."""
    image = _felt((60, 110, 40))
    faces = ["6-5", "4-2", "3-1"]
    for k, face in enumerate(faces):
        tile, _ = render_tile(face, seed=k, scheme=scheme, width=40.0)
        x = 20 + 150 * k
        image[30 : 30 + tile.shape[0], x : x + tile.shape[1]] = tile
    length = round(40 * float(np.mean(load_config("synth")["tile"]["aspect"])))
    x0, y0 = 480, 220
    cv2.rectangle(image, (x0, y0), (x0 + 120, y0 + length), (238, 240, 240), -1, cv2.LINE_AA)
    for column in range(3):
        for end in (0.25, 0.75):
            centre = (x0 + 20 + 40 * column, y0 + round(end * length))
            cv2.circle(image, centre, 8, (40, 40, 200), -1, cv2.LINE_AA)
    return cv2.GaussianBlur(image, (3, 3), 0), faces


@pytest.mark.parametrize("scheme", ["dark", "ivory"])
def test_a_card_whose_marks_lie_as_1_1s_side_by_side_is_no_tiles(scheme: str) -> None:
    """Our renderer's cards (`var.py`'s card row, seeds 1011, 8021, 8029): its outline fits
    three tiles side by side, and each column of two red marks read as a 1-1, sure. Tiles
    side by side show their seams; two 1-1s with none between them are no tiles (as the
    careful reading holds of a red 4's columns)."""
    image, faces = _tiles_and_a_card(scheme)
    obs = recognize(image)
    assert "1-1" not in _faces(obs)
    assert _faces(obs) == Counter(faces)


def _ivory_on_cream_beside_a_phone(faces: list[str]) -> Image:
    """Ivory tiles 30 px wide on a cream cloth the colour of their body (only their pips
    stand out of it), and a phone: a black slab, 67 by 151 px, shaped as a tile twice as
    wide is."""
    ground = (178, 216, 241)
    image = np.empty((720, 1280, 3), np.uint8)
    image[:] = ground
    synth = copy.deepcopy(load_config("synth"))
    synth["tile"]["ivory_body"] = [[g - 6, g + 2] for g in ground]
    for k, face in enumerate(faces):
        drawn, truth = render_tile(face, k, "ivory", width=30.0, angle=20.0 * k, cfg=synth)
        mask = np.zeros(drawn.shape[:2], np.uint8)
        cv2.fillConvexPoly(mask, np.round(np.array(truth.corners)).astype(np.int32), 255)
        y, x = 150 + 120 * (k % 3), 200 + 180 * k
        h, w = drawn.shape[:2]
        image[y : y + h, x : x + w][mask > 0] = drawn[mask > 0]
    cv2.rectangle(image, (900, 400), (967, 551), (20, 20, 24), -1)
    noise = np.random.default_rng(0).normal(0, 2, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("faces", [["2-1", "1-1"], ["3-1", "2-1", "1-1"]])
def test_pips_on_a_body_the_ground_s_colour_are_not_specks_at_a_phone_s_size(
    faces: list[str],
) -> None:
    """Ivory tiles on a cloth their body's colour show only their pips; a phone beside them
    is the one outline shaped as a tile, and says a tile twice as wide. Left over at that
    size, the pips were specks too small to be read (a pip's area at the smallest tile
    read, now): a 1-1 and a 2-1 went unread, and none was in doubt (the fifth renderer's
    scene 256, all its 10 tiles)."""
    obs = recognize(_ivory_on_cream_beside_a_phone(faces))
    assert sorted(t.face for t in obs.tiles) == sorted(faces)


def test_a_picture_whose_boxes_read_nothing_is_read_carefully_as_a_whole() -> None:
    """Where no plain group reads a tile and the boxes read carefully read none either (a
    box round pips read at a size far from their tiles', a phone's: the fifth renderer's
    scene 256 reported nothing, and nothing in doubt, over 10 tiles), the picture is not
    settled: the whole picture's careful reading, which measures the size from the pips,
    reads it."""
    image = _ivory_on_cream_beside_a_phone(["2-1", "1-1"])
    cfg = load_config("recognize")
    boxes: list[tuple[int, ...]] = []

    def reads_nothing(crop: Image, *args: Any, **kwargs: Any) -> Observation:
        boxes.append(crop.shape)
        return Observation()

    assert isinstance(read_plainly(image, cfg, reads_nothing), Unsettled)
    assert boxes  # (boxes were read: the pips left over)
