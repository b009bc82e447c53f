"""The bundled JSON-LD contexts served offline to the Python peers (peer.py, di.py), as ../node/contexts.mjs does
for the Node.js ones: schemas-education/contexts/index.json maps each URL to its file; any other URL is an error
naming it."""
import json, os

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
CONTEXTS = os.path.join(ROOT, "schemas-education", "contexts")
INDEX = json.load(open(os.path.join(CONTEXTS, "index.json")))["contexts"]
_cache = {}


def loader(url, options=None):
    """PyLD document loader: the bundled context for `url`, parsed once."""
    if url not in INDEX:
        raise ValueError(f"unknown context URL <{url}> (offline)")
    if url not in _cache:
        _cache[url] = json.load(open(os.path.join(CONTEXTS, INDEX[url]["file"])))
    return {"contextUrl": None, "documentUrl": url, "document": _cache[url]}
