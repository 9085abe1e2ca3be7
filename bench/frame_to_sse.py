"""A frame showing a new play → the event on the SSE stream, p50/p95 (target ≤ 250 ms p95).

A real hub (service, live table auto-confirming camera plays, Starlette on uvicorn) and a real
SSE client; the camera adapter runs the real recogniser and stabiliser on rendered frames of the
mat, fed as fast as they are processed. The clock starts when the first frame with the new tiles
is handed to the camera and stops when the SSE message carrying the event arrives.
"""

from __future__ import annotations

import json
import random
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx2 as httpx
import uvicorn

from hub.adapters.camera import Camera
from hub.adapters.ledger import Ledger
from hub.allocator import keep_freed_memory
from hub.rules.options import LiPai, Rules
from hub.selfplay import play_session
from hub.table.live import LiveSettings, LiveTable
from hub.table.service import TableService
from hub.web.app import create_app
from vision.synth.render import render_table

STABLE_S = 0.1  # the stability window this bench runs with (a table setting)
TRIALS = 12


def main() -> None:
    keep_freed_memory()  # (as `tiengow hub` does: the times are the command's)
    rules = Rules(li_pai=LiPai(quan_bai=False, yi_dian_hong=False))
    leads = []
    for ph in play_session(rules, 40, random.Random(3)):
        first = ph.actions[0]
        leads.append((first.seat, first.mask))
    with tempfile.TemporaryDirectory() as tmp:
        service = TableService(Ledger(Path(tmp) / "bench.db"))
        live = LiveTable(service, LiveSettings(confidence=0.0, auto_confirm_s=1e-6))
        # (the server is handed a socket bound already: no port to find free first)
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
        server = uvicorn.Server(
            uvicorn.Config(create_app(service, "bench-token"), log_level="warning")
        )
        threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
        while not server.started:
            time.sleep(0.01)
        arrived: list[tuple[float, int]] = []
        seen = threading.Condition()

        def listen() -> None:
            with httpx.stream("GET", f"http://127.0.0.1:{port}/api/stream", timeout=None) as r:
                for line in r.iter_lines():
                    if line.startswith("data: "):
                        n = sum(
                            len(h)
                            for h in [json.loads(line[6:]).get("hand") or {}]
                            if h and h.get("trick")
                        )
                        with seen:
                            arrived.append((time.perf_counter(), n))
                            seen.notify_all()

        threading.Thread(target=listen, daemon=True).start()
        from hub.rules.tiles import faces_in

        latencies = []
        for trial, (seat, mask) in enumerate(leads[:TRIALS]):
            service.start_session(
                {"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "ESWN"[seat]}]}, "bench"
            )
            camera = Camera(lambda: [], live.on_zone, stable_s=STABLE_S)
            empty, _ = render_table({}, 100 + trial, effects=False)
            camera.process(0.0, empty)
            frame, _ = render_table(
                {f"seat{seat}.play": faces_in(mask)}, 100 + trial, effects=False
            )
            start = time.perf_counter()
            before = len(service.session.hands[-1].actions) if service.session else 0
            t = 0.0
            while time.perf_counter() - start < 3.0:
                t = time.perf_counter() - start
                camera.process(t, frame)
                live.tick()
                if service.session and len(service.session.hands[-1].actions) > before:
                    break
            with seen:
                ok = seen.wait_for(
                    lambda s=start: bool(arrived) and arrived[-1][0] > s and arrived[-1][1] > 0, 3.0
                )
            if ok:
                latencies.append((arrived[-1][0] - start) * 1000)
                print(
                    f"trial {trial}: camera t={t:.3f}s sse={latencies[-1]:.1f}ms", file=sys.stderr
                )
        server.should_exit = True
    lat = sorted(latencies)
    p95 = lat[min(len(lat) - 1, round(0.95 * (len(lat) - 1)))] if lat else None
    print(json.dumps({"bench": "frame_to_sse", "stable_s": STABLE_S, "trials": TRIALS, "read": len(lat),
                      "p50_ms": round(statistics.median(lat), 1) if lat else None,
                      "p95_ms": round(p95, 1) if p95 is not None else None}))  # fmt: skip


if __name__ == "__main__":
    main()
