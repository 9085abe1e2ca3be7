"""The pure rules core of Tien Gow: stdlib only, no I/O, clock or randomness."""
