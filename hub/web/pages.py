"""The pages: the scoreboard (``/``), the stream overlay (``/overlay``) and the operator (``/operator``).

Each page is a small HTML shell carrying its boot data (the state now, the
language's messages, the tile names, the attract-mode slides) as JSON; the
scripts under ``static/`` draw it and keep it live from the SSE stream.
Everything a person reads comes from the gettext catalogues (`hub.web.i18n`),
the face table (`hub.rules.tiles.FACES`) or the rules texts (`hub.rules.explain`).
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from hub.referee.hand import table_for
from hub.rules.explain import LANGS as EXPLAIN_LANGS
from hub.rules.explain import LI_PAI_TEXTS, LI_PAI_VALUE, explain_items
from hub.rules.groups import WENZUN_MASK, describe_group
from hub.rules.options import Rules
from hub.rules.tiles import FACES, Suit, faces_in, mask_of, parse_tiles
from hub.web.i18n import LANGS, catalogue, face_names, translator
from hub.web.refusals import refusal_texts

LAYOUTS = ("lower", "corner")
THEMES = ("ivory", "black")
RULE_LINES_PER_SLIDE = 6
DEFAULT_SLIDE_S = 9
LANG_LABELS = {"zh-Hant": "繁", "zh-Hans": "简", "en": "EN"}
SEAT_WINDS = ("E", "S", "W", "N")
"""The operator form's default seat names, in seat order (東 南 西 北 on the Chinese pages)."""


class PageError(ValueError):
    """A page parameter with a value the page does not have."""


def choice(name: str, value: str | None, allowed: tuple[str, ...]) -> str:
    """``value`` if it is one of ``allowed`` (the first when absent), else `PageError`."""
    if value is None or value == "":
        return allowed[0]
    if value not in allowed:
        raise PageError(f"{name}={value!r} is not accepted; accepted: {', '.join(allowed)}")
    return value


def _json_script(obj: Any) -> str:
    """JSON safe inside a <script> element: no '<' at all, since '</script' ends the element
    and '<!--<script' makes the browser read on past the real '</script>' (HTML's script data
    escaped states), both from a player's name. '<' is only ever inside a JSON string, where
    \\u003c reads back as '<'."""
    return json.dumps(obj, ensure_ascii=False).replace("<", "\\u003c")


def attract_slides(rules: Rules, lang: str) -> list[dict[str, Any]]:
    """The kiosk's idle slides: the tiles (from FACES) and the house rules (from explain)."""
    _ = translator(lang)
    names = face_names(lang)
    slides: list[dict[str, Any]] = []
    for suit, title, note in (
        (Suit.CIVIL, "Civil tiles (文)", "Two of each, ranked high to low"),
        (Suit.MILITARY, "Military tiles (武)", "One of each, ranked high to low; equal values tie"),
    ):
        faces = [f for f in FACES if f.suit is suit]
        slides.append(
            {
                "title": f"{_('The 32 tiles')} · {_(title)}",
                "tiles": [{"face": f.text, "name": names[f.text]} for f in faces],
                "note": _(note),
            }
        )
    slides += teaching_slides(rules, lang)
    lines = [text for _option, text in explain_items(rules, lang)]
    for i in range(0, len(lines), RULE_LINES_PER_SLIDE):
        slides.append({"title": _("The house rules"), "lines": lines[i : i + RULE_LINES_PER_SLIDE]})
    return slides


GROUP_EXAMPLES = (
    ("6-6 6-6", "6-3 5-4", "6-6 6-3", "1-1 6-2", "4-4 5-2", "3-1 4-1", "4-2 2-1"),
    ("6-6 6-6 6-3", "6-6 6-3 5-4", "6-6 6-6 6-3 5-4"),
)
"""The groups the kiosk draws (rules.md §B.3): the top civil and military pair, the four mixed
pairs 天九 地八 人七 和五, 至尊; then the top 三文, 三武 and 四大."""
TRICK_STEPS = (
    "The leader plays one tile, or one group: a pair, three or four tiles.",
    "Each player in turn then puts down as many tiles: face up to beat the best play so far "
    "with a higher one of the same kind, else face down (a discard).",
    "A play only equal to the best does not beat it: the first one stands.",
    "The highest face-up play takes the trick, one stack for each tile in it, and leads the next.",
    "Whoever takes the last trick wins the hand (結) and is the next banker.",
)
"""How a trick is played (§B.3-§B.7, §C.1), true under every preset; the variant's own line
(which tiles never beat each other) comes first, from the rules texts."""
SCORING_OPTIONS = ("settlement", "banker_multiplier")
"""The rules texts that say how a hand is paid (§D), for the kiosk's scoring slide."""


def teaching_slides(rules: Rules, lang: str) -> list[dict[str, Any]]:
    """What a newcomer needs before the house options: the groups drawn and named (in the
    rules' own classes, so 文尊 when it is played), a trick step by step, and the scoring."""
    _ = translator(lang)
    table = table_for(rules)
    pairs, bigger = ([mask_of(parse_tiles(text)) for text in texts] for texts in GROUP_EXAMPLES)
    if rules.wen_zun:
        pairs.append(WENZUN_MASK)

    def drawn(masks: list[int]) -> list[dict[str, Any]]:
        return [{"faces": faces_in(m), "name": describe_group(m, table, lang)} for m in masks]

    items = dict(explain_items(rules, lang))
    return [
        {"title": _("Pairs"), "groups": drawn(pairs),
         "note": _("A civil, military or mixed (文武) pair beats only a higher pair of its own "
                   "kind; 至尊 as the house rules say")},
        {"title": _("Three and four tiles"), "groups": drawn(bigger),
         "note": _("天, 地, 人 and 和 with their nines, eights, sevens and fives only; 天 highest")},
        {"title": _("How a trick is played"),
         "steps": [items["variant"], *(_(step) for step in TRICK_STEPS)]},
        {"title": _("How the hand is scored"), "steps": [items[o] for o in SCORING_OPTIONS]},
    ]  # fmt: skip


def li_pai_names(lang: str) -> dict[str, dict[str, str]]:
    """Each 例牌's name and value in the page's language, from the rules texts: 'name' without
    its gloss (一點紅), 'value' how it is paid (算七枝 ×2)."""
    i = EXPLAIN_LANGS.index(lang)
    out = {}
    for option, (texts, value) in LI_PAI_TEXTS.items():
        name = texts[i].split("（")[0].split(" (")[0]
        out[option] = {"name": name, "value": LI_PAI_VALUE[value][i].strip()}
    return out


def _lang_links(lang: str, query: dict[str, str]) -> str:
    out = []
    for code in LANGS:
        q = "&".join(f"{escape(k)}={escape(v)}" for k, v in {**query, "lang": code}.items())
        cur = ' aria-current="true"' if code == lang else ""
        out.append(f'<a href="?{q}" hreflang="{code}" lang="{code}"{cur}>{LANG_LABELS[code]}</a>')
    return "".join(out)


def _page(
    lang: str, title: str, body_attrs: str, body: str, boot: dict[str, Any], *scripts: str
) -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title>"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="stylesheet" href="/static/board.css"></head>'
        f"<body {body_attrs}>{body}"
        f"<script>window.TG_BOOT = {_json_script(boot)};</script>"
        '<script src="/static/tiles.js"></script>'
        + "".join(f'<script src="/static/{s}"></script>' for s in scripts)
        + "</body></html>"
    )


def _boot(state: dict[str, Any], lang: str, mode: str, **extra: Any) -> dict[str, Any]:
    return {"mode": mode, "lang": lang, "t": catalogue(lang), "faces": face_names(lang),
            "refusals": refusal_texts(lang), "liPai": li_pai_names(lang), "state": state,
            **extra}  # fmt: skip


def slide_seconds(value: str | None) -> int:
    """``?slide=`` seconds per attract-mode slide: a whole number 1–120 (default 9)."""
    if not value:
        return DEFAULT_SLIDE_S
    if not value.isdigit() or not 1 <= int(value) <= 120:
        raise PageError(f"slide={value!r} is not accepted; accepted: whole seconds 1 to 120")
    return int(value)


def scoreboard_page(
    state: dict[str, Any], lang: str, rules: Rules, theme: str = "ivory",
    slide_s: int = DEFAULT_SLIDE_S,
) -> str:  # fmt: skip
    _ = translator(lang)
    # a language link keeps the kiosk's own settings
    query = {"theme": theme} if theme != THEMES[0] else {}
    if slide_s != DEFAULT_SLIDE_S:
        query["slide"] = str(slide_s)
    body = (
        f'<header><h1>{escape(_("Tien Gow Table"))}</h1><div id="handinfo"></div>'
        '<div class="tools">'
        f'<button id="rules-btn" type="button">{escape(_("House rules"))}</button>'
        f'<a href="/api/standings.csv?lang={lang}" download>{escape(_("Download CSV"))}</a>'
        f'<a href="/api/standings.pdf?lang={lang}">{escape(_("Printable PDF"))}</a>'
        f"{_lang_links(lang, query)}</div></header>"
        '<section id="seats"></section><main><section id="trick"></section></main>'
        '<section id="lower"><div class="panel" id="result"></div>'
        f'<div class="panel"><h3>{escape(_("Totals hand by hand"))}</h3><div id="chart"></div></div></section>'
        '<div id="notice" role="status" hidden></div>'
        '<section id="attract" hidden><div id="slide"></div></section>'
        f'<dialog id="rules-dialog"><div class="dialog-head"><h2>{escape(_("House rules"))}</h2>'
        f'<button id="rules-close" type="button">{escape(_("Close"))}</button></div>'
        '<ol id="rules-list"></ol></dialog>'
    )
    boot = _boot(state, lang, "board", theme=theme, slideMs=slide_s * 1000,
                 slides=attract_slides(rules, lang))  # fmt: skip
    attrs = f'class="board" data-offline="{escape(_("Reconnecting…"))}"'
    return _page(lang, f"{_('Tien Gow Table')} · {_('Scoreboard')}", attrs, body, boot, "board.js")


def overlay_page(
    state: dict[str, Any], lang: str, layout: str = "lower", opaque: bool = False,
    theme: str = "ivory",
) -> str:  # fmt: skip
    _ = translator(lang)
    body = (
        '<div id="board"><div id="handinfo"></div><section id="seats"></section>'
        '<section id="trick"></section><div id="result"></div></div>'
        '<div id="notice" role="status" hidden></div>'
    )
    boot = _boot(state, lang, "overlay", layout=layout, theme=theme, slides=[])
    classes = f"overlay {layout}" + (" opaque" if opaque else "")
    attrs = f'class="{classes}" data-offline="{escape(_("Reconnecting…"))}"'
    return _page(lang, f"{_('Tien Gow Table')} · {_('Overlay')}", attrs, body, boot, "board.js")


def _rules_options(presets: tuple[str, ...], house: str | dict[str, Any], label: str) -> str:
    """The presets, the hub's own rules selected (first, as JSON, when they are no preset)."""
    options = [
        f'<option value="{p}"{" selected" if p == house else ""}>{p}</option>' for p in presets
    ]
    if not isinstance(house, str):
        value = escape(json.dumps(house, ensure_ascii=False, separators=(",", ":")))
        options.insert(0, f'<option value="{value}" selected>{escape(label)}</option>')
    return "".join(options)


def operator_page(
    state: dict[str, Any],
    lang: str,
    presets: tuple[str, ...],
    house: str | dict[str, Any] = "hk",
) -> str:
    """``house``: the hub's rules (``tiengow hub --rules``), offered first: a preset's name, or
    an object of options (a club's TOML file) sent as it is."""
    _ = translator(lang)

    def label(text: str, field: str) -> str:
        return f"<label>{escape(_(text))} {field}</label>"

    names = "".join(  # two to four: a mainland table may seat three or two (rules.md §F.3)
        f'<input name="player"{" required" if i < 2 else ""} maxlength="24" value="{d}" '
        f'aria-label="{escape(_("Player"))} {i + 1}">'
        for i, d in enumerate(escape(_(w)) for w in SEAT_WINDS)
    )
    actions = "".join(
        f'<option value="{v}">{escape(_(v))}</option>'
        for v in ("play", "discard tiles", "discard count", "declare", "forfeit")
    )
    body = (
        f"<header><h1>{escape(_('Tien Gow Table'))} · {escape(_('Operator'))}</h1>"
        f'<div id="handinfo"></div><div class="tools">{_lang_links(lang, {})}</div></header>'
        '<main class="op"><div class="controls">'
        f'<form id="token-form"><h2>{escape(_("Admin token"))}</h2>'
        f'<input id="token" type="password" autocomplete="off" required> '
        f"<button>{escape(_('Remember for this tab'))}</button></form>"
        f'<form id="start-form"><h2>{escape(_("Start a session"))}</h2>'
        f"{label('Players (in seat order)', names)}"
        + label(
            "Rules preset",
            '<select name="preset">'
            + _rules_options(presets, house, _("House rules"))
            + "</select>",
        )
        + label(
            "Option overrides (JSON)", '<input name="options" placeholder=\'{"ba_zhi_mult": 4}\'>'
        )
        + label("First banker", '<select name="banker"></select>')
        + f"<button>{escape(_('Start'))}</button></form>"
        f'<form id="event-form"><h2>{escape(_("Enter an event"))}</h2>'
        + label("Seat", '<select name="seat"></select>')
        + label("Action", f'<select name="action">{actions}</select>')
        + label("Tiles or count", '<input name="tiles" placeholder="6-6 5-4 / 2 / quan_bai">')
        + '<div id="palette" role="group"></div>'
        + f'<button name="go" value="submit">{escape(_("Submit"))}</button> '
        f'<button name="go" value="correct">{escape(_("Correct last (undo, then enter)"))}</button></form>'
        f'<div class="row"><button id="undo" type="button">{escape(_("Undo last"))}</button> '
        f'<button id="end" type="button">{escape(_("End session"))}</button></div>'
        '</div><div class="live"><p id="status" role="status"></p>'
        '<section id="seats"></section><section id="trick"></section></div></main>'
    )
    boot = _boot(state, lang, "operator")
    attrs = 'class="operator"'
    return _page(
        lang,
        f"{_('Tien Gow Table')} · {_('Operator')}",
        attrs,
        body,
        boot,
        "board.js",
        "operator.js",
    )
