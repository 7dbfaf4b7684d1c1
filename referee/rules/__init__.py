"""The contract-rummy referee: cards, melds, contracts, lay-offs, scoring, the solver and the variants of
docs/rules.md, as pure functions and data with the standard library only (the ledger, the web app and the command
line all ask it)."""
