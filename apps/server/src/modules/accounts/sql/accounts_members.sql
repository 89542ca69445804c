-- Accounts' read API for other modules' SQL (docs/design.md, Money): who a member is and where it
-- stands (status, type, upline), never its credentials or contact details. A plain view: the
-- planner inlines it, so a reader pays nothing over reading `members` itself.
CREATE OR REPLACE VIEW accounts_members AS
SELECT m.id, m.account, m.nickname, m.type, m.role, m.status, m.upline_id, m.created_at, m.last_login_at
  FROM members m;
