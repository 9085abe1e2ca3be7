# The codec on the MicroPython unix port: the same file the hub imports (firmware/protocol.py).
import sys

import protocol
from harness import check, raises, run


def test_round_trip_every_type():
    msgs = [
        protocol.hello(0, 1, 1, "1.0", "esp32s3", ["btn", "oled"]),
        protocol.btn(1, 4294967295, 2, "discard"),
        protocol.tile(2, 5, 3, "04a1b2c3"),
        protocol.hb(3, 0, 4),
        protocol.ack(3, 7, 4),
        protocol.show(0, ["one", "x" * 21], "turn", 1),
        protocol.welcome(2, "club-7"),
    ]
    for m in msgs:
        check(protocol.decode_line(protocol.encode_line(m)) == m, "round trip %r" % (m,))


def test_crc_is_ieee():
    check(protocol.crc_hex(b"123456789") == b"cbf43926", "crc check value")
    check(protocol._soft_crc32(b"123456789") == 0xCBF43926, "soft crc check value")


def test_lines_from_cpython_decode_here():
    # argv[1]: a file of serial lines written by CPython's encode_line
    with open(sys.argv[1], "rb") as f:
        lines = f.read().split(b"\n")
    n = 0
    for line in lines:
        if line:
            protocol.decode_line(line + b"\n")
            n += 1
    check(n >= 7, "decoded %d CPython lines" % n)


def test_errors_are_protocol_errors():
    raises(protocol.ProtocolError, protocol.decode_line, b"garbage\n")
    raises(protocol.ProtocolError, protocol.decode, b'{"v":1,"seat":9,"t":"hb","seq":1,"boot":0}')
    raises(protocol.ProtocolError, protocol.decode, b'{"v":1,"seat":0,"t":"btn","seq":1,"boot":0,"b":"x"}')
    raises(protocol.ProtocolError, protocol.decode, b"{")
    e = raises(protocol.ProtocolError, protocol.decode, b'{"v":1,"seat":0,"t":"hb","seq":true,"boot":0}')
    check("seq" in str(e), "message names the field: %s" % e)
    check(isinstance(e, ValueError), "ProtocolError is a ValueError")


run(globals())
