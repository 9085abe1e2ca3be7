"""`tiengow export --db PATH`: the session in a ledger, as a transcript."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from hub.adapters.ledger import Ledger, LedgerError
from hub.rules.errors import TienGowError
from hub.table.service import replay_ledger


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", required=True, metavar="PATH", help="the ledger (SQLite)")
    parser.add_argument("--session", type=int, help="which session (default: the latest)")


def run(args: argparse.Namespace) -> int:
    if not Path(args.db).is_file():
        print(f"tiengow export: no ledger at {args.db!r}", file=sys.stderr)
        return 2
    try:
        ledger = Ledger(args.db, readonly=True)
        sid = args.session if args.session is not None else ledger.latest_session()
        known = [s["id"] for s in ledger.sessions()]
        if not known:
            print(
                f"tiengow export: {args.db!r} holds no session yet; one is started at the "
                "table (POST /api/session on tiengow hub, or tiengow demo --db)",
                file=sys.stderr,
            )
            return 2
        if sid is None or sid not in known:
            print(
                f"tiengow export: no session {sid!r} in {args.db!r}; sessions: {known}",
                file=sys.stderr,
            )
            return 2
        session = replay_ledger(ledger, sid)
    except (LedgerError, TienGowError) as e:
        print(f"tiengow export: {e}", file=sys.stderr)
        return 2
    if session is None:
        print(f"tiengow export: session {sid} has no events", file=sys.stderr)
        return 2
    print(json.dumps(session.transcript(), ensure_ascii=False, indent=1))
    return 0
