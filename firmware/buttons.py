"""Debounced buttons, by polling (no interrupts): a change counts once it reads the same twice.

Takes pin-like objects (anything with ``value()``), so it runs on CPython and the MicroPython
unix port with fakes. ``scan()`` is the pure step; ``run()`` is the asyncio task that calls it
every ``poll_ms``. No allocation per scan: the states live in preallocated bytearrays.
"""

import asyncio

from micropython import const

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable

_DEFAULT_POLL_MS = const(20)


class Buttons:
    def __init__(
        self,
        pins: "list[Any]",
        names: "tuple[str, ...]",
        on_press: "Callable[[str], Any]",
        active_low: bool = True,
        poll_ms: int = _DEFAULT_POLL_MS,
    ) -> None:
        if len(pins) != len(names):
            raise ValueError("%d pins for %d button names %r" % (len(pins), len(names), names))
        if poll_ms < 5 or poll_ms > 100:
            raise ValueError("poll_ms must be 5..100, got %r" % (poll_ms,))
        self._pins = pins
        self.names = names
        self._on_press = on_press
        self._sense = 0 if active_low else 1  # the pin level that means "pressed"
        self.poll_ms = poll_ms
        n = len(pins)
        self._stable = bytearray(n)  # debounced state, 1 = pressed
        self._last = bytearray(n)  # previous raw reading
        self.presses = 0

    def raw(self, i: int) -> int:
        return 1 if self._pins[i].value() == self._sense else 0

    def scan(self) -> int:
        """Read every pin once; report each new press; return how many there were."""
        found = 0
        stable = self._stable
        last = self._last
        for i in range(len(stable)):
            now = self.raw(i)
            if now == last[i] and now != stable[i]:
                stable[i] = now
                if now:
                    found += 1
                    self.presses += 1
                    self._on_press(self.names[i])
            last[i] = now
        return found

    def pressed(self, i: int) -> bool:
        return self._stable[i] == 1

    async def run(self) -> None:
        while True:
            self.scan()
            await asyncio.sleep_ms(self.poll_ms)
