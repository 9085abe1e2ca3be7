"""The pad's devices, built from a board module (``board_esp32s3`` or ``board_picow``)."""

import sys

from machine import I2C, PWM, Pin
from micropython import const

_I2C_HZ = const(400000)
_BEEP_HZ = const(2000)

if sys.platform == "rp2":
    import board_picow as board
else:
    import board_esp32s3 as board  # type: ignore[no-redef]

NAME = board.NAME
ACTIVE_LOW = board.ACTIVE_LOW


def buttons() -> "list[Pin]":
    pull = Pin.PULL_UP if ACTIVE_LOW else Pin.PULL_DOWN
    return [Pin(n, Pin.IN, pull) for n in board.BUTTONS]


def i2c() -> I2C:
    return I2C(board.I2C_BUS, sda=Pin(board.SDA), scl=Pin(board.SCL), freq=_I2C_HZ)


def led_pin() -> Pin:
    return Pin(board.LED, Pin.OUT)


def buzzer() -> PWM:
    return PWM(Pin(board.BUZZER), freq=_BEEP_HZ, duty_u16=0)
