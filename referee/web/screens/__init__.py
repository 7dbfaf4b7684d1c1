"""The site's screens, the same for every family of games, one blueprint module each: home, the viewer, new game and
my games, sharing, backup, the app install, records and the rules pages. A family's own screens are in its package
(contract rummy's: :mod:`referee.games.rummy.web`)."""
