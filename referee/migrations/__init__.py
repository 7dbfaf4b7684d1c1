"""Alembic migrations: every change to the database schema is a revision in ``versions/``.

``referee db upgrade`` (or ``flask --app referee db upgrade``) brings a database up to date, and so does the app
when it starts (``referee.db.upgrade``). ``referee db revision -m "what changed"`` writes a new revision from the
difference between the models (``referee/ledger/store.py``) and an up-to-date database; read it before you
commit it. ``tests/ledger/test_migrations.py`` checks that the revisions make exactly the models' schema.
"""
