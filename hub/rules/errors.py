"""The project's error tree: every domain error is a `TienGowError`."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class TienGowError(Exception):
    """Base of every error the project raises on purpose."""


class RulesError(TienGowError, ValueError):
    """A rules file or option that cannot be used: names the key, the value, what is allowed."""


class Refusal(StrEnum):
    """What an `IllegalPlay` refuses, for a display too small for its sentence (a seat pad's
    4 x 21 characters, hub/table/padtext.py) to say it in its own words."""

    OTHER = "other"  # no short text: the pad points to the scoreboard
    NO_SESSION = "no_session"
    SESSION_OVER = "session_over"
    NOTHING_TO_UNDO = "nothing_to_undo"
    UNDO_NOT_YOURS = "undo_not_yours"  # only the seat's own last action, before the next acts
    NO_CAMERA = "no_camera"
    NO_TILES_SEEN = "no_tiles_seen"
    NO_SEAT = "no_seat"
    UNKNOWN_ACTION = "unknown_action"
    BAD_DICE = "bad_dice"
    OUT_OF_TURN = "out_of_turn"
    HAND_OVER = "hand_over"
    FORFEITED = "forfeited"  # the seat dropped out of this hand
    NOT_HELD = "not_held"  # tiles: those not in the hand
    ALREADY_PLAYED = "already_played"  # tiles: those already played
    NOT_A_GROUP = "not_a_group"
    HOLDS_TOO_FEW = "holds_too_few"  # count: the tiles held
    SPLIT_LEAD = "split_lead"  # tiles: the combination to lead whole
    LEAD_FACE_UP = "lead_face_up"  # the leader discarded
    WRONG_COUNT = "wrong_count"  # a follow of the wrong size; count: the lead's
    WRONG_DISCARD = "wrong_discard"  # a discard of the wrong size; count: the lead's
    CANNOT_BEAT = "cannot_beat"  # tiles: the play to beat; count: the lead's size
    NOTHING_BEATS = "nothing_beats"  # tiles: the play no follow beats; count: the lead's size
    EARLY_DEATH = "early_death"  # no stack: the last single must be discarded
    DECLARE = "declare"  # a 例牌 declaration refused
    FORFEIT_NOT_ALLOWED = "forfeit_not_allowed"
    FORFEIT_TOO_LATE = "forfeit_too_late"
    FORFEIT_TWICE = "forfeit_twice"
    FORFEIT_TOO_FEW = "forfeit_too_few"  # two players must stay in
    FORFEIT_BLOCKED = "forfeit_blocked"  # tiles: those that forbid it


class IllegalPlay(TienGowError, ValueError):
    """An event the rules do not allow at this point of the hand.

    ``str(e)`` is the referee's sentence for the scoreboard and transcripts; ``kind`` says what
    was refused, with ``tiles`` (a mask) and ``count`` the kind's details (see `Refusal`).
    ``group_names``: when ``tiles`` are one play (the play to beat, the combination to lead),
    its group's name in each page language (天對 / 天对 / Teen pair, rules.md §B.3), so a page
    says the group as it names a trick's plays, not its tiles one by one; else empty.
    """

    def __init__(
        self,
        message: str,
        kind: Refusal = Refusal.OTHER,
        tiles: int = 0,
        count: int = 0,
        group_names: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.tiles = tiles
        self.count = count
        self.group_names = dict(group_names or {})


class NotYourTurn(IllegalPlay):
    """An event by a seat other than the one to act."""

    def __init__(
        self, message: str, kind: Refusal = Refusal.OUT_OF_TURN, tiles: int = 0, count: int = 0
    ) -> None:
        super().__init__(message, kind, tiles, count)


class TranscriptError(TienGowError, ValueError):
    """Input that is not a transcript at all (bad JSON, unknown tile, missing field)."""
