"""MQTT seat pads (transport B) with paho-mqtt 2: QoS 1, TCP_NODELAY, presence from `online`.

``MqttPads`` subscribes to every seat's ``up`` and ``online`` topics of one table, hands intact
messages to ``PadIntake`` and answers on the seat's ``down`` topic. paho reconnects by itself
after a broker restart; on every (re)connect the subscriptions are renewed and each online seat
gets its display state again. A retained ``online`` of ``1`` attaches the seat, ``0`` (the pad's
last will, or its clean goodbye) detaches it.
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from hub.pads import protocol
from hub.pads.intake import DropReport, PadIntake, intact_envelope
from hub.pads.protocol import ProtocolError

if TYPE_CHECKING:
    from hub.pads.protocol import Message

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class MqttUrl:
    host: str
    port: int = 1883
    username: str | None = None
    password: str | None = None


def parse_mqtt_url(url: str) -> MqttUrl:
    """``mqtt://[user:pass@]host[:port]`` (the ``--mqtt`` flag)."""
    parts = urlsplit(url)
    try:
        port = parts.port or 1883
    except ValueError:
        port = -1
    if parts.scheme != "mqtt" or not parts.hostname or port <= 0 or parts.path not in ("", "/"):
        raise ValueError(
            f"--mqtt takes mqtt://[user:pass@]host[:port] (or 'embedded'), got {url!r}"
        )
    user = unquote(parts.username) if parts.username else None
    password = unquote(parts.password) if parts.password else None
    return MqttUrl(parts.hostname, port, user, password)


def set_nodelay(client: mqtt.Client, userdata: Any, sock: Any) -> None:
    """paho ``on_socket_open``: small frames go out at once (no Nagle delay)."""
    if isinstance(sock, socket.socket) and sock.family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


@dataclass
class MqttStats:
    messages: int = 0
    bad: int = 0
    wrong_seat: int = 0
    connects: int = 0


class _SeatLink:
    def __init__(self, pads: MqttPads, seat: int) -> None:
        self.pads = pads
        self.seat = seat
        self.topic = protocol.topic(pads.table, seat, "down")

    def send(self, msg: Message) -> None:
        info = self.pads.client.publish(self.topic, protocol.encode(msg), qos=1)
        if info.rc != mqtt.MQTT_ERR_SUCCESS:
            raise OSError(f"publish to {self.topic} failed: {mqtt.error_string(info.rc)}")


class MqttPads:
    """The pads of one table over one broker connection."""

    def __init__(
        self, intake: PadIntake, url: str | MqttUrl, *, client_id: str | None = None
    ) -> None:
        self.intake = intake
        self.table = intake.table
        self.url = parse_mqtt_url(url) if isinstance(url, str) else url
        self.stats = MqttStats()
        self.connected = threading.Event()
        self._state: str | None = None  # the last table snapshot, retained again on reconnect
        self._state_lock = threading.Lock()  # so a reconnect never re-sends an older snapshot
        self._links = [_SeatLink(self, seat) for seat in range(intake.seats)]
        self.drops = [
            DropReport(f"MQTT pad, seat {seat} of table {self.table}")
            for seat in range(intake.seats)
        ]
        self.topic_drops = DropReport(f"MQTT pads of table {self.table}")
        self.client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=client_id or f"tiengow-hub-{self.table}",
            protocol=mqtt.MQTTv311,
        )
        if self.url.username is not None:
            self.client.username_pw_set(self.url.username, self.url.password)
        self.client.reconnect_delay_set(min_delay=1, max_delay=2)
        self.client.on_socket_open = set_nodelay
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message

    def start(self) -> MqttPads:
        self.client.connect_async(self.url.host, self.url.port, keepalive=10)
        self.client.loop_start()
        return self

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
        self.connected.clear()

    def publish_state(self, snapshot: dict[str, Any]) -> None:
        """The retained table snapshot on ``tiengow/<table>/state``; published again on every
        (re)connect, so a broker that kept nothing (a restart) holds it again."""
        import json

        payload = json.dumps(snapshot, separators=(",", ":"))
        with self._state_lock:
            self._state = payload
            self.client.publish(f"tiengow/{self.table}/state", payload, qos=1, retain=True)

    def _on_connect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any
    ) -> None:
        if reason.is_failure:
            log.warning("broker %s refused the hub: %s", self.url.host, reason)
            return
        self.stats.connects += 1
        base = f"tiengow/{self.table}/seat/+/"
        client.subscribe([(base + "up", 1), (base + "online", 1)])
        with self._state_lock:
            if self._state is not None:
                client.publish(f"tiengow/{self.table}/state", self._state, qos=1, retain=True)
        self.connected.set()

    def _on_disconnect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any
    ) -> None:
        self.connected.clear()
        log.info("broker connection lost (%s); paho reconnects", reason)

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        try:
            self._handle(message.topic, bytes(message.payload))
        except Exception:  # a paho callback must never raise: it would stop the loop thread
            log.exception("pad message on %s was not handled", message.topic)

    def _handle(self, topic: str, payload: bytes) -> None:
        self.stats.messages += 1
        parts = topic.split("/")
        seats = f"seats 0-{self.intake.seats - 1}"
        if len(parts) != 5 or not parts[3].isdigit():
            self.stats.wrong_seat += 1
            self.topic_drops.dropped(f"a message on {topic!r}, which names no seat ({seats})")
            return
        seat, leaf = int(parts[3]), parts[4]
        if seat >= self.intake.seats:
            self.stats.wrong_seat += 1
            self._answer_beyond(seat, leaf, payload, topic)
            return
        link = self._links[seat]
        if leaf == "online":
            if payload == b"1":
                self.intake.attach(seat, link, "mqtt")
            else:
                self.intake.detach(seat, link)
            return
        try:
            msg = protocol.decode(payload)
        except ProtocolError as exc:
            self.stats.bad += 1
            intact = intact_envelope(payload)
            if intact is not None and intact["seat"] == seat:
                self.intake.receive_malformed(seat, intact, str(exc), link, "mqtt")
                return
            self.drops[seat].dropped(str(exc))
            return
        if msg["seat"] != seat or msg["t"] in protocol.HUB_TYPES:
            self.stats.wrong_seat += 1
            what = f"seat {msg['seat']}" if msg["seat"] != seat else f"{msg['t']!r}, hub to pad"
            self.drops[seat].dropped(f"a message for {what} on {topic}")
            return
        self.intake.receive(seat, msg, link, "mqtt")

    def _answer_beyond(self, seat: int, leaf: str, payload: bytes, topic: str) -> None:
        """A pad at a seat this table does not have (seat 3 of a three-player table). Its
        intact messages are acked, as pad-protocol.md acks every one (unacked, the pad would
        resend the first for ever, one in flight per pad), but not applied; a hello is told
        which seats the table has, where it looks."""
        seats = f"seats 0-{self.intake.seats - 1}"
        intact = intact_envelope(payload) if leaf == "up" else None
        if intact is None or intact["seat"] != seat:
            self.topic_drops.dropped(f"a message on {topic!r}; this table has {seats}")
            return
        self.topic_drops.dropped(
            f"{intact['t']!r} seq {intact['seq']} from a pad at seat {seat} on {topic!r}, which "
            f"this table does not have ({seats}); acked, not applied"
        )
        down = _SeatLink(self, seat)
        try:
            down.send(protocol.ack(seat, intact["boot"], intact["seq"]))
            if intact["t"] == protocol.HELLO:
                lines = [f"no seat {seat} here", f"this table: {seats}", "flash the pad with",
                         "another --seat"]  # fmt: skip
                down.send(protocol.show(seat, lines, "error", 0))
        except OSError as exc:  # (as the intake's sends: paho reconnects on its own)
            log.warning("could not answer the pad at seat %d: %s", seat, exc)
