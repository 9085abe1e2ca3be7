"""A small SSD1306 128x64 I2C driver on ``framebuf``: one frame buffer, buffers kept for life.

Like micropython-lib's ``ssd1306`` but trimmed to what the pad needs, with the command buffer
and the write list preallocated so ``show()`` allocates nothing.
"""

import framebuf
from micropython import const

_ADDR = const(0x3C)
_WIDTH = const(128)
_HEIGHT = const(64)
_SET_CONTRAST = const(0x81)
_DISPLAY_ALL_ON_RESUME = const(0xA4)
_NORMAL_DISPLAY = const(0xA6)
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_MEMORY_MODE = const(0x20)
_COLUMN_ADDR = const(0x21)
_PAGE_ADDR = const(0x22)
_START_LINE = const(0x40)
_SEG_REMAP = const(0xA1)
_MUX_RATIO = const(0xA8)
_COM_SCAN_DEC = const(0xC8)
_DISPLAY_OFFSET = const(0xD3)
_COM_PINS = const(0xDA)
_CLOCK_DIV = const(0xD5)
_PRECHARGE = const(0xD9)
_VCOM_DESELECT = const(0xDB)
_CHARGE_PUMP = const(0x8D)
_CMD = const(0x80)
_DATA = const(0x40)

_INIT = (
    _DISPLAY_OFF, _MEMORY_MODE, 0x00, _START_LINE, _SEG_REMAP, _MUX_RATIO, _HEIGHT - 1,
    _COM_SCAN_DEC, _DISPLAY_OFFSET, 0x00, _COM_PINS, 0x12, _CLOCK_DIV, 0x80, _PRECHARGE, 0xF1,
    _VCOM_DESELECT, 0x30, _SET_CONTRAST, 0x7F, _DISPLAY_ALL_ON_RESUME, _NORMAL_DISPLAY,
    _CHARGE_PUMP, 0x14, _DISPLAY_ON,
)  # fmt: skip


class Oled(framebuf.FrameBuffer):
    def __init__(self, i2c: "object", addr: int = _ADDR) -> None:
        self.i2c = i2c
        self.addr = addr
        self.buffer = bytearray(_WIDTH * _HEIGHT // 8)
        super().__init__(self.buffer, _WIDTH, _HEIGHT, framebuf.MONO_VLSB)
        self._cmd = bytearray(2)
        self._cmd[0] = _CMD
        self._data = [b"\x40", self.buffer]  # the write list: control byte, then the pixels
        for c in _INIT:
            self.command(c)
        self.fill(0)
        self.show()

    def command(self, c: int) -> None:
        self._cmd[1] = c
        self.i2c.writeto(self.addr, self._cmd)  # type: ignore[attr-defined]

    def show(self) -> None:
        for c in (_COLUMN_ADDR, 0, _WIDTH - 1, _PAGE_ADDR, 0, _HEIGHT // 8 - 1):
            self.command(c)
        self.i2c.writevto(self.addr, self._data)  # type: ignore[attr-defined]
