"""Kings Reverse computer players.  Pure Python: nothing here imports Textual or Rich."""
