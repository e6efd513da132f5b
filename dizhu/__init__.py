"""dizhu: Dou Dizhu (Fight the Landlord) rules engine, computer players and browser game."""
