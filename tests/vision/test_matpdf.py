"""The printed mat (vision/matpdf.py) as a printer and the camera would see it.

The PDF's pages are rasterised here by their filled rectangles (all reportlab draws the ground,
the markers' white borders and their cells with), so the test needs no PDF renderer.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.web.test_exports import STREAM, _decoded
from vision.calibrate import find_mat
from vision.layout import MatLayout, load_layout
from vision.matpdf import write_mat

PT_PER_MM = 72 / 25.4


def _pages(pdf: bytes) -> list[str]:
    """Each page's content stream (reportlab writes them ASCII85 then Flate, in page order)."""
    return [
        _decoded(m.group(2), m.group(3)).decode("latin-1")
        for m in re.finditer(STREAM, pdf, re.S)
        if b"/ASCII85Decode" in m.group(2)
    ]


def _raster(content: str, size_mm: tuple[float, float], ppm: float) -> np.ndarray:
    """The page's filled rectangles in BGR, ``ppm`` pixels per millimetre, y down."""
    w, h = round(size_mm[0] * ppm), round(size_mm[1] * ppm)
    out = np.full((h, w, 3), 255, np.uint8)
    fill = (0, 0, 0)
    shift, saved = (0.0, 0.0), []
    k = ppm / PT_PER_MM
    for line in content.splitlines():
        words = line.split()
        if words == ["q"]:
            saved.append(shift)
        elif words == ["Q"]:
            shift = saved.pop()
        elif words[-1:] == ["cm"] and words[:4] == ["1", "0", "0", "1"]:
            shift = (shift[0] + float(words[4]), shift[1] + float(words[5]))
        elif words[-1:] == ["rg"]:
            r, g, b = (round(float(v) * 255) for v in words[:3])
            fill = (b, g, r)
        elif words[:1] == ["n"] and words[-2:] == ["re", "f*"]:
            x, y, rw, rh = (float(v) for v in words[1:5])
            x, y = x + shift[0], y + shift[1]
            # (outward to whole pixels: cells side by side leave no seam between them)
            x0, x1 = math.floor(x * k), math.ceil((x + rw) * k)
            y0, y1 = math.floor(h - (y + rh) * k), math.ceil(h - y * k)
            out[max(0, y0) : max(0, y1), max(0, x0) : max(0, x1)] = fill
    return out


def _a1(layout: MatLayout, tmp_path: Path, ppm: float) -> np.ndarray:
    out = tmp_path / "mat.pdf"
    write_mat(out, layout)
    return _raster(_pages(out.read_bytes())[0], (layout.width_mm, layout.height_mm), ppm)


def _in_a_camera(page: np.ndarray) -> np.ndarray:
    """The page as a 1280x720 camera a little off square sees it, on a darker table."""
    h, w = page.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[190, 60], [1100, 80], [1130, 690], [150, 670]])
    warp = cv2.getPerspectiveTransform(src, dst)
    return cv2.warpPerspective(page, warp, (1280, 720), borderValue=(60, 80, 100))


@pytest.mark.parametrize("dictionary", ["DICT_4X4_50", "DICT_5X5_50", "DICT_6X6_250"])
def test_the_printed_markers_are_those_of_the_layouts_dictionary(
    tmp_path: Path, dictionary: str
) -> None:
    """mat.toml names the ArUco dictionary once, for the PDF and the calibration. The PDF drew
    every marker as a 6 x 6 grid (a 4 x 4 code and its border) whatever the dictionary: with
    DICT_5X5_50 or DICT_6X6_250 'tiengow mat' ended in an OpenCV assertion traceback. Each
    marker is found, by the layout's dictionary, at its corners on the sheet."""
    layout = replace(load_layout(), dictionary=dictionary)
    ppm = 3.0
    page = _a1(layout, tmp_path, ppm)
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary)),
        cv2.aruco.DetectorParameters(),
    )
    corners, ids, _ = detector.detectMarkers(cv2.cvtColor(page, cv2.COLOR_BGR2GRAY))
    assert ids is not None and sorted(ids.ravel().tolist()) == sorted(layout.markers)
    for marker_id, quad in zip(ids.ravel(), corners, strict=True):
        # (ArUco's corners lie on the outer edge of the black border, within a pixel)
        seen = quad.reshape(4, 2) / ppm
        assert np.abs(seen - np.array(layout.markers[int(marker_id)])).max() < 1.0
    calibration = find_mat(_in_a_camera(page), layout)
    assert calibration.markers == tuple(sorted(layout.markers))


def test_the_zone_labels_are_in_traditional_chinese_with_english_beside_them(
    tmp_path: Path,
) -> None:
    """The club's players read Chinese; the labels were English only ('seat 0 play',
    'centre'). Each zone is named in Traditional Chinese in the project's words (出牌區 as the
    scoreboard's refusal says, 棟 for the stacks a trick earns, rules.md), English beside it,
    in Noto Sans CJK embedded in the PDF, as the printed standings are."""
    from tests.web.test_exports import pdf_text

    out = tmp_path / "mat.pdf"
    write_mat(out)
    data = out.read_bytes()
    text = pdf_text(data)
    for seat in range(4):
        assert f"座位 {seat} 出牌區" in text and f"seat {seat} play" in text
        assert f"座位 {seat} 贏棟" in text and f"seat {seat} won stacks" in text
    assert "中央" in text and "centre" in text
    assert b"/FontFile2" in data  # the Chinese face is embedded, not left to the viewer


def test_the_labels_can_be_simplified_chinese_or_english_alone(tmp_path: Path) -> None:
    """`tiengow mat --lang`: the scoreboard's languages; Simplified in the mainland
    scoreboard's words (出牌区, 戙), English alone with no Chinese font at all."""
    from hub.cli import main
    from tests.web.test_exports import pdf_text

    out = tmp_path / "mat.pdf"
    assert main(["mat", "--out", str(out), "--lang", "zh-Hans"]) == 0
    text = pdf_text(out.read_bytes())
    assert "座位 1 出牌区" in text and "座位 1 赢戙" in text and "seat 1 play" in text
    assert main(["mat", "--out", str(out), "--lang", "en"]) == 0
    data = out.read_bytes()
    assert "seat 3 won stacks" in pdf_text(data) and b"/FontFile2" not in data


def test_without_noto_cjk_the_labels_fall_back_to_the_viewers_chinese_font(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A machine without fonts-noto-cjk still writes the mat, its Chinese in the viewer's
    CID font (as the standings sheet does), not a traceback."""
    from tests.web.test_exports import pdf_text
    from vision import printfont

    monkeypatch.setattr(printfont, "NOTO_CJK_REGULAR", tmp_path / "missing.ttc")
    out = tmp_path / "mat.pdf"
    write_mat(out)
    data = out.read_bytes()
    assert b"/STSong-Light" in data and "座位 2 出牌區" in pdf_text(data)


def _text_matrices(content: str) -> list[tuple[float, ...]]:
    """Each text object's matrix on a page (its last ``a b c d e f Tm``), in drawing order."""
    number = r"(-?[\d.]+)"
    matrix = " ".join([number] * 6) + r" Tm"
    out = []
    for block in re.findall(r"\bBT\b(.*?)\bET\b", content, re.S):
        found = re.findall(matrix, block)
        if found:
            out.append(tuple(float(v) for v in found[-1]))
    return out


def test_each_seats_labels_face_that_seat(tmp_path: Path) -> None:
    """Every label was printed upright, so the player at the top seat read his upside down
    and the side seats theirs sideways. A seat's labels now read from where it sits (seats
    counter-clockwise from seat 0 at the bottom edge, mat.toml): seat 1 (right) turned a
    quarter anticlockwise, seat 2 (top) half a turn, seat 3 (left) a quarter clockwise; the
    centre reads from seat 0. Each line starts in its own zone."""
    layout = load_layout()
    out = tmp_path / "mat.pdf"
    write_mat(out)
    turns = {0: (1, 0), 1: (0, 1), 2: (-1, 0), 3: (0, -1)}  # seat -> (cos, sin) of its turn
    seen: dict[str, int] = {}
    for a, b, c, d, e, f in _text_matrices(_pages(out.read_bytes())[0]):
        origin = (e / PT_PER_MM, layout.height_mm - f / PT_PER_MM)
        zone = layout.zone_at(origin)
        assert zone is not None, f"a label starts off every zone, at {origin}"
        seat = int(zone[4]) if zone.startswith("seat") else 0
        assert (round(a, 6), round(b, 6), round(c, 6), round(d, 6)) == (
            *turns[seat],
            -turns[seat][1],
            turns[seat][0],
        ), f"{zone}'s label is turned {math.degrees(math.atan2(b, a)):.0f} degrees"
        seen[zone] = seen.get(zone, 0) + 1
    assert seen == {zone.name: 2 for zone in layout.zones}  # Chinese and English


def _sheets(pdf: bytes, mat_h: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Each A4 sheet's size and the point of the mat at its top-left corner, millimetres
    (y down), read from its MediaBox and the shift its content draws the mat with."""
    boxes = re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)[1:]
    out = []
    for (w, h), content in zip(boxes, _pages(pdf)[1:], strict=True):
        size = (float(w) / PT_PER_MM, float(h) / PT_PER_MM)
        shift = re.search(r"^1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm$", content, re.M)
        assert shift is not None
        tx, ty = (float(v) / PT_PER_MM for v in shift.groups())
        out.append((size, (-tx, mat_h - (size[1] - ty))))
    return out


def test_the_a4_sheets_are_the_fewest_that_tile_the_mat(tmp_path: Path) -> None:
    """The A1 mat (841 x 594 mm) on A4 with the 10 mm overlap took 15 portrait sheets
    (5 x 3), where 9 landscape ones (3 x 3) do: each is cut and taped, so every sheet
    spared is work spared. The sheets are A4, show the A1 page's mat where they lie, and
    together cover all of it."""
    layout = load_layout()
    out = tmp_path / "mat.pdf"
    pages = write_mat(out, layout)
    data = out.read_bytes()
    sheets = _sheets(data, layout.height_mm)
    assert pages - 1 == len(sheets) == 9
    ppm = 1.0
    a1 = _raster(_pages(data)[0], (layout.width_mm, layout.height_mm), ppm)
    covered = np.zeros(a1.shape[:2], bool)
    for (size, (ox, oy)), content in zip(sheets, _pages(data)[1:], strict=True):
        assert sorted(round(v) for v in size) == [210, 297]
        sheet = _raster(content, size, ppm)
        x0, y0 = max(0, round(ox)), max(0, round(oy))
        x1 = min(a1.shape[1], round(ox + size[0]))
        y1 = min(a1.shape[0], round(oy + size[1]))
        shown = sheet[y0 - round(oy) : y1 - round(oy), x0 - round(ox) : x1 - round(ox)]
        assert (shown != a1[y0:y1, x0:x1]).any(axis=2).mean() < 0.01
        covered[y0:y1, x0:x1] = True
    assert covered.all()


def _lines_drawn(content: str) -> list[tuple[float, float, float, float]]:
    """The straight lines a page strokes (``x0 y0 m x1 y1 l S``), millimetres, y up."""
    number = r"(-?[\d.]+)"
    found = re.findall(rf"{number} {number} m {number} {number} l S", content)
    return [tuple(float(v) / PT_PER_MM for v in line) for line in found]  # type: ignore[misc]


def test_the_sheets_print_the_whole_mat_inside_a_printers_margins_with_cut_lines(
    tmp_path: Path,
) -> None:
    """Home printers leave about 4 mm at each edge of a sheet unprinted, and the sheets
    carried no line to trim them by: the mat's outer 4 mm was lost, and a sheet laid on its
    neighbour's overlap mark covered the mat with its white edge. Now the sheets' printed
    parts cover the whole mat, and every sheet with a sheet to its left or above has a
    'cut here' line on that side, printed on it and on that neighbour, where the
    neighbour's 'next sheet's edge here' line lies."""
    layout = load_layout()
    margin = 4.0
    out = tmp_path / "mat.pdf"
    write_mat(out, layout)
    data = out.read_bytes()
    sheets = _sheets(data, layout.height_mm)
    a1 = _raster(_pages(data)[0], (layout.width_mm, layout.height_mm), 1.0)
    covered = np.zeros(a1.shape[:2], bool)
    cuts = 0
    for (size, (ox, oy)), content in zip(sheets, _pages(data)[1:], strict=True):
        sheet = _raster(content, size, 1.0)
        # the printed part, on the mat
        x0, y0 = max(0, round(ox + margin)), max(0, round(oy + margin))
        x1 = min(a1.shape[1], round(ox + size[0] - margin))
        y1 = min(a1.shape[0], round(oy + size[1] - margin))
        shown = sheet[y0 - round(oy) : y1 - round(oy), x0 - round(ox) : x1 - round(ox)]
        assert (shown != a1[y0:y1, x0:x1]).any(axis=2).mean() < 0.01
        covered[y0:y1, x0:x1] = True
        lines = _lines_drawn(content)
        for (nsize, (nx, ny)), ncontent in zip(sheets, _pages(data)[1:], strict=True):
            left = abs(ny - oy) < 0.5 and ox - size[0] < nx < ox - 0.5
            above = abs(nx - ox) < 0.5 and oy - size[1] < ny < oy - 0.5
            if not (left or above):
                continue
            cuts += 1
            # the cut, in this sheet's printed part and in the neighbour's, on both sheets
            if left:
                cut = [a for a, _, b, _ in lines if a == b and margin <= a]
                mine = {round(ox + a, 1) for a in cut}
                theirs = {round(nx + a, 1) for a, _, b, _ in _lines_drawn(ncontent) if a == b}
                assert any(x <= nx + nsize[0] - margin for x in mine & theirs), (ox, oy)
            else:
                cut = [size[1] - a for _, a, _, b in lines if a == b and size[1] - a >= margin]
                mine = {round(oy + a, 1) for a in cut}
                theirs = {
                    round(ny + nsize[1] - a, 1) for _, a, _, b in _lines_drawn(ncontent) if a == b
                }
                assert any(y <= ny + nsize[1] - margin for y in mine & theirs), (ox, oy)
    assert covered.all()
    from tests.web.test_exports import pdf_text

    assert cuts > 0 and pdf_text(data).count("cut here") == cuts
