"""The bundle's executable: the `rostermgr` script (cli.run), as PyInstaller's entry point."""

from cli import run

run()
