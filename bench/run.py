"""`make bench`: run every benchmark in this folder and print its figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    failed = 0
    for script in sorted(HERE.glob("*.py")):
        if script.name in ("run.py", "__init__.py"):
            continue
        print(f"== {script.name}", flush=True)
        failed |= subprocess.run([sys.executable, str(script)], check=False).returncode
    return failed


if __name__ == "__main__":
    sys.exit(main())
