"""Alembic's environment: runs on the connection `db.schema.upgrade` hands it, inside the
transaction (and lock) that function holds, so two upgrades at once cannot interleave."""

from alembic import context

from db.tables import metadata

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters by copying a table
    transactional_ddl=True,
)
with context.begin_transaction():
    context.run_migrations()
