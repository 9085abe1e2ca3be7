"""Tien Gow Table hub: the rules, the referee, the live table and the scoreboard."""
