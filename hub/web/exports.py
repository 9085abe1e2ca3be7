"""Session standings: CSV for spreadsheets and a printable PDF with searchable Chinese text.

Both are built from `TableService.hands()` (the finished hands with their net
money and running totals). The PDF embeds the pages' own face, Noto Sans CJK, cut
to the sheet's characters (`hub.web.font.print_font_path`): Hong Kong glyph forms
for Traditional (and English) sheets, mainland forms for Simplified, and a glyph for
every character of a player's name, even one outside the BMP (HKSCS names). Text is
written with its Unicode map, so it can be searched and copied. Without Noto CJK the
sheet falls back to the viewer-supplied CID font STSong-Light, which draws Traditional
characters in mainland forms and leaves those outside the BMP blank (as every sheet
did before).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

from hub.web.font import FontError, print_font_path
from hub.web.i18n import translator


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    player: str
    total: int
    nets: tuple[int, ...]  # per finished hand
    won: int  # hands won (結)


def standings(data: dict[str, Any]) -> list[Standing]:
    """Players by total, highest first; equal totals share a rank (1, 2, 2, 4)."""
    seats: list[str] = list(data.get("seats", []))
    hands: list[dict[str, Any]] = list(data.get("hands", []))
    totals: dict[str, int] = dict(data.get("totals", {}))
    rows = [
        (
            p,
            int(totals.get(p, 0)),
            tuple(int(h.get("net", {}).get(p, 0)) for h in hands),
            sum(1 for h in hands if h.get("winner") == p),
        )
        for p in seats
    ]
    rows.sort(key=lambda r: (-r[1], seats.index(r[0])))
    out: list[Standing] = []
    for i, (player, total, nets, won) in enumerate(rows):
        rank = out[-1].rank if out and out[-1].total == total else i + 1
        out.append(Standing(rank, player, total, nets, won))
    return out


def _header(lang: str, n_hands: int) -> list[str]:
    _ = translator(lang)
    return [_("Rank"), _("Player"), _("Total"), _("Hands won"),
            *(_("Hand {n}").replace("{n}", str(i + 1)) for i in range(n_hands))]  # fmt: skip


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (a tab or return may come before one)."""


def _as_text(cell: str) -> str:
    """A typed name as a spreadsheet shows it: one that would run as a formula (=HYPERLINK(...),
    -2+3) after an apostrophe, which spreadsheets take as 'text' and do not show."""
    return "'" + cell if cell.startswith(FORMULA_START) else cell


def standings_csv(data: dict[str, Any], lang: str = "en") -> str:
    """``rank,player,total,hands won,hand 1,…``; one line per player, best first."""
    rows = standings(data)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(_header(lang, len(data.get("hands", []))))
    for s in rows:
        w.writerow([s.rank, _as_text(s.player), s.total, s.won, *s.nets])
    return buf.getvalue()


CID_FONT = "STSong-Light"
"""The fallback without Noto CJK: Adobe-GB1 with the Unicode CMap UniGB-UCS2-H (GBK, so
Traditional characters too, in mainland forms). reportlab pairs MSung-Light, its
Traditional font, with that same GB CMap, which would draw the wrong glyphs."""
HANDS_PER_TABLE = 16


def _font(lang: str, text: str) -> str:
    """Register the sheet's font for ``text`` and return its name (see the module's words)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfbase.ttfonts import TTFont

    try:
        path = print_font_path("hans" if lang == "zh-Hans" else "hant", text)
    except FontError:
        pdfmetrics.registerFont(UnicodeCIDFont(CID_FONT))
        return CID_FONT
    name = f"TG-{path.stem}"  # one per subset: the same text gives the same file
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    return name


def standings_pdf(data: dict[str, Any], lang: str, title: str) -> bytes:
    """A one-page (or more) A4 standings sheet, searchable, in ``lang``."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    rows = standings(data)
    n_hands = len(data.get("hands", []))
    header = _header(lang, n_hands)
    font = _font(lang, title + "".join(header) + "".join(s.player for s in rows))
    buf = io.BytesIO()
    doc = SimpleDocTemplate(
        buf, pagesize=landscape(A4), title=title, leftMargin=15 * mm, rightMargin=15 * mm
    )
    head = ParagraphStyle("h", fontName=font, fontSize=22, leading=28)
    style = TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), font, 12),
            ("FONT", (0, 0), (-1, 0), font, 11),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#0b3d2e")),
            ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
            ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
            ("ALIGN", (2, 1), (-1, -1), "RIGHT"),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f4efe0")]),
        ]
    )
    body: list[list[Any]] = [[s.rank, s.player, f"{s.total:+d}", s.won, *s.nets] for s in rows]
    grid: list[list[Any]] = [list(header), *body]
    story: list[Any] = [Paragraph(title, head), Spacer(1, 6 * mm)]
    # the standings, then the hands HANDS_PER_TABLE at a time so that a long session fits the page
    for start in range(0, max(n_hands, 1), HANDS_PER_TABLE):
        cols = [0, 1, 2, 3] if start == 0 else [1]
        cols += list(range(4 + start, min(4 + start + HANDS_PER_TABLE, 4 + n_hands)))
        table = Table([[row[c] for c in cols] for row in grid], repeatRows=1)
        table.setStyle(style)
        story += [table, Spacer(1, 5 * mm)]
    doc.build(story)
    return buf.getvalue()
