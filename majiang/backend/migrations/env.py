"""Alembic environment. The server runs migrations itself on a connection it hands over in
``config.attributes["connection"]`` (so async engines work); see ``majiang.backend.store``."""

from __future__ import annotations

from alembic import context

import majiang.backend.platform_schema  # noqa: F401 - the platform's tables join the metadata
from majiang.backend.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # `alembic` on the command line: use sqlalchemy.url from the ini file
    from sqlalchemy import engine_from_config, pool

    engine = engine_from_config(context.config.get_section(context.config.config_ini_section) or {},
                                prefix="sqlalchemy.", poolclass=pool.NullPool)
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
