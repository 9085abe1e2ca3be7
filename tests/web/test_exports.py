"""Standings exports: CSV ranks and columns, a PDF whose Chinese text is searchable."""

from __future__ import annotations

import base64
import csv
import io
import re
import zlib
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from hub.adapters.ledger import Ledger
from hub.table.service import TableService
from hub.web.app import create_app
from hub.web.exports import standings, standings_csv, standings_pdf
from tests.web.feed import events, session, start_body

DATA: dict[str, Any] = {
    "seats": ["陳大文", "B", "C", "D"],
    "hands": [
        {"net": {"陳大文": 5, "B": -5, "C": 3, "D": -3}, "winner": "陳大文"},
        {"net": {"陳大文": -2, "B": 7, "C": 0, "D": -5}, "winner": "B"},
    ],
    "totals": {"陳大文": 3, "B": 2, "C": 3, "D": -8},
}


def pdf_text(pdf: bytes) -> str:
    """The text shown by a reportlab PDF: its content streams' string literals, decoded."""
    out = []
    for m in re.finditer(rb"stream\r?\n(.*?)~>\s*endstream", pdf, re.S):
        content = zlib.decompress(base64.a85decode(m.group(1), adobe=False))
        for lit in re.finditer(rb"\(((?:\\.|[^\\)])*)\)\s*Tj", content, re.S):
            raw = re.sub(rb"\\([0-7]{1,3}|.)", _unescape, lit.group(1), flags=re.S)
            # CJK strings are UTF-16BE (the CID font's Unicode CMap), the rest Latin-1
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
    assert pdf.startswith(b"%PDF-") and b"/STSong-Light" in pdf and b"/UniGB-UCS2-H" in pdf
    text = pdf_text(pdf)
    for word in ("排名", "陳大文", "總數", "贏局"):
        assert word in text, (word, text)


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
