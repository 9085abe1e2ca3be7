"""The pages in-process: languages, catalogues, parameters, static files, attract slides."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from hub.adapters.ledger import Ledger
from hub.referee.hand import table_for
from hub.rules.explain import explain, explain_items
from hub.rules.groups import describe_group
from hub.rules.options import load_rules
from hub.rules.tiles import FACES, mask_of, parse_tiles
from hub.table.service import TableService
from hub.web import font
from hub.web.app import STATIC_DIR, create_app
from hub.web.i18n import LANGS, LanguageError, catalogue, gettext, negotiate, parse_lang
from hub.web.pages import attract_slides
from tests.web.feed import events, session, start_body

AUTH = {"Authorization": "Bearer tok"}


def boot(html: str) -> dict[str, Any]:
    m = re.search(r"window.TG_BOOT = (\{.*?\});</script>", html, re.S)
    assert m, "page without boot data"
    data: dict[str, Any] = json.loads(m.group(1))
    return data


@pytest.mark.parametrize(
    ("accept", "query", "lang"),
    [
        ("zh-HK,zh;q=0.9", None, "zh-Hant"),
        ("zh-TW", None, "zh-Hant"),
        ("zh-CN,zh;q=0.9,en;q=0.8", None, "zh-Hans"),
        ("en-US,en;q=0.9", None, "en"),
        ("fr-FR, en;q=0.5, zh-Hans;q=0.7", None, "zh-Hans"),
        ("fr-FR", None, "zh-Hant"),
        ("", None, "zh-Hant"),
        ("en", "zh-Hans", "zh-Hans"),
        ("zh-CN", "zh_TW", "zh-Hant"),
    ],
)
def test_language_from_accept_language_and_query(
    client: TestClient, accept: str, query: str | None, lang: str
) -> None:
    assert negotiate(query, accept) == lang
    for path in ("/", "/overlay", "/operator"):
        r = client.get(path, params={"lang": query} if query else {},
                       headers={"Accept-Language": accept})  # fmt: skip
        assert r.status_code == 200
        assert f'<html lang="{lang}">' in r.text and r.headers["content-language"] == lang
        assert boot(r.text)["lang"] == lang


def test_unknown_language_is_refused_with_what_is_accepted(client: TestClient) -> None:
    with pytest.raises(LanguageError, match=r"'fr'.*zh-Hant, zh-Hans, en"):
        parse_lang("fr")
    r = client.get("/?lang=fr")
    assert r.status_code == 400 and "'fr'" in r.text and "zh-Hans" in r.text


def test_catalogues_are_complete_and_the_scripts_only_use_their_messages() -> None:
    ids = {lang: set(catalogue(lang)) for lang in LANGS}
    assert ids["zh-Hant"] == ids["zh-Hans"] == ids["en"]
    for lang in ("zh-Hant", "zh-Hans"):
        untranslated = [m for m, t in catalogue(lang).items() if t == m and m.isascii()]
        assert not [m for m in untranslated if m not in ("CSV",)], (lang, untranslated)
    used: set[str] = set()
    for js in ("board.js", "operator.js"):
        used |= set(re.findall(r"\bt\('([^']+)'", (STATIC_DIR / js).read_text(encoding="utf-8")))
    assert used and used <= ids["en"], used - ids["en"]
    reasons = {"settlement", "he_zun", "qin_zun", "si_da_he", "li_pai", "forfeit", "zun_capture"}
    finishes = {"normal", "yao_jie", "bao_zun", "qin_zun", "si_da_bao", "qin", "qi_zhi",
                "ba_zhi", "li_pai", "quan_ma"}  # fmt: skip
    assert reasons | finishes <= ids["en"]
    assert gettext("he_zun", "zh-Hant") == "賀尊" and gettext("he_zun", "zh-Hans") == "贺尊"
    assert gettext("no stack", "zh-Hant") == "空棟" and gettext("ba_zhi", "zh-Hans") == "八支"


def test_tile_names_are_the_face_tables_in_each_region(client: TestClient) -> None:
    for lang, attr in (("zh-Hant", "name_hant"), ("zh-Hans", "name_hans"), ("en", "name_en")):
        faces = boot(client.get(f"/?lang={lang}").text)["faces"]
        assert faces == {f.text: getattr(f, attr) for f in FACES}
    assert boot(client.get("/?lang=zh-Hans").text)["faces"]["5-1"] == "铜锤六"
    assert boot(client.get("/?lang=zh-Hant").text)["faces"]["5-1"] == "拎冧六"


def test_attract_slides_come_from_the_rules_data() -> None:
    rules = load_rules("hk")
    for lang in LANGS:
        slides = attract_slides(rules, lang)
        shown = [t["face"] for s in slides for t in s.get("tiles", [])]
        assert shown == [f.text for f in FACES]
        lines = [line for s in slides for line in s.get("lines", [])]
        assert lines == explain(rules, lang)


@pytest.mark.parametrize(
    ("lang", "mixed", "quad", "last_trick"),
    [
        ("zh-Hant", "天九", "四大天天99", "最後一手"),
        ("zh-Hans", "天九", "四大天天99", "最后一手"),
        ("en", "Teen Gow", "Teen Teen Gow Gow", "last trick"),
    ],
)
@pytest.mark.parametrize("preset", ["hk", "mainland"])
def test_the_kiosk_teaches_a_newcomer_the_groups_the_trick_and_the_score(
    preset: str, lang: str, mixed: str, quad: str, last_trick: str
) -> None:
    """The idle kiosk showed the tiles, then the house options one by one (Pai Gow's among
    them): nothing said what a pair is, how a trick is played and won, or how the hand is
    paid, the game a newcomer at the kiosk has to learn (rules.md §B.3-§B.7, §C, §D).
    Before the house rules it now shows the groups, drawn and named, a trick step by step
    and the scoring, each from the rules in force."""
    rules = load_rules(preset)
    slides = attract_slides(rules, lang)
    groups = {g["name"]: g["faces"] for s in slides for g in s.get("groups", [])}
    assert groups[mixed] == ["6-6", "6-3"] and groups[quad] == ["6-6", "6-6", "6-3", "5-4"]
    assert groups[describe_group(mask_of(parse_tiles("4-2 2-1")), table_for(rules), lang)] == [
        "4-2",
        "2-1",
    ]
    assert len(groups) == 10  # a civil and a military pair, 天九 … 和五, 至尊, 三文, 三武, 四大
    steps = [line for s in slides for line in s.get("steps", [])]
    assert any(last_trick in line for line in steps), steps
    items = dict(explain_items(rules, lang))
    for option in ("variant", "settlement", "banker_multiplier"):
        assert items[option] in steps, option
    first_rules = next(i for i, s in enumerate(slides) if s.get("lines"))
    assert all("lines" not in s for s in slides[:first_rules])
    assert [i for i, s in enumerate(slides) if "groups" in s or "steps" in s][-1] < first_rules


def test_an_idle_kiosk_explains_the_hubs_own_house_rules(tmp_path: Path) -> None:
    """`tiengow hub --rules mainland` with no session: the attract slides explain mainland
    rules, as the house-rules dialog does, not the hk default."""
    service = TableService(Ledger(tmp_path / "t.db"), "t1", house_rules="mainland")
    client = TestClient(create_app(service, "tok"))
    lines = [
        line for s in boot(client.get("/?lang=en").text)["slides"] for line in s.get("lines", [])
    ]
    assert lines == explain(load_rules("mainland"), "en") != explain(load_rules("hk"), "en")
    assert lines == [x["text"] for x in client.get("/api/rules?lang=en").json()["lines"]]


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/overlay?layout=side", "layout='side' is not accepted; accepted: lower, corner"),
        ("/overlay?bg=yes", "bg='yes' is not accepted; accepted: 0, 1"),
        ("/?theme=red", "theme='red' is not accepted; accepted: ivory, black"),
        ("/?slide=0", "slide='0' is not accepted"),
    ],
)
def test_bad_page_parameters(client: TestClient, path: str, message: str) -> None:
    r = client.get(path)
    assert r.status_code == 400 and message in r.text


def test_overlay_layouts_and_opaque_variant(client: TestClient) -> None:
    assert 'class="overlay lower"' in client.get("/overlay").text
    assert 'class="overlay corner opaque"' in client.get("/overlay?layout=corner&bg=1").text
    assert boot(client.get("/overlay?layout=corner").text)["layout"] == "corner"


@pytest.mark.parametrize(
    "path",
    ["/static/../app.py", "/static/..%2fapp.py", "/static/%2e%2e/app.py", "/static/app.py",
     "/static/locale", "/static/.hidden.js", "/static/board"],
)  # fmt: skip
def test_static_serves_only_its_files(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404 and "import" not in r.text


def test_static_files_and_favicon(client: TestClient) -> None:
    for name, kind in (("board.js", "javascript"), ("tiles.js", "javascript"),
                       ("operator.js", "javascript"), ("board.css", "css")):  # fmt: skip
        r = client.get(f"/static/{name}")
        assert r.status_code == 200 and kind in r.headers["content-type"]
    assert client.get("/favicon.ico").headers["content-type"] == "image/svg+xml"


@pytest.mark.skipif(not font.NOTO_CJK.exists(), reason="fonts-noto-cjk is not installed")
def test_the_served_font_covers_every_page_character(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fontTools.ttLib import TTFont

    monkeypatch.setenv("TIENGOW_CACHE", str(tmp_path / "cache"))
    for name in ("cjk-hant.otf", "cjk-hans.otf"):
        r = client.get(f"/static/{name}")
        assert r.status_code == 200 and r.headers["content-type"] == "font/otf"
        assert len(r.content) < 1_500_000
        path = tmp_path / name
        path.write_bytes(r.content)
        with TTFont(str(path)) as f:
            cmap = f.getBestCmap()
        missing = [c for c in font.page_text() if c.strip() and ord(c) not in cmap]
        assert not missing, missing
        for word in ("天九桌", "莊家", "庄家", "賀尊", "拎冧六", "铜锤六"):
            assert all(ord(c) in cmap for c in word)


@pytest.mark.skipif(not font.NOTO_CJK.exists(), reason="fonts-noto-cjk is not installed")
def test_a_font_request_may_add_the_players_names(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fontTools.ttLib import TTFont

    monkeypatch.setenv("TIENGOW_CACHE", str(tmp_path / "cache"))
    r = client.get("/static/cjk-hant.otf", params={"extra": "陳大文 何鴻 Ada"})
    assert r.status_code == 200
    (tmp_path / "names.otf").write_bytes(r.content)
    with TTFont(str(tmp_path / "names.otf")) as f:
        cmap = f.getBestCmap()
    assert all(ord(c) in cmap for c in "陳大文何鴻天九桌")
    too_many = "".join(chr(0x4E00 + i) for i in range(font.MAX_EXTRA + 1))
    r = client.get("/static/cjk-hant.otf", params={"extra": too_many})
    assert r.status_code == 400 and f"at most {font.MAX_EXTRA}" in r.text


@pytest.mark.skipif(not font.NOTO_CJK.exists(), reason="fonts-noto-cjk is not installed")
def test_font_requests_for_ever_new_names_keep_the_cache_bounded(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Anyone on the club's Wi-Fi may ask for a font with any names (?extra=): each new set of
    characters is cut and cached (about 280 kB), so a loop of new names filled the hub's disk.
    Only the fonts of the last few sets of names are kept; the page's own cut and the fonts
    still asked for stay."""
    monkeypatch.setenv("TIENGOW_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(font, "MAX_CACHED_EXTRA", 2)
    assert client.get("/static/cjk-hant.otf").status_code == 200
    names = "陳大文 何鴻"
    for i in range(4):
        assert client.get("/static/cjk-hant.otf", params={"extra": names}).status_code == 200
        stranger = "".join(chr(0x4E00 + 7 * i + k) for k in range(3))
        assert client.get("/static/cjk-hant.otf", params={"extra": stranger}).status_code == 200
    cached = sorted(p.name for p in (tmp_path / "cache").iterdir())
    assert len(cached) == 1 + 2, cached
    assert font.subset_path("hant").name in cached
    assert font.subset_path("hant", names).name in cached


def test_state_carries_the_finish_multipliers_and_the_last_refusal(
    client: TestClient, service: TableService
) -> None:
    tr = session(1, seed=5)
    client.post("/api/session", json=start_body(tr), headers=AUTH)
    state = client.get("/api/state").json()
    assert state["multipliers"]["ba_zhi"] == 4 and state["multipliers"]["qi_zhi"] == 2
    assert state["notice"] is None
    service.set_notice({"seat": tr["seats"][1], "message": "out of turn"})
    assert client.get("/api/state").json()["notice"]["message"] == "out of turn"
    first = events(tr)[0]
    assert client.post("/api/events", json=first, headers=AUTH).status_code == 200
    assert client.get("/api/state").json()["notice"] is None  # an accepted event clears it


def test_scoreboard_boots_with_the_state_and_exports_links(client: TestClient) -> None:
    tr = session(1, seed=5)
    client.post("/api/session", json=start_body(tr), headers=AUTH)
    page = client.get("/?lang=zh-Hant").text
    data = boot(page)
    assert [s["name"] for s in data["state"]["seats"]] == tr["seats"]
    assert "/api/standings.csv" in page and "/api/standings.pdf?lang=zh-Hant" in page
    assert "</script><script" not in json.dumps(data, ensure_ascii=False)


@pytest.mark.parametrize("lang", LANGS)
def test_the_csv_link_is_in_the_pages_language(client: TestClient, lang: str) -> None:
    """The scoreboard's CSV, like its PDF, has its header in the page's language."""
    page = client.get(f"/?lang={lang}").text
    href = re.search(r'href="(/api/standings\.csv[^"]*)"', page)
    assert href, page
    header = client.get(href.group(1).replace("&amp;", "&")).text.lstrip("\ufeff").splitlines()[0]
    assert header.split(",")[:2] == [gettext("Rank", lang), gettext("Player", lang)]


def test_switching_language_keeps_the_kiosks_settings(client: TestClient) -> None:
    """A kiosk set to ?theme=black&slide=20 keeps both when a visitor switches language."""
    page = client.get("/?lang=en&theme=black&slide=20").text
    links = re.findall(r'<a href="\?([^"]*)" hreflang="([^"]+)"', page)
    assert {lang for _q, lang in links} == set(LANGS)
    for query, lang in links:
        params = dict(kv.split("=") for kv in query.replace("&amp;", "&").split("&"))
        assert params == {"theme": "black", "slide": "20", "lang": lang}, query


def test_a_refusal_at_the_live_table_reaches_the_scoreboard_state(service: TableService) -> None:
    from hub.table.live import LiveSettings, LiveTable

    tr = session(1, seed=5)
    service.start_session(start_body(tr), "test")
    live = LiveTable(service, LiveSettings(camera=False), None, clock=lambda: 0.0)
    seen: list[Any] = []
    service.listeners.append(lambda row, snapshot: seen.append(snapshot["notice"]))
    live.on_press(1, "play")  # no camera: the press is refused
    notice = service.state()["notice"]
    assert notice == {"seat": tr["seats"][1], "message": "no camera: the operator enters plays",
                      "kind": "no_camera", "tiles": [], "count": 0}  # fmt: skip
    assert seen[-1] == notice  # the stream was told
    service.submit(events(tr)[0], "operator")
    assert service.state()["notice"] is None
