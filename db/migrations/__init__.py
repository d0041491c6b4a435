"""Schema migrations (Alembic): `reviewer db upgrade` runs them, nothing else does.

HEAD names the newest revision, so that opening a database compares one stored string
instead of importing Alembic (a tenth of a second on every start). A test checks that it is
the single head of `versions/`: a new revision chains on it and moves HEAD to itself.
"""

HEAD = "0017"
# meta.schema_version of a database whose schema Alembic keeps: reviewers from before
# migrations read versions 1 to 3 and refuse anything else with a clear message
MANAGED_VERSION = "4"
