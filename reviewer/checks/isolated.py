"""A Python plugin detector run in a forked child process of its own.

A plugin can end its process without raising anything (`os._exit`, a crash in C code, a
signal): run in the command's own process it would end the command too, perhaps with
exit code 0 and a run left half made. In a child, its end is seen (the pipe closes) and
reported as the plugin's fault, naming the brief, like any other. The child's stdout is
stderr: what a plugin prints never mixes with a command's output (`scan`'s JSON lines).

Briefs go to the child and flags come back pickled, one brief at a time; each process
that uses the detector (a forked worker too) starts a child of its own when it first asks.
The child ends when the detector is closed, dropped or the process exits: a process that
loads plugins again and again (the review app, a test suite) is not left with their
children.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import struct
import sys
import weakref
from collections.abc import Iterator, Sequence
from typing import Any

from reviewer.grounding.types import Detector, Flag, Known

_LENGTH = struct.Struct("!Q")
_LIVE: weakref.WeakSet[Any] = weakref.WeakSet()  # the IsolatedPlugin objects with a child


@contextlib.contextmanager
def stdout_to_stderr() -> Iterator[None]:
    """While plugin code runs here (its import, its construction): what it prints, with
    print() or on file descriptor 1, goes to stderr."""
    with contextlib.suppress(Exception):
        sys.stdout.flush()
    saved = os.dup(1)
    try:
        os.dup2(2, 1)
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        with contextlib.suppress(Exception):
            sys.stderr.flush()
        os.dup2(saved, 1)
        os.close(saved)


class IsolatedPlugin:
    """The plugin `detector`, asked brief by brief in a child process. Its name, version
    and config are read here; its flags and checkable count come from the child."""

    def __init__(self, detector: Detector) -> None:
        self.detector = detector
        self.name = getattr(detector, "name", None) or type(detector).__name__
        version = getattr(detector, "version", None)
        if version:  # else none, as the plugin says none (runs store "unversioned")
            self.version = version
        self.config = getattr(detector, "config", None)
        if callable(getattr(detector, "checkable", None)):
            self.checkable = self._checkable
        self._pid = 0  # the process that started the child: a fork starts its own
        self._child = 0
        self._pipes: tuple[int, int] | None = None  # (to the child, from the child)
        self._end: weakref.finalize[Any, Any] | None = None  # ends the child, once
        self._last: tuple[str, Any] | None = None  # (text, checkable) of the last answer

    def __getattr__(self, name: str) -> Any:  # e.g. a plugin's own scanner
        if name.startswith("_") or name == "detector":
            raise AttributeError(name)
        return getattr(self.detector, name)

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        from reviewer.checks.registry import DetectorFault

        kind, answer = self._ask((text, tuple(pool)))
        if kind == "fault":
            raise DetectorFault(self.name, answer)
        flags, checkable = answer
        self._last = (text, checkable)
        return flags  # type: ignore[no-any-return]

    def _checkable(self, text: str, pool: Sequence[Known]) -> Any:
        """The count the child gave with the flags of this text."""
        return self._last[1] if self._last is not None and self._last[0] is text else None

    def _ask(self, question: tuple[str, tuple[Known, ...]]) -> tuple[str, Any]:
        from reviewer.checks.registry import DetectorFault

        to_child, from_child = self._running()
        try:
            _send(to_child, pickle.dumps(question, protocol=pickle.HIGHEST_PROTOCOL))
            answer = _receive(from_child)
        except OSError:
            answer = None
        if answer is None:
            problem = self._ended()
            raise DetectorFault(self.name, problem) from None
        return pickle.loads(answer)  # type: ignore[no-any-return]

    def _running(self) -> tuple[int, int]:
        if self._pipes is None or self._pid != os.getpid():
            questions, answers = os.pipe(), os.pipe()
            child = os.fork()
            if child == 0:  # pragma: no cover - the child's coverage is not collected
                os.close(questions[1])
                os.close(answers[0])
                _serve(self.detector, questions[0], answers[1])
            os.close(questions[0])
            os.close(answers[1])
            self._pid, self._child = os.getpid(), child
            self._pipes = (questions[1], answers[0])
            # when this object is dropped or the process exits, whichever comes first
            self._end = weakref.finalize(self, _end_child, self._pid, child, self._pipes)
            _LIVE.add(self)
        return self._pipes

    def _ended(self) -> str:
        """Why the child stopped answering (it is gone); the next brief gets a new one."""
        pipes, self._pipes = self._pipes, None
        if self._end is not None:
            self._end.detach()
        for end in pipes or ():
            os.close(end)
        _LIVE.discard(self)
        _, status = os.waitpid(self._child, 0)
        if os.WIFSIGNALED(status):
            how = f"was killed by {signal.Signals(os.WTERMSIG(status)).name}"
        else:
            how = f"ended with exit code {os.waitstatus_to_exitcode(status)}"
        return f"its process {how} instead of answering (os._exit, a crash or a signal)"

    def close(self) -> None:
        """End this process's child: it holds nothing to save, so it is killed."""
        if self._pipes is not None and self._end is not None:
            self._pipes = None
            self._end()
        _LIVE.discard(self)


def _end_child(owner: int, child: int, pipes: tuple[int, int]) -> None:
    """Close the pipes to a plugin's child and kill it, in the process that started it
    (never in a process forked from that one, which holds a copy of the object)."""
    if os.getpid() != owner:
        return
    for end in pipes:
        with contextlib.suppress(OSError):
            os.close(end)
    with contextlib.suppress(ProcessLookupError, ChildProcessError):
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)


def _forget_children() -> None:
    """In a process just forked (a plugin's child, a worker): close the pipes to the
    parent's plugin children. A copy of a pipe's end left open here would keep a child
    from seeing its parent close it, or its parent from seeing the child end."""
    for plugin in list(_LIVE):
        for end in plugin._pipes or ():
            with contextlib.suppress(OSError):
                os.close(end)
        plugin._pipes = None
        if plugin._end is not None:
            plugin._end.detach()  # the parent's child: this process never ends it
    _LIVE.clear()


os.register_at_fork(after_in_child=_forget_children)


def _send(fd: int, data: bytes) -> None:
    view = memoryview(_LENGTH.pack(len(data)) + data)
    while view:
        view = view[os.write(fd, view) :]


def _receive(fd: int) -> bytes | None:
    """One message, or None when the other end closed before it was whole."""
    head = _read(fd, _LENGTH.size)
    return None if head is None else _read(fd, _LENGTH.unpack(head)[0])


def _read(fd: int, size: int) -> bytes | None:
    parts, left = [], size
    while left:
        part = os.read(fd, min(left, 1 << 20))
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def _serve(detector: Detector, questions: int, answers: int) -> None:  # pragma: no cover
    """The child's life: answer each brief until the parent closes the pipe; never
    return into the parent's code."""
    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle
        os.dup2(2, 1)
        sys.stdout = sys.stderr
        while (question := _receive(questions)) is not None:
            _send(answers, _answer(detector, *pickle.loads(question)))
    except BaseException:
        code = 1
    finally:
        os._exit(code)


def _answer(detector: Detector, text: str, pool: tuple[Known, ...]) -> bytes:
    from reviewer.checks.registry import _raised

    reply: tuple[str, Any]
    try:
        flags = list(detector.flag(text, pool))
        count = getattr(detector, "checkable", None)
        reply = ("flags", (flags, count(text, pool) if callable(count) else None))
    except BaseException as err:  # every way a plugin fails is its fault
        reply = ("fault", _raised(err, verb=True))
    try:
        return pickle.dumps(reply, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as err:
        problem = f"returned something that cannot be passed on ({type(err).__name__}: {err})"
        return pickle.dumps(("fault", problem))
