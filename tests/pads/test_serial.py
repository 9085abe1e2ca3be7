"""Serial pads end to end: SimPad (the firmware's padcore) <-> pty <-> SerialPad <-> PadIntake."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from hub.pads import protocol
from hub.pads.intake import PadIntake
from hub.pads.serial_pads import SerialPad
from hub.pads.sim import SerialPadTransport, SimPad

from .conftest import TIMEOUT, Presence, PtyCable, Recorder, press_all

BUTTONS = ["play", "discard", "undo", "ok", "forfeit", "menu"]


@pytest.fixture
def hub_port(
    cable: PtyCable, recorder: Recorder, presence: Presence
) -> Iterator[tuple[PadIntake, SerialPad]]:
    intake = PadIntake(recorder, table="t1", on_presence=presence)
    port = SerialPad(intake, 0, cable.path, reopen_s=0.05).start()
    assert port.opened.wait(TIMEOUT)
    yield intake, port
    port.stop()


def make_pad(cable: PtyCable, **kw: object) -> SimPad:
    return SimPad(0, SerialPadTransport(cable.open_pad_end, reopen_s=0.05), **kw).start()  # type: ignore[arg-type]


def test_presses_are_applied_once_in_order_and_show_reaches_the_screen(
    cable: PtyCable, recorder: Recorder, hub_port: tuple[PadIntake, SerialPad]
) -> None:
    intake, port = hub_port
    pad = make_pad(cable, seed=1)
    try:
        for b in BUTTONS:
            assert pad.press(b)
        assert pad.wait_idle(TIMEOUT)
        assert recorder.buttons() == BUTTONS
        assert intake.presence(0).online and intake.presence(0).fw == "sim-1"
        intake.show(0, ["your turn", "lead 6-6?"], "turn", 1)
        assert pad.wait_for(lambda p: p.screen.lines == ["your turn", "lead 6-6?"], TIMEOUT)
        assert pad.view() == (["your turn", "lead 6-6?"], "turn")
        assert port.stats.bad == 0
    finally:
        pad.stop()


def test_thirty_percent_frame_loss_loses_and_doubles_nothing(
    cable: PtyCable, recorder: Recorder, hub_port: tuple[PadIntake, SerialPad]
) -> None:
    intake, _ = hub_port
    pad = make_pad(cable, loss=0.3, seed=7)
    presses = [BUTTONS[i % 6] for i in range(20)]
    press_all(pad, presses)
    assert recorder.buttons() == presses
    assert pad.frames_lost > 0
    assert intake.stats.duplicates > 0  # lost acks made the pad resend applied presses


def test_duplicate_floods_and_garbage_apply_once(
    cable: PtyCable, recorder: Recorder, hub_port: tuple[PadIntake, SerialPad]
) -> None:
    intake, port = hub_port
    boot = 0xDEADBEEF
    press = protocol.encode_line(protocol.btn(0, boot, 1, "play"))
    noise = [b"\x00\xff garbage\n", b"{not json}*00000000\n", b"x" * 700 + b"\n", press[:20]]
    noise += [b"\n", protocol.encode_line(protocol.btn(3, boot, 1, "ok"))]  # another seat
    with os.fdopen(os.dup(cable.master), "wb", buffering=0) as w:
        for i in range(200):
            w.write(press)
            w.write(noise[i % len(noise)])
        w.write(b"\n" + protocol.encode_line(protocol.btn(0, boot, 2, "ok")))  # the sentinel
        assert recorder.wait_count(2)
    assert recorder.buttons() == ["play", "ok"]
    # a truncated frame swallows the press that follows it (one line, bad CRC): 33 of them
    truncated = sum(1 for i in range(200) if noise[i % len(noise)] is noise[3])
    assert intake.stats.duplicates == 199 - truncated
    assert port.stats.wrong_seat == 200 // len(noise)
    assert port.stats.bad > 0 and port.stats.too_long > 0


def test_pad_reboot_mid_hand_starts_a_new_sequence(
    cable: PtyCable, recorder: Recorder, hub_port: tuple[PadIntake, SerialPad]
) -> None:
    intake, _ = hub_port
    pad = make_pad(cable, seed=3)
    try:
        for b in ["play", "ok", "discard"]:
            pad.press(b)
        assert pad.wait_idle(TIMEOUT)
        old_boot = pad.boot
        pad.reboot()
        assert pad.boot != old_boot
        for b in ["undo", "play"]:  # seq 1 and 2 again, but a new boot: not duplicates
            pad.press(b)
        assert pad.wait_idle(TIMEOUT)
    finally:
        pad.stop()
    assert recorder.buttons() == ["play", "ok", "discard", "undo", "play"]
    assert intake.presence(0).boot == pad.boot


def test_unplug_and_replug_keep_every_press(
    cable: PtyCable,
    recorder: Recorder,
    hub_port: tuple[PadIntake, SerialPad],
    presence: Presence,
) -> None:
    _intake, port = hub_port
    pad = make_pad(cable, seed=5)
    try:
        pad.press("play")
        assert pad.wait_idle(TIMEOUT)
        assert presence.wait(0, True)
        cable.unplug()
        assert presence.wait(0, False)
        assert pad.wait_for(lambda p: p.screen.link != 0, TIMEOUT)  # the pad shows the loss
        pad.press("discard")  # pressed while the cable is out: queued on the pad
        pad.press("ok")
        cable.plug()
        assert pad.wait_idle(TIMEOUT)
        assert presence.wait(0, True)
    finally:
        pad.stop()
    assert recorder.buttons() == ["play", "discard", "ok"]
    assert port.stats.opens >= 2


def test_sink_failure_is_not_acked_and_the_resend_applies_it(tmp_path: Path) -> None:
    class Link:
        def __init__(self) -> None:
            self.sent: list[protocol.Message] = []

        def send(self, msg: protocol.Message) -> None:
            self.sent.append(msg)

    applied: list[tuple[int, int, int]] = []
    fail = [True]

    def sink(event: object) -> None:
        if fail[0]:
            fail[0] = False
            raise OSError("disk full")
        applied.append(event.key)  # type: ignore[attr-defined]

    intake = PadIntake(sink)
    link = Link()
    msg = protocol.btn(2, 9, 1, "play")
    intake.receive(2, msg, link, "serial")
    assert not [m for m in link.sent if m["t"] == "ack"]
    intake.receive(2, msg, link, "serial")
    intake.receive(2, msg, link, "serial")
    assert applied == [(2, 9, 1)]
    assert [m["ack"] for m in link.sent if m["t"] == "ack"] == [1, 1]
    assert intake.stats.sink_errors == 1


def test_a_restarted_hub_seeded_from_the_ledger_does_not_apply_twice(
    recorder: Recorder,
) -> None:
    class Link:
        def send(self, msg: protocol.Message) -> None:
            pass

    first = PadIntake(recorder)
    first.receive(1, protocol.btn(1, 5, 1, "play"), Link(), "mqtt")
    first.receive(1, protocol.btn(1, 5, 2, "ok"), Link(), "mqtt")
    # the hub dies after committing seq 2 but before its ack left; the pad resends seq 2
    second = PadIntake(recorder, applied=recorder.ledger.applied())
    second.receive(1, protocol.btn(1, 5, 2, "ok"), Link(), "mqtt")
    second.receive(1, protocol.btn(1, 5, 3, "discard"), Link(), "mqtt")
    assert recorder.buttons() == ["play", "ok", "discard"]
    assert second.stats.duplicates == 1


def test_loopback_pads_for_the_demo(recorder: Recorder) -> None:
    from hub.pads.sim import LoopbackPadTransport

    intake = PadIntake(recorder)
    pads = [SimPad(s, LoopbackPadTransport(intake), seed=s).start() for s in range(4)]
    try:
        for pad in pads:
            pad.press("play")
            pad.press("ok")
        for pad in pads:
            assert pad.wait_idle(TIMEOUT)
        intake.show(2, ["win!"], "win", 1)
        assert pads[2].wait_for(lambda p: p.screen.led == "win", TIMEOUT)
        assert all(intake.presence(s).online for s in range(4))
    finally:
        for pad in pads:
            pad.stop()
    assert recorder.buttons(3) == ["play", "ok"] and len(recorder.buttons()) == 8
    assert not intake.presence(0).online


def test_a_pad_that_stops_reading_does_not_freeze_the_hub(
    cable: PtyCable, hub_port: tuple[PadIntake, SerialPad], presence: Presence
) -> None:
    """A pad (or a wedged USB CDC stack) that sends but no longer reads: once the buffers
    between them are full, the hub's writes waited for ever, holding the table's locks (the
    live table shows every change to every pad), so the whole hub froze. Now a write gives up
    after a while, the seat is offline, and the pad is back at its next intact frame."""
    intake, _ = hub_port
    hello = protocol.hello(0, 5, 1, "fw", "hw", ["btn"])
    os.write(cable.master, protocol.encode_line(hello))
    assert presence.wait(0, True)
    done = threading.Event()

    def flood() -> None:  # far more than a pty (or a CDC endpoint) buffers
        for i in range(400):
            intake.show(0, [f"change {i}", "x" * 21, "y" * 21, "z" * 21], "idle", 0)
        done.set()

    threading.Thread(target=flood, daemon=True).start()
    assert done.wait(TIMEOUT)
    assert presence.wait(0, False)
    os.write(cable.master, protocol.encode_line(protocol.hb(0, 5, 2)))
    assert presence.wait(0, True)


def test_a_show_too_long_for_a_serial_line_is_sent_as_the_pad_draws_it(
    cable: PtyCable,
    recorder: Recorder,
    hub_port: tuple[PadIntake, SerialPad],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A valid `show` (4 lines of 21 characters) of control characters is 504 bytes of JSON
    escapes, over the 512-byte serial line with its envelope (pad-protocol.md, transport A).
    SerialPad.send raised ProtocolError: out of intake.show to whoever showed, and, re-sent
    after the pad's hello, out of the port's reader thread, which died: the pad's presses were
    never read again. It is sent with each character the pad's font cannot draw as the "?" the
    pad would draw (firmware/ui.py), and the log says so."""
    import logging

    intake, port = hub_port
    odd = ["\x01" * 21, "\x7f" * 21, "\u2028" * 21, "\x1b" * 21]
    with caplog.at_level(logging.WARNING, logger="hub.pads.serial_pads"):
        intake.show(0, odd, "turn", 0)  # no pad yet: kept, sent after its hello
        pad = make_pad(cable, seed=3)
        try:
            assert pad.wait_for(lambda p: p.screen.lines == ["?" * 21] * 4, TIMEOUT)
            assert pad.press("play") and pad.wait_idle(TIMEOUT)
            assert recorder.buttons() == ["play"]
            intake.show(0, odd[::-1], "idle", 1)  # and to a pad already there
            assert pad.wait_for(lambda p: p.screen.led == "idle", TIMEOUT)
        finally:
            pad.stop()
    assert port.stats.bad == 0
    assert any("512" in r.getMessage() and "?" in r.getMessage() for r in caplog.records)
