# The pad's delivery rules on MicroPython: seq/boot, one in flight, 300 ms x 20, then slow.
import sys

import padcore
import protocol
from harness import check, run


def make(hb=0):
    pad = padcore.Pad(1, 77, "t", "unix", ["btn"], hb)
    pad.connected(0)
    return pad


def ack_bytes(seq, boot=77, seat=1):
    return protocol.encode(protocol.ack(seat, boot, seq))


def test_hello_first_then_presses_one_at_a_time():
    pad = make()
    pad.press("play")
    pad.press("ok")
    first = protocol.decode(pad.poll(0))
    check(first["t"] == "hello" and first["seq"] == 1 and first["boot"] == 77, "hello %r" % first)
    check(pad.poll(10) is None, "nothing new while hello is in flight")
    pad.receive(ack_bytes(1), 20)
    second = protocol.decode(pad.poll(20))
    check(second["t"] == "btn" and second["b"] == "play" and second["seq"] == 2, "%r" % second)
    pad.receive(ack_bytes(2), 30)
    third = protocol.decode(pad.poll(30))
    check(third["b"] == "ok" and third["seq"] == 3, "%r" % third)


def test_retransmit_every_300ms_20_times_then_link_error_and_slow():
    pad = make()
    first = pad.poll(0)
    times = [0]
    now = 0
    while len(times) < 21:
        now += 10
        out = pad.poll(now)
        if out is not None:
            check(out == first, "a retransmission repeats the same bytes")
            times.append(now)
    gaps = [times[i + 1] - times[i] for i in range(20)]
    check(gaps == [300] * 20, "gaps %r" % gaps)
    check(pad.sender.link_error, "link error after 20 retries")
    check(pad.screen.view()[1] == "error", "error LED")
    check(pad.poll(now + 1999) is None, "slower retries")
    check(pad.poll(now + 2000) == first, "retry after 2 s")
    pad.receive(ack_bytes(1), now + 2050)
    check(not pad.sender.link_error and pad.sender.pending() == 0, "ack clears the error")


def test_stale_or_foreign_acks_do_not_free_the_message():
    pad = make()
    pad.poll(0)
    pad.receive(ack_bytes(1, boot=78), 5)
    pad.receive(ack_bytes(2), 5)
    pad.receive(ack_bytes(1, seat=2), 5)
    check(pad.sender.pending() == 1, "still in flight")
    check(pad.errors == 1, "the other seat's ack is counted as an error")


def test_full_queue_refuses_presses():
    pad = make()
    ok = [pad.press("play") for _ in range(padcore.QUEUE + 3)]
    check(ok.count(True) == padcore.QUEUE - 1, "hello takes one slot: %r" % ok.count(True))
    check(pad.sender.refused == 4, "refused %d" % pad.sender.refused)


def test_heartbeat_when_idle_over_serial():
    pad = make(hb=2000)
    pad.poll(0)
    pad.receive(ack_bytes(1), 1)
    check(pad.poll(1999) is None, "no heartbeat before 2 s")
    hb = protocol.decode(pad.poll(2000))
    check(hb["t"] == "hb" and hb["seq"] == 2, "%r" % hb)


def test_link_lost_over_serial_when_the_hub_is_silent():
    pad = make(hb=2000)
    pad.poll(0)
    pad.receive(ack_bytes(1), 100)
    pad.poll(200)
    check(pad.screen.link == padcore.LINK_OK, "ok after an ack")
    pad.poll(100 + padcore.LINK_LOST_MS + 1)
    check(pad.screen.link == padcore.LINK_LOST, "lost after silence")
    check("NO LINK TO HUB" in pad.screen.view()[0], "%r" % (pad.screen.view(),))


def test_hello_again_when_the_serial_link_comes_back():
    # pad-protocol.md: hello is sent at boot and after every reconnect; over serial the pad
    # knows the link only by the hub's answers, so the hub answering again after a silence
    # (a hub restarted on the same cable) is the reconnect
    pad = make(hb=2000)
    pad.poll(0)
    pad.receive(ack_bytes(1), 100)
    lost = 100 + padcore.LINK_LOST_MS + 1
    hb = protocol.decode(pad.poll(lost))
    check(hb["t"] == "hb" and pad.screen.link == padcore.LINK_LOST, "%r" % hb)
    pad.receive(ack_bytes(2), lost + 50)
    again = protocol.decode(pad.poll(lost + 60))
    check(again["t"] == "hello" and again["seq"] == 3, "hello again, not %r" % again)
    pad.receive(ack_bytes(3), lost + 70)
    check(pad.poll(lost + 80) is None, "one hello only")


def test_no_second_hello_while_the_serial_link_stays_up():
    pad = make(hb=2000)
    pad.poll(0)
    pad.receive(ack_bytes(1), 100)
    for seq in range(2, 6):
        now = 100 + (seq - 1) * 2000
        msg = protocol.decode(pad.poll(now))
        check(msg["t"] == "hb" and msg["seq"] == seq, "%r" % msg)
        pad.receive(ack_bytes(seq), now + 5)


def test_show_sets_screen_and_counts_beeps():
    pad = make()
    show = protocol.encode(protocol.show(1, ["your turn", "lead"], "turn", 1))
    pad.receive(show, 5)
    pad.receive(show, 6)
    check(pad.screen.view() == (["your turn", "lead"], "turn"), "%r" % (pad.screen.view(),))
    check(pad.screen.beeps == 2, "beeps %d" % pad.screen.beeps)
    pad.receive(b"{broken", 7)
    check(pad.errors == 1, "bad JSON counted")


def test_a_newer_hubs_message_of_an_unknown_type_is_ignored():
    """pad-protocol.md: a receiver ignores what it does not know; hub -> pad messages carry
    no seq or boot, so one of a type the pad does not know is no error."""
    pad = make()
    show = protocol.encode(protocol.show(1, ["your turn"], "turn", 0))
    pad.receive(show, 5)
    pad.receive(b'{"v":1,"seat":1,"t":"theme","dark":1}', 6)
    check(pad.errors == 0, "errors %d" % pad.errors)
    check(pad.screen.view() == (["your turn"], "turn"), "%r" % (pad.screen.view(),))
    pad.receive(b'{"v":1,"seat":1,"t":"show","lines":["x"]}', 7)
    check(pad.errors == 1, "a known type missing its fields is still refused")


def test_a_flapping_link_queues_one_hello():
    pad = make()
    for now in range(0, 100, 10):
        pad.disconnected()
        pad.connected(now)
    check(pad.sender.pending() == 1, "one hello, not %d" % pad.sender.pending())
    pad.poll(100)
    pad.connected(110)  # the hello is in flight: resent, not queued again
    check(pad.sender.pending() == 1, "still one: %d" % pad.sender.pending())
    pad.receive(ack_bytes(1), 120)
    pad.connected(130)
    check(pad.sender.pending() == 1, "a new hello after the first was acked")


def test_a_reconnect_resends_at_once_even_after_a_link_error():
    """padcore.Sender.reconnected: the transport came back, so what is in flight goes out at
    once and gets the 300 ms retries again, not the slow ones of the link error."""
    pad = make()
    first = pad.poll(0)
    now = 0
    while not pad.sender.link_error:
        now += 10
        pad.poll(now)
    pad.disconnected()
    pad.connected(now + 100)
    check(pad.poll(now + 100) == first, "resent at once after the reconnect")
    check(pad.poll(now + 400) == first, "then every 300 ms")
    check(not pad.sender.link_error, "a fresh link: no link error yet")


def test_hello_goes_before_presses_queued_while_there_was_no_link():
    """pad-protocol.md: hello is sent at boot and after every reconnect; presses made while
    Wi-Fi or the cable was down wait behind it, in their order."""
    pad = padcore.Pad(1, 77, "t", "unix", ["btn"], 0)
    pad.press("play")
    pad.press("ok")
    pad.connected(0)
    sent = []
    for seq in range(1, 4):
        msg = protocol.decode(pad.poll(seq * 10))
        sent.append((msg["seq"], msg["t"], msg.get("b")))
        pad.receive(ack_bytes(seq), seq * 10 + 5)
    check(sent == [(1, "hello", None), (2, "btn", "play"), (3, "btn", "ok")], "%r" % sent)


run(globals())
