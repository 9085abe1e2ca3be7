"""`tiengow selfplay [--hands N] [--seed S] [--rules R] [--json]`: random legal games, refereed."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import TextIO

from hub.rules.errors import RulesError
from hub.rules.options import Rules, load_rules
from hub.selfplay import PlayedHand, play_session, transcript_of


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--hands", type=int, default=1000, help="complete hands to play (default 1000)"
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="random seed: the same seed plays the same games"
    )
    parser.add_argument(
        "--rules", default="hk", metavar="PRESET|FILE.toml", help="house rules (default hk)"
    )
    parser.add_argument("--json", action="store_true", help="print a JSON summary as the last line")
    parser.add_argument(
        "--transcript",
        metavar="FILE",
        help="also write the games as a transcript (for tiengow referee)",
    )


def run(args: argparse.Namespace) -> int:
    if args.hands < 0:
        print(f"tiengow selfplay: --hands must be 0 or more, got {args.hands}", file=sys.stderr)
        return 2
    try:
        rules = load_rules(args.rules)
    except RulesError as e:
        print(f"tiengow selfplay: {e}", file=sys.stderr)
        return 2
    if args.transcript is None:
        return _play(args, rules, None)
    # opened before the hands are played: a path that cannot be written is said at once, not
    # after minutes of games that are then lost
    try:
        out = open(args.transcript, "w", encoding="utf-8")  # noqa: SIM115 (closed just below)
    except OSError as e:
        print(
            f"tiengow selfplay: cannot write {args.transcript!r}: {e.strerror}; "
            "--transcript takes a writable file path",
            file=sys.stderr,
        )
        return 2
    with out:
        return _play(args, rules, out)


def _play(args: argparse.Namespace, rules: Rules, out: TextIO | None) -> int:
    """Play the hands, write the transcript to ``out`` (when given) and print the summary."""
    seats = ["E", "S", "W", "N"][: rules.players]
    rng = random.Random(args.seed)
    keep: list[PlayedHand] = []
    totals = [0] * rules.players
    start = time.perf_counter()
    for played in play_session(rules, args.hands, rng):
        for s, v in enumerate(played.result.money(rules.players, "net")):
            totals[s] += v
        if out is not None:
            keep.append(played)
    seconds = time.perf_counter() - start
    rate = args.hands / seconds if seconds > 0 else 0.0
    if out is not None:
        json.dump(transcript_of(rules, seats, keep), out, ensure_ascii=False)
    summary = {
        "hands": args.hands,
        "seconds": round(seconds, 4),
        "hands_per_s": round(rate, 1),
        "totals": {seats[s]: totals[s] for s in range(rules.players)},
    }
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print(f"{args.hands} hands in {seconds:.2f} s ({rate:,.0f} hands/s), rules {rules.name}")
        print("totals: " + ", ".join(f"{seats[s]} {totals[s]:+d}" for s in range(rules.players)))
    return 0
