"""Widgets of the review app; each takes plain data and posts messages up."""
