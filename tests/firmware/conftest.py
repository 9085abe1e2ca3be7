collect_ignore = ["mp"]  # MicroPython scripts, run by test_firmware.py on the unix port
