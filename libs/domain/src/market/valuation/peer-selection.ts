/** market-data.md rule 2 (peers) and CONTRACT section 8: the exclusion reasons. */
export const MAX_PEERS = 4;
/** Peer symbols read from one request; later ones are ignored (bounds the lookup and the echo). */
export const MAX_PEER_INPUTS = 20;

export type PeerExclusionReason = 'unknown_symbol' | 'duplicate' | 'different_sector' | 'focal_company';

export interface ExcludedPeer {
  symbol: string;
  reason: PeerExclusionReason;
}

/**
 * `symbols` as comma-separated values and/or repeated parameters, in order: each trimmed and
 * upper-cased, empties dropped, at most MAX_PEER_INPUTS kept. Duplicates stay (they are reported).
 */
export function normalisePeerSymbols(raw: unknown): string[] {
  const values = Array.isArray(raw) ? raw : [raw];
  return values
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => value.split(','))
    .map((symbol) => symbol.trim().toUpperCase())
    .filter(Boolean)
    .slice(0, MAX_PEER_INPUTS);
}

export interface PeerCandidate {
  id: string;
  sectorId: string;
}

/**
 * Every requested symbol is either kept or excluded with one reason, checked in this order: a
 * repeat of an earlier symbol (duplicate), the focal company itself (focal_company), not a stored
 * company (unknown_symbol), another sector (different_sector). The first MAX_PEERS valid ones are
 * kept; valid ones beyond that are silently dropped (rule 2), never reported as excluded.
 */
export function selectPeers(
  focal: { symbol: string; sectorId: string },
  requested: readonly string[],
  known: ReadonlyMap<string, PeerCandidate>,
): { keptIds: string[]; excluded: ExcludedPeer[] } {
  const seen = new Set<string>();
  const keptIds: string[] = [];
  const excluded: ExcludedPeer[] = [];
  for (const symbol of requested) {
    const candidate = known.get(symbol);
    const reason: PeerExclusionReason | null = seen.has(symbol)
      ? 'duplicate'
      : symbol === focal.symbol
        ? 'focal_company'
        : !candidate
          ? 'unknown_symbol'
          : candidate.sectorId !== focal.sectorId
            ? 'different_sector'
            : null;
    seen.add(symbol);
    if (reason) excluded.push({ symbol, reason });
    else if (candidate && keptIds.length < MAX_PEERS) keptIds.push(candidate.id);
  }
  return { keptIds, excluded };
}
