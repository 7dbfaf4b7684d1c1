"""The Persian table games' ledger: the events of a game, the fold that scores them, and the game file.
Pure (standard library only) and strictly typed; the rules are :mod:`referee.games.persian.rules`."""
