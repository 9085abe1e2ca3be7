"""`tiengow hub`: the main program for a real table (spec/interfaces.md)."""

from __future__ import annotations

import argparse
import sys

from hub.adapters.ledger import LedgerError
from hub.config import ConfigError, browser_url, from_elsewhere, load


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="TABLE.toml", help="settings file; flags override it")
    parser.add_argument(
        "--db", metavar="PATH", help="the ledger (SQLite); reopening resumes the session"
    )
    parser.add_argument(
        "--http", metavar="HOST:PORT", help="scoreboard and API address (127.0.0.1:8000)"
    )
    parser.add_argument(
        "--serial",
        metavar="SEAT=DEVICE",
        action="append",
        default=[],
        help="a pad on a serial device (repeatable)",
    )
    parser.add_argument(
        "--mqtt", metavar="URL", help="pad broker mqtt://[user:pass@]host[:port], or embedded"
    )
    parser.add_argument("--table", metavar="ID", help="table id in MQTT topics (t1)")
    parser.add_argument(
        "--rules", metavar="PRESET|FILE.toml", help="house rules for new sessions (hk)"
    )
    parser.add_argument(
        "--camera", metavar="SOURCE", help="device index, video file, folder of frames, or none"
    )
    parser.add_argument(
        "--admin-token",
        metavar="TOKEN",
        help="needed as 'Authorization: Bearer TOKEN' to change state",
    )


def run(args: argparse.Namespace) -> int:
    flags = {
        "config": args.config, "db": args.db, "http": args.http, "serial": args.serial, "mqtt": args.mqtt,
        "table": args.table, "rules": args.rules, "camera": args.camera, "admin_token": args.admin_token,
    }  # fmt: skip
    try:
        config = load(flags)
    except ConfigError as e:
        print(f"tiengow hub: {e}", file=sys.stderr)
        return 2
    import uvicorn

    from hub.main import build

    try:
        hub = build(config)
    except (LedgerError, OSError) as e:  # OSError: the embedded broker's port is taken
        print(f"tiengow hub: {e}", file=sys.stderr)
        return 2
    print(f"tiengow hub: table {config.table}, ledger {config.db}", flush=True)
    print(f"scoreboard: {browser_url(config.http_host, config.http_port)}", flush=True)
    if hint := from_elsewhere(config.http_host, config.http_port):
        print(hint, flush=True)
    if not config.admin_token:
        print(f"admin token (none was given): {hub.admin_token}", flush=True)
    elif len(config.admin_token) < 8:
        print("tiengow hub: warning: the admin token is short; anyone on the network "
              "could guess it", file=sys.stderr, flush=True)  # fmt: skip
    try:
        uvicorn.run(hub.app, host=config.http_host, port=config.http_port, log_level="warning")
    finally:
        hub.close()
    return 0
