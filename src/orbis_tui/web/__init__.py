"""The browser wing: ``orbis serve`` (:mod:`.serve`, the app in a browser), its web
server (:mod:`.server`, textual-serve's with a guard and a page of its own), which
requests are answered (:mod:`.guard`) and what a browser tab may send (:mod:`.tab`).
The table server (:mod:`orbis_tui.remote.table_server`) gives its browser seats with
them. Importing this package loads nothing: ``orbis`` itself never needs a web server.
"""
