"""The mat's Chinese labels' face: Noto Sans CJK Regular, cut to the labels and embedded.

The face the hub's printed standings use (``hub.web.font.print_font_path``), found the same
way here because vision does not import the hub: Debian's ``fonts-noto-cjk``, the Hong Kong
glyph forms for Traditional (``zh-Hant``) and the mainland forms for Simplified (``zh-Hans``),
subset with fontTools to the few characters of the labels and turned into TrueType, the only
outlines reportlab embeds (about a third of a second). Without Noto CJK the labels fall back
to the viewer-supplied CID font STSong-Light, which draws Traditional characters in mainland
forms, as the standings sheet does.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path
from typing import Any

NOTO_CJK_REGULAR = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
FAMILIES = {"zh-Hant": "Noto Sans CJK HK", "zh-Hans": "Noto Sans CJK SC"}
"""Label language -> the family in the collection its glyph forms come from."""
CID_FONT = "STSong-Light"
"""The fallback: Adobe-GB1 with a Unicode CMap (GBK, so Traditional characters too)."""


def label_font(lang: str, text: str) -> str:
    """Register a font drawing every character of ``text`` and return its reportlab name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfbase.ttfonts import TTFont

    chars = "".join(sorted(set(text)))
    digest = hashlib.sha256(f"{NOTO_CJK_REGULAR}:{lang}:{chars}".encode()).hexdigest()[:12]
    name = f"TG-mat-{digest}"  # one per subset: reportlab keeps the first font of a name
    if name in pdfmetrics.getRegisteredFontNames():
        return name
    try:
        data = truetype_subset(FAMILIES[lang], chars, digest)
    except (OSError, LookupError):  # no Noto CJK here: the viewer's own Chinese font
        pdfmetrics.registerFont(UnicodeCIDFont(CID_FONT))
        return CID_FONT
    pdfmetrics.registerFont(TTFont(name, io.BytesIO(data)))
    return name


def truetype_subset(family: str, chars: str, digest: str, path: Path | None = None) -> bytes:
    """The ``family`` face of the Noto CJK collection (``path``, Regular by default) cut to
    ``chars``, as TrueType bytes whose PostScript name ends in ``digest`` (the mat's labels
    here, and the hub's printed standings, `hub.web.font.print_font_path`)."""
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    path = path or NOTO_CJK_REGULAR
    with TTCollection(str(path), lazy=True) as collection:
        numbers = [i for i, f in enumerate(collection.fonts) if f["name"].getDebugName(1) == family]
    if not numbers:
        raise LookupError(f"{path} has no family {family!r}")
    opts = subset.Options()
    opts.font_number = numbers[0]
    opts.layout_features = []
    opts.notdef_outline = True
    with subset.load_font(str(path), opts) as font:
        sub = subset.Subsetter(opts)
        sub.populate(text=chars)
        sub.subset(font)
        _to_truetype(font)
        # a PostScript name of its own, as the hub's subsets have: reportlab would give
        # two subsets both called NotoSansCJKhk-Regular the first one's glyphs
        ps_name = f"{font['name'].getDebugName(6)}-{digest}"
        for record in font["name"].names:
            if record.nameID == 6:
                record.string = ps_name
        buf = io.BytesIO()
        subset.save_font(font, buf, opts)
    return buf.getvalue()


def _to_truetype(font: Any) -> None:
    """Noto CJK's cubic CFF outlines as quadratic TrueType ones, in place: reportlab embeds
    only TrueType fonts (fontTools' otf2ttf recipe: cu2qu, 1 unit of error at most)."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyphs = {}
    for name, glyph in font.getGlyphSet().items():
        pen = TTGlyphPen(None)
        glyph.draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder, glyf.glyphs = order, glyphs
    for glyph in glyphs.values():
        glyph.recalcBounds(glyf)
    for tag in ("CFF ", "VORG"):
        if tag in font:
            del font[tag]
    glyf.compile(font)
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs",
                  "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions",
                  "maxComponentElements"):  # fmt: skip
        setattr(maxp, field, 1 if field == "maxZones" else 0)
    maxp.numGlyphs = len(order)
    maxp.recalc(font)  # the points and contours counts, from the new outlines
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"
