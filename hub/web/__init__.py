"""The scoreboard pages and the HTTP API."""
