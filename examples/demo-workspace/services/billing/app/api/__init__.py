"""HTTP layer of the billing service."""
