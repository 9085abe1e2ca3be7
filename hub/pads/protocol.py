"""Seat-pad wire protocol v1: the one codec, for the hub (CPython) and the pad (MicroPython).

This file is the contract of ``shared/spec/pad-protocol.md`` in code. It is pure (no I/O, no
clock) and runs unchanged on both interpreters: it imports only ``json`` and ``binascii`` or
``zlib``, and uses no ``from __future__``/``typing`` at run time (MicroPython has neither).
``firmware/protocol.py`` is a symbolic link to this file, and ``tiengow flash`` copies this file
to the board as ``protocol.py``, so the hub and the pads share one codec.

A message is a ``dict`` with the envelope fields ``v``, ``seat``, ``t`` (and, pad to hub,
``seq`` and ``boot``). ``decode`` checks the envelope and the fields of every known type and
raises ``ProtocolError`` on anything else; unknown types pass (a receiver ignores them).
"""

import binascii
import json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    Message = dict[str, Any]

VERSION = 1
SEATS = 4
MAX_LINE = 512  # bytes of one serial line, including "*<crc>\n"
MAX_LINES = 4  # lines of a `show`
MAX_CHARS = 21  # characters of one `show` line
MAX_BOOT = 0xFFFFFFFF

# message types, pad -> hub
HELLO = "hello"
BTN = "btn"
TILE = "tile"
HB = "hb"
# message types, hub -> pad
ACK = "ack"
SHOW = "show"
WELCOME = "welcome"

PAD_TYPES = (HELLO, BTN, TILE, HB)
HUB_TYPES = (ACK, SHOW, WELCOME)

BUTTONS = ("play", "discard", "undo", "ok", "forfeit", "menu")
LEDS = ("idle", "turn", "error", "win", "off")
CAPS = ("btn", "led", "oled", "nfc", "buzzer")
_HEX = "0123456789abcdefABCDEF"


class ProtocolError(ValueError):
    """A frame or message that breaks protocol v1; the message says what and why."""


def _int(msg: "Message", key: str, low: int, high: int) -> int:
    value = msg.get(key)
    # bool is an int in Python; the protocol's integers are never true/false
    if type(value) is not int or value < low or value > high:
        raise ProtocolError("field %r must be an integer %d..%d, got %r" % (key, low, high, value))
    return value


def _str(msg: "Message", key: str, limit: int) -> str:
    value = msg.get(key)
    if type(value) is not str or len(value) > limit:
        raise ProtocolError(
            "field %r must be a string of at most %d characters, got %r" % (key, limit, value)
        )
    return value


def _one_of(msg: "Message", key: str, allowed: tuple[str, ...]) -> str:
    value = msg.get(key)
    if value not in allowed:
        raise ProtocolError("field %r must be one of %r, got %r" % (key, allowed, value))
    return str(value)


def _check_hello(msg: "Message") -> None:
    # any string: the page sets no length, the message's own limit bounds them (a pad may
    # send its whole MicroPython banner)
    _str(msg, "fw", MAX_LINE)
    _str(msg, "hw", MAX_LINE)
    caps = msg.get("caps")
    if type(caps) is not list or len(caps) > 16:
        raise ProtocolError("field 'caps' must be a list of strings, got %r" % (caps,))
    for cap in caps:
        if type(cap) is not str:
            raise ProtocolError("field 'caps' must hold strings %r, got %r" % (CAPS, cap))


def _check_btn(msg: "Message") -> None:
    _one_of(msg, "b", BUTTONS)


def _check_tile(msg: "Message") -> None:
    uid = _str(msg, "uid", 64)
    if not uid or len(uid) % 2:
        raise ProtocolError("field 'uid' must be an even number of hex digits, got %r" % uid)
    for ch in uid:
        if ch not in _HEX:
            raise ProtocolError("field 'uid' must be hex digits only, got %r" % uid)


def _check_none(msg: "Message") -> None:
    pass


def _check_ack(msg: "Message") -> None:
    _int(msg, "ack", 1, 0x7FFFFFFF)
    _int(msg, "boot", 0, MAX_BOOT)


def _check_show(msg: "Message") -> None:
    lines = msg.get("lines")
    if type(lines) is not list or len(lines) > MAX_LINES:
        raise ProtocolError(
            "field 'lines' must be a list of at most %d strings, got %r" % (MAX_LINES, lines)
        )
    for line in lines:
        if type(line) is not str or len(line) > MAX_CHARS:
            raise ProtocolError(
                "each of 'lines' must be a string of at most %d characters, got %r"
                % (MAX_CHARS, line)
            )
    _one_of(msg, "led", LEDS)
    _int(msg, "beep", 0, 1)


def _check_welcome(msg: "Message") -> None:
    table = _str(msg, "table", 64)
    if not is_table_id(table):
        raise ProtocolError("field 'table' must be letters, digits and '-', got %r" % (table,))


_CHECKS = {
    HELLO: _check_hello,
    BTN: _check_btn,
    TILE: _check_tile,
    HB: _check_none,
    ACK: _check_ack,
    SHOW: _check_show,
    WELCOME: _check_welcome,
}


def is_table_id(table: str) -> bool:
    """True when ``table`` is a valid table id: letters, digits and ``-``, not empty."""
    if not table or len(table) > 64:
        return False
    for ch in table:
        if not (ch.isalpha() or ch.isdigit() or ch == "-") or ord(ch) > 127:
            return False
    return True


def validate(msg: "Message", to_pad: bool = False) -> "Message":
    """Check a decoded message's envelope and known fields; return it or raise ProtocolError.
    ``to_pad``: the receiver is a pad, so a type it does not know is a newer hub's, with no
    ``seq`` or ``boot`` (only pad -> hub messages carry them)."""
    if type(msg) is not dict:
        raise ProtocolError("a message must be a JSON object, got %r" % (msg,))
    if msg.get("v") != VERSION or type(msg.get("v")) is not int:
        raise ProtocolError("field 'v' must be %d, got %r" % (VERSION, msg.get("v")))
    _int(msg, "seat", 0, SEATS - 1)
    kind = msg.get("t")
    if type(kind) is not str or not kind:
        raise ProtocolError("field 't' must be a message type string, got %r" % (kind,))
    if kind in PAD_TYPES or (kind not in HUB_TYPES and not to_pad):
        # pad -> hub messages carry seq and boot; so does one of a type the hub does not
        # know (a newer pad's), which it acks and ignores
        _int(msg, "seq", 1, 0x7FFFFFFF)
        _int(msg, "boot", 0, MAX_BOOT)
    check = _CHECKS.get(kind)
    if check is not None:
        check(msg)
    return msg


def encode(msg: "Message") -> bytes:
    """The compact JSON bytes of a message (validated first)."""
    return json.dumps(validate(msg), separators=(",", ":")).encode()


def decode(data: bytes, to_pad: bool = False) -> "Message":
    """Parse and validate the JSON bytes of one message (an MQTT payload, a serial frame body);
    ``to_pad``: see ``validate``. No length limit here: the page sets 512 bytes for a serial
    line only (``unframe`` checks it), so an MQTT payload may be longer (optional fields)."""
    try:
        msg = json.loads(data)
    except (ValueError, UnicodeError) as exc:
        raise ProtocolError("message is not JSON (%s): %r" % (exc, bytes(data[:80]))) from None
    return validate(msg, to_pad)


def _soft_crc32(data: bytes) -> int:
    """Bitwise CRC-32 (IEEE), for a MicroPython build without ``binascii.crc32``."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


_crc32 = getattr(binascii, "crc32", None) or _soft_crc32


def crc_hex(payload: bytes) -> bytes:
    """CRC-32 (IEEE) of ``payload`` as 8 lowercase hex digits."""
    return b"%08x" % (_crc32(payload) & 0xFFFFFFFF)


def frame(payload: bytes) -> bytes:
    """One serial line for ``payload``: ``<json>*<crc>\\n``."""
    line = payload + b"*" + crc_hex(payload) + b"\n"
    if len(line) > MAX_LINE:
        raise ProtocolError(
            "frame of %d bytes exceeds the %d-byte line limit" % (len(line), MAX_LINE)
        )
    return line


def unframe(line: bytes) -> bytes:
    """The JSON bytes of one serial line (``\\n`` or ``\\r\\n`` optional), after the CRC check."""
    if len(line) > MAX_LINE:
        raise ProtocolError("line of %d bytes exceeds the %d-byte limit" % (len(line), MAX_LINE))
    line = line.rstrip(b"\r\n")
    star = line.rfind(b"*")
    if star < 0 or len(line) - star != 9:
        raise ProtocolError("line does not end in '*' and 8 hex digits: %r" % (bytes(line[-40:]),))
    payload = line[:star]
    want = line[star + 1 :]
    got = crc_hex(payload)
    if want != got:
        raise ProtocolError("CRC mismatch: line says %r, payload gives %r" % (want, got))
    return payload


def decode_line(line: bytes) -> "Message":
    """Check the CRC of one serial line and decode its message."""
    return decode(unframe(line))


def encode_line(msg: "Message") -> bytes:
    """A message as one serial line."""
    return frame(encode(msg))


# builders: one per message type, so callers never spell field names


def hello(seat: int, boot: int, seq: int, fw: str, hw: str, caps: "list[str]") -> "Message":
    return {
        "v": VERSION,
        "seat": seat,
        "t": HELLO,
        "seq": seq,
        "boot": boot,
        "fw": fw,
        "hw": hw,
        "caps": caps,
    }


def btn(seat: int, boot: int, seq: int, button: str) -> "Message":
    return {"v": VERSION, "seat": seat, "t": BTN, "seq": seq, "boot": boot, "b": button}


def tile(seat: int, boot: int, seq: int, uid: str) -> "Message":
    return {"v": VERSION, "seat": seat, "t": TILE, "seq": seq, "boot": boot, "uid": uid}


def hb(seat: int, boot: int, seq: int) -> "Message":
    return {"v": VERSION, "seat": seat, "t": HB, "seq": seq, "boot": boot}


def ack(seat: int, boot: int, seq: int) -> "Message":
    return {"v": VERSION, "seat": seat, "t": ACK, "ack": seq, "boot": boot}


def show(seat: int, lines: "list[str]", led: str, beep: int) -> "Message":
    return {"v": VERSION, "seat": seat, "t": SHOW, "lines": lines, "led": led, "beep": beep}


def welcome(seat: int, table: str) -> "Message":
    return {"v": VERSION, "seat": seat, "t": WELCOME, "table": table}


def topic(table: str, seat: int, leaf: str) -> str:
    """The MQTT topic ``tiengow/<table>/seat/<seat>/<leaf>`` (leaf: up, down, online)."""
    return "tiengow/%s/seat/%d/%s" % (table, seat, leaf)
