"""Play apart: one table held by a server, each player at their own screen.

The table server (:mod:`orbis_tui.host`) keeps the only true match of each table and
stores every action before it tells anyone. This package holds what does not depend on
the web server: the public view a seat may see (:mod:`.view`), the messages and their
limits (:mod:`.protocol`), the store of tables (:mod:`.store`), one table's rules of
play (:mod:`.room`), invitation links (:mod:`.links`) and a seat's connection
(:mod:`.client`).
"""
