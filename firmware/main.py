"""The seat pad: wires the board, the config and one asyncio task per concern.

Tasks (handles kept in ``TASKS``): buttons, link (send/receive or MQTT), display, NFC
(optional), watchdog. An uncaught exception in any task is printed, then the board resets.
"""

import asyncio
import random
import sys

import machine
from micropython import const

import config
import hw
import padcore
import protocol
from buttons import Buttons
from ui import Ui, notice

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

FW = "1.0.0"
_WDT_MS = const(8000)
_FEED_MS = const(1000)

TASKS: "list[asyncio.Task[None]]" = []


def _on_error(loop: "object", context: "dict[str, Any]") -> None:
    print("pad: fatal", context.get("exception"), context.get("message"))
    sys.print_exception(context["exception"])  # type: ignore[attr-defined]
    machine.reset()


async def watchdog(loops: "list[Any]") -> None:
    """Feed the hardware watchdog only while every watched loop keeps moving."""
    wdt = machine.WDT(timeout=_WDT_MS)
    last = [-1] * len(loops)
    while True:
        stuck = False
        for i in range(len(loops)):
            now = loops[i].alive
            if now == last[i]:
                stuck = True
            last[i] = now
        if not stuck:
            wdt.feed()
        await asyncio.sleep_ms(_FEED_MS)


class _Alive:
    """A counter the buttons task bumps, so the watchdog can watch it like the links."""

    alive = 0


async def main() -> None:
    i2c = hw.i2c()
    caps = ["btn", "led", "buzzer"]
    oled = None
    try:
        from oled import Oled

        oled = Oled(i2c)
        caps.append("oled")
    except OSError:
        print("pad: no OLED on the I2C bus")
    import neopixel

    led = neopixel.NeoPixel(hw.led_pin(), 1)
    try:
        cfg = config.load()
    except config.ConfigError as exc:
        # no watchdog yet: stay at the REPL, and tell the player too, who has no REPL
        print("pad: bad config:", exc)
        notice(oled, led, "BAD CONFIG", str(exc))
        return
    seat = cfg["seat"]
    serial = cfg["transport"] == "serial"
    if cfg["nfc"]:
        caps.append("nfc")
    hb = padcore.HEARTBEAT_MS if serial else 0
    pad = padcore.Pad(seat, random.getrandbits(32), FW, hw.NAME, caps, hb)

    ui = Ui(pad, oled, led, hw.buzzer())
    alive = _Alive()

    def on_press(name: str) -> None:
        alive.alive += 1
        if not pad.press(name):
            ui.beep()  # the queue is full: tell the player this press did not count

    buttons = Buttons(hw.buttons(), protocol.BUTTONS, on_press, hw.ACTIVE_LOW)

    async def scan() -> None:
        while True:
            buttons.scan()
            alive.alive += 1
            await asyncio.sleep_ms(buttons.poll_ms)

    loop = asyncio.get_event_loop()
    loop.set_exception_handler(_on_error)
    TASKS.append(asyncio.create_task(scan()))
    TASKS.append(asyncio.create_task(ui.run()))
    if serial:
        from link_serial import SerialLink

        serial_link = SerialLink(pad)
        TASKS.append(asyncio.create_task(serial_link.receive()))
        TASKS.append(asyncio.create_task(serial_link.send()))
        watched = [alive, serial_link]
    else:
        import network

        from link_mqtt import MqttLink

        mqtt_link = MqttLink(pad, cfg, network.WLAN(network.STA_IF))
        TASKS.append(asyncio.create_task(mqtt_link.run()))
        watched = [alive, mqtt_link]
    if cfg["nfc"]:
        from nfc import Nfc

        TASKS.append(asyncio.create_task(Nfc(i2c, pad.tile).run()))
    TASKS.append(asyncio.create_task(watchdog(watched)))
    await asyncio.gather(*TASKS)


if __name__ == "__main__":
    asyncio.run(main())
