"""The real photographs (../shared/photos, never copied here): no tile on negatives, and the
tiles reported on usable photos are read right, and no fewer of them found than already are.
How many are found per image is measured by bench/recognition.py."""

from __future__ import annotations

from collections import Counter
from typing import Any

import cv2

from vision.recognizer import recognize
from vision.synth.retake import perturbed

from .conftest import PHOTOS


def _run(name: str) -> Counter[str]:
    image = cv2.imread(str(PHOTOS / name))
    assert image is not None, name
    return Counter(t.face for t in recognize(image).tiles)


def test_negative_photos_show_no_face_up_tile(photo_labels: dict[str, Any]) -> None:
    negatives = [n for n, v in photo_labels.items() if v["usable_as_topdown_test"] == "negative"]
    assert negatives
    for name in negatives:
        assert _run(name) == Counter(), name


def test_usable_photos_report_only_tiles_that_are_there(photo_labels: dict[str, Any]) -> None:
    reported = wrong = right = there = 0
    for name, v in photo_labels.items():
        if v["usable_as_topdown_test"] is not True:
            continue
        got = _run(name)
        want = Counter(v["face_up_tiles"])
        reported += sum(got.values())
        wrong += sum((got - want).values())
        right += sum((got & want).values())
        there += sum(want.values())
    assert reported > 0
    assert wrong <= 0.005 * reported  # the target: 99.5 % of the tiles reported read right
    # and 99.5 % of the tiles there found (502 of 504, 99.6 %, when this was set)
    assert right >= 0.995 * there


def test_a_photo_taken_again_splits_no_pip_with_a_glint(photo_labels: dict[str, Any]) -> None:
    """wu-hierarchy turned, scaled and saved again (seed 11): the wood's grain and the pips'
    glints make most blobs specks, against which every pip looked twice the typical one, and
    the pips a glint pinches fell in two; the tiles were read at a third of their size, four
    3s' diagonals as 2-2s. A pip's size is taken from the larger blobs."""
    image = cv2.imread(str(PHOTOS / "wu-hierarchy.jpg"))
    assert image is not None
    got = Counter(t.face for t in recognize(perturbed(image, 11)).tiles)
    want = Counter(photo_labels["wu-hierarchy.jpg"]["face_up_tiles"])
    assert got - want == Counter(), got - want
    assert sum((got & want).values()) >= 5  # of 10, as before the split of touching pips


def test_a_dragons_l_shaped_corner_is_read_whole(photo_labels: dict[str, Any]) -> None:
    """dragon-example's L-shaped corner, where tiles meet at right angles, was three tiles
    short until the first stage split pips touching in pairs and columns on tiles lying
    askew (such a blob fills its box as one round pip does)."""
    want = Counter(photo_labels["dragon-example.jpg"]["face_up_tiles"])
    got = _run("dragon-example.jpg")
    assert got == want, (got - want, want - got)


def test_a_photo_taken_again_shows_no_tile_across_two_rows(photo_labels: dict[str, Any]) -> None:
    """paigow-pairs turned, scaled and saved again (seed 11, as the perturbed bench would): a
    cell placed by pips over the table between two rows, holding the end pips of a tile
    above and of one below (both read already), read as a 2-1 that is not there."""
    image = cv2.imread(str(PHOTOS / "paigow-pairs.jpg"))
    assert image is not None
    got = Counter(t.face for t in recognize(perturbed(image, 11)).tiles)
    want = Counter(photo_labels["paigow-pairs.jpg"]["face_up_tiles"])
    assert got - want == Counter(), got - want
    assert sum((got & want).values()) >= 30  # of 32: the rest are read, not dropped


def test_a_close_up_of_ivory_tiles_on_white_reads_no_column_of_pips_as_a_tile(
    photo_labels: dict[str, Any],
) -> None:
    """ext-tak-ivory-6-6-and-6-5 (a Western set, marked partial): the columns of large black
    pips, with the ivory showing between them, were read as three black 2-2s, sure."""
    name = "ext-tak-ivory-6-6-and-6-5.jpg"
    got = _run(name)
    assert got - Counter(photo_labels[name]["face_up_tiles"]) == Counter(), got


def test_a_block_read_at_another_size_keeps_its_sure_tiles(photo_labels: dict[str, Any]) -> None:
    """eight-trigrams-in-progress scaled down and saved again (way 3, as the perturbed bench
    would): a block of six tiles 25-28 px wide fits no cut at the set's size nor at the
    sizes measured on its rims, and was lost; cut at a width 9 % larger, four of its tiles
    read sure and two in doubt. The four stand, none misread."""
    image = cv2.imread(str(PHOTOS / "eight-trigrams-in-progress.jpg"))
    assert image is not None
    got = Counter(t.face for t in recognize(perturbed(image, 3)).tiles)
    want = Counter(photo_labels["eight-trigrams-in-progress.jpg"]["face_up_tiles"])
    assert got - want == Counter(), got - want
    assert sum((got & want).values()) >= 25  # of 32; 21 before
