"""`tiengow flash`: copy the pad firmware and one seat's config.json to a board with mpremote.

The board must already run MicroPython (see hardware/pad/README.md for the first install). The
files copied are ``firmware/*.py`` with ``protocol.py`` and ``padcore.py`` taken from
``hub/pads/`` (the one codec), plus ``config.json`` built from the flags or from a
``credentials.json`` written by ``tiengow broker-config``. MQTT pads also get ``umqtt.simple``
from micropython-lib (``mpremote mip install``). ``--dry-run`` prints the commands only.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from hub.pads import protocol

HERE = Path(__file__).resolve().parent
PADS = HERE.parent / "pads"
DEFAULT_FIRMWARE = HERE.parent.parent / "firmware"
BOARDS = ("esp32s3", "picow")
SHARED = ("protocol.py", "padcore.py")  # taken from hub/pads, the canonical copies


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seat", type=int, required=True, choices=range(protocol.SEATS))
    parser.add_argument("--board", choices=BOARDS, required=True)
    parser.add_argument("--port", default="auto", help="the board's serial device (mpremote)")
    parser.add_argument("--transport", choices=("serial", "mqtt"), default="serial")
    parser.add_argument("--table", default="t1")
    parser.add_argument("--wifi-ssid")
    parser.add_argument("--wifi-password", default="")
    parser.add_argument("--broker-host", help="the hub machine's address as the pads see it")
    parser.add_argument("--broker-port", type=int, default=None)
    parser.add_argument(
        "--credentials", type=Path, help="credentials.json from `tiengow broker-config`"
    )
    parser.add_argument("--nfc", action="store_true", help="the pad has a PN532 reader")
    parser.add_argument("--firmware", type=Path, default=DEFAULT_FIRMWARE)
    parser.add_argument("--mpremote", default=f"{shlex.quote(sys.executable)} -m mpremote")
    parser.add_argument("--dry-run", action="store_true", help="print the commands only")


def build_config(args: argparse.Namespace) -> dict[str, object]:
    """The seat's config.json; ValueError says which flag is missing or wrong."""
    cfg: dict[str, object] = {"seat": args.seat, "transport": args.transport, "nfc": args.nfc}
    if args.transport == "serial":
        return cfg
    if not protocol.is_table_id(args.table):
        raise ValueError(f"--table must be letters, digits and '-', got {args.table!r}")
    if not args.wifi_ssid:
        raise ValueError("--transport mqtt needs --wifi-ssid (and --wifi-password)")
    if len(args.wifi_ssid.encode()) > 32:  # firmware/config.py refuses it: 802.11 allows 32
        raise ValueError(f"--wifi-ssid must be 1..32 bytes, got {args.wifi_ssid!r}")
    if not args.broker_host:
        raise ValueError("--transport mqtt needs --broker-host (the hub machine's address)")
    user: str | None = None
    password: str | None = None
    port = args.broker_port or 1883
    if args.credentials:
        creds = json.loads(args.credentials.read_text())
        if creds.get("table") != args.table:
            raise ValueError(
                f"{args.credentials} is for table {creds.get('table')!r}, not {args.table!r}"
            )
        user = f"pad-{args.table}-{args.seat}"
        if user not in creds["users"]:
            raise ValueError(f"{args.credentials} has no user {user!r}: {sorted(creds['users'])}")
        password = creds["users"][user]
        port = args.broker_port or int(creds.get("port", 1883))
    cfg["table"] = args.table
    cfg["wifi"] = {"ssid": args.wifi_ssid, "password": args.wifi_password}
    cfg["broker"] = {"host": args.broker_host, "port": port, "user": user, "password": password}
    return cfg


def firmware_files(folder: Path, board: str) -> list[Path]:
    """The files to copy: every firmware module but the other board's pin map."""
    if not (folder / "main.py").exists():
        raise ValueError(
            f"no firmware in {folder} (looked for main.py); pass --firmware PATH/TO/firmware"
        )
    other = [b for b in BOARDS if b != board]
    files = [
        f
        for f in sorted(folder.glob("*.py"))
        if f.name not in SHARED and f.name not in (f"board_{o}.py" for o in other)
    ]
    return files + [PADS / name for name in SHARED]


def commands(args: argparse.Namespace, config_path: Path) -> list[list[str]]:
    base = [*shlex.split(args.mpremote), "connect", args.port]
    cmds = []
    if args.transport == "mqtt":
        cmds.append([*base, "mip", "install", "umqtt.simple"])
    for f in firmware_files(args.firmware, args.board):
        cmds.append([*base, "fs", "cp", str(f), f":{f.name}"])
    cmds.append([*base, "fs", "cp", str(config_path), ":config.json"])
    cmds.append([*base, "reset"])
    return cmds


def run(args: argparse.Namespace) -> int:
    try:
        cfg = build_config(args)
    except (ValueError, OSError, KeyError) as exc:
        print(f"tiengow flash: {exc}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        config_path = Path(tmp) / "config.json"
        config_path.write_text(json.dumps(cfg, indent=1))
        try:
            cmds = commands(args, config_path)
        except ValueError as exc:
            print(f"tiengow flash: {exc}", file=sys.stderr)
            return 2
        shown = dict(cfg, wifi="…", broker="…") if args.transport == "mqtt" else cfg
        print(f"seat {args.seat} on {args.board} at {args.port}: config {json.dumps(shown)}")
        for cmd in cmds:
            print("$ " + shlex.join(cmd), flush=True)
            if args.dry_run:
                continue
            done = subprocess.run(cmd)
            if done.returncode != 0:
                print(f"tiengow flash: {cmd[-2:]} failed ({done.returncode})", file=sys.stderr)
                return 1
    return 0
