"""The embedded default: a whole simulated table on one machine, no hardware.

The demo plays the part of the physical world around a real hub:

* computer players (one deal known only to the demo) choose uniformly among
  the legal plays;
* each play or discard is *rendered* as a camera frame of the mat with the
  tiles in the seat's play zone, and that frame goes through the real
  recogniser, which tells the live table what it sees;
* the seat's simulated pad presses ``play`` or ``discard`` over the real
  protocol: seats 0 and 1 over serial (a pty pair), seats 2 and 3 over MQTT
  (the embedded broker);
* when the camera misreads or misses a tile, the operator corrects it with a
  new event (undo + the right play), as a club organiser would.

The scoreboard is live at the HTTP address throughout.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import random
import tempfile
import threading
import time
import tty
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import uvicorn

from hub.config import HubConfig, browser_url, from_elsewhere
from hub.main import Hub, build
from hub.pads.sim import FdPort, MqttPadTransport, SerialPadTransport, SimPad
from hub.referee.hand import Action, HandState, Namer, decide, evolve, table_for
from hub.referee.transcript import HandResult, HandSpec, action_json, finish_hand, start_hand
from hub.rules.options import LiPai, Rules, load_rules, rules_json
from hub.rules.tiles import faces_in
from hub.selfplay import choose, random_deal
from hub.table.live import ZoneView
from hub.table.service import TableService

SEAT_NAMES = ["東 East", "南 South", "西 West", "北 North"]
WAIT_S = 20.0
SESSION_HANDS = 24  # left running, the demo ends its session after this many hands, then
INTERVAL_S = 30.0  # shows its standings (the scoreboard's attract mode) this long, then a new one
FRAME_TRIES = 5  # frames the camera takes to find the mat before it reports nothing seen


@dataclass
class DemoStats:
    hands: int = 0
    frames: int = 0
    misreads: int = 0
    corrections: int = 0
    confirmed: int = 0  # reads in doubt the pad asked about, answered OK by the player
    totals: dict[str, int] = field(default_factory=dict)


class Camera:
    """Renders the seat's play zone and reads it back with the real recogniser."""

    def __init__(self, seed: int) -> None:
        from vision.calibrate import find_mat
        from vision.errors import RecognitionError
        from vision.synth.render import render_table
        from vision.table import TableRecognizer

        self._render = render_table
        self._recognizer = TableRecognizer
        self._find_mat = find_mat
        self._not_read = RecognitionError
        self._rng = random.Random(seed)

    def look(self, seat: int, faces: list[str | None]) -> ZoneView:
        zone = f"seat{seat}.play"
        for _ in range(FRAME_TRIES):
            frame, _truth = self._render({zone: faces}, self._rng.randrange(1 << 30))
            # the renderer moves its camera a little every frame: find the mat each time
            try:
                calibration = self._find_mat(frame)
                break
            except self._not_read:
                continue  # now and then a frame gives no mat: the camera's next one does
        else:  # nothing seen: the pad's press is refused and the operator enters the play
            return ZoneView(seat, (), 0, 0.0, time.monotonic())
        obs = self._recognizer(calibration).observe(frame)
        seen = tuple(sorted((t.face for t in obs.tiles if t.zone == zone), reverse=True))
        confidence = min((t.confidence for t in obs.tiles if t.zone == zone), default=1.0)
        if obs.uncertain_zones.get(zone):
            # a tile there read in doubt: what was read is not the whole play, so the pad
            # asks, as the live camera's view does (hub/adapters/camera.py)
            confidence = 0.0
        # (the zone's own backs, as the live camera counts them)
        down = obs.face_down_zones.get(zone, 0)
        return ZoneView(seat, seen, down, confidence, time.monotonic())


class Demo:
    def __init__(
        self, rules: Rules, hub: Hub, seed: int, delay: float, say: Callable[[str], None]
    ) -> None:
        self.rules = rules
        self.hub = hub
        self.rng = random.Random(seed)
        self.delay = delay
        self.say = say
        self.seats = SEAT_NAMES[: rules.players]
        self.stats = DemoStats()
        self.camera = Camera(seed)
        self.changed = threading.Condition()
        hub.service.listeners.append(lambda row, snap: self._notify())
        # the pads' screens change without an event too (a read in doubt: "Play X? OK/UNDO")
        shown = hub.live.show_fn

        def show(seat: int, lines: list[str], led: str, beep: int) -> None:
            if shown is not None:
                shown(seat, lines, led, beep)
            self._notify()

        hub.live.show_fn = show
        self.pads: list[SimPad] = []
        self.ptys: list[tuple[int, int]] = []

    def _notify(self) -> None:
        with self.changed:
            self.changed.notify_all()

    def _applied(self) -> int:
        session = self.hub.service.session
        return sum(len(h.actions) for h in session.hands) if session else 0

    def start_pads(self, serial_paths: dict[int, int], mqtt_url: str) -> None:
        for seat in range(self.rules.players):
            if seat in serial_paths:
                transport: Any = SerialPadTransport(_opener(serial_paths[seat]), reopen_s=0.1)
            else:
                transport = MqttPadTransport(mqtt_url, self.hub.config.table, seat)
            self.pads.append(SimPad(seat, transport).start())

    def stop(self) -> None:
        for pad in self.pads:
            pad.stop()

    def play_hand(self, index: int, previous_truth: HandResult | None) -> HandResult:
        """One hand: the world acts, the hub referees; returns the world's own result."""
        rules, table = self.rules, table_for(self.rules)
        names = Namer(self.seats)
        deal = random_deal(self.rng, rules)
        spec = HandSpec(0 if index == 0 else None, None, deal, ())
        truth: HandState = start_hand(rules, rules.players, index, spec, previous_truth)
        while not truth.done:
            action = choose(rules, table, truth, self.rng)
            self._act(action, truth)
            truth = evolve(rules, table, truth, decide(rules, table, truth, action, names))
            if self.delay:
                time.sleep(self.delay)
        result = finish_hand(rules, truth)
        self.stats.hands += 1
        return result

    def _act(self, action: Action, truth: HandState) -> None:
        seat = action.seat
        faces = faces_in(action.mask)
        if action.kind == "play":
            view = self.camera.look(seat, list(faces))
        else:
            view = self.camera.look(seat, [None] * len(faces))
        self.stats.frames += 1
        self.hub.live.on_zone(view)
        before = self._applied()
        self.pads[seat].press(action.kind)
        with self.changed:
            self.changed.wait_for(
                lambda: self._applied() > before or self._refused(seat) or self._asked(seat),
                WAIT_S,
            )
        pending = self.hub.live.pending.get(seat)
        if self._applied() == before and pending is not None:
            # the camera read the play in doubt and the pad asks "Play X? OK/UNDO": the player
            # looks at the tiles named and answers, as at a real table (left unanswered, the
            # demo stood still for WAIT_S and the operator entered the play)
            right = action.kind == "play" and sorted(pending.faces) == sorted(faces)
            self.stats.confirmed += right
            self.pads[seat].press("ok" if right else "undo")
            with self.changed:
                self.changed.wait_for(
                    lambda: (
                        self._applied() > before or self._refused(seat) or not self._asked(seat)
                    ),
                    WAIT_S,
                )
        expected = action_json(action, self.seats)
        if action.kind == "discard":
            expected = {"seat": expected["seat"], "discard": len(faces)}
        self._correct_if_needed(seat, before, expected)

    def _asked(self, seat: int) -> bool:
        return seat in self.hub.live.pending

    def _refused(self, seat: int) -> bool:
        notice = self.hub.live.notice
        return notice is not None and notice.get("seat") == self.seats[seat]

    def _correct_if_needed(self, seat: int, before: int, expected: dict[str, Any]) -> None:
        """The operator's job: when the table did not record what was really played, fix it."""
        service = self.hub.service
        session = service.session
        if session is None:
            return
        # (under the table's lock, as a pad's press is handled: an OK to the pad's question
        # that came after the wait is either recorded before this looks, or finds the
        # question gone. Looked at first and the question dropped after, a late OK could
        # play the tiles in between, and the operator's entry was refused as out of turn)
        with self.hub.live.lock:
            self.hub.live.pending.pop(seat, None)
            if self._applied() > before:
                last = action_json(session.hands[-1].actions[-1], self.seats)
                if _same(last, expected):
                    return
                self.stats.misreads += 1
                service.undo("operator", f"camera misread {last}")
            else:
                self.stats.misreads += 1
            service.submit(expected, "operator")
            self.stats.corrections += 1


def _opener(fd: int) -> Callable[[], FdPort]:
    return lambda: FdPort(fd)


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    if a.get("seat") != b.get("seat"):
        return False
    if "play" in a or "play" in b:
        return sorted(a.get("play", [])) == sorted(b.get("play", []))
    da, db = a.get("discard"), b.get("discard")
    return (len(da) if isinstance(da, list) else da) == (len(db) if isinstance(db, list) else db)


def _pty() -> tuple[int, int, str]:
    master, slave = os.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    return master, slave, os.ttyname(slave)


def run(
    hands: int | None,
    db: str | None,
    http: tuple[str, int],
    rules_name: str = "hk",
    seed: int = 0,
    delay: float = 0.0,
    say: Callable[[str], None] = print,
    session_hands: int | None = None,
) -> dict[str, Any]:
    """Run the simulated table; returns the summary line's fields (the totals are the last
    session's). With ``session_hands``, each session ends after that many hands and another
    starts, so that a demo left running keeps sessions of a club evening's length."""
    # amqtt reports every slow acknowledgement of its own; the demo's pads resend, so hush it
    logging.getLogger("amqtt").setLevel(logging.CRITICAL)
    logging.getLogger("transitions").setLevel(logging.CRITICAL)
    base = load_rules(rules_name)
    # Nobody at a physical table shows the deal to the hub, so instant-win hands (例牌) are not
    # claimed in the demo: the hub could not check them.
    rules = _without_li_pai(base)
    tmp = tempfile.TemporaryDirectory(prefix="tiengow-demo-")
    ptys = [_pty() for _ in range(2)]
    config = HubConfig(
        db=db or str(Path(tmp.name) / "demo.db"),
        http_host=http[0],
        http_port=http[1],
        serial={0: ptys[0][2], 1: ptys[1][2]},
        mqtt="embedded",
        camera="demo",
        admin_token=os.urandom(9).hex(),
    )
    hub = build(config, players=rules.players, mqtt_port=0, with_camera=False)
    server = uvicorn.Server(
        uvicorn.Config(hub.app, host=http[0], port=http[1], log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started and thread.is_alive():  # uvicorn sets `started` once it listens
        time.sleep(0.02)
    if not server.started:
        hub.close()
        tmp.cleanup()
        raise OSError(f"cannot serve the scoreboard on {http[0]}:{http[1]} (is the port in use?)")
    demo = Demo(rules, hub, seed, delay, say)
    session = {
        "rules": _rules_source(rules_name, rules),
        "seats": demo.seats,
        "hands": [{"banker": demo.seats[0]}],
    }
    try:
        resumed = _resume(hub.service, rules, demo.seats)
        if resumed is None:
            hub.service.start_session(session, "demo")
            previous, i = None, 0
        else:
            previous, i = resumed
            say(f"{config.db}: session {hub.service.session_id} goes on after {i} hands")
        broker_url = next(
            a.url for a in hub.stoppers if hasattr(a, "url") and str(a.url).startswith("mqtt")
        )
        demo.start_pads({0: ptys[0][0], 1: ptys[1][0]}, broker_url)
        say(f"scoreboard: {browser_url(*http)}   overlay: {browser_url(*http, '/overlay')}")
        if hint := from_elsewhere(*http):
            say(hint)
        # (i: the hand of the session)
        while hands is None or demo.stats.hands < hands:
            if session_hands is not None and i >= session_hands:
                hub.service.end_session("demo")
                say(f"session ended after {i} hands; a new one starts")
                if delay:
                    time.sleep(INTERVAL_S)
                hub.service.start_session(session, "demo")
                previous, i = None, 0
            previous = demo.play_hand(i, previous)
            state = hub.service.state()
            scores = {p["name"]: p["score"] for p in state["seats"]}
            say(f"hand {i + 1}: winner {demo.seats[previous.winner]}; totals {scores}")
            i += 1
    except KeyboardInterrupt:
        say("stopped")
    finally:
        demo.stop()
        server.should_exit = True
        thread.join(10)
        summary = {
            "hands": demo.stats.hands,
            "totals": {p["name"]: p["score"] for p in hub.service.state()["seats"]},
            "frames": demo.stats.frames,
            "misreads": demo.stats.misreads,
            "pad_messages": hub.intake.stats.received,
            # (beyond interfaces.md's fields: the reads in doubt the players confirmed)
            "confirmed": demo.stats.confirmed,
        }
        hub.close()
        for master, slave, _ in ptys:
            for fd in (master, slave):
                with contextlib.suppress(OSError):
                    os.close(fd)
        tmp.cleanup()
    return summary


def _resume(
    service: TableService, rules: Rules, seats: list[str]
) -> tuple[HandResult | None, int] | None:
    """Go on with the session a reopened ledger holds, if it is the demo's table (same seats and
    rules) and still open: returns the last hand's result and the number of hands played, or
    None when a new session must start. A hand cut short by the stop is taken back: the
    players' hidden tiles died with the demo that dealt them, so it is dealt again."""
    live = service.session
    if live is None or live.ended or live.seats != seats:
        return None
    if rules_json(live.rules) != rules_json(rules):
        return None
    while not live.state.done and live.hands[-1].actions:
        service.undo("demo", "the demo stopped mid-hand: the hand is dealt again")
    return (live.results[-1] if live.results else None), len(live.results)


def _without_li_pai(rules: Rules) -> Rules:
    return dataclasses.replace(rules, li_pai=LiPai(**{k: False for k in LiPai.__slots__}))


def _rules_source(name: str, rules: Rules) -> Any:
    return rules_json(rules)
