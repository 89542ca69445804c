-- Games' read API of its catalogue for other modules' SQL (reports, agents' edge figures): each
-- game's address, category, names and declared return to player. A plain view, inlined by the
-- planner.
CREATE OR REPLACE VIEW games_catalogue AS
SELECT g.node_id, g.vendor_code, g.game_code, g.game_type, g.vassalage, g.classify, g.names, g.rtp_basis_points,
       g.enabled
  FROM games g;
