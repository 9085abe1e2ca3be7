# firmware/link_mqtt.py on MicroPython with a fake umqtt broker: QoS 1, retained online + last
# will, and reconnect after the broker goes away, with every press delivered.
import asyncio
import json
import time

import padcore
from harness import check, run
from link_mqtt import MqttLink
from umqtt.simple import BROKER


class FakeWlan:
    def __init__(self):
        self.connected = False

    def isconnected(self):
        return self.connected

    def active(self, on):
        pass

    def connect(self, ssid, password):
        self.connected = True


CFG = {
    "seat": 3,
    "table": "t1",
    "wifi": {"ssid": "club", "password": ""},
    "broker": {"host": "127.0.0.1", "port": 1883, "user": "pad-t1-3", "password": "pw"},
}


def reset():
    BROKER.update(up=True, silent=False, log=[], pending=[], connects=0, waited=[], hung=False)


def presses():
    out = []
    for topic, msg, retain, qos in BROKER["log"]:
        if topic.endswith("/up"):
            m = json.loads(msg)
            if m["t"] == "btn":
                out.append((m["seq"], m["b"]))
    return out


async def connected():
    """A pad linked to the fake broker, its first press (PLAY) acked."""
    reset()
    pad = padcore.Pad(3, 42, "t", "unix", ["btn"], 0)
    link = MqttLink(pad, CFG, FakeWlan())
    task = asyncio.create_task(link.run())
    pad.press("play")
    for _ in range(200):
        await asyncio.sleep_ms(10)
        if pad.sender.pending() == 0 and pad.sender.seq >= 2:
            break
    check(pad.sender.pending() == 0, "first press acked")
    return pad, link, task


async def scenario():
    pad, link, task = await connected()
    BROKER["up"] = False  # the broker restarts
    pad.press("discard")
    pad.press("ok")
    for _ in range(100):
        await asyncio.sleep_ms(10)
        if link.client is None:
            break
    check(pad.screen.link == padcore.LINK_LOST, "the screen shows the loss")
    BROKER["up"] = True
    for _ in range(500):
        await asyncio.sleep_ms(10)
        if pad.sender.pending() == 0 and link.connects == 2:
            break
    task.cancel()
    return pad, link


def test_reconnect_keeps_every_press():
    pad, link = asyncio.run(scenario())
    check(link.connects == 2 and BROKER["connects"] == 2, "reconnected once: %d" % link.connects)
    got = presses()
    values = [b for _, b in got]
    check(values == ["play", "discard", "ok"], "presses %r" % (got,))
    hellos = [t for t, m, r, q in BROKER["log"] if t.endswith("/up") and b'"hello"' in m]
    check(len(hellos) == 2, "hello after every connect: %d" % len(hellos))
    online = [(m, r, q) for t, m, r, q in BROKER["log"] if t.endswith("/online")]
    check(online == [(b"1", True, 1), (b"1", True, 1)], "retained online: %r" % online)
    check(all(q == 1 for t, m, r, q in BROKER["log"]), "QoS 1 throughout")
    check(BROKER["will"] == ("tiengow/t1/seat/3/online", b"0", True, 1), "%r" % (BROKER["will"],))


async def vanishing():
    pad, link, task = await connected()
    BROKER["silent"] = True  # the broker's machine loses power: no reset, no answer
    pad.press("discard")
    for _ in range(100):
        await asyncio.sleep_ms(10)
        if link.client is None or BROKER["hung"]:
            break
    check(not BROKER["hung"], "umqtt blocked with no timeout: the watchdog resets the pad")
    check(pad.screen.link == padcore.LINK_LOST, "the screen shows the loss")
    pad.press("ok")
    BROKER["silent"] = False  # it is back
    for _ in range(1000):
        await asyncio.sleep_ms(10)
        if pad.sender.pending() == 0 and link.connects >= 2:
            break
    task.cancel()
    return pad, link


def test_a_broker_that_vanishes_times_out_before_the_watchdog_and_keeps_every_press():
    # umqtt's calls block; a broker gone without a word (no reset) left a publish waiting for
    # its PUBACK for ever, until the 8 s watchdog reset the pad and the presses queued in RAM
    # were lost with it (pad-protocol.md Delivery: the pad keeps an un-acked message and keeps
    # trying)
    pad, link = asyncio.run(vanishing())
    check(not BROKER["hung"], "no blocking read without a timeout")
    waited = BROKER["waited"]
    check(waited and all(0 < t <= 3 for t in waited), "timeouts well under 8 s: %r" % waited)
    values = [b for _, b in presses()]
    check(values == ["play", "discard", "ok"], "presses %r" % (values,))
    check(link.connects >= 2, "reconnected: %d" % link.connects)


async def broker_down_for(ms):
    reset()
    BROKER["up"] = False  # the broker is restarting, or the hub's machine is off
    pad = padcore.Pad(3, 42, "t", "unix", ["btn"], 0)
    link = MqttLink(pad, CFG, FakeWlan())
    task = asyncio.create_task(link.run())
    pad.press("play")
    start = since = time.ticks_ms()
    last = link.alive
    longest = 0
    while time.ticks_diff(time.ticks_ms(), start) < ms:
        await asyncio.sleep_ms(50)
        now = time.ticks_ms()
        if link.alive != last:
            last = link.alive
            since = now
        longest = max(longest, time.ticks_diff(now, since))
    task.cancel()
    return longest, link, pad


def test_a_link_waiting_to_reconnect_keeps_the_watchdog_fed():
    # main.watchdog feeds the 8 s hardware watchdog only in a second (_FEED_MS) in which
    # every watched loop moved; the link slept out its reconnect pause in one go, and the
    # pause grows 1, 2, 4, 8 s: a broker down for some 15 s reset the pad, and the presses
    # queued in RAM were lost with it (pad-protocol.md: the pad keeps trying, more slowly)
    longest, link, pad = asyncio.run(broker_down_for(3500))
    check(link.client is None and pad.sender.presses() == 1, "still down, the press kept")
    check(longest < 1000, "the link stood still for %d ms" % longest)


run(globals())
