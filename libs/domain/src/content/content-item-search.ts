/**
 * Full-text search of `content_items` aliased `i`: its generated search_vector (title and summary,
 * the `simple` configuration of migration 0019) against `:search` in websearch syntax (any text
 * is accepted), and the rank a `relevance` sort orders by.
 */
export const ITEM_SEARCH_QUERY = `websearch_to_tsquery('simple', :search)`;
export const ITEM_SEARCH_MATCH = `i.search_vector @@ ${ITEM_SEARCH_QUERY}`;
export const ITEM_SEARCH_RANK = `ts_rank(i.search_vector, ${ITEM_SEARCH_QUERY})`;
