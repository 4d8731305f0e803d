"""Veillée: a server for hidden-role party games."""
