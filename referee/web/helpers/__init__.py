"""What the screens use to read and say things: the rules in words, the forms, cards and numbers typed, QR
codes."""
