"""`tiengow mat --out mat.pdf`: the printable play mat (A1, then A4 sheets to tile it)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..matpdf import write_mat


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=Path("mat.pdf"), help="the PDF to write")


def run(args: argparse.Namespace) -> int:
    pages = write_mat(args.out)
    print(f"wrote {args.out}: the A1 mat and {pages - 1} A4 sheets")
    return 0
