"""A pool of preheated kernels that stays full: Voila's pool drops a kernel that failed to run its notebook
and never starts another, so a class could meet a pool one or more short (or a kernel restarted empty).

``KeptPool`` is the kernel manager Voila builds its pooling manager on
(``--VoilaConfiguration.multi_kernel_manager_class``, see ``classroom.server.voila_flags``). Every few seconds it
looks at each notebook's pool: a waiting kernel that failed to start or to run its notebook, that died, or
that was restarted since (a restarted kernel has run nothing) is shut down and taken out, and the pool is
filled again at once. The server's log says so in a line a teacher can read (``make class`` shows it).
"""

from __future__ import annotations

import asyncio
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import PeriodicCallback

CHECK_SECONDS = 3.0


class KeptPool(AsyncMappingKernelManager):
    """Jupyter's kernel manager, plus a watch that replaces the pool's spoiled kernels (Voila adds the pool)."""

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._pids: dict[str, int] = {}  # a waiting kernel's process when it was first seen ready
        self._watch = PeriodicCallback(self.keep_pools_full, CHECK_SECONDS * 1000)
        self._watch.start()

    async def keep_pools_full(self) -> None:
        """Take each pool's spoiled kernels out, then fill every pool that is short."""
        pools: dict[str, list[asyncio.Future]] = getattr(self, "_pools", {})  # Voila's, per notebook
        for notebook, pool in list(pools.items()):
            for item in list(pool):
                why = await self._spoiled(item)
                if why is None or item not in pool:  # sound, or handed to a page meanwhile
                    continue
                pool.remove(item)
                kernel = None if item.cancelled() or item.exception() else item.result()["kernel_id"]
                self.log.warning("Class pool of %s: a preheated kernel %s; it is replaced now.", notebook, why)
                if kernel is not None and kernel in self:
                    await self.shutdown_kernel(kernel, now=True)
            size = self._size(notebook)
            if len(pool) < size:
                self.log.warning("Class pool of %s is short: %d of %d kernels; starting the others now.",
                                 notebook, len(pool), size)
                self.fill_if_needed(delay=0, notebook_name=notebook)

    def _size(self, notebook: str) -> int:
        """How many kernels the notebook's pool should hold (Voila's ``kernel_pools_config``)."""
        config: dict[str, dict] = getattr(self, "kernel_pools_config", {})
        return int(config.get(notebook, config.get("default", {})).get("pool_size", 0))

    async def _spoiled(self, item: asyncio.Future) -> str | None:
        """Why a waiting pool entry can no longer serve a page (in words for the log), None while it can."""
        if not item.done():
            return None
        if item.cancelled() or item.exception() is not None:
            return "failed to start"
        content = item.result()
        kernel, run = content["kernel_id"], content["task"]
        if run.done() and (run.cancelled() or run.exception() is not None):
            return "failed to run its notebook"
        if kernel not in self or not await self.get_kernel(kernel).is_alive():
            return "died"
        pid = getattr(self.get_kernel(kernel).provisioner, "pid", None)
        if self._pids.setdefault(kernel, pid) != pid:
            return "was restarted (it has run nothing)"
        return None

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        """Shut a kernel down and forget its process."""
        self._pids.pop(kernel_id, None)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)
