"""`tiengow pad-sim`: a simulated seat pad (the firmware's padcore) over serial or MQTT.

Scripted: ``tiengow pad-sim --seat 1 --mqtt mqtt://127.0.0.1 --script play,discard,ok`` presses
the buttons, waits for every ack and prints one JSON line (exit 0 when all were acked).
Interactive (no ``--script``): keys p d u o f m press play, discard, undo, ok, forfeit, menu;
t reads a fake NFC tag; q quits. The pad's screen is redrawn in the terminal on every change.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import termios
import threading
import tty
from collections.abc import Iterator

from hub.pads import protocol
from hub.pads.mqtt_pads import parse_mqtt_url
from hub.pads.sim import FdPort, MqttPadTransport, PadTransport, SerialPadTransport, SimPad

KEYS = {
    "p": "play",
    "d": "discard",
    "u": "undo",
    "o": "ok",
    "\r": "ok",
    "f": "forfeit",
    "m": "menu",
}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seat", type=int, required=True, choices=range(protocol.SEATS))
    link = parser.add_mutually_exclusive_group(required=True)
    link.add_argument("--serial", metavar="DEVICE", help="a serial device (or pyserial URL)")
    link.add_argument(
        "--pty", action="store_true", help="make a pty pair and print the device for the hub"
    )
    link.add_argument("--mqtt", metavar="URL", help="mqtt://[user:pass@]host[:port]")
    parser.add_argument("--table", default="t1", help="table id in MQTT topics (default t1)")
    parser.add_argument(
        "--script", help="comma-separated presses, e.g. play,discard,ok or tile:04a1b2c3"
    )
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for acks")
    parser.add_argument("--loss", type=float, default=0.0, help="drop this share of frames")
    parser.add_argument("--seed", type=int, default=None)


def parse_script(text: str) -> list[tuple[str, str]]:
    """``play,discard,tile:04a1`` as [(btn, play), (btn, discard), (tile, 04a1)]."""
    steps: list[tuple[str, str]] = []
    for raw in text.split(","):
        item = raw.strip()
        if item.startswith("tile:"):
            msg = protocol.tile(0, 0, 1, item[5:])
            protocol.validate(msg)
            steps.append((protocol.TILE, item[5:]))
        elif item in protocol.BUTTONS:
            steps.append((protocol.BTN, item))
        else:
            raise protocol.ProtocolError(
                f"--script step {item!r} is not a button {protocol.BUTTONS} or tile:<hex uid>"
            )
    return steps


def _transport(args: argparse.Namespace) -> tuple[PadTransport, str]:
    if args.mqtt:
        url = parse_mqtt_url(args.mqtt)
        if not protocol.is_table_id(args.table):
            raise ValueError(f"--table must be letters, digits and '-', got {args.table!r}")
        return MqttPadTransport(url, args.table, args.seat), f"MQTT {url.host}:{url.port}"
    if args.pty:
        master, slave = os.openpty()
        tty.setraw(master)
        tty.setraw(slave)
        name = os.ttyname(slave)
        print(f"pad on {name}: run `tiengow hub --serial {args.seat}={name}`", flush=True)
        return SerialPadTransport(lambda: FdPort(master)), name
    return SerialPadTransport(args.serial), args.serial


def _render(pad: SimPad) -> str:
    lines, led = pad.view()
    width = protocol.MAX_CHARS
    rows = [f"+{'-' * width}+ seat {pad.seat}  led: {led}"]
    rows += [f"|{line:<{width}}|" for line in lines]
    rows += [f"+{'-' * width}+ queued: {pad.pad.sender.pending()}"]
    return "\r\n".join(rows)


@contextlib.contextmanager
def _raw_terminal() -> Iterator[None]:
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)


def _interactive(pad: SimPad) -> int:
    lock = threading.Lock()

    def draw(p: SimPad) -> None:
        with lock:
            sys.stdout.write("\x1b[2J\x1b[H" + _render(p) + "\r\n")
            sys.stdout.write("keys: p d u o f m (buttons)  t (tag)  q (quit)\r\n")
            sys.stdout.flush()

    pad.on_screen = draw
    draw(pad)
    if not sys.stdin.isatty():  # piped: one button name per line
        for line in sys.stdin:
            if line.strip():
                pad.press(line.strip())
        pad.wait_idle(10)
        return 0
    with _raw_terminal():
        while True:
            key = sys.stdin.read(1)
            if key in ("q", ""):
                return 0
            if key == "t":
                pad.tile("04a1b2c3")
            elif key in KEYS:
                pad.press(KEYS[key])
            draw(pad)


def run(args: argparse.Namespace) -> int:
    try:
        steps = parse_script(args.script) if args.script else []
        transport, where = _transport(args)
    except ValueError as exc:
        print(f"tiengow pad-sim: {exc}", file=sys.stderr)
        return 2
    pad = SimPad(args.seat, transport, loss=args.loss, seed=args.seed).start()
    try:
        if not args.script:
            return _interactive(pad)
        for kind, value in steps:
            if not pad.wait_for(lambda p: p.sender.pending() < 8, args.timeout):
                break
            if kind == protocol.BTN:
                pad.press(value)
            else:
                pad.tile(value)
        acked = pad.wait_idle(args.timeout)
        lines, led = pad.view()
        report = {
            "seat": args.seat,
            "link": where,
            "boot": pad.boot,
            "sent": len(steps),
            "acked": acked,
            "frames": pad.frames_out,
            "screen": lines,
            "led": led,
        }
        print(json.dumps(report))
        return 0 if acked else 1
    finally:
        pad.stop()
