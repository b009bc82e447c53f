"""Command-line options of compare.py and compare_exchange.py, checked once: every value parsed and range-checked
up front, each error one line naming the option. With `--check-args` (what compare.sh runs before building
anything) the script stops after its checks (`stop_if_checking`). Options compare.sh passes itself (the binaries, the cache directory) are accepted but not
listed in the messages."""
import sys


def parse(argv, options, flags=(), internal=(), prog="compare"):
    """`options`: name → (kind, default) with kind "count" (a whole number ≥ 1), "seconds" (a number ≥ 0),
    "percent" (a number ≥ 0), "text", or a tuple of allowed values. Returns {name: value} (flags: True/False);
    exits 2 with one line on a bad option."""
    def die(message):
        print(f"{prog}: {message}", file=sys.stderr)
        sys.exit(2)
    known = [f"--{n}" for n in options] + [f"--{f}" for f in flags]
    values = {n: d for n, (_, d) in options.items()} | {f: False for f in flags}
    values |= {n: None for n in internal}
    i = 0
    while i < len(argv):
        arg = argv[i]
        name = arg[2:] if arg.startswith("--") else None
        if name in flags:
            values[name] = True
            i += 1
            continue
        if name == "check-args":
            i += 1
            continue
        if name not in options and name not in internal:
            die(f"unknown option {arg} (known: {' '.join(known)})")
        if i + 1 >= len(argv) or argv[i + 1].startswith("--"):
            die(f"{arg} needs a value")
        raw = argv[i + 1]
        kind = options[name][0] if name in options else "text"
        try:
            if kind == "count":
                value = int(raw)
                ok = value >= 1
            elif kind in ("seconds", "percent"):
                value = float(raw)
                ok = value >= 0 and value == value
            elif isinstance(kind, tuple):
                value, ok = raw, raw in kind
            else:
                value, ok = raw, True
        except ValueError:
            ok = False
        if not ok:
            wanted = {"count": "a whole number ≥ 1", "seconds": "seconds (a number ≥ 0)",
                      "percent": "a percentage (a number ≥ 0)"}.get(kind) if not isinstance(kind, tuple) else \
                "one of " + ", ".join(kind)
            die(f"{arg} takes {wanted}, not {raw!r}")
        values[name] = value
        i += 2
    return values


def stop_if_checking():
    """With `--check-args`, exits 0 here: the caller has checked everything it takes."""
    if "--check-args" in sys.argv[1:]:
        sys.exit(0)
