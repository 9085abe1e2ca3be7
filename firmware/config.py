"""The pad's settings, from ``config.json`` on the board's flash (written by ``tiengow flash``).

    {"seat": 0, "transport": "serial"}
    {"seat": 2, "transport": "mqtt", "table": "t1",
     "wifi": {"ssid": "club", "password": "..."},
     "broker": {"host": "192.168.1.10", "port": 1883, "user": "pad-t1-2", "password": "..."}}

``nfc`` (bool) turns the PN532 on. ``load`` raises ``ConfigError`` naming the key, the value
and what is accepted.
"""

import json

import protocol

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

TRANSPORTS = ("serial", "mqtt")
KEYS = ("seat", "transport", "nfc", "table", "wifi", "broker")
WIFI_KEYS = ("ssid", "password")
BROKER_KEYS = ("host", "port", "user", "password")
PATH = "config.json"


class ConfigError(ValueError):
    pass


def _need(cfg: "dict[str, Any]", key: str, kind: "type", what: str, label: str = "") -> "Any":
    """``cfg[key]`` when it is a ``kind``; ``label`` names it in the message (``wifi.ssid``)."""
    value = cfg.get(key)
    if type(value) is not kind:
        raise ConfigError("config %r must be %s, got %r" % (label or key, what, value))
    return value


def _known(cfg: "dict[str, Any]", keys: "tuple[str, ...]", prefix: str) -> None:
    """Refuse a key not in ``keys``: a misspelt one would leave its setting at the default."""
    for key in cfg:
        if key not in keys:
            raise ConfigError("config has unknown key %r; known: %r" % (prefix + key, keys))


def check(cfg: "Any") -> "dict[str, Any]":
    """Validate a decoded config; return it with defaults filled in."""
    if type(cfg) is not dict:
        raise ConfigError("config must be a JSON object, got %r" % (cfg,))
    _known(cfg, KEYS, "")
    seat = _need(cfg, "seat", int, "a seat number 0..3")
    if not 0 <= seat <= 3:
        raise ConfigError("config 'seat' must be 0..3, got %r" % seat)
    transport = cfg.get("transport", "serial")
    if transport not in TRANSPORTS:
        raise ConfigError("config 'transport' must be one of %r, got %r" % (TRANSPORTS, transport))
    cfg["transport"] = transport
    nfc = cfg.setdefault("nfc", False)
    if type(nfc) is not bool:  # bool("no") is True: only JSON true/false say yes or no
        raise ConfigError("config 'nfc' must be true or false, got %r" % (nfc,))
    if transport == "mqtt":
        table = _need(cfg, "table", str, "the table id (letters, digits, '-')")
        if not protocol.is_table_id(table):  # the hub's own rule: its topics, its checks
            # (an empty one names no topic: tiengow//seat/... reaches no hub)
            raise ConfigError(
                "config 'table' must be 1..64 letters, digits, '-', got %r" % (table,)
            )
        wifi = _need(cfg, "wifi", dict, 'an object {"ssid": ..., "password": ...}')
        _known(wifi, WIFI_KEYS, "wifi.")
        ssid = _need(wifi, "ssid", str, "the Wi-Fi network name", "wifi.ssid")
        if not 0 < len(ssid.encode()) <= 32:  # 802.11: 1..32 bytes
            raise ConfigError("config 'wifi.ssid' must be 1..32 bytes long, got %r" % (ssid,))
        password = wifi.setdefault("password", "")
        if type(password) is not str:  # wlan.connect() raises TypeError: a reset loop
            raise ConfigError(
                "config 'wifi.password' must be a string (\"\" for an open network), got %r"
                % (password,)
            )
        broker = _need(cfg, "broker", dict, 'an object {"host": ..., "port": 1883, ...}')
        _known(broker, BROKER_KEYS, "broker.")
        host = _need(broker, "host", str, "the broker's address", "broker.host")
        if not host:
            raise ConfigError("config 'broker.host' must be the broker's address, got ''")
        port = broker.setdefault("port", 1883)
        if type(port) is not int or not 0 < port < 65536:
            raise ConfigError("config 'broker.port' must be 1..65535, got %r" % (port,))
        user = broker.setdefault("user", None)
        password = broker.setdefault("password", None)
        # umqtt's connect() raises TypeError on a user that is not a string or one without a
        # password (a reset loop); a password without a user is silently not sent
        if user is not None and type(user) is not str:
            raise ConfigError("config 'broker.user' must be a string or null, got %r" % (user,))
        if user is not None and type(password) is not str:
            raise ConfigError(
                "config 'broker.password' must be a string with 'broker.user', got %r"
                % (password,)
            )
        if user is None and password is not None:
            raise ConfigError(
                "config 'broker.user' must be given with 'broker.password', got %r" % (user,)
            )
    return cfg


def load(path: str = PATH) -> "dict[str, Any]":
    try:
        with open(path) as f:
            cfg = json.load(f)
    except OSError as exc:
        raise ConfigError("cannot read %s: %s (flash one with `tiengow flash`)" % (path, exc))
    except ValueError as exc:
        raise ConfigError("%s is not JSON: %s" % (path, exc))
    return check(cfg)
