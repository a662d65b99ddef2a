"""Developer tools around the rules engine, outside the importable game: self-play bots
(:mod:`tools.bots`) and the deal benchmark (:mod:`tools.deal_bench`)."""
