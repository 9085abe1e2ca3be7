"""The HTTP API and pages (spec/interfaces.md): Starlette over one `TableService`.

Routes only read projections of the service or hand it one change; every change
needs ``Authorization: Bearer <admin token>``. The Server-Sent Events stream
sends one message per ledger event (its ``id`` is the ledger's event id) and
resumes from ``Last-Event-ID`` after a reconnect or a hub restart.
"""

from __future__ import annotations

import asyncio
import hmac
import json
from collections import OrderedDict
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from hub.adapters.ledger import LedgerError, Row
from hub.rules.errors import IllegalPlay, TranscriptError
from hub.rules.options import preset_names
from hub.table.service import TableService, refusal_json
from hub.web.exports import standings_csv, standings_pdf
from hub.web.font import FontError, TooManyChars, subset_path
from hub.web.i18n import LanguageError, gettext, negotiate
from hub.web.pages import (
    LAYOUTS,
    THEMES,
    PageError,
    choice,
    operator_page,
    overlay_page,
    scoreboard_page,
    slide_seconds,
)

MAX_BODY = 64 * 1024
MAX_KEY = 255  # characters of an Idempotency-Key
MAX_KEYS = 1000  # Idempotency-Keys remembered
KEEPALIVE_S = 15.0
STATIC_DIR = Path(__file__).resolve().parent / "static"
STATIC_TYPES = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 64"><rect x="1" y="1" width="30" '
    'height="62" rx="5" fill="#f6efdc"/><circle cx="16" cy="16" r="7" fill="#c8102e"/>'
    '<circle cx="16" cy="48" r="7" fill="#c8102e"/></svg>'
)
FONTS = {"cjk-hant.otf": "hant", "cjk-hans.otf": "hans"}


def _json(obj: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(obj, status_code=status)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class Latest:
    """One SSE client's mailbox: the newest change not yet sent, never more.

    Every state message carries the whole table, so a client that stops reading (a TV
    asleep, a weak Wi-Fi) needs only the newest when it reads again; a queue of one state
    per change would grow the hub's memory for as long as it is away.
    """

    def __init__(self) -> None:
        self.item: tuple[Row | None, dict[str, Any]] | None = None
        self.ready = asyncio.Event()

    def put(self, item: tuple[Row | None, dict[str, Any]]) -> None:
        self.item = item  # replaces one not yet sent
        self.ready.set()

    async def get(self) -> tuple[Row | None, dict[str, Any]]:
        while self.item is None:
            await self.ready.wait()
            self.ready.clear()
        item, self.item = self.item, None
        return item


class Broadcaster:
    """Fans service notifications out to the SSE clients' mailboxes (thread-safe)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queues: set[Latest] = set()

    def __call__(self, row: Row | None, snapshot: dict[str, Any]) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        for q in list(self.queues):
            loop.call_soon_threadsafe(q.put, (row, snapshot))


def create_app(service: TableService, admin_token: str) -> Starlette:
    broadcaster = Broadcaster()
    service.listeners.append(broadcaster)

    def authorised(request: Request) -> bool:
        # the scheme is case-insensitive in HTTP (RFC 9110 §11.1); the token is compared exactly
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(
            token.encode(), admin_token.encode()
        )

    def too_big(size: str) -> TranscriptError:
        return TranscriptError(f"request body of {size} bytes; at most {MAX_BODY} are accepted")

    async def body_of(request: Request) -> Any:
        # refused as soon as it is known to be too big, never read whole into memory
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_BODY:
            raise too_big(declared)
        raw = bytearray()
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise too_big(f"more than {MAX_BODY}")
        try:
            return json.loads(bytes(raw) or b"null")
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise TranscriptError(f"request body is not JSON: {e}") from None
        except RecursionError:  # a small body of many brackets: more than the parser takes
            raise TranscriptError(
                "request body is JSON nested too deeply to read; an event or a session is an "
                "object a few levels deep"
            ) from None

    # the changes made, by the Idempotency-Key their client sent with them: sent again (its
    # answer lost on the way, the request retried), a change is answered as it was the first
    # time and the table does not change twice (the newest MAX_KEYS, for the hub's run)
    made: OrderedDict[str, tuple[str, Any, dict[str, Any]]] = OrderedDict()
    one_at_a_time = asyncio.Lock()

    async def change(request: Request, action: str) -> Response:
        if not authorised(request):
            return _error(
                401, "this request changes the table: send Authorization: Bearer <admin token>"
            )
        key = request.headers.get("idempotency-key")
        if key is not None and not 0 < len(key) <= MAX_KEY:
            return _error(
                400, f"Idempotency-Key must be 1 to {MAX_KEY} characters long, got {len(key)}"
            )
        try:
            body = await body_of(request)
        except TranscriptError as e:
            return _error(400, str(e))
        if key is None:
            return (await apply(action, body))[0]
        async with one_at_a_time:
            if key in made:
                before, same_body, answer = made[key]
                if (before, same_body) != (action, body):
                    return _error(
                        422,
                        f"Idempotency-Key {key!r} came before with another change "
                        f"({before} {json.dumps(same_body, ensure_ascii=False)[:200]}); "
                        "a new change needs a new key",
                    )
                return _json({**answer, "state": service.state(), "replayed": True})
            response, out = await apply(action, body)
            if out is not None:
                made[key] = (action, body, out)
                while len(made) > MAX_KEYS:
                    made.popitem(last=False)
            return response

    async def apply(action: str, body: Any) -> tuple[Response, dict[str, Any] | None]:
        """The change made, its answer, and what it said if it was made (else None)."""
        try:
            if action == "session":
                row = await asyncio.to_thread(service.start_session, body, "api")
            elif action == "events":
                row = await asyncio.to_thread(service.submit, body, "api")
            elif action == "undo":
                reason = body.get("reason", "") if isinstance(body, dict) else ""
                row = await asyncio.to_thread(service.undo, "operator", str(reason))
            else:
                row = await asyncio.to_thread(service.end_session, "operator")
        except IllegalPlay as e:  # what was refused, for the operator page to say in its words
            return _json({"error": str(e), **refusal_json(e)}, 400), None
        except TranscriptError as e:
            return _error(400, str(e)), None
        except LedgerError as e:
            return _error(503, f"the ledger could not record this: {e}"), None
        out = {"ok": True, "event_id": row.id, "state": service.state()}
        if action == "undo":  # what was taken back, to enter again (the operator's corrections)
            out["undone"] = row.payload["undone"]
        return _json(out), out

    async def post_session(request: Request) -> Response:
        return await change(request, "session")

    async def post_events(request: Request) -> Response:
        return await change(request, "events")

    async def post_undo(request: Request) -> Response:
        return await change(request, "undo")

    async def post_end(request: Request) -> Response:
        return await change(request, "end")

    async def get_state(request: Request) -> Response:
        return _json(service.state())

    async def get_transcript(request: Request) -> Response:
        try:
            return _json(service.transcript())
        except IllegalPlay as e:
            return _error(404, str(e))

    async def get_hands(request: Request) -> Response:
        """Every finished hand of the session with its payments and reasons (charts, exports)."""
        return _json(service.hands())

    async def get_rules(request: Request) -> Response:
        lang = request.query_params.get("lang", "en")
        try:
            return _json(service.rules_text(lang))
        except ValueError as e:
            return _error(400, str(e))

    async def get_sessions(request: Request) -> Response:
        return _json({"sessions": service.ledger.sessions(), "current": service.session_id})

    async def stream(request: Request) -> Response:
        last = request.headers.get("last-event-id") or request.query_params.get("last_event_id")
        try:
            since = int(last) if last else None
        except ValueError:
            return _error(400, f"Last-Event-ID must be a whole number, got {last!r}")
        broadcaster.loop = asyncio.get_running_loop()
        queue = Latest()
        broadcaster.queues.add(queue)

        def message(data: dict[str, Any], event_id: int | None) -> str:
            head = f"id: {event_id}\n" if event_id is not None else ""
            return f"{head}event: state\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"

        async def events() -> AsyncIterator[str]:
            try:
                yield "retry: 1000\n\n"
                if since is not None:  # what was missed while away, then the state now
                    for missed in service.ledger.events_after(since):
                        data = json.dumps(_row_json(missed), ensure_ascii=False)
                        yield f"id: {missed.id}\nevent: ledger\ndata: {data}\n\n"
                snapshot = service.state()
                yield message(snapshot, snapshot.get("last_event_id"))
                while True:
                    try:
                        changed, snap = await asyncio.wait_for(queue.get(), KEEPALIVE_S)
                    except TimeoutError:
                        yield ": keep-alive\n\n"
                        continue
                    yield message(snap, changed.id if changed is not None else None)
            finally:
                broadcaster.queues.discard(queue)

        return StreamingResponse(
            events(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    def lang_of(request: Request) -> str:
        return negotiate(request.query_params.get("lang"), request.headers.get("accept-language"))

    def page(html: str, lang: str) -> Response:
        return HTMLResponse(html, headers={"Content-Language": lang, "Vary": "Accept-Language"})

    async def index(request: Request) -> Response:
        try:
            lang = lang_of(request)
            theme = choice("theme", request.query_params.get("theme"), THEMES)
            slide_s = slide_seconds(request.query_params.get("slide"))
        except (LanguageError, PageError) as e:
            return PlainTextResponse(str(e), status_code=400)
        rules = service.rules_in_force()  # an idle kiosk explains the hub's own house rules
        return page(scoreboard_page(service.state(), lang, rules, theme, slide_s), lang)

    async def overlay(request: Request) -> Response:
        q = request.query_params
        try:
            lang = lang_of(request)
            layout = choice("layout", q.get("layout"), LAYOUTS)
            theme = choice("theme", q.get("theme"), THEMES)
            opaque = choice("bg", q.get("bg"), ("0", "1")) == "1"
        except (LanguageError, PageError) as e:
            return PlainTextResponse(str(e), status_code=400)
        return page(overlay_page(service.state(), lang, layout, opaque, theme), lang)

    async def operator(request: Request) -> Response:
        try:
            lang = lang_of(request)
        except LanguageError as e:
            return PlainTextResponse(str(e), status_code=400)
        return page(
            operator_page(service.state(), lang, tuple(preset_names()), service.house_rules), lang
        )

    static_files = {p.name for p in STATIC_DIR.iterdir() if p.suffix in STATIC_TYPES}

    async def static(request: Request) -> Response:
        """Only the files that ship in ``static/`` and the two font cuts, by exact name."""
        name = request.path_params["name"]
        if name in FONTS:
            try:
                extra = request.query_params.get("extra", "")
                path = await asyncio.to_thread(subset_path, FONTS[name], extra)
            except TooManyChars as e:
                return PlainTextResponse(str(e), status_code=400)
            except FontError as e:
                return PlainTextResponse(str(e), status_code=404)
            return FileResponse(path, media_type="font/otf",
                                headers={"Cache-Control": "public, max-age=86400"})  # fmt: skip
        if name not in static_files:
            return PlainTextResponse(f"no static file {name!r}", status_code=404)
        path = STATIC_DIR / name
        return FileResponse(path, media_type=STATIC_TYPES[path.suffix],
                            headers={"Cache-Control": "no-cache"})  # fmt: skip

    async def favicon(request: Request) -> Response:
        return Response(FAVICON, media_type="image/svg+xml")

    def export_lang(request: Request) -> str:
        return negotiate(request.query_params.get("lang") or "en", None)

    async def get_standings_csv(request: Request) -> Response:
        try:
            lang = export_lang(request)
        except LanguageError as e:
            return _error(400, str(e))
        body = standings_csv(service.hands(), lang)
        return Response(body, media_type="text/csv; charset=utf-8", headers={
            "Content-Disposition": 'attachment; filename="standings.csv"'})  # fmt: skip

    async def get_standings_pdf(request: Request) -> Response:
        try:
            lang = export_lang(request)
        except LanguageError as e:
            return _error(400, str(e))
        state = service.state()
        title = f"{gettext('Tien Gow Table', lang)} · {gettext('Standings', lang)}"
        if state.get("session") is not None:
            title += f" · {gettext('Session {n}', lang).replace('{n}', str(state['session']))}"
        data = await asyncio.to_thread(standings_pdf, service.hands(), lang, title)
        return Response(data, media_type="application/pdf", headers={
            "Content-Disposition": 'inline; filename="standings.pdf"'})  # fmt: skip

    routes = [
        Route("/", index),
        Route("/overlay", overlay),
        Route("/operator", operator),
        Route("/static/{name}", static),
        Route("/favicon.ico", favicon),
        Route("/api/standings.csv", get_standings_csv),
        Route("/api/standings.pdf", get_standings_pdf),
        Route("/api/state", get_state),
        Route("/api/transcript", get_transcript),
        Route("/api/sessions", get_sessions),
        Route("/api/hands", get_hands),
        Route("/api/rules", get_rules),
        Route("/api/session", post_session, methods=["POST"]),
        Route("/api/events", post_events, methods=["POST"]),
        Route("/api/undo", post_undo, methods=["POST"]),
        Route("/api/end", post_end, methods=["POST"]),
        Route("/api/stream", stream),
    ]
    return Starlette(routes=routes)


def _row_json(row: Row) -> dict[str, Any]:
    return {"id": row.id, "session": row.session_id, "seq": row.seq, "type": row.type,
            "payload": row.payload, "source": row.source}  # fmt: skip
