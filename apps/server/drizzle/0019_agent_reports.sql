-- Filled in by the agents work (issue 14); nothing yet.
SELECT 1;
