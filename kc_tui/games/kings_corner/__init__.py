"""Kings in the Corner (docs/rules.md R1-R8): eight piles in a cross, built down in alternating
colours; the first with an empty hand wins the round.

``engine`` holds the rules, the referee, the seat views and the service door (pure Python, the
engine layer); ``ai`` the computer players, hints and the tournament (the AI layer).
"""
