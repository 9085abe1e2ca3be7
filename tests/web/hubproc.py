"""Run a real `tiengow hub` process for end-to-end tests."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx

from tests.ports import free_port

TOKEN = "e2e-token-123"


class HubProcess:
    def __init__(self, db: Path, port: int | None = None, *extra: str) -> None:
        self.db = db
        self.port = port or free_port()
        self.extra = extra
        self.proc: subprocess.Popen[str] | None = None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 20.0) -> HubProcess:
        self.log = (self.db.parent / f"hub-{self.port}.log").open("a", encoding="utf-8")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "hub.cli", "hub", "--db", str(self.db), "--http", f"127.0.0.1:{self.port}",
             "--admin-token", TOKEN, *self.extra],
            stdout=self.log, stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )  # fmt: skip
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:  # readiness: the API answers
            if self.proc.poll() is not None:
                # (its output went to the log, not a pipe: say what it said, and close the log,
                # which left open failed the next test on its collection)
                self.log.close()
                said = Path(self.log.name).read_text(encoding="utf-8")[-2000:]
                raise RuntimeError(f"hub exited with {self.proc.returncode}: {said}")
            try:
                httpx.get(self.url + "/api/state", timeout=0.5)
                return self
            except httpx.TransportError:
                time.sleep(0.05)
        raise TimeoutError("hub did not start")

    def kill9(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
            self.log.close()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.log.close()

    def post(self, path: str, body: Any) -> httpx.Response:
        return httpx.post(
            self.url + path, json=body, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=10
        )

    def get(self, path: str) -> Any:
        return httpx.get(self.url + path, timeout=10).json()
