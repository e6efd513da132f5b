"""Where the arena's chunks of decks are played: in this process, in worker processes, or as
Ray tasks (on a local Ray instance or an existing cluster).

Every pool maps a function over items and yields the results in the items' order, so what is
played, and in which order it is counted, never depends on where it ran. Ray is imported
only when a Ray pool is opened.
"""

from __future__ import annotations

import logging
import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

LOCAL = "local"
"""The Ray address that starts a local Ray instance (and shuts it down afterwards)."""

RAY_INSTALL = "python3 -m pip install 'dizhu[ray]'"

LOCAL_OBJECT_STORE = 100 * 1024 * 1024
"""Bytes of shared memory a local Ray instance reserves: chunk results are small."""


class Pool:
    """Plays items one after another in this process."""

    workers = 1
    """How many items run at once (the arena sizes its chunks by it)."""

    def map(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        return map(fn, items)


class ProcessPool(Pool):
    """Worker processes. Ctrl+C is the starting process's to answer: a worker ignores it
    (held from its start until it does), and the pool stops its workers when left by an
    error or an interrupt, rather than waiting for their chunks."""

    def __init__(self, executor: ProcessPoolExecutor, workers: int) -> None:
        self.executor = executor
        self.workers = workers

    def map(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        with _interrupts_held():  # the workers start here, as the items are submitted
            return self.executor.map(fn, items)

    def stop(self) -> None:
        """End the workers now: the chunks still to play are dropped."""
        stop_now = getattr(self.executor, "terminate_workers", None)  # Python 3.14
        if stop_now is not None:
            stop_now()
            return
        # Before 3.14 the executor's own list of its processes, taken before the shutdown
        # that empties it
        workers = list((getattr(self.executor, "_processes", None) or {}).values())
        self.executor.shutdown(wait=False, cancel_futures=True)
        for process in workers:
            process.terminate()


def _interrupts_held() -> AbstractContextManager[None]:
    """SIGINT blocked in this thread (and so in the processes it starts) while open."""
    if not hasattr(signal, "pthread_sigmask"):
        return nullcontext()
    return _blocked(signal.SIGINT)


@contextmanager
def _blocked(signum: int) -> Iterator[None]:
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signum})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _ignore_interrupts() -> None:
    """A worker's start: Ctrl+C ignored, then no longer held."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class RayPool(Pool):
    """Each item is one Ray task; ``fn`` must be importable on every node (a module-level
    function of an installed package)."""

    def __init__(self, ray: Any) -> None:
        self.ray = ray
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))

    def map(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        ray = self.ray
        task = ray.remote(fn)
        refs = [task.remote(item) for item in items]
        done = 0
        try:
            for ref in refs:
                try:
                    result = ray.get(ref)
                except ray.exceptions.RayTaskError as e:
                    cause = getattr(e, "cause", None)
                    raise (cause if isinstance(cause, Exception) else e) from None
                done += 1
                yield result
        except BaseException:  # stopped early (an error, Ctrl-C): the rest need not run
            for ref in refs[done:]:
                ray.cancel(ref)
            raise


def import_ray() -> Any:
    """The ``ray`` module, or an ImportError that says how to install it."""
    try:
        import ray
    except ModuleNotFoundError as e:
        if (e.name or "").split(".")[0] != "ray":
            raise
        raise ImportError(f"playing on Ray needs Ray: {RAY_INSTALL}", name="ray") from None
    return ray


@contextmanager
def open_pool(jobs: int = 1, ray: str | None = None) -> Iterator[Pool]:
    """A pool of ``jobs`` worker processes, or of Ray tasks when ``ray`` is an address:
    ``"local"`` starts a local Ray instance of ``jobs`` CPUs; ``"auto"``, ``"HOST:6379"`` or
    ``"ray://HOST:10001"`` connect to a running cluster (whose size decides, not ``jobs``).
    Ray started or connected to here is shut down (disconnected) on leaving; a Ray this
    process had already initialized is used as it is."""
    if jobs < 1:
        raise ValueError(f"jobs must be 1 or more, not {jobs}")
    if ray is None:
        if jobs == 1:
            yield Pool()
        else:
            with ProcessPoolExecutor(jobs, initializer=_ignore_interrupts) as executor:
                pool = ProcessPool(executor, jobs)
                try:
                    yield pool
                except BaseException:  # an error or Ctrl+C: the workers need not go on
                    pool.stop()
                    raise
        return
    module = import_ray()
    owned = not module.is_initialized()
    if owned:
        options: dict[str, Any] = {"address": ray, "logging_level": logging.WARNING,
                                   "log_to_driver": False}
        if ray == LOCAL:
            options.update(num_cpus=jobs, include_dashboard=False,
                           object_store_memory=LOCAL_OBJECT_STORE)
        try:
            module.init(**options)
        except ConnectionError as e:
            raise ValueError(f"cannot connect to Ray at {ray}: {e}") from None
    try:
        yield RayPool(module)
    finally:
        if owned:
            module.shutdown()
