/**
 * `compute` with the answers for the last `limit` keys remembered, the oldest forgotten first
 * (a Map keeps its insertion order). For pure functions of a string that are costly next to a map
 * lookup and asked again for the same keys (a visitor's address on each of its calls).
 */
export function remembered<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const answers = new Map<string, V>();
  return (key) => {
    const known = answers.get(key);
    // One lookup on a hit; `has` only for an answer that is itself undefined.
    if (known !== undefined || answers.has(key)) return known as V;
    const answer = compute(key);
    if (answers.size >= limit) answers.delete(answers.keys().next().value!);
    answers.set(key, answer);
    return answer;
  };
}
