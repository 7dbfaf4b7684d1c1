"""What every request and every screen goes through, whatever the family: security, assets, languages, links and
access, kept pages, the live streams' caps."""
