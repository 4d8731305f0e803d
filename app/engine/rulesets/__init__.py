"""Rulesets are plugins registered by key."""
