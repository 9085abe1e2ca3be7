"""The codec on CPython, and the serial decoder fuzzed: garbage never crashes the hub."""

from __future__ import annotations

import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hub.pads import protocol
from hub.pads.intake import PadIntake
from hub.pads.protocol import ProtocolError
from hub.pads.serial_pads import LineSplitter, SerialPad, parse_serial_arg

MESSAGES = [
    protocol.hello(0, 1, 1, "1.0", "esp32s3", ["btn", "led", "oled"]),
    protocol.btn(1, 0xFFFFFFFF, 2, "discard"),
    protocol.tile(2, 5, 3, "04A1b2c3"),
    protocol.hb(3, 0, 4),
    protocol.ack(3, 7, 4),
    protocol.show(0, ["one", "x" * 21, "", "four"], "turn", 1),
    protocol.welcome(2, "club-7"),
]


@pytest.mark.parametrize("msg", MESSAGES, ids=lambda m: m["t"])
def test_every_type_round_trips_through_a_serial_line(msg: protocol.Message) -> None:
    line = protocol.encode_line(msg)
    assert line.endswith(b"\n") and len(line) <= protocol.MAX_LINE
    body, crc = line[:-1].rsplit(b"*", 1)
    assert crc == b"%08x" % zlib.crc32(body)  # the spec's CRC: zlib.crc32, 8 lowercase hex
    assert protocol.decode_line(line) == msg
    assert protocol.decode_line(line[:-1] + b"\r\n") == msg


BAD = [
    (b"[1]", "JSON object"),
    (b'{"v":2,"seat":0,"t":"hb","seq":1,"boot":0}', "'v' must be 1"),
    (b'{"v":1,"seat":4,"t":"hb","seq":1,"boot":0}', "'seat' must be an integer 0..3, got 4"),
    (b'{"v":1,"seat":true,"t":"hb","seq":1,"boot":0}', "'seat'"),
    (b'{"v":1,"seat":0,"t":"hb","seq":0,"boot":0}', "'seq' must be an integer 1.."),
    (b'{"v":1,"seat":0,"t":"hb","seq":1,"boot":4294967296}', "'boot'"),
    (b'{"v":1,"seat":0,"t":"btn","seq":1,"boot":0,"b":"pass"}', "'b' must be one of"),
    (b'{"v":1,"seat":0,"t":"tile","seq":1,"boot":0,"uid":"0g"}', "hex digits only"),
    (
        b'{"v":1,"seat":0,"t":"show","lines":["a","b","c","d","e"],"led":"idle","beep":0}',
        "at most 4",
    ),
    (b'{"v":1,"seat":0,"t":"show","lines":["' + b"x" * 22 + b'"],"led":"idle","beep":0}', "21"),
    (b'{"v":1,"seat":0,"t":"show","lines":[],"led":"idle","beep":2}', "'beep'"),
    (b'{"v":1,"seat":0,"t":"welcome","table":"a b"}', "letters, digits"),
    (b"\xff\xfe", "not JSON"),
]


@pytest.mark.parametrize(("data", "why"), BAD)
def test_bad_messages_raise_protocol_error_naming_the_field(data: bytes, why: str) -> None:
    with pytest.raises(ProtocolError) as err:
        protocol.decode(data)
    assert why in str(err.value)
    assert isinstance(err.value, ValueError)


def test_unknown_types_and_fields_pass_for_the_receiver_to_ignore() -> None:
    msg = protocol.decode(b'{"v":1,"seat":1,"t":"battery","seq":3,"boot":9,"mv":3700,"x":[]}')
    assert msg["t"] == "battery"
    # a newer hub's message to a pad: no seq or boot, as hub -> pad messages go
    assert protocol.decode(b'{"v":1,"seat":1,"t":"theme"}', to_pad=True)["t"] == "theme"
    with pytest.raises(ProtocolError, match="seq"):
        protocol.decode(b'{"v":1,"seat":1,"t":"theme"}')  # the hub needs them to ack
    with pytest.raises(ProtocolError, match="seq"):
        protocol.decode(b'{"v":1,"seat":1,"t":"btn","b":"ok"}', to_pad=True)


def test_frame_errors() -> None:
    good = protocol.encode_line(protocol.hb(0, 1, 1))
    with pytest.raises(ProtocolError, match="CRC mismatch"):
        protocol.decode_line(good.replace(b'"hb"', b'"hc"'))
    with pytest.raises(ProtocolError, match="8 hex digits"):
        protocol.decode_line(b'{"v":1}\n')
    with pytest.raises(ProtocolError, match="exceeds the 512-byte"):
        protocol.decode_line(b"x" * 513)
    with pytest.raises(ProtocolError, match="line limit"):
        protocol.encode_line(protocol.hello(0, 1, 1, "f" * 64, "h" * 64, ["c" * 60] * 6))


def test_soft_crc_matches_zlib() -> None:
    for data in (b"", b"a", b'{"v":1}', bytes(range(256))):
        assert protocol._soft_crc32(data) == zlib.crc32(data)


def test_parse_serial_arg() -> None:
    assert parse_serial_arg("2=/dev/ttyACM1") == (2, "/dev/ttyACM1")
    for bad in ("4=/dev/x", "x=/dev/x", "/dev/ttyACM0", "1="):
        with pytest.raises(ValueError, match="SEAT=DEVICE"):
            parse_serial_arg(bad)


class _Link:
    def send(self, msg: protocol.Message) -> None:
        pass


class _Count:
    def __init__(self) -> None:
        self.n = 0

    def __call__(self, event: object) -> None:
        self.n += 1


frames = st.sampled_from([protocol.encode_line(m) for m in MESSAGES[:4]])
chunks = st.one_of(st.binary(max_size=700), frames, frames.map(lambda f: f[: len(f) // 2]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(chunks, max_size=30), st.integers(1, 64))
def test_garbage_never_crashes_the_serial_decoder(parts: list[bytes], size: int) -> None:
    sink = _Count()
    intake = PadIntake(sink)
    port = SerialPad(intake, 1, "unused")
    stream = b"".join(parts)
    splitter = LineSplitter()
    for i in range(0, len(stream), size):  # fed in arbitrary chunks, as a UART delivers them
        for line in splitter.feed(stream[i : i + size]):
            assert len(line) <= protocol.MAX_LINE
            port._handle(line)  # must never raise
    assert sink.n <= intake.stats.received
    assert port.stats.lines == port.stats.bad + port.stats.wrong_seat + port.stats.not_for_hub + (
        intake.stats.received
    )


topics = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["tiengow/t1/seat/1/up", "tiengow/t1/seat/9/up", "tiengow/t1/seat/2/online"]),
)
payloads = st.one_of(st.binary(max_size=600), frames.map(lambda f: f[:-10]))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(topics, payloads), max_size=20))
def test_garbage_never_crashes_the_mqtt_handler(messages: list[tuple[str, bytes]]) -> None:
    from hub.pads.mqtt_pads import MqttPads

    sink = _Count()
    intake = PadIntake(sink)
    pads = MqttPads(intake, "mqtt://127.0.0.1:1")  # never started: only the handler runs
    for topic, payload in messages:
        pads._handle(topic, payload)  # must never raise
    assert sink.n <= intake.stats.received


def test_dropped_frames_are_logged_without_flooding_the_log(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from hub.pads.intake import DropReport

    now = [0.0]
    drops = DropReport("serial pad, seat 2", every_s=5.0, clock=lambda: now[0])
    with caplog.at_level("WARNING"):
        for _ in range(100):  # a noisy cable: one line, at once
            drops.dropped("CRC mismatch")
        now[0] = 6.0
        drops.dropped("not JSON")  # then one line with the count since
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [
        "serial pad, seat 2: dropped 1 frame(s); the last: CRC mismatch",
        "serial pad, seat 2: dropped 100 frame(s); the last: not JSON",
    ]
