from .helpers import words


def run(inputs):
    found = words(str(inputs.get("text", "")))
    return {"word_count": len(found), "shout": " ".join(w.upper() for w in found)}
