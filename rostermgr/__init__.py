"""rostermgr package."""
