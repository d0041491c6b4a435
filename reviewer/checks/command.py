"""A detector in any language: `--detector 'cmd:PROGRAM ARGS...'`.

The program is started once (once per process that needs it: a forked worker starts its
own) and kept until the detector is closed or dropped, or the process exits. For each
brief it reads one JSON line on stdin, `{"id", "text", "pool"}`, and writes one JSON line
on stdout, `{"id", "flags": [...]}` (the flags as `reviewer scan` writes them; `checkable`
optional), answering in the order it was asked. Whatever else it does is a fault that
names the brief: it exits, stays silent past the timeout, writes a line that is not such
an answer, or answers another id.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shlex
import shutil
import subprocess
import time
import weakref
from collections.abc import Sequence
from typing import Any

from reviewer.checks.flag_json import FlagJsonError, read_answer
from reviewer.checks.registry import DetectorFault, DetectorLoadError
from reviewer.grounding.types import Flag, Known
from reviewer.jsonlimits import JsonLimitError
from reviewer.jsonlimits import loads as limited_loads

PREFIX = "cmd:"
TIMEOUT_ENV = "REVIEWER_CMD_TIMEOUT"
DEFAULT_TIMEOUT = 60.0  # seconds a program may take over one brief
MAX_ANSWER = 64 * 1024 * 1024  # bytes of one answer line, as the briefs reader's limit


def load_command(spec: str, *, timeout: float | None = None) -> CommandDetector:
    """The detector of a `cmd:` spec; DetectorLoadError when it names no program to run."""
    try:
        argv = shlex.split(spec[len(PREFIX) :])
    except ValueError as err:
        raise DetectorLoadError(f"detector {spec!r}: cannot split its words: {err}") from None
    if not argv:
        raise DetectorLoadError(f"detector {spec!r}: give the program to run after 'cmd:'")
    if shutil.which(argv[0]) is None:
        raise DetectorLoadError(
            f"detector {spec!r}: no program {argv[0]!r} found (not on PATH, or not executable)"
        )
    return CommandDetector(spec, argv, timeout if timeout is not None else _timeout(spec))


def _timeout(spec: str) -> float:
    given = os.environ.get(TIMEOUT_ENV)
    if not given:
        return DEFAULT_TIMEOUT
    try:
        seconds = float(given)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < float("inf"):
        raise DetectorLoadError(
            f"detector {spec!r}: ${TIMEOUT_ENV} must be seconds above 0, got {given!r}"
        )
    return seconds


class CommandDetector:
    """A long-lived child process asked brief by brief (see the module's docstring)."""

    version = "unversioned"

    def __init__(self, spec: str, argv: Sequence[str], timeout: float) -> None:
        self.name = spec
        self.argv = list(argv)
        self.timeout = timeout
        self._child: subprocess.Popen[bytes] | None = None
        self._pid = 0  # the process that started the child: a fork starts its own
        self._asked = 0
        self._buffer = b""
        self._last: tuple[str, int | None] | None = None  # (text, checkable) of the answer
        self._end: weakref.finalize[Any, Any] | None = None  # ends the child, once

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        self._asked += 1
        asked = str(self._asked)
        entries = [{"name": k.name, "value": k.value, "unit": k.unit} for k in pool]
        line = json.dumps({"id": asked, "text": text, "pool": entries}, ensure_ascii=False)
        try:
            answer = self._ask(line.encode() + b"\n")
            flags, checkable = self._read(answer, asked, text, pool)
        except DetectorFault:
            self.close()  # the next brief (regress goes on) gets a fresh child
            raise
        self._last = (text, checkable)
        return flags

    def checkable(self, text: str, pool: Sequence[Known]) -> int | None:
        """The count the program gave with its last answer; None (the registry counts with
        the default scanner) when it gave none."""
        return self._last[1] if self._last is not None and self._last[0] is text else None

    def _fault(self, problem: str) -> DetectorFault:
        return DetectorFault(self.name, problem)

    def _running(self) -> subprocess.Popen[bytes]:
        if self._child is None or self._pid != os.getpid():
            try:
                child = subprocess.Popen(
                    self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
                )
            except OSError as err:
                raise self._fault(f"cannot start {self.argv[0]!r}: {err.strerror}") from None
            assert child.stdin is not None
            os.set_blocking(child.stdin.fileno(), False)
            self._child, self._pid, self._buffer = child, os.getpid(), b""
            # when this object is dropped or the process exits, whichever comes first
            self._end = weakref.finalize(self, _end_from, self._pid, child)
        return self._child

    def _ask(self, line: bytes) -> bytes:
        child = self._running()
        deadline = time.monotonic() + self.timeout
        assert child.stdin is not None and child.stdout is not None
        self._send(child, line, deadline)
        return self._receive(child, deadline)

    def _send(self, child: subprocess.Popen[bytes], line: bytes, deadline: float) -> None:
        fd = child.stdin.fileno()  # type: ignore[union-attr]
        view = memoryview(line)
        while view:
            if not select.select([], [fd], [], max(0.0, deadline - time.monotonic()))[1]:
                raise self._fault(self._silent("read its brief"))
            try:
                view = view[os.write(fd, view) :]
            except BlockingIOError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                raise self._fault(self._exited(child)) from None

    def _receive(self, child: subprocess.Popen[bytes], deadline: float) -> bytes:
        fd = child.stdout.fileno()  # type: ignore[union-attr]
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_ANSWER:
                raise self._fault(f"wrote an answer line over {MAX_ANSWER:,} bytes")
            if not select.select([fd], [], [], max(0.0, deadline - time.monotonic()))[0]:
                raise self._fault(self._silent("answer"))
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise self._fault(self._exited(child))
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _silent(self, what: str) -> str:
        return f"did not {what} within {self.timeout:g} s (${TIMEOUT_ENV} sets the limit)"

    @staticmethod
    def _exited(child: subprocess.Popen[bytes]) -> str:
        try:
            code = child.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "closed its output before answering"
        return f"exited with code {code} before answering"

    def _read(
        self, raw: bytes, asked: str, text: str, pool: Sequence[Known]
    ) -> tuple[list[Flag], int | None]:
        try:
            obj = limited_loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, JsonLimitError) as err:
            shown = raw[:60].decode("utf-8", "replace")
            raise self._fault(f"wrote a line that is not JSON ({err}): {shown!r}") from None
        if isinstance(obj, dict) and obj.get("id") != asked:
            raise self._fault(
                f"answered id {obj.get('id')!r} when {asked!r} was asked: answers must come "
                "one per brief, in the order asked"
            )
        try:
            return read_answer(obj, text, pool)
        except FlagJsonError as err:
            raise self._fault(f"wrote a bad answer: {err}") from None

    def close(self) -> None:
        """End this process's child: its stdin closed, then killed if it lingers."""
        child, self._child = self._child, None
        if child is not None and self._end is not None:
            self._end()


def _end_from(owner: int, child: subprocess.Popen[bytes]) -> None:
    """End a program's child in the process that started it (never in a process forked
    from that one, which holds a copy of the detector)."""
    if os.getpid() != owner:
        return
    for stream in (child.stdin, child.stdout):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
    try:
        child.wait(timeout=2)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
