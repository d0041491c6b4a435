"""One module per command: what it does and what it prints (console.py: output, progress
bars and exit codes)."""
