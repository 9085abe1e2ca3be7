"""Compare a referee result with an example's or golden file's ``expect`` block."""

from __future__ import annotations

from typing import Any


def mismatches(result: dict[str, Any], expect: dict[str, Any]) -> list[str]:
    """Every field the expectation names that the result gets wrong ([] when all agree)."""
    out = []
    hands = result["hands"]
    for i, want in enumerate(expect.get("hands", [])):
        if i >= len(hands):
            out.append(f"hand {i}: missing")
            continue
        got_hand = hands[i]
        for key, value in want.items():
            got = got_hand.get(key)
            if key == "tricks" and got is not None:
                got = [t["winner"] if isinstance(t, dict) else t for t in got]
                value = [t["winner"] if isinstance(t, dict) else t for t in value]
            if key == "finish" and got is not None:
                got, value = set(got), set(value)
            if got != value:
                out.append(f"hand {i} {key}: got {got!r}, expected {value!r}")
    if "totals" in expect and result["totals"] != expect["totals"]:
        out.append(f"totals: got {result['totals']!r}, expected {expect['totals']!r}")
    return out
