"""The use cases: what the window and the command line both do, each in one place."""
