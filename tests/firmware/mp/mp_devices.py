# Buttons (debounce by polling), the UI model, the OLED driver and the PN532 frames, with fakes.
import sys

import padcore
import protocol
from buttons import Buttons
from harness import check, raises, run
from nfc import Nfc, frame, parse_uid
from oled import Oled
from ui import Ui, led_colour, notice, status_bar, window


class FakePin:
    def __init__(self):
        self.level = 1  # pulled up: released

    def value(self):
        return self.level


class FakeI2C:
    def __init__(self):
        self.writes = []

    def writeto(self, addr, buf):
        self.writes.append((addr, bytes(buf)))

    def writevto(self, addr, bufs):
        self.writes.append((addr, b"".join(bytes(b) for b in bufs)))


class FakeLed:
    def __init__(self):
        self.pixels = [(0, 0, 0)]
        self.writes = 0

    def __setitem__(self, i, v):
        self.pixels[i] = v

    def write(self):
        self.writes += 1


def test_a_bouncing_press_counts_once():
    pins = [FakePin() for _ in range(6)]
    got = []
    b = Buttons(pins, protocol.BUTTONS, got.append)
    # bounce: 0,1,0,0,0 ... then release with bounce, then a clean second press
    for level in (0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 0, 1, 1):
        pins[0].level = level
        b.scan()
    check(got == ["play", "play"], "presses %r" % got)


def test_a_single_glitch_is_ignored_and_active_high_works():
    pins = [FakePin() for _ in range(6)]
    for p in pins:
        p.level = 0
    got = []
    b = Buttons(pins, protocol.BUTTONS, got.append, active_low=False)
    pins[3].level = 1
    b.scan()
    pins[3].level = 0
    b.scan()
    b.scan()
    check(got == [], "a one-scan glitch is not a press: %r" % got)
    pins[5].level = 1
    b.scan()
    b.scan()
    check(got == ["menu"], "%r" % got)


def test_buttons_reject_bad_arguments():
    raises(ValueError, Buttons, [FakePin()], protocol.BUTTONS, print)
    raises(ValueError, Buttons, [FakePin()] * 6, protocol.BUTTONS, print, True, 1000)


def test_scan_does_not_allocate():
    import gc

    import micropython

    pins = [FakePin() for _ in range(6)]
    b = Buttons(pins, protocol.BUTTONS, lambda name: None)
    b.scan()
    gc.collect()
    micropython.heap_lock()
    try:
        for _ in range(100):
            b.scan()
    finally:
        micropython.heap_unlock()


def test_window_scrolls_long_lines_only():
    check(window("short", 5) == "short", "short lines stay")
    text = "abcdefghijklmnopqrstu"  # 21 characters
    seen = [window(text, f) for f in range(40)]
    check(seen[0] == text[:16] and text[5:] in seen, "scrolls to the end: %r" % seen)
    check(all(len(s) == 16 for s in seen), "always 16 wide")


def test_led_and_status_bar():
    check(led_colour("turn", 0) == (0, 40, 0), "turn is green")
    check(led_colour("error", 0) != led_colour("error", 2), "errors blink")
    check(status_bar(2, padcore.LINK_LOST, 3) == "seat 2 LOST q3", status_bar(2, 2, 3))


def test_ui_draws_on_change_and_beeps_once_per_show():
    pad = padcore.Pad(0, 5, "t", "unix", ["btn"], 0)
    i2c = FakeI2C()
    oled = Oled(i2c)
    led = FakeLed()
    ui = Ui(pad, oled, led, None)
    pad.receive(protocol.encode(protocol.show(0, ["your turn"], "turn", 1)), 1)
    pad.receive(protocol.encode(protocol.ack(0, 5, 1)), 1)  # marks the link ok
    check(ui.step(), "first frame draws")
    check(ui.beeps == 1, "one beep for the show")
    check(not ui.step(), "nothing changed: no redraw")
    check(led.pixels[0] == (0, 40, 0), "LED %r" % (led.pixels[0],))
    check(i2c.writes[-1][1][0] == 0x40 and len(i2c.writes[-1][1]) == 1025, "a full frame sent")
    check(ui.draw()[1] == "your turn", "%r" % ui.draw())
    check(ui.beeps == 1, "redraws do not beep")


def test_the_status_bar_counts_the_players_presses_not_hello_or_heartbeats():
    # a pad with no hub keeps its hello (then heartbeats) in flight: the status bar said "q1",
    # a press waiting, before the player had pressed anything
    pad = padcore.Pad(0, 5, "t", "unix", ["btn"], 2000)
    ui = Ui(pad, None, None, None)
    pad.connected(0)
    check(pad.poll(0) is not None, "hello sent")
    check(ui.draw()[0] == "seat 0 LOST", "%r" % ui.draw()[0])
    pad.press("play")
    pad.press("ok")
    check(ui.draw()[0] == "seat 0 LOST q2", "%r" % ui.draw()[0])
    pad.receive(protocol.encode(protocol.ack(0, 5, 1)), 10)  # hello acked: play goes out
    pad.poll(10)
    check(ui.draw()[0] == "seat 0 ok q2", "play in flight, ok queued: %r" % ui.draw()[0])


def test_a_pads_own_error_is_wrapped_onto_the_oled_and_lights_the_led_red():
    # a bad config.json was only printed to the REPL: the player saw a dark pad
    oled = Oled(FakeI2C())
    led = FakeLed()
    text = "config 'broker.password' must be a string with 'broker.user', got 5"
    drawn = notice(oled, led, "BAD CONFIG", text)
    check(drawn[0] == "BAD CONFIG", "%r" % drawn)
    check(all(len(line) <= 16 for line in drawn), "fits 16 columns: %r" % drawn)
    check(len(drawn) <= 7, "fits 64 pixels: %r" % drawn)
    check("".join(drawn[1:]).replace(" ", "") == text.replace(" ", ""), "all of it: %r" % drawn)
    lit = [y for y in range(64) for x in range(128) if oled.pixel(x, y)]
    check(max(lit) < 64 and min(lit) < 8 and max(lit) > 40, "drawn top to bottom")
    check(led.pixels[0] == (48, 0, 0), "red: %r" % (led.pixels[0],))
    long = notice(None, None, "BAD CONFIG", "x" * 40 + " " + "y" * 200)
    check(len(long) <= 7 and all(len(line) <= 16 for line in long), "%r" % long)


def test_a_character_the_font_lacks_draws_as_one_placeholder():
    # framebuf.text draws each UTF-8 byte: a Chinese character became three checkered blocks,
    # shifting the rest of the line and scrolling by the wrong width. One "?" per character now.
    pad = padcore.Pad(0, 5, "t", "unix", ["btn"], 0)
    oled = Oled(FakeI2C())
    ui = Ui(pad, oled, None, None)
    pad.receive(protocol.encode(protocol.show(0, ["\u6771 East", "ok"], "idle", 0)), 1)
    drawn = ui.draw()
    check(drawn[1] == "? East", "%r" % drawn)
    lit = [x for x in range(128) for y in range(14, 22) if oled.pixel(x, y)]
    check(lit and max(lit) < 6 * 8, "6 characters wide, not 8: %r" % max(lit))
    check(ui.draw()[2] == "ok", "ASCII lines as they were")


def test_pn532_frames_and_uid_parsing():
    f = frame(0x4A, b"\x01\x00")
    check(f == bytes((0, 0, 0xFF, 4, 0xFC, 0xD4, 0x4A, 1, 0, 0xE1, 0)), "frame %r" % f)
    answer = bytes((1, 0, 0, 0xFF, 0x0C, 0xF4, 0xD5, 0x4B, 1, 1, 0, 4, 8, 4, 0xA1, 0xB2, 0xC3, 0xD4, 0x00, 0))
    check(parse_uid(answer) == "a1b2c3d4", "uid %r" % parse_uid(answer))
    check(parse_uid(bytes(20)) is None, "no frame, no uid")
    check(parse_uid(answer[:8]) is None, "short answer")


def test_nfc_reports_a_tag_once_while_it_lies_there():
    got = []
    n = Nfc(FakeI2C(), got.append)
    diff = padcore.ticks_diff
    n.seen("a1b2", 0, diff)
    n.seen("a1b2", 500, diff)
    n.seen("a1b2", 1000, diff)
    n.seen("c3d4", 1100, diff)
    n.seen("a1b2", 9000, diff)
    check(got == ["a1b2", "c3d4", "a1b2"], "%r" % got)


class AbsentI2C:
    """A bus with no PN532 on it (unplugged, a loose wire): every transfer fails, as on a
    board; ``present`` puts a reader with a tag on it back."""

    def __init__(self):
        self.present = False
        self.tries = 0
        self.ready = bytes((1, 0, 0, 0xFF, 0x0C, 0xF4, 0xD5, 0x4B, 1, 1, 0, 4, 8, 4, 0xA1,
                            0xB2, 0xC3, 0xD4, 0x00, 0))

    def writeto(self, addr, buf):
        self.tries += 1
        if not self.present:
            raise OSError(19)  # ENODEV

    def readfrom_into(self, addr, buf):
        if not self.present:
            raise OSError(19)
        for i in range(len(buf)):
            buf[i] = self.ready[i] if i < len(self.ready) else 0


def test_a_missing_nfc_reader_does_not_stop_the_pad():
    # the reader is optional (hello caps `nfc`); one unplugged or on a loose wire made its
    # first command raise out of the task, which ends main() and resets the pad for ever
    # after: a seat without its buttons over a tag reader
    import asyncio

    got = []
    bus = AbsentI2C()

    async def scenario():
        task = asyncio.create_task(Nfc(bus, got.append).run())
        await asyncio.sleep_ms(700)
        alive = not task.done()
        bus.present = True
        for _ in range(100):
            await asyncio.sleep_ms(20)
            if got:
                break
        task.cancel()
        return alive

    check(asyncio.run(scenario()), "the NFC task ended on a missing reader")
    check(bus.tries > 1, "kept trying the reader: %d" % bus.tries)
    check(got == ["a1b2c3d4"], "the tag once the reader is back: %r" % got)


def test_config_is_checked_with_clear_messages():
    import config

    cfg = config.check({"seat": 2})
    check(cfg["transport"] == "serial" and cfg["nfc"] is False, "defaults %r" % cfg)
    e = raises(config.ConfigError, config.check, {"seat": 5})
    check("0..3" in str(e) and "5" in str(e), str(e))
    e = raises(config.ConfigError, config.check, {"seat": 0, "transport": "ble"})
    check("'ble'" in str(e) and "mqtt" in str(e), str(e))
    good = {"seat": 1, "transport": "mqtt", "table": "t1", "wifi": {"ssid": "club"},
            "broker": {"host": "10.0.0.2"}}
    cfg = config.check(good)
    check(cfg["broker"]["port"] == 1883 and cfg["wifi"]["password"] == "", "%r" % cfg)
    bad = dict(good)
    bad["table"] = "t 1"
    raises(config.ConfigError, config.check, bad)
    bad["table"] = ""
    e = raises(config.ConfigError, config.check, bad)
    check("letters, digits" in str(e) and "''" in str(e), str(e))
    raises(config.ConfigError, config.load, "/nonexistent/config.json")


def test_config_nfc_must_be_a_json_boolean():
    # bool("no") is True: a string, a number or null would switch the reader on or off by
    # accident; only true/false are accepted, and the message names the value
    import config

    check(config.check({"seat": 0, "nfc": True})["nfc"] is True, "true")
    check(config.check({"seat": 0, "nfc": False})["nfc"] is False, "false")
    for bad in ("no", "false", 1, 0, None):
        e = raises(config.ConfigError, config.check, {"seat": 0, "nfc": bad})
        check("'nfc'" in str(e) and repr(bad) in str(e) and "true or false" in str(e), str(e))


def test_config_table_is_a_table_id_as_the_hub_has_it():
    # the hub (protocol.is_table_id) refuses ids over 64 characters: a pad configured with one
    # would publish on topics no hub listens to
    import config

    good = {"seat": 1, "transport": "mqtt", "table": "t" * 64, "wifi": {"ssid": "club"},
            "broker": {"host": "10.0.0.2"}}
    check(config.check(dict(good))["table"] == "t" * 64, "64 characters")
    for bad in ("t" * 65, "t_1", "t 1", ""):
        cfg = dict(good)
        cfg["table"] = bad
        check(not protocol.is_table_id(bad), bad)
        e = raises(config.ConfigError, config.check, cfg)
        check("'table'" in str(e) and repr(bad) in str(e) and "64" in str(e), str(e))


def _mqtt_config(wifi, broker):
    return {"seat": 1, "transport": "mqtt", "table": "t1", "wifi": wifi, "broker": broker}


def test_config_refuses_credentials_umqtt_and_wlan_would_crash_on():
    # a number or null where the Wi-Fi password, the broker user or password goes, or a user
    # without a password, passed the check and raised TypeError in wlan.connect() or umqtt's
    # connect(): not an OSError, so the task died, the board reset, and again after the reset
    import config

    broker = {"host": "10.0.0.2", "user": "pad-t1-1", "password": "pw"}
    cfg = config.check(_mqtt_config({"ssid": "club", "password": "secret12"}, dict(broker)))
    check(cfg["broker"]["user"] == "pad-t1-1", "%r" % cfg)
    cfg = config.check(_mqtt_config({"ssid": "club"}, {"host": "10.0.0.2"}))
    check(cfg["broker"]["user"] is None and cfg["broker"]["password"] is None, "%r" % cfg)
    for bad in (12345678, None):
        e = raises(config.ConfigError, config.check,
                   _mqtt_config({"ssid": "club", "password": bad}, dict(broker)))
        check("'wifi.password'" in str(e) and repr(bad) in str(e), str(e))
    for key, bad in (("user", 7), ("password", 1234), ("password", None)):
        b = dict(broker)
        b[key] = bad
        e = raises(config.ConfigError, config.check, _mqtt_config({"ssid": "club"}, b))
        check("'broker.%s'" % key in str(e) and repr(bad) in str(e), str(e))
    e = raises(config.ConfigError, config.check,
               _mqtt_config({"ssid": "club"}, {"host": "10.0.0.2", "password": "pw"}))
    check("'broker.user'" in str(e), str(e))


def test_config_refuses_an_empty_ssid_or_broker_host_naming_the_nested_key():
    # "" passed as the network name (no Wi-Fi has it) and as the broker's address; and a
    # missing ssid or host was reported as 'ssid' / 'host', not where it belongs
    import config

    for wifi, broker, key in (
        ({"ssid": ""}, {"host": "10.0.0.2"}, "'wifi.ssid'"),
        ({"ssid": "x" * 33}, {"host": "10.0.0.2"}, "'wifi.ssid'"),
        ({}, {"host": "10.0.0.2"}, "'wifi.ssid'"),
        ({"ssid": "club"}, {"host": ""}, "'broker.host'"),
        ({"ssid": "club"}, {}, "'broker.host'"),
    ):
        e = raises(config.ConfigError, config.check, _mqtt_config(wifi, broker))
        check(key in str(e), str(e))
    check(config.check(_mqtt_config({"ssid": "x" * 32}, {"host": "h"}))["wifi"]["ssid"] == "x" * 32, "32")


def test_config_refuses_unknown_keys_naming_the_ones_it_knows():
    # a misspelt key ("NFC", "pasword") was ignored: the setting it meant silently took its
    # default (no NFC reader, an empty Wi-Fi password)
    import config

    e = raises(config.ConfigError, config.check, {"seat": 0, "NFC": True})
    check("'NFC'" in str(e) and "'nfc'" in str(e), str(e))
    e = raises(config.ConfigError, config.check,
               _mqtt_config({"ssid": "club", "pasword": "secret12"}, {"host": "h"}))
    check("'wifi.pasword'" in str(e) and "'password'" in str(e), str(e))
    e = raises(config.ConfigError, config.check,
               _mqtt_config({"ssid": "club"}, {"host": "h", "username": "u"}))
    check("'broker.username'" in str(e) and "'user'" in str(e), str(e))


run(globals())
