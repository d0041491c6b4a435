"""`python -m reviewer`: the same command line as the `reviewer` script."""

from reviewer.cli import main

main()
