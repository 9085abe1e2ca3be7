# A fake one-pixel NeoPixel: each change of colour is reported on stderr.
import sys


class NeoPixel:
    def __init__(self, pin, n):
        self.pixels = [(0, 0, 0)] * n
        self._shown = None

    def __setitem__(self, i, v):
        self.pixels[i] = v

    def write(self):
        if self.pixels[0] != self._shown:
            self._shown = self.pixels[0]
            sys.stderr.write("led %d,%d,%d\n" % self._shown)
