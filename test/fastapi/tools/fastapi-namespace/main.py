"""Word statistics: the original Pixie's entrypoint, whose package under src/ is a namespace package
(PEP 420: no __init__.py), its modules imported as pkg.module and pkg.sub.module."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parent / "src"))

from fastapi_namespace.handlers import build_app  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    uvicorn.run(build_app(), host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
