"""The Persian table games (docs/table-games.md): Hokm, Shelem, Shelem for two, Qahve, Bi-del, Rim, Shaytan and
Bluff. ``rules`` is the pure engine (standard library only); the ledger and the screens build on it."""
