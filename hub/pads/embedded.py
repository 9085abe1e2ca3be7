"""``--mqtt embedded``: an in-process MQTT broker (amqtt) for the demo and tests only.

Limits, on purpose: it listens on loopback only, has no passwords and no ACL (any client may
publish to any seat's topics), keeps nothing across restarts and speaks MQTT 3.1.1 only. A real
table runs mosquitto with ``tiengow broker-config`` (see docs/mqtt.md).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

log = logging.getLogger(__name__)


def _not_startup_failure(record: logging.LogRecord) -> bool:
    # amqtt logs its failed start with a traceback; `start` says it in one line, naming the port
    return record.getMessage() != "Broker startup failed"


logging.getLogger("amqtt.broker").addFilter(_not_startup_failure)


def _broker_class() -> Any:
    """amqtt's Broker, sending a client only the retained messages of its own subscriptions,
    and closing every connection's writer when its session ends.

    amqtt 0.12 sends every client that connects the retained messages matching every topic
    filter any client holds (its loop goes over the broker's filters, not the session's): with
    the hub subscribed to the seats' ``online``, each pad and display that connected got every
    seat's retained ``1``/``0`` on topics it never asked for."""
    from amqtt.broker import Broker

    class OwnRetainedBroker(Broker):  # type: ignore[misc]
        async def _publish_retained_messages_for_subscription(
            self, subscription: tuple[str, int], session: Any
        ) -> None:
            holders = self._subscriptions.get(subscription[0], ())
            if any(s.client_id == session.client_id for s, _ in holders):
                await super()._publish_retained_messages_for_subscription(subscription, session)

        async def stream_connected(
            self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, listener_name: str
        ) -> None:
            # amqtt closes a connection's writer only on some of its ways out: a session that
            # ends in an error (a client gone mid-packet) dropped it with its socket open, and
            # it warned as unclosed when collected, in whatever ran then (a pad test, in CI)
            try:
                await super().stream_connected(reader, writer, listener_name)
            finally:
                writer.close()

    return OwnRetainedBroker


class EmbeddedBroker:
    """amqtt's broker on its own event loop in a daemon thread."""

    def __init__(self, port: int = 1883, host: str = "127.0.0.1") -> None:
        """``port`` 0: any free port, chosen when it listens (``port`` and ``url`` then say
        which), so nothing else can take it between choosing and listening."""
        if host not in ("127.0.0.1", "localhost", "::1"):
            raise ValueError(f"the embedded broker listens on loopback only, got host {host!r}")
        self.host = host
        self.port = port
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._broker: Any = None

    @property
    def url(self) -> str:
        return f"mqtt://{self.host}:{self.port}"

    def start(self, timeout: float = 10.0) -> EmbeddedBroker:
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self._start(), self._loop)
        try:
            future.result(timeout)
        except Exception as exc:  # amqtt wraps the OSError of a port in use in its BrokerError
            self._broker = None  # it never started: nothing to shut down
            self.stop()
            raise OSError(
                f"embedded MQTT broker could not listen on {self.url}: {exc} (if a broker "
                f"already runs there, give --mqtt {self.url} to use it)"
            ) from exc
        return self

    async def _start(self) -> None:
        Broker = _broker_class()
        config = {
            "listeners": {"default": {"type": "tcp", "bind": f"{self.host}:{self.port}"}},
            "plugins": {
                "amqtt.plugins.authentication.AnonymousAuthPlugin": {"allow_anonymous": True}
            },
        }
        self._broker = Broker(config)
        await self._broker.start()
        if self.port == 0:
            server = self._broker._servers["default"].instance  # amqtt keeps no public handle
            self.port = int(server.sockets[0].getsockname()[1])

    def stop(self, timeout: float = 10.0) -> None:
        if self._broker is not None and self._thread.is_alive():
            future = asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop)
            try:
                future.result(timeout)
            except Exception as exc:  # shutting down: report, never raise
                log.warning("embedded broker shutdown: %s", exc)
            self._broker = None
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout)
        if not self._thread.is_alive() and not self._loop.is_closed():
            self._finish_closing()
            self._loop.close()

    def _finish_closing(self) -> None:
        """Every transport's socket closed before the loop is: one amqtt closed whose close
        callback had not run when the loop stopped kept its socket open, and warned when
        collected, in whatever test ran next (the demo's, now and then, in CI)."""
        for transport in list(getattr(self._loop, "_transports", {}).values()):
            if isinstance(transport, asyncio.Transport):
                transport.abort()  # (a transport already closed: nothing)
        for _ in range(3):  # (the loop stopped: run it here until the closes have run)
            self._loop.run_until_complete(asyncio.sleep(0))

    async def _shutdown(self) -> None:
        await self._broker.shutdown()
        # amqtt leaves its client connections' tasks and sockets behind: end them here. The
        # sockets first: a task cancelled drops its StreamWriter, which warns when collected
        # while its socket is still open (it was, now and then, in a test's teardown)
        selector = getattr(self._loop, "_selector", None)  # the sockets still registered
        for key in list(selector.get_map().values()) if selector is not None else []:
            for handle in key.data if isinstance(key.data, tuple) else ():
                transport = getattr(getattr(handle, "_callback", None), "__self__", None)
                if isinstance(transport, asyncio.Transport) and not transport.is_closing():
                    transport.close()
        # and those not registered just now (reading paused): the loop knows every transport
        # it made; one left open warns when collected, in whatever runs next
        for transport in list(getattr(self._loop, "_transports", {}).values()):
            if isinstance(transport, asyncio.Transport) and not transport.is_closing():
                transport.close()
        me = asyncio.current_task()
        tasks = [t for t in asyncio.all_tasks() if t is not me]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for _ in range(3):  # let the closes run
            await asyncio.sleep(0)
