# A fake `machine` for running firmware/main.py on the MicroPython unix port.
# Buttons are pressed by a schedule from the PAD_PRESSES environment variable:
# "4@300,7@900" presses pin 4 at 300 ms after start, pin 7 at 900 ms, each for 300 ms.
import os
import sys
import time

_START = time.ticks_ms()
_SCHEDULE = []
for _item in (os.getenv("PAD_PRESSES") or "").split(","):
    if _item:
        _pin, _at = _item.split("@")
        _SCHEDULE.append((int(_pin), int(_at)))


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 2
    PULL_DOWN = 3

    def __init__(self, n, mode=0, pull=None):
        self.n = n

    def value(self, v=None):
        t = time.ticks_diff(time.ticks_ms(), _START)
        for pin, at in _SCHEDULE:
            if pin == self.n and at <= t < at + 300:
                return 0  # pressed (active low)
        return 1


class I2C:
    def __init__(self, *args, **kw):
        pass

    def writeto(self, addr, buf):
        raise OSError(19)  # ENODEV: nothing on the bus

    def writevto(self, addr, bufs):
        raise OSError(19)

    def readfrom_into(self, addr, buf):
        raise OSError(19)


class PWM:
    def __init__(self, pin, freq=0, duty_u16=0):
        pass

    def freq(self, f):
        pass

    def duty_u16(self, d):
        if d:
            sys.stderr.write("beep\n")


class WDT:
    def __init__(self, timeout=0):
        sys.stderr.write("wdt %d\n" % timeout)

    def feed(self):
        pass


def reset():
    sys.stderr.write("reset\n")
    sys.exit(3)
