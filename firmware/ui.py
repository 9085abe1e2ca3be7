"""The pad's outputs: OLED text, the WS2812 status LED and the buzzer, fed by ``padcore.Screen``.

``Ui.run()`` is the display task: it redraws only when the screen's version changes, scrolls
lines longer than the 16 characters the built-in 8x8 font fits on 128 pixels (the protocol
allows 21), draws a character the font lacks (not printable ASCII) as one "?", blinks the LED
on errors and sounds the buzzer for a ``show`` with ``beep``.
Drivers are passed in (``oled``: a framebuf-like object with ``show()``; ``led``: a NeoPixel
of one pixel; ``buzzer``: a PWM), each optional, so the logic runs with fakes off the board.
"""

import asyncio

from micropython import const

import padcore

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_FRAME_MS = const(100)
_COLS = const(16)  # 8x8 font on 128 px
_LINE_H = const(12)
_TOP = const(14)  # below the status bar
_BEEP_MS = const(80)
_BEEP_HZ = const(2000)
_SCROLL_PAUSE = const(8)  # frames a long line rests at each end
_NOTICE_TOP = const(10)  # the pad's own messages: 6 lines of 8 px glyphs, 1 px apart
_NOTICE_H = const(9)
_NOTICE_ROWS = const(6)

# LED colour per `led` state, (r, g, b) kept dim: the pad sits beside the player's hands
COLOURS = {
    "idle": (8, 8, 8),
    "turn": (0, 40, 0),
    "error": (48, 0, 0),
    "win": (40, 28, 0),
    "off": (0, 0, 0),
}


def led_colour(led: str, frame: int) -> "tuple[int, int, int]":
    """The LED colour for a state at animation frame ``frame`` (errors blink at 2.5 Hz)."""
    colour = COLOURS.get(led, COLOURS["error"])
    if led == "error" and (frame // 2) % 2:
        return COLOURS["off"]
    return colour


def window(text: str, frame: int) -> str:
    """The part of ``text`` visible at ``frame``: long lines scroll, pausing at both ends."""
    extra = len(text) - _COLS
    if extra <= 0:
        return text
    period = 2 * (extra + _SCROLL_PAUSE)
    step = frame % period
    if step < _SCROLL_PAUSE:
        start = 0
    elif step < _SCROLL_PAUSE + extra:
        start = step - _SCROLL_PAUSE
    elif step < 2 * _SCROLL_PAUSE + extra:
        start = extra
    else:
        start = period - step
    return text[start : start + _COLS]


def printable(text: str) -> str:
    """``text`` as the 8x8 font can draw it: each character outside printable ASCII as one "?".

    ``framebuf.text`` draws every UTF-8 byte as a checkered block, three for a Chinese character,
    shifting the rest of the line; the hub sends ASCII, this keeps any other text legible.
    """
    for c in text:
        if not " " <= c <= "~":
            return "".join(c if " " <= c <= "~" else "?" for c in text)
    return text


def status_bar(seat: int, link: int, pending: int) -> str:
    """The top line: seat, link state and the number of unacked presses."""
    state = ("ok", "ERR", "LOST")[link] if 0 <= link <= 2 else "?"
    if pending:
        return "seat %d %s q%d" % (seat, state, pending)
    return "seat %d %s" % (seat, state)


def wrap(text: str, rows: int) -> "list[str]":
    """``text`` broken at spaces into at most ``rows`` lines of ``_COLS`` characters; a word
    longer than a line is cut across lines, and what does not fit is left off."""
    lines: "list[str]" = []
    line = ""
    for word in text.split(" "):
        while len(word) > _COLS:  # a path or a long value: cut it rather than lose it whole
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:_COLS])
            word = word[_COLS:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= _COLS:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines[:rows]


def notice(oled: "Any", led: "Any", title: str, text: str) -> "list[str]":
    """Show a message of the pad's own (a bad config) with the LED steady red, for when there
    is no hub to show anything: the title where the status bar goes, the text wrapped below at
    a tighter pitch than the hub's lines, so 6 lines (96 characters) fit. Returns the lines."""
    shown = [title[:_COLS]] + wrap(printable(text), _NOTICE_ROWS)
    if oled is not None:
        oled.fill(0)
        oled.text(shown[0], 0, 0, 1)
        for i in range(1, len(shown)):
            oled.text(shown[i], 0, _NOTICE_TOP + (i - 1) * _NOTICE_H, 1)
        oled.show()
    if led is not None:
        led[0] = COLOURS["error"]
        led.write()
    return shown


class Ui:
    def __init__(
        self, pad: "padcore.Pad", oled: "Any" = None, led: "Any" = None, buzzer: "Any" = None
    ) -> None:
        self.pad = pad
        self.oled = oled
        self.led = led
        self.buzzer = buzzer
        self.frame = 0
        self._drawn = -1
        self._beeped = 0
        self.beeps = 0

    def beep(self) -> None:
        self.beeps += 1
        if self.buzzer is not None:
            self.buzzer.freq(_BEEP_HZ)
            self.buzzer.duty_u16(32768)

    def quiet(self) -> None:
        if self.buzzer is not None:
            self.buzzer.duty_u16(0)

    def draw(self) -> "list[str]":
        """Render one frame; return the text lines drawn (status bar first)."""
        screen = self.pad.screen
        lines, led = screen.view()
        top = status_bar(self.pad.seat, screen.link, self.pad.sender.presses())
        shown = [top]
        for line in lines:
            shown.append(window(printable(line), self.frame))
        oled = self.oled
        if oled is not None:
            oled.fill(0)
            oled.text(top, 0, 0, 1)
            oled.hline(0, 10, 128, 1)
            for i in range(1, len(shown)):
                oled.text(shown[i], 0, _TOP + (i - 1) * _LINE_H, 1)
            oled.show()
        if self.led is not None:
            self.led[0] = led_colour(led, self.frame)
            self.led.write()
        return shown

    def step(self) -> bool:
        """One frame of the display task; True when something was redrawn."""
        screen = self.pad.screen
        if screen.beeps != self._beeped:
            self.beep()
            self._beeped = screen.beeps
        animate = screen.link != padcore.LINK_OK or screen.led == "error"
        for line in screen.lines:  # no allocation per frame: no view(), no generator
            if len(line) > _COLS:
                animate = True
        redraw = screen.version != self._drawn or animate
        if redraw:
            self.draw()
            self._drawn = screen.version
        self.frame += 1
        return redraw

    async def run(self) -> None:
        while True:
            self.step()
            await asyncio.sleep_ms(_BEEP_MS)
            self.quiet()
            await asyncio.sleep_ms(_FRAME_MS - _BEEP_MS)
