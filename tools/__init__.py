"""Tools around the server, not the server: a Python client of the protocol (`client`), the app run in-process
(`serve`) and `make demo` (`demo`). The tests use them; the app never imports them."""
