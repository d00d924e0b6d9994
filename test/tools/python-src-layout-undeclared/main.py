"""Breaks check 4 only: the original Pixie's layout (main.py puts src/ on sys.path), where
src/catpkg/helpers.py, imported relatively, imports yaml (when an environment variable is set), which
pyproject.toml does not declare."""
import argparse
import json
import os
import signal
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "src"))

from catpkg.handlers import run  # noqa: E402

MANIFEST = json.loads((HERE / "tool.json").read_text())


class Handler(BaseHTTPRequestHandler):
    def send_json(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/healthz":
            self.send_json(200, {"status": "ok"})
        elif self.path == "/schema":
            self.send_json(200, MANIFEST)
        else:
            self.send_json(404, {"detail": "not found"})

    def do_POST(self):
        if self.path != "/run":
            return self.send_json(404, {"detail": "not found"})
        length = int(self.headers.get("content-length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        try:
            self.send_json(200, run(body.get("inputs", body)))
        except (TypeError, ValueError) as err:
            self.send_json(422, {"detail": str(err)})

    def log_message(self, fmt, *args):
        sys.stderr.write("python-src-layout-undeclared: " + (fmt % args) + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "0")))
    port = parser.parse_args().port
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    server.serve_forever()


if __name__ == "__main__":
    main()
