"""Pin map: ESP32-S3-DevKitC-1 (N8R8) seat pad. The only firmware module naming pin numbers;
``hw.py`` turns a board module into devices."""

from micropython import const

NAME = "esp32s3"
# buttons, in protocol.BUTTONS order: play, discard, undo, ok, forfeit, menu (to GND, pull-up)
BUTTONS = (const(4), const(5), const(6), const(7), const(15), const(16))
ACTIVE_LOW = True
I2C_BUS = const(0)
SDA = const(8)  # SSD1306 at 0x3C, PN532 at 0x24
SCL = const(9)
LED = const(48)  # the DevKitC-1's own WS2812 (v1.1 boards: 38)
BUZZER = const(17)
