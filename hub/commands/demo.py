"""`tiengow demo [--hands N] [--db PATH] [--http HOST:PORT]`: the whole simulated table.

Rendered camera frames go through the real recogniser, simulated pads speak the
real protocol (serial over a pty pair, MQTT through the embedded broker),
computer players choose legal plays, and the scoreboard is live at the HTTP
address. ``--narrate`` instead tells complete hands in the terminal (no table).
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import time

from hub.adapters.ledger import LedgerError
from hub.config import ConfigError, parse_http
from hub.narrate import narrate_hand
from hub.referee.transcript import HandResult
from hub.rules.errors import RulesError
from hub.rules.options import Rules, load_rules
from hub.selfplay import play_session


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--hands", type=int, default=None, help="hands to play; without it, until stopped"
    )
    parser.add_argument(
        "--db",
        metavar="PATH",
        help="keep the ledger here; reopened, its session goes on (default: a temporary file)",
    )
    parser.add_argument(
        "--http", default="127.0.0.1:8000", metavar="HOST:PORT", help="scoreboard address"
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="random seed (default: a new game each run)"
    )
    parser.add_argument(
        "--rules", default="hk", metavar="PRESET|FILE.toml", help="house rules (default hk)"
    )
    parser.add_argument(
        "--delay",
        type=float,
        default=None,
        help="seconds between actions (default 0.6 when running until stopped, else 0)",
    )
    parser.add_argument(
        "--narrate", action="store_true", help="tell hands in the terminal instead (no table)"
    )


def run(args: argparse.Namespace) -> int:
    if args.hands is not None and args.hands < 1:
        print(f"tiengow demo: --hands must be 1 or more, got {args.hands}", file=sys.stderr)
        return 2
    try:
        rules = load_rules(args.rules)
        http = parse_http(args.http)
    except (RulesError, ConfigError) as e:
        print(f"tiengow demo: {e}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
    if args.narrate:
        return _narrate(args, rules, seed)
    from hub.demo import SESSION_HANDS
    from hub.demo import run as run_table

    delay = args.delay if args.delay is not None else (0.6 if args.hands is None else 0.0)
    # left running, one session after another; with --hands, one session (the summary's)
    sessions = SESSION_HANDS if args.hands is None else None
    stop_on_sigterm = signal.signal(signal.SIGTERM, _interrupt)
    try:
        summary = run_table(
            args.hands, args.db, http, args.rules, seed, delay, _say, session_hands=sessions
        )
    except KeyboardInterrupt:  # stopped before the table had started: nothing to sum up
        return 130
    except LedgerError as e:
        print(f"tiengow demo: {e}; --db takes a writable SQLite file path", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"tiengow demo: {e}; choose another with --http HOST:PORT", file=sys.stderr)
        return 2
    finally:
        signal.signal(signal.SIGTERM, stop_on_sigterm)
    print(json.dumps(summary, ensure_ascii=False))
    return 0


def _interrupt(signum: int, frame: object) -> None:
    # SIGTERM (a kiosk's service manager, `docker stop`) stops the table as Ctrl-C does: pads,
    # broker and scoreboard stopped, the ledger closed, the summary printed, no folder left
    raise KeyboardInterrupt


def _say(line: str) -> None:
    # at once, even into a pipe (a service manager's log, `| tee`): the scoreboard's address is
    # what the person starting the demo waits for, and a hand's line is news when it happens
    print(line, flush=True)


def _narrate(args: argparse.Namespace, rules: Rules, seed: int) -> int:
    seats = ["E", "S", "W", "N"][: rules.players]
    print(f"Tien Gow Table: {rules.players} computer players, rules {rules.name}, seed {seed}")
    totals = [0] * rules.players
    previous: HandResult | None = None
    hands = args.hands or 3
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
