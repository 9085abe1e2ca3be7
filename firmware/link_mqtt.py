"""Transport B on the pad: Wi-Fi + umqtt.simple (micropython-lib), with reconnect.

Retained ``online`` 1 on connect, last will ``online`` 0, QoS 1 both ways. umqtt's calls
block, so every read and write on the broker's socket has a timeout (``_IO_TIMEOUT_S``, well
under the 8 s watchdog): a broker gone without a word (power, Wi-Fi) mid-publish is a dropped
link, not a hang that resets the pad and loses the presses queued in RAM. When Wi-Fi or the
broker goes away the screen shows the link loss, presses stay queued, and the link comes back
with growing pauses (1 s .. 8 s); after every reconnect the pad says hello again and resends
what was unacked.
"""

import asyncio
import time

from micropython import const

import padcore
import protocol

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_TICK_MS = const(10)
_MIN_BACKOFF_MS = const(1000)
_MAX_BACKOFF_MS = const(8000)
_WIFI_WAIT_MS = const(15000)
_PAUSE_STEP_MS = const(200)  # the Wi-Fi wait's step too
_KEEPALIVE_S = const(10)
_IO_TIMEOUT_S = const(2)  # one blocking socket call; a publish makes two (send, PUBACK)


class _TimedSocket:
    """The broker's socket with a timeout on every blocking call. umqtt.simple's wait_msg()
    puts its socket back into blocking mode after each read, which drops the timeout that
    connect(timeout=) set: a publish waiting for its PUBACK from a broker that vanished
    without a reset then waited for ever, until the watchdog reset the pad."""

    def __init__(self, sock: "Any", timeout_s: int) -> None:
        self._sock = sock
        self._timeout_s = timeout_s
        sock.settimeout(timeout_s)

    def setblocking(self, flag: bool) -> None:
        self._sock.settimeout(self._timeout_s if flag else 0)

    def settimeout(self, timeout_s: "int | None") -> None:
        self._sock.settimeout(self._timeout_s if timeout_s is None else timeout_s)

    def read(self, n: int) -> "Any":
        return self._sock.read(n)

    def write(self, buf: "Any", n: "int | None" = None) -> "Any":
        if n is None:
            return self._sock.write(buf)
        return self._sock.write(buf, n)

    def close(self) -> None:
        self._sock.close()


class MqttLink:
    def __init__(self, pad: "padcore.Pad", cfg: "dict[str, Any]", wlan: "Any") -> None:
        self.pad = pad
        self.cfg = cfg
        self.wlan = wlan
        seat = cfg["seat"]
        table = cfg["table"]
        self.up = protocol.topic(table, seat, "up")
        self.down = protocol.topic(table, seat, "down").encode()
        self.online = protocol.topic(table, seat, "online")
        self.client: "Any" = None
        self.alive = 0
        self.connects = 0

    def _on_message(self, topic: bytes, payload: bytes) -> None:
        if topic == self.down:
            self.pad.receive(payload, padcore.now_ms())

    async def _wifi(self) -> None:
        wlan = self.wlan
        if wlan.isconnected():
            return
        wlan.active(True)
        wlan.connect(self.cfg["wifi"]["ssid"], self.cfg["wifi"]["password"])
        waited = 0
        while not wlan.isconnected():
            if waited > _WIFI_WAIT_MS:
                raise OSError("Wi-Fi %r did not connect" % self.cfg["wifi"]["ssid"])
            await asyncio.sleep_ms(_PAUSE_STEP_MS)
            waited += _PAUSE_STEP_MS
            self.alive += 1  # waiting for Wi-Fi is progress: keep the watchdog fed

    def _connect(self) -> None:
        from umqtt.simple import MQTTClient  # type: ignore[import-not-found,unused-ignore]

        broker = self.cfg["broker"]
        client = MQTTClient(
            "tiengow-pad-%s-%d" % (self.cfg["table"], self.cfg["seat"]),
            broker["host"],
            port=broker["port"],
            user=broker["user"],
            password=broker["password"],
            keepalive=_KEEPALIVE_S,
        )
        client.set_last_will(self.online, b"0", retain=True, qos=1)
        client.set_callback(self._on_message)
        client.connect(timeout=_IO_TIMEOUT_S)
        client.sock = _TimedSocket(client.sock, _IO_TIMEOUT_S)
        client.publish(self.online, b"1", retain=True, qos=1)
        client.subscribe(self.down, qos=1)
        self.client = client

    def _drop(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            try:
                client.sock.close()
            except OSError:
                pass
        self.pad.disconnected()

    async def _pause(self, ms: int) -> None:
        """Wait ``ms`` before trying the broker again, moving all along: the watchdog feeds
        only in a second in which every watched loop moved, and an 8 s pause slept in one
        go reset the pad (and lost the presses it kept for the broker's return)."""
        while ms > 0:
            await asyncio.sleep_ms(min(ms, _PAUSE_STEP_MS))
            ms -= _PAUSE_STEP_MS
            self.alive += 1

    async def run(self) -> None:
        backoff = _MIN_BACKOFF_MS
        last_ping = padcore.now_ms()
        while True:
            self.alive += 1
            if self.client is None:
                try:
                    await self._wifi()
                    self._connect()
                except OSError:
                    self._drop()
                    await self._pause(backoff)
                    backoff = min(backoff * 2, _MAX_BACKOFF_MS)
                    continue
                backoff = _MIN_BACKOFF_MS
                self.connects += 1
                self.pad.connected(padcore.now_ms())
            try:
                now = padcore.now_ms()
                payload = self.pad.poll(now)
                if payload is not None:
                    self.client.publish(self.up, payload, qos=1)
                self.client.check_msg()
                if time.ticks_diff(now, last_ping) > _KEEPALIVE_S * 500:
                    self.client.ping()
                    last_ping = now
            except OSError:
                self._drop()
                continue
            await asyncio.sleep_ms(_TICK_MS)
