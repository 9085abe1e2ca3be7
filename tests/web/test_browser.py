"""The pages in a real browser: Playwright drives Debian's Chromium against a real hub process.

Each test waits on page conditions, never on fixed sleeps. Screenshots of every page
are kept under ``out/screenshots/`` (gitignored) to be looked at.
"""

from __future__ import annotations

import contextlib
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
import uvicorn

from hub.adapters.ledger import Ledger
from hub.rules.errors import IllegalPlay
from hub.table.service import TableService, refusal_notice
from hub.web.app import create_app
from hub.web.i18n import face_names, gettext
from tests.web.feed import events, session, start_body
from tests.web.hubproc import TOKEN, HubProcess, free_port

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
WAIT_MS = 15_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]

playwright = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HubProcess]:
    h = HubProcess(tmp_path_factory.mktemp("hub") / "t.db").start()
    yield h
    h.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@contextlib.contextmanager
def _opener(browser: Any, base: str) -> Iterator[Any]:
    """``open_(path, **context options)``: a fresh page of ``base``, 1920×1080 unless a
    ``viewport`` is given; JS errors fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def open_(path: str, **options: Any) -> Any:
        options.setdefault("viewport", {"width": 1920, "height": 1080})
        ctx = browser.new_context(**options)
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(WAIT_MS)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + path)
        return page

    try:
        yield open_
    finally:
        for ctx in contexts:
            ctx.close()
    assert not errors, errors


@pytest.fixture
def open_page(browser: Any, hub: HubProcess) -> Iterator[Any]:
    """``open_page(path, **context options)``: a fresh page of the hub (see `_opener`)."""
    with _opener(browser, hub.url) as open_:
        yield open_


def shot(page: Any, name: str, **options: Any) -> bytes:
    SHOTS.mkdir(parents=True, exist_ok=True)
    data: bytes = page.screenshot(path=str(SHOTS / f"{name}.png"), **options)
    return data


def wait_event(page: Any, event_id: int) -> None:
    page.wait_for_function(f"document.body.dataset.eventId === '{event_id}'")


def start(hub: HubProcess, hands: int = 2, seed: int = 11) -> dict[str, Any]:
    tr = session(hands, seed)
    r = hub.post("/api/session", start_body(tr))
    assert r.status_code == 200, r.text
    return tr


def post(hub: HubProcess, ev: dict[str, Any]) -> int:
    r = hub.post("/api/events", ev)
    assert r.status_code == 200, r.text
    return int(r.json()["event_id"])


def test_attract_mode_cycles_through_tiles_and_rules(hub: HubProcess, open_page: Any) -> None:
    start(hub)
    hub.post("/api/end", {})  # no session running: the kiosk explains the game
    page = open_page("/?lang=zh-Hant&slide=1")
    page.wait_for_selector("#attract", state="visible")
    page.wait_for_function("document.querySelectorAll('#slide figure').length === 11")
    assert "天" in page.inner_text("#slide") and "拎冧六" in page.inner_text("#slide")
    shot(page, "attract-tiles")
    page.wait_for_function("document.querySelectorAll('#slide .slide-lines li').length > 0")
    shot(page, "attract-rules")


def test_the_simplified_kiosk_names_the_tiles_the_mainland_way(
    hub: HubProcess, open_page: Any
) -> None:
    """rules.md §A.1 gives HK / mainland names: the Simplified kiosk named 3-1, 6-5 and 2-1
    the Hong Kong way (和, 斧头, 丁三) beside the mainland 铜锤六, and the mixed pair 和五."""
    start(hub)
    hub.post("/api/end", {})
    page = open_page("/?lang=zh-Hans&slide=1")
    captions = "[...document.querySelectorAll('#slide figcaption')].map(e => e.textContent)"
    for faces, name in (("3-1", "鹅"), ("6-5", "虎头"), ("5-1", "铜锤六"), ("2-1", "幺二")):
        page.wait_for_function(f"{captions}.includes({json.dumps(name + faces)})")
    page.wait_for_function(f"{captions}.includes('鹅五')")
    shown = page.evaluate(f"{captions}.join(' ')")
    assert not any(hk in shown for hk in ("丁三", "斧头", "和")), shown
    shot(page, "attract-groups-zh-Hans")


def test_a_session_that_ended_leads_the_kiosks_slides_with_its_standings(
    hub: HubProcess, open_page: Any
) -> None:
    """A session ended, the TV turns to attract mode; its first slide is how the session
    ended, the players ranked by their totals, before the tiles and the rules."""
    tr = start(hub, hands=1)
    for ev in events(tr):
        post(hub, ev)
    hub.post("/api/end", {})
    seats = hub.get("/api/state")["seats"]
    page = open_page("/?lang=zh-Hant&slide=60")
    page.wait_for_selector("#slide h2")
    assert page.inner_text("#slide h2") == "散局 · 排名"
    ranked = sorted(seats, key=lambda p: -int(p["score"]))
    assert page.locator("#slide .slide-lines li").all_inner_texts() == [
        f"{i + 1}. {p['name']} {p['score']:+d}" if p["score"] else f"{i + 1}. {p['name']} 0"
        for i, p in enumerate(ranked)
    ]
    assert any(p["score"] for p in seats)  # (a hand was played: the totals differ)


def test_events_appear_live_on_the_scoreboard_and_the_overlay(
    hub: HubProcess, open_page: Any
) -> None:
    tr = start(hub, hands=2, seed=11)
    board = open_page("/?lang=zh-Hant")
    overlay = open_page("/overlay?layout=lower&lang=zh-Hant")
    for page in (board, overlay):
        page.wait_for_selector(f"#seats .seat:has-text('{tr['seats'][0]}')")
    evs = events(tr)
    first = evs[0]
    assert "play" in first, first
    event_id = post(hub, first)
    face = first["play"][0]
    for page in (board, overlay):
        wait_event(page, event_id)
        play = page.locator(f"#trick .play[data-seat-name='{first['seat']}']")
        assert play.locator(f"svg.tile[aria-label$=' {face}']").count() == len(first["play"])
    # the rest of the first hand: the payments in words, the totals and the chart
    hand_len = len(tr["hands"][0]["events"])
    for ev in evs[1:hand_len]:
        event_id = post(hub, ev)
    state = hub.get("/api/state")
    assert state["hand"]["complete"]
    for page in (board, overlay):
        wait_event(page, event_id)
        for seat in state["seats"]:
            score = page.locator(f"#seats .seat[data-seat='{seat['seat']}'] .score")
            assert score.get_attribute("data-score") == str(seat["score"])
    board.wait_for_function("document.body.classList.contains('names-font')")
    assert board.evaluate("document.fonts.check('48px \"TG CJK Names\"', '陳大文何鴻')")
    board.wait_for_selector("#result li.pay")
    reasons = {p["reason"] for p in state["hand"]["result"]["payments"]}
    words = board.inner_text("#result")
    assert ("結算" in words or "空棟" in words) if "settlement" in reasons else True
    board.wait_for_selector("#chart svg.chart path[data-player]")
    assert board.locator("#chart path[data-player]").count() == len(tr["seats"])
    # one more play: the next hand shows, the last hand stays on the board
    event_id = post(hub, evs[hand_len])
    wait_event(board, event_id)
    board.wait_for_selector("#result h3:has-text('上一局')")
    shot(board, "scoreboard-zh-Hant")
    shot(overlay, "overlay-lower", omit_background=True)
    board.click("#rules-btn")
    board.wait_for_selector("#rules-dialog[open] li[data-option]")
    shot(board, "scoreboard-rules")


def _alpha(png: bytes) -> np.ndarray[Any, Any]:
    """The alpha channel of a PNG screenshot (an RGB-only PNG is opaque everywhere)."""
    img = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_UNCHANGED)
    assert img is not None and img.ndim == 3, "not a colour PNG"
    if img.shape[2] == 3:
        return np.full(img.shape[:2], 255, np.uint8)
    return np.asarray(img[:, :, 3])


def test_the_overlay_is_really_transparent(hub: HubProcess, open_page: Any) -> None:
    tr = start(hub, hands=1, seed=11)
    for layout in ("lower", "corner"):
        page = open_page(f"/overlay?layout={layout}&lang=en")
        page.wait_for_selector(f"#seats .seat:has-text('{tr['seats'][0]}')")
        alpha = _alpha(shot(page, f"overlay-{layout}-en", omit_background=True))
        box = page.locator("#board").bounding_box()
        assert alpha[5, 5] == 0 and alpha[540, 400] == 0  # the video shows through
        cx, cy = int(box["x"] + box["width"] / 2), int(box["y"] + box["height"] / 2)
        assert alpha[cy, cx] > 150  # the panel itself is solid enough to read
        assert (alpha == 0).mean() > 0.6
    page = open_page("/overlay?layout=corner&bg=1&lang=en")
    page.wait_for_selector("#seats .seat")
    alpha = _alpha(shot(page, "overlay-corner-opaque", omit_background=True))
    assert alpha.min() == 255


FONT_CHECK = """async (family) => {
  await document.fonts.ready;
  const faces = [...document.fonts].filter(f => f.family.replace(/"/g, '') === family);
  const ink = (text, font) => {
    const c = document.createElement('canvas'); c.width = 200; c.height = 80;
    const g = c.getContext('2d'); g.font = font; g.fillStyle = '#000'; g.fillText(text, 10, 60);
    return g.getImageData(0, 0, 200, 80).data.filter((v, i) => i % 4 === 3 && v > 0).length;
  };
  const f = `48px "${family}", monospace`;
  return {loaded: faces.some(x => x.status === 'loaded'),
          check: document.fonts.check(`48px "${family}"`, '天九桌'),
          width: (() => { const g = document.createElement('canvas').getContext('2d');
                          g.font = `48px "${family}"`; return g.measureText('天九桌').width; })(),
          tian: ink('天', f), di: ink('地', f), tofu: ink('\\u{10FFFD}', f)};
}"""


@pytest.mark.parametrize(
    ("lang", "family"), [("zh-Hant", "TG CJK Hant"), ("zh-Hans", "TG CJK Hans")]
)
def test_cjk_text_renders_with_the_served_font(
    hub: HubProcess, open_page: Any, lang: str, family: str
) -> None:
    page = open_page(f"/?lang={lang}")
    assert page.evaluate("document.documentElement.lang") == lang
    page.wait_for_function(
        f"[...document.fonts].some(f => f.family.includes('{family}') && f.status === 'loaded')"
    )
    got = page.evaluate(FONT_CHECK, family)
    assert got["loaded"] and got["check"], got
    assert 140 <= got["width"] <= 150, got  # three full-width glyphs of 48 px, not tofu boxes
    assert got["tian"] > 200 and got["di"] > 200 and got["tian"] != got["di"], got
    assert got["tofu"] != got["tian"], got


def test_the_operator_runs_a_session_through_the_api(hub: HubProcess, open_page: Any) -> None:
    tr = session(1, seed=11)
    evs = events(tr)
    page = open_page("/operator?lang=en")
    page.on("dialog", lambda d: d.accept())
    page.fill("#token", TOKEN)
    page.click("#token-form button")
    assert page.evaluate("sessionStorage.getItem('tiengow-admin-token')") == TOKEN
    inputs = page.locator("#start-form input[name=player]")
    for i, name in enumerate(tr["seats"]):
        inputs.nth(i).fill(name)
    page.select_option("#start-form select[name=preset]", "hk")
    page.select_option("#start-form select[name=banker]", tr["hands"][0]["banker"])
    page.click("#start-form button")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Done')")
    state = hub.get("/api/state")
    assert [s["name"] for s in state["seats"]] == tr["seats"] and not state["ended"]
    assert state["hand"]["banker"] == tr["hands"][0]["banker"]

    def enter(ev: dict[str, Any], button: str) -> int:
        if button == "correct":  # the last action's seat, chosen by hand
            page.select_option("#event-form select[name=seat]", ev["seat"])
        else:  # the seat to act is chosen by itself
            page.wait_for_function(
                f"document.querySelector('#event-form select[name=seat]').value === '{ev['seat']}'"
            )
        before = hub.get("/api/state")["last_event_id"]
        if "play" in ev:  # tiles picked from the palette
            page.select_option("#event-form select[name=action]", "play")
            page.fill("#event-form input[name=tiles]", "")
            for face in ev["play"]:
                page.click(f"#palette button[data-face='{face}']")
            assert page.input_value("#event-form input[name=tiles]") == " ".join(ev["play"])
        else:
            page.select_option("#event-form select[name=action]", "discard count")
            n = ev["discard"] if isinstance(ev["discard"], int) else len(ev["discard"])
            page.fill("#event-form input[name=tiles]", str(n))
        page.click(f"#event-form button[value={button}]")
        page.wait_for_function(
            f"document.getElementById('status').textContent.startsWith('Done') && "
            f"!document.getElementById('status').textContent.endsWith('#{before}')"
        )
        return int(hub.get("/api/state")["last_event_id"]) - int(before)

    assert enter(evs[0], "submit") == 1
    assert enter(evs[1], "submit") == 1
    trick = hub.get("/api/state")["hand"]["trick"]
    assert enter(evs[1], "correct") == 2  # a misread put right: undo, then the right event
    assert hub.get("/api/state")["hand"]["trick"] == trick
    page.click("#undo")
    page.wait_for_function("document.querySelectorAll('#trick .play').length === 1")
    assert len(hub.get("/api/state")["hand"]["trick"]) == 1
    page.fill("#event-form input[name=tiles]", "7-7")
    page.select_option("#event-form select[name=action]", "play")
    page.click("#event-form button[value=submit]")
    page.wait_for_function("document.getElementById('status').className === 'bad'")
    assert "7-7" in page.inner_text("#status")
    shot(page, "operator")
    page.click("#end")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Done')")
    assert hub.get("/api/state")["ended"] is True


def test_the_scoreboard_catches_up_after_a_hub_restart(hub: HubProcess, open_page: Any) -> None:
    tr = start(hub, hands=1, seed=11)
    evs = events(tr)
    board = open_page("/?lang=en")
    overlay = open_page("/overlay?lang=en")
    wait_event(board, post(hub, evs[0]))
    hub.kill9()
    board.wait_for_function("document.body.classList.contains('offline')")
    hub.start()
    event_id = post(hub, evs[1])
    for page in (board, overlay):  # no reload: EventSource reconnects by itself
        wait_event(page, event_id)
        assert page.locator("#trick .play").count() == 2
    board.wait_for_function("!document.body.classList.contains('offline')")
    assert board.evaluate("performance.getEntriesByType('navigation').length") == 1
    shot(board, "scoreboard-en-after-restart")


def test_the_language_follows_the_browser_and_switches_by_link(open_page: Any) -> None:
    page = open_page("/", locale="zh-CN")
    assert page.evaluate("document.documentElement.lang") == "zh-Hans"
    assert page.inner_text("#rules-btn") == "本台规则"
    page.click("a[hreflang=en]")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert "lang=en" in page.url and page.inner_text("#rules-btn") == "House rules"
    page = open_page("/overlay", locale="zh-HK")
    assert page.evaluate("document.documentElement.lang") == "zh-Hant"


@pytest.fixture
def inproc(tmp_path: Path) -> Iterator[tuple[str, TableService]]:
    """The app served by uvicorn in a thread, so a test can reach into its `TableService`."""
    service = TableService(Ledger(tmp_path / "t.db"), "t1")
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(service, TOKEN), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    while not server.started:
        thread.join(0.05)
    yield url, service
    server.should_exit = True
    thread.join(10)


@pytest.fixture
def open_inproc(browser: Any, inproc: tuple[str, TableService]) -> Iterator[Any]:
    """``open_inproc(path, **context options)``: a fresh page of the in-process app."""
    with _opener(browser, inproc[0]) as open_:
        yield open_


def test_a_refusal_at_the_table_shows_on_the_scoreboard(
    inproc: tuple[str, TableService], open_inproc: Any
) -> None:
    _, service = inproc
    tr = session(1, seed=11)
    service.start_session(start_body(tr), "test")
    page = open_inproc("/?lang=zh-Hant")
    page.wait_for_selector("#seats .seat")
    service.set_notice({"seat": tr["seats"][2], "message": "not your turn: 陳大文 leads"})
    page.wait_for_selector("#notice:not([hidden])")
    assert "不准" in page.inner_text("#notice") and tr["seats"][2] in page.inner_text("#notice")
    shot(page, "scoreboard-notice")
    service.submit(events(tr)[0], "test")  # the next accepted event clears it
    page.wait_for_selector("#notice", state="hidden")


LONG_NAMES = ["歐陽翠華婆婆呀", "司徒大文伯伯", "諸葛孔明先生", "上官婉兒小姐姐"]

BADGES_SHOWN = """() => [...document.querySelectorAll('#seats .badge')].map(b => {
  const r = b.getBoundingClientRect(), card = b.closest('.seat').getBoundingClientRect();
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return {text: b.textContent, inside: r.width > 0 && r.left >= card.left && r.right <= card.right
          && b.contains(hit)};
})"""
NAMES_CUT = """() => [...document.querySelectorAll('#seats .name')]
  .filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.textContent)"""


@pytest.mark.parametrize("path", ["/?lang=zh-Hant", "/overlay?lang=zh-Hant"])
def test_long_names_leave_the_banker_and_turn_badges_in_sight(
    hub: HubProcess, open_page: Any, path: str
) -> None:
    """A long Chinese name is shortened (its whole in the title), never the badges after it:
    they were clipped with the name's end, so the banker and the seat to play went unmarked."""
    tr = session(1, seed=11, seats=LONG_NAMES)
    assert hub.post("/api/session", start_body(tr)).status_code == 200
    page = open_page(path)
    page.wait_for_selector(f"#seats .seat:has-text('{LONG_NAMES[3]}')")
    banker = tr["hands"][0]["banker"]  # who also leads: two badges after one long name
    page.wait_for_selector(f"#seats .seat .name:has-text('{banker}') .badge.act")
    shown = page.evaluate(BADGES_SHOWN)
    assert [b["text"] for b in shown] == ["莊家", "出牌"], shown
    assert all(b["inside"] for b in shown), shown
    assert page.evaluate(NAMES_CUT) == []  # shortened with an ellipsis, not cut mid-glyph
    for name in LONG_NAMES:
        assert page.locator(f"#seats .seat .name[title='{name}']").count() == 1
    shot(page, "long-names" + ("-overlay" if "overlay" in path else ""))


OUTSIDE_THE_PANEL = """() => {
  const panel = document.getElementById('board').getBoundingClientRect();
  const out = [...document.querySelectorAll('#trick .play, #handinfo > span')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.left < panel.left || r.right > panel.right || r.top < panel.top || r.bottom > panel.bottom;
  }).map(e => e.textContent);
  const info = document.getElementById('handinfo');
  return info.scrollWidth > info.clientWidth + 1 ? out.concat(['cut: ' + info.textContent]) : out;
}"""


def test_the_corner_overlay_keeps_a_whole_trick_and_the_hand_inside_its_panel(
    hub: HubProcess, open_page: Any
) -> None:
    """Three plays of four tiles (seed 45 leads 人人雜七雜七) and a long banker's name: the
    corner panel is 420 px wide, so its trick wraps and its hand line (×2) wraps; the trick
    ran out of the panel over the video, and the banker's ×2 was cut off."""
    tr = session(1, seed=45, seats=LONG_NAMES)
    assert hub.post("/api/session", start_body(tr)).status_code == 200
    evs = events(tr)
    assert len(evs[0]["play"]) == 4, evs[0]
    for ev in evs[:2]:
        post(hub, ev)
    event_id = post(hub, evs[2])
    page = open_page("/overlay?layout=corner&lang=en")
    wait_event(page, event_id)
    assert page.locator("#trick .play").count() == 3
    assert "×2" in page.inner_text("#handinfo")
    assert page.evaluate(OUTSIDE_THE_PANEL) == []
    shot(page, "overlay-corner-trick", omit_background=True)


SMALLEST_TEXT = """() => {
  const sizes = [], walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || !e.getClientRects().length || e.closest('[hidden]')) continue;
    if (e.closest('dialog') && !e.closest('dialog').open) continue;
    const svg = e.closest('svg');  // a chart's text is scaled with its viewBox
    const px = parseFloat(getComputedStyle(e).fontSize) * (svg ? e.getScreenCTM().a : 1);
    sizes.push([Math.round(px * 10) / 10, n.textContent.trim()]);
  }
  return sizes.sort((a, b) => a[0] - b[0]).slice(0, 5);
}"""
KIOSK_MIN_PX = 16


def test_a_small_kiosk_shows_no_text_too_small_for_older_eyes(
    hub: HubProcess, open_page: Any
) -> None:
    """A 7-inch kiosk (1024×600): every text the room reads, the header's buttons, the
    badges, the chart's scale, the house rules and the attract slides included, is at least
    16 px. They were sized by the screen's width alone: buttons 11 px, badges 13 px, the
    chart's numbers 9 px, the rules 14 px."""
    tr = start(hub, hands=2, seed=11)
    evs = events(tr)
    hand_len = len(tr["hands"][0]["events"])
    for ev in evs[: hand_len + 1]:
        event_id = post(hub, ev)
    page = open_page("/?lang=zh-Hant", viewport={"width": 1024, "height": 600})
    wait_event(page, event_id)
    page.wait_for_selector("#chart svg.chart text")
    page.wait_for_selector("#result li.pay")
    smallest = page.evaluate(SMALLEST_TEXT)
    assert smallest[0][0] >= KIOSK_MIN_PX, smallest
    shot(page, "kiosk-1024")
    page.click("#rules-btn")
    page.wait_for_selector("#rules-dialog[open] li[data-option]")
    smallest = page.evaluate(SMALLEST_TEXT)
    assert smallest[0][0] >= KIOSK_MIN_PX, smallest
    hub.post("/api/end", {})
    page.goto(hub.url + "/?lang=zh-Hant&slide=1")
    page.wait_for_selector("#slide .slide-tiles figure small")
    smallest = page.evaluate(SMALLEST_TEXT)
    assert smallest[0][0] >= KIOSK_MIN_PX, smallest
    shot(page, "kiosk-1024-attract")


def test_a_correction_the_referee_refuses_leaves_the_table_as_it_was(
    hub: HubProcess, open_page: Any
) -> None:
    """'Correct last' is an undo, then the event entered; when the referee refuses that event
    the action taken back is entered again and the page says why and that nothing changed.
    The undo stood: the table lost its last action, and a second try at 'Correct last' took
    back the action before it as well."""
    tr = start(hub, hands=1, seed=11)
    evs = events(tr)
    for ev in evs[:2]:
        post(hub, ev)
    before = hub.get("/api/state")["hand"]
    page = open_page("/operator?lang=zh-Hant")
    page.fill("#token", TOKEN)
    page.click("#token-form button")
    page.select_option("#event-form select[name=seat]", evs[1]["seat"])
    page.select_option("#event-form select[name=action]", "play")
    page.fill("#event-form input[name=tiles]", "6-6 6-6 6-6")  # no such play
    page.click("#event-form button[value=correct]")
    page.wait_for_function("document.getElementById('status').className === 'bad'")
    assert "未有改動" in page.inner_text("#status"), page.inner_text("#status")
    after = hub.get("/api/state")["hand"]
    assert after["trick"] == before["trick"] and after["to_act"] == before["to_act"]
    page.wait_for_function("document.querySelectorAll('#trick .play').length === 2")


def test_the_simplified_house_rules_call_zhizun_as_the_trick_does(
    inproc: tuple[str, TableService], open_inproc: Any
) -> None:
    """At a mainland table the Simplified house rules said '杂8对打最后一手的猴王对' where the
    trick and the kiosk name that group 至尊 ([000]'s 猴王对 is kept as its gloss)."""
    _, service = inproc
    service.start_session({**start_body(session(1, seed=11)), "rules": "mainland"}, "test")
    page = open_inproc("/?lang=zh-Hans")
    page.wait_for_selector("#seats .seat")
    page.click("#rules-btn")
    page.wait_for_selector("#rules-list li[data-option='zun_capture_reward']")
    lines = page.locator("#rules-list li").all_inner_texts()
    alone = [line for line in lines if re.sub("至尊（[^）]*猴王对）", "", line).count("猴王对")]
    assert alone == [], alone
    reward = page.inner_text("#rules-list li[data-option='zun_capture_reward']")
    assert "至尊" in reward, reward


def test_a_camera_notice_is_no_seats_refusal(
    inproc: tuple[str, TableService], open_inproc: Any
) -> None:
    """The camera's trouble (hub/main.py: a notice with no seat) shows as it is; it read
    '不准 · : camera stopped: …', a refusal of nobody."""
    _, service = inproc
    service.start_session(start_body(session(1, seed=11)), "test")
    page = open_inproc("/?lang=zh-Hant")
    page.wait_for_selector("#seats .seat")
    service.set_notice({"seat": None, "message": "camera stopped: no frames"})
    page.wait_for_selector("#notice:not([hidden])")
    assert page.inner_text("#notice") == "camera stopped: no frames"


def test_the_operator_starts_a_mainland_table_of_three(hub: HubProcess, open_page: Any) -> None:
    """The mainland game allows three (rules.md §F.3): the fourth name left empty starts a
    table of three. All four names were required, so the form would not send."""
    page = open_page("/operator?lang=zh-Hans")
    page.on("dialog", lambda d: d.accept())  # starting over an earlier test's session
    page.fill("#token", TOKEN)
    page.click("#token-form button")
    inputs = page.locator("#start-form input[name=player]")
    for i, name in enumerate(["欧阳翠华", "司徒大文", "诸葛孔明", ""]):
        inputs.nth(i).fill(name)
    page.select_option("#start-form select[name=preset]", "mainland")
    page.click("#start-form button")
    page.wait_for_function("document.getElementById('status').textContent.includes(' · ')")
    assert page.get_attribute("#status", "class") == "ok", page.inner_text("#status")
    assert [s["name"] for s in hub.get("/api/state")["seats"]] == [
        "欧阳翠华",
        "司徒大文",
        "诸葛孔明",
    ]


REFUSED = [  # a real refusal of each sort: no tiles, a count, tiles and a count
    ({"seat": "Ada", "play": ["6-6"]}, "out_of_turn"),
    ({"seat": "李小龍", "play": ["6-6", "6-6"]}, "wrong_count"),
    ({"seat": "李小龍", "play": ["4-1"]}, "cannot_beat"),
]


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
def test_a_refused_play_shows_in_the_pages_language(
    inproc: tuple[str, TableService], open_inproc: Any, lang: str
) -> None:
    """The notice says the refusal in the page's words, from its kind and details, tiles drawn
    and named as the page shows tiles; the referee's sentence is the smaller line under it. It
    read '不准 · Ada: Ada acted out of turn: …', the English sentence, on the Chinese pages."""
    _, service = inproc
    tr = session(1, seed=11)
    service.start_session(start_body(tr), "test")
    pages = {path: open_inproc(f"{path}?lang={lang}") for path in ("/", "/overlay")}
    for page in pages.values():
        page.wait_for_selector("#seats .seat")
    for ev, kind in REFUSED:
        if kind != "out_of_turn" and not service.session.hands[-1].actions:  # type: ignore[union-attr]
            service.submit(events(tr)[0], "test")  # 陳大文 leads 5-1
        try:
            service.submit(ev, "test")
        except IllegalPlay as e:
            assert e.kind == kind
            service.set_notice(refusal_notice(ev["seat"], e))
            sentence = str(e)
        else:
            pytest.fail(f"{ev} was accepted")
        for path, page in pages.items():
            page.wait_for_selector(f"#notice[data-kind='{kind}']:not([hidden])")
            main = page.inner_text("#notice .what")
            assert gettext("Refused", lang) in main and ev["seat"] in main, main
            assert sentence not in main, main
            if lang != "en":  # no English in it at all but the seat's name
                assert not re.search("[A-Za-z]{3}", main.replace(ev["seat"], "")), main
            assert page.inner_text("#notice .why") == sentence
            if kind == "cannot_beat":  # the tile to beat, drawn and named
                assert face_names(lang)["5-1"] in main, main
                assert page.locator("#notice .what svg.tile").count() == 1
            if kind != "out_of_turn":  # the lead's size
                assert "1" in main, main
            shot(page, f"notice-{kind}-{lang}{path.replace('/', '-')}")


@pytest.mark.parametrize(
    ("lang", "group"), [("zh-Hant", "天對"), ("zh-Hans", "天对"), ("en", "Teen pair")]
)
def test_a_refusal_names_the_play_to_beat_by_its_group(
    inproc: tuple[str, TableService], open_inproc: Any, lang: str, group: str
) -> None:
    """'Must beat 天 天, or discard 2': the notice and the operator named the play to beat tile
    by tile while the trick above it says 天對 (rules.md §B.3 names the group)."""
    _, service = inproc
    tr = session(1, seed=11)
    service.start_session(start_body(tr), "test")
    banker, follower = tr["seats"][0], tr["seats"][1]
    service.submit({"seat": banker, "play": ["6-6", "6-6"]}, "test")
    board = open_inproc(f"/?lang={lang}")
    board.wait_for_selector("#trick .play")
    try:
        service.submit({"seat": follower, "play": ["4-4", "4-4"]}, "test")
    except IllegalPlay as e:
        service.set_notice(refusal_notice(follower, e))
    board.wait_for_selector("#notice[data-kind='cannot_beat']:not([hidden])")
    tiles_one_by_one = " ".join([face_names(lang)["6-6"]] * 2)
    main = board.inner_text("#notice .what")
    assert group in main and tiles_one_by_one not in main, main
    assert board.locator("#notice .what svg.tile").count() == 2  # the tiles still drawn
    operator = open_inproc(f"/operator?lang={lang}")
    operator.fill("#token", TOKEN)
    operator.click("#token-form button")
    operator.wait_for_function(
        f"document.querySelector('#event-form select[name=seat]').value === '{follower}'"
    )
    operator.select_option("#event-form select[name=action]", "play")
    operator.fill("#event-form input[name=tiles]", "4-4 4-4")
    operator.click("#event-form button[value=submit]")
    operator.wait_for_function("document.getElementById('status').className === 'bad'")
    main = operator.inner_text("#status .what")
    assert group in main and tiles_one_by_one not in main, main
    shot(board, f"notice-group-{lang}")


def test_the_operator_says_a_refusal_in_its_language(hub: HubProcess, open_page: Any) -> None:
    """The operator's status said 'Error: 陳大文 led 6-6+5-5: not a legal group …', the
    referee's English sentence, on the Chinese page too; its seat names were E S W N."""
    tr = start(hub, hands=1, seed=11)
    page = open_page("/operator?lang=zh-Hant")
    page.fill("#token", TOKEN)
    page.click("#token-form button")
    banker = tr["hands"][0]["banker"]  # to lead: the seat the page chooses by itself
    page.wait_for_function(
        f"document.querySelector('#event-form select[name=seat]').value === '{banker}'"
    )
    page.select_option("#event-form select[name=action]", "play")
    page.fill("#event-form input[name=tiles]", "6-6 5-5")  # no group (6-6 5-4 is 天九, a pair)
    page.click("#event-form button[value=submit]")
    page.wait_for_function("document.getElementById('status').className === 'bad'")
    main = page.inner_text("#status .what")
    assert main == f"不准 · {banker}：{gettext('Not a legal group', 'zh-Hant')}", main
    assert "not a legal group" in page.inner_text("#status .why")
    shot(page, "operator-refusal-zh-Hant")
    assert [page.input_value(f"#start-form input[name=player] >> nth={i}") for i in range(4)] == [
        "東",
        "南",
        "西",
        "北",
    ]


def test_the_operator_enters_a_li_pai_with_the_hand_shown(hub: HubProcess, open_page: Any) -> None:
    """A live table never sees the deal, so a 例牌 is checked against the hand shown (§E.9,
    docs/rules-decisions.md). The operator's 'declare' sent only the name the tiles field
    held, which the referee always refuses ('no deal to check it against'), and a face picked
    from the palette turned the action into a play. Two claims of one deal are one hand: the
    banker's wins (golden O33)."""
    rules = {"preset": "hk", "li_pai": {"eight_civil": True, "seven_mil": True}}
    body = {"rules": rules, "seats": list("ESWN"), "hands": [{"banker": "E"}]}
    assert hub.post("/api/session", body).status_code == 200
    page = open_page("/operator?lang=en")
    page.fill("#token", TOKEN)
    page.click("#token-form button")

    def declare(seat: str, name: str, faces: list[str]) -> None:
        before = hub.get("/api/state")["last_event_id"]
        page.select_option("#event-form select[name=seat]", seat)
        page.select_option("#event-form select[name=action]", "declare")
        page.fill("#event-form input[name=tiles]", name)
        for face in faces:
            page.click(f"#palette button[data-face='{face}']")
        assert page.input_value("#event-form select[name=action]") == "declare"
        page.click("#event-form button[value=submit]")
        page.wait_for_function(
            f"document.getElementById('status').textContent.startsWith('Done') && "
            f"!document.getElementById('status').textContent.endsWith('#{before}')"
        )

    declare("S", "eight_civil", ["6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "3-1"])
    declare("E", "seven_mil", ["5-5", "6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-1"])
    state = hub.get("/api/state")
    assert (state["hands_played"], state["hand"]["result"]["winner"]) == (1, "E")
    assert {s["name"]: s["score"] for s in state["seats"]} == {
        "E": 60,
        "S": -20,
        "W": -20,
        "N": -20,
    }


TEXT_IN_SIGHT = """([box, text]) => {
  const b = document.querySelector(box), r = b.getBoundingClientRect();
  const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const at = n.textContent.indexOf(text);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(n, at); range.setEnd(n, at + text.length);
    const t = range.getBoundingClientRect();
    return t.width > 0 && t.left >= r.left - 1 && t.right <= r.right + 1;
  }
  return false;
}"""


def test_the_header_keeps_the_banker_term_in_sight_beside_a_long_name(
    hub: HubProcess, open_page: Any
) -> None:
    """1280×720 in English, a banker of seven characters: the header's hand line ran under
    the buttons and its end, the term and the banker's ×2, was cut off; the name gives way."""
    tr = session(1, seed=11, seats=LONG_NAMES)
    assert hub.post("/api/session", start_body(tr)).status_code == 200
    page = open_page("/?lang=en", viewport={"width": 1280, "height": 720})
    page.wait_for_selector("#handinfo .bk")
    assert "×2" in page.inner_text("#handinfo")
    assert page.evaluate(TEXT_IN_SIGHT, ["#handinfo", "term 1 ×2"]), page.inner_text("#handinfo")
    shot(page, "header-long-banker-1280")


def test_a_short_banker_name_leaves_no_gap_before_the_term(hub: HubProcess, open_page: Any) -> None:
    """A banker of one letter ('E'): the name kept a box two characters wide, so a blank
    stood between it and '· term 1'."""
    feed_golden(hub, "O17-final-quad-collects-si-da-he")
    page = open_page("/?lang=en")
    page.wait_for_selector("#handinfo .bk b")
    gap = page.evaluate(
        "(() => { const b = document.querySelector('#handinfo .bk b');"
        " const r = document.createRange(); r.selectNodeContents(b);"
        " return b.getBoundingClientRect().width - r.getBoundingClientRect().width; })()"
    )
    assert gap < 2, gap


OUTSIDE_ITS_BOX = """([box, parts]) => {
  const b = document.querySelector(box).getBoundingClientRect();
  return [...document.querySelectorAll(parts)].filter(e => {
    const r = e.getBoundingClientRect();
    return r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1;
  }).map(e => e.textContent);
}"""


def test_the_operator_page_fits_a_1280_screen(hub: HubProcess, open_page: Any) -> None:
    """The table beside the forms had columns as wide as their longest name, so with
    'Ada Lovelace-King' at the table the page ran 70 px past a 1280-wide screen, the seats
    at its right edge cut off."""
    tr = session(1, seed=11, seats=["歐陽翠華婆婆呀", "李小龍", "Ada Lovelace-King", "何鴻"])
    assert hub.post("/api/session", start_body(tr)).status_code == 200
    page = open_page("/operator?lang=zh-Hant", viewport={"width": 1280, "height": 720})
    page.wait_for_selector("#seats .seat:has-text('Ada Lovelace-King')")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert page.evaluate(OUTSIDE_ITS_BOX, ["body", "#seats .seat"]) == []
    shot(page, "operator-1280", full_page=True)


GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def feed_golden(hub: HubProcess, name: str) -> int:
    """A golden transcript's session (its first deal with it) and every event; the last id."""
    tr = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["transcript"]
    body = start_body(tr)
    if "deal" in tr["hands"][0]:
        body["hands"][0]["deal"] = tr["hands"][0]["deal"]
    r = hub.post("/api/session", body)
    assert r.status_code == 200, r.text
    event_id = int(r.json()["event_id"])
    for ev in events(tr):
        event_id = post(hub, ev)
    return event_id


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_a_hands_payments_and_nets_stay_inside_the_tv_panel(
    hub: HubProcess, open_page: Any, size: tuple[int, int]
) -> None:
    """四大包 with 四大賀 from each and two 空棟 (golden O17): six payments in English. The
    panel has a fixed height, so its last lines (the hand's net per player) were cut off
    under its edge, and the winner's six stack marks broke onto a line of their own."""
    event_id = feed_golden(hub, "O17-final-quad-collects-si-da-he")
    page = open_page("/?lang=en", viewport={"width": size[0], "height": size[1]})
    wait_event(page, event_id)
    page.wait_for_selector("#result .nets")
    assert page.locator("#result li.pay").count() == 6
    assert page.evaluate(OUTSIDE_ITS_BOX, ["#result", "#result h3, .res-head, li.pay, .nets"]) == []
    assert "E +120" in page.inner_text("#result .nets")
    assert page.evaluate(SMALLEST_TEXT)[0][0] >= KIOSK_MIN_PX
    marks = page.evaluate(
        "[...document.querySelectorAll('.seat[data-seat=\"0\"] .marks i')]"
        ".map(i => Math.round(i.getBoundingClientRect().top))"
    )
    assert len(marks) == 6 and len(set(marks)) == 1, marks  # one row
    shot(page, f"payments-{size[0]}")


@pytest.mark.parametrize(
    ("lang", "name", "value"),
    [("zh-Hant", "一點紅", "七枝 ×2"), ("zh-Hans", "一点红", "七枝 ×2"), ("en", "一點紅", "×2")],
)
def test_a_li_pai_is_named_on_the_scoreboard(
    hub: HubProcess, open_page: Any, lang: str, name: str, value: str
) -> None:
    """The banker's 一點紅 (golden G19): the page said only 例牌 (special hand), not which
    one, so the room could not tell why everyone paid 30."""
    event_id = feed_golden(hub, "G19-li-pai-yi-dian-hong-banker")
    for path in (f"/?lang={lang}", f"/overlay?lang={lang}"):
        page = open_page(path)
        wait_event(page, event_id)
        page.wait_for_selector("#result li.pay")
        head, pays = page.inner_text("#result .res-head"), page.inner_text("#result .pays")
        assert name in head and value in head, head
        assert pays.count(name) == 3, pays
    shot(page, f"li-pai-{lang}")


def test_the_corner_overlay_stays_on_a_720_screen_with_the_last_hand_below(
    hub: HubProcess, open_page: Any
) -> None:
    """After 四大包 and its six payments (golden O17), the next hand's first trick of three
    plays of four tiles: on a 1280×720 stream the corner panel ran 150 px below the screen,
    the last hand's payments and the panel's end cut off. The last hand gives way to the
    hand in play, and comes back when it fits."""
    feed_golden(hub, "O17-final-quad-collects-si-da-he")
    plays = [
        {"seat": "E", "play": ["4-4", "4-4", "5-2", "4-3"]},
        {"seat": "S", "discard": 4},
        {"seat": "W", "discard": 4},
    ]
    page = open_page("/overlay?layout=corner&lang=en", viewport={"width": 1280, "height": 720})
    page.wait_for_selector("#result li.pay")  # the hand just won, whole
    assert page.evaluate(OUTSIDE_ITS_BOX, ["body", "#board"]) == []
    for ev in plays:
        event_id = post(hub, ev)
    wait_event(page, event_id)
    assert page.locator("#trick .play").count() == 3
    assert page.evaluate(OUTSIDE_ITS_BOX, ["body", "#board"]) == []
    shot(page, "overlay-corner-720", omit_background=True)


@pytest.mark.parametrize(
    ("path", "word"), [("/?lang=zh-Hant", "認輸"), ("/overlay?lang=en", "forfeit")]
)
def test_a_seat_that_forfeited_is_marked(
    hub: HubProcess, open_page: Any, path: str, word: str
) -> None:
    """N forfeits before the first lead (golden O38, mainland §F.4): the seat looked like one
    waiting its turn, 8 tiles in hand and never to play, until the hand's end said 認輸."""
    tr = json.loads((GOLDEN / "O38-mainland-forfeit.json").read_text(encoding="utf-8"))
    tr = tr["transcript"]
    body = start_body(tr)
    body["hands"][0]["deal"] = tr["hands"][0]["deal"]
    assert hub.post("/api/session", body).status_code == 200
    event_id = post(hub, events(tr)[0])
    page = open_page(path)
    wait_event(page, event_id)
    assert page.inner_text("#seats .seat[data-seat='3'] .badges").split() == [word]
    for seat in "012":
        assert word not in page.inner_text(f"#seats .seat[data-seat='{seat}']")
    shot(page, "forfeit-" + ("overlay" if "overlay" in path else "board"))


def test_the_operators_trick_wraps_inside_a_1280_screen(hub: HubProcess, open_page: Any) -> None:
    """A trick of three plays of four tiles (golden O14, mainland for three: 人人雜七雜七 and
    two discards): the operator's trick ran in one row past the right edge of a 1280-wide
    screen, the last discard cut off."""
    tr = json.loads((GOLDEN / "O14-mainland-3p-si-da-he-n-players.json").read_text("utf-8"))
    tr = tr["transcript"]
    body = start_body(tr)
    body["hands"][0]["deal"] = tr["hands"][0]["deal"]
    assert hub.post("/api/session", body).status_code == 200
    for ev in events(tr)[:2]:
        event_id = post(hub, ev)
    page = open_page("/operator?lang=en", viewport={"width": 1280, "height": 720})
    wait_event(page, event_id)
    assert page.locator("#trick .play").count() == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert page.evaluate(OUTSIDE_ITS_BOX, [".live", "#trick .play"]) == []
    shot(page, "operator-trick-1280", full_page=True)


def test_the_kiosks_slides_hide_the_ended_sessions_seats(hub: HubProcess, open_page: Any) -> None:
    """A session ended, the slides take the screen under the header: a strip of the seats
    behind them (the banker's card's top edge and its turn glow) showed between the header
    and the slides."""
    tr = start(hub, hands=1)
    post(hub, events(tr)[0])
    hub.post("/api/end", {})
    page = open_page("/?lang=zh-Hant&slide=1")
    page.wait_for_selector("#attract", state="visible")
    page.wait_for_selector("#seats .seat.turn", state="attached")  # drawn, behind
    seen = page.evaluate(
        """() => { const y = document.querySelector('header').getBoundingClientRect().bottom;
        const hits = [];
        for (let x = 5; x < innerWidth; x += 40)
          for (let dy = 1; dy < 40; dy += 4) {
            const e = document.elementFromPoint(x, y + dy);
            if (e && e.closest('#seats, main, #lower')) hits.push([x, dy]);
          }
        return hits; }"""
    )
    assert seen == []
    shot(page, "attract-no-seats-behind")


@pytest.mark.parametrize(
    ("lang", "led", "beat"),
    [("zh-Hant", "地八", "天九"), ("zh-Hans", "地八", "天九"), ("en", "Day Bot", "Teen Gow")],
)
def test_a_group_play_is_named_by_its_group(
    hub: HubProcess, open_page: Any, lang: str, led: str, beat: str
) -> None:
    """The last trick of golden O45: S leads 地八 (1-1 + 6-2), W beats it with 天九 (6-6 + 5-4).
    The pages named each play tile by tile (地 雜八, Day Chop Bot), never the pair §B.3 names,
    and the group names were in Traditional Chinese only."""
    tr = json.loads((GOLDEN / "O45-last-pair-zero-stack-beats.json").read_text("utf-8"))
    tr = tr["transcript"]
    body = start_body(tr)
    body["hands"][0]["deal"] = tr["hands"][0]["deal"]
    assert hub.post("/api/session", body).status_code == 200
    for ev in events(tr)[:26]:
        event_id = post(hub, ev)
    for path in (f"/?lang={lang}", f"/overlay?lang={lang}"):
        page = open_page(path)
        wait_event(page, event_id)
        words = page.locator("#trick .play .words").all_inner_texts()
        assert words == [led, beat], words
    for ev in events(tr)[26:]:
        event_id = post(hub, ev)
    wait_event(page, event_id)  # the hand won: W's winning play stays, named
    assert page.inner_text("#trick .play.won .words") == beat
    shot(page, f"group-names-{lang}")


SLIDE_CUT = """() => {
  const dots = document.querySelector('#slide .dots').getBoundingClientRect().top;
  return [...document.querySelectorAll('#slide h2, #slide li, #slide figure, #slide .note')]
    .filter(e => { const r = e.getBoundingClientRect();
                   return r.bottom > dots + 1 || r.right > innerWidth + 1 || r.left < -1; })
    .map(e => e.textContent);
}"""


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("zh-Hant", (1920, 1080))])
def test_every_attract_slide_stays_on_the_screen_above_its_dots(
    hub: HubProcess, open_page: Any, lang: str, size: tuple[int, int]
) -> None:
    """The house rules' slides hold six lines at a fixed size: on a 1280×720 TV the slide with
    例牌's long line ran its last line (Leading: …) under the slide dots and off the screen."""
    start(hub, hands=1)
    hub.post("/api/end", {})  # the standings slide first, then the tiles, the game, the rules
    page = open_page(f"/?lang={lang}&slide=1", viewport={"width": size[0], "height": size[1]})
    page.wait_for_selector("#slide h2")
    n = page.locator("#slide .dots i").count()
    seen: set[int] = set()
    while len(seen) < n:
        k = page.get_attribute("#slide", "data-slide")
        assert page.evaluate(SLIDE_CUT) == [], (k, page.inner_text("#slide h2"))
        smallest = page.evaluate(SMALLEST_TEXT)
        assert smallest[0][0] >= KIOSK_MIN_PX, smallest
        seen.add((int(k or 0) - 1) % n)
        page.wait_for_function(f"document.getElementById('slide').dataset.slide !== '{k}'")
    shot(page, f"attract-last-{lang}-{size[0]}")


@pytest.mark.parametrize(("lang", "word"), [("zh-Hant", "離線"), ("en", "offline")])
def test_a_pad_lost_is_said_in_words_on_its_seat(
    inproc: tuple[str, TableService], open_inproc: Any, lang: str, word: str
) -> None:
    """A seat's pad stops answering while the others' are up: its card showed only a grey dot
    1vw wide with 'offline' as a tooltip, which a TV never shows, so from across the room
    nobody could tell that the pad was lost (spec/pad-protocol.md: heartbeats, the online topic's last will)."""
    _, service = inproc
    tr = session(1, seed=11)
    service.start_session(start_body(tr), "test")
    for seat in range(4):
        service.set_online(seat, True)
    service.set_online(2, False)
    page = open_inproc(f"/?lang={lang}", viewport={"width": 1280, "height": 720})
    page.wait_for_selector("#seats .seat[data-seat='2'] .badges")
    assert word in page.inner_text("#seats .seat[data-seat='2'] .badges")
    for seat in "013":
        assert word not in page.inner_text(f"#seats .seat[data-seat='{seat}']")
    assert page.evaluate(BADGES_SHOWN) and all(b["inside"] for b in page.evaluate(BADGES_SHOWN))
    assert page.evaluate(SMALLEST_TEXT)[0][0] >= KIOSK_MIN_PX
    shot(page, f"pad-lost-{lang}")


def test_the_operator_declares_a_li_pai_with_tiles_typed_as_the_inputs_accept(
    hub: HubProcess, open_page: Any
) -> None:
    """Tiles are typed reversed (3-6) or by their Chinese names (梅) as every input accepts
    (interfaces.md, Tile notation). The page sent whatever was not written H-L as part of the
    例牌's name, 'seven_mil 梅 3-6 …', refused as no 例牌 with the hand shown missing."""
    rules = {"preset": "hk", "li_pai": {"seven_mil": True}}
    assert hub.post("/api/session", {"rules": rules, "seats": list("ESWN"),
                                     "hands": [{"banker": "E"}]}).status_code == 200  # fmt: skip
    page = open_page("/operator?lang=en")
    page.fill("#token", TOKEN)
    page.click("#token-form button")
    page.select_option("#event-form select[name=seat]", "E")
    page.select_option("#event-form select[name=action]", "declare")
    page.fill("#event-form input[name=tiles]", "seven_mil 梅 3-6 4-5 2-6 3-5 2-5 3-4 1-4")
    page.click("#event-form button[value=submit]")
    page.wait_for_function("document.getElementById('status').textContent !== ''")
    assert page.get_attribute("#status", "class") == "ok", page.inner_text("#status")
    state = hub.get("/api/state")
    assert (state["hands_played"], state["hand"]["result"]["li_pai"]) == (1, "seven_mil")


def test_the_operator_starts_and_plays_for_players_named_as_typed(
    hub: HubProcess, open_page: Any
) -> None:
    """The banker and seat lists were built as HTML text, each option's value its text: two
    spaces in a name came back as one and an '&amp' as '&', a name no seat has, so the session
    or the seat's every event was refused."""
    names = ["Li  Wei", "Tom&amp", "陳大文", "歐陽 翠華"]
    page = open_page("/operator?lang=en")
    page.on("dialog", lambda d: d.accept())  # starting over an earlier test's session
    page.fill("#token", TOKEN)
    page.click("#token-form button")
    inputs = page.locator("#start-form input[name=player]")
    for i, name in enumerate(names):
        inputs.nth(i).fill(name)
    page.select_option("#start-form select[name=preset]", "hk")
    page.select_option("#start-form select[name=banker]", index=1)
    page.click("#start-form button")
    page.wait_for_function("document.getElementById('status').textContent !== ''")
    assert page.get_attribute("#status", "class") == "ok", page.inner_text("#status")
    state = hub.get("/api/state")
    assert [s["name"] for s in state["seats"]] == names and state["hand"]["banker"] == names[1]
    page.wait_for_function(
        "document.querySelector('#event-form select[name=seat]').value === 'Tom&amp'"
    )
    page.select_option("#event-form select[name=seat]", index=0)
    assert page.input_value("#event-form select[name=seat]") == names[0]


def test_at_a_hands_end_the_operator_has_the_next_banker_chosen(
    hub: HubProcess, open_page: Any
) -> None:
    """During a hand the seat to act is chosen by itself; at a hand's end (and after an undo
    back across it) the list was left on the last seat that acted, or on the first seat after a
    reload, though the next hand is the next banker's to lead: his lead, entered as the page
    stood, was refused as out of turn."""
    tr = start(hub, hands=2, seed=11)
    first, second = tr["hands"][0]["events"], tr["hands"][1]["events"]
    banker = tr["hands"][1].get("banker") or second[0]["seat"]
    assert banker not in (first[-1]["seat"], tr["seats"][0])  # the page would be right by chance
    page = open_page("/operator?lang=en")
    page.fill("#token", TOKEN)
    page.click("#token-form button")
    seat = "document.querySelector('#event-form select[name=seat]').value"
    for ev in first:
        wait_event(page, post(hub, ev))
    assert hub.get("/api/state")["hand"]["result"]["next_banker"] == banker
    page.wait_for_function(f"{seat} === {json.dumps(banker)}")
    page.reload()
    page.wait_for_function(f"{seat} === {json.dumps(banker)}")
    wait_event(page, post(hub, second[0]))
    page.select_option("#event-form select[name=seat]", first[-1]["seat"])
    page.click("#undo")  # back across the hand's end
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Done')")
    page.wait_for_function(f"{seat} === {json.dumps(banker)}")


def test_an_option_changed_in_a_group_keeps_the_house_rules_others(
    browser: Any, tmp_path: Path
) -> None:
    """A club's rules file (tiengow hub --rules FILE.toml) is offered first, as its options;
    an override of one grouped option ({"li_pai": {"seven_mil": true}}) replaced the club's
    whole li_pai group, so its other 例牌 went back to the preset's without a word."""
    club = tmp_path / "club.toml"
    club.write_text('base = "hk"\n[li_pai]\neight_civil = true\n', encoding="utf-8")
    hub = HubProcess(tmp_path / "t.db", None, "--rules", str(club)).start()
    try:
        with _opener(browser, hub.url) as open_:
            page = open_("/operator?lang=en")
            page.fill("#token", TOKEN)
            page.click("#token-form button")
            page.fill("#start-form input[name=options]", '{"li_pai": {"seven_mil": true}}')
            page.click("#start-form button")
            page.wait_for_function("document.getElementById('status').textContent !== ''")
            assert page.get_attribute("#status", "class") == "ok", page.inner_text("#status")
        li_pai = hub.get("/api/state")["rules"]["li_pai"]
        assert (li_pai["eight_civil"], li_pai["seven_mil"]) == (True, True), li_pai
    finally:
        hub.stop()


def test_starting_over_a_running_session_asks_first(hub: HubProcess, open_page: Any) -> None:
    """'End session' asks before it ends one; 'Start' next to it, pressed while a session was
    running (a reloaded page shows the form as new), left that session unended at once and the
    kiosk, scoreboard and export moved to the new one."""
    tr = start(hub, hands=1, seed=11)
    post(hub, events(tr)[0])
    running = hub.get("/api/state")
    page = open_page("/operator?lang=en")
    asked: list[str] = []
    page.on("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.fill("#token", TOKEN)
    page.click("#token-form button")
    page.click("#start-form button")
    page.wait_for_function("document.getElementById('status').textContent !== ''")
    assert asked, page.inner_text("#status")
    assert page.inner_text("#status") == "nothing changed"
    assert hub.get("/api/state")["session"] == running["session"]


HEADER_PIECES_CLASH = """() => {
  const info = document.getElementById('handinfo'), box = info.getBoundingClientRect();
  const texts = [], walk = document.createTreeWalker(info, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim()) continue;
    const range = document.createRange(); range.selectNodeContents(n);
    texts.push([n.textContent, range.getBoundingClientRect()]);
  }
  const out = texts.filter(([, r]) => r.width < 1 || r.left < box.left - 1 || r.right > box.right + 1)
    .map(([t]) => 'not in sight: ' + t);
  texts.forEach(([a, r], i) => texts.slice(i + 1).forEach(([b, q]) => {
    if (Math.min(r.right, q.right) - Math.max(r.left, q.left) > 1) out.push(a + ' over ' + b);
  }));
  return out;
}"""


@pytest.mark.parametrize("path", ["/?lang=en", "/operator?lang=en"])
def test_an_ended_sessions_header_says_so_with_nothing_written_over(
    hub: HubProcess, open_page: Any, path: str
) -> None:
    """A session ended, at 1280×720 in English: the header's hand line (the last hand's banker
    and term) gained 'Session ended' beside it, more than the line has room for: the banker's
    name shrank to nothing and 'term 1 ×2' was written over 'Session ended'."""
    tr = start(hub, hands=1)
    for ev in events(tr):
        post(hub, ev)
    assert hub.post("/api/end", {}).status_code == 200
    page = open_page(path, viewport={"width": 1280, "height": 720})
    page.wait_for_selector("#handinfo .ended")
    assert page.evaluate(TEXT_IN_SIGHT, ["#handinfo", "Session ended"])
    assert page.evaluate(HEADER_PIECES_CLASH) == [], page.inner_text("#handinfo")
    shot(page, f"header-ended-1280-{path.split('?')[0].strip('/') or 'board'}")


def test_the_last_hand_corrected_while_the_scoreboard_was_away_shows_corrected(
    hub: HubProcess, open_page: Any
) -> None:
    """The last play of hand 1 corrected while the TV was away (the hub restarted; the same
    happens to a TV whose Wi-Fi dropped): as many hands were played when it came back, so
    it kept hand 1 as it first was, its 'Last hand' payments and nets and the chart's
    running totals, beside seat totals that had changed."""
    tr = session(2, seed=6)
    body = start_body(tr)
    body["hands"][0]["deal"] = tr["hands"][0]["deal"]
    assert hub.post("/api/session", body).status_code == 200
    first, second = tr["hands"][0]["events"], tr["hands"][1]["events"]
    for ev in [*first, second[0]]:
        event_id = post(hub, ev)
    page = open_page("/?lang=en")
    wait_event(page, event_id)
    page.wait_for_selector("#result .nets")
    assert "李小龍 +8" in page.inner_text("#result .nets")
    hub.kill9()
    page.wait_for_function("document.body.classList.contains('offline')")
    ledger = Ledger(hub.db)  # corrected at the table while the hub was down: 5-4 discarded
    service = TableService(ledger, "t1")
    service.undo("test")
    service.undo("test")
    assert first[-1] == {"seat": "李小龍", "play": ["5-4"]}, first[-1]
    service.submit({"seat": "李小龍", "discard": ["5-4"]}, "test")
    event_id = service.submit({"seat": "Ada", "play": ["6-6"]}, "test").id
    ledger.close()
    hub.start()
    wait_event(page, event_id)
    net = hub.get("/api/hands")["hands"][-1]["net"]
    assert net["Ada"] == 7, net
    page.wait_for_function("document.querySelector('#result .nets').textContent.includes('Ada +7')")
    assert "李小龍 -2" in page.inner_text("#result .nets")


def test_an_answer_for_the_hands_overtaken_by_a_later_one_is_not_shown(
    hub: HubProcess, open_page: Any
) -> None:
    """'Correct last' on a hand's last play: the page asks for the hands at the undo (no hand
    over) and again at the play entered (one hand over). Were the first answer to come last
    (a slow TV on Wi-Fi), the chart and the 'Last hand' panel showed no hand played, and the
    page, with as many hands played as it asked for last, never asked again."""
    tr = session(2, seed=6)
    body = start_body(tr)
    body["hands"][0]["deal"] = tr["hands"][0]["deal"]
    assert hub.post("/api/session", body).status_code == 200
    first, second = tr["hands"][0]["events"], tr["hands"][1]["events"]
    for ev in first:
        event_id = post(hub, ev)
    page = open_page("/?lang=en")
    wait_event(page, event_id)
    page.wait_for_selector("#chart path[data-player]", state="attached")
    held: list[tuple[Any, Any]] = []  # each request answered as the hub answered it then
    page.route("**/api/hands", lambda route: held.append((route, route.fetch())))
    wait_event(page, int(hub.post("/api/undo", {}).json()["event_id"]))
    while not held:  # the undo's request, held
        page.wait_for_timeout(50)
    event_id = post(hub, first[-1])
    wait_event(page, event_id)
    while len(held) < 2:
        page.wait_for_timeout(50)
    for route, answer in reversed(held):  # the later answer first, then the earlier one
        route.fulfill(response=answer)
    page.unroute("**/api/hands")
    event_id = post(hub, second[0])
    wait_event(page, event_id)
    page.wait_for_selector("#result .nets")
    assert page.locator("#chart path[data-player]").count() == len(tr["seats"])


HOSTILE_NAMES = ["<!--<script>", '"><img src=x onerror=window.__xss=1>', "</title><b>x",
                 "\u202eRTL</script><script>window.__xss=1</script>"]  # fmt: skip


@pytest.mark.parametrize("path", ["/?lang=en", "/overlay?lang=en", "/operator?lang=en"])
def test_players_named_like_markup_are_shown_as_typed_on_every_page(
    inproc: tuple[str, TableService], open_inproc: Any, path: str
) -> None:
    """Names are typed by people on a shared Wi-Fi: each page shows them as text, runs none
    of them, and still works. '<!--<script>' in the page's boot data made the browser read the
    rest of the page as script, so the scoreboard stayed blank and never went live."""
    _, service = inproc
    tr = session(1, seed=11, seats=HOSTILE_NAMES)
    service.start_session(start_body(tr), "test")
    page = open_inproc(path)
    page.wait_for_selector("#seats .seat")
    names = page.eval_on_selector_all("#seats .seat .nm", "ns => ns.map(n => n.textContent)")
    assert names == HOSTILE_NAMES
    assert page.evaluate("window.__xss") is None
    assert page.locator("img, #seats b, header b:has-text('x')").count() == 0
    service.submit(events(tr)[0], "test")  # and it is live
    page.wait_for_selector(f"#trick .play[data-seat-name='{tr['hands'][0]['banker']}']")


IN_ORDER = """([selector, text]) => [...document.querySelectorAll(selector)].flatMap(el => {
  /* each character of `text` where it is drawn: left to right as written, or the line reads
     otherwise than it says ('+12' drawn '21+') */
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const at = n.data.indexOf(text);
    if (at < 0) continue;
    const xs = [...text].map((_, i) => {
      const r = document.createRange(); r.setStart(n, at + i); r.setEnd(n, at + i + 1);
      return r.getBoundingClientRect().left;
    });
    out.push(xs.every((x, i) => !i || x > xs[i - 1]) ? 'ok' : el.textContent);
  }
  return out;
})"""


def test_a_name_with_a_right_to_left_override_turns_no_other_text(
    inproc: tuple[str, TableService], open_inproc: Any
) -> None:
    """A name typed with U+202E (RIGHT-TO-LEFT OVERRIDE) and no end to it turned the text after
    it on the line around: a payment of 12 read 21, a total of +5 read 5+, 'pays' read 'syap'.
    Each name is set apart (<bdi>), so it turns itself only."""
    _, service = inproc
    names = ["\u202eEve", "Bob", "Cy", "Di"]
    tr = session(1, seed=11, seats=names)
    service.start_session(start_body(tr), "test")
    for ev in events(tr):
        service.submit(ev, "test")
    page = open_inproc("/?lang=en")
    page.wait_for_selector("#result .pays li")
    state = service.state()
    for sel, text in (("#result .pays li", " pays "), ("#handinfo", "term ")):
        assert set(page.evaluate(IN_ORDER, [sel, text])) == {"ok"}, sel
    for p in state["seats"]:
        if p["score"]:
            found = page.evaluate(IN_ORDER, ["#result .nets .net", f"{p['score']:+d}"])
            assert found and set(found) == {"ok"}, (p, found)
    service.end_session("test")
    page.wait_for_selector("#slide .slide-lines li")
    eve = next(p for p in state["seats"] if p["name"] == names[0])
    total = f" {eve['score']:+d}" if eve["score"] else " 0"
    shown = page.evaluate(IN_ORDER, ["#slide .slide-lines li", total])
    assert shown == ["ok"], shown
