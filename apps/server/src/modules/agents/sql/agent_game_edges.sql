-- The house edge of each game of the catalogue, in basis points of the stake (issue 35 item 2,
-- docs/agents.md "Bounded by the house edge"): 10,000 − its declared RTP (games_catalogue, the games
-- module's published view); a game without a declared RTP takes the lowest declared edge of its
-- category (game_type), else p_undeclared_edge_bp (the brand's setting agentWages.undeclaredEdge).
-- Rows of category_edge only (node_id null) give the edge of a category as a whole, for rounds of a
-- game the catalogue does not hold. Edges are kept within 0 … 10,000.
CREATE OR REPLACE FUNCTION agent_game_edges(p_undeclared_edge_bp integer)
RETURNS TABLE (node_id integer, vendor_code text, game_code text, game_type text, edge_bp integer)
LANGUAGE sql STABLE AS $$
  WITH categories AS (
    SELECT c.game_type, least(10000, greatest(0, min(10000 - c.rtp_basis_points)))::integer AS edge_bp
      FROM games_catalogue c
     WHERE c.rtp_basis_points IS NOT NULL
     GROUP BY c.game_type
  )
  SELECT g.node_id, g.vendor_code, g.game_code, g.game_type,
         -- (CASE, not greatest/least alone: they skip a NULL, and an undeclared RTP would read as edge 0)
         coalesce(CASE WHEN g.rtp_basis_points IS NOT NULL THEN least(10000, greatest(0, 10000 - g.rtp_basis_points)) END,
                  t.edge_bp, p_undeclared_edge_bp)::integer
    FROM games_catalogue g
    LEFT JOIN categories t ON t.game_type = g.game_type
  UNION ALL
  SELECT NULL, NULL, NULL, t.game_type, t.edge_bp
    FROM categories t
$$;
