"""A refusal in the page's language: the state's notice and the API's 400 carry what was refused
(its `Refusal` kind, tiles and count) beside the referee's sentence, and every kind has words in
every catalogue, so the Chinese pages never show the English sentence as their text."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from hub.rules.errors import Refusal
from hub.table.live import LiveSettings, LiveTable
from hub.table.service import TableService
from hub.web.i18n import LANGS, catalogue, gettext
from hub.web.refusals import REFUSAL_TEXT, REFUSAL_WITH_TILES, refusal_texts
from tests.web.feed import events, session, start_body
from tests.web.test_pages import boot

AUTH = {"Authorization": "Bearer tok"}


def test_every_refusal_kind_has_words_in_every_catalogue() -> None:
    """A new `Refusal` cannot be added without the pages' words for it, in every language."""
    assert set(REFUSAL_TEXT) == set(Refusal), set(Refusal) - set(REFUSAL_TEXT)
    assert set(REFUSAL_WITH_TILES) <= set(Refusal)
    for lang in LANGS:
        ids = catalogue(lang)
        for kind in Refusal:
            for msgid in (REFUSAL_TEXT[kind], REFUSAL_WITH_TILES.get(kind)):
                if msgid is None:
                    continue
                assert msgid in ids, (lang, kind, msgid)
                text = gettext(msgid, lang)
                if lang != "en":
                    words = re.sub(r"\{\w+\}", "", text)
                    assert text != msgid and not re.search(r"[A-Za-z]{2}", words), (lang, text)
                # the placeholders of the English text, and no others
                assert set(re.findall(r"\{\w+\}", text)) == set(re.findall(r"\{\w+\}", msgid))
        assert set(refusal_texts(lang)) == {str(k) for k in Refusal}
    assert all("{tiles}" in m for m in REFUSAL_WITH_TILES.values())
    assert not any("{tiles}" in m for m in REFUSAL_TEXT.values())


@pytest.mark.parametrize("path", ["/", "/overlay", "/operator"])
def test_the_pages_boot_with_the_refusals_in_their_language(client: TestClient, path: str) -> None:
    data = boot(client.get(f"{path}?lang=zh-Hant").text)
    assert data["refusals"]["out_of_turn"]["text"] == gettext(
        REFUSAL_TEXT[Refusal.OUT_OF_TURN], "zh-Hant"
    )
    assert data["refusals"]["cannot_beat"]["tiles"] == gettext(
        REFUSAL_WITH_TILES[Refusal.CANNOT_BEAT], "zh-Hant"
    )


def test_a_refusal_at_the_live_table_carries_its_kind_in_the_state(
    client: TestClient, service: TableService
) -> None:
    tr = session(1, seed=11)
    client.post("/api/session", json=start_body(tr), headers=AUTH)
    live = LiveTable(service, LiveSettings(camera=False), None, clock=lambda: 0.0)
    live.on_press(1, "play")  # no camera: refused before the referee sees it
    notice = client.get("/api/state").json()["notice"]
    assert notice["seat"] == tr["seats"][1] and notice["message"]  # the fields that were there
    assert (notice["kind"], notice["tiles"], notice["count"]) == ("no_camera", [], 0)
    first = events(tr)[0]
    assert client.post("/api/events", json=first, headers=AUTH).status_code == 200
    live.on_press(2, "discard")  # the referee's refusal: 李小龍 is to act, not Ada
    notice = client.get("/api/state").json()["notice"]
    assert notice["kind"] == "out_of_turn" and notice["seat"] == tr["seats"][2], notice
    assert "out of turn" in notice["message"]


def test_a_refused_event_answers_with_its_kind_tiles_and_count(client: TestClient) -> None:
    """The operator page says the refusal in its language from these; ``error`` stays."""
    tr = session(1, seed=11)
    client.post("/api/session", json=start_body(tr), headers=AUTH)
    r = client.post("/api/events", json={"seat": "Ada", "play": ["6-6"]}, headers=AUTH)
    assert r.status_code == 400
    assert r.json()["kind"] == "out_of_turn" and "out of turn" in r.json()["error"]
    client.post("/api/events", json=events(tr)[0], headers=AUTH)  # 陳大文 leads 5-1
    r = client.post("/api/events", json={"seat": "李小龍", "play": ["4-1"]}, headers=AUTH)
    body = r.json()
    assert (body["kind"], body["tiles"], body["count"]) == ("cannot_beat", ["5-1"], 1), body
    r = client.post("/api/events", json={"seat": "李小龍", "play": "six"}, headers=AUTH)
    assert r.status_code == 400 and "kind" not in r.json()  # not a refusal: a malformed event


@pytest.mark.parametrize(
    ("rules", "lead", "names"),
    [
        ("hk", ["6-6", "6-6"], {"zh-Hant": "天對", "zh-Hans": "天对", "en": "Teen pair"}),
        ("hk", ["1-1", "6-2"], {"zh-Hant": "地八", "zh-Hans": "地八", "en": "Day Bot"}),
        ({"base": "hk", "wen_zun": True}, ["5-1", "5-1"],
         {"zh-Hant": "文尊", "zh-Hans": "文尊", "en": "civil Gee Joon"}),
    ],
)  # fmt: skip
def test_a_refusal_names_the_play_to_beat_by_its_group(
    client: TestClient, rules: object, lead: list[str], names: dict[str, str]
) -> None:
    """'Must beat 天 天': the pages named the play to beat tile by tile, where rules.md §B.3
    names the group (天對, 地八, 文尊 when it is played) as a trick's plays are named."""
    body = {**start_body(session(1, seed=11)), "rules": rules}
    assert client.post("/api/session", json=body, headers=AUTH).status_code == 200
    banker, follower = body["seats"][0], body["seats"][1]
    lead_ev = {"seat": banker, "play": lead}
    assert client.post("/api/events", json=lead_ev, headers=AUTH).status_code == 200
    r = client.post("/api/events", json={"seat": follower, "play": ["4-4", "4-4"]}, headers=AUTH)
    assert r.status_code == 400
    body = r.json()
    assert body["kind"] == "cannot_beat" and body["tiles"] == lead, body
    assert body["group_names"] == names


@pytest.mark.parametrize(
    ("lang", "names"), [("zh-Hant", "東南西北"), ("zh-Hans", "东南西北"), ("en", "ESWN")]
)
def test_the_operators_default_seat_names_are_in_the_pages_language(
    client: TestClient, lang: str, names: str
) -> None:
    page = client.get(f"/operator?lang={lang}").text
    values = re.findall(r'<input name="player"[^>]* value="([^"]*)"', page)
    assert "".join(values) == names, values


def test_the_simplified_pages_count_tiles_and_stacks_as_mainland_players_do() -> None:
    """Mainland players count tiles with 张 (seed 000: 取牌两张, 三张牌) and stacks in 戙
    (rules.md §F, seed 000: 数量的单位叫"戙"); 只 as a tile's measure word is Cantonese (隻,
    right on the Traditional pages) and in Simplified reads as "only"."""
    counted = re.compile(r"(\{n\}|[0-9一二两三四五六七八九十这每])\s*只|栋")
    for msgid in catalogue("zh-Hans"):
        text = gettext(msgid, "zh-Hans")
        assert not counted.search(text), (msgid, text)
    assert "张" in gettext("Wrong number of tiles: play {n} face up, or discard {n}", "zh-Hans")
