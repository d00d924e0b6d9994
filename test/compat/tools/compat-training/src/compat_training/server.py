"""The routes of an original Pixie tool (/healthz, /schema, /run, /stream, /cancel) on the standard
library's HTTP server, so the compatibility suite runs without installing FastAPI and uvicorn."""
from __future__ import annotations

import json
import os
import signal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Iterable
from urllib.parse import parse_qs, urlparse

Run = Callable[[str | None, dict[str, Any]], dict[str, Any]]
Stream = Callable[[str], Iterable[dict[str, Any]]]


def serve(port: int, schema: dict[str, Any], run: Run, stream: Stream | None = None) -> None:
    class Handler(BaseHTTPRequestHandler):
        def send_json(self, status: int, body: Any) -> None:
            data = json.dumps(body).encode("utf-8")
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            url = urlparse(self.path)
            if url.path == "/healthz":
                return self.send_json(200, {"ok": True})
            if url.path == "/schema":
                return self.send_json(200, schema)
            if url.path == "/stream" and stream is not None:
                run_id = parse_qs(url.query).get("run_id", [""])[0]
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("cache-control", "no-cache")
                self.end_headers()
                for event in stream(run_id):
                    self.wfile.write(f"data: {json.dumps(event)}\n\n".encode("utf-8"))
                    self.wfile.flush()
                return
            self.send_json(404, {"detail": "Not Found"})

        def do_POST(self) -> None:
            url = urlparse(self.path)
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length) if length else b""
            if url.path == "/cancel":
                self.send_response(204)
                self.end_headers()
                return
            if url.path != "/run":
                return self.send_json(404, {"detail": "Not Found"})
            try:
                payload = json.loads(raw or b"{}")
            except ValueError:
                return self.send_json(422, {"detail": "body is not JSON"})
            # {run_id, inputs}, or the inputs flat at the top level as older callers send them
            inputs = payload.get("inputs")
            if inputs is None:
                inputs = {k: v for k, v in payload.items() if k not in ("run_id", "inputs")}
            self.send_json(200, run(payload.get("run_id"), inputs))

        def log_message(self, fmt: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    server.serve_forever()
