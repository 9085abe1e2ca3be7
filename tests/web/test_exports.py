"""Standings exports: CSV ranks and columns, a PDF whose Chinese text is searchable."""

from __future__ import annotations

import base64
import csv
import io
import re
import zlib
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from starlette.testclient import TestClient

from hub.adapters.ledger import Ledger
from hub.table.service import TableService
from hub.web.app import create_app
from hub.web.exports import standings, standings_csv, standings_pdf
from hub.web.font import print_font_path
from tests.web.feed import events, session, start_body

DATA: dict[str, Any] = {
    "seats": ["陳大文", "B", "C", "D"],
    "hands": [
        {"net": {"陳大文": 5, "B": -5, "C": 3, "D": -3}, "winner": "陳大文"},
        {"net": {"陳大文": -2, "B": 7, "C": 0, "D": -5}, "winner": "B"},
    ],
    "totals": {"陳大文": 3, "B": 2, "C": 3, "D": -8},
}


STREAM = rb"(\d+) 0 obj\s*<<([^<>]*)>>\s*stream\r?\n(.*?)endstream"


def _decoded(head: bytes, stream: bytes) -> bytes:
    """A stream's bytes: reportlab writes Flate, the page contents in ASCII85 first."""
    if b"/ASCII85Decode" in head:
        stream = base64.a85decode(stream.strip().removesuffix(b"~>"), adobe=False)
    return zlib.decompress(stream)


def _streams(pdf: bytes) -> dict[bytes, bytes]:
    """Object number -> its stream, decoded."""
    return {m.group(1): _decoded(m.group(2), m.group(3)) for m in re.finditer(STREAM, pdf, re.S)}


def _unicode(hex_digits: bytes) -> str:
    """A ToUnicode target: UTF-16BE, or (reportlab, outside the BMP) the code point itself."""
    if len(hex_digits) % 4:
        return chr(int(hex_digits, 16))
    return bytes.fromhex(hex_digits.decode()).decode("utf-16-be", errors="replace")


def _unicode_maps(pdf: bytes) -> dict[bytes, dict[int, str]]:
    """Each embedded TrueType subset's font name (``/F2+0``) -> its ToUnicode map."""
    streams = _streams(pdf)
    maps = {}
    for m in re.finditer(rb"<<([^<>]*/Subtype /TrueType[^<>]*)>>", pdf):
        name = re.search(rb"/Name (/\S+)", m.group(1))
        to_unicode = re.search(rb"/ToUnicode (\d+) 0 R", m.group(1))
        if name and to_unicode:
            pairs = re.findall(rb"<([0-9a-fA-F]+)> <([0-9a-fA-F]+)>", streams[to_unicode.group(1)])
            maps[name.group(1)] = {int(code, 16): _unicode(u) for code, u in pairs}
    return maps


def pdf_text(pdf: bytes) -> str:
    """The text shown by a reportlab PDF: its content streams' string literals, decoded
    through their embedded font's ToUnicode map, or else as a CID font's UTF-16BE."""
    maps = _unicode_maps(pdf)
    out = []
    for m in re.finditer(STREAM, pdf, re.S):
        if b"/ASCII85Decode" not in m.group(2):  # the page contents; the rest are fonts and maps
            continue
        content = _decoded(m.group(2), m.group(3))
        font = b""
        for op in re.finditer(rb"(/\S+) [\d.]+ Tf|\(((?:\\.|[^\\)])*)\)\s*Tj", content, re.S):
            if op.group(1):
                font = op.group(1)
                continue
            raw = re.sub(rb"\\([0-7]{1,3}|.)", _unescape, op.group(2), flags=re.S)
            if font in maps:
                out.append("".join(maps[font].get(b, "?") for b in raw))
            else:  # CJK strings are UTF-16BE (the CID font's Unicode CMap), the rest Latin-1
                out += [raw.decode("latin-1"), raw.decode("utf-16-be", errors="ignore")]
    return " ".join(out)


def _unescape(m: re.Match[bytes]) -> bytes:
    g = m.group(1)
    if g[:1].isdigit():
        return bytes([int(g, 8)])
    return {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}.get(g, g)


def test_standings_rank_ties_and_keep_seat_order() -> None:
    rows = standings(DATA)
    assert [(s.rank, s.player, s.total, s.won) for s in rows] == [
        (1, "陳大文", 3, 1), (1, "C", 3, 0), (3, "B", 2, 1), (4, "D", -8, 0),
    ]  # fmt: skip
    assert rows[0].nets == (5, -2)


def test_csv_has_a_header_in_the_language_and_one_line_per_player() -> None:
    lines = list(csv.reader(io.StringIO(standings_csv(DATA, "zh-Hant"))))
    assert lines[0] == ["名次", "玩家", "總數", "贏局", "第 1 局", "第 2 局"]
    assert lines[1] == ["1", "陳大文", "3", "1", "5", "-2"]
    assert len(lines) == 5
    assert standings_csv(DATA, "en").splitlines()[0].startswith("Rank,Player,Total")


def test_pdf_is_searchable_chinese() -> None:
    pdf = standings_pdf(DATA, "zh-Hant", "天九桌 · 排名")
    assert pdf.startswith(b"%PDF-") and b"/ToUnicode" in pdf
    text = pdf_text(pdf)
    for word in ("排名", "陳大文", "總數", "贏局"):
        assert word in text, (word, text)


@pytest.mark.parametrize(
    ("lang", "family"), [("zh-Hant", b"hk"), ("zh-Hans", b"sc"), ("en", b"hk")]
)
def test_the_pdf_embeds_its_languages_glyph_forms_with_a_glyph_for_every_name(
    lang: str, family: bytes
) -> None:
    """The sheet used STSong-Light, a Simplified (Adobe-GB1) font the viewer supplies: a
    Traditional sheet came out in mainland glyph forms, and a name with a character outside
    the BMP (𠝹, HKSCS) printed a blank for it. It now embeds the pages' Noto Sans CJK cut
    of its language (HK forms for Traditional and English, mainland for Simplified)."""
    seats = ["𠝹仔", "骨戶", "B", "C"]
    data = {"seats": seats, "hands": [], "totals": dict.fromkeys(seats, 0)}
    pdf = standings_pdf(data, lang, "天九桌")
    assert b"STSong" not in pdf and b"/FontFile2" in pdf
    assert re.search(rb"/BaseFont /[A-Z]{6}\+NotoSansCJK" + family + rb"-Regular", pdf)
    streams = _streams(pdf)
    fonts = [TTFont(io.BytesIO(streams[n])) for n in re.findall(rb"/FontFile2 (\d+) 0 R", pdf)]
    outlines = {  # the embedded subsets' glyphs by their source's (Noto's) outline
        bytes(font["glyf"][g].compile(font["glyf"]))
        for font in fonts
        for g in font.getGlyphOrder()
        if font["glyf"][g].numberOfContours
    }
    noto = TTFont(print_font_path("hant" if family == b"hk" else "hans", "𠝹"))
    assert "骨戶" in pdf_text(pdf)
    # 𠝹 drawn with its own outline: not the blank (or .notdef box) of a font without it
    glyph = noto.getBestCmap()[ord("𠝹")]
    assert bytes(noto["glyf"][glyph].compile(noto["glyf"])) in outlines


def test_export_routes(tmp_path: Path) -> None:
    service = TableService(Ledger(tmp_path / "t.db"), "t1")
    client = TestClient(create_app(service, "tok"))
    auth = {"Authorization": "Bearer tok"}
    tr = session(2, seed=3)
    client.post("/api/session", json=start_body(tr), headers=auth)
    for ev in events(tr):
        assert client.post("/api/events", json=ev, headers=auth).status_code == 200
    r = client.get("/api/standings.csv")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(r.text)))
    totals = client.get("/api/hands").json()["totals"]
    assert {row[1]: int(row[2]) for row in rows[1:]} == totals and len(rows[0]) == 4 + 2
    r = client.get("/api/standings.pdf?lang=zh-Hans")
    assert r.status_code == 200 and r.content.startswith(b"%PDF-")
    assert "排名" in pdf_text(r.content)
    r = client.get("/api/standings.csv?lang=xx")
    assert r.status_code == 400 and "zh-Hant" in r.json()["error"]


def test_a_long_session_is_split_into_tables_that_fit_the_page() -> None:
    seats = ["甲", "乙", "丙", "丁"]
    hands = [{"net": {p: (1 if i % 4 == k else 0) for k, p in enumerate(seats)}, "winner": seats[i % 4]}
             for i in range(40)]  # fmt: skip
    totals = {p: 10 for p in seats}
    text = pdf_text(
        standings_pdf({"seats": seats, "hands": hands, "totals": totals}, "zh-Hans", "长局")
    )
    for n in (1, 16, 17, 40):
        assert f"第 {n} 局" in text


def test_without_noto_cjk_the_pdf_falls_back_to_a_cid_font(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("hub.web.font.NOTO_CJK_REGULAR", tmp_path / "none.ttc")
    pdf = standings_pdf(DATA, "zh-Hant", "天九桌 · 排名")
    assert b"/STSong-Light" in pdf and b"/UniGB-UCS2-H" in pdf
    assert "陳大文" in pdf_text(pdf)


FORMULA_NAMES = ['=HYPERLINK("http://x","win")', "+1+2", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_written_as_text() -> None:
    """Names are typed by anyone at the club: the CSV is opened in a spreadsheet, which runs a
    cell starting with = + - @ (or a tab or return before one) as a formula. Such a name is
    written after an apostrophe, which spreadsheets read as 'this is text' and do not show;
    the numbers, negative totals too, stay numbers."""
    names = FORMULA_NAMES[:4]
    data = {"seats": names, "hands": [{"net": dict(zip(names, (5, -5, 3, -3), strict=True)),
                                       "winner": names[0]}],
            "totals": dict(zip(names, (5, -5, 3, -3), strict=True))}  # fmt: skip
    rows = list(csv.reader(io.StringIO(standings_csv(data, "en"))))[1:]
    assert [r[1] for r in rows] == ["'" + n for n in (names[0], names[2], names[3], names[1])]
    assert [r[2] for r in rows] == ["5", "3", "-3", "-5"]
    assert [r[4] for r in rows] == ["5", "3", "-3", "-5"]
    for name in FORMULA_NAMES[4:]:
        data = {"seats": [name, "B"], "hands": [], "totals": {}}
        written = list(csv.reader(io.StringIO(standings_csv(data, "en"))))[1][1]
        assert written == "'" + name
    plain = {"seats": ["陳大文", "a-b", "李"], "hands": [], "totals": {}}
    assert [r[1] for r in list(csv.reader(io.StringIO(standings_csv(plain, "en"))))[1:]] == [
        "陳大文", "a-b", "李"]  # fmt: skip
