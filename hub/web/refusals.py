"""A refusal in the pages' words: one message per `Refusal` kind, translated in the catalogues.

The referee's sentence (``str(IllegalPlay)``) is English and long; the pages say what was
refused from the notice's ``kind``, ``tiles`` (faces) and ``count`` in their own language and
keep the sentence as a smaller line under it. ``{n}`` is the count; ``{tiles}`` the tiles, as
the page draws and names them. A kind whose refusal names tiles has a second message with
``{tiles}``, used when the refusal has them.

>>> refusal_texts("zh-Hant")["out_of_turn"]
{'text': '未輪到你'}
>>> refusal_texts("en")["cannot_beat"]["tiles"]
'Must beat {tiles}, or discard {n}'
"""

from __future__ import annotations

from hub.rules.errors import Refusal
from hub.web.i18n import translator

REFUSAL_TEXT: dict[Refusal, str] = {
    Refusal.OTHER: "Not allowed by the rules",
    Refusal.NO_SESSION: "No game is running",
    Refusal.SESSION_OVER: "The session is over",
    Refusal.NOTHING_TO_UNDO: "Nothing to undo",
    Refusal.UNDO_NOT_YOURS: "Only your own last action can be undone",
    Refusal.NO_CAMERA: "No camera: the operator enters the plays",
    Refusal.NO_TILES_SEEN: "No tiles seen in your play zone",
    Refusal.NO_SEAT: "No such seat",
    Refusal.UNKNOWN_ACTION: "Unknown action",
    Refusal.BAD_DICE: "Dice show 1 to 6",
    Refusal.OUT_OF_TURN: "Not your turn",
    Refusal.HAND_OVER: "The hand is over",
    Refusal.FORFEITED: "You forfeited this hand",
    Refusal.NOT_HELD: "Not in your hand",
    Refusal.ALREADY_PLAYED: "Already played",
    Refusal.NOT_A_GROUP: "Not a legal group",
    Refusal.HOLDS_TOO_FEW: "Not enough tiles: you hold {n}",
    Refusal.SPLIT_LEAD: "Lead the whole combination",
    Refusal.LEAD_FACE_UP: "You have the lead: play face up",
    Refusal.WRONG_COUNT: "Wrong number of tiles: play {n} face up, or discard {n}",
    Refusal.WRONG_DISCARD: "Discard as many as were led: {n}",
    Refusal.CANNOT_BEAT: "Too low to beat: discard {n}",
    Refusal.NOTHING_BEATS: "Nothing beats it: discard {n} face down",
    Refusal.EARLY_DEATH: "No stack yet, so no winning the last single: discard {n}",
    Refusal.DECLARE: "Declaration refused",
    Refusal.FORFEIT_NOT_ALLOWED: "No forfeits at this table",
    Refusal.FORFEIT_TOO_LATE: "Too late to forfeit: play has begun",
    Refusal.FORFEIT_TWICE: "Already forfeited",
    Refusal.FORFEIT_TOO_FEW: "Cannot forfeit: two players must stay in",
    Refusal.FORFEIT_BLOCKED: "Cannot forfeit with these tiles",
}
"""Every kind's message (English msgid), said without its tiles."""

REFUSAL_WITH_TILES: dict[Refusal, str] = {
    Refusal.NOT_HELD: "Not in your hand: {tiles}",
    Refusal.ALREADY_PLAYED: "Already played: {tiles}",
    Refusal.SPLIT_LEAD: "Lead the whole combination: {tiles}",
    Refusal.CANNOT_BEAT: "Must beat {tiles}, or discard {n}",
    Refusal.NOTHING_BEATS: "Nothing beats {tiles}: discard {n} face down",
    Refusal.FORFEIT_BLOCKED: "Cannot forfeit holding {tiles}",
}
"""The message of a kind whose refusal names tiles (`Refusal`'s comments say which)."""


def refusal_texts(lang: str) -> dict[str, dict[str, str]]:
    """Every kind's messages in ``lang``, for the pages' scripts: ``{kind: {"text", "tiles"?}}``."""
    _ = translator(lang)
    out: dict[str, dict[str, str]] = {}
    for kind in Refusal:
        out[str(kind)] = {"text": _(REFUSAL_TEXT[kind])}
        if kind in REFUSAL_WITH_TILES:
            out[str(kind)]["tiles"] = _(REFUSAL_WITH_TILES[kind])
    return out
