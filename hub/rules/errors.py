"""The project's error tree: every domain error is a `TienGowError`."""

from __future__ import annotations


class TienGowError(Exception):
    """Base of every error the project raises on purpose."""


class RulesError(TienGowError, ValueError):
    """A rules file or option that cannot be used: names the key, the value, what is allowed."""


class IllegalPlay(TienGowError, ValueError):
    """An event the rules do not allow at this point of the hand."""


class NotYourTurn(IllegalPlay):
    """An event by a seat other than the one to act."""


class TranscriptError(TienGowError, ValueError):
    """Input that is not a transcript at all (bad JSON, unknown tile, missing field)."""
