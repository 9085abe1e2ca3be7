"""`tiengow broker-config`: a mosquitto configuration for one table's pads.

Writes, into ``--out DIR``:

* ``mosquitto.conf``: one listener, no anonymous clients, the password and ACL files below;
* ``passwd``: one user per pad (``pad-<table>-<seat>``) and one for the hub (``hub-<table>``),
  hashed as mosquitto 2 does (``$7$``: PBKDF2-SHA512, 101 rounds, 12-byte salt);
* ``acl``: pad N may publish only ``tiengow/<table>/seat/N/up`` and ``.../online`` and read only
  ``.../down``; the hub may read and write all of ``tiengow/<table>/#``;
* ``credentials.json`` (mode 0600): the plain passwords, for ``tiengow flash --credentials`` and
  ``tiengow hub --mqtt``. Running the command again keeps the passwords already there.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import secrets
import sys
from pathlib import Path

from hub.pads import protocol

ITERATIONS = 101  # mosquitto_passwd's default for $7$
SALT_BYTES = 12


def hash_password(password: str, salt: bytes | None = None, iterations: int = ITERATIONS) -> str:
    """A mosquitto 2 password-file hash: ``$7$<iterations>$<salt b64>$<pbkdf2-sha512 b64>``."""
    salt = salt if salt is not None else secrets.token_bytes(SALT_BYTES)
    digest = hashlib.pbkdf2_hmac("sha512", password.encode(), salt, iterations, dklen=64)
    b64 = base64.b64encode
    return f"$7${iterations}${b64(salt).decode()}${b64(digest).decode()}"


def check_password(password: str, entry: str) -> bool:
    """True when ``password`` matches a ``$7$`` hash."""
    parts = entry.split("$")
    if len(parts) != 5 or parts[1] != "7" or not parts[2].isdigit():
        raise ValueError(f"not a mosquitto $7$ hash: {entry!r}")
    salt = base64.b64decode(parts[3])
    return secrets.compare_digest(hash_password(password, salt, int(parts[2])), entry)


def pad_user(table: str, seat: int) -> str:
    return f"pad-{table}-{seat}"


def hub_user(table: str) -> str:
    return f"hub-{table}"


def acl_text(table: str, seats: int) -> str:
    lines = [f"# tiengow table {table}: written by `tiengow broker-config`", ""]
    lines += [f"user {hub_user(table)}", f"topic readwrite tiengow/{table}/#", ""]
    for seat in range(seats):
        lines += [
            f"user {pad_user(table, seat)}",
            f"topic write {protocol.topic(table, seat, 'up')}",
            f"topic write {protocol.topic(table, seat, 'online')}",
            f"topic read {protocol.topic(table, seat, 'down')}",
            "",
        ]
    return "\n".join(lines)


def conf_text(out: Path, port: int, bind: str, user: str | None = None) -> str:
    return "\n".join(
        [
            "# mosquitto 2 configuration for a Tien Gow table (tiengow broker-config)",
            *([f"user {user}"] if user else []),
            "per_listener_settings false",
            "# small frames out at once: without it a pad's ack waits ~40 ms (Nagle)",
            "set_tcp_nodelay true",
            f"listener {port} {bind}",
            "allow_anonymous false",
            f"password_file {out / 'passwd'}",
            f"acl_file {out / 'acl'}",
            "# pads retransmit, so the broker need not keep messages across restarts",
            "persistence false",
            "max_keepalive 60",
            "",
        ]
    )


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", required=True, type=Path, help="folder to write the files into")
    parser.add_argument("--table", default="t1", help="table id (default t1)")
    parser.add_argument("--seats", type=int, default=protocol.SEATS, choices=range(1, 5))
    parser.add_argument("--port", type=int, default=1883)
    parser.add_argument(
        "--bind", default="0.0.0.0", help="address to listen on (default: all, for Wi-Fi pads)"
    )
    parser.add_argument(
        "--run-as", help="the system user mosquitto drops to when started as root (its `user`)"
    )


def write_config(
    out: Path, table: str, seats: int, port: int, bind: str, run_as: str | None = None
) -> dict[str, str]:
    """Write the four files; return the credentials (user -> plain password)."""
    if not protocol.is_table_id(table):
        raise ValueError(f"--table must be letters, digits and '-', got {table!r}")
    if not 0 < port < 65536:
        raise ValueError(f"--port must be 1..65535, got {port}")
    out = out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    cred_path = out / "credentials.json"
    creds = _read_credentials(cred_path) if cred_path.exists() else {}
    users = [hub_user(table)] + [pad_user(table, s) for s in range(seats)]
    for user in users:
        creds.setdefault(user, secrets.token_urlsafe(18))
    creds = {user: creds[user] for user in users}
    (out / "passwd").write_text("".join(f"{u}:{hash_password(p)}\n" for u, p in creds.items()))
    (out / "acl").write_text(acl_text(table, seats))
    (out / "mosquitto.conf").write_text(conf_text(out, port, bind, run_as))
    fd = os.open(cred_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        json.dump({"table": table, "port": port, "users": creds}, f, indent=2)
    for name in ("passwd", "credentials.json"):
        os.chmod(out / name, 0o600)
    return creds


def _read_credentials(path: Path) -> dict[str, str]:
    """The passwords already given out (kept, so flashed pads still log in), or `ValueError`
    naming the file when it is not what this command writes."""
    try:
        users = json.loads(path.read_text(encoding="utf-8")).get("users")
    except (ValueError, AttributeError):  # (not JSON, or JSON but not an object)
        users = None
    if not isinstance(users, dict) or not all(
        isinstance(u, str) and isinstance(p, str) for u, p in users.items()
    ):
        raise ValueError(
            f"{str(path)!r} is not a credentials file of this command: expected JSON with "
            '"users": {user: password}; move it away to make new passwords'
        )
    return users


def run(args: argparse.Namespace) -> int:
    try:
        creds = write_config(args.out, args.table, args.seats, args.port, args.bind, args.run_as)
    except (ValueError, OSError) as exc:
        print(f"tiengow broker-config: {exc}", file=sys.stderr)
        return 2
    out = args.out.resolve()
    print(f"wrote {out}/mosquitto.conf, passwd, acl, credentials.json ({len(creds)} users)")
    if args.run_as:
        # the `user` line acts only on a mosquitto started as root, which drops to that user
        # before it opens the password file (mode 0600): the file must be that user's
        print(
            f"run:  sudo chown {args.run_as}: {out}/passwd"
            f" && sudo mosquitto -c {out}/mosquitto.conf"
        )
    else:
        print(f"run:  mosquitto -c {out}/mosquitto.conf")
    hub = hub_user(args.table)
    print(
        f"hub:  tiengow hub --table {args.table} --mqtt mqtt://{hub}:<password>@<host>:{args.port}"
    )
    return 0
