from __future__ import annotations

import copy

import numpy as np

from vision.config import load_config
from vision.synth import render_scene, render_table, render_tile


def test_same_seed_same_frame_and_truth() -> None:
    a, ta = render_scene(7)
    b, tb = render_scene(7)
    assert np.array_equal(a, b)
    assert ta.tiles == tb.tiles
    c, _ = render_scene(8)
    assert not np.array_equal(a, c)


def test_scene_truth_counts_the_given_tiles() -> None:
    image, truth = render_scene(3, faces=["6-6", None, "2-1"], distractors=0)
    assert image.shape == (720, 1280, 3) and image.dtype == np.uint8
    assert sorted(t.face or "" for t in truth.tiles) == ["", "2-1", "6-6"]
    assert truth.face_down == 1
    for t in truth.tiles:
        assert all(0 <= x < 1280 and 0 <= y < 720 for x, y in t.corners)


def test_a_scene_of_pairs_deals_civil_pairs_face_up_one_after_the_other() -> None:
    """With `pairs`, the tiles are pairs of the civil faces a set holds twice, a pair's two
    tiles placed one after the other (so mostly in one group, as players lay a pair)."""
    import copy

    from vision.config import load_config
    from vision.faces import CIVIL_FACES

    cfg = copy.deepcopy(load_config("synth"))
    cfg["scene"]["pairs"] = True
    for seed in range(6):
        _, truth = render_scene(seed, cfg=cfg)
        faces = [t.face for t in truth.tiles]
        assert faces and all(f in CIVIL_FACES for f in faces)
        whole = faces[: len(faces) // 2 * 2]
        assert whole[::2] == whole[1::2]
        assert len(set(whole[::2])) == len(whole[::2])


def test_table_tiles_lie_in_their_zones() -> None:
    image, truth = render_table({"seat1.play": ["5-4", "3-1"], "centre": ["6-6"]}, seed=2)
    assert image.shape == (720, 1280, 3)
    assert [(t.face, t.zone) for t in truth.tiles] == [
        ("5-4", "seat1.play"),
        ("3-1", "seat1.play"),
        ("6-6", "centre"),
    ]


def _with_lines(share: float) -> dict[str, dict[str, object]]:
    cfg = copy.deepcopy(load_config("synth"))
    cfg["tile"]["centre_line_share"] = share
    return cfg


def test_a_set_with_lines_draws_one_across_each_tile_and_leaves_the_scene_as_it_was() -> None:
    plain, truth = render_scene(9003)
    lined, lined_truth = render_scene(9003, cfg=_with_lines(1.0))
    none, _ = render_scene(9003, cfg=_with_lines(0.0))
    assert np.array_equal(plain, none)  # (the choice does not move the scene's tiles)
    assert lined_truth.tiles == truth.tiles
    assert not np.array_equal(plain, lined)
    # only across the tiles' middles: a 1-1's body is plain but for its line
    image, tile = render_tile("1-1", seed=0, scheme="dark", cfg=_with_lines(1.0))
    bare, _ = render_tile("1-1", seed=0, scheme="dark")
    changed = np.argwhere(np.abs(image.astype(int) - bare).max(axis=2) > 0)
    centre = np.array(tile.center)
    length = float(np.hypot(*np.subtract(tile.corners[3], tile.corners[0])))
    assert len(changed) > 0
    assert np.abs(changed[:, 0] - centre[1]).max() <= 0.05 * length  # (upright: rows)


def test_cards_and_hands_lie_clear_of_the_tiles_and_leave_the_scene_as_it_was() -> None:
    """Playing cards and hands resting on the table are drawn from a generator of their
    own: the tiles are where they were, and the pixels over them are as they were."""
    import cv2

    plain, truth = render_scene(9003)
    busy, busy_truth = render_scene(9003, cards=2, hands=2)
    assert busy_truth.tiles == truth.tiles
    changed = np.abs(busy.astype(int) - plain).max(axis=2) > 40
    assert changed.sum() > 0.01 * changed.size  # (cards and hands were drawn)
    over_tiles = np.zeros(changed.shape, np.uint8)
    for tile in truth.tiles:
        cv2.fillPoly(over_tiles, [np.round(np.array(tile.corners)).astype(np.int32)], 1)
    assert not (changed & (over_tiles > 0)).any()
