"""Alembic's entry point for the store: runs the migrations on the connection the store hands it."""

from alembic import context

from cardavia_nb.store.tables import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
