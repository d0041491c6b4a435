"""How to open a SQLite file only to read it: a URI that writes nothing to it or beside it.

Reading a WAL database needs its -shm file, which SQLite makes in the file's folder. In a
folder the user cannot write (or on a read-only mount) that fails, unless the file is
opened `immutable`: safe there, since with no -wal file beside it no writer has changes
in flight, and none can begin where nobody can write.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote


def read_only_uri(file: Path) -> str:
    """`file:...?mode=ro`, with `immutable=1` where the folder cannot be written and holds
    no -wal file (to pass to sqlite3.connect with uri=True)."""
    wal = file.with_name(file.name + "-wal")
    immutable = not os.access(file.parent, os.W_OK) and not wal.exists()
    options = "mode=ro&immutable=1" if immutable else "mode=ro"
    return f"file:{quote(str(file.resolve()))}?{options}"
