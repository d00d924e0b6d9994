"""European option pricing, served as a Pixie tool."""
