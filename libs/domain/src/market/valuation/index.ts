export { CompanyValuationService } from './company-valuation.service';
export type { RatiosView, FairValueView, PeersView, PeerCompany } from './company-valuation.service';
export { RATIO_TABS, normaliseTab } from './ratio-tabs';
export type { RatioTab, RatioEntry, SectorComparison } from './ratio-tabs';
export { MAX_PEERS, MAX_PEER_INPUTS, MAX_SYMBOL_LENGTH, normalisePeerSymbols, selectPeers } from './peer-selection';
export type { ExcludedPeer, PeerExclusionReason, RequestedPeer } from './peer-selection';
export { RADAR_AXES } from './radar';
export type { RadarAxis } from './radar';
export type { FairValueMethod, FairValueSummary } from './fair-value';
