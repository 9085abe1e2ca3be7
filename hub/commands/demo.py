"""`tiengow demo`: the embedded default, computer players at a simulated table.

Until the live table runs here, it plays and narrates complete hands in the
terminal: every tile with its Chinese name, each trick, the 結, the payments and
why, so a newcomer can watch the rules at work.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from hub.narrate import narrate_hand
from hub.referee.transcript import HandResult
from hub.rules.errors import RulesError
from hub.rules.options import load_rules
from hub.selfplay import play_session


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--hands", type=int, default=0, help="hands to play; without it, until stopped"
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="random seed (default: a new game each run)"
    )
    parser.add_argument(
        "--rules", default="hk", metavar="PRESET|FILE.toml", help="house rules (default hk)"
    )
    parser.add_argument("--delay", type=float, default=0.0, help="seconds to pause between hands")


def run(args: argparse.Namespace) -> int:
    try:
        rules = load_rules(args.rules)
    except RulesError as e:
        print(f"tiengow demo: {e}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
    seats = ["E", "S", "W", "N"][: rules.players]
    print(f"Tien Gow Table demo: {rules.players} computer players, rules {rules.name}, seed {seed}")
    hands = args.hands if args.hands > 0 else 1 << 62
    totals = [0] * rules.players
    previous: HandResult | None = None
    try:
        for i, played in enumerate(play_session(rules, hands, random.Random(seed))):
            for line in narrate_hand(
                rules, seats, i, played.deal, played.actions, played.result, previous
            ):
                print(line)
            for s, v in enumerate(played.result.money(rules.players, "net")):
                totals[s] += v
            print(
                "  totals: " + ", ".join(f"{seats[s]} {totals[s]:+d}" for s in range(rules.players))
            )
            print()
            previous = played.result
            if args.delay:
                time.sleep(args.delay)
    except KeyboardInterrupt:
        print("stopped")
    return 0
