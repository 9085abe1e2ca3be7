"""Seat-pad latency: press -> hub ack -> pad `show`, over serial (pty) and MQTT (mosquitto).

The hub side is the real one (SerialPad / MqttPads -> PadIntake -> a SQLite PadLedger sink with
synchronous=FULL); a "table" thread answers each committed press with a `show`, as the live
table will. The pad is SimPad (the firmware's padcore). Prints one JSON line per transport:

    .venv/bin/python bench/pads.py [--presses 200]

Target: show p95 <= 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import tty
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hub.pads.intake import PadEvent, PadIntake
from hub.pads.ledger import PadLedger
from hub.pads.mqtt_pads import MqttPads
from hub.pads.serial_pads import SerialPad
from hub.pads.sim import FdPort, MqttPadTransport, PadTransport, SerialPadTransport, SimPad


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def measure(
    name: str, intake: PadIntake, transport: PadTransport, presses: int
) -> dict[str, object]:
    shown: dict[int, float] = {}
    cond = threading.Condition()

    def on_screen(pad: SimPad) -> None:
        lines, _ = pad.view()
        if lines and lines[0].startswith("press "):
            with cond:
                shown.setdefault(int(lines[0].split()[1]), time.perf_counter())
                cond.notify_all()

    pad = SimPad(0, transport, seed=1, on_screen=on_screen).start()
    try:
        if not pad.wait_for(lambda p: p.sender.seq >= 1 and p.sender.pending() == 0, 20):
            raise SystemExit(f"{name}: the hub never acked the pad's hello")
        ack_ms: list[float] = []
        show_ms: list[float] = []
        first = pad.pad.sender.seq + 1  # presses go one at a time: press i has seq first + i
        for i in range(presses):
            seq = first + i
            start = time.perf_counter()
            pad.press(("play", "discard", "ok")[i % 3])
            with cond:
                if not cond.wait_for(lambda s=seq: s in shown, 10):
                    raise SystemExit(f"{name}: no show for press {i} (seq {seq})")
            ack_ms.append((pad.ack_times[seq] - start) * 1000)
            show_ms.append((shown[seq] - start) * 1000)
    finally:
        pad.stop()
    result: dict[str, object] = {"transport": name, "presses": presses}
    for label, values in (("ack", ack_ms), ("show", show_ms)):
        for p in (50, 95, 99):
            result[f"{label}_p{p}_ms"] = round(percentile(values, p), 2)
    result["applied"] = intake.stats.applied
    return result


def table_thread(intake: PadIntake, events: queue.Queue[PadEvent | None]) -> threading.Thread:
    def loop() -> None:
        while (event := events.get()) is not None:
            intake.show(event.seat, [f"press {event.seq}", event.value], "turn", 0)

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    return thread


def make_intake(tmp: Path, name: str) -> tuple[PadIntake, queue.Queue[PadEvent | None]]:
    events: queue.Queue[PadEvent | None] = queue.Queue()
    ledger = PadLedger(tmp / f"{name}.sqlite", on_commit=events.put)
    intake = PadIntake(ledger)
    table_thread(intake, events)
    return intake, events


def bench_serial(tmp: Path, presses: int) -> dict[str, object]:
    master, slave = os.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    intake, events = make_intake(tmp, "serial")
    port = SerialPad(intake, 0, os.ttyname(slave)).start()
    try:
        return measure("serial", intake, SerialPadTransport(lambda: FdPort(master)), presses)
    finally:
        events.put(None)
        port.stop()
        os.close(master)
        os.close(slave)


def bench_mqtt(tmp: Path, presses: int) -> dict[str, object]:
    exe = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    conf = tmp / "mosquitto.conf"
    conf.write_text(
        f"listener {port} 127.0.0.1\n"
        "allow_anonymous true\npersistence false\nset_tcp_nodelay true\n"
    )
    broker = subprocess.Popen([exe, "-c", str(conf)], stderr=subprocess.DEVNULL)
    intake, events = make_intake(tmp, "mqtt")
    url = f"mqtt://127.0.0.1:{port}"
    hub = None
    try:
        deadline = time.monotonic() + 10
        while True:  # wait for the listener (a benchmark, not a test)
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        hub = MqttPads(intake, url).start()
        hub.connected.wait(10)
        return measure("mqtt", intake, MqttPadTransport(url, "t1", 0), presses)
    finally:
        events.put(None)
        if hub is not None:
            hub.stop()
        broker.terminate()
        broker.wait()


def bench_embedded(tmp: Path, presses: int) -> dict[str, object]:
    from hub.pads.embedded import EmbeddedBroker

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    broker = EmbeddedBroker(port).start()
    intake, events = make_intake(tmp, "embedded")
    hub = MqttPads(intake, broker.url).start()
    try:
        hub.connected.wait(10)
        result = measure("mqtt-embedded", intake, MqttPadTransport(broker.url, "t1", 0), presses)
    finally:
        events.put(None)
        hub.stop()
        broker.stop()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for bench in (bench_serial, bench_mqtt, bench_embedded):
            print(json.dumps(bench(Path(tmp), args.presses)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
