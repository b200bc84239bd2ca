"""Play apart: one table held by a server, each player at their own screen.

The table server (:mod:`.table_server`, ``orbis host``: the aiohttp application, which
gives browser seats with :mod:`orbis_tui.web`) keeps the only true match of each table
and stores every action before it tells anyone. Below it, and free of the web server:
one table's rules of play (:mod:`.room`, built in layers over :mod:`.room_state`), a
new table's deal (:mod:`.deal`), a seat's connection (:mod:`.client`) and a
seat played by a program (:mod:`.seatbot`), the store of tables (:mod:`.store`,
:mod:`.pgstore`, what both share in :mod:`.store_types`), the public view a seat may
see (:mod:`.view`), invitation links (:mod:`.links`) and the messages with their
limits (:mod:`.protocol`).
"""
