"""Developer tools outside the apps (nothing in an app imports them): self-play bots
(:mod:`tools.bots`), the fair-deal verifier (:mod:`tools.verify_deal`) and the benchmarks:
the deal (:mod:`tools.deal_bench`), the review (:mod:`tools.review_bench`), the leaderboards
(:mod:`tools.leaderboard_bench`) and the Stats page (:mod:`tools.stats_bench`)."""
