"""Single stages on made-up inputs: pips split at their necks, lightness, strips of tiles,
regions turned the way their edges run, cells moved onto their pips, seams told from the
lines between rows of pips, regions short of a tile, a tile's size between its rims."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from vision.channels import channel_max
from vision.config import load_config
from vision.locate import (
    _clear_offset,
    centre_on_pips,
    common_area,
    cuts,
    edge_aligned_rect,
    gradients,
    line_strength,
    nearest_apart,
    pip_grid_cells,
    rim_size,
    same_angle,
    strip_cuts,
)
from vision.pips import chip_rings, lightness, split_blob
from vision.types import Array

LOCATE = load_config("recognize")["locate"]


def test_pips_run_together_are_split_at_their_necks() -> None:
    blob = np.zeros((20, 50), np.uint8)
    for x in (10, 24, 38):  # a 6's column, blurred into one blob
        cv2.circle(blob, (x, 10), 7, 1, -1)
    parts = split_blob(blob > 0)
    assert len(parts) == 3
    assert np.allclose(sorted(parts[:, 0]), [10, 24, 38], atol=1.0)
    assert np.allclose(parts[:, 1], 10, atol=1.0)


def test_a_row_of_pips_whose_pieces_are_thin_at_their_cut_is_still_split() -> None:
    """Three pips 10 px apart, 12 px across: only the cut at 85 % of the peak separates
    them, and there each piece is a pixel or two high, too small to look round."""
    blob = np.zeros((20, 60), np.uint8)
    for x in (8, 18, 28):
        cv2.circle(blob, (x, 10), 6, 1, -1)
    parts = split_blob(blob > 0, columns=False)
    assert len(parts) == 3
    assert np.allclose(sorted(parts[:, 0]), [8, 18, 28], atol=1.5)


def test_a_column_of_pips_with_no_neck_left_is_split_by_its_length() -> None:
    """Three pips blurred into a capsule with straight sides: as many pips as it is pip
    widths long."""
    blob = np.zeros((24, 52), np.uint8)
    cv2.rectangle(blob, (10, 4), (41, 19), 1, -1)
    for x in (10, 41):
        cv2.circle(blob, (x, 12), 8, 1, -1)
    parts = split_blob(blob > 0)
    assert len(parts) == 3
    assert np.allclose(sorted(parts[:, 0]), [9.2, 25.5, 41.8], atol=1.5)


def test_a_column_of_three_overlapping_pips_is_three_though_shorter_than_three() -> None:
    """Three pips overlapping into a capsule 2.6 pip widths long (a small 6-6 on the mat,
    seed 2003): no two pips run together are longer than two widths, so it is three."""
    blob = np.zeros((24, 50), np.uint8)
    cv2.rectangle(blob, (10, 5), (33, 18), 1, -1)
    for x in (10, 33):
        cv2.circle(blob, (x, 12), 7, 1, -1)  # 38 px long, 15 across
    parts = split_blob(blob > 0)
    assert len(parts) == 3
    assert np.allclose(sorted(parts[:, 0]), [9.2, 21.5, 33.8], atol=1.5)


def test_one_round_pip_is_not_split() -> None:
    blob = np.zeros((20, 20), np.uint8)
    cv2.circle(blob, (10, 10), 7, 1, -1)
    assert len(split_blob(blob > 0)) == 0


def test_a_column_of_big_pips_touching_askew_is_three_pips_not_one() -> None:
    """Pips of 0.3 W touch in a 6's column; on a tile turned 16 degrees the column fills
    its box as a round pip does. It is split into pips of the others' size; a 1's large
    round pip is not."""
    from vision.pips import find_pips

    image = np.full((360, 640, 3), 30, np.uint8)
    for x, y in ((20, 20), (40, 20), (20, 45), (40, 45)):  # a 4-4, pips apart
        for dy in (0, 60):
            cv2.circle(image, (x, y + dy), 5, (235, 235, 235), -1, cv2.LINE_AA)
    turn = math.radians(16)
    column = [(110 + i * 10.5 * math.sin(turn), 40 + i * 10.5 * math.cos(turn)) for i in range(3)]
    for x, y in column:  # drawn at a sixteenth of a pixel
        cv2.circle(image, (round(16 * x), round(16 * y)), 80, (235,) * 3, -1, cv2.LINE_AA, 4)
    cv2.circle(image, (160, 90), 9, (235, 235, 235), -1, cv2.LINE_AA)  # a 1
    image = cv2.GaussianBlur(image, (0, 0), 1.0)
    bright, _ = find_pips(lightness(image), image, load_config("recognize")["pips"], 39)
    near_column = [p for p in bright.xy if 100 < p[0] < 125 and 30 < p[1] < 70]
    assert len(near_column) == 3
    assert np.allclose(sorted(p[1] for p in near_column), [y for _, y in column], atol=1.5)
    assert sum(np.hypot(*(bright.xy - (160, 90)).T) < 3) == 1


def test_a_sixs_columns_of_touching_pips_are_split_among_small_specks() -> None:
    """A 6's two columns of touching pips (each a blob three pips long) beside a 1, in a
    picture with dice pips and specks smaller than the tile's pips (seed 9918: a lone ivory
    6-1 on wood): the columns are six pips. Measured against the median of all the round
    blobs, the specks', each column looked too large for a handful of pips and was dropped:
    the tile went unread."""
    from vision.pips import find_pips

    image = np.full((360, 640, 3), 200, np.uint8)
    for x in (298, 316):  # a 6: two columns of three pips touching
        for y in (200, 213, 226):
            cv2.circle(image, (x, y), 6, (25, 25, 25), -1, cv2.LINE_AA)
    cv2.circle(image, (307, 160), 7, (25, 25, 25), -1, cv2.LINE_AA)  # its 1
    for x, y in ((80, 80), (92, 92), (104, 104), (500, 300), (520, 60)):
        cv2.circle(image, (x, y), 3, (25, 25, 25), -1, cv2.LINE_AA)  # a die's pips, specks
    image = cv2.GaussianBlur(image, (0, 0), 0.8)
    _, dark = find_pips(lightness(image), image, load_config("recognize")["pips"], 33)
    six = [p for p in dark.xy if 290 < p[0] < 325 and 190 < p[1] < 236]
    assert len(six) == 6
    assert np.allclose(sorted(p[1] for p in six), [200, 200, 213, 213, 226, 226], atol=2.0)


def test_lightness_is_lab_lightness_for_greys() -> None:
    greys = np.repeat(np.arange(0, 256, 5, dtype=np.uint8), 3).reshape(1, -1, 3)
    lab = cv2.cvtColor(greys, cv2.COLOR_BGR2LAB)[..., 0]
    assert np.array_equal(lightness(greys), lab)


def test_a_staggered_block_is_cut_one_strip_at_a_time() -> None:
    """Two columns of two tiles end to end, the second pushed 15 px along: no grid fits them
    both, each strip cut on its own does."""
    width, length = 40.0, 86.0
    mask = np.zeros((240, 120), np.uint8)
    cv2.rectangle(mask, (10, 20), (49, 20 + 2 * 86 - 1), 255, -1)
    cv2.rectangle(mask, (50, 35), (89, 35 + 2 * 86 - 1), 255, -1)
    contour = max(cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], key=len)
    rect = cv2.minAreaRect(contour)
    want = np.array([(29.5, 63), (29.5, 149), (69.5, 78), (69.5, 164)])
    fits = []
    for cut in strip_cuts(contour, rect, width, length / width, LOCATE):
        centres = np.array([np.mean(q, axis=0) for q in cut.cells])
        near = np.abs(centres[:, None, :] - want[None, :, :]).max(axis=2) <= 2.5
        fits.append(len(centres) == 4 and bool(near.any(axis=0).all()))
    assert any(fits)


def _staircase(angle: float) -> np.ndarray:
    """The outline of three tiles 40 x 86 side by side, each pushed half a tile further along
    its length, turned by ``angle`` degrees."""
    mask = np.zeros((500, 500), np.uint8)
    for i in range(3):
        cv2.rectangle(mask, (150 + 40 * i, 150 + 43 * i), (189 + 40 * i, 235 + 43 * i), 255, -1)
    turn = cv2.getRotationMatrix2D((250.0, 250.0), angle, 1.0)
    mask = cv2.warpAffine(mask, turn, (500, 500), flags=cv2.INTER_NEAREST)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return max(contours, key=cv2.contourArea)


def test_a_staircase_of_tiles_is_bounded_the_way_its_edges_run() -> None:
    contour = _staircase(12.0)
    smallest = cv2.minAreaRect(contour)
    aligned = edge_aligned_rect(contour)
    # the smallest rectangle lies across the steps; the edges run at -12 degrees (image y down)
    assert not same_angle(smallest[2], -12.0, 2.0)
    assert same_angle(aligned[2], -12.0, 1.0)
    sides = sorted(aligned[1])
    assert abs(sides[0] - 120) < 4 and abs(sides[1] - 172) < 4


def test_quarter_turns_are_the_same_angle() -> None:
    assert same_angle(0.0, 90.0, 0.5)
    assert same_angle(-44.0, 45.5, 1.6)
    assert not same_angle(10.0, 14.0, 2.0)


def _pips_of_a_four(centre: tuple[float, float]) -> np.ndarray:
    """A 4-4 tile 40 wide, 86 long, upright, pips 0.21 W either side of its centre line, the end
    ones near the ends."""
    cx, cy = centre
    return np.array([(cx + dx, cy + dy) for dx in (-8.4, 8.4) for dy in (-35, -15, 15, 35)])


def test_a_cell_beside_its_tile_moves_onto_its_pips() -> None:
    """A cell cut from a region widened by a shadow sits 6 px right of and 5 px below its
    tile; the pips inside it bring it back, keeping its size."""
    xy = _pips_of_a_four((100.0, 100.0))
    cell = ((86.0, 62.0), (126.0, 62.0), (126.0, 148.0), (86.0, 148.0))
    moved = np.array(centre_on_pips(cell, xy, np.full(len(xy), 4.0)))
    assert np.allclose(moved.mean(axis=0), (100.0, 100.0), atol=1.5)
    assert np.allclose(moved[1] - moved[0], (40.0, 0.0))


def test_a_cell_on_its_tile_stays() -> None:
    xy = _pips_of_a_four((100.0, 100.0))
    cell = ((80.0, 57.0), (120.0, 57.0), (120.0, 143.0), (80.0, 143.0))
    assert centre_on_pips(cell, xy, np.full(len(xy), 4.0)) == cell


def test_a_seam_stands_out_the_way_pips_do_and_a_gap_between_rows_of_pips_does_not() -> None:
    """On ivory, a seam is a dark line; the body between two rows of dark pips is a light
    line between dark halos, which is no seam."""
    light = np.full((60, 100), 200, np.uint8)
    light[29:31, :50] = 120  # a seam on the left
    light[22:25, 50:] = 150  # halos of two rows of pips on the right
    light[35:38, 50:] = 150
    lines = [((0.0, 30.0), (49.0, 30.0)), ((50.0, 30.0), (99.0, 30.0))]
    seam, between = line_strength(light, lines, 6.0, 16, bright=False)
    assert seam > 50
    assert between == 0
    # on black tiles a seam is the lighter line
    assert line_strength(255 - light, lines, 6.0, 16, bright=True)[0] > 50
    assert line_strength(255 - light, lines, 6.0, 16, bright=False)[0] == 0


def test_a_tile_lit_unevenly_is_filled_neighbour_to_neighbour_up_to_its_rim() -> None:
    """A black tile whose body brightens from 30 to 90 along its length (a lamp's gradient)
    on a lighter table: one colour tolerance round the seed takes only part of it; a fill
    that changes little from pixel to pixel takes all of it and stops at its rim."""
    from vision.segment import _floating

    image = np.full((120, 200, 3), 160, np.uint8)  # the table
    ramp = np.linspace(30, 90, 160).astype(np.uint8)
    image[40:80, 20:180] = ramp[None, :, None]  # the tile, 160 x 40
    none = np.zeros(image.shape[:2], np.uint8)
    like = _floating(image, none, None, (30, 60), np.array([33.0, 33.0, 33.0]), 3.0)
    assert like[60, 25] == 255 and like[60, 175] == 255  # both ends of the tile
    assert like[20, 100] == 0 and like[60, 190] == 0  # not the table
    tolerance = cv2.inRange(image, np.full(3, 33 - 24), np.full(3, 33 + 24))
    assert tolerance[60, 175] == 0  # one tolerance would not reach the far end


def test_a_region_short_of_a_tile_holds_one_of_the_known_size_middle_or_flush() -> None:
    """A region 40 x 64 (a sheen stopped its growth) where tiles are 40 x 92: no grid fits
    it, unless it may stop short of its tile: then one tile of the size fits three ways."""
    rect = ((100.0, 100.0), (40.0, 64.0), 0.0)
    assert cuts(rect, 40.0, 2.3, LOCATE, known=False) == []
    assert cuts(rect, 40.0, 2.3, LOCATE, known=True) == []
    found = cuts(rect, 40.0, 2.3, LOCATE, known=True, short=True)
    assert [len(c.cells) for c in found] == [1, 1, 1]
    centres = sorted(round(float(np.mean([p[1] for p in c.cells[0]]))) for c in found)
    assert centres == [86, 100, 114]  # flush with the region's top, middle, flush with its foot
    for c in found:
        cell = np.array(c.cells[0])
        assert np.allclose(np.ptp(cell, axis=0), (40.0, 92.0))


@pytest.mark.parametrize(
    ("long", "cells"), [(7.38, 7), (4.23, 4), (7.8, 8), (7.6, None), (1.3, None)]
)
def test_a_row_of_tiles_laid_a_little_apart_is_cut_a_tile_apart(
    long: float, cells: int | None
) -> None:
    """A row of tiles side by side, a little apart (the eighth renderer's scene 100: seven
    tiles 32 wide in a region 238 long, 7.3 tiles at the size that reads them), is past
    any one cut's snap (0.22 of a tile over the whole side); cut evenly, its cells lie a
    tile and its gap apart. A side 7.8 tiles long is a block of eight (the snap); one 7.6
    long is neither (seven a twelfth of a tile apart, or eight a twentieth narrower: with
    a gap of 0.1, the seventh renderer's scene 159 cut six tiles as seven, 7.66 at a size
    too small), and a lone tile's is cut by the snap alone."""
    rect = ((200.0, 100.0), (long * 32.0, 78.0), 0.0)
    gap = float(LOCATE["row_gap"])
    found = [c for c in cuts(rect, 32.0, 78.0 / 32.0, LOCATE, gap=gap) if not c.along_a]
    if cells is None:
        assert found == []
        return
    assert [len(c.cells) for c in found] == [cells]
    xs = sorted(float(np.mean([p[0] for p in cell])) for cell in found[0].cells)
    assert np.allclose(np.diff(xs), long * 32.0 / cells)


def _black_tile(shape: tuple[int, int], box: tuple[int, int, int, int]) -> np.ndarray:
    """A black tile (x0, y0, x1, y1) with six white pips, on a lighter table."""
    image = np.full((*shape, 3), 140, np.uint8)
    x0, y0, x1, y1 = box
    image[y0:y1, x0:x1] = 30
    for dx in (-9, 9):
        for dy in (-30, -18, -6, 12, 24):
            cv2.circle(image, ((x0 + x1) // 2 + dx, (y0 + y1) // 2 + dy), 5, (235, 235, 235), -1)
    return image


def test_a_tiles_size_is_measured_between_its_rims() -> None:
    """A cell on a tile's pips but a fifth too large (a candidate size is only near the
    true one): the rims give the tile's own width and length."""
    image = _black_tile((200, 160), (60, 54, 100, 146))  # 40 x 92
    xy = np.array([(80 + dx, 100 + dy) for dx in (-9, 9) for dy in (-30, -18, -6, 12, 24)])
    cell = ((56.0, 45.0), (104.0, 45.0), (104.0, 155.0), (56.0, 155.0))  # 48 x 110
    grads = gradients(lightness(image))
    width, length = rim_size(grads, cell, xy.astype(float), np.full(len(xy), 5.0), LOCATE)
    assert abs(width - 40) <= 2 and abs(length - 92) <= 2


def test_a_dark_tile_on_a_light_table_is_split_off_whole_however_it_is_lit() -> None:
    """A black tile whose body brightens from 20 to 110 along its length, with a sheen, on a
    light table: the window's lightness split takes all of the tile and none of the table."""
    from vision.segment import _split

    image = np.full((120, 200, 3), 175, np.uint8)  # the table
    ramp = np.linspace(20, 110, 160).astype(np.uint8)
    image[40:80, 20:180] = ramp[None, :, None]  # the tile, 160 x 40
    image[44:50, 60:140] = 105  # a sheen along its top
    none = np.zeros(image.shape[:2], np.uint8)
    like = _split(image, none, None, bright=True)
    assert like[60, 22] == 255 and like[60, 177] == 255 and like[46, 100] == 255
    assert like[20, 100] == 0 and like[60, 190] == 0 and like[100, 10] == 0
    # on ivory tiles (dark pips) the tile is the light side
    assert _split(255 - image, none, None, bright=False)[60, 177] == 255


def test_the_mat_in_shadow_is_ground_and_a_black_body_tinted_by_it_is_not() -> None:
    """The mat's teal (BGR 111, 100, 41) at 60 % in a tile's shadow is the ground; a black
    tile's body (40, 39, 18), its hue the mat's from the light the mat throws back, is not:
    taken for the mat, it cut notches into its tile's region."""
    from vision.segment import ground_mask

    cfg = load_config("recognize")["segment"]
    teal = np.array([111, 100, 41], np.float64)
    pixels = np.array([[teal, 0.6 * teal, [40, 39, 18], [200, 210, 220]]]).astype(np.uint8)
    assert ground_mask(pixels, (111.0, 100.0, 41.0), cfg)[0].tolist() == [255, 255, 0, 0]


def test_the_table_between_two_tiles_is_not_painted_over_as_a_pip() -> None:
    """Two black tiles 6 px apart, and between them a pip-like patch of the light table,
    twice as wide as their pips: painted over as a pip, it would join the tiles into one
    region; it is not, so the region grown from one tile's pip holds that tile alone."""
    from vision.segment import segment
    from vision.types import Pips

    image = _black_tile((200, 200), (50, 54, 90, 146))
    right = _black_tile((200, 200), (96, 54, 136, 146))
    image[:, 93:] = right[:, 93:]
    xy = [(70 + dx, 100 + dy) for dx in (-9, 9) for dy in (-30, -18, -6, 12, 24)]
    radius = [5.0] * len(xy) + [12.0]
    pips = Pips(
        True,
        np.array([*xy, (93.0, 100.0)], np.float64),
        np.array(radius),
        np.array([True] * len(xy) + [False]),
    )
    regions = segment(image, pips, 40.0, load_config("recognize")["segment"])
    assert len(regions) == 1
    assert sorted(regions[0].rect[1])[0] < 46  # one tile wide, not two


def test_the_table_between_two_tiles_the_size_of_a_big_pip_is_not_painted_over() -> None:
    """Big pips need a big pip-finding kernel, and a dark wood showing between two black
    tiles stands out from them as a pip does, under twice a pip's size. Its middle has the
    colour round it, which is not the tiles': it is not painted over, which would join the
    tiles into one region grown from either."""
    from vision.segment import segment
    from vision.types import Pips

    image = np.full((200, 240, 3), (44, 80, 119), np.uint8)  # dark wood
    xy = []
    for x0 in (44, 116):  # two black 6-6s, 32 px apart
        cv2.rectangle(image, (x0, 48), (x0 + 39, 139), (40, 20, 40), -1)
        for dx in (-9, 9):
            for dy in (-30, -18, -6, 12, 24):
                cv2.circle(image, (x0 + 20 + dx, 94 + dy), 5, (225, 225, 225), -1)
                xy.append((x0 + 20 + dx, 94 + dy))
    pips = Pips(
        True,
        np.array([*xy, (100.0, 94.0)], np.float64),  # and the wood between them
        np.array([5.0] * len(xy) + [9.5]),
        np.array([True] * len(xy) + [False]),
    )
    regions = segment(image, pips, 40.0, load_config("recognize")["segment"])
    assert np.allclose(sorted(r.rect[0][0] for r in regions), [64, 136], atol=1.5)
    assert all(sorted(r.rect[1])[0] < 44 for r in regions)  # each one tile wide


_HALVES = {  # pips of a half 40 x 40, from its centre
    1: [(0, 0)],
    3: [(-10, -10), (0, 0), (10, 10)],
    5: [(-10, -10), (10, -10), (0, 0), (-10, 10), (10, 10)],
    6: [(x, y) for x in (-10, 10) for y in (-12, 0, 12)],
}


def test_tiles_of_the_known_size_are_placed_by_their_pips_alone() -> None:
    """A 6-5 end to end with a 3-1, and a 6-6 beside them half a tile along (tiles 40 x 80,
    two pixels apart): whatever outline their region has, cells laid over the pips include
    each tile, whole and of its size."""
    tiles = {(0.0, 0.0): (6, 5), (0.0, 82.0): (3, 1), (42.0, 123.0): (6, 6)}
    xy = np.array(
        [
            (cx + dx, cy + side * 20 + dy)
            for (cx, cy), halves in tiles.items()
            for side, n in zip((-1, 1), halves, strict=True)
            for dx, dy in _HALVES[n]
        ],
        np.float64,
    )
    cells = pip_grid_cells(xy, np.full(len(xy), 4.0), 0.0, 40.0, 80.0)
    centres = [np.mean(np.array(c), axis=0) for c in cells]
    for centre in tiles:
        assert min(float(np.hypot(*(c - centre))) for c in centres) <= 3.0, centre
    for c in cells:
        q = np.array(c)
        assert np.allclose([np.hypot(*(q[1] - q[0])), np.hypot(*(q[3] - q[0]))], (40.0, 80.0))


def test_pips_no_tile_holds_are_grouped_with_those_near_them() -> None:
    """Chains of pips each near the next form one group, however long; a pip farther than
    the reach from all others is a group of its own."""
    from vision.recognizer import _near_each_other

    xy = np.array([(0, 0), (10, 0), (20, 0), (30, 0), (100, 0), (100, 9)], np.float64)
    groups = sorted(sorted(g) for g in _near_each_other(xy, 12.0))
    assert groups == [[0, 1, 2, 3], [4, 5]]


def test_tiles_placed_by_their_pips_are_turned_as_the_tiles_read_nearest_or_their_rows() -> None:
    """Tiles read at 10 degrees near a group of pips whose rows run at 25 degrees: the pips'
    tiles are tried both ways, and each a quarter turn from it."""
    from vision.recognizer import _angles_near

    def tile(cx: float, degrees: float) -> tuple[tuple[float, float], ...]:
        t = math.radians(degrees)
        ex, ey = np.array([math.cos(t), math.sin(t)]), np.array([-math.sin(t), math.cos(t)])
        c = np.array([cx, 0.0])
        corners = (c - 20 * ex - 40 * ey, c + 20 * ex - 40 * ey, c + 20 * ex + 40 * ey)
        return tuple((float(p[0]), float(p[1])) for p in (*corners, c - 20 * ex + 40 * ey))

    t = math.radians(25)
    ex, ey = np.array([math.cos(t), math.sin(t)]), np.array([-math.sin(t), math.cos(t)])
    xy = np.array([200 + i * 12 * ex + j * 10 * ey for i in (-1, 1) for j in (-1, 0, 1)])
    angles = _angles_near(xy.mean(axis=0), [tile(0, 10), tile(50, 10)], xy, LOCATE)
    assert np.allclose(sorted(angles), [10.0, 25.0, 100.0, 115.0])


@pytest.mark.parametrize(("body", "found"), [((23, 19, 18), True), ((200, 225, 235), False)])
def test_a_deep_red_pip_is_a_bright_pip_on_a_black_tile_only(
    body: tuple[int, int, int], found: bool
) -> None:
    """A deep red 1 on a black body has a grey level little above the body's, yet it is far
    redder than the body: it is found as a bright pip, and a seed (sure enough to place a
    tile by). On an ivory body the same red is darker than the body: no bright pip."""
    from vision.pips import find_pips

    image = np.full((480, 640, 3), (40, 90, 40), np.uint8)  # felt
    cv2.rectangle(image, (260, 210), (380, 270), body, -1)  # a tile, lying down
    cv2.circle(image, (290, 240), 8, (12, 0, 116), -1)  # its deep red 1
    cv2.circle(image, (350, 240), 8, (12, 0, 116), -1)  # and the other
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if found:
        assert int(grey[240, 290]) - int(grey[240, 320]) < 20  # little contrast in grey
    bright, _ = find_pips(lightness(image), image, load_config("recognize")["pips"], 41)
    for x in (290, 350):
        near = np.hypot(bright.xy[:, 0] - x, bright.xy[:, 1] - 240) < 4
        assert bool(near.any()) is found and bright.seed[near].all(), bright.xy


def test_a_cell_placed_by_pips_is_kept_only_if_the_pips_just_beyond_it_are_held() -> None:
    """Two cells placed by a group of pips: one with a loose pip just past its end (the
    other half of a tile it lies across half of) is dropped; the other, with loose pips
    only far off (another tile's), is kept."""
    from vision.recognizer import _explained
    from vision.types import Reading

    def cell(cx: float) -> tuple[tuple[float, float], ...]:
        return ((cx - 20, 0.0), (cx + 20, 0.0), (cx + 20, 80.0), (cx - 20, 80.0))

    kept = [(cell(0), Reading(2, 1, 1.0, ())), (cell(200), Reading(3, 1, 1.0, ()))]
    inside = [(0.0, 20.0), (0.0, 60.0), (200.0, 20.0), (200.0, 60.0)]
    loose = np.array([*inside, (0.0, 95.0), (400.0, 40.0)])
    out = _explained(kept, [], loose, 40.0)
    assert [r.face for _, r in out] == ["3-1"]
    assert [r.face for _, r in _explained(kept, [cell(0)], loose[:4], 40.0)] == ["2-1", "3-1"]


def test_a_tile_read_in_doubt_holds_its_pips_for_the_cells_beside_it() -> None:
    """Three tiles side by side; the middle one reads only in doubt (a red 4 blurred). Its
    pips are held by it, so the tiles beside it stand; without it they lie loose beside
    both, and both go. A cell whose pips all lie in a tile read in doubt, with loose pips
    beside them, is part of that tile (a 6-3's 3 read as 2-1): held by nothing else."""
    from vision.recognizer import _explained
    from vision.types import Reading

    def cell(cx: float, top: float = 0.0) -> tuple[tuple[float, float], ...]:
        return ((cx - 20, top), (cx + 20, top), (cx + 20, top + 80), (cx - 20, top + 80))

    kept = [(cell(0), Reading(2, 1, 1.0, ())), (cell(80), Reading(3, 1, 1.0, ()))]
    pips = np.array([(0.0, 20.0), (0.0, 60.0), (80.0, 20.0), (80.0, 60.0), (40.0, 20.0)])
    assert _explained(kept, [], pips, 30.0) == []
    held = _explained(kept, [], pips, 30.0, [cell(40)])
    assert [r.face for _, r in held] == ["2-1", "3-1"]
    # the 2-1's pips, and a loose one past its end, all lie in one tile read in doubt
    part = [(cell(0), Reading(2, 1, 1.0, ()))]
    pips = np.array([(0.0, 20.0), (0.0, 40.0), (0.0, 60.0), (0.0, 90.0)])
    doubt = cell(0, top=15.0)
    assert [r.face for _, r in _explained(part, [], pips, 30.0, [cell(0, 80.0)])] == ["2-1"]
    assert _explained(part, [], pips, 30.0, [cell(0, 80.0)], [doubt]) == []


def test_a_tile_with_a_loose_pip_just_past_its_end_is_in_doubt() -> None:
    """A pip just past a tile's end, on its centre line, that no other tile read holds:
    the cell was cut short of its tile. Held by the tile lying end to end with it, the pip
    is that tile's, and both stand."""
    from vision.recognizer import _Found, _past_the_ends
    from vision.types import Pips, Reading

    cfg = load_config("recognize")

    def cell(y: float) -> tuple[tuple[float, float], ...]:
        return ((0.0, y), (40.0, y), (40.0, y + 88.0), (0.0, y + 88.0))

    xy = np.array([(20.0, 22.0), (20.0, 66.0), (20.0, 94.0), (20.0, 150.0)])
    pips = Pips(True, xy, np.full(4, 5.0), np.ones(4, bool))
    first = _Found(cell(0.0), Reading(1, 1, 1.0, ()))
    second = _Found(cell(88.0), Reading(2, 1, 1.0, ()))
    on_tiles = np.ones(4, bool)
    both = _past_the_ends([first, second], pips, on_tiles, cfg)
    assert [f.reading.confidence for f in both] == [1.0, 1.0]
    alone = _past_the_ends([first], pips, on_tiles, cfg)
    assert alone[0].reading.confidence < cfg["read"]["min_confidence"]
    assert "a pip just past its end" in alone[0].reading.defects
    # a white dot on a light cloth beside the tile's end is no part of its face
    on_cloth = np.array([True, True, False, True])
    assert _past_the_ends([first], pips, on_cloth, cfg)[0].reading.confidence == 1.0


def test_a_red_fringe_beside_a_white_pip_is_no_pip() -> None:
    """A speck of red beside a white pip (a lens's colour fringe), far smaller than the
    pips: not a red pip of its own."""
    from vision.pips import find_pips

    image = np.full((480, 640, 3), (40, 90, 40), np.uint8)  # felt
    cv2.rectangle(image, (260, 210), (380, 270), (23, 19, 18), -1)  # a black tile
    for x in (290, 350):
        cv2.circle(image, (x, 240), 8, (235, 235, 235), -1)  # its white pips
    cv2.circle(image, (318, 226), 2, (12, 0, 116), -1)  # a deep red fringe
    bright, _ = find_pips(lightness(image), image, load_config("recognize")["pips"], 41)
    assert len(bright.xy) == 2, bright.xy
    assert not (np.hypot(bright.xy[:, 0] - 318, bright.xy[:, 1] - 226) < 4).any()


def test_pips_no_tile_holds_are_also_tried_at_the_size_of_the_tiles_nearest_them() -> None:
    """Far tiles look smaller than near ones: where the tiles read sure nearest a group of
    loose pips measure (between their rims) a tenth narrower than the set's size, that size
    is tried too; where they measure the set's size, nothing more is tried."""
    from vision.recognizer import _local_sizes
    from vision.types import Pips

    image = np.full((300, 400, 3), (150, 170, 190), np.uint8)  # a light table
    quads = []
    for cx in (100, 200, 300):
        cv2.rectangle(image, (cx - 18, 110), (cx + 18, 190), (25, 25, 25), -1)  # 37 x 81 px
        quads.append(
            ((cx - 20.0, 106.0), (cx + 20.0, 106.0), (cx + 20.0, 194.0), (cx - 20.0, 194.0))
        )
    grads = gradients(lightness(image))
    none = np.zeros((0, 2))
    pips = Pips(True, none, np.zeros(0), np.zeros(0, bool))
    cfg = load_config("recognize")["locate"]
    centre = np.array([200.0, 250.0])
    sizes = _local_sizes(grads, pips, quads, centre, [(40.0, 2.2)], cfg)
    # the tile with its bevel, and its face alone: both near the 37 x 81 drawn
    assert len(sizes) == 2 and all(abs(w - 36.5) < 2 and abs(w * a - 81) < 4 for w, a in sizes)
    assert _local_sizes(grads, pips, quads, centre, [(37.0, 2.2), (35.5, 2.25)], cfg) == []


def test_a_region_is_boxed_along_any_angle() -> None:
    """The rectangle round a region with its sides turned as asked: the same box, its sides
    swapped, a quarter turn on; larger, turned part way."""
    from vision.locate import rect_along

    contour = np.array([[[10, 20]], [[50, 20]], [[50, 100]], [[10, 100]]], np.int32)
    assert rect_along(contour, 0.0) == ((30.0, 60.0), (41.0, 81.0), 0.0)
    (cx, cy), (a, b), turned = rect_along(contour, 90.0)
    assert np.allclose((cx, cy, a, b, turned), (30.0, 60.0, 81.0, 41.0, 90.0))
    _, (a, b), _ = rect_along(contour, 30.0)
    assert a > 41 and b > 81


def test_the_size_that_read_the_tiles_is_kept_whatever_its_shape() -> None:
    """A lone tile's own shape, shortened by the camera below the aspects searched, read the
    tiles: the set's sizes keep it (none left, the groups cut again at them had none)."""
    from vision.pips import Pips
    from vision.recognizer import _set_sizes

    flat = np.zeros((200, 200), np.float32)
    none = Pips(True, np.zeros((0, 2)), np.zeros(0), np.zeros(0, bool))
    quad = ((80.0, 50.0), (120.0, 50.0), (120.0, 122.0), (80.0, 122.0))
    cfg = load_config("recognize")
    assert (40.0, 1.8) in _set_sizes((flat, flat), none, [quad, quad], 40.0, 1.8, cfg)


def test_a_lone_tile_among_dice_says_its_own_shape() -> None:
    """Three dice (square) and one tile lying alone: the fit of whole tiles to every region
    makes the tile as square as the search allows, which cuts the lone tile into nothing.
    The lone tile's own width and length are a candidate too."""
    from vision.locate import tile_sizes
    from vision.segment import Region

    def region(w: float, h: float) -> Region:
        box = np.zeros((4, 1, 2), np.int32)
        return Region(box, ((0.0, 0.0), (w, h), 0.0), w * h, (0,), (30.0, 30.0, 30.0), True)

    regions = [region(37, 40), region(34, 36), region(32, 35), region(40, 97)]
    sizes = tile_sizes(regions, 44.7, load_config("recognize")["locate"])
    assert any(abs(w - 40) < 1 and abs(a - 97 / 40) < 0.05 for w, a in sizes), sizes
    # seen shorter than any aspect searched (a camera not quite overhead): still its own
    regions = [region(35, 37), region(28, 46), region(48, 90)]
    sizes = tile_sizes(regions, 37.5, load_config("recognize")["locate"])
    assert any(abs(w - 48) < 1 and abs(a - 90 / 48) < 0.05 for w, a in sizes), sizes


def test_two_tiles_end_to_end_among_dice_give_their_size_as_a_candidate() -> None:
    """A 6-1 and a back end to end (one region two tiles long, 43.5 x 179) beside two dice,
    the pips' spacing suggesting 37.6 (seed 9818): fitted with every region counting alike,
    the dice made every candidate square and small, and the pair was cut into nothing. The
    fit with the regions counted by their area is a candidate too."""
    from vision.locate import tile_sizes
    from vision.segment import Region

    def region(w: float, h: float) -> Region:
        box = np.zeros((4, 1, 2), np.int32)
        return Region(box, ((0.0, 0.0), (w, h), 0.0), w * h, (0,), (30.0, 30.0, 30.0), False)

    regions = [region(43.5, 179.3), region(33.9, 34.8), region(27.3, 28.1)]
    sizes = tile_sizes(regions, 37.6, load_config("recognize")["locate"])
    assert any(abs(w - 43.5) < 1.5 and abs(a * w - 179.3 / 2) < 3 for w, a in sizes), sizes


def test_a_patch_far_larger_than_a_pip_need_not_be_held() -> None:
    """Of the pips a group of tiles must hold, a speck far smaller than the others (a glint)
    and a patch more than twice their radius (lighter wood grain between two tiles, found
    as a bright "pip" beside a 6-5 of one photo) are neither: a tile beside them stands."""
    from vision.recognizer import _not_specks

    radius = np.array([4.5, 4.4, 4.6, 5.9, 11.2, 1.5])  # a 1's larger pip is still a pip
    keep = _not_specks(radius, load_config("recognize"))
    assert keep.tolist() == [True, True, True, True, False, False]


def test_only_a_tile_whose_red_pips_read_pale_holds_pips_for_its_neighbours() -> None:
    """A reading in doubt holds its pips for the tiles beside it only where every doubt is
    red pips not red enough (a blurred red 4): red pips in a white count or a blob are as
    often a cell across two tiles' halves (a 6-4 cut off by the picture's edge)."""
    from vision.recognizer import _holds_a_tile
    from vision.types import Reading

    assert _holds_a_tile(Reading(4, 4, 0.55, ("4 pips not all red",)), 0.25)
    assert _holds_a_tile(
        Reading(4, 2, 0.3, ("faint red specks of 19 px", "4 pips not all red")), 0.25
    )
    assert not _holds_a_tile(Reading(2, 2, 0.3, ("red pips in a 2", "red pips in a 2")), 0.25)
    assert not _holds_a_tile(Reading(3, 2, 0.3, ("blob of 48 px",)), 0.25)
    assert not _holds_a_tile(Reading(4, 4, 0.17, ("4 pips not all red",) * 3), 0.25)
    assert not _holds_a_tile(Reading(4, 0, 0.55, ("4 pips not all red",)), 0.25)


def test_a_blue_two_two_in_doubt_still_says_a_tile_may_lie_there() -> None:
    """Whether tiles of a set with lines might lie the other way is asked of cells laid
    across them: a blue set's 2-2 read so is in doubt for its blue pips alone (the doubt
    is for a die's 6), and still says a tile lies there (the eighth renderer's scene 27: a
    4-2 read across a blue 2-2's and a 4-3's upper halves stood, sure). Not a 2-2 in doubt
    for red pips of a red's hue, nor for anything more."""
    from vision.read import BLUE_TWO
    from vision.recognizer import _as_a_tile
    from vision.types import Reading

    assert _as_a_tile(Reading(2, 2, 0.3, (BLUE_TWO, BLUE_TWO)), 0.5)
    assert _as_a_tile(Reading(4, 3, 1.0, ()), 0.5)
    assert not _as_a_tile(Reading(2, 2, 0.3, ("red pips in a 2", "red pips in a 2")), 0.5)
    assert not _as_a_tile(Reading(2, 2, 0.17, (BLUE_TWO, BLUE_TWO, "blob of 48 px")), 0.5)
    assert not _as_a_tile(Reading(0, 0, 0.0, ("halves [2, 0]",)), 0.5)
    assert not _as_a_tile(Reading(2, 2, 0.3, ()), 0.5)  # (in doubt, but not for blue pips)


def test_a_cell_short_of_a_tile_must_read_the_same_made_as_long_as_one() -> None:
    """A region stopped short in a red 4: the cell from there to the tile's other end reads
    part of the 4 (here a 2 with red pips); made as long as a tile, it reads 4-2, so the
    short reading loses a defect's worth. A short cell on the tile's middle reads 4-2 both
    ways and stands; a cell of the tile's length is not read again."""
    from vision.read import read_tile
    from vision.recognizer import _short_cell

    cfg = load_config("recognize")
    image = np.full((240, 240, 3), (150, 170, 190), np.uint8)
    cv2.rectangle(image, (100, 56), (140, 144), (25, 25, 25), -1)  # a black tile, upright
    red, white = [(110, 68), (130, 68), (110, 88), (130, 88)], [(110, 130), (130, 130)]
    for x, y in red:
        cv2.circle(image, (x, y), 5, (12, 0, 116), -1)
    for x, y in white:
        cv2.circle(image, (x, y), 5, (235, 235, 235), -1)
    pips = np.array(red + white, np.float64)

    def read(top: float, bottom: float) -> tuple[str | None, str | None, float]:
        q = ((100.0, top), (140.0, top), (140.0, bottom), (100.0, bottom))
        first = read_tile(image, q, True, (bottom - top) / 40, cfg["read"], pips)
        after = _short_cell(image, first, q, True, 40.0, 2.2, pips, cfg)
        return first.face, after.face, after.confidence / max(first.confidence, 1e-9)

    assert read(56, 144) == ("4-2", "4-2", 1.0)
    assert read(64, 136) == ("4-2", "4-2", 1.0)
    face, _, kept = read(80, 144)
    assert face != "4-2" and kept == pytest.approx(float(cfg["read"]["penalty"]))


def test_a_cell_whose_end_cuts_through_a_column_of_pips_is_found_out() -> None:
    """No face has a pip at its tile's end: a cell whose end runs through the pips of a
    6's middle column lies half a column along its tile (it read a 6-1 as 2-1, sure). A
    cell on the tile, a speck on its end or a shade on its corner is not."""
    from vision.recognizer import _pip_on_an_end

    cfg = load_config("recognize")
    six = [(x, y) for x in (100.0, 120.0, 140.0) for y in (90.0, 110.0)]
    xy = np.array([*six, (196.0, 100.0)])  # a 6-1 lying along x, from 86 to 214
    radius = np.full(len(xy), 7.0)

    def cell(x0: float) -> tuple[tuple[float, float], ...]:
        return ((x0, 128.0), (x0, 72.0), (x0 + 128.0, 72.0), (x0 + 128.0, 128.0))

    assert not _pip_on_an_end(cell(86.0), xy, radius, cfg)
    assert _pip_on_an_end(cell(120.0), xy, radius, cfg)
    speck = np.array([*xy[6:], (120.0, 100.0)])
    assert not _pip_on_an_end(cell(120.0), speck, np.array([7.0, 1.5]), cfg)
    # the shade where two tiles' corners meet, on the cell's corner: no pip of its tile
    corner = np.array([*xy[6:], (120.0, 74.0)])
    assert not _pip_on_an_end(cell(120.0), corner, np.array([7.0, 5.0]), cfg)
    assert not _pip_on_an_end(cell(120.0), np.zeros((0, 2)), np.zeros(0), cfg)


def test_pips_past_a_seam_on_a_tile_the_picture_cuts_off_need_no_holding() -> None:
    """A cell placed by pips need not hold the pips just past its end where the tile end
    to end with it would run past the picture's edge, if a seam lies between them: that
    tile is cut off, and nothing is placed on it. Without the seam the pips may be the
    rest of the cell's own tile; toward a tile wholly in the picture they must be held."""
    from vision.recognizer import _on_a_tile_cut_off

    cfg = load_config("recognize")
    light = np.full((120, 300), 90, np.uint8)  # the table
    light[40:80, :220] = 200  # a row of ivory tiles end to end, cut by the left edge
    cell = ((60.0, 80.0), (60.0, 40.0), (140.0, 40.0), (140.0, 80.0))  # 40 wide, 80 long
    past_left, past_right = (45.0, 60.0), (155.0, 60.0)
    assert not _on_a_tile_cut_off(light, cell, past_left, False, cfg)  # no seam
    light[40:80, 59:62] = 150  # the seam between the cell's tile and the one cut off
    assert _on_a_tile_cut_off(light, cell, past_left, False, cfg)
    light[40:80, 139:142] = 150
    assert not _on_a_tile_cut_off(light, cell, past_right, False, cfg)  # wholly in picture


def test_a_rows_median_over_the_values_kept() -> None:
    """Each row's median over its kept values only: odd and even counts, a row keeping one."""
    from vision.medians import row_medians_where

    values = np.array([[5.0, 1.0, 9.0, 3.0], [4.0, 8.0, 2.0, 6.0], [7.0, 0.0, 0.0, 0.0]])
    keep = np.array([[True, True, True, False], [True, True, True, True], [True] + [False] * 3])
    assert row_medians_where(values, keep).tolist() == [5.0, 5.0, 7.0]


@given(
    values=hnp.arrays(
        st.sampled_from([np.int16, np.uint8, np.int32]),
        hnp.array_shapes(min_dims=1, max_dims=2, max_side=60),
        elements=st.integers(0, 255),
    ),
    share=st.sampled_from([0.9, 0.5, 0.75, 0.995, 0.1, 0.0, 1.0]),
)
def test_a_percentile_by_partition_is_numpys_to_the_last_bit(values: Array, share: float) -> None:
    """The partition's percentile of integers gives np.percentile's value exactly (a tile's
    pips are cut at a share of it: a bit's difference could move the cut)."""
    from vision.medians import percentile

    assert percentile(values, share) == float(np.percentile(values, round(100 * share, 1)))


@given(
    values=hnp.arrays(
        np.int16,
        hnp.array_shapes(min_dims=2, max_dims=2, max_side=60),
        elements=st.integers(0, 255),
    ),
    body=st.one_of(st.none(), st.integers(0, 510).map(lambda v: v / 2), st.floats(0, 255)),
    border=st.integers(0, 3),
)
def test_a_patch_s_peak_counted_is_its_peak_ranked(
    values: Array, body: float | None, border: int
) -> None:
    """A patch's strongest response, counted from its values (whole numbers, or whole less
    a median, and a margin of 0), is the 99.5th-ranked value a partition finds."""
    from vision.read import _peak

    strength = values if body is None else values - body
    if border:
        strength[:border] = 0
        strength[:, :border] = 0
    flat = strength.ravel()
    rank = int(0.995 * (flat.size - 1))
    assert _peak(strength) == float(np.partition(flat, rank)[rank])


@given(
    mask=hnp.arrays(
        np.uint8, hnp.array_shapes(min_dims=2, max_dims=2, max_side=50), elements=st.integers(0, 1)
    )
)
def test_16_bit_components_are_opencvs_32_bit_ones(mask: Array) -> None:
    """The 16-bit labelling finds the same blobs, numbered alike, with the same stats and
    centres, as OpenCV's default 32-bit one (the reading depends on the blobs' order)."""
    from vision.pips import components

    n, labels, stats, centres = cv2.connectedComponentsWithStats(mask, connectivity=8)
    n16, labels16, stats16, centres16 = components(mask)
    assert n16 == n
    assert np.array_equal(labels16.astype(np.int32), labels)
    assert np.array_equal(stats16, stats)
    assert np.array_equal(centres16, centres, equal_nan=True)


def test_a_tiles_pips_are_on_their_own_shade_and_a_coloured_cloths_dots_are_not() -> None:
    """Light pips: a black tile's white ones, and its red one whose glint made it found
    small (its ring lies on its own red), are a tile's; a white dot on a purple cloth, and
    one touching the tile, ringed mostly by the cloth, are not. Dark pips on white: black
    and red ones, and a small black one blurred grey, are a tile's; a purple check is not
    (its a* is a red's, its hue is not), nor a lilac one, the mix of purple and white (little
    from grey, but cool)."""
    from vision.recognizer import _on_own_shade
    from vision.types import Pips

    cfg = load_config("recognize")
    image = np.full((200, 400, 3), (125, 35, 110), np.uint8)  # a purple cloth
    cv2.rectangle(image, (40, 40), (120, 80), (20, 20, 20), -1)  # a black tile
    cv2.circle(image, (60, 60), 6, (240, 240, 240), -1)  # its white pip
    cv2.circle(image, (95, 60), 9, (30, 30, 190), -1)  # its red pip, found small
    cv2.circle(image, (200, 60), 6, (240, 240, 240), -1)  # a dot on the cloth
    cv2.circle(image, (128, 60), 6, (240, 240, 240), -1)  # a dot touching the tile
    light = Pips(
        True,
        np.array([[60.0, 60], [95, 60], [200, 60], [128, 60]]),
        np.full(4, 5.0),
        np.ones(4, bool),
    )
    assert _on_own_shade(image, light, cfg).tolist() == [True, True, False, False]

    image = np.full((100, 500, 3), (235, 235, 240), np.uint8)  # a white cloth
    colours = ((25, 25, 25), (40, 40, 190), (110, 118, 124), (150, 40, 140), (155, 138, 173))
    for k, colour in enumerate(colours):
        cv2.circle(image, (50 + 100 * k, 50), 8, colour, -1)
    dark = Pips(
        False, np.array([[50.0 + 100 * k, 50] for k in range(5)]), np.full(5, 8.0), np.ones(5, bool)
    )
    assert _on_own_shade(image, dark, cfg).tolist() == [True, True, True, False, False]


def test_a_light_pip_is_white_as_the_pictures_white_is_or_red() -> None:
    """A black flower's yellow heart is a light pip on a black body, but no tile's: a tile's
    light pips are white or red. White as the picture's lightest things are: under a warm
    lamp a tile's white pips are as yellow as the white cloth, and are a tile's."""
    from vision.recognizer import _on_own_shade
    from vision.types import Pips

    cfg = load_config("recognize")
    image = np.full((120, 300, 3), (235, 235, 240), np.uint8)  # a white cloth
    cv2.rectangle(image, (40, 40), (120, 80), (20, 20, 20), -1)  # a black tile
    cv2.circle(image, (60, 60), 6, (240, 240, 240), -1)  # its white pip
    cv2.circle(image, (200, 60), 16, (20, 20, 20), -1)  # a black flower
    cv2.circle(image, (200, 60), 6, (40, 200, 230), -1)  # its yellow heart
    pips = Pips(True, np.array([[60.0, 60], [200, 60]]), np.full(2, 5.0), np.ones(2, bool))
    assert _on_own_shade(image, pips, cfg).tolist() == [True, False]
    lamp = (image * np.array([0.55, 0.8, 1.0])).astype(np.uint8)  # a warm lamp's light
    assert bool(_on_own_shade(lamp, pips, cfg)[0])


def _ring(n: int, radius: float, centre: tuple[float, float] = (200.0, 200.0)) -> np.ndarray:
    turns = np.linspace(0, 2 * np.pi, n, endpoint=False) + 0.3
    return np.stack([centre[0] + radius * np.cos(turns), centre[1] + radius * np.sin(turns)], 1)


def test_chip_rings_finds_a_chips_marks_and_not_tiles_pips() -> None:
    cfg = load_config("recognize")["pips"]
    marks = _ring(8, 40.0)
    rings = chip_rings(marks, np.full(8, 5.0), cfg)
    assert len(rings) == 1
    centre, radius, on = rings[0]
    assert np.allclose(centre, (200, 200), atol=0.5) and abs(radius - 40) < 0.5
    assert sorted(on.tolist()) == list(range(8))
    # the same marks with a pip in the middle (a 5's, a tile's pips all over): no chip
    middle = np.vstack([marks, [[200.0, 200.0]]])
    assert chip_rings(middle, np.full(9, 5.0), cfg) == []
    # a 6-6 beside a 4-4, their pips in columns and squares: no ring
    six_six = [(x, y) for x in (10.0, 30.0) for y in (10, 25, 40, 70, 85, 100)]
    four_four = [(x, y) for x in (60.0, 80.0) for y in (15, 35, 75, 95)]
    tiles = np.array(six_six + four_four, np.float64)
    assert chip_rings(tiles, np.full(len(tiles), 5.0), cfg) == []
    # seven of them, one gap twice the others: not evenly round
    assert chip_rings(np.delete(marks, 1, axis=0), np.full(7, 5.0), cfg) == []
    # red and white pips of several tiles round a 1-1's bare middle: of two colours
    assert len(chip_rings(marks, np.full(8, 5.0), cfg, np.full(8, 130.0))) == 1
    mixed = np.array([130.0, 180.0] * 4)
    assert chip_rings(marks, np.full(8, 5.0), cfg, mixed) == []


@given(
    xy=hnp.arrays(
        np.float64,
        st.tuples(st.integers(2, 40), st.just(2)),
        elements=st.floats(0, 1280, allow_nan=False).map(lambda v: round(v, 1)),
    )
)
def test_nearest_apart_is_the_distance_to_the_nearest_other_point(xy: Array) -> None:
    # (rounded coordinates make ties and points lying on one another: 0 apart)
    all_pairs = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1))
    np.fill_diagonal(all_pairs, np.inf)
    assert np.allclose(nearest_apart(xy), all_pairs.min(axis=1), rtol=0, atol=1e-9)


def test_nearest_apart_of_a_cloths_thousands_of_dots() -> None:
    # a grid of dots 12 px apart, as a patterned cloth's: each 12 from its nearest
    xs, ys = np.meshgrid(np.arange(80) * 12.0, np.arange(60) * 12.0)
    xy = np.stack([xs.ravel(), ys.ravel()], axis=1)
    assert np.allclose(nearest_apart(xy), 12.0)


@given(image=hnp.arrays(np.uint8, st.tuples(st.integers(1, 30), st.integers(1, 30), st.just(3))))
def test_channel_max_is_each_pixels_largest_channel(image: Array) -> None:
    assert np.array_equal(channel_max(image), image.max(axis=2))


def test_clear_offset_lays_lines_midway_between_evenly_spaced_pips() -> None:
    # pips 20 apart at 5, 25, 45, 65: lines 20 apart clear them most at 15 (10 from each)
    t = np.array([5.0, 25.0, 45.0, 65.0])
    assert _clear_offset(t, np.full(4, 3.0), 20.0) == 15.0


@given(
    t=hnp.arrays(np.float64, st.integers(1, 30), elements=st.floats(0, 300)),
    period=st.floats(10, 80),
)
def test_clear_offset_leaves_the_fewest_pips_on_a_line(t: Array, period: float) -> None:
    radius = np.full(len(t), 3.0)
    offsets = np.arange(16) * period / 16

    def on_a_line(offset: float) -> int:
        phase = np.mod(t - offset, period)
        return int(np.count_nonzero(np.minimum(phase, period - phase) < radius))

    chosen = _clear_offset(t, radius, period)
    assert chosen in offsets.tolist()
    assert on_a_line(chosen) == min(on_a_line(float(o)) for o in offsets)


#: two cells read on tiles touching along a long side (the seventh renderer's scene 132):
#: their shared side a few hundredths of a pixel apart
_TOUCHING = (
    ((890.36096, 483.4656), (918.3143, 469.48898), (952.9975, 538.85547), (925.0442, 552.8321)),
    ((862.44, 497.4261), (890.3933, 483.44943), (925.07654, 552.8159), (897.1233, 566.7926)),
)


def test_cells_of_tiles_touching_share_next_to_nothing() -> None:
    """OpenCV's ``intersectConvexConvex`` gave these two the whole of a cell in common (2424
    px), and a 1-1 and a 4-2 side by side were put in doubt as lying over each other."""
    a, b = _TOUCHING
    assert common_area(a, b) < 5.0
    assert common_area(b, a) < 5.0
    assert common_area(a, a) == pytest.approx(abs(cv2.contourArea(np.array(a, np.float32))))


@given(
    st.tuples(*[st.floats(0, 200)] * 2),
    st.floats(10, 60),
    st.floats(1.5, 3.0),
    st.floats(0, 180),
    st.tuples(*[st.floats(-80, 80)] * 2),
    st.floats(0, 180),
    st.booleans(),
)
def test_the_area_two_cells_share_is_the_area_both_cover(
    centre: tuple[float, float],
    width: float,
    aspect: float,
    angle: float,
    offset: tuple[float, float],
    turn: float,
    reverse: bool,
) -> None:
    """The clipped area is what both cells cover, counted in pixels a quarter of the
    picture's wide (to a quarter pixel along their sides): cells of any size, turned any
    way, their corners either way round, their sides crossing, coinciding or apart."""

    def cell(cx: float, cy: float, degrees: float) -> tuple[tuple[float, float], ...]:
        u = np.array([np.cos(np.radians(degrees)), np.sin(np.radians(degrees))])
        v = np.array([-u[1], u[0]])
        corners = [
            (cx, cy) + s * u * width / 2 + t * v * width * aspect / 2
            for s, t in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        ]
        return tuple((float(x), float(y)) for x, y in corners)

    a = cell(*centre, angle)
    b = cell(centre[0] + offset[0], centre[1] + offset[1], angle + turn)
    if reverse:
        b = b[::-1]
    # (each filled at 4 x, its corners to a sixteenth of those pixels)
    masks = []
    for quad in (a, b):
        mask = np.zeros((2400, 2400), np.uint8)
        corners = np.round((np.array(quad) + 200) * 4 * 16).astype(np.int32)
        cv2.fillConvexPoly(mask, corners, 1, cv2.LINE_8, 4)
        masks.append(mask)
    counted = np.count_nonzero(masks[0] & masks[1]) / 16
    sides = 2 * (width + width * aspect)
    assert common_area(a, b) == pytest.approx(counted, abs=0.25 * 2 * sides + 2.0)
    assert common_area(a, b) == pytest.approx(common_area(b, a), rel=1e-6, abs=1e-6)
