"""Counting words; the regex package's tokenizer when it is installed, else the standard library's."""
from __future__ import annotations

from collections import Counter


def tokens(text: str) -> list:
    try:
        import regex  # [dependency-groups] nlp; optional
    except ImportError:
        import re as regex
    return [t.lower() for t in regex.findall(r"\w+", text)]


def summarise(text: str, top: int) -> dict:
    words = tokens(text)
    counts = Counter(words)
    return {
        "words": len(words),
        "most_common": {"pairs": {w: n for w, n in counts.most_common(top)}},
    }
