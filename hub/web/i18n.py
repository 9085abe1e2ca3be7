"""The pages' languages: gettext catalogues (``locale/<lang>/LC_MESSAGES/messages.po``).

The ``.po`` files are the source; they are compiled in memory with Babel's
pure-Python tools the first time a language is used, so there is no build step.
Tile names come from the face table (`hub.rules.tiles.FACES`) and rule texts from
`hub.rules.explain`, each in the vocabulary of its region, never from a copy here.

>>> negotiate(None, "zh-CN,zh;q=0.9,en;q=0.8")
'zh-Hans'
>>> negotiate(None, "en-GB,en;q=0.9")
'en'
>>> negotiate("zh-Hant", "en")
'zh-Hant'
>>> gettext("Banker", "zh-Hans"), gettext("Banker", "zh-Hant"), gettext("Banker", "en")
('庄家', '莊家', 'Banker')
"""

from __future__ import annotations

import gettext as _gettext
import io
from collections.abc import Callable
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from hub.rules.tiles import FACES

LANGS = ("zh-Hant", "zh-Hans", "en")
"""The page languages as BCP 47 tags (``<html lang>``); the first is the default."""
DEFAULT = LANGS[0]
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_ALIASES = {
    "zh-hant": "zh-Hant", "zh-tw": "zh-Hant", "zh-hk": "zh-Hant", "zh-mo": "zh-Hant",
    "zh-hans": "zh-Hans", "zh-cn": "zh-Hans", "zh-sg": "zh-Hans", "zh-my": "zh-Hans",
    "zh": "zh-Hant", "yue": "zh-Hant", "en": "en",
}  # fmt: skip
"""Lower-case language tags (and their first two subtags) -> a page language.

Bare ``zh`` and Cantonese go to Traditional: most of our players are in Hong
Kong, Macau and the overseas clubs that learnt the game from them.
"""


class LanguageError(ValueError):
    """A ``?lang=`` the pages do not have."""


def _match(tag: str) -> str | None:
    parts = tag.strip().lower().replace("_", "-").split("-")
    for n in (len(parts), 3, 2, 1):
        hit = _ALIASES.get("-".join(parts[:n]))
        if hit:
            return hit
    return None


def parse_lang(value: str) -> str:
    """A ``?lang=`` value to a page language, or `LanguageError` saying what is accepted."""
    hit = _match(value)
    if hit is None:
        raise LanguageError(
            f"unknown language {value!r}; accepted: {', '.join(LANGS)} "
            "(also zh-TW, zh-HK, zh-MO, zh-CN, zh-SG, zh, yue)"
        )
    return hit


def negotiate(query: str | None, accept_language: str | None) -> str:
    """The page language: ``?lang=`` first, then ``Accept-Language`` by weight, else zh-Hant."""
    if query:
        return parse_lang(query)
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate((accept_language or "").split(",")):
        tag, _, params = item.partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        hit = _match(tag) if tag.strip() and tag.strip() != "*" else None
        if hit and q > 0:
            ranked.append((-q, i, hit))
    return min(ranked)[2] if ranked else DEFAULT


def _po_path(lang: str) -> Path:
    return LOCALE_DIR / lang.replace("-", "_") / "LC_MESSAGES" / "messages.po"


@cache
def translations(lang: str) -> _gettext.GNUTranslations:
    """The compiled catalogue of ``lang`` (compiled from its .po once per process)."""
    if lang not in LANGS:
        raise LanguageError(f"unknown language {lang!r}; accepted: {', '.join(LANGS)}")
    with _po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang.replace("-", "_"))
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


def gettext(message: str, lang: str) -> str:
    return translations(lang).gettext(message)


def translator(lang: str) -> Callable[[str], str]:
    """``_`` for one language: ``translator("zh-Hant")("Banker") == "莊家"``."""
    return translations(lang).gettext


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every message of ``lang`` (msgid -> text), for the pages' scripts (do not modify)."""
    with _po_path(lang).open("rb") as f:
        ids = [str(m.id) for m in read_po(f) if m.id]
    return {m: gettext(m, lang) for m in ids}


def face_name(face: str, lang: str) -> str:
    """A face's usual name in ``lang``: ``"6-6"`` -> 天 / 天 / Teen."""
    for f in FACES:
        if f.text == face:
            return {"zh-Hant": f.name_hant, "zh-Hans": f.name_hans}.get(lang, f.name_en)
    raise ValueError(f"unknown face {face!r}; faces are written like '6-6' or '5-4'")


def face_names(lang: str) -> dict[str, str]:
    """Every face's name in ``lang``, keyed by face (``{"6-6": "天", ...}``)."""
    return {f.text: face_name(f.text, lang) for f in FACES}
