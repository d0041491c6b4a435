"""The evaluation corpus generator: shared machinery and one module per domain."""
