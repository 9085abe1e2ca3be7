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


@pytest.mark.parametrize("script", ["mp_protocol", "mp_padcore", "mp_devices"])
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
    env = dict(os.environ, MICROPYPATH=f".frozen:{FIRMWARE}:{MP_TESTS}")
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
