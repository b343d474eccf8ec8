"""The analysis of a benchmark run (__main__.py lists its commands): standard library only."""
