"""What a seat pad's OLED can show: 4 lines of at most 21 printable ASCII characters.

The pad's 8x8 font draws printable ASCII only (firmware/ui.py), so the hub writes every pad
line in it:

* a seat is called by the ASCII part of its name ("東 East" -> "East"), or, when the name has
  none or two seats would read alike, "Seat N" with the number the pad's own status bar shows;
* tiles are written as faces ("6-6+6-6"), never by their Chinese names;
* a refusal is said in the pad's own words from its `Refusal` kind ("Not your turn", "Must beat
  6-6+6-6" / "or discard 2"), in at most the two lines a screen has free: the referee's sentence,
  often 60+ characters with Chinese in it, stays on the scoreboard.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from hub.rules.errors import IllegalPlay, Refusal
from hub.rules.tiles import format_mask

LINE = 21  # characters per OLED line (pad-protocol.md: `show` lines are ≤ 21 characters)
NAME = 12  # characters of a seat name, so "name +1234" and "name to play" fit a line
_TRIM = " -_.,:;/|\\()[]{}<>'\"`~!?*&^%$#@=+"


def ascii_line(text: str) -> str:
    """``text`` as one pad line: a character the font lacks becomes "?", cut at `LINE`."""
    return "".join(c if " " <= c <= "~" else "?" for c in text[:LINE])


def ascii_part(name: str) -> str:
    """The ASCII part of a name, accents and full-width forms folded ("Ｊｏｓé 陳" -> "Jose")."""
    folded = unicodedata.normalize("NFKD", name)
    kept = "".join(c if " " <= c <= "~" else " " for c in folded if not unicodedata.combining(c))
    return " ".join(kept.split()).strip(_TRIM)


def pad_name(name: str, seat: int) -> str:
    """A seat's name on its pad: its ASCII part if it has letters or digits, else "Seat N"."""
    part = ascii_part(name)[:NAME].rstrip(_TRIM)
    return part if any(c.isalnum() for c in part) else f"Seat {seat}"


def pad_names(seats: Sequence[str]) -> list[str]:
    """Every seat's pad name; seats whose names would read alike are called by number."""
    names = [pad_name(n, i) for i, n in enumerate(seats)]
    folded = [n.casefold() for n in names]
    return [n if folded.count(n.casefold()) == 1 else f"Seat {i}" for i, n in enumerate(names)]


def fit(lines: Sequence[str], width: int = LINE, most: int = 2) -> list[str]:
    """``lines``, each too long wrapped at its spaces, the first ``most`` of them kept; a word
    longer than a line is cut. The lines come most important first: what is cut is the last."""
    out: list[str] = []
    for text in lines:
        line = ""
        for word in text.split():
            if line and len(line) + 1 + len(word) > width:
                out.append(line)
                line = ""
            line = f"{line} {word}" if line else word
        out.append(line)
    return [ascii_line(x)[:width] for x in out[:most]]


def _tiles(n: int) -> str:
    return f"{n} tile{'s' if n != 1 else ''}"


def _refusal(kind: Refusal, tiles: str, n: int) -> list[str]:
    """The short text of a refusal of ``kind`` (``tiles``: its tiles as faces; ``n``: its count)."""
    match kind:
        case Refusal.NO_SESSION:
            return ["No game running"]
        case Refusal.SESSION_OVER:
            return ["The session is over"]
        case Refusal.NOTHING_TO_UNDO:
            return ["Nothing to undo"]
        case Refusal.UNDO_NOT_YOURS:
            return ["Cannot undo now"]
        case Refusal.NO_CAMERA:
            return ["No camera: the", "operator enters plays"]
        case Refusal.NO_TILES_SEEN:
            return ["No tiles seen", "in your play zone"]
        case Refusal.NO_SEAT:
            return ["No such seat"]
        case Refusal.UNKNOWN_ACTION:
            return ["Unknown action"]
        case Refusal.BAD_DICE:
            return ["Dice are 1 to 6"]
        case Refusal.OUT_OF_TURN:
            return ["Not your turn"]
        case Refusal.HAND_OVER:
            return ["The hand is over"]
        case Refusal.FORFEITED:
            return ["You forfeited", "this hand"]
        case Refusal.NOT_HELD:
            return ["Not in your hand:", tiles] if tiles else ["Not in your hand"]
        case Refusal.ALREADY_PLAYED:
            return ["Already played:", tiles] if tiles else ["Already played"]
        case Refusal.NOT_A_GROUP:
            return ["Not a legal group"]
        case Refusal.HOLDS_TOO_FEW:
            return [f"You hold only {_tiles(n)}"]
        case Refusal.SPLIT_LEAD:
            return ["Lead it whole:", tiles] if tiles else ["Lead the whole group"]
        case Refusal.LEAD_FACE_UP:
            return ["You have the lead:", "play face up"]
        case Refusal.WRONG_COUNT:
            return [f"Play {_tiles(n)}", f"or discard {n}"]
        case Refusal.WRONG_DISCARD:
            return [f"Discard {_tiles(n)}"]
        case Refusal.CANNOT_BEAT:
            if not tiles:
                return ["Too low to beat", f"or discard {n}"]
            beat = f"Must beat {tiles}"
            return [beat if len(beat) <= LINE else f"Beat {tiles}", f"or discard {n}"]
        case Refusal.NOTHING_BEATS:
            return [
                f"Nothing beats {tiles}" if tiles else "Nothing beats it",
                f"discard {n} face down",
            ]
        case Refusal.EARLY_DEATH:
            return ["No stack yet:", f"discard {n}"]
        case Refusal.DECLARE:
            return ["Declaration refused"]
        case Refusal.FORFEIT_NOT_ALLOWED:
            return ["No forfeits at", "this table"]
        case Refusal.FORFEIT_TOO_LATE:
            return ["Too late to forfeit"]
        case Refusal.FORFEIT_TWICE:
            return ["Already forfeited"]
        case Refusal.FORFEIT_TOO_FEW:
            return ["Cannot forfeit:", "two must stay in"]
        case Refusal.FORFEIT_BLOCKED:
            return ["Cannot forfeit with", tiles] if tiles else ["Cannot forfeit"]
    return ["Not allowed:", "see the scoreboard"]


def refusal_lines(e: Exception) -> list[str]:
    """A refusal in one or two pad lines, from its kind: never the referee's sentence cut short.

    A refusal of no known kind (a `TranscriptError`, an `IllegalPlay` of `Refusal.OTHER`) points
    to the scoreboard, which shows it whole."""
    if not isinstance(e, IllegalPlay):
        return _refusal(Refusal.OTHER, "", 0)
    return refusal_text(e.kind, e.tiles, e.count)


def refusal_text(kind: Refusal, tiles: int = 0, count: int = 0) -> list[str]:
    """The pad lines of a refusal of ``kind`` about ``tiles`` (a mask) and ``count``."""
    return fit(_refusal(kind, format_mask(tiles) if tiles else "", count))
