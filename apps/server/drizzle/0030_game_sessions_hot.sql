-- Issue 12: the token exchange (authenticate) and a wallet session's slide update only columns no
-- index holds, so with room left on each page (fillfactor 80) they are HOT updates: no index entry
-- written. The index on (member_id, expires_at) went: ending a member's game sessions finds them
-- through game_sessions_recent_idx (member_id, launched_at), bounded by the launches of the
-- member's platform sessions not yet at their end (games/game-sessions.service.ts).
-- Measured on the vendor bench's scratch database, one connection, backend CPU from /proc: the
-- exchange 95 µs against 113-125 µs with the index.
DROP INDEX "game_sessions_member_live_idx";--> statement-breakpoint
ALTER TABLE "game_sessions" SET (fillfactor = 80);
