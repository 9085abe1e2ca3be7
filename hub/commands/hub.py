"""`tiengow hub`: the main program for a real table (spec/interfaces.md)."""

from __future__ import annotations

import argparse
import signal
import socket
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
        "--camera-fast",
        action="store_true",
        default=None,
        help="read a video or folder of frames as fast as it decodes (tests, benchmarks), "
        "not replayed at the pace it was recorded",
    )
    parser.add_argument(
        "--camera-fps",
        metavar="FPS",
        type=float,
        help="frames per second of a folder of frames or a bare .mjpeg stream (10)",
    )
    parser.add_argument(
        "--calibration",
        metavar="FILE",
        help="the mat's calibration saved by 'tiengow calibrate' (read from the first frame, "
        "the markers not needed then; checked once the picture is still)",
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
        "camera_fast": args.camera_fast, "camera_fps": args.camera_fps,
        "calibration": args.calibration,
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
    try:
        sockets = _listen(config.http_host, config.http_port)
    except OSError as e:
        hub.close()
        print(
            f"tiengow hub: cannot serve the scoreboard on {config.http_host}:{config.http_port}: "
            f"{e.strerror}; choose another with --http HOST:PORT",
            file=sys.stderr,
        )
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
    server = uvicorn.Server(
        uvicorn.Config(hub.app, host=config.http_host, port=config.http_port, log_level="warning")
    )
    stop_on_sigterm = signal.signal(signal.SIGTERM, _interrupt)
    try:
        server.run(sockets=sockets)
    except KeyboardInterrupt:  # (as uvicorn.run: Ctrl-C is the way to stop the hub)
        pass
    finally:
        signal.signal(signal.SIGTERM, stop_on_sigterm)
        hub.close()
        for sock in sockets:
            sock.close()
    return 0


def _interrupt(signum: int, frame: object) -> None:
    # SIGTERM (systemd, `docker stop`) stops the hub as Ctrl-C does. uvicorn catches it, shuts
    # the server down, then raises it again under the handler it found: the default one ended
    # the process there, before the pads, broker and ledger were closed, with status -15.
    raise KeyboardInterrupt


def _listen(host: str, port: int) -> list[socket.socket]:
    """Sockets bound to every address of ``host``, as uvicorn would bind them itself.

    Bound here, before the scoreboard's address is printed: uvicorn said a port in use (or an
    address not of this machine) only after that line, and ended with its own exit status 3."""
    infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    sockets: list[socket.socket] = []
    try:
        for family, kind, proto, _, address in dict.fromkeys(infos):
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:  # (a '::' server beside a '0.0.0.0' one, as asyncio)
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
    except OSError:
        for sock in sockets:
            sock.close()
        raise
    return sockets
