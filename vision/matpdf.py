"""The printable mat as a PDF (reportlab): one A1 page, then A4 sheets that tile it."""

from __future__ import annotations

import math
from pathlib import Path

import cv2
from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .config import load_config
from .layout import MatLayout, load_layout


def _rgb(c: tuple[int, int, int]) -> Color:
    return Color(c[0] / 255, c[1] / 255, c[2] / 255)


def _draw(pdf: Canvas, layout: MatLayout, label_pt: float) -> None:
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
        label = zone.name.replace(".", " ").replace("seat", "seat ")
        cx, cy = zone.center
        pdf.setFont("Helvetica", label_pt)
        pdf.drawCentredString(cx * mm, (h - cy) * mm - label_pt / 3, label)


def write_mat(out: Path, layout: MatLayout | None = None) -> int:
    """Write the mat PDF; returns the number of pages (one A1, then the A4 sheets)."""
    layout = layout if layout is not None else load_layout()
    cfg = load_config("mat")["print"]
    label_pt = float(cfg["label_pt"])
    pdf = Canvas(str(out), pagesize=(layout.width_mm * mm, layout.height_mm * mm))
    pdf.setTitle("Tien Gow Table mat")
    _draw(pdf, layout, label_pt)
    pdf.showPage()
    sheet_w, sheet_h = (float(v) for v in cfg["a4_mm"])
    overlap = float(cfg["a4_overlap_mm"])
    cols = math.ceil((layout.width_mm - overlap) / (sheet_w - overlap))
    rows = math.ceil((layout.height_mm - overlap) / (sheet_h - overlap))
    pages = 1
    for r in range(rows):
        for c in range(cols):
            pdf.setPageSize((sheet_w * mm, sheet_h * mm))
            ox, oy = c * (sheet_w - overlap), r * (sheet_h - overlap)
            pdf.saveState()
            # the sheet shows the mat from (ox, oy); mat y runs down from its top edge
            pdf.translate(-ox * mm, (sheet_h + oy - layout.height_mm) * mm)
            _draw(pdf, layout, label_pt)
            pdf.restoreState()
            _overlap_marks(pdf, sheet_w, sheet_h, overlap, c < cols - 1, r < rows - 1)
            pdf.setFillColor(Color(0, 0, 0))
            pdf.setFont("Helvetica", 8)
            pdf.drawString(
                4 * mm,
                4 * mm,
                f"sheet row {r + 1}/{rows} column {c + 1}/{cols}; overlap {overlap:g} mm",
            )
            pdf.showPage()
            pages += 1
    pdf.save()
    return pages


def _overlap_marks(
    pdf: Canvas, sheet_w: float, sheet_h: float, overlap: float, right: bool, below: bool
) -> None:
    """Dashed lines where the next sheet's edge lies, to the right and below: the strip
    beyond them is printed on both sheets, so the mat's lines meet where the edges do."""
    pdf.saveState()
    pdf.setStrokeColor(Color(0.35, 0.35, 0.35))
    pdf.setFillColor(Color(0.35, 0.35, 0.35))
    pdf.setDash(3 * mm, 2 * mm)
    pdf.setLineWidth(0.3 * mm)
    pdf.setFont("Helvetica", 7)
    x, y = (sheet_w - overlap) * mm, overlap * mm
    if right:
        pdf.line(x, 0, x, sheet_h * mm)
        pdf.drawRightString(x - 1 * mm, (sheet_h - 8) * mm, "next sheet's left edge here")
    if below:
        pdf.line(0, y, sheet_w * mm, y)
        pdf.drawString(4 * mm, y + 1.5 * mm, "next sheet's top edge here")
    pdf.restoreState()
