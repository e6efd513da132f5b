"""Waiting in the event loop for other threads' futures, a burst of them sharing one
wake-up of the loop (``dizhu.web.wakeups``)."""

import asyncio
import threading
from concurrent.futures import Future

import pytest

from dizhu.web.wakeups import Wakeups


def test_every_waiter_gets_its_result_and_a_burst_wakes_the_loop_once():
    async def main() -> tuple[list, int]:
        wakeups = Wakeups()
        loop = asyncio.get_running_loop()
        calls = 0
        threadsafe = loop.call_soon_threadsafe

        def counted(*args):
            nonlocal calls
            calls += 1
            return threadsafe(*args)

        loop.call_soon_threadsafe = counted
        futures = [Future() for _ in range(50)]
        waiting = [asyncio.create_task(wakeups.wait(f)) for f in futures]
        await asyncio.sleep(0)

        def complete() -> None:  # as the writer completes a batch: all at once
            for n, f in enumerate(futures):
                f.set_result(n)

        thread = threading.Thread(target=complete)
        thread.start()
        thread.join()
        results = await asyncio.gather(*waiting)
        return results, calls

    results, calls = asyncio.run(main())
    assert results == list(range(50)) and calls == 1


def test_a_future_done_already_an_error_and_one_done_while_registering():
    async def main() -> None:
        wakeups = Wakeups()
        done: Future[int] = Future()
        done.set_result(7)
        assert await wakeups.wait(done) == 7
        failed: Future[int] = Future()
        threading.Timer(0.01, failed.set_exception, (ValueError("refused"),)).start()
        with pytest.raises(ValueError, match="refused"):
            await wakeups.wait(failed)
        # many futures completed by other threads at random moments, while tasks register
        futures = [Future() for _ in range(300)]
        threads = [threading.Timer(n % 7 / 1000, f.set_result, (n,))
                   for n, f in enumerate(futures)]
        waiting = []
        for n, (f, t) in enumerate(zip(futures, threads, strict=True)):
            t.start()
            waiting.append(asyncio.create_task(wakeups.wait(f)))
            if n % 10 == 0:
                await asyncio.sleep(0)
        assert await asyncio.wait_for(asyncio.gather(*waiting), 10) == list(range(300))
        assert wakeups.waiting == []

    asyncio.run(main())


def test_a_cancelled_waiter_leaves_the_future_alone():
    async def main() -> None:
        wakeups = Wakeups()
        work: Future[str] = Future()
        task = asyncio.create_task(wakeups.wait(work))
        await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        threading.Thread(target=work.set_result, args=("written",)).start()
        assert await asyncio.wait_for(wakeups.wait(work), 5) == "written"

    asyncio.run(main())
