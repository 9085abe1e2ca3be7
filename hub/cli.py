"""The `tiengow` command: the one composition root.

Each subcommand lives in its own module that defines ``configure(parser)`` and
``run(args) -> int``; this file only lists them, so adding a command never
touches another command's code, and heavy imports (OpenCV, Starlette) happen
only for the command that needs them.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import io
import os
import select
import sys
from collections.abc import Sequence

from hub.allocator import keep_freed_memory

# name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "referee": ("hub.commands.referee", "referee a transcript and print its result"),
    "selfplay": ("hub.commands.selfplay", "play random legal hands and report the speed"),
    "rules": ("hub.commands.rules", "print the house rules in force, in plain words"),
    "demo": ("hub.commands.demo", "a whole simulated table, no hardware needed"),
    "recognize": ("vision.commands.recognize", "recognise the tiles in still images"),
    "mat": ("vision.commands.mat", "write the printable play mat as a PDF"),
    "calibrate": ("vision.commands.calibrate", "find the mat with a real camera"),
    "pad-sim": ("hub.commands.pad_sim", "a simulated seat pad over serial or MQTT"),
    "broker-config": ("hub.commands.broker_config", "write a mosquitto configuration"),
    "flash": ("hub.commands.flash", "copy the firmware and a seat's config to a board"),
    "hub": ("hub.commands.hub", "run the live table"),
    "export": ("hub.commands.export", "print a ledger's session as a transcript"),
}


def _available() -> dict[str, tuple[str, str]]:
    """Commands whose module exists in this checkout."""
    found = {}
    for name, (module, help_text) in COMMANDS.items():
        if importlib.util.find_spec(module) is not None:
            found[name] = (module, help_text)
    return found


def _utf8_stdio() -> None:
    """Standard input and output in UTF-8, whatever the locale.

    Transcripts, results and exports are JSON, which programs exchange in UTF-8 (RFC 8259
    §8.1); in the locale's encoding a transcript piped in with Chinese seat or tile names was
    refused, and a result naming them crashed on printing (a traceback and exit 1, the status
    of an illegal event). Files are already read as UTF-8. stderr keeps the terminal's
    encoding: it is for a person."""
    for stream in (sys.stdin, sys.stdout):
        if isinstance(stream, io.TextIOWrapper) and stream.encoding.lower() not in (
            "utf-8",
            "utf8",
        ):
            stream.reconfigure(encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    _utf8_stdio()
    # (a picture's reading makes and frees frame-sized arrays by the hundred: kept for the
    # next rather than handed back to the system and faulted in again, zeroed, a page at a
    # time, half the time of a plain photo's reading; light, and harmless to the rest)
    keep_freed_memory()
    parser = argparse.ArgumentParser(prog="tiengow", description="Tien Gow Table (天九桌)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (module, help_text) in _available().items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        importlib.import_module(module).configure(p)
        p.set_defaults(_module=module)
    args = parser.parse_args(argv)
    try:
        result: int = importlib.import_module(args._module).run(args)
    except BrokenPipeError:
        if not _stdout_closed():  # another pipe or socket: not ours to hush
            raise
        # the reader of our output stopped (`tiengow recognize --json ... | head -n 1`): stop
        # quietly, as a command killed by SIGPIPE does, and keep Python from complaining
        # again when it flushes stdout at exit
        with contextlib.suppress(OSError, ValueError):  # (unless stdout is no file)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + 13  # SIGPIPE
    return result


def _stdout_closed() -> bool:
    """Has the reader of stdout gone (a pipe whose other end is closed polls as an error)?"""
    try:
        poll = select.poll()
        poll.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & select.POLLERR for _, events in poll.poll(0))
    except (AttributeError, OSError, ValueError):  # no poll() here, or no stdout file
        return True


if __name__ == "__main__":
    sys.exit(main())
