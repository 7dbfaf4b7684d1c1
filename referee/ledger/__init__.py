"""The core ledger, the same for every family of games: a game is an append-only log of events, and its state is a
pure function of that log (each family folds its own: contract rummy's in :mod:`referee.games.rummy.ledger`, the
Persian table games' in :mod:`referee.games.persian.ledger`).

``store`` — SQLModel tables and the one place that writes them
--------------------------------------------------------------
The store keeps the games of every family of games alike (:mod:`referee.families`): a game's ``variant`` chooses
the family whose ``event_from_dict``, ``start``, ``apply`` and ``replay`` read and fold its log, so the states it
returns are that family's (a contract-rummy game's are :mod:`referee.games.rummy.ledger`'s ``GameState``). Game files
of any family are
read by ``files.read_file(raw) -> GameFile(family, data)`` (the file's ``format`` chooses the family).

Tables: ``Game`` (``id``, ``public_id`` (uuid hex for URLs), ``variant``, ``created_at``, ``updated_at``,
``seq`` (last event seq), ``edit_token``, ``view_token`` (``secrets.token_urlsafe(32)``, 256 bits),
``title``), ``GamePlayer`` (``game_id``, ``seat`` (turn order, 0-based), ``name``), ``GameEvent`` (``game_id``,
``seq`` (unique per game), ``type``, ``payload`` (JSON text), ``created_at``, ``idempotency_key`` (unique per
game, nullable)). Functions, keyword-only after the session:

- ``create_game(session, *, created: GameCreated, title="", idempotency_key=None) -> Game`` (validates;
  commits)
- ``get_game(session, *, public_id) -> Game`` (``GameNotFound``), ``load_events(session, game_id) -> list[Event]``,
  ``load_state(session, game_id) -> GameState``, ``state_of(session, game) -> GameState`` (a row just read);
  states are kept in memory (``cache``: by game, extended by the events since, never replayed twice)
- ``append(session, *, game_id, event, expected_seq, idempotency_key=None) -> AppendResult(seq, state,
  replayed)`` — one transaction: a stale ``expected_seq`` raises ``Conflict`` (with ``.state``, the current
  state, and ``.seq``); a refused event raises ``EventRefused`` and writes nothing; an idempotency key seen
  before returns the original result with ``replayed=True`` (``IdempotencyKeyReused`` if the key came with a
  different event). Two concurrent appends can never both win (compare-and-swap on ``Game.seq`` plus a
  unique ``(game_id, seq)``), on SQLite and PostgreSQL.
- ``list_games(session, public_ids) -> list[Game]`` ("my games", most recently updated first),
  ``players_of(session, game_id) -> list[str]``
- ``access(game, token) -> "edit" | "view" | None`` (constant-time), ``rotate_edit_token(session, *,
  game_id) -> str`` (the old edit link stops working)

``cache`` and ``changes`` — folded states kept in memory; the per-process watcher of saves
----------------------------------------------------------------------------------------
``cache.cache_for(engine) -> StateCache`` (bounded LRU by (game id, public id)); ``changes.watcher_for(engine)
-> Watcher`` with ``wait(public_id, seen, timeout) -> seq | None`` (PostgreSQL ``LISTEN``; SQLite ``PRAGMA
data_version``), ``changes.announce(engine, public_id, seq)`` (the store, after a commit).

``files`` and ``gamefile`` — a game file someone sent
----------------------------------------------------
``gamefile.loads(raw)`` holds every file to the same limits (size, UTF-8, JSON, numbers, depth, text) and
raises ``GameFileError`` (one line); ``files.read_file(raw)`` then lets the file's ``format`` choose its family.
"""
