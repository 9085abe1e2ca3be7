"""`tiengow hub` settings: flags and/or ``--config table.toml``, checked before anything starts.

Every problem is reported at once, each naming the setting, the value and what
would be accepted, so a club can fix its file in one go.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hub.pads.mqtt_pads import parse_mqtt_url
from hub.pads.protocol import is_table_id
from hub.rules.errors import RulesError, TienGowError
from hub.rules.options import load_rules


class ConfigError(TienGowError, ValueError):
    """A hub setting that cannot be used."""


@dataclass(frozen=True, slots=True)
class HubConfig:
    db: str = "tiengow.db"
    http_host: str = "127.0.0.1"
    http_port: int = 8000
    serial: dict[int, str] = field(default_factory=dict)
    mqtt: str | None = None  # a broker URL, or "embedded"
    table: str = "t1"
    rules: str = "hk"
    camera: str = "none"
    camera_fast: bool = False  # a video or folder read as fast as it decodes, not as recorded
    camera_fps: float = 10.0  # a folder of frames', or a bare MJPEG stream's, frames per second
    calibration: str | None = None  # a file saved by `tiengow calibrate`, read from the start
    admin_token: str | None = None
    auto_confirm_s: float = 0.0  # 0: a play needs its seat's `play` press
    confidence: float = 0.9  # reads below this ask the pad to confirm
    frame_retention_days: float = 30.0


KEYS = {
    "db": "a file path",
    "http": "HOST:PORT, e.g. 127.0.0.1:8000",
    "serial": 'a table of SEAT = DEVICE, e.g. 0 = "/dev/ttyACM0"',
    "mqtt": "mqtt://[user:pass@]host[:port] or embedded",
    "table": "1 to 64 letters, digits and '-'",
    "rules": "a preset (hk, mainland, culin1893) or a .toml file",
    "camera": "a device index, a video file, a folder of frames, or none",
    "camera_fast": "true or false (true: a video or folder read as fast as it decodes)",
    "camera_fps": "frames per second > 0, at most 1000 (a folder of frames, a bare MJPEG)",
    "calibration": "a calibration file saved by 'tiengow calibrate --save'",
    "admin_token": "a non-empty string (8 characters or more advised)",
    "auto_confirm_s": "seconds ≥ 0 (0 = wait for the play press)",
    "confidence": "a number between 0 and 1",
    "frame_retention_days": "days ≥ 0",
}


def parse_http(value: str) -> tuple[str, int]:
    m = re.fullmatch(r"(\[[0-9a-fA-F:]+\]|[^:]+):(\d{1,5})", value.strip())
    if not m or not 0 < int(m.group(2)) < 65536:
        raise ConfigError(f"http: {value!r} is not HOST:PORT; expected {KEYS['http']}")
    return m.group(1).strip("[]"), int(m.group(2))


_LOOPBACK = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}  # a wildcard's own loopback


def browser_url(host: str, port: int, path: str = "/") -> str:
    """Where a browser on this machine finds a server listening on ``host``:``port``.

    An IPv6 address is bracketed in a URL (RFC 3986 §3.2.2), and a wildcard address is one to
    listen on, not to browse to: this machine's loopback of that family answers for it (a
    server on '::' listens on IPv6 only)."""
    host = _LOOPBACK.get(host, host)
    return f"http://{f'[{host}]' if ':' in host else host}:{port}{path}"


def from_elsewhere(host: str, port: int) -> str | None:
    """How another screen reaches a server listening on every address (None for one address)."""
    return (
        f"from another screen: http://<this machine's address>:{port}/"
        if host in _LOOPBACK
        else None
    )


def parse_mqtt(value: str) -> str:
    if value != "embedded":
        try:
            parse_mqtt_url(value)
        except ValueError:
            raise ConfigError(
                f"mqtt: {value!r} is not a broker URL; expected {KEYS['mqtt']}"
            ) from None
    return value


def parse_serial(items: dict[Any, Any] | list[str], players: int = 4) -> dict[int, str]:
    pairs: list[tuple[str, Any]] = []
    if isinstance(items, str):  # (the flag's form in a file: read letter by letter otherwise)
        raise ConfigError(f"serial: {items!r} is not {KEYS['serial']}")
    if isinstance(items, dict):
        pairs = [(str(k), v) for k, v in items.items()]
    else:
        for item in items:
            seat, sep, device = item.partition("=")
            if not sep:
                raise ConfigError(f"serial: {item!r} is not SEAT=DEVICE, e.g. 0=/dev/ttyACM0")
            pairs.append((seat, device))
    out: dict[int, str] = {}
    for seat, device in pairs:
        if not seat.strip().isdigit() or not 0 <= int(seat) < players:
            raise ConfigError(f"serial: seat {seat!r} is not a seat number 0-{players - 1}")
        if not isinstance(device, str) or not device:
            raise ConfigError(f"serial: seat {seat} has device {device!r}; expected a device path")
        if int(seat) in out:
            raise ConfigError(
                f"serial: seat {seat} is given twice ({out[int(seat)]!r} and {device!r})"
            )
        out[int(seat)] = device
    return out


def load(flags: dict[str, Any]) -> HubConfig:
    """Settings from a config file (``flags['config']``) overridden by the flags that were given."""
    raw: dict[str, Any] = {}
    if flags.get("config"):
        path = Path(flags["config"])
        try:
            raw = tomllib.loads(path.read_text(encoding="utf-8"))
        except OSError as e:
            raise ConfigError(f"cannot read config {str(path)!r}: {e.strerror}") from None
        except UnicodeDecodeError as e:  # (saved in Latin-1, Big5 ... by an editor)
            raise ConfigError(
                f"config {str(path)!r} is not UTF-8 text (byte {e.object[e.start]:#x} at "
                f"position {e.start}); a TOML file is UTF-8: save it as UTF-8"
            ) from None
        except tomllib.TOMLDecodeError as e:
            raise ConfigError(f"config {str(path)!r} is not valid TOML: {e}") from None
        unknown = sorted(set(raw) - set(KEYS))
        if unknown:
            raise ConfigError(
                f"config {str(path)!r}: unknown setting(s) {unknown}; known: {', '.join(KEYS)}"
            )
    for key, value in flags.items():
        if key != "config" and value not in (None, [], {}):
            raw[key] = value
    problems: list[str] = []
    values: dict[str, Any] = {}

    def check(key: str, fn: Any) -> None:
        if key in raw:
            try:
                fn(raw[key])
            except ConfigError as e:
                problems.append(str(e))
            except (TypeError, ValueError, AttributeError):
                problems.append(f"{key}: {raw[key]!r} is not {KEYS[key]}")

    check("db", lambda v: values.__setitem__("db", _text(v, "db")))
    check(
        "http",
        lambda v: values.update(zip(("http_host", "http_port"), parse_http(str(v)), strict=True)),
    )
    check("mqtt", lambda v: values.__setitem__("mqtt", parse_mqtt(str(v))))
    check("serial", lambda v: values.__setitem__("serial", parse_serial(v)))
    check("table", lambda v: values.__setitem__("table", _table_id(v)))
    check("rules", lambda v: values.__setitem__("rules", _rules(v)))
    check("camera", lambda v: values.__setitem__("camera", _camera(v)))
    check("camera_fast", lambda v: values.__setitem__("camera_fast", _bool(v, "camera_fast")))
    check("camera_fps", lambda v: values.__setitem__("camera_fps", _fps(v)))
    check("calibration", lambda v: values.__setitem__("calibration", _calibration(v)))
    check("admin_token", lambda v: values.__setitem__("admin_token", _token(v)))
    check(
        "auto_confirm_s",
        lambda v: values.__setitem__("auto_confirm_s", _number(v, "auto_confirm_s", 0, 3600)),
    )
    check("confidence", lambda v: values.__setitem__("confidence", _number(v, "confidence", 0, 1)))
    check(
        "frame_retention_days",
        lambda v: values.__setitem__(
            "frame_retention_days", _number(v, "frame_retention_days", 0, 36500)
        ),
    )
    if problems:
        raise ConfigError("bad hub settings:\n  " + "\n  ".join(problems))
    return HubConfig(**values)


def _text(v: Any, key: str) -> str:
    if not isinstance(v, str) or not v:
        raise ConfigError(f"{key}: {v!r} is not {KEYS[key]}")
    return v


def _calibration(v: Any) -> str:
    """A calibration file that loads (read now: a broken one is said before the hub starts)."""
    from vision.calibrate import Calibration
    from vision.errors import RecognitionError

    path = _text(v, "calibration")
    try:
        Calibration.load(Path(path))
    except RecognitionError as e:
        raise ConfigError(f"calibration: {e}") from e
    return path


def _camera(v: Any) -> str:
    source = _text(v, "camera")
    if source != "none" and not source.isdigit() and not Path(source).exists():
        raise ConfigError(f"camera: {source!r} does not exist; expected {KEYS['camera']}")
    return source


def _bool(v: Any, key: str) -> bool:
    if not isinstance(v, bool):
        raise ConfigError(f"{key}: {v!r} is not {KEYS[key]}")
    return v


def _fps(v: Any) -> float:
    fps = _number(v, "camera_fps", 0, 1000)
    if fps == 0:  # (no frame would ever follow the first)
        raise ConfigError(f"camera_fps: {v!r} is not {KEYS['camera_fps']}")
    return fps


def _table_id(v: Any) -> str:
    # the pads' own rule (their codec checks the welcome's table, their config the topics')
    if not isinstance(v, str) or not is_table_id(v):
        raise ConfigError(f"table: {v!r} is not {KEYS['table']}")
    return v


def _rules(v: Any) -> str:
    try:
        load_rules(str(v))
    except RulesError as e:
        raise ConfigError(f"rules: {e}") from None
    return str(v)


def _token(v: Any) -> str:
    if not isinstance(v, str) or not v:
        raise ConfigError(
            f"admin_token: {'(hidden)' if isinstance(v, str) else repr(v)} is not {KEYS['admin_token']}"
        )
    return v


def _number(v: Any, key: str, lo: float, hi: float) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float) or not lo <= v <= hi:
        raise ConfigError(f"{key}: {v!r} is not {KEYS[key]}")
    return float(v)
