"""Tien Gow Table vision: finds and reads Chinese dominoes seen from above."""
