"""Legal sessions to feed through the API: self-played hands in transcript form."""

from __future__ import annotations

import random
from typing import Any

from hub.rules.options import load_rules
from hub.selfplay import play_session, transcript_of

SEATS = ["陳大文", "李小龍", "Ada", "何鴻"]


def session(hands: int = 3, seed: int = 7, seats: list[str] | None = None) -> dict[str, Any]:
    """A transcript of ``hands`` random legal hands (hk rules)."""
    rules = load_rules("hk")
    names = seats or SEATS
    return transcript_of(rules, names, list(play_session(rules, hands, random.Random(seed))))


def start_body(tr: dict[str, Any]) -> dict[str, Any]:
    """The POST /api/session body of a transcript: rules, seats, first banker, no events."""
    first = tr["hands"][0]
    return {"format": tr["format"], "rules": tr["rules"], "seats": tr["seats"],
            "hands": [{"banker": first["banker"], "banker_term": first.get("banker_term", 1),
                       "events": []}]}  # fmt: skip


def events(tr: dict[str, Any]) -> list[dict[str, Any]]:
    """Every event of the transcript, in order."""
    return [ev for hand in tr["hands"] for ev in hand["events"]]
