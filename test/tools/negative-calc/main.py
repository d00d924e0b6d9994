"""Doubles x; refuses x outside 0..10, a mode it does not know or a non-boolean dot with 422.
BEHAVIOUR below is what the tests change: "refuse" (correct), "accept" (answers 200 to anything)
or "crash" (answers 500 to what it should refuse)."""
import argparse
import base64
import json
import os
import signal
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BEHAVIOUR = "refuse"
HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "tool.json"), encoding="utf-8") as f:
    SCHEMA = json.load(f)
# a 1x1 PNG, one colour per mode
PNG = {
    "plain": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPgOiEHAAHQAPEkXJH0AAAAAElFTkSuQmCC",
    "loud": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4JSICAAMuASOTb83cAAAAAElFTkSuQmCC",
}


def problem(inputs):
    x = inputs.get("x", 2)
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return "x must be a number"
    if x < 0 or x > 10:
        return "x must be between 0 and 10"
    mode = inputs.get("mode", "plain")
    if not isinstance(mode, str) or mode not in PNG:
        return "mode must be plain or loud"
    if not isinstance(inputs.get("dot", False), bool):
        return "dot must be true or false"
    return None


class Handler(BaseHTTPRequestHandler):
    def _send(self, status, body):
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/healthz":
            self._send(200, {"ok": True})
        elif self.path == "/schema":
            self._send(200, SCHEMA)
        else:
            self._send(404, {"detail": "not found"})

    def do_POST(self):
        if self.path != "/run":
            return self._send(404, {"detail": "not found"})
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        inputs = body.get("inputs", {})
        why = problem(inputs)
        if why and BEHAVIOUR == "refuse":
            return self._send(422, {"detail": why})
        if why and BEHAVIOUR == "crash":
            return self._send(500, {"detail": "internal error"})
        x = inputs.get("x", 2)
        x = x if isinstance(x, (int, float)) and not isinstance(x, bool) else 0
        mode = inputs.get("mode", "plain")
        mode = mode if isinstance(mode, str) else "plain"
        note = f"twice {x} is {x * 2}" + ("!" if mode == "loud" else "") + ("." if inputs.get("dot") is True else "")
        swatch = "data:image/png;base64," + PNG.get(mode, PNG["plain"])
        self._send(200, {"y": x * 2, "note": note, "swatch": swatch})

    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    server = ThreadingHTTPServer(("127.0.0.1", parser.parse_args().port), Handler)
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    server.serve_forever()
    server.server_close()


if __name__ == "__main__":
    main()
