"""Learning from a team's labels: what a model sees of each checked number
(`candidates`), fitting and cross-validating it (`fit`, scikit-learn imported only there,
when a command learns), and the stored model a run applies (`model`, plain JSON)."""
