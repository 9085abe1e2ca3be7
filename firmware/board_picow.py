"""Pin map: Raspberry Pi Pico W seat pad. The only firmware module that names pins."""

from machine import I2C, PWM, Pin
from micropython import const

NAME = "picow"
# buttons, in protocol.BUTTONS order: play, discard, undo, ok, forfeit, menu (to GND, pull-up)
_PLAY = const(2)
_DISCARD = const(3)
_UNDO = const(4)
_OK = const(5)
_FORFEIT = const(6)
_MENU = const(7)
_SDA = const(14)  # I2C1: SSD1306 at 0x3C, PN532 at 0x24
_SCL = const(15)
_LED = const(16)  # WS2812 data in (via 330 ohm)
_BUZZER = const(18)
_I2C_HZ = const(400000)

ACTIVE_LOW = True


def buttons() -> "list[Pin]":
    return [Pin(n, Pin.IN, Pin.PULL_UP) for n in (_PLAY, _DISCARD, _UNDO, _OK, _FORFEIT, _MENU)]


def i2c() -> I2C:
    return I2C(1, sda=Pin(_SDA), scl=Pin(_SCL), freq=_I2C_HZ)


def led_pin() -> Pin:
    return Pin(_LED, Pin.OUT)


def buzzer() -> PWM:
    return PWM(Pin(_BUZZER), freq=2000, duty_u16=0)
