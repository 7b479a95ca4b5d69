"""eligibility package."""
