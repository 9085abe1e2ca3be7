"""The composition root: builds the real adapters for `tiengow hub` and wires them together.

Tests wire the same pieces (service, live table, app) with a temporary ledger
and simulated pads instead.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette

from hub.adapters.camera import Camera, source_frames
from hub.adapters.ledger import Ledger
from hub.config import HubConfig
from hub.pads.embedded import EmbeddedBroker
from hub.pads.intake import PadEvent, PadIntake, PadPresence
from hub.pads.ledger import PadLedger
from hub.pads.mqtt_pads import MqttPads
from hub.pads.serial_pads import SerialPad
from hub.rules.options import load_rules, rules_json
from hub.table.live import LiveSettings, LiveTable, Ticker
from hub.table.service import TableService
from hub.web.app import create_app

log = logging.getLogger("tiengow.hub")


@dataclass
class Hub:
    config: HubConfig
    ledger: Ledger
    service: TableService
    live: LiveTable
    intake: PadIntake
    app: Starlette
    admin_token: str
    stoppers: list[Any] = field(default_factory=list)  # adapters with .stop(), stopped in reverse

    def close(self) -> None:
        for adapter in reversed(self.stoppers):
            try:
                adapter.stop()
            except Exception:  # a failing adapter must not keep the others running
                log.exception("stopping %r", adapter)
        self.ledger.close()


def _calibration(path: str | None) -> object | None:
    """The saved calibration (checked loadable with the settings), or None."""
    if path is None:
        return None
    from pathlib import Path

    from vision.calibrate import Calibration

    return Calibration.load(Path(path))


def build(
    config: HubConfig, players: int = 4, mqtt_port: int = 1883, with_camera: bool = True
) -> Hub:
    """Every adapter the configuration asks for, started, and the web app.

    ``with_camera=False`` leaves the zone views to the caller (the demo renders its own frames).
    """
    ledger = Ledger(config.db, exclusive=True)
    service = TableService(ledger, config.table, rules_json(load_rules(config.rules)))
    settings = LiveSettings(
        confidence=config.confidence,
        auto_confirm_s=config.auto_confirm_s,
        camera=config.camera != "none",
        seats=players,
    )
    live = LiveTable(service, settings)

    def sink(event: PadEvent) -> None:
        # The pad's key is written in the same transaction as what its press causes.
        if event.kind == "btn":
            live.on_press(event.seat, event.value, also=lambda db: PadLedger.record_in(db, event))

    def on_presence(p: PadPresence) -> None:
        service.set_online(p.seat, p.online)

    with ledger.transaction() as db:
        applied = PadLedger.applied_in(db)
    intake = PadIntake(
        sink, table=config.table, on_presence=on_presence, applied=applied, seats=players
    )
    live.show_fn = intake.show
    token = config.admin_token or secrets.token_urlsafe(12)
    hub = Hub(config, ledger, service, live, intake, create_app(service, token), token)
    try:
        if settings.auto_confirm_s > 0:  # nothing else wakes the table when no one presses
            hub.stoppers.append(Ticker(live).start())
        if config.camera != "none" and with_camera:

            def camera_notice(message: str) -> None:
                log.warning("camera: %s", message)
                service.set_notice({"seat": None, "message": message})

            def camera_fine(message: str) -> None:
                log.info("camera: over: %s", message)
                with service.lock:  # (not a refusal, nor other trouble, shown since)
                    if service.notice == {"seat": None, "message": message}:
                        service.set_notice(None)

            camera = Camera(
                source_frames(
                    config.camera,
                    camera_notice,
                    fps=config.camera_fps,
                    paced=not config.camera_fast,  # a recording replayed as it was taken
                ),
                live.on_zone,
                ledger,
                retention_s=config.frame_retention_days * 86400,
                on_error=camera_notice,
                on_clear=camera_fine,
                on_settling=live.on_settling,
                calibration=_calibration(config.calibration),
            )
            hub.stoppers.append(camera.start())
        for seat, device in sorted(config.serial.items()):
            hub.stoppers.append(SerialPad(intake, seat, device).start())
        if config.mqtt:
            url = config.mqtt
            if url == "embedded":
                broker = EmbeddedBroker(mqtt_port).start()
                hub.stoppers.append(broker)
                url = broker.url
            mqtt = MqttPads(intake, url).start()
            hub.stoppers.append(mqtt)
            with service.lock:  # the snapshot now, retained from the start; then every change
                mqtt.publish_state(service.state())
                service.listeners.append(lambda row, snapshot: mqtt.publish_state(snapshot))
    except Exception:
        hub.close()
        raise
    live.refresh()
    return hub
