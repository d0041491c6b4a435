"""Screens of the review app."""
