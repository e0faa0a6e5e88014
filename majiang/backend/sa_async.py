"""SQLAlchemy's asyncio engine without its ORM: what the store and the platform import instead of
``sqlalchemy.ext.asyncio``.

``sqlalchemy/ext/asyncio/__init__.py`` imports its ``AsyncSession`` and scoped session along with
the engine, and with them the whole ORM (``sqlalchemy.orm``: ≈ 100–140 ms of CPU on the dev box),
which majiang never uses: the store is SQLAlchemy Core over an ``AsyncConnection`` (issue 28: a
server's start, to its first answer, should import only what the chosen store needs).

So the package is put in ``sys.modules`` without running its ``__init__``; its ``engine`` and
``result`` submodules (which need no ORM) are imported, and the names they define are set on it,
as the ``__init__`` would; greenlet is initialised as the ``__init__`` does last. The first time
anything asks the package for a name it lacks (``AsyncSession``, ``async_sessionmaker``, …), its own
``__init__`` runs after all (ORM and everything) and the name is returned: nothing else changes
for another library of the process. Should SQLAlchemy's layout ever differ (no ``engine`` or
``result`` submodule), the package is imported the ordinary way.

Every majiang module that needs these names imports them from here, so whichever is imported
first, the ORM is not.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
else:
    from types import ModuleType

    _PACKAGE = "sqlalchemy.ext.asyncio"
    # what sqlalchemy/ext/asyncio/__init__.py takes from these two submodules (SQLAlchemy 2.0–2.1)
    _CORE = {
        "engine": ("async_engine_from_config", "AsyncConnection", "AsyncEngine", "AsyncTransaction",
                   "create_async_engine", "create_async_pool_from_url"),
        "result": ("AsyncMappingResult", "AsyncResult", "AsyncScalarResult", "AsyncTupleResult"),
    }

    def _core_only() -> ModuleType:
        import importlib
        import importlib.util

        if _PACKAGE in sys.modules:
            return sys.modules[_PACKAGE]
        import sqlalchemy.ext

        spec = importlib.util.find_spec(_PACKAGE)
        if spec is None or spec.loader is None or spec.submodule_search_locations is None:
            return importlib.import_module(_PACKAGE)
        package = importlib.util.module_from_spec(spec)
        loading = True

        def complete(name: str) -> object:
            if loading or name.startswith("__"):  # (the import system probing for a submodule, a dunder)
                raise AttributeError(name)
            # a name the core part does not set: run the package's own __init__ (the ORM's import)
            del package.__getattr__
            spec.loader.exec_module(package)
            return getattr(package, name)

        package.__getattr__ = complete
        sys.modules[_PACKAGE] = package
        try:
            for sub, names in _CORE.items():
                module = importlib.import_module(f"{_PACKAGE}.{sub}")
                for name in names:
                    setattr(package, name, getattr(module, name))
            from sqlalchemy.util import concurrency

            concurrency._concurrency_shim._initialize()  # (what the __init__ does last)
        except (ImportError, AttributeError):  # another layout: the ordinary import
            del sys.modules[_PACKAGE]
            for sub in _CORE:
                sys.modules.pop(f"{_PACKAGE}.{sub}", None)
            return importlib.import_module(_PACKAGE)
        finally:
            loading = False
        sqlalchemy.ext.asyncio = package
        return package

    _asyncio = _core_only()
    AsyncConnection = _asyncio.AsyncConnection
    AsyncEngine = _asyncio.AsyncEngine
    create_async_engine = _asyncio.create_async_engine

__all__ = ["AsyncConnection", "AsyncEngine", "create_async_engine"]
