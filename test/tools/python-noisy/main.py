"""Control: correct, but prints a lot: 1 MB to stderr at start and 20 000 lines to stdout per run.
pixie must neither block on the output nor keep more than the tail of stderr (64 KiB) in the report."""
import argparse
import json
import os
import signal
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HERE = Path(__file__).resolve().parent
MANIFEST = json.loads((HERE / "tool.json").read_text())


def run(inputs):
    for i in range(20_000):
        print(f"debug: step {i} of the word count")
    words = str(inputs.get("text", "")).split()
    return {"word_count": len(words), "shout": " ".join(w.upper() for w in words)}


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
        sys.stderr.write("python-noisy: " + (fmt % args) + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "0")))
    port = parser.parse_args().port
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    for i in range(16_384):
        sys.stderr.write(f"noisy start-up line {i:05d} {'.' * 44}\n")
    sys.stderr.write("python-noisy: LAST START-UP LINE\n")
    sys.stderr.flush()
    server.serve_forever()


if __name__ == "__main__":
    main()
