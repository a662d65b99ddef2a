"""Settings package: base (shared), local (development), test (pytest), production."""
