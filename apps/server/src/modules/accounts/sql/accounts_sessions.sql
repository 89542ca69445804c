-- Accounts' read API of the members' platform sessions for other modules' SQL (the games check a
-- wallet session's launching session): when each was opened, last seen, ends or was revoked.
-- Never the token's hash. A plain view, inlined by the planner.
CREATE OR REPLACE VIEW accounts_sessions AS
SELECT s.id, s.member_id, s.site, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at,
       s.password_change_required
  FROM sessions s;
