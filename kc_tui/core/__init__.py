"""What every game shares, below the games (pure Python, like their engines): cards and their
notation, seats' kinds and where a game stands, the events every game has, the refusals, the text
guard for names from files and peers, and the service door every game's service is built on."""
