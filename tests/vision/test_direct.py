"""Plain groups on the mat read straight from their outline (vision.direct): what they read
is what the careful reading reads, and what is not plain is left to it."""

from __future__ import annotations

import copy
from collections import Counter

import cv2
import numpy as np
import pytest

from vision.calibrate import find_mat
from vision.config import load_config
from vision.direct import _blank, _grids
from vision.faces import CHINESE_SET
from vision.locate import inside
from vision.synth import Scene, render_table
from vision.table import TableRecognizer
from vision.types import Observation, Reading


def _careful() -> dict[str, object]:
    cfg = copy.deepcopy(load_config("recognize"))
    cfg["table"]["plain_groups"] = False
    return cfg


def _seen(obs: Observation) -> tuple[list[tuple[str, str | None]], int, dict[str, int]]:
    faces = sorted((t.face, t.zone) for t in obs.tiles)
    return faces, obs.face_down, dict(obs.face_down_zones)


def _bench_table(seed: int) -> dict[str, list[str | None]]:
    """A table as the benchmark lays it: a seat's row of four, one in the centre, four won."""
    faces = [str(f) for f in np.random.default_rng(seed).permutation(CHINESE_SET)[:5]]
    return {f"seat{seed % 4}.play": faces[:4], "centre": faces[4:], "seat1.won": [None] * 4}


@pytest.mark.parametrize("seed", [2001, 2003, 2004, 2009])
def test_a_plain_table_is_read_plainly_as_the_careful_reading_reads_it(seed: int) -> None:
    image, truth = render_table(
        _bench_table(seed), seed, scheme="ivory" if seed % 3 == 0 else "dark"
    )
    calibration = find_mat(image)
    plain = TableRecognizer(calibration).observe(image)
    careful = TableRecognizer(calibration, cfg=_careful()).observe(image)
    boxes = plain.debug["boxes"]
    assert isinstance(boxes, dict)
    assert boxes["plain"] == boxes["read"] > 0  # every box read plainly
    assert _seen(plain) == _seen(careful)
    assert _seen(plain)[0] == sorted((t.face, t.zone) for t in truth.face_up)
    assert plain.face_down_zones == {"seat1.won": 4}
    assert plain.uncertain == 0


@pytest.mark.parametrize("plainly", [True, False])
@pytest.mark.parametrize("backs", [3, 5, 7])
def test_a_block_of_won_tiles_one_row_shorter_is_counted_in_number(
    backs: int, plainly: bool
) -> None:
    """Two rows, one a tile shorter: the gap is the ground, which reads blank as a back does;
    counted plainly or over the whole mat."""
    image, _ = render_table({"seat2.won": [None] * backs, "centre": ["6-6"]}, seed=backs)
    cfg = None if plainly else _careful()
    obs = TableRecognizer(find_mat(image), cfg=cfg).observe(image)
    assert obs.face_down_zones == {"seat2.won": backs}
    assert [(t.face, t.zone) for t in obs.tiles] == [("6-6", "centre")]


def test_a_coin_beside_a_tile_sends_its_box_to_the_careful_reading() -> None:
    image, truth = render_table({"centre": ["5-3"], "seat0.play": ["6-6", "2-1"]}, seed=3)
    tile = next(t for t in truth.face_up if t.zone == "centre")
    corners = np.array(tile.corners)
    centre = corners.mean(axis=0)
    across = corners[1] - corners[0]  # the tile's width, as the camera sees it
    at = centre + 1.1 * across
    radius = 0.35 * float(np.linalg.norm(across))
    cv2.circle(image, (round(at[0]), round(at[1])), round(radius), (60, 170, 200), -1)
    table = TableRecognizer(find_mat(image))
    obs = table.observe(image)
    boxes = obs.debug["boxes"]
    assert isinstance(boxes, dict)
    assert boxes["plain"] == boxes["read"] - 1  # the coin's box is read carefully
    assert Counter((t.face, t.zone) for t in obs.tiles) == Counter(
        {("5-3", "centre"): 1, ("6-6", "seat0.play"): 1, ("2-1", "seat0.play"): 1}
    )


def test_a_row_of_four_side_by_side_is_cut_as_a_row_first() -> None:
    cfg = load_config("recognize")
    width, aspect = 36.0, 2.16
    # four tiles side by side, their outline a little larger all round (a blurred rim)
    rect = ((200.0, 200.0), (4 * width + 6, aspect * width + 6), 0.0)
    ways = _grids(rect, width, aspect, cfg)
    assert [len(w.cells) for w in ways][:1] == [4]
    assert not ways[0].along_a  # the tiles' length runs along the rectangle's second side


def test_an_outline_no_whole_number_of_tiles_is_not_plain() -> None:
    cfg = load_config("recognize")
    # a tile and a half long: a tile and its neighbour's end, or a hand
    assert _grids(((100.0, 100.0), (36.0, 1.6 * 2.16 * 36.0), 0.0), 36.0, 2.16, cfg) == []


def test_a_face_up_tile_whose_pips_run_together_is_no_back() -> None:
    """An ivory 6-6 of big pips reads badly both ways (its pips run together): not blank,
    so it is no back; the careful reading reads it."""
    layout = {
        "seat0.play": ["2-2", "5-5", "1-1", "3-1"],
        "seat1.play": ["2-2", "4-4", "5-2"],
        "seat2.play": ["6-6"],
        "centre": ["4-2"],
    }
    image, truth = render_table(layout, 10020, scheme="ivory")
    obs = TableRecognizer(find_mat(image)).observe(image)
    assert obs.face_down == 0
    assert sorted((t.face, t.zone) for t in obs.tiles) == sorted(
        (t.face, t.zone) for t in truth.face_up
    )


def test_a_back_is_blank_its_bodys_way_with_nothing_pip_like() -> None:
    clean = Reading(0, 0, 0.9)
    too_light = Reading(0, 0, 0.0, ("a body of lightness 182 under bright pips",))
    run_together = Reading(0, 0, 0.0, ("blob of 284 px", "halves [3, 7]"))
    assert _blank(clean, clean) and _blank(clean, too_light)
    assert not _blank(run_together, clean)  # a black tile's pips, read the way they are
    assert not _blank(clean, run_together)  # its body misjudged: read the other way first
    assert not _blank(Reading(6, 6, 1.0))  # a face read sure


def test_big_pips_run_together_are_told_apart_by_the_pips_round_the_cell() -> None:
    """A 6-6 and a 6-4 of big pips (0.34-0.36 W) touching in their columns: each read of
    the cell alone finds blobs of several pips; the pips found round it tell how many."""
    synth = copy.deepcopy(load_config("synth"))
    synth["tile"]["pip_diameter"] = [0.34, 0.36]
    image, truth = render_table({"centre": ["6-3"], "seat0.play": ["6-6", "6-4"]}, 5, cfg=synth)
    obs = TableRecognizer(find_mat(image)).observe(image)
    boxes = obs.debug["boxes"]
    assert isinstance(boxes, dict)
    assert boxes["plain"] == boxes["read"] == 1
    assert sorted((t.face, t.zone) for t in obs.tiles) == sorted(
        (t.face, t.zone) for t in truth.face_up
    )


def _lined_table(
    layout: dict[str, list[str | None]], seed: int, scheme: str = "dark"
) -> tuple[Observation, Scene]:
    """A set with a line between the halves, laid out on the mat and read: every tile read
    where a tile of its face lies, in its zone (none read wrong)."""
    synth = copy.deepcopy(load_config("synth"))
    synth["tile"]["centre_line_share"] = 1.0
    image, truth = render_table(layout, seed, cfg=synth, scheme=scheme)
    obs = TableRecognizer(find_mat(image)).observe(image)
    for tile in obs.tiles:  # none read wrong
        under = [t for t in truth.face_up if inside(tile.center, t.corners)]
        assert [(t.face, t.zone) for t in under] == [(tile.face, tile.zone)]
    return obs, truth


def test_a_row_of_a_lined_set_is_read_plainly_where_its_outline_says_where_its_tiles_are() -> None:
    """A set with a line between the halves: a row of four side by side, where the careful
    reading took the first two for two tiles laid across their halves (a 3-1 and a 3-3),
    both sure. Every cell shows its line; the outline says where the tiles are."""
    layout: dict[str, list[str | None]] = {
        "seat2.play": ["3-3", "3-1", "3-3", "2-2"],
        "seat1.play": ["4-3", "6-4", "5-5", "3-1"],
        "seat3.play": ["6-5", "3-2"],
        "centre": ["6-6"],
        "seat2.won": [None] * 7,
    }
    obs, _ = _lined_table(layout, 11149)
    seat2 = sorted(t.face for t in obs.tiles if t.zone == "seat2.play")
    assert seat2 == ["2-2", "3-1", "3-3", "3-3"]


def test_a_lined_row_is_read_where_big_pips_hide_the_line_in_some_of_its_cells() -> None:
    """A set with a line between the halves: in a 6-6's cell and a 5-5's the pips crowd the
    middle and leave no room to see the line, and those cells read sure plainly; the 5-3
    beside them shows it. The row (seed 11105's, four side by side) is read as a lined set
    all the same: before, every cell had to show the line, and the row was left in doubt."""
    layout: dict[str, list[str | None]] = {
        "seat0.play": ["1-1", "6-5"],
        "seat0.won": [None],
        "seat1.play": ["3-3", "5-3", "5-5", "6-6"],
        "seat1.won": [None] * 4,
        "seat2.play": ["1-1"],
        "seat2.won": [None] * 2,
        "seat3.play": ["2-2", "6-2", "6-4", "5-5"],
        "seat3.won": [None],
    }
    obs, truth = _lined_table(layout, 11105)
    seat1 = sorted(t.face for t in obs.tiles if t.zone == "seat1.play")
    assert seat1 == ["3-3", "5-3", "5-5", "6-6"]
    assert len(obs.tiles) == len(truth.face_up) and obs.uncertain == 0


def test_a_lined_row_where_one_cell_alone_shows_the_line_is_read() -> None:
    """Seed 11141's row of four side by side (a 6-1, a 4-4, a 3-1 and a 1-1, a lined set):
    only the 4-4's cell shows its line, the others read sure plainly. It is read as a lined
    set; before, two cells had to show the line, and the row was left in doubt."""
    layout: dict[str, list[str | None]] = {
        "seat0.play": ["3-2"],
        "seat0.won": [],
        "seat1.play": ["6-1", "4-4", "3-1", "1-1"],
        "seat1.won": [None] * 2,
        "seat2.play": ["2-2", "5-1", "2-1"],
        "seat2.won": [None] * 7,
        "seat3.play": ["6-4", "4-3"],
        "seat3.won": [None],
    }
    obs, _ = _lined_table(layout, 11141)
    seat1 = sorted(t.face for t in obs.tiles if t.zone == "seat1.play")
    assert seat1 == ["1-1", "3-1", "4-4", "6-1"]


#: seed 11113's table of a lined set: two lone tiles (seat0's 5-1, seat3's 6-3), rows of two
#: and three
_LONE_AND_ROWS: dict[str, list[str | None]] = {
    "seat0.play": ["5-1"],
    "seat0.won": [None] * 3,
    "seat1.play": ["4-2", "4-4"],
    "seat1.won": [None] * 2,
    "seat2.play": ["4-1", "3-3", "4-4"],
    "seat2.won": [None] * 4,
    "seat3.play": ["6-3"],
    "seat3.won": [None] * 4,
}


def test_the_lone_tiles_of_a_lined_set_on_the_mat_are_read() -> None:
    """A lone tile of a set with lines shows a line across its middle, as a cell across two
    tiles' ends does, and was left in doubt on the mat (14 of the 25 tiles lost on our lined
    tables, 11100-11179). Where the table shows the set has lines (a row read as a lined
    set's, or two lone tiles and more showing the line), its lone tiles are read as a lined
    set's, as on a plain photo."""
    obs, truth = _lined_table(_LONE_AND_ROWS, 11113)
    assert sorted(t.face for t in obs.tiles) == sorted(t.face for t in truth.face_up)
    assert obs.uncertain == 0
    assert obs.debug["lined"] is True


def test_a_table_that_has_shown_its_set_has_lines_reads_a_lone_tile_of_it_later() -> None:
    """One lone tile alone says nothing of the set (it may be two dice side by side): on a
    table that has shown nothing else it stays in doubt. A table that has shown its set has
    lines (rows of it read as a lined set's) keeps that, and reads it."""
    synth = copy.deepcopy(load_config("synth"))
    synth["tile"]["centre_line_share"] = 1.0
    rows, _ = render_table(_LONE_AND_ROWS, 11113, cfg=synth)
    lone_only = {"seat0.play": _LONE_AND_ROWS["seat0.play"]}
    alone, _ = render_table(lone_only, 11113, cfg=synth)
    calibration = find_mat(rows)
    fresh = TableRecognizer(calibration).observe(alone)
    assert (fresh.tiles, fresh.uncertain, fresh.debug["lined"]) == ([], 1, False)
    table = TableRecognizer(calibration)
    table.observe(rows)
    later = table.observe(alone)
    assert [(t.face, t.zone) for t in later.tiles] == [("5-1", "seat0.play")]
    assert later.uncertain == 0


def test_a_table_that_has_shown_its_set_has_lines_reads_its_careful_boxes_as_such() -> None:
    """Seed 11175 (ivory): the seats' rows lie close, and the table is one box read the
    careful way; its rows of a set with lines were left in doubt there, each cell showing
    the line, as too few of the tiles read again as a lined set's were new to say the set
    has lines. The table knows it has (its other groups said so), and the box's reading as
    a lined set's is kept where it reads more."""
    layout: dict[str, list[str | None]] = {
        "seat0.play": ["1-1", "3-1"],
        "seat0.won": [None] * 3,
        "seat1.play": ["4-1", "4-3", "5-1"],
        "seat1.won": [None],
        "seat2.play": ["6-4", "2-2", "5-3", "1-1"],
        "seat2.won": [None] * 4,
        "seat3.play": ["3-3", "6-5"],
        "seat3.won": [None] * 5,
    }
    obs, truth = _lined_table(layout, 11175, "ivory")
    assert obs.debug["lined"] is True
    assert sorted(t.face for t in obs.tiles) == sorted(t.face for t in truth.face_up)


@pytest.mark.parametrize("scheme", ["dark", "ivory"])
def test_a_back_in_a_row_of_faces_is_read_plainly_with_them(scheme: str) -> None:
    """A player's row with a tile laid face down among the faces: the blank cell has the
    faces' body, so it is a back of their set, read plainly as the careful reading reads it."""
    layout = {"seat0.play": ["6-5", None, "3-1"], "centre": ["5-3"]}
    image, truth = render_table(layout, 31, scheme=scheme)
    calibration = find_mat(image)
    plain = TableRecognizer(calibration).observe(image)
    careful = TableRecognizer(calibration, cfg=_careful()).observe(image)
    boxes = plain.debug["boxes"]
    assert isinstance(boxes, dict) and boxes["plain"] == boxes["read"]
    assert _seen(plain) == _seen(careful)
    assert _seen(plain)[0] == sorted((t.face, t.zone) for t in truth.face_up)
    assert plain.face_down_zones == {"seat0.play": 1}


def test_a_blank_of_another_colour_beside_faces_is_not_read_plainly() -> None:
    """A blank cell much lighter than the faces beside it (a face-up tile whose pips a glare
    washed out, a card) is no back of their set: its group is left to the careful reading."""
    layout = {"seat0.play": ["6-5", None, "3-1"], "centre": ["5-3"]}
    image, truth = render_table(layout, 31, scheme="dark")
    back = next(t for t in truth.tiles if t.face is None)
    corners = np.array(back.corners)
    inner = corners.mean(axis=0) + 0.85 * (corners - corners.mean(axis=0))
    cv2.fillConvexPoly(image, np.round(inner).astype(np.int32), (150, 150, 150))
    plain = TableRecognizer(find_mat(image)).observe(image)
    boxes = plain.debug["boxes"]
    assert isinstance(boxes, dict) and boxes["plain"] < boxes["read"]
