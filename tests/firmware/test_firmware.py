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
