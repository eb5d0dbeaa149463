"""Example explorer plug-ins (see bounded.py)."""
