"""Adapters at the edge: the ledger, pads, camera."""
