"""`tiengow mat --out mat.pdf`: the printable play mat (A1, then A4 sheets to tile it)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import RecognitionError
from ..matpdf import LANGS, write_mat


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=Path("mat.pdf"), help="the PDF to write")
    parser.add_argument(
        "--lang",
        choices=LANGS,
        default=LANGS[0],
        help="the zones' labels: Traditional or Simplified Chinese with English, or English "
        "(default: %(default)s)",
    )


def run(args: argparse.Namespace) -> int:
    try:
        pages = write_mat(args.out, lang=args.lang)
    except RecognitionError as e:  # the mat layout (vision/config/mat.toml) is broken
        print(f"tiengow mat: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(
            f"tiengow mat: cannot write {str(args.out)!r}: {e.strerror}; "
            "--out takes a writable PDF path",
            file=sys.stderr,
        )
        return 2
    print(f"wrote {args.out}: the A1 mat and {pages - 1} A4 sheets")
    return 0
