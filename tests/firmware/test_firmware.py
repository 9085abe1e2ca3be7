"""The firmware: logic tests on the real MicroPython unix port, mpy-cross for both boards'
architectures, and mypy against each board's MicroPython stubs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hub.pads import protocol

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
MP_TESTS = Path(__file__).parent / "mp"
BIN = Path(sys.executable).parent
STUBS = ROOT / ".venv" / "stubs"
SOURCES = sorted(FIRMWARE.glob("*.py"))


def tool(name: str) -> str:
    path = BIN / name
    if not path.exists():
        pytest.fail(f"{name} is not in {BIN}: `make setup` installs it (pip install -e '.[test]')")
    return str(path)


def test_the_firmware_codec_is_the_hubs_codec() -> None:
    for name in ("protocol.py", "padcore.py"):
        shared = FIRMWARE / name
        assert shared.resolve() == (ROOT / "hub" / "pads" / name).resolve(), shared
    assert len(SOURCES) >= 10


@pytest.mark.parametrize("script", ["mp_protocol", "mp_padcore", "mp_devices", "mp_link_mqtt"])
def test_firmware_logic_on_micropython(script: str, tmp_path: Path) -> None:
    lines = tmp_path / "lines.bin"
    msgs = [
        protocol.hello(0, 1, 1, "1.0", "esp32s3", ["btn"]),
        protocol.btn(1, 2, 2, "ok"),
        protocol.tile(2, 5, 3, "04a1"),
        protocol.hb(3, 0, 4),
        protocol.ack(3, 7, 4),
        protocol.show(0, ["a"], "win", 0),
        protocol.welcome(1, "t1"),
    ]
    lines.write_bytes(b"".join(protocol.encode_line(m) for m in msgs))
    env = dict(os.environ, MICROPYPATH=f".frozen:{FIRMWARE}:{MP_TESTS}:{MP_TESTS / 'fakes'}")
    run = subprocess.run(
        [tool("micropython"), str(MP_TESTS / f"{script}.py"), str(lines)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    out = run.stdout + run.stderr
    assert run.returncode == 0, out
    last = out.strip().splitlines()[-1]
    passed, failed = (int(part.split()[0]) for part in last.split(","))
    assert passed > 0 and failed == 0, out


@pytest.mark.parametrize("arch", ["xtensawin", "armv6m"])
def test_every_firmware_file_compiles_with_mpy_cross(arch: str, tmp_path: Path) -> None:
    for source in SOURCES:
        out = tmp_path / (source.stem + ".mpy")
        run = subprocess.run(
            [tool("mpy-cross"), f"-march={arch}", "-o", str(out), str(source)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert run.returncode == 0, f"{source.name} for {arch}: {run.stderr}"
        assert out.stat().st_size > 0


@pytest.mark.parametrize("board", ["esp32", "rp2"])
def test_firmware_type_checks_against_the_board_stubs(board: str) -> None:
    stubs = STUBS / board
    if not (stubs / "machine.pyi").exists():
        pytest.fail(f"no MicroPython stubs in {stubs}: `make setup` installs them")
    env = dict(os.environ, MYPYPATH=str(stubs))
    run = subprocess.run(
        [
            sys.executable, "-m", "mypy",
            "--config-file", str(Path(__file__).parent / "mypy-firmware.ini"),
            "--custom-typeshed-dir", str(stubs),
            *[s.name for s in SOURCES],
        ],
        cwd=FIRMWARE,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success" in run.stdout


def test_the_real_firmware_talks_to_the_hub_over_a_pty(tmp_path: Path) -> None:
    """firmware/main.py on the unix port (fake machine: scheduled button presses, no OLED)
    over a pty to SerialPad and PadIntake: presses arrive once, `show` lights the LED."""
    import pty
    import select
    import threading
    import time
    import tty

    from hub.pads.intake import PadEvent, PadIntake
    from hub.pads.serial_pads import SerialPad

    (tmp_path / "config.json").write_text('{"seat": 1, "transport": "serial"}')
    got: list[PadEvent] = []
    cond = threading.Condition()

    def sink(event: PadEvent) -> None:
        with cond:
            got.append(event)
            cond.notify_all()

    master, slave = pty.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    intake = PadIntake(sink)
    port = SerialPad(intake, 1, os.ttyname(slave), reopen_s=0.05).start()
    env = dict(
        os.environ,
        MICROPYPATH=f".frozen:{FIRMWARE}:{MP_TESTS / 'fakes'}",
        PAD_PRESSES="4@400,7@1100,6@1800",  # play, ok, undo (board_esp32s3 pins)
    )
    proc = subprocess.Popen(
        [tool("micropython"), str(FIRMWARE / "main.py")],
        cwd=tmp_path,
        stdin=master,
        stdout=master,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert proc.stderr is not None
    try:
        with cond:
            assert cond.wait_for(lambda: len(got) >= 3, 20), got
        assert [e.value for e in got] == ["play", "ok", "undo"]
        assert intake.presence(1).hw == "esp32s3" and intake.presence(1).fw == "1.0.0"
        intake.show(1, ["your turn"], "turn", 1)
        seen = b""
        deadline = time.monotonic() + 20
        fd = proc.stderr.fileno()
        while b"led 0,40,0" not in seen or b"beep" not in seen:
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            assert ready, f"no green LED and beep from the firmware: {seen[-400:]!r}"
            seen += os.read(fd, 4096)
        assert b"wdt 8000" in seen  # the watchdog task started
        assert intake.stats.applied == 3
    finally:
        proc.kill()
        proc.wait(10)
        proc.stderr.close()
        port.stop()
        os.close(master)
        os.close(slave)


def test_the_real_firmware_shows_a_bad_config_on_the_pad(tmp_path: Path) -> None:
    """firmware/main.py with a config.json it refuses: the reason on the REPL and the LED red,
    not a dark pad that looks switched off (a player has no REPL at the table)."""
    (tmp_path / "config.json").write_text('{"seat": 7, "transport": "serial"}')
    env = dict(os.environ, MICROPYPATH=f".frozen:{FIRMWARE}:{MP_TESTS / 'fakes'}")
    run = subprocess.run(
        [tool("micropython"), str(FIRMWARE / "main.py")],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    out = run.stdout + run.stderr
    assert "bad config" in out and "'seat' must be 0..3, got 7" in out, out
    assert "led 48,0,0" in out, out
    assert "wdt" not in out, out  # no watchdog: it would reset the pad over and over


def test_the_real_firmwares_frames_follow_the_page(tmp_path: Path) -> None:
    """firmware/main.py on the unix port, read by a hub written from pad-protocol.md alone
    (json and zlib, no project code): CRC-framed lines of at most 512 bytes, hello first with
    seq 1, the unacked message resent with the same seq and boot, the next only after the
    ack, a press as `btn`, and heartbeats while idle."""
    import json
    import pty
    import select
    import time
    import tty
    import zlib

    (tmp_path / "config.json").write_text('{"seat": 2, "transport": "serial"}')
    master, slave = pty.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    env = dict(
        os.environ,
        MICROPYPATH=f".frozen:{FIRMWARE}:{MP_TESTS / 'fakes'}",
        PAD_PRESSES="4@1500",  # play, once the hello is acked
    )
    proc = subprocess.Popen(
        [tool("micropython"), str(FIRMWARE / "main.py")],
        cwd=tmp_path, stdin=master, stdout=master, stderr=subprocess.DEVNULL, env=env,
    )  # fmt: skip
    buf = b""

    def next_frame(timeout: float = 10.0) -> tuple[bytes, dict[str, object], float]:
        nonlocal buf
        deadline = time.monotonic() + timeout
        line = b"pad: "
        while line.startswith(b"pad: "):  # its diagnostics share the console: a hub drops them
            while b"\n" not in buf:
                left = max(0.0, deadline - time.monotonic())
                ready, _, _ = select.select([slave], [], [], left)
                assert ready, f"no frame from the firmware; so far {buf!r}"
                buf += os.read(slave, 4096)
            line, buf = buf.split(b"\n", 1)
            line = line.removesuffix(b"\r")
        assert len(line) + 1 <= 512, line
        payload, star, crc = line.rpartition(b"*")
        assert star and crc == b"%08x" % zlib.crc32(payload), line
        return payload, json.loads(payload.decode("utf-8")), time.monotonic()

    def ack(msg: dict[str, object]) -> None:
        body = json.dumps({"v": 1, "seat": 2, "t": "ack", "ack": msg["seq"], "boot": msg["boot"]})
        os.write(slave, body.encode() + b"*%08x\n" % zlib.crc32(body.encode()))

    try:
        raw, hello, first_at = next_frame()
        assert hello["t"] == "hello" and hello["seq"] == 1 and hello["v"] == 1
        assert hello["seat"] == 2 and isinstance(hello["fw"], str) and isinstance(hello["hw"], str)
        boot = hello["boot"]
        assert type(boot) is int and 0 <= boot <= 0xFFFFFFFF
        caps = hello["caps"]
        assert isinstance(caps, list)
        assert set(caps) <= {"btn", "led", "oled", "nfc", "buzzer"}
        again, copy, again_at = next_frame()  # not acked: the same message, some 300 ms on
        assert again == raw and again_at - first_at > 0.2, (copy, again_at - first_at)
        ack(hello)
        seen: list[dict[str, object]] = []
        while not any(m["t"] == "btn" for m in seen) or seen[-1]["t"] != "hb":
            _, msg, _ = next_frame()
            assert msg["boot"] == boot and msg["seat"] == 2
            if seen and msg["seq"] == seen[-1]["seq"]:
                continue  # a copy sent before our ack arrived
            assert msg["seq"] == (seen[-1]["seq"] if seen else 1) + 1, (msg, seen)  # type: ignore[operator]
            seen.append(msg)
            ack(msg)
        assert [m["b"] for m in seen if m["t"] == "btn"] == ["play"]
    finally:
        proc.kill()
        proc.wait(10)
        os.close(master)
        os.close(slave)
