"""Pin map: Raspberry Pi Pico W seat pad. The only firmware module naming pin numbers;
``hw.py`` turns a board module into devices."""

from micropython import const

NAME = "picow"
# buttons, in protocol.BUTTONS order: play, discard, undo, ok, forfeit, menu (to GND, pull-up)
BUTTONS = (const(2), const(3), const(4), const(5), const(6), const(7))
ACTIVE_LOW = True
I2C_BUS = const(1)
SDA = const(14)  # I2C1: SSD1306 at 0x3C, PN532 at 0x24
SCL = const(15)
LED = const(16)  # WS2812 data in (via 330 ohm)
BUZZER = const(18)
