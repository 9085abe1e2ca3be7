"""`tiengow referee [--rules PRESET|FILE.toml] TRANSCRIPT|-` (spec/interfaces.md).

Exit 0 with the result JSON on stdout; exit 1 with ``{"error": {"hand", "event",
"message"}}`` when an event is illegal; exit 2 when the input is not a transcript.
"""

from __future__ import annotations

import argparse
import json
import re
import reprlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hub.referee.transcript import RefereeError, referee_json
from hub.rules.errors import RulesError, TranscriptError
from hub.rules.options import Rules, load_rules


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "transcript", metavar="TRANSCRIPT|-", help="a transcript file, or - for stdin"
    )
    parser.add_argument(
        "--rules", metavar="PRESET|FILE.toml", help="override the transcript's rules"
    )


def _emit(obj: dict[str, Any]) -> None:
    # print(), not sys.stdout.write: with stdout closed (`>&-`, a script that wants only the
    # verdict) sys.stdout is None and print writes nothing, so the exit status still says it
    print(json.dumps(obj, ensure_ascii=False, indent=2))


def _fail(code: int, message: str, payload: dict[str, Any] | None = None) -> int:
    _emit(payload if payload is not None else {"error": {"message": message}})
    print(f"tiengow referee: {message}", file=sys.stderr)
    return code


def read_json(source: str) -> Any:
    """JSON from a file or stdin; `TranscriptError` with the position of a syntax error."""
    if source == "-" and sys.stdin is None:  # started with standard input closed
        raise TranscriptError(
            "no standard input to read the transcript from ('-'); give the transcript's file "
            "name, or pipe the transcript in"
        )
    try:
        # (utf-8-sig: Windows editors and PowerShell save UTF-8 with a byte-order mark)
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8-sig")
        text = text.removeprefix("\ufeff")
    except OSError as e:
        raise TranscriptError(f"cannot read {source!r}: {e.strerror}") from None
    except UnicodeDecodeError as e:
        raise TranscriptError(
            f"{source!r} is not UTF-8 text: {e.reason} at byte {e.start}"
        ) from None
    try:
        return json.loads(
            text, object_pairs_hook=_fields_once(source), parse_constant=_no_constant(source)
        )
    except json.JSONDecodeError as e:
        raise TranscriptError(
            f"{source!r} is not JSON: {e.msg} at line {e.lineno} column {e.colno}"
        ) from None
    except TranscriptError:  # (a ValueError too: not the number's)
        raise
    except ValueError:  # a number longer than Python converts (sys.get_int_max_str_digits)
        raise TranscriptError(_too_long(source, text)) from None
    except RecursionError:  # the decoder recurses once per level of nesting
        raise TranscriptError(
            f"{source!r} is JSON nested too deeply to read; a transcript nests a few levels "
            f"(transcript, hands, events, tiles)"
        ) from None


def _no_constant(source: str) -> Callable[[str], Any]:
    """Refuse NaN and Infinity, which Python's reader takes but JSON has not (RFC 8259 §6)."""

    def refuse(word: str) -> Any:
        raise TranscriptError(
            f"{source!r} is not JSON: {word} is no JSON value; a transcript's numbers are "
            f"whole numbers such as 1 or 8"
        )

    return refuse


def _fields_once(source: str) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """An object hook refusing a name given twice in one object: JSON leaves its meaning to
    the reader (RFC 8259 §4), and keeping the last would referee a hand naming two bankers, or
    an event with two plays, as if the first were not there."""

    def build(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                raise TranscriptError(
                    f"{source!r}: {key!r} is given twice in one object: "
                    f"{reprlib.repr(out[key])}, then {reprlib.repr(value)}; a transcript gives "
                    f"each field once"
                )
            out[key] = value
        return out

    return build


def _too_long(source: str, text: str) -> str:
    """Where the first number too long to convert is, for a person to find it."""
    limit = sys.get_int_max_str_digits()
    found = re.search(rf"\d{{{limit + 1},}}", text)
    if found is None:  # pragma: no cover - the decoder raised for such a number
        return f"{source!r} holds a number of more than {limit} digits"
    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - text.rfind("\n", 0, found.start())
    return (
        f"{source!r} holds a number of {len(found.group())} digits at line {line} column "
        f"{column}; a transcript's numbers are small (counts, terms, dice, option values)"
    )


def run(args: argparse.Namespace) -> int:
    try:
        rules: Rules | None = load_rules(args.rules) if args.rules else None
        data = read_json(args.transcript)
        if (
            isinstance(data, dict)
            and "format" not in data
            and isinstance(data.get("transcript"), dict)
        ):
            data = data["transcript"]  # an example file: {"name", "transcript", "expect"}
        result = referee_json(data, rules)
    except RefereeError as e:
        where = f"hand {e.hand}, event {e.event}: "
        return _fail(1, where + e.message, e.to_json())
    except (TranscriptError, RulesError) as e:
        return _fail(2, str(e))
    _emit(result)
    return 0
