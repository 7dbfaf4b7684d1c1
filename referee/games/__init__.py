"""The families of games referee keeps, one package each; referee.families registers them."""
