"""`make bench`: run every benchmark in this folder and print its figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: tools, not benchmarks: each reads what it is given (recognition_folder.py: a folder of
#: an outside renderer's pictures, which `make bench` does not have)
NOT_RUN = ("run.py", "__init__.py", "recognition_folder.py")


def main() -> int:
    failed = 0
    for script in sorted(HERE.glob("*.py")):
        if script.name in NOT_RUN:
            continue
        print(f"== {script.name}", flush=True)
        failed |= subprocess.run([sys.executable, str(script)], check=False).returncode
    return failed


if __name__ == "__main__":
    sys.exit(main())
