import { TRAINING_SEARCH_CONFIG } from '@platform/db';

/** The SQL of a training full-text search: the WHERE condition and the ORDER BY rank. */
export interface TrainingSearchSql {
  match: string;
  rank: string;
}

/**
 * The one definition of training full-text search (title and description), used by the admin
 * list and customer discovery. `vector` names the `search_vector` column as the query aliases it;
 * `text` is the search text as a SQL expression: a `:search` replacement in a raw query, or a
 * value quoted by `sequelize.escape` in an ORM literal, never the raw input.
 *
 * websearch_to_tsquery accepts any text (quotes, `&|!:*()`, unicode) without a syntax error; text
 * with no word in it matches nothing. The config is the one search_vector is built with
 * (TRAINING_SEARCH_CONFIG, migration 0014), so the GIN index serves the match.
 */
export function trainingSearchSql(vector: string, text: string): TrainingSearchSql {
  const query = `websearch_to_tsquery('${TRAINING_SEARCH_CONFIG}', ${text})`;
  return { match: `${vector} @@ ${query}`, rank: `ts_rank(${vector}, ${query})` };
}
