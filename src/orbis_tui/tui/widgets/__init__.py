"""The app's widgets: the market board, the pyramid, the decision panel and friends."""
