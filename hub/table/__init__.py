"""The live table: camera reports and pad presses become refereed transcript events."""
