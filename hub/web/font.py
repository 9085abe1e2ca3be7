"""The CJK font the hub serves, so displays without Chinese fonts still render the pages.

A subset of Noto Sans CJK (Debian's ``fonts-noto-cjk``) cut with fontTools to the
characters the pages can show: the catalogues, the tile names and aliases of the
face table, and the rules texts of every preset. Two cuts: the Hong Kong glyph
forms for Traditional pages (and English) and the mainland forms for Simplified.
Each is built the first time it is asked for (about a second) and cached on disk
under a name that changes when the characters change. A request may add the
players' names (``?extra=``), which the pages then load as a font of their own.
"""

from __future__ import annotations

import hashlib
import os
import threading
from functools import cache
from pathlib import Path

from hub.rules.explain import explain
from hub.rules.options import load_rules
from hub.rules.tiles import FACES
from hub.web.i18n import LANGS, catalogue

NOTO_CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
CUTS = {"hant": "Noto Sans CJK HK", "hans": "Noto Sans CJK SC"}
"""Served file ``cjk-<cut>.otf`` -> the family in the collection it is cut from."""
PRESETS = ("hk", "mainland", "culin1893")
EXTRA = "０１２３４５６７８９，。、：；！？（）「」·×→←↑↓✓●…—–＋－"
_lock = threading.Lock()


class FontError(LookupError):
    """The font cannot be built here (no Noto CJK installed, or an unknown cut)."""


class TooManyChars(FontError, ValueError):
    """More extra characters than one font request may add."""


@cache
def page_text() -> str:
    """Every character the pages can show in a fixed font (sorted, no duplicates)."""
    parts: list[str] = [EXTRA, "".join(chr(c) for c in range(0x20, 0x7F))]
    for lang in LANGS:
        parts += [f"{k}{v}" for k, v in catalogue(lang).items()]
        for name in PRESETS:
            parts += explain(load_rules(name), lang)
    for f in FACES:
        parts += [f.name_hant, f.name_hans, *f.aliases]
    return "".join(sorted(set("".join(parts))))


def _cache_dir() -> Path:
    """``$TIENGOW_CACHE``, else ``$XDG_CACHE_HOME/tiengow``, else ``~/.cache/tiengow``."""
    if os.environ.get("TIENGOW_CACHE"):
        return Path(os.environ["TIENGOW_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tiengow"


def _font_number(family: str) -> int:
    from fontTools.ttLib import TTCollection

    with TTCollection(str(NOTO_CJK), lazy=True) as collection:
        for i, font in enumerate(collection.fonts):
            if font["name"].getDebugName(1) == family:
                return i
    raise FontError(f"{NOTO_CJK} has no family {family!r}")


MAX_EXTRA = 200
"""At most this many extra characters (players' names) per font request."""
MAX_CACHED_EXTRA = 16
"""The cuts with extra characters kept on disk per cut, those asked for last: anyone on the
network may ask for new names (about 280 kB and a second each), and the tables' own names are
few and asked for again and again."""


def extra_chars(value: str) -> str:
    """The distinct non-ASCII characters of ``value`` (players' names), sorted."""
    chars = "".join(sorted({c for c in value if ord(c) > 0x7F and c.isprintable()}))
    if len(chars) > MAX_EXTRA:
        raise TooManyChars(
            f"{len(chars)} extra characters asked for; at most {MAX_EXTRA} are accepted"
        )
    return chars


def subset_path(cut: str, extra: str = "") -> Path:
    """The subset font file of ``cut`` (``hant`` or ``hans``) plus ``extra`` characters."""
    if cut not in CUTS:
        raise FontError(f"unknown font cut {cut!r}; cuts: {', '.join(CUTS)}")
    if not NOTO_CJK.exists():
        raise FontError(f"{NOTO_CJK} is missing: install the Debian package fonts-noto-cjk")
    text = "".join(sorted(set(page_text() + extra_chars(extra))))
    out = _cached(cut, text)
    with _lock:
        if out.exists():
            os.utime(out)  # asked for again: kept before the names no page shows any more
        else:
            from fontTools import subset

            opts = subset.Options()
            opts.font_number = _font_number(CUTS[cut])
            opts.layout_features = ["*"]
            opts.name_IDs = ["*"]
            out.parent.mkdir(parents=True, exist_ok=True)
            tmp = out.with_suffix(f".{os.getpid()}.tmp")
            with subset.load_font(str(NOTO_CJK), opts) as font:
                sub = subset.Subsetter(opts)
                sub.populate(text=text)
                sub.subset(font)
                subset.save_font(font, str(tmp), opts)
            tmp.replace(out)
            _prune(cut)
    return out


def _cached(cut: str, text: str) -> Path:
    """The cache file of ``cut`` cut to ``text``: its name changes when the characters do."""
    digest = hashlib.sha256(f"{cut}:{text}".encode()).hexdigest()[:12]
    return _cache_dir() / f"cjk-{cut}-{digest}.otf"


def _prune(cut: str) -> None:
    """Keep the page's own cut and the `MAX_CACHED_EXTRA` cuts with names asked for last."""
    base = _cached(cut, page_text())
    extras = []
    for p in base.parent.glob(f"cjk-{cut}-*.otf"):
        try:
            extras.append((p.stat().st_mtime_ns, p))
        except FileNotFoundError:  # pruned meanwhile by another hub sharing the cache
            continue
    extras.sort(reverse=True)
    for _, old in [e for e in extras if e[1] != base][MAX_CACHED_EXTRA:]:
        old.unlink(missing_ok=True)


NOTO_CJK_REGULAR = NOTO_CJK.with_name("NotoSansCJK-Regular.ttc")
"""The printed sheets' face: the pages' bold is heavy at table size on paper."""


def print_font_path(cut: str, text: str) -> Path:
    """A TrueType subset of the Regular ``cut`` (``hant``: Hong Kong glyph forms, ``hans``:
    mainland) with every character of ``text``, for a PDF to embed (`hub.web.exports`)."""
    if cut not in CUTS:
        raise FontError(f"unknown font cut {cut!r}; cuts: {', '.join(CUTS)}")
    if not NOTO_CJK_REGULAR.exists():
        raise FontError(f"{NOTO_CJK_REGULAR} is missing: install the Debian package fonts-noto-cjk")
    chars = "".join(sorted(set(text + EXTRA + "".join(chr(c) for c in range(0x20, 0x7F)))))
    digest = hashlib.sha256(f"print:{cut}:{chars}".encode()).hexdigest()[:12]
    out = _cache_dir() / f"print-{cut}-{digest}.ttf"
    with _lock:
        if not out.exists():
            # (cut as the mat's Chinese labels are: vision's printfont, fontTools and cu2qu)
            from vision.printfont import truetype_subset

            try:
                data = truetype_subset(CUTS[cut], chars, digest, NOTO_CJK_REGULAR)
            except LookupError as e:
                raise FontError(str(e)) from None
            out.parent.mkdir(parents=True, exist_ok=True)
            tmp = out.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(data)
            tmp.replace(out)
    return out
