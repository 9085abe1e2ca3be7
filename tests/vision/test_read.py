"""The reading stage alone: one clean tile of each face, both colour schemes, any rotation."""

from __future__ import annotations

import copy
import math

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.config import load_config
from vision.faces import CHINESE_FACES
from vision.read import MARK, blank_either_way, for_backs, read_tile
from vision.synth import render_tile

CFG = load_config("recognize")["read"]


@pytest.mark.parametrize("scheme", ["dark", "ivory"])
@pytest.mark.parametrize("face", CHINESE_FACES)
def test_each_face_reads_right(scheme: str, face: str) -> None:
    image, truth = render_tile(face, seed=len(face), scheme=scheme, angle=0.7)
    reading = read_tile(image, truth.corners, scheme == "dark", 2.125, CFG)
    assert reading.face == face, reading.defects
    assert reading.confidence >= CFG["min_confidence"]


@pytest.mark.parametrize("scheme", ["dark", "ivory"])
@pytest.mark.parametrize("face", CHINESE_FACES)
def test_each_face_of_a_set_with_small_pips_reads_right(scheme: str, face: str) -> None:
    """Pips 0.13 W across (as some sets have: a renderer of ours draws them down to 0.12)
    on a tile 30 px wide are of about the area of a speck: the tile's own round blobs say
    how large its pips are. (Its 5-5s read as blanks, sure, and its 1s, discs a few pixels
    across that fill their box as a square does, as a cloth's checks.)"""
    synth = load_config("synth")
    small = {**synth, "tile": {**synth["tile"], "pip_diameter": [0.13, 0.13]}}
    image, truth = render_tile(face, seed=len(face), scheme=scheme, angle=0.7, cfg=small, width=30)
    reading = read_tile(image, truth.corners, scheme == "dark", 2.125, CFG)
    assert reading.face == face, reading.defects
    assert reading.confidence >= CFG["min_confidence"]


def test_specks_among_a_sets_pips_stay_specks() -> None:
    """Two specks of JPEG or dust, a sixth of a pip's area, beside a 5-5's pips are not
    pips, nor blobs held against the tile: the pips say how large a pip is. (Were the
    speck's floor lowered for every set, this 5-5 would read as a 6-5 in doubt.)"""
    image, truth = render_tile("5-5", seed=5, scheme="dark", width=48)
    corners = np.array(truth.corners)
    centre = corners.mean(axis=0)
    for dy in (-0.5, 0.5):  # on the centre line, between each half's middle pip and the line
        x, y = centre + np.array([0.0, dy * 48 * 0.55])
        # (2.2 px across at a quarter pixel: 0.007 W^2, over the smallest pip's area)
        cv2.circle(image, (int(4 * x), int(4 * y)), 9, (235, 235, 235), -1, cv2.LINE_AA, 2)
    reading = read_tile(image, truth.corners, True, 2.125, CFG)
    assert reading.face == "5-5", reading.defects
    assert reading.confidence >= CFG["min_confidence"]


def test_a_blank_back_reads_as_blank() -> None:
    image, truth = render_tile(None, scheme="dark")
    reading = read_tile(image, truth.corners, True, 2.125, CFG)
    assert reading.is_blank and reading.face is None


@pytest.mark.parametrize("pattern", ["lines", "emblem"])
def test_a_backs_pattern_is_told_as_its_marks_where_a_back_is_looked_for(pattern: str) -> None:
    """An ivory back with lines along it, or an emblem (a ring round its middle, a dot on
    it): blobs no pip makes. Read as a back may be, they are its marks (over both halves,
    on the middle line, where no face has a pip); read as a face, they are only blobs."""
    import numpy as np

    image = np.full((140, 100, 3), 90, np.uint8)
    cv2.rectangle(image, (28, 26), (71, 114), (225, 225, 225), -1)
    if pattern == "lines":
        for k in range(1, 5):
            cv2.line(image, (28 + 9 * k, 32), (28 + 9 * k, 108), (150, 150, 150), 2)
    else:
        cv2.circle(image, (49, 70), 13, (150, 150, 150), 2)
        cv2.circle(image, (49, 70), 4, (150, 150, 150), -1)
    cell = ((28.0, 26.0), (71.0, 26.0), (71.0, 114.0), (28.0, 114.0))
    as_back = read_tile(image, cell, False, 88 / 43, for_backs(CFG))
    assert as_back.is_blank and as_back.defects
    assert all(d.startswith(MARK) for d in as_back.defects)
    as_face = read_tile(image, cell, False, 88 / 43, CFG)
    assert not any(d.startswith(MARK) for d in as_face.defects)
    assert as_face.confidence < CFG["min_confidence"]


@pytest.mark.parametrize("shift", [0.22, 0.3])
def test_a_cell_shifted_across_its_tile_is_not_misread(shift: float) -> None:
    """Half a column of pips and the table beside it must not read as some other face."""
    import numpy as np

    image, truth = render_tile("6-5", seed=3, scheme="dark", angle=0.0)
    corners = np.array(truth.corners)
    across = (corners[1] - corners[0]) * shift
    reading = read_tile(image, tuple(map(tuple, corners + across)), True, 2.125, CFG)
    assert reading.face == "6-5" or reading.confidence < CFG["min_confidence"], reading


@pytest.mark.parametrize("face", ["5-3", "3-1", "4-4", "6-1"])
def test_a_cell_a_little_to_one_side_of_its_tile_reads_it_sure(face: str) -> None:
    """A cell a tenth of a width across from its tile (a region's rim blurred, a cut a pixel
    or two off): the centre line is where the pips' mean is, so a 3's or a 5's middle pip
    is still on it and a 4's columns still off it."""
    import numpy as np

    image, truth = render_tile(face, seed=2, scheme="dark", angle=0.0)
    corners = np.array(truth.corners)
    across = (corners[1] - corners[0]) * 0.1
    reading = read_tile(image, tuple(map(tuple, corners + across)), True, 2.125, CFG)
    assert reading.face == face and reading.confidence >= CFG["min_confidence"], reading


def test_a_lone_large_pip_is_a_one_but_not_among_others() -> None:
    image, truth = render_tile("3-1", seed=1, scheme="dark", angle=0.3)
    reading = read_tile(image, truth.corners, True, 2.125, CFG)
    assert reading.face == "3-1" and reading.confidence >= CFG["min_confidence"]


def test_pips_run_together_are_counted_by_the_pips_found_before() -> None:
    """A blurred 6-6: each 6's column runs into one blob in the tile's patch, which cannot be
    counted; the pips the first stage found apart in the whole image count it."""
    import cv2

    from vision.pips import find_pips, lightness

    image, truth = render_tile("6-6", seed=1, scheme="ivory", width=36, angle=0.3)
    image = cv2.GaussianBlur(image, (0, 0), 3.0)
    alone = read_tile(image, truth.corners, False, 2.125, CFG)
    assert alone.face != "6-6" or alone.confidence < CFG["min_confidence"]
    _, dark = find_pips(lightness(image), image, load_config("recognize")["pips"], 39)
    helped = read_tile(image, truth.corners, False, 2.125, CFG, dark.xy)
    assert helped.face == "6-6" and helped.confidence >= CFG["min_confidence"], helped


@pytest.mark.parametrize(("face", "scheme"), [("4-4", "ivory"), ("4-4", "dark"), ("6-3", "dark")])
def test_big_pips_covering_half_the_tile_are_read_not_taken_for_its_body(
    face: str, scheme: str
) -> None:
    """Pips 0.36 W across cover half of a 4-4: the patch's median lies among them, nothing
    stands out of it, and the tile read as a sure blank. Read again from the body's shade
    (the lighter of the two the patch splits into, under dark pips), it reads."""
    synth = copy.deepcopy(load_config("synth"))
    synth["tile"]["pip_diameter"] = [0.36, 0.36]
    image, truth = render_tile(face, seed=0, scheme=scheme, width=40, angle=0.2, cfg=synth)
    reading = read_tile(image, truth.corners, scheme == "dark", 2.125, CFG)
    assert reading.face == face and reading.confidence >= CFG["min_confidence"], reading


def test_a_pip_the_first_stage_found_as_two_specks_counts_once() -> None:
    """A faint pip, cut at a share of its neighbours' peak, can fall into two specks a few
    pixels apart: two centres closer than a pip's radius are one pip, not two (a 6-6 read
    as 6 and 7)."""
    import cv2

    from vision.pips import find_pips, lightness

    image, truth = render_tile("6-6", seed=1, scheme="ivory", width=36, angle=0.3)
    image = cv2.GaussianBlur(image, (0, 0), 3.0)
    _, dark = find_pips(lightness(image), image, load_config("recognize")["pips"], 39)
    radius = float(np.median(dark.radius))
    beside = dark.xy[:1] + np.array([[0.5 * radius, 0.0]])  # the same pip's other speck
    twice = np.concatenate([dark.xy, beside])
    reading = read_tile(image, truth.corners, False, 2.125, CFG, twice)
    assert reading.face == "6-6" and reading.confidence >= CFG["min_confidence"], reading


@pytest.mark.parametrize("face", ["6-5", "5-5"])
def test_a_crowded_black_tile_is_one_shade_between_its_pips(face: str) -> None:
    """A 6-5 or 5-5 on a black tile, a little blurred: the halos of its crowded pips are
    neither pip nor body, and must not read as a second shade (a cell off its tile)."""
    import cv2

    image, truth = render_tile(face, seed=0, scheme="dark", width=36, angle=0.0)
    image = cv2.GaussianBlur(image, (0, 0), 1.5)
    reading = read_tile(image, truth.corners, True, 2.125, CFG)
    assert reading.face == face and reading.confidence >= CFG["min_confidence"], reading


def test_the_table_along_a_cells_end_is_not_a_pip() -> None:
    """A cell reaching a little past its tile's end shows a strip of the (lighter) table just
    inside the ignored margin; it is not a pip, and the 1-1 still reads."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((85, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (40, 128, 128)
    for y in (20, 65):  # two red pips of a blurred, low-contrast 1-1
        cv2.circle(patch, (20, y), 8, (110, 170, 150), -1)
    patch[79:81, :] = (90, 118, 120)  # the mat, two rows of it
    reading = read_patch(patch, True, CFG)
    assert reading.face == "1-1" and reading.confidence >= CFG["min_confidence"], reading


def test_a_red_four_blurred_into_one_round_blob_is_not_a_one() -> None:
    """A 4's red pips run together into a blob as round and as large as a 1's pip; the
    necks between them still show, and it reads as the 4 it is."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((85, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (40, 128, 128)
    for x in (15, 24):
        for y in (16, 25):
            cv2.circle(patch, (x, y), 5, (110, 175, 150), -1)
    cv2.circle(patch, (20, 63), 8, (110, 175, 150), -1)  # the 1 of the other half
    reading = read_patch(patch, True, CFG)
    assert reading.face != "1-1", reading
    assert reading.face == "4-1" or reading.confidence < CFG["min_confidence"], reading


def test_a_faint_red_four_broken_into_specks_is_not_a_one() -> None:
    """Faint red pips on a black tile, blurred, break into specks too small to count; the
    one speck left large enough must not make the 4 a 1, even where it sits on the centre
    line."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((85, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (40, 128, 128)
    for x in (12, 28):  # the 2: white pips
        cv2.circle(patch, (x, 15), 5, (220, 128, 128), -1)
    for x, y in ((12, 56), (28, 56), (28, 72)):  # three faint red specks of 15 px
        cv2.rectangle(patch, (x - 1, y - 2), (x + 1, y + 2), (48, 150, 140), -1)
    cv2.circle(patch, (20, 72), 4, (50, 152, 140), -1)  # the one left large enough
    reading = read_patch(patch, True, CFG)
    assert not (reading.face == "2-1" and reading.confidence >= CFG["min_confidence"]), reading


def test_red_pips_are_cut_at_a_share_of_their_peak_not_joined_by_their_halo() -> None:
    """A 6-6 whose red columns glow: a halo, red enough to pass a fixed cut, joins each red
    column into one broad bar; cut at a share of the pips' own redness, they are three."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((85, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (40, 128, 128)
    for red_x, white_x, ys in ((12, 28, (8, 20, 32)), (28, 12, (52, 64, 76))):
        halo = ((red_x - 9, ys[0] - 6), (red_x + 9, ys[2] + 6))
        cv2.rectangle(patch, *halo, (45, 150, 135), -1)
        for y in ys:
            cv2.circle(patch, (red_x, y), 5, (70, 188, 160), -1)
            cv2.circle(patch, (white_x, y), 5, (220, 128, 128), -1)
    reading = read_patch(patch, True, CFG)
    assert reading.face == "6-6" and reading.confidence >= CFG["min_confidence"], reading


def test_red_pips_on_a_red_brown_body_are_cut_at_a_share_of_their_own_contrast() -> None:
    """A 4-3 on a dark red-brown body, blurred: its red 4 stands out from the body half as far
    as its white 3, and is little redder than it. Cut at the white pips' share of contrast,
    only the red pips' cores were left, too small to be pips; cut at their own, they are 4."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((85, 40, 3), np.uint8)  # Lab
    patch[:] = (25, 147, 135)
    for x, y in ((12, 12), (28, 12), (12, 30), (28, 30)):
        cv2.circle(patch, (x, y), 4, (90, 172, 150), -1)
    for x, y in ((10, 52), (20, 62), (30, 73)):
        cv2.circle(patch, (x, y), 4, (230, 128, 128), -1)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 2.0), True, CFG)
    assert reading.face == "4-3" and reading.confidence >= CFG["min_confidence"], reading


@pytest.mark.parametrize(("a_star", "face"), [(19, "2-2"), (38, "2-2"), (52, None)])
def test_white_spots_on_a_red_body_are_no_tiles_pips(a_star: int, face: str | None) -> None:
    """A cloth's red flowers, the cloth's cream between their petals taken for white pips,
    read as 2-2s on an empty table (an independent renderer's floral cloth: six). No tile's
    body is so red; a red-brown one (a* 19, as above) still reads, and so does a set's dark
    red one (a* 38: an independent renderer's dark red sets, a* 31 to 39, read none)."""
    import cv2

    from vision.read import read_patch

    patch = np.zeros((85, 40, 3), np.uint8)  # Lab
    patch[:] = (25 if face else 100, 128 + a_star, 135)
    for x, y in ((12, 20), (28, 20), (12, 65), (28, 65)):
        cv2.circle(patch, (x, y), 5, (235, 128, 135), -1)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 1.0), True, CFG)
    assert reading.face == face, reading
    assert face is not None or reading.defects == ("a red body (a* 52)",)


def _six_and_a_red_one(body: tuple[int, int, int]) -> np.ndarray:
    """A 6-1's patch (Lab) on a dark body: white 6 in the top half; the 1's pip drawn by its
    lightness only (its redness is left to the caller)."""
    import cv2

    patch = np.zeros((86, 40, 3), np.uint8)
    patch[:] = body
    for x in (12, 28):
        for y in (9, 21, 33):
            cv2.circle(patch, (x, y), 4, (200, 128, 128), -1)
    cv2.circle(patch, (20, 63), 6, (80, body[1] + 2, body[2] + 2), -1)
    return patch


def test_a_red_one_whose_redness_shows_as_a_band_across_it_is_one_pip() -> None:
    """JPEG keeps colour in blocks at half resolution: a blurred red 1 on a red-brown body
    showed its redness as a band across the pip, 15 x 5 px, a pip's area but no pip's
    shape, cut by the white pips' share of contrast (the mat's seed 2575, a 6-1 lost). A
    red blob that long is cut again at its own contrast, as a red core too small is."""
    import cv2

    from vision.read import read_patch

    patch = _six_and_a_red_one((28, 136, 132))
    cv2.rectangle(patch, (13, 61), (27, 65), (80, 158, 140), -1)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 0.8), True, CFG)
    assert reading.face == "6-1" and reading.confidence >= CFG["min_confidence"], reading


def test_a_red_one_stretched_by_jpegs_colour_is_one_pip_not_two() -> None:
    """A red 1 whose redness JPEG stretched to 16 x 10 px, one smooth blob with one peak:
    not round enough for one pip, it was cut by its length into two, read as a 6-2 with
    red pips in its 2, in doubt (the mat's seed 2561). Two red pips run together are
    longer than that; so stretched, it is one."""
    import cv2

    from vision.read import read_patch

    patch = _six_and_a_red_one((30, 128, 128))
    cv2.ellipse(patch, (20, 63), (8, 5), 0, 0, 360, (85, 175, 150), -1)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 0.8), True, CFG)
    assert reading.face == "6-1" and reading.confidence >= CFG["min_confidence"], reading


def test_a_sliver_of_a_neighbours_red_pip_at_the_cells_side_is_not_grown_into_a_pip() -> None:
    """A 3-3 with a neighbour's red pip (and its light halo) just past its side: the few red
    pixels inside the cell, grown at a share of their own contrast, made a pip of the halo."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((85, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (30, 128, 128)
    for x, y in ((10, 10), (20, 21), (30, 32), (10, 53), (20, 64), (30, 75)):
        cv2.circle(patch, (x, y), 4, (230, 128, 128), -1)
    cv2.circle(patch, (-1, 42), 9, (110, 135, 130), -1)  # the neighbour's pip, past the side
    cv2.circle(patch, (-1, 42), 6, (120, 180, 150), -1)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 1.2), True, CFG)
    assert reading.face == "3-3" and reading.confidence >= CFG["min_confidence"], reading


def test_red_spots_on_a_light_body_are_not_a_black_tiles_pips() -> None:
    """Two red spots on a light body, one in each half of a cell: a 1-1 if the body were a
    black tile's, but it is far too light for one (an ivory tile, the table), so read for
    white and red pips it gives no face."""
    import cv2
    import numpy as np

    image = np.full((200, 120, 3), (150, 170, 180), np.uint8)  # a light body (BGR)
    for y in (60, 140):
        cv2.circle(image, (60, y), 10, (90, 90, 235), -1)
    cell = ((38.0, 52.0), (82.0, 52.0), (82.0, 148.0), (38.0, 148.0))
    reading = read_tile(image, cell, True, 96 / 44, CFG)
    assert reading.face is None or reading.confidence < CFG["min_confidence"], reading
    # the same spots on a black tile are its pips
    image[52:148, 38:82][np.all(image[52:148, 38:82] == (150, 170, 180), axis=-1)] = 35
    assert read_tile(image, cell, True, 96 / 44, CFG).face == "1-1"


def test_a_sliver_of_a_pip_at_the_cells_edge_is_not_a_column_of_pips() -> None:
    """A pip cut off by the cell's end leaves a sliver as long as a column of three pips is
    wide, but a fifth of one pip's area: it is not three pips (a 3 read as a 5)."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((85, 40, 3), np.uint8)  # Lab: an ivory body, dark pips
    patch[:] = (220, 128, 135)
    patch[4:7, 6:15] = (40, 128, 128)  # the sliver, 9 x 3 px
    for x, y in ((20, 20), (29, 31), (12, 60), (28, 70)):
        cv2.circle(patch, (x, y), 5, (40, 128, 128), -1)
    reading = read_patch(patch, False, CFG)
    assert reading.high < 5 or reading.confidence < CFG["min_confidence"], reading


def test_one_round_blob_larger_than_any_pip_is_not_two_pips() -> None:
    """A cell far smaller than its tile sees each pip as a round blob larger than any pip;
    pips found apart before inside it (a pip and its glint) do not make it two: two or
    three pips run together are a capsule, not round."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((80, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (40, 128, 128)
    for y in (20, 60):
        cv2.circle(patch, (20, y), 12, (230, 128, 128), -1)
    known = np.array([(16.0, y + d) for y in (20, 60) for d in (-4.0, 4.0)])
    reading = read_patch(patch, True, CFG, known)
    assert reading.face != "2-2" and (reading.face is None or reading.confidence < 0.6), reading


def test_the_table_between_dark_pips_is_not_a_black_tiles_pips() -> None:
    """A cell along a column of an ivory tile's black pips (a close-up of a Western set, the
    pips large and touching) looks like a black body: the ivory between the pips, reaching
    from side to side, is no pip (it read as 2-2, sure)."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((102, 40, 3), np.uint8)  # Lab: an ivory body
    patch[:] = (225, 128, 140)
    for y in (12, 51, 90):
        cv2.circle(patch, (20, y), 18, (25, 128, 128), -1)  # black pips, as wide as the cell
    known = np.array([(8.0, 31.5), (32.0, 31.5), (8.0, 70.5), (32.0, 70.5)])  # the gaps' sides
    reading = read_patch(patch, True, CFG, known)
    assert reading.face is None or reading.confidence < CFG["min_confidence"], reading
    assert any("from side to side" in d for d in reading.defects), reading


def test_the_table_past_a_tiles_end_is_no_pip() -> None:
    """A cell placed by a 1-1's two red pips, a few pixels longer than its tile: the table
    past the tile's end, a band across the cell's whole width, read as two more pips, a 3-1
    in doubt (eight-trigrams-in-progress)."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((91, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (30, 128, 128)
    for y in (24, 80):
        cv2.circle(patch, (20, y), 6, (60, 175, 150), -1)  # a 1-1's red pips
    patch[:9] = (165, 134, 150)  # the wooden table, five pixels past the margin
    reading = read_patch(patch, True, CFG)
    assert reading.face == "1-1" and reading.confidence >= CFG["min_confidence"], reading


def test_three_pips_in_a_row_across_the_tile_are_not_a_three() -> None:
    """A 3 runs corner to corner along its half; three pips in a row across a cell are the
    row of a 6 or a 5 seen through a cell laid across its tile."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((86, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (40, 128, 128)
    for x, y in ((9, 18), (20, 20), (31, 22)):
        cv2.circle(patch, (x, y), 4, (230, 128, 128), -1)  # a row across, a little askew
    for x, y in ((11, 52), (20, 63), (29, 74)):
        cv2.circle(patch, (x, y), 4, (230, 128, 128), -1)  # a real 3, on the diagonal
    reading = read_patch(patch, True, CFG)
    assert reading.face != "3-3" or reading.confidence < CFG["min_confidence"], reading
    assert "the 3 of half 0 not on a diagonal" in reading.defects


def test_a_six_whose_column_is_cut_in_two_is_not_a_five() -> None:
    """A 6's column of three run together, cut into two pieces (one of them near the centre
    line): one pip on the line and the others round it pass for a 5, but a 5's corner pips
    are two columns of two."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((82, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (40, 128, 128)
    for x, y in ((19, 9), (11, 31), (28, 8), (28, 20), (28, 31)):
        cv2.circle(patch, (x, y), 4, (230, 128, 128), -1)
    for x, y in ((11, 52), (29, 52), (20, 62), (11, 72), (29, 72)):  # a real 5
        cv2.circle(patch, (x, y), 4, (230, 128, 128), -1)
    reading = read_patch(patch, True, CFG)
    assert reading.face != "5-5" or reading.confidence < CFG["min_confidence"], reading
    assert "columns of 1 and 3 in half 0" in reading.defects


def test_two_pips_on_a_short_diagonal_are_not_a_two() -> None:
    """A 2's pips lie side by side across the tile (or corner to corner, as a die's); two on
    a short diagonal are part of another face (a cell placed by pips, a third of a width
    along from its tile, read a 3-3 as a 3-2)."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((86, 40, 3), np.uint8)  # Lab: an ivory body
    patch[:] = (215, 128, 140)
    for x, y in ((12, 19), (25, 30)):  # two pips on a short diagonal
        cv2.circle(patch, (x, y), 4, (40, 128, 128), -1)
    for x, y in ((9, 52), (20, 63), (31, 74)):  # a 3
        cv2.circle(patch, (x, y), 4, (40, 128, 128), -1)
    reading = read_patch(patch, False, CFG)
    assert reading.face != "3-2" or reading.confidence < CFG["min_confidence"], reading
    assert "the 2 of half 0 on a short diagonal" in reading.defects, reading


def test_a_five_lying_across_the_cell_is_not_read() -> None:
    """A cell laid across two tiles side by side, over their halves that hold 5s: each 5 is
    turned a quarter, its corners further apart across the cell than along it."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((86, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (40, 128, 128)
    for x, y in ((6, 12), (34, 12), (20, 21), (6, 30), (34, 30)):  # a 5 turned a quarter
        cv2.circle(patch, (x, y), 4, (230, 128, 128), -1)
    for x, y in ((11, 52), (29, 52), (20, 63), (11, 74), (29, 74)):  # a 5 as a tile holds it
        cv2.circle(patch, (x, y), 4, (230, 128, 128), -1)
    reading = read_patch(patch, True, CFG)
    assert reading.face != "5-5" or reading.confidence < CFG["min_confidence"], reading
    assert reading.defects == ("the 5 of half 0 lies across the tile",), reading


def test_a_seam_a_little_off_the_cells_middle_is_still_two_tiles_ends() -> None:
    """A cell across two tiles' halves, a couple of pixels along from them: the seam between
    the tiles is not on the cell's middle line, but near it, and still rules the cell out."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((86, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (40, 128, 128)
    patch[40:42] = (80, 128, 128)  # the seam, two pixels above the middle (43)
    for x, y in ((12, 12), (28, 12), (12, 74), (28, 74)):
        cv2.circle(patch, (x, y), 4, (230, 128, 128), -1)
    reading = read_patch(patch, True, CFG)
    assert "a seam across the middle" in reading.defects, reading


def test_a_black_tile_greyed_by_a_bright_light_still_reads() -> None:
    """A black tile washed out to grey (body lighter than a black tile's should be) whose
    white pips still stand far lighter than it: its pips, not an ivory tile's specks."""
    import numpy as np

    image, truth = render_tile("6-5", seed=3, scheme="dark", angle=0.7)
    import cv2

    grey = (image.astype(np.float64) * 0.5 + 110).astype(np.uint8)
    body = cv2.cvtColor(np.full((1, 1, 3), 30 * 0.5 + 110, np.uint8), cv2.COLOR_BGR2LAB)
    assert body[0, 0, 0] > CFG["bright_body_max"]  # lighter than a black tile's body may be
    reading = read_tile(grey, truth.corners, True, 2.125, CFG)
    assert reading.face == "6-5" and reading.confidence >= CFG["min_confidence"], reading


def test_a_dark_green_tile_greyed_by_a_bright_light_still_reads() -> None:
    """The same greyed tile with a dark green body's tint (a* -10, b* +10: many sets' "black"
    tiles are dark green or navy, and a green felt lights them greener): its body is a tile's
    greyed, not a table's colour (strong-glare sweep, seed 9017: a row of three such tiles
    under a glare went unread)."""
    import cv2
    import numpy as np

    image, truth = render_tile("6-5", seed=3, scheme="dark", angle=0.7)
    grey = (image.astype(np.float64) * 0.5 + 110).astype(np.uint8)
    lab = cv2.cvtColor(grey, cv2.COLOR_BGR2LAB)
    body = lab[..., 0] < 170
    lab[..., 1][body] = 128 - 10
    lab[..., 2][body] = 128 + 10
    green = cv2.cvtColor(lab, cv2.COLOR_LAB2BGR)
    reading = read_tile(green, truth.corners, True, 2.125, CFG)
    assert reading.face == "6-5" and reading.confidence >= CFG["min_confidence"], reading


def test_white_blobs_on_an_orange_body_are_not_a_greyed_tiles_pips() -> None:
    """The same greyed tile with its body orange (a wooden table between white dice): as
    light, and as far below its white blobs, but coloured, so no black tile's."""
    import cv2
    import numpy as np

    image, truth = render_tile("6-5", seed=3, scheme="dark", angle=0.7)
    grey = (image.astype(np.float64) * 0.5 + 110).astype(np.uint8)
    lab = cv2.cvtColor(grey, cv2.COLOR_BGR2LAB)
    body = lab[..., 0] < 170  # all but the white pips (the red ones are tinted too)
    lab[..., 1][body] = 128 + 20
    lab[..., 2][body] = 128 + 40
    orange = cv2.cvtColor(lab, cv2.COLOR_LAB2BGR)
    reading = read_tile(orange, truth.corners, True, 2.125, CFG)
    assert reading.face is None or reading.confidence < CFG["min_confidence"], reading


@pytest.mark.parametrize("scheme", ["dark", "ivory"])
@pytest.mark.parametrize(("long_three", "blur"), [(True, 0.0), (True, 1.5), (False, 0.0)])
def test_a_three_three_reads_right_whichever_way_its_set_draws_its_threes(
    scheme: str, long_three: bool, blur: float
) -> None:
    """Many sets draw the 3-3's 3s along the tile (two pips on the centre line, one beside it
    at the middle, where no half is told by where it sits, and whose halo, blurred, lights
    the middle line as a seam would); others corner to corner."""
    import cv2

    for seed in range(3):
        image, truth = render_tile("3-3", seed, scheme, 36, angle=0.4, long_three=long_three)
        if blur:
            image = cv2.GaussianBlur(image, (0, 0), blur)
        reading = read_tile(image, truth.corners, scheme == "dark", 2.125, CFG)
        assert reading.face == "3-3" and reading.confidence >= CFG["min_confidence"], reading


def test_pips_at_the_middle_both_on_one_side_are_no_long_three() -> None:
    """Four pips on the centre line and two at the middle, but both beside it on one side:
    not the 3-3's two 3s, which put theirs on opposite sides."""
    from vision.read import _long_three

    width, length = 40, 88
    line = [(20.0, 14.0), (20.0, 30.0), (20.0, 58.0), (20.0, 74.0)]
    for middle, expected in (
        ([(10.0, 44.0), (30.0, 44.0)], True),
        ([(8.0, 44.0), (12.0, 46.0)], False),
    ):
        spots = [line[:2] + middle[:1], line[2:] + middle[1:]]
        halves = [[1, 2, 3], [4, 5, 6]]
        split = _long_three(halves, spots, length / 2, width, load_config("recognize")["read"])
        assert (split is not None) is expected
        if split is not None:
            assert [len(h) for h in split[0]] == [3, 3]


def test_grey_spots_on_green_felt_are_not_red_pips() -> None:
    """Grey spots on a green felt (a coin, a face-down tile's corner) are far redder than
    the felt, yet not red: no pips of a tile."""
    import cv2
    import numpy as np

    image = np.full((200, 120, 3), (40, 110, 40), np.uint8)  # green felt (BGR)
    for y in (72, 128):
        for x in (49, 71):
            cv2.circle(image, (x, y), 6, (45, 40, 40), -1)  # nearly neutral dark grey
    cell = ((38.0, 52.0), (82.0, 52.0), (82.0, 148.0), (38.0, 148.0))
    reading = read_tile(image, cell, True, 96 / 44, CFG)
    assert reading.face is None or reading.confidence < CFG["min_confidence"], reading


@pytest.mark.parametrize(("y", "sure"), [(21, True), (36, False)])
def test_a_one_sits_in_the_middle_of_its_half_not_by_the_tiles_middle(y: int, sure: bool) -> None:
    """Two red pips a little apart about the cell's middle are a column of a 4 seen through a
    cell laid across its tile, not the 1s of a 1-1, which sit in their halves' middles."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((85, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (40, 128, 128)
    for centre in (y, 84 - y):
        cv2.circle(patch, (20, centre), 6, (110, 175, 150), -1)
    reading = read_patch(patch, True, CFG)
    assert reading.face == "1-1"
    assert (reading.confidence >= CFG["min_confidence"]) is sure, reading


@pytest.mark.parametrize(("rows", "sure"), [((25, 77), True), ((32, 58), False)])
def test_a_halfs_pips_sit_in_its_middle_not_gathered_by_the_tiles_middle(
    rows: tuple[int, int], sure: bool
) -> None:
    """A 2-2's pips sit in the middle of their halves; four pips in a block by the cell's
    middle are a block of a 6's pips seen through a cell too long for its tile."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((102, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (40, 128, 128)
    for y in rows:
        for x in (11, 29):
            cv2.circle(patch, (x, y), 5, (230, 128, 128), -1)
    reading = read_patch(patch, True, CFG)
    assert reading.face == "2-2"
    assert (reading.confidence >= CFG["min_confidence"]) is sure, reading
    assert ("the pips of half 1 by the tile's middle" in reading.defects) is not sure


@pytest.mark.parametrize(("shade", "sure"), [(None, True), (12, False)])
def test_two_black_tiles_ends_in_shade_are_a_seam_where_halves_hold_few_pips(
    shade: int | None, sure: bool
) -> None:
    """Two black tiles end to end, their ends in shade: the line between them is darker than
    their bodies, and a cell across their 3s is two tiles' halves, not a 3-3."""
    import cv2
    import numpy as np

    from vision.read import SEAM, read_patch

    patch = np.zeros((86, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (40, 128, 128)
    if shade is not None:
        patch[42:45] = (shade, 128, 128)
    for x, y in ((11, 10), (20, 21), (29, 32), (11, 54), (20, 65), (29, 76)):
        cv2.circle(patch, (x, y), 4, (230, 128, 128), -1)
    reading = read_patch(patch, True, CFG)
    assert reading.face == "3-3"
    assert (reading.confidence >= CFG["min_confidence"]) is sure, reading
    assert (SEAM in reading.defects) is not sure


@pytest.mark.parametrize("seam", [True, False])
def test_a_seam_off_the_middle_between_two_halves_pips_is_two_tiles_ends(seam: bool) -> None:
    """A cell moved onto the pips of a red 4 and a 3 end to end, the seam between their
    tiles six pixels from its middle, with pips close on both sides of it (no column is
    clear of them): it is two tiles' halves, not a 4-3. Without the seam it is a 4-3."""
    import cv2
    import numpy as np

    from vision.read import SEAM, read_patch

    patch = np.zeros((82, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (40, 128, 128)
    if seam:
        patch[34:36] = (75, 128, 128)  # the table between the tiles' ends (middle: 41)
    for x, y in ((10, 9), (30, 9), (10, 23), (30, 23)):
        cv2.circle(patch, (x, y), 4, (130, 185, 160), -1)  # the red 4
    for x, y in ((29, 47), (20, 58), (11, 69)):
        cv2.circle(patch, (x, y), 5, (230, 128, 128), -1)  # the white 3
    reading = read_patch(patch, True, CFG)
    assert reading.face == "4-3", reading
    assert (SEAM in reading.defects) is seam, reading
    assert (reading.confidence >= CFG["min_confidence"]) is not seam, reading


@pytest.mark.parametrize(("light", "seam"), [((12, 6), False), ((9, 7), False), (None, True)])
def test_a_glare_across_a_black_tiles_middle_is_no_seam_nor_a_pip_but_a_line_is(
    light: tuple[int, int] | None, seam: bool
) -> None:
    """A glare on a glossy black 2-5, across its middle (``light``: its spread across and
    along the tile, in pixels): a broad hump of light, its crest standing out from the rows
    beside it, but far more from those beyond. It is no seam. Cut at the level of pips too
    faint to count, a rounder one's crest is a blob of a pip's size; at half its brightest
    it spreads over several pips' area, and it is no pip either. The tile reads sure. A
    line of the same place, as narrow as two tiles' ends, is a seam: the cell is in doubt."""
    import cv2
    import numpy as np

    from vision.read import SEAM, WASHED, read_patch

    body = np.zeros((86, 40, 3), np.float64)  # Lab: a black body
    body[:] = (40, 128, 128)
    if light is not None:
        yy, xx = np.mgrid[0:86, 0:40].astype(np.float64)
        across, along = light
        body[..., 0] += 70 * np.exp(-(((xx - 22) / across) ** 2 + ((yy - 44) / along) ** 2) / 2)
    else:
        body[42:45, 2:38, 0] += 35
    patch = body.astype(np.uint8)
    for x, y in ((11, 31), (29, 12), (11, 59), (29, 59), (20, 67), (11, 75), (29, 75)):
        cv2.circle(patch, (x, y), 4, (230, 128, 128), -1)
    reading = read_patch(patch, True, CFG)
    assert reading.face == "5-2", reading
    assert (SEAM in reading.defects) is seam, reading
    assert not any(WASHED in d for d in reading.defects), reading
    assert (reading.confidence >= CFG["min_confidence"]) is not seam, reading


def _lit_along(image: np.ndarray, corners: tuple, rise: float) -> np.ndarray:
    """The image with light rising along the tile from nothing at one end to ``rise`` (L) at
    the other: a glare spot or a lamp beside the table."""
    c = np.array(corners, np.float64)
    along = c[3] - c[0]
    yy, xx = np.mgrid[0 : image.shape[0], 0 : image.shape[1]].astype(np.float64)
    t = ((xx - c[0][0]) * along[0] + (yy - c[0][1]) * along[1]) / float(along @ along)
    lit = image + (np.clip(t, 0, 1) * rise)[..., None]
    return np.clip(lit, 0, 255).astype(np.uint8)


def test_a_tile_lit_unevenly_is_read_with_the_light_taken_out() -> None:
    """An ivory 6-5 lit ever more strongly toward one end: read as it is, its 5 is washed
    out toward the end; read with the light fitted across its body taken out, it is read
    right and sure."""
    image, truth = render_tile("6-5", seed=1, scheme="ivory", angle=0.4)
    lit = _lit_along(image, truth.corners, 120)
    reading = read_tile(lit, truth.corners, False, 2.125, CFG)
    assert reading.face == "6-5" and reading.confidence >= CFG["min_confidence"], reading
    as_lit = read_tile(lit, truth.corners, False, 2.125, {**CFG, "flat_min_light": 1e9})
    assert as_lit.face != "6-5" or as_lit.confidence < CFG["min_confidence"], as_lit


def test_pips_washed_out_beyond_reading_leave_the_tile_in_doubt() -> None:
    """Lit so strongly that three of the 5's pips stand out by less than the threshold the
    6's set: those pips are not simply left out (a 6-2, sure), the tile is in doubt."""
    image, truth = render_tile("6-5", seed=1, scheme="ivory", angle=0.4)
    lit = _lit_along(image, truth.corners, 150)
    reading = read_tile(lit, truth.corners, False, 2.125, CFG)
    assert reading.confidence < CFG["min_confidence"], reading
    assert any("too faint to count" in d for d in reading.defects), reading


@pytest.mark.parametrize(
    ("face", "seed", "rise"), [("6-5", 1, 140), ("6-5", 2, 180), ("5-5", 1, 150), ("5-5", 2, 160)]
)
def test_a_washed_out_pip_whose_core_is_a_speck_is_still_found_too_faint(
    face: str, seed: int, rise: float
) -> None:
    """Lit along the tile, a washed-out pip's darkest middle can still reach the threshold,
    a speck too small to count; clear only of the pips that count, not of that speck's
    halo, the rest of the pip is seen too faint to count, and the 5 is not read as a 2 (a
    6-2 or 5-2, sure: the strong-glare sweep's seed 9172 read a 6-1 as a 2-1 so)."""
    image, truth = render_tile(face, seed=seed, scheme="ivory", angle=0.4)
    reading = read_tile(_lit_along(image, truth.corners, rise), truth.corners, False, 2.125, CFG)
    assert reading.face == face or reading.confidence < CFG["min_confidence"], reading


@pytest.mark.parametrize("shift", [0.3, 0.5])
def test_a_cell_hanging_off_a_lit_tile_onto_the_table_is_not_taken_for_light(
    shift: float,
) -> None:
    """The table past a tile's end is a step in the cell's body, not a smooth light: no
    surface fits it, and the cell is not read as a face it is not."""
    image, truth = render_tile("6-5", seed=3, scheme="dark", angle=0.0)
    lit = _lit_along(image, truth.corners, 90)
    corners = np.array(truth.corners)
    along = (corners[3] - corners[0]) * shift
    reading = read_tile(lit, tuple(map(tuple, corners + along)), True, 2.125, CFG)
    assert reading.confidence < CFG["min_confidence"], reading


def test_red_pips_stand_out_of_the_body_clear_of_them() -> None:
    """A red 4-4 on a small black tile whose blurred pips cover most of it: their redness is
    measured against the body clear of them, not the whole tile's (reddened by the pips), and
    the tile is read sure."""
    import cv2
    import numpy as np

    from vision.read import read_patch

    patch = np.zeros((86, 40, 3), np.uint8)  # Lab: a black body
    patch[:] = (25, 135, 130)
    for x in (13, 27):
        for y in (11, 29, 57, 75):
            cv2.circle(patch, (x, y), 7, (70, 180, 150), -1)
    patch = cv2.GaussianBlur(patch, (0, 0), 3)
    reading = read_patch(patch, True, CFG)
    assert reading.face == "4-4"
    assert reading.confidence >= CFG["min_confidence"], reading


@settings(max_examples=80, deadline=None)
@given(
    body=st.integers(10, 245),
    noise=st.floats(0.0, 12.0),
    spots=st.lists(
        st.tuples(st.integers(4, 36), st.integers(4, 82), st.integers(-120, 120)), max_size=3
    ),
    seed=st.integers(0, 2**16),
)
def test_a_cell_blank_either_way_at_a_look_reads_blank_either_way(
    body: int, noise: float, spots: list[tuple[int, int, int]], seed: int
) -> None:
    """``blank_either_way`` (the plain groups' test for backs) says blank only where both
    readings are blank, sure and with no defect, as the two readings it stands for."""
    cfg = load_config("recognize")["read"]
    rng = np.random.default_rng(seed)
    grey = np.full((90, 44), float(body)) + rng.normal(0, noise, (90, 44))
    for x, y, contrast in spots:  # pips, specks or a glint, lighter or darker than the body
        cv2.circle(grey, (x, y), 3, float(body + contrast), -1)
    image = np.repeat(np.clip(grey, 0, 255).astype(np.uint8)[..., None], 3, axis=2)
    quad = ((2.0, 2.0), (42.0, 2.0), (42.0, 88.0), (2.0, 88.0))
    if blank_either_way(image, quad, 2.15, cfg):
        for bright in (True, False):
            reading = read_tile(image, quad, bright, 2.15, cfg)
            assert reading.is_blank and not reading.defects
            assert reading.confidence >= float(cfg["min_confidence"])


def _dark_patch() -> np.ndarray:
    """A black tile's upright patch (Lab), no pips yet."""
    patch = np.zeros((86, 40, 3), np.uint8)
    patch[:] = (30, 128, 128)
    return patch


def _pips(patch: np.ndarray, at: list[tuple[int, int]], lab: tuple[int, int, int]) -> None:
    for x, y in at:
        cv2.circle(patch, (x, y), 4, lab, -1)


WHITE, RED = (200, 128, 128), (90, 172, 150)
FIVE_BELOW = [(11, 54), (29, 54), (20, 64), (11, 75), (29, 75)]


def test_a_two_laid_corner_to_corner_as_a_die_s_is_read() -> None:
    """Some sets lay a 2 as a die does, its pips in opposite corners of the half: an
    independent renderer's 2s were all read in doubt (see the short diagonal above)."""
    from vision.read import read_patch

    die = _dark_patch()
    _pips(die, [(11, 11), (29, 32)], WHITE)
    _pips(die, FIVE_BELOW, WHITE)
    reading = read_patch(cv2.GaussianBlur(die, (0, 0), 0.8), True, CFG)
    assert reading.face == "5-2" and reading.confidence >= CFG["min_confidence"], reading


def test_a_streak_of_a_pip_s_area_along_the_cell_s_side_is_no_pip() -> None:
    """A cell lying a little askew of a black tile took in a streak of its rim, 4 x 25 px, a
    pip's area: counted as a pip beside a 2's, the 2-1 read as a 3-1, sure (ten times in an
    independent renderer's scenes; a 2 x 27 px streak here). No pip is so long."""
    from vision.read import read_patch

    patch = _dark_patch()
    _pips(patch, [(21, 17), (9, 34)], WHITE)
    cv2.circle(patch, (20, 63), 6, RED, -1)
    cv2.rectangle(patch, (32, 3), (33, 29), WHITE, -1)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 0.8), True, CFG)
    assert reading.face != "3-1" and reading.confidence < CFG["min_confidence"], reading


@pytest.mark.parametrize("red_half", [0, 1])
def test_a_six_six_whose_one_half_is_red_is_read(red_half: int) -> None:
    """Half of a 6-6's pips are red, laid as its maker lays them: a column in each half,
    or the whole of one half."""
    from vision.read import read_patch

    patch = _dark_patch()
    for half in (0, 1):
        at = [(x, y + 43 * half) for x in (12, 28) for y in (9, 21, 33)]
        _pips(patch, at, RED if half == red_half else WHITE)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 0.8), True, CFG)
    assert reading.face == "6-6" and reading.confidence >= CFG["min_confidence"], reading


@pytest.mark.parametrize("count", [2, 3])
@pytest.mark.parametrize("known_tile", [False, True])
def test_a_2_or_3_along_the_centre_line_beside_a_1_is_read_only_where_the_cell_is_a_tile_s(
    count: int, known_tile: bool
) -> None:
    """Two or three pips on the centre line, far apart along it: a 2 or a 3 as some sets lay
    them, where the cell lies on one tile (read from its outline); else, beside a 1, a 4's
    or a 6's column seen through a cell half a tile off, the 1 another tile's: in doubt."""
    from vision.read import read_patch

    patch = _dark_patch()
    _pips(patch, [(20, 10), (20, 32)] + [(20, 21)] * (count == 3), WHITE)
    cv2.circle(patch, (20, 64), 6, RED, -1)
    cfg = {**CFG, "along_the_line": known_tile}
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 0.8), True, cfg)
    assert reading.face == f"{count}-1", reading
    assert (reading.confidence >= CFG["min_confidence"]) == known_tile, reading


@pytest.mark.parametrize(
    ("count", "other", "sure"),
    [
        (3, "4", True),
        (3, "5", True),
        (3, "6", True),
        (2, "6", True),
        (2, "4", False),  # a 4-2 and a 4-x side by side, cut crosswise
        (2, "5", False),
    ],
)
def test_a_2_or_3_along_the_centre_line_is_read_beside_a_face_that_says_it_is_its_tiles(
    count: int, other: str, sure: bool
) -> None:
    """Another renderer lays a set's 2s and 3s in a column along the centre line (its scenes
    of such sets read 0.16 of their tiles with a 2 or a 3). Beside a 4, a 5 or a 6, whose
    two columns say the cell lies on its tile, a 3 so is that tile's half; a 2 so only
    beside a 6: a cell cut crosswise over two tiles side by side sees each tile's half
    turned, a 2 laid across its tile along the line, a 4 or a 5 as they are."""
    from vision.read import read_patch

    patch = _dark_patch()
    _pips(patch, [(20, 10), (20, 32)] + [(20, 21)] * (count == 3), WHITE)
    below = {
        "4": [(12, 56), (28, 56), (12, 74), (28, 74)],
        "5": FIVE_BELOW,
        "6": [(12, 54), (28, 54), (12, 66), (28, 66), (12, 78), (28, 78)],
    }[other]
    _pips(patch, below, RED if other == "4" else WHITE)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 0.8), True, CFG)
    assert reading.face == f"{other}-{count}", reading
    assert (reading.confidence >= CFG["min_confidence"]) == sure, reading


@pytest.mark.parametrize("other", ["4", "6"])
def test_columns_on_the_centre_line_in_both_halves_are_in_doubt(other: str) -> None:
    """A cell a quarter of a width off a 6-4 (or a 6-6), one column of each half on its
    centre line: a 3-2 (3-3) of such a set is read only where the cell is known to be a
    tile's."""
    from vision.read import read_patch

    patch = _dark_patch()
    _pips(patch, [(20, 10), (20, 21), (20, 32)], WHITE)
    _pips(patch, [(20, 56), (20, 74)] if other == "4" else [(20, 54), (20, 66), (20, 78)], WHITE)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 0.8), True, CFG)
    assert reading.confidence < CFG["min_confidence"], reading


def _six_six(red: list[tuple[int, int]]) -> np.ndarray:
    """A black 6-6 whose pips at ``red`` (column 0 or 1, row 0 to 5 along the tile) are red."""
    patch = _dark_patch()
    for column, x in enumerate((12, 28)):
        for row, y in enumerate((9, 21, 33, 52, 64, 76)):
            _pips(patch, [(x, y)], RED if (column, row) in red else WHITE)
    return cv2.GaussianBlur(patch, (0, 0), 0.8)


def test_a_six_six_whose_middle_rows_are_red_is_read() -> None:
    """Some makers (and another renderer) make red each half's middle row, two pips of
    six: read, as the column or the half that others make red."""
    from vision.read import read_patch

    reading = read_patch(_six_six([(0, 1), (1, 1), (0, 4), (1, 4)]), True, CFG)
    assert reading.face == "6-6" and reading.confidence >= CFG["min_confidence"], reading


@pytest.mark.parametrize(
    "red",
    [
        [(0, 0), (0, 1), (0, 3), (0, 4)],  # two of a column in each half, as a red 4's
        [(0, 1), (1, 1), (0, 3), (0, 4)],  # one half's middle row, the other's a 4's column
        [(0, 0), (1, 0), (0, 3), (1, 3)],  # each half's first row
    ],
)
def test_a_six_six_with_two_red_pips_a_half_elsewhere_is_in_doubt(
    red: list[tuple[int, int]],
) -> None:
    """Two red pips in a half other than its middle row are a red 4's, seen through a cell
    laid across two of them and their neighbours (a 4-4 read as a 6-6)."""
    from vision.read import read_patch

    reading = read_patch(_six_six(red), True, CFG)
    assert reading.confidence < CFG["min_confidence"], reading


def _two_five(middle: str, light: float = 0.0) -> np.ndarray:
    """A black 5-2 whose 2 has, where a 3's middle pip lies, a ``middle``: a glare's soft light
    (white's share at its middle, ``light``, falling off over 5 px) or a "pip"."""
    patch = _dark_patch()
    _pips(patch, [(29, 9), (11, 33)], WHITE)
    _pips(patch, FIVE_BELOW, WHITE)
    if middle == "pip":
        _pips(patch, [(20, 21)], WHITE)
    yy, xx = np.mgrid[0:86, 0:40]
    lit = light * np.exp(-((xx - 20) ** 2 + (yy - 21) ** 2) / (2 * 5.0**2))
    patch[..., 0] = np.clip(patch[..., 0] + (255 - patch[..., 0]) * lit, 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(patch, (0, 0), 0.8)


@pytest.mark.parametrize("light", [0.4, 0.5])
def test_a_faint_glare_where_a_threes_middle_pip_lies_is_passed_over(light: float) -> None:
    """Another renderer's glossy black tiles: a glare beside a 2's pips, fainter than they
    and fading into the body over many pixels, was counted as a 3's middle pip (4-2 and 5-2
    read as 4-3 and 5-3, sure, three times). Soft throughout and fainter than the pips, it
    hides none (a pip under it would stand out of it): it is passed over."""
    from vision.read import read_patch

    reading = read_patch(_two_five("glare", light), True, CFG)
    assert reading.face == "5-2" and reading.confidence >= CFG["min_confidence"], reading


@pytest.mark.parametrize("light", [0.6, 0.7, 0.8])
def test_a_glare_as_bright_as_the_pips_leaves_the_tile_in_doubt(light: float) -> None:
    """As bright as the pips, a soft light may hide one: the tile is in doubt."""
    from vision.read import read_patch

    reading = read_patch(_two_five("glare", light), True, CFG)
    assert reading.confidence < CFG["min_confidence"], reading
    assert any("soft light" in d for d in reading.defects), reading


def test_a_pip_where_a_threes_middle_pip_lies_is_one() -> None:
    from vision.read import read_patch

    reading = read_patch(_two_five("pip"), True, CFG)
    assert reading.face == "5-3" and reading.confidence >= CFG["min_confidence"], reading


@settings(max_examples=40, deadline=None)
@given(
    light=st.floats(0.2, 0.9),
    spread=st.floats(3.0, 8.0),
    pip=st.integers(110, 220),
    blur=st.floats(0.6, 2.5),
)
def test_a_glare_over_a_threes_middle_pip_never_makes_it_a_two(
    light: float, spread: float, pip: int, blur: float
) -> None:
    """A glare over a pip takes it into its soft light: the 3 is read, or left in doubt,
    never read as the 2 its corners make (every soft light passed over, bright as the pips
    or with a pip's step in it, did so)."""
    from vision.read import read_patch

    patch = _dark_patch()
    _pips(patch, [(29, 9), (20, 21), (11, 33)], (pip, 128, 128))
    _pips(patch, FIVE_BELOW, WHITE)
    yy, xx = np.mgrid[0:86, 0:40]
    lit = light * np.exp(-((xx - 20) ** 2 + (yy - 21) ** 2) / (2 * spread**2))
    patch[..., 0] = np.clip(patch[..., 0] + (255 - patch[..., 0]) * lit, 0, 255).astype(np.uint8)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), blur), True, CFG)
    assert reading.face == "5-3" or reading.confidence < CFG["min_confidence"], reading


def _ivory_three_three_under_a_glare(glare: float) -> np.ndarray:
    """An ivory 3-3 whose upper 3's middle pip lies under a glare (the light's share of white
    at its middle, ``glare``, falling off over 7 px)."""
    patch = np.zeros((86, 40, 3), np.uint8)
    patch[:] = (222, 128, 140)
    _pips(patch, [(11, 9), (20, 21), (29, 33), (11, 52), (20, 64), (29, 76)], (40, 128, 128))
    yy, xx = np.mgrid[0:86, 0:40]
    lit = glare * np.exp(-((xx - 20) ** 2 + (yy - 21) ** 2) / (2 * 7.0**2))
    patch[..., 0] = np.clip(255 - (255 - patch[..., 0]) * (1 - lit), 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(patch, (0, 0), 0.8)


@pytest.mark.parametrize("glare", [0.7, 0.8])
def test_a_pip_a_glare_washes_out_against_the_tile_leaves_it_in_doubt(glare: float) -> None:
    """The glare lightens the pip to the body's median, too faint to count and too faint to
    stand out from the tile's body as a washed-out pip does, and the 3-3 read as a 3-2,
    sure (another renderer's ivory tile on grey). Against the body about it, lightened too,
    the pip still stands out: the tile is in doubt."""
    from vision.read import read_patch

    reading = read_patch(_ivory_three_three_under_a_glare(glare), False, CFG)
    assert reading.confidence < CFG["min_confidence"], reading


def test_a_line_across_the_middle_as_light_as_the_pips_is_held_as_a_seam_but_in_a_lined_set() -> (
    None
):
    """A Western set's line between the halves is the colour of its pips: found as a blob,
    it was read as pips (a 6-2 as a 6-4, the line cut in two). It is the middle's line:
    held against the cell as a seam is, but not in a set with lines."""
    from vision.read import SEAM, for_lined_sets, read_patch

    patch = _dark_patch()
    _pips(patch, [(12, y) for y in (9, 21, 33)] + [(28, y) for y in (9, 21, 33)], WHITE)
    _pips(patch, [(12, 63), (28, 63)], WHITE)
    cv2.rectangle(patch, (8, 42), (32, 44), WHITE, -1)
    blurred = cv2.GaussianBlur(patch, (0, 0), 0.8)
    plain = read_patch(blurred, True, CFG)
    assert SEAM in plain.defects and plain.confidence < CFG["min_confidence"], plain
    lined = read_patch(blurred, True, for_lined_sets(CFG))
    assert lined.face == "6-2" and lined.confidence >= CFG["min_confidence"], lined


def _across_a_tile(felt: tuple[int, int, int]) -> np.ndarray:
    """A black tile lying across the picture on a cloth, four white pips in two rows on it
    (two columns of a 6's): a cell laid across the tile sees them as a 2-2's."""
    image = np.full((200, 200, 3), felt, np.uint8)
    cv2.rectangle(image, (20, 76), (180, 124), (35, 35, 35), -1)
    for x in (88, 112):
        for y in (88, 112):
            cv2.circle(image, (x, y), 5, (235, 235, 235), -1, cv2.LINE_AA)
    return cv2.GaussianBlur(image, (3, 3), 0)


def test_a_cell_across_a_tile_onto_a_cloth_of_its_lightness_is_in_doubt() -> None:
    """Another renderer's black 2-6 on a dark blue felt (its distractors_378): a cell laid
    across the tile, its ends on the felt, as dark as the tile's body, read 2-2 sure.
    Its body is of two colours, not shades."""
    across = ((80.0, 46.0), (120.0, 46.0), (120.0, 154.0), (80.0, 154.0))
    floor = float(CFG["min_confidence"])
    on_felt = read_tile(_across_a_tile((110, 45, 20)), across, True, 2.7, CFG)
    assert on_felt.confidence < floor
    assert any("two colours" in d for d in on_felt.defects)
    # the same cell all on black reads the four pips as they lie
    on_black = read_tile(_across_a_tile((35, 35, 35)), across, True, 2.7, CFG)
    assert on_black.face == "2-2" and on_black.confidence >= floor


def _one_one(square: bool) -> np.ndarray:
    """An ivory 1-1 on a green felt, its red 1s discs, or squares as large."""
    image = np.full((160, 120, 3), (60, 110, 40), np.uint8)
    cv2.rectangle(image, (40, 34), (79, 125), (200, 225, 235), -1)
    for cy in (57, 102):
        if square:
            cv2.rectangle(image, (52, cy - 8), (67, cy + 8), (40, 35, 190), -1)
        else:
            cv2.circle(image, (60, cy), 8, (40, 35, 190), -1, cv2.LINE_AA)
    return cv2.GaussianBlur(image, (3, 3), 0)


def test_a_square_as_large_as_a_1_is_a_cloths_check_not_a_pip() -> None:
    """Another renderer's gingham of dark magenta and cream squares (its empty_59): a cell
    over the checks read each dark square as a red 1, a 1-1 on an empty table."""
    cell = ((40.0, 34.0), (80.0, 34.0), (80.0, 126.0), (40.0, 126.0))
    floor = float(CFG["min_confidence"])
    squares = read_tile(_one_one(square=True), cell, False, 2.3, CFG)
    assert squares.confidence < floor
    assert any("square 1" in d for d in squares.defects)
    discs = read_tile(_one_one(square=False), cell, False, 2.3, CFG)
    assert discs.face == "1-1" and discs.confidence >= floor


def _glare_over_half(face: str, end: int, strength: float) -> tuple[np.ndarray, tuple]:
    """An ivory tile with a glare (white at ``strength`` of its middle, falling off over
    0.2 W) over the middle of its upper (``end`` -1) or lower (1) half."""
    image, truth = render_tile(face, seed=0, scheme="ivory", width=40.0, angle=0.0)
    corners = np.array(truth.corners)
    centre = corners.mean(axis=0)
    length = float(np.hypot(*(corners[3] - corners[0])))
    yy, xx = np.mgrid[0 : image.shape[0], 0 : image.shape[1]]
    cx, cy = centre[0], centre[1] + end * length / 4
    lit = strength * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * 8.0**2))
    out = image * (1 - lit[..., None]) + 255 * lit[..., None]
    return np.clip(out, 0, 255).astype(np.uint8), truth.corners


@pytest.mark.parametrize("face", ["3-3", "5-3", "3-1", "4-3"])
@pytest.mark.parametrize("end", [-1, 1])
def test_a_pip_a_glare_greys_is_counted_where_the_face_then_holds_just_it(
    face: str, end: int
) -> None:
    """A glare greys an ivory tile's middle pip, too faint for the threshold the other pips
    set: read again with the faint pips counted, the face reads sure with just those pips
    more (a 3-3 read 3-2 in doubt before: another renderer's 3-4 under a glare)."""
    image, corners = _glare_over_half(face, end, 0.6)
    reading = read_tile(image, corners, False, 2.125, CFG)
    assert reading.face == face and reading.confidence >= CFG["min_confidence"], reading


def test_faint_pips_counted_must_be_just_those_too_faint() -> None:
    """The reading with faint pips counted stands only where it holds as many more pips as
    were too faint to count: else (a blob lit into pieces) the first reading stands."""
    from vision.read import WASHED, _with_the_washed_out, canonical
    from vision.types import Reading

    image, corners = _glare_over_half("3-3", -1, 0.6)
    patch = cv2.cvtColor(canonical(image, corners, 40, 85), cv2.COLOR_BGR2LAB)
    first = Reading(3, 2, 0.55, (f"1 {WASHED}",), washed=1)
    assert _with_the_washed_out(patch, False, CFG, None, 40.0, first).face == "3-3"
    claimed = Reading(3, 2, 0.55, (f"2 {WASHED}",), washed=2)  # (one more than the glare hides)
    assert _with_the_washed_out(patch, False, CFG, None, 40.0, claimed) is claimed


def test_a_column_of_pips_run_together_to_the_cell_s_end_is_not_one_pip() -> None:
    """A 6's column of three large pips run together, touching the cell's end, measured by
    a 1's large pip (174 px): about one pip's area, it passed for one pip cut by the
    margin, and a 6-1 read as a 2-1, sure (a sixth independent renderer: 30 tiles so). A
    pip cut by the margin is no longer than a pip is wide."""
    from vision.read import _a_chain

    column = [6, 48, 10, 30, 232]  # x, y, w, h, area in a 40 x 82 patch, margin 4
    assert _a_chain(column, 4, 40, 82, 174.0, float(CFG["chain"]))
    cut = [2, 40, 6, 13, 60]  # a pip cut by the cell's side
    assert not _a_chain(cut, 4, 40, 82, 174.0, float(CFG["chain"]))


@pytest.mark.parametrize(("dot", "one_one"), [((135, 146, 134), False), ((125, 160, 150), True)])
def test_dots_under_a_pink_light_are_red_only_if_redder_than_the_body(
    dot: tuple[int, int, int], one_one: bool
) -> None:
    """A pink light over a cloth of purple dots: two dots in a cell laid on it are as red
    outright (a* 146, 18 over grey) as a 1's red pip, but hardly redder than the cloth
    about them (its a* 141): read as a 1-1, sure, 79 times over the cloth (a sixth
    independent renderer's scene 271). A red 1 under that light stands out of the body."""
    from vision.read import read_patch

    patch = np.zeros((86, 40, 3), np.uint8)
    patch[:] = (198, 141, 147)
    for y in (21, 65):
        cv2.circle(patch, (20, y), 7, dot, -1)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 0.8), False, CFG)
    sure = reading.face == "1-1" and reading.confidence >= CFG["min_confidence"]
    assert sure == one_one, reading


def test_dark_blue_pips_on_an_ivory_tile_are_read() -> None:
    """Some ivory sets paint their pips dark blue, not black (b* 20 below grey): a sixth
    independent renderer's were all put in doubt as a die's (210 tiles)."""
    from vision.read import read_patch

    patch = np.zeros((86, 40, 3), np.uint8)
    patch[:] = (225, 128, 136)
    for x, y in [(11, 11), (20, 21), (29, 32), (11, 54), (29, 54), (20, 64), (11, 75), (29, 75)]:
        cv2.circle(patch, (x, y), 4, (80, 132, 108), -1)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 0.8), False, CFG)
    assert reading.face == "5-3" and reading.confidence >= CFG["min_confidence"], reading


@pytest.mark.parametrize(("small", "sure"), [(4, False), (7, True)])
def test_a_one_one_s_pips_are_alike(small: int, sure: bool) -> None:
    """A playing card's red diamond and the small one of its corner (drawn as discs: a
    blurred diamond is as round), in a cell laid along the card, read as a 1-1, sure (the
    fifth renderer's scene 361). A 1-1's pips are two of one set's 1s, alike in size."""
    from vision.read import read_patch

    patch = np.zeros((86, 40, 3), np.uint8)
    patch[:] = (235, 128, 128)
    cv2.circle(patch, (20, 21), 7 if sure else 8, (100, 178, 158), -1)
    cv2.circle(patch, (20, 65), small, (100, 178, 158), -1)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 0.8), False, CFG)
    assert (reading.face == "1-1" and reading.confidence >= CFG["min_confidence"]) == sure, reading


def test_a_six_s_columns_run_together_beside_a_one_are_counted_by_a_pip_s_size() -> None:
    """A 6-1 whose 6's pips run together into two columns of three, its 1's large red pip
    the only round blob: that pip, half as large again as a pip, was the measure of the
    6's, and each column passed for one pip (a 2-1) or for none (in doubt). A lone red
    pip is a 1's, no measure of the others: they are measured by a pip's usual size and
    cut at their necks."""
    from vision.read import read_patch

    patch = np.zeros((86, 40, 3), np.uint8)
    patch[:] = (225, 128, 136)  # ivory
    cv2.circle(patch, (20, 21), 8, (110, 175, 150), -1)  # the 1's large red pip
    for x in (11, 29):
        for y in (62, 70, 78):
            cv2.circle(patch, (x, y), 4, (40, 128, 128), -1)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 0.7), False, CFG)
    assert reading.face == "6-1" and reading.confidence >= CFG["min_confidence"], reading


def test_a_line_as_light_as_the_pips_across_a_tile_s_middle_is_past_measure() -> None:
    """A line across a black tile's middle as light as its pips is found as a blob, a seam
    past any measure (infinite: see recognizer._seams_in_doubt); a fainter one is
    measured."""
    cfg = copy.deepcopy(load_config("synth"))
    cfg["tile"].update(centre_line_share=1.0, centre_line_width=[0.06, 0.06])
    cfg["tile"].update(centre_line_length=[0.8, 0.8])
    middles = []
    for contrast in (60, 200):
        cfg["tile"]["centre_line_contrast"] = [contrast, contrast]
        image, truth = render_tile("6-5", seed=0, scheme="dark", width=40.0, angle=0.0, cfg=cfg)
        reading = read_tile(image, truth.corners, True, 2.15, load_config("recognize")["read"])
        assert "a seam across the middle" in reading.defects
        middles.append(reading.middle)
    assert 20 < middles[0] < math.inf and middles[1] == math.inf


#: a die's blue pip (Lab) on another renderer's white dice: as far above grey in a* as a
#: red pip, and far below it in b*
BLUE = (48, 156, 78)


def _white_patch() -> np.ndarray:
    """A white die's or an ivory tile's upright patch (Lab), no pips yet."""
    patch = np.zeros((86, 40, 3), np.uint8)
    patch[:] = (235, 128, 132)
    return patch


@pytest.mark.parametrize(
    ("colour", "sure"),
    [
        (BLUE, False),
        ((90, 172, 150), True),  # red
        ((90, 168, 121), True),  # red under a cool light (hue -10 degrees)
    ],
)
def test_a_one_one_s_pips_are_red_by_their_hue_too(
    colour: tuple[int, int, int], sure: bool
) -> None:
    """Another renderer's white dice, their pips blue: a cell over two of a die's pips read
    as a 1-1, sure, on an empty table (the pips a* 26 to 31 over grey, as a red pip's; b*
    45 to 53 below it)."""
    from vision.read import read_patch

    patch = _white_patch()
    for y in (21, 64):
        cv2.circle(patch, (20, y), 6, colour, -1)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 0.8), False, CFG)
    assert reading.face == "1-1", reading
    assert (reading.confidence >= CFG["min_confidence"]) == sure, reading


#: pips of faces (upright patch, 40 x 86): a 5-3, a 6-2 and a 2-2, as the renderers lay them
BLUE_FACES = {
    "5-3": [(11, 11), (20, 21), (29, 32), *FIVE_BELOW],
    "6-2": [(11, 9), (29, 9), (11, 21), (29, 21), (11, 33), (29, 33), (11, 64), (29, 64)],
    "2-2": [(11, 21), (29, 21), (11, 64), (29, 64)],
}


@pytest.mark.parametrize(("face", "sure"), [("5-3", True), ("6-2", True), ("2-2", False)])
def test_blue_pips_count_against_a_two_two_alone(face: str, sure: bool) -> None:
    """Some ivory sets paint their pips a blue as far above grey in a* as a red pip (the
    eighth renderer's: 136 of its 223 such tiles read, the others in doubt for "red pips
    in a 6" and the like). Such a pip, not of a red's hue, is no red one: it counts
    against a 2-2 alone, which is what a cell across two rows of a die's 6 shows, and
    dice pips are often blue (the eighth renderer's empty tables 21 and 141)."""
    from vision.read import read_patch

    patch = _white_patch()
    _pips(patch, BLUE_FACES[face], BLUE)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 0.8), False, CFG)
    assert reading.face == face, reading
    assert (reading.confidence >= CFG["min_confidence"]) == sure, reading


@pytest.mark.parametrize(
    ("three", "along"),
    [
        ([(20, 9), (20, 21), (20, 33)], True),  # a column along the centre line
        ([(11, 9), (20, 21), (29, 33)], False),  # a diagonal
    ],
)
def test_a_reading_says_where_a_3_lies_in_a_column(
    three: list[tuple[int, int]], along: bool
) -> None:
    """A 3 so laid, read (beside a 6 here), says the set lays its 3s (and 2s) so: no cell
    off its tile, nor one cut crosswise over two tiles, shows a 3 in a column, and the
    picture is read again as such a set's (``recognizer.recognize``)."""
    from vision.read import read_patch

    patch = _dark_patch()
    _pips(patch, three, WHITE)
    _pips(patch, [(12, 54), (28, 54), (12, 66), (28, 66), (12, 78), (28, 78)], WHITE)
    reading = read_patch(cv2.GaussianBlur(patch, (0, 0), 0.8), True, CFG)
    assert reading.face == "6-3" and reading.confidence >= CFG["min_confidence"], reading
    assert reading.along == along


def _ivory_patch_with_worn_pips(
    pips: list[tuple[int, int]], worn: dict[tuple[int, int], tuple[float, int]]
) -> np.ndarray:
    """An ivory tile's patch (Lab, 40 px wide) with black pips of radius 4 at ``pips``; those
    in ``worn`` (bare, gap) keep only a ring of their paint about a bare cup of radius
    ``bare`` (the body's colour), open over ``gap`` degrees toward the tile's middle."""
    import cv2

    patch = np.zeros((90, 40, 3), np.uint8)
    patch[:] = (230, 128, 140)
    body = (230, 128, 140)
    for x, y in pips:
        cv2.circle(patch, (x * 4, y * 4), 16, (60, 128, 128), -1, cv2.LINE_AA, 2)
        if (x, y) in worn:
            bare, gap = worn[(x, y)]
            cv2.circle(patch, (x * 4, y * 4), round(bare * 4), body, -1, cv2.LINE_AA, 2)
            toward = 0 if x < 20 else 180
            cv2.ellipse(
                patch, (x * 4, y * 4), (20, 20), toward, -gap / 2, gap / 2, body, -1, cv2.LINE_AA, 2
            )
    return cv2.GaussianBlur(patch, (0, 0), 0.7)


FIVE_TWO = [(11, 11), (29, 11), (20, 22), (11, 33), (29, 33), (13, 67), (27, 67)]


def test_a_worn_pip_s_crescent_of_paint_is_counted() -> None:
    """A worn set's pip keeps a crescent of its paint about a bare cup: too thin to be round,
    it was a blob too small for a pip, and the 5-2 read in doubt; read again with each blob
    filled out to its hull, it is a pip."""
    from vision.read import read_patch

    reading = read_patch(_ivory_patch_with_worn_pips(FIVE_TWO, {(29, 11): (2.5, 120)}), False, CFG)
    assert reading.face == "5-2" and reading.confidence >= CFG["min_confidence"], reading


def test_a_worn_pip_too_faint_to_count_leaves_the_face_in_doubt() -> None:
    """Two of a 5's pips worn: the one whose paint is a thin crescent is not counted, and
    the 5's other pips lie as a 3's (corner, middle, corner), a face the layout allows: it
    read 3-2, sure. The crescent, as wide as a pip and touching none, is a worn pip's."""
    from vision.read import read_patch

    reading = read_patch(
        _ivory_patch_with_worn_pips(FIVE_TWO, {(29, 11): (3.3, 90), (11, 33): (3.3, 90)}),
        False,
        CFG,
    )
    assert reading.face == "5-2" or reading.confidence < CFG["min_confidence"], reading
