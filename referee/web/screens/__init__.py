"""The site's screens, one blueprint module each: home, the viewer, new game and my games, sharing, backup, the app
install, records, the referee tools, the rules card and contract rummy's scorekeeper screens (``table/``)."""
