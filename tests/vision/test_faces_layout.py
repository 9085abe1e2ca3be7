from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from vision.errors import RecognitionError
from vision.faces import CHINESE_FACES, CHINESE_SET, face_name, parse_face
from vision.layout import load_layout


def test_chinese_set_has_32_tiles_civil_pairs_and_military_singles() -> None:
    counts = Counter(CHINESE_SET)
    assert len(CHINESE_SET) == 32
    assert [counts[f] for f in CHINESE_FACES] == [2] * 11 + [1] * 10
    assert {parse_face(f) for f in CHINESE_FACES} == {
        (a, b) for a in range(1, 7) for b in range(1, a + 1)
    }


def test_faces_are_written_high_low() -> None:
    assert face_name(2, 6) == "6-2"
    assert parse_face("4-5") == (5, 4)
    with pytest.raises(RecognitionError, match="pip count out of range: 7"):
        face_name(7, 1)
    with pytest.raises(RecognitionError, match="not a face: 'x'"):
        parse_face("x")


def test_mat_zones_do_not_overlap_and_lie_on_the_mat() -> None:
    mat = load_layout()
    names = {z.name for z in mat.zones}
    assert names == {"centre"} | {f"seat{s}.{k}" for s in range(4) for k in ("play", "won")}
    for z in mat.zones:
        assert 0 <= z.x0 < z.x1 <= mat.width_mm and 0 <= z.y0 < z.y1 <= mat.height_mm
    for a, b in combinations(mat.zones, 2):
        overlap = min(a.x1, b.x1) - max(a.x0, b.x0), min(a.y1, b.y1) - max(a.y0, b.y0)
        assert not (overlap[0] > 0 and overlap[1] > 0), (a.name, b.name)
    for corners in mat.markers.values():
        for x, y in corners:
            assert mat.zone_at((x, y)) is None


def test_seats_go_counter_clockwise_from_the_bottom() -> None:
    mat = load_layout()
    cx, cy = mat.width_mm / 2, mat.height_mm / 2
    play = [mat.zone(f"seat{s}.play").center for s in range(4)]
    assert play[0][1] > cy and play[1][0] > cx and play[2][1] < cy and play[3][0] < cx
