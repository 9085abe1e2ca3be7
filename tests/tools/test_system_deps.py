"""`tools/system-deps.sh`, the first step of `make demo` and `make test`: on a fresh Debian or
Ubuntu machine it installs what is missing (README "Two commands"), run here against fake
`dpkg`, `apt-get` and `apt-cache` so that nothing is installed."""

from __future__ import annotations

import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "tools" / "system-deps.sh"

# a machine with nothing installed whose apt sources lack `chromium`, as on Ubuntu (there the
# browser is the snap behind `chromium-browser`): apt-get fails on a package it cannot locate
FAKES = {
    "id": "#!/bin/sh\necho 0\n",
    "dpkg": "#!/bin/sh\nexit 1\n",
    "apt-cache": (
        "#!/bin/sh\n"
        '[ "$1" = policy ] || exit 0\n'
        '[ "$2" = chromium ] && exit 0\n'
        'printf "%s:\\n  Installed: (none)\\n  Candidate: 1.0-1\\n" "$2"\n'
    ),
    "apt-get": (
        "#!/bin/sh\n"
        'echo "$@" >> "$APT_LOG"\n'
        'for a in "$@"; do\n'
        '  [ "$a" = chromium ] && { echo "E: Unable to locate package chromium" >&2; exit 100; }\n'
        "done\n"
        "exit 0\n"
    ),
}


def test_setup_on_a_machine_without_a_chromium_package_installs_the_rest(tmp_path: Path) -> None:
    """Ubuntu has no `chromium` package: setup still installs mosquitto, the fonts and the rest,
    says that the browser tests will be skipped, and goes on (exit 0) instead of stopping
    `make demo` at apt-get's "Unable to locate package"."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in FAKES.items():
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    log = tmp_path / "apt.log"
    run = subprocess.run(
        ["sh", str(SCRIPT)],
        env={"PATH": f"{bin_dir}:/usr/bin:/bin", "APT_LOG": str(log)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    install = [line.split() for line in log.read_text().splitlines() if "install" in line]
    assert len(install) == 1
    assert {"python3-venv", "mosquitto", "openscad", "fonts-noto-cjk"} <= set(install[0])
    assert "chromium" not in install[0]
    assert "chromium" in run.stdout + run.stderr and "skip" in run.stdout + run.stderr
