"""Reading input files, the ingest writer and the detector workers: what turns files into
stored briefs, runs and flags."""
