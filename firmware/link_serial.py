"""Transport A on the pad: protocol frames over the USB CDC console (or a UART stream)."""

import asyncio
import sys

from micropython import const

import padcore
import protocol

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_TICK_MS = const(10)


class SerialLink:
    def __init__(self, pad: "padcore.Pad", stream_in: "Any" = None, stream_out: "Any" = None) -> None:
        self.pad = pad
        self._in = stream_in if stream_in is not None else sys.stdin.buffer
        self._out = stream_out if stream_out is not None else sys.stdout.buffer
        self.bad = 0
        self.alive = 0  # bumped by each loop, watched by the watchdog task

    async def receive(self) -> None:
        reader = asyncio.StreamReader(self._in)
        while True:
            line = await reader.readline()
            self.alive += 1
            if not line:
                await asyncio.sleep_ms(_TICK_MS)
                continue
            try:
                payload = protocol.unframe(line)
            except protocol.ProtocolError:
                self.bad += 1
                continue
            self.pad.receive(payload, padcore.now_ms())

    async def send(self) -> None:
        self.pad.connected(padcore.now_ms())
        out = self._out
        while True:
            payload = self.pad.poll(padcore.now_ms())
            if payload is not None:
                out.write(protocol.frame(payload))
            self.alive += 1
            await asyncio.sleep_ms(_TICK_MS)
