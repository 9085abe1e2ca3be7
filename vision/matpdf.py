"""The printable mat as a PDF (reportlab): one A1 page, then A4 sheets that tile it.

Each zone is named in Chinese (Traditional unless asked otherwise) in the words of the
scoreboard and rules.md, with English beside it: the club's players read Chinese first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import cv2
from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from .config import load_config
from .errors import RecognitionError
from .layout import MatLayout, Zone, load_layout
from .printfont import label_font

LANGS = ("zh-Hant", "zh-Hans", "en")
"""The labels' languages, as the scoreboard's; the Chinese ones have English beside them."""
WORDS = {
    # 出牌區: the scoreboard's 'No tiles seen in your play zone' (你的出牌區看不到牌);
    # 棟/戙: the stacks a trick earns, one per tile (rules.md §A, the scoreboard's '{n} 棟')
    "zh-Hant": {"play": "座位 {seat} 出牌區", "won": "座位 {seat} 贏棟", "centre": "中央"},
    "zh-Hans": {"play": "座位 {seat} 出牌区", "won": "座位 {seat} 赢戙", "centre": "中央"},
    "en": {"play": "seat {seat} play", "won": "seat {seat} won stacks", "centre": "centre"},
}
"""A zone's kind (``seat<N>.<kind>`` or ``centre``) -> its label in each language."""


def _rgb(c: tuple[int, int, int]) -> Color:
    return Color(c[0] / 255, c[1] / 255, c[2] / 255)


@dataclass(frozen=True, slots=True)
class _Lettering:
    """How the zones are named: the language, and the fonts and sizes of its lines."""

    lang: str
    font: str  # the first line's: a CJK face for Chinese labels
    pt: float
    second_pt: float  # the English line under a Chinese one


def _lines(zone: str, lang: str) -> list[str]:
    """A zone's label, a line per language: Chinese then English, or English alone. A zone
    the words do not know (a mat.toml of one's own) is named as mat.toml names it."""
    seat, _, kind = zone.removeprefix("seat").partition(".")
    if zone == "centre":
        kind = "centre"
    elif not (seat.isdigit() and kind in ("play", "won")):
        return [zone.replace(".", " ").replace("seat", "seat ")]
    langs = (lang, "en") if lang != "en" else ("en",)
    return [WORDS[lg][kind].format(seat=seat) for lg in langs]


def _facing(zone: str) -> tuple[float, float]:
    """The (cos, sin) of the turn, anticlockwise on the page, that makes a zone's label read
    from its seat: seats go counter-clockwise from seat 0 at the bottom edge (mat.toml), a
    quarter turn each. The centre and zones of no seat read from seat 0."""
    seat = zone.removeprefix("seat").partition(".")[0]
    turn = int(seat) % 4 if seat.isdigit() else 0
    return ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))[turn]


def _label(pdf: Canvas, zone: Zone, page_h: float, letters: _Lettering) -> None:
    """The zone's label, its lines centred as a block on the zone's middle and turned to
    face the zone's seat, so that no player reads his own upside down or sideways."""
    lines = _lines(zone.name, letters.lang)
    cos, sin = _facing(zone.name)
    fonts, sizes = ["Helvetica"], [letters.pt]
    if len(lines) == 2:  # Chinese, then English
        fonts, sizes = [letters.font, "Helvetica"], [letters.pt, letters.second_pt]
    cx, cy = zone.center[0] * mm, (page_h - zone.center[1]) * mm
    # each line takes 1.2 of its size; its baseline lies 0.85 of the size under its top
    top = sum(1.2 * pt for pt in sizes) / 2
    for line, font, pt in zip(lines, fonts, sizes, strict=True):
        # in the label's own frame: along = -half its width, up = its baseline
        along, up = -pdfmetrics.stringWidth(line, font, pt) / 2, top - 0.85 * pt
        x, y = cx + along * cos - up * sin, cy + along * sin + up * cos
        text = pdf.beginText()
        text.setTextTransform(cos, sin, -sin, cos, x, y)
        text.setFont(font, pt)
        text.textOut(line)
        pdf.drawText(text)
        top -= 1.2 * pt


def _draw(pdf: Canvas, layout: MatLayout, letters: _Lettering) -> None:
    """The mat in its own millimetre frame (origin top-left, y down), on the current page."""
    h = layout.height_mm

    def rect(x0: float, y0: float, x1: float, y1: float, fill: bool, stroke: bool) -> None:
        pdf.rect(
            x0 * mm,
            (h - y1) * mm,
            (x1 - x0) * mm,
            (y1 - y0) * mm,
            fill=int(fill),
            stroke=int(stroke),
        )

    pdf.setFillColor(_rgb(layout.colour))
    rect(0, 0, layout.width_mm, layout.height_mm, True, False)
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.dictionary))
    for marker_id, corners in layout.markers.items():
        x0, y0 = corners[0]
        q = layout.quiet_mm
        pdf.setFillColor(Color(1, 1, 1))
        rect(x0 - q, y0 - q, x0 + layout.marker_mm + q, y0 + layout.marker_mm + q, True, False)
        # one pixel per cell: the dictionary's code and its one-cell black border (a 4x4
        # code is 6 cells across, a 6x6 one 8), so the mat prints the dictionary it names
        n = int(dictionary.markerSize) + 2
        cells = cv2.aruco.generateImageMarker(dictionary, marker_id, n)
        cell = layout.marker_mm / n
        pdf.setFillColor(Color(0, 0, 0))
        for r in range(n):
            for c in range(n):
                if cells[r, c] < 128:
                    rect(
                        x0 + c * cell,
                        y0 + r * cell,
                        x0 + (c + 1) * cell,
                        y0 + (r + 1) * cell,
                        True,
                        False,
                    )
    pdf.setStrokeColor(_rgb(layout.ink))
    pdf.setFillColor(_rgb(layout.ink))
    pdf.setLineWidth(0.8 * mm)
    for zone in layout.zones:
        rect(zone.x0, zone.y0, zone.x1, zone.y1, False, True)
        _label(pdf, zone, h, letters)


def write_mat(out: Path, layout: MatLayout | None = None, lang: str = "zh-Hant") -> int:
    """Write the mat PDF, labelled in ``lang`` (one of `LANGS`); returns the number of pages
    (one A1, then the A4 sheets)."""
    if lang not in LANGS:
        raise ValueError(f"no mat labels in {lang!r}; languages: {', '.join(LANGS)}")
    layout = layout if layout is not None else load_layout()
    cfg = load_config("mat")["print"]
    first = "".join(_lines(z.name, lang)[0] for z in layout.zones)
    letters = _Lettering(
        lang,
        "Helvetica" if lang == "en" else label_font(lang, first),
        float(cfg["label_pt"]),
        float(cfg["label_english_pt"]),
    )
    pdf = Canvas(str(out), pagesize=(layout.width_mm * mm, layout.height_mm * mm))
    pdf.setTitle("Tien Gow Table mat")
    _draw(pdf, layout, letters)
    pdf.showPage()
    overlap, margin = float(cfg["a4_overlap_mm"]), float(cfg["a4_margin_mm"])
    if overlap < 2 * margin:  # the cut must lie in both sheets' printed parts
        raise RecognitionError(
            "A4 sheets' overlap narrower than twice the printer's margin",
            {"a4_overlap_mm": overlap, "a4_margin_mm": margin},
            "a4_overlap_mm of 2 x a4_margin_mm or more, in vision/config/mat.toml [print]",
        )
    sheet_w, sheet_h, cols, rows = _tiling(layout, cfg["a4_mm"], overlap, margin)
    pages = 1
    for r in range(rows):
        for c in range(cols):
            pdf.setPageSize((sheet_w * mm, sheet_h * mm))
            # the sheet shows the mat from (ox, oy), the first ones from -margin so that the
            # printer's unprinted edge falls off the mat; mat y runs down from its top edge
            ox, oy = c * (sheet_w - overlap) - margin, r * (sheet_h - overlap) - margin
            pdf.saveState()
            pdf.translate(-ox * mm, (sheet_h + oy - layout.height_mm) * mm)
            _draw(pdf, layout, letters)
            pdf.restoreState()
            sides = _Sides(c > 0, r > 0, c < cols - 1, r < rows - 1)
            _joins(pdf, sheet_w, sheet_h, overlap, margin, sides)
            pdf.setFillColor(Color(0, 0, 0))
            pdf.setFont("Helvetica", 8)
            pdf.drawCentredString(
                sheet_w / 2 * mm,
                (margin + 2) * mm,
                f"sheet row {r + 1}/{rows} column {c + 1}/{cols}; overlap {overlap:g} mm",
            )
            pdf.showPage()
            pages += 1
    pdf.save()
    return pages


def _tiling(
    layout: MatLayout, a4_mm: list[float], overlap: float, margin: float
) -> tuple[float, float, int, int]:
    """The sheet's width and height, columns and rows of the fewest sheets whose printed
    parts (all but ``margin`` at each edge) tile the mat with ``overlap``: the sheets turned
    landscape or left portrait, whichever takes fewer (an A1 mat: 9 landscape, 15 portrait),
    each sheet being one more to cut and tape."""
    ways = []
    for w, h in ((float(a4_mm[0]), float(a4_mm[1])), (float(a4_mm[1]), float(a4_mm[0]))):
        # the first sheet prints ``w - 2 margin`` of the mat, each next one ``w - overlap`` more
        cols = 1 + max(0, math.ceil((layout.width_mm + 2 * margin - w) / (w - overlap)))
        rows = 1 + max(0, math.ceil((layout.height_mm + 2 * margin - h) / (h - overlap)))
        ways.append((cols * rows, w, h, cols, rows))
    _, w, h, cols, rows = min(ways)
    return w, h, cols, rows


@dataclass(frozen=True, slots=True)
class _Sides:
    """Which sides of a sheet have a sheet beyond them."""

    left: bool
    above: bool
    right: bool
    below: bool


def _joins(
    pdf: Canvas, sheet_w: float, sheet_h: float, overlap: float, margin: float, sides: _Sides
) -> None:
    """Where a sheet meets its neighbours. A sheet with one to its left or above is cut
    there, on a solid line half the overlap in from its edge (inside its printed part, past
    the printer's unprinted margin), and laid on that neighbour, whose dashed line marks
    where the cut edge goes: the strip between is printed on both, so the mat's lines meet."""
    cut = overlap / 2
    pdf.saveState()
    pdf.setStrokeColor(Color(0.35, 0.35, 0.35))
    pdf.setFillColor(Color(0.35, 0.35, 0.35))
    pdf.setLineWidth(0.3 * mm)
    pdf.setFont("Helvetica", 7)
    lo, top, right = margin * mm, (sheet_h - margin) * mm, (sheet_w - margin) * mm
    if sides.left:
        pdf.line(cut * mm, lo, cut * mm, top)
        pdf.drawString((cut + 1.5) * mm, sheet_h / 2 * mm, "cut here; lay on the sheet to the left")
    if sides.above:
        y = (sheet_h - cut) * mm
        pdf.line(lo, y, right, y)
        pdf.drawString((margin + 2) * mm, y - 3.5 * mm, "cut here; lay on the sheet above")
    pdf.setDash(3 * mm, 2 * mm)
    if sides.right:
        x = (sheet_w - overlap + cut) * mm
        pdf.line(x, lo, x, top)
        pdf.drawRightString(x - 1 * mm, (sheet_h - 12) * mm, "next sheet's left edge here")
    if sides.below:
        y = (overlap - cut) * mm
        pdf.line(lo, y, right, y)
        pdf.drawString((margin + 2) * mm, y + 1.5 * mm, "next sheet's top edge here")
    pdf.restoreState()
