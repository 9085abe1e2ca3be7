"""A minimal PN532 reader over I2C: wake it, then ask for one ISO 14443A tag now and then.

Only what the pad needs (SAMConfiguration, InListPassiveTarget). Frames are built and parsed
by pure functions (``frame``, ``parse_uid``), tested off the board with a fake bus.
"""

import asyncio

from micropython import const

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable

_ADDR = const(0x24)
_HOST_TO_PN532 = const(0xD4)
_PN532_TO_HOST = const(0xD5)
_SAM_CONFIGURATION = const(0x14)
_IN_LIST_PASSIVE_TARGET = const(0x4A)
_READY = const(0x01)
_POLL_MS = const(250)
_ANSWER_MS = const(60)
_SAME_TAG_MS = const(2000)  # a tag left on the reader is reported once, not every poll


def frame(command: int, params: bytes = b"") -> bytes:
    """A PN532 information frame: preamble, length, LCS, TFI, data, DCS, postamble."""
    data = bytes((_HOST_TO_PN532, command)) + params
    length = len(data)
    dcs = (-sum(data)) & 0xFF
    return bytes((0x00, 0x00, 0xFF, length, (-length) & 0xFF)) + data + bytes((dcs, 0x00))


def parse_uid(answer: "bytes | bytearray") -> "str | None":
    """The tag uid (hex) in an InListPassiveTarget answer read over I2C, or None."""
    # I2C answers start with the status byte, then 00 00 FF LEN LCS D5 4B NbTg Tg SENS_RES(2)
    # SEL_RES NFCIDLength NFCID...
    start = bytes(answer).find(b"\x00\x00\xff")
    if start < 0 or len(answer) < start + 6:
        return None
    length = answer[start + 3]
    if (length + answer[start + 4]) & 0xFF:
        return None
    body = answer[start + 5 : start + 5 + length]
    if len(body) < 3 or body[0] != _PN532_TO_HOST or body[1] != _IN_LIST_PASSIVE_TARGET + 1:
        return None
    if body[2] < 1 or len(body) < 9:
        return None
    uid_len = body[7]
    uid = body[8 : 8 + uid_len]
    if len(uid) != uid_len or not uid_len:
        return None
    return "".join("%02x" % b for b in uid)


class Nfc:
    def __init__(self, i2c: "Any", on_tag: "Callable[[str], Any]", addr: int = _ADDR) -> None:
        self.i2c = i2c
        self.addr = addr
        self._on_tag = on_tag
        self._answer = bytearray(32)
        self._status = bytearray(1)
        self._last = ""
        self._last_at = 0
        self.tags = 0

    def _ready(self) -> bool:
        self.i2c.readfrom_into(self.addr, self._status)
        return self._status[0] == _READY

    async def _ask(self, command: int, params: bytes) -> "bytearray | None":
        self.i2c.writeto(self.addr, frame(command, params))
        waited = 0
        while not self._ready():  # the ACK frame
            if waited >= _ANSWER_MS:
                return None
            await asyncio.sleep_ms(5)
            waited += 5
        self.i2c.readfrom_into(self.addr, self._answer)  # status + ACK (discarded)
        waited = 0
        while not self._ready():
            if waited >= _ANSWER_MS:
                return None
            await asyncio.sleep_ms(5)
            waited += 5
        self.i2c.readfrom_into(self.addr, self._answer)
        return self._answer

    def seen(self, uid: "str | None", now: int, ticks_diff: "Callable[[int, int], int]") -> bool:
        """Report ``uid`` unless it is the tag just reported; True when reported."""
        if uid is None:
            return False
        if uid == self._last and ticks_diff(now, self._last_at) < _SAME_TAG_MS:
            self._last_at = now
            return False
        self._last = uid
        self._last_at = now
        self.tags += 1
        self._on_tag(uid)
        return True

    async def run(self) -> None:
        import padcore

        configured = False
        while True:
            try:
                if not configured:  # normal mode, 1 s timeout, IRQ
                    answer = await self._ask(_SAM_CONFIGURATION, b"\x01\x14\x01")
                    configured = answer is not None
                else:
                    answer = await self._ask(_IN_LIST_PASSIVE_TARGET, b"\x01\x00")
                    now = padcore.now_ms()
                    self.seen(parse_uid(answer) if answer else None, now, padcore.ticks_diff)
            except OSError:
                # unplugged, a loose wire, busy: the reader is optional, so the pad goes on
                # without it (an error out of this task would reset the pad for ever after),
                # and sets it up again when it answers (a PN532 powered up again starts asleep)
                configured = False
            await asyncio.sleep_ms(_POLL_MS)
