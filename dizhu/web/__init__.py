"""The browser game: the server, the table it runs, the store it keeps matches in."""
