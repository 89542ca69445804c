-- What 0031 promises (db/migrate.ts runs this after it; a row rolls the migration back): every
-- member row marked role 'operator' has its operator, same id and name, and can no longer sign in
-- as a member; no session of the members' table is left open for an operator.
SELECT m.id, 'member row of an operator not moved or still usable' AS problem
  FROM members m
  LEFT JOIN operators o ON o.id = m.id AND lower(o.account) = lower(m.account)
 WHERE m.role = 'operator'
   AND (o.id IS NULL OR m.status <> 'disabled' OR m.password_hash IS NOT NULL OR m.totp_secret IS NOT NULL)
UNION ALL
SELECT s.id, 'live operator session in the members'' sessions'
  FROM sessions s JOIN members m ON m.id = s.member_id
 WHERE s.revoked_at IS NULL AND (s.site = 'operator' OR m.role = 'operator')
