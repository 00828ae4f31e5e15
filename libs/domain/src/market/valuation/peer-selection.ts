import { listValues } from '../analysis/query-values';

/** market-data.md rule 2 (peers) and CONTRACT section 8: the exclusion reasons. */
export const MAX_PEERS = 4;
/** Peer symbols read from one request; later ones are ignored (bounds the lookup and the echo). */
export const MAX_PEER_INPUTS = 20;

export type PeerExclusionReason = 'unknown_symbol' | 'duplicate' | 'different_sector' | 'focal_company';

export interface ExcludedPeer {
  symbol: string;
  reason: PeerExclusionReason;
}

/** Most characters of a symbol, as stored and as echoed in `excludedPeers`. */
export const MAX_SYMBOL_LENGTH = 20;
const STORABLE_SYMBOL = /^[A-Z0-9]{1,20}$/;

/** One requested peer: its symbol (at most MAX_SYMBOL_LENGTH characters) and whether a company could have it. */
export interface RequestedPeer {
  symbol: string;
  /** Matches ^[A-Z0-9]{1,20}$; anything else is an unknown_symbol without a lookup. */
  storable: boolean;
}

/**
 * `symbols` as comma-separated values and/or repeated parameters, in order: each trimmed and
 * upper-cased, empties dropped, at most MAX_PEER_INPUTS kept, each cut to its first
 * MAX_SYMBOL_LENGTH characters (an unstorable symbol is only echoed). Duplicates stay (they are
 * reported). This bounded list is what the cache keys on.
 */
export function normalisePeerSymbols(raw: unknown): RequestedPeer[] {
  return listValues(raw)
    .slice(0, MAX_PEER_INPUTS)
    .map((value) => {
      const symbol = value.toUpperCase();
      return { symbol: [...symbol].slice(0, MAX_SYMBOL_LENGTH).join(''), storable: STORABLE_SYMBOL.test(symbol) };
    });
}

export interface PeerCandidate {
  id: string;
  sectorId: string;
}

/**
 * Every requested symbol is either kept or excluded with one reason: an unstorable symbol is
 * unknown_symbol; otherwise, checked in this order: a repeat of an earlier symbol (duplicate), the
 * focal company itself (focal_company), not a stored company (unknown_symbol), another sector
 * (different_sector). The first MAX_PEERS valid ones are kept; valid ones beyond that are silently
 * dropped (rule 2), never reported as excluded.
 */
export function selectPeers(
  focal: { symbol: string; sectorId: string },
  requested: readonly RequestedPeer[],
  known: ReadonlyMap<string, PeerCandidate>,
): { keptIds: string[]; excluded: ExcludedPeer[] } {
  const seen = new Set<string>();
  const keptIds: string[] = [];
  const excluded: ExcludedPeer[] = [];
  for (const { symbol, storable } of requested) {
    if (!storable) {
      excluded.push({ symbol, reason: 'unknown_symbol' });
      continue;
    }
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
