"""Web Push (issue 28): the server's kept VAPID keys, the browsers' subscriptions, what a room's events push and to
whom, and a background sender (docs/architecture.md, "Web Push (issue 28)")."""
