"""Pin map: ESP32-S3-DevKitC-1 (N8R8) seat pad. The only firmware module that names pins."""

from machine import I2C, PWM, Pin
from micropython import const

NAME = "esp32s3"
# buttons, in protocol.BUTTONS order: play, discard, undo, ok, forfeit, menu (to GND, pull-up)
_PLAY = const(4)
_DISCARD = const(5)
_UNDO = const(6)
_OK = const(7)
_FORFEIT = const(15)
_MENU = const(16)
_SDA = const(8)  # I2C bus: SSD1306 at 0x3C, PN532 at 0x24
_SCL = const(9)
_LED = const(48)  # the DevKitC-1's own WS2812 (v1.1 boards: 38)
_BUZZER = const(17)
_I2C_HZ = const(400000)

ACTIVE_LOW = True


def buttons() -> "list[Pin]":
    return [Pin(n, Pin.IN, Pin.PULL_UP) for n in (_PLAY, _DISCARD, _UNDO, _OK, _FORFEIT, _MENU)]


def i2c() -> I2C:
    return I2C(0, sda=Pin(_SDA), scl=Pin(_SCL), freq=_I2C_HZ)


def led_pin() -> Pin:
    return Pin(_LED, Pin.OUT)


def buzzer() -> PWM:
    return PWM(Pin(_BUZZER), freq=2000, duty_u16=0)
