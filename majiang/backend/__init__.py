"""What the server and the platform both stand on: the settings, the store with its schema and
migrations, the journal's records, the wire protocol's types, tokens, limits and metrics.

It sits below both (docs/architecture.md, "Layers"): the platform (accounts, clubs, records) reads
and writes the store, and the server's routes call the platform, so neither may own these.
"""
