-- Every liability row counts at least one hit, and none is left of a settled or void numero.
SELECT x.numero_id, x.play_type, x.selection, x.max_hits
  FROM lottery_exposure x
  LEFT JOIN lottery_numeros n ON n.id = x.numero_id
 WHERE x.max_hits < 1 OR n.status IN ('settled', 'void')
