"""conversations package."""
