"""One module per family of techniques, each a generator of ``Step``s that never mutates the board."""
