"""printables package."""
