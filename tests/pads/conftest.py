"""Fixtures for the pad tests: a real mosquitto on a free loopback port, pty cables, a ledger."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import threading
import time
import tty
from collections.abc import Iterator
from pathlib import Path

import pytest

from hub.pads.intake import PadEvent, PadIntake, PadPresence
from hub.pads.ledger import PadLedger
from hub.pads.sim import FdPort, SimPad
from tests.ports import free_port

TIMEOUT = 20.0  # generous upper bound for any wait; the tests finish far sooner


class Mosquitto:
    """A private mosquitto: temp config, loopback only, started and stopped by the test."""

    def __init__(self, workdir: Path, port: int | None = None, conf: Path | None = None) -> None:
        """A broker on ``port`` (a free one by default) with anonymous access, or with the
        given configuration file (which must then name ``port``)."""
        exe = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        if not os.path.exists(exe):
            pytest.fail("mosquitto is not installed: `make setup` installs it (apt mosquitto)")
        self.exe = exe
        self.port = port or free_port()
        if conf is None:
            conf = workdir / f"mosquitto-{self.port}.conf"
            conf.write_text(
                f"listener {self.port} 127.0.0.1\npersistence false\nset_tcp_nodelay true\n"
                "allow_anonymous true\n"
            )
        self.conf = conf
        self.proc: subprocess.Popen[bytes] | None = None
        self.drainer: threading.Thread | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [self.exe, "-v", "-c", str(self.conf)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        assert self.proc.stdout is not None
        # wait for the line that says it is listening (no sleeping)
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + TIMEOUT
        seen = b""
        while b"running" not in seen:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([fd], [], [], max(0.0, left))
            chunk = os.read(fd, 4096) if ready else b""
            if not chunk:
                self.stop()
                pytest.fail(f"mosquitto did not start on port {self.port}: {seen.decode()!r}")
            seen += chunk
        self.drainer = threading.Thread(target=self._drain, args=(fd,), daemon=True)
        self.drainer.start()

    @staticmethod
    def _drain(fd: int) -> None:
        try:
            while os.read(fd, 4096):
                pass
        except OSError:
            pass

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:  # a loaded machine: stop it hard
                proc.kill()
                proc.wait(timeout=10)
            finally:
                # the drain thread reads the pipe by its number: it ends at the pipe's end (the
                # broker gone) before the number is let go, or it would go on reading whatever
                # takes the number next, the next broker's pipe (and its "running" line)
                if self.drainer is not None:
                    self.drainer.join(timeout=10)
                    self.drainer = None
                if proc.stdout is not None:
                    proc.stdout.close()


@pytest.fixture
def mosquitto(tmp_path: Path) -> Iterator[Mosquitto]:
    broker = Mosquitto(tmp_path)
    yield broker
    broker.stop()


class PtyCable:
    """A USB cable made of a pty: the hub opens ``path`` (a symlink, like /dev/serial/by-id),
    the simulated pad holds the master end. ``unplug`` closes both ends; ``plug`` makes a new
    pty and points the link at it."""

    def __init__(self, workdir: Path, name: str = "pad") -> None:
        self.path = str(workdir / f"tty-{name}")
        self.master = -1
        self.slave = -1
        self._lock = threading.Lock()
        self.plug()

    def plug(self) -> None:
        with self._lock:
            self.master, self.slave = os.openpty()
            tty.setraw(self.slave)
            tty.setraw(self.master)
            tmp = self.path + ".new"
            os.symlink(os.ttyname(self.slave), tmp)
            os.replace(tmp, self.path)

    def unplug(self) -> None:
        with self._lock:
            os.unlink(self.path)
            os.close(self.master)
            os.close(self.slave)
            self.master = self.slave = -1

    def open_pad_end(self) -> FdPort:
        with self._lock:
            if self.master < 0:
                raise OSError("cable unplugged")
            return FdPort(self.master)

    def close(self) -> None:
        if self.master >= 0:
            self.unplug()


@pytest.fixture
def cable(tmp_path: Path) -> Iterator[PtyCable]:
    c = PtyCable(tmp_path)
    yield c
    c.close()


class Recorder:
    """A durable sink (PadLedger in SQLite) that tests can wait on."""

    def __init__(self, path: Path) -> None:
        self.cond = threading.Condition()
        self.calls: list[PadEvent] = []
        self.ledger = PadLedger(path, on_commit=self._committed)

    def _committed(self, event: PadEvent) -> None:
        with self.cond:
            self.calls.append(event)
            self.cond.notify_all()

    def __call__(self, event: PadEvent) -> None:
        self.ledger(event)

    def buttons(self, seat: int | None = None) -> list[str]:
        return [v for s, _b, _q, _k, v in self.ledger.events() if seat is None or s == seat]

    def wait_count(self, n: int, timeout: float = TIMEOUT) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: len(self.calls) >= n, timeout)


@pytest.fixture
def recorder(tmp_path: Path) -> Iterator[Recorder]:
    r = Recorder(tmp_path / "pads.sqlite")
    yield r
    r.ledger.close()


@pytest.fixture
def intake(recorder: Recorder) -> PadIntake:
    return PadIntake(recorder, table="t1")


class Presence:
    """An ``on_presence`` callback that tests can wait on."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.state: dict[int, bool] = {}

    def __call__(self, p: PadPresence) -> None:
        with self.cond:
            self.state[p.seat] = p.online
            self.cond.notify_all()

    def wait(self, seat: int, online: bool) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: self.state.get(seat) is online, TIMEOUT)


@pytest.fixture
def presence() -> Presence:
    return Presence()


def press_all(pad: SimPad, presses: list[str]) -> None:
    """Press like a player faster than a lossy link drains the queue, wait for every ack,
    then stop the pad."""
    try:
        for button in presses:
            assert pad.wait_for(lambda p: p.sender.pending() < 8, TIMEOUT)
            assert pad.press(button)
        assert pad.wait_idle(TIMEOUT)
    finally:
        pad.stop()
