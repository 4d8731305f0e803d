"""HTTP routes, pages and the websocket endpoint."""
