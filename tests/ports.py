"""A free TCP port for a test's server."""

from __future__ import annotations

import random
import socket

# Below Linux's ephemeral range (32768-60999): a port asked of the system (bind to port 0)
# comes from that range, which every outgoing connection also draws from, so between the
# check and the server's own bind a client's connection (to mosquitto, to another test's
# server) could take it. Outside the range only another listener can.
_LOW, _HIGH = 20000, 32767
_pick = random.SystemRandom()


def free_port() -> int:
    """A port on 127.0.0.1 nothing listens on now, outside the ephemeral range."""
    for _ in range(200):
        port = _pick.randint(_LOW, _HIGH)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port in {_LOW}-{_HIGH} after 200 tries")
