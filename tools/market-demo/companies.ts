/**
 * The demo universe: NEPSE-like sectors, companies and brokers. Symbols and names follow real
 * listings, but every number the generator writes for them (prices, statements, dividends,
 * ownership) is invented. Three companies carry the degenerate cases of market-data.md rule 4.
 */
export type SectorCode = 'commercial_banks' | 'hydropower' | 'life_insurance' | 'microfinance';

export const SECTORS: ReadonlyArray<{ code: SectorCode; name: string }> = [
  { code: 'commercial_banks', name: 'Commercial Banks' },
  { code: 'hydropower', name: 'Hydro Power' },
  { code: 'life_insurance', name: 'Life Insurance' },
  { code: 'microfinance', name: 'Microfinance' },
];

/** Which degenerate case of market-data.md rule 4 a company stands for. */
export type DegenerateCase = 'upstream_missing' | 'negative_eps' | 'no_tier4';

export interface DemoCompany {
  symbol: string;
  name: string;
  sector: SectorCode;
  /** Shares listed today (after every bonus whose book close has passed). */
  listedShares: number;
  /** Where the price hovers today (NPR). */
  priceLevel: number;
  /** Annual EPS of the latest fiscal year (NPR per share) and book value per share. */
  eps: number;
  bvps: number;
  /** Typical daily volume (shares) and floor-sheet trades per day. */
  dailyVolume: number;
  tradesPerDay: number;
  degenerate?: DegenerateCase;
}

export const COMPANIES: readonly DemoCompany[] = [
  // Commercial banks: NPR ~200-700.
  { symbol: 'NABIL', name: 'Nabil Bank Limited', sector: 'commercial_banks', listedShares: 270_578_812, priceLevel: 520, eps: 21.4, bvps: 205, dailyVolume: 180_000, tradesPerDay: 220 },
  { symbol: 'NICA', name: 'NIC Asia Bank Limited', sector: 'commercial_banks', listedShares: 151_226_380, priceLevel: 410, eps: 14.2, bvps: 178, dailyVolume: 150_000, tradesPerDay: 180 },
  { symbol: 'GBIME', name: 'Global IME Bank Limited', sector: 'commercial_banks', listedShares: 361_972_530, priceLevel: 225, eps: 11.6, bvps: 162, dailyVolume: 320_000, tradesPerDay: 240 },
  { symbol: 'ADBL', name: 'Agricultural Development Bank Limited', sector: 'commercial_banks', listedShares: 138_461_420, priceLevel: 285, eps: 16.8, bvps: 214, dailyVolume: 120_000, tradesPerDay: 160 },
  { symbol: 'SCB', name: 'Standard Chartered Bank Nepal Limited', sector: 'commercial_banks', listedShares: 94_271_148, priceLevel: 610, eps: 24.9, bvps: 196, dailyVolume: 40_000, tradesPerDay: 90 },
  // Hydropower: NPR ~150-600.
  { symbol: 'UPPER', name: 'Upper Tamakoshi Hydropower Limited', sector: 'hydropower', listedShares: 105_900_000, priceLevel: 215, eps: 3.1, bvps: 118, dailyVolume: 420_000, tradesPerDay: 260 },
  { symbol: 'CHCL', name: 'Chilime Hydropower Company Limited', sector: 'hydropower', listedShares: 110_217_430, priceLevel: 505, eps: 18.7, bvps: 164, dailyVolume: 90_000, tradesPerDay: 170 },
  { symbol: 'API', name: 'Api Power Company Limited', sector: 'hydropower', listedShares: 55_314_120, priceLevel: 245, eps: 6.4, bvps: 121, dailyVolume: 160_000, tradesPerDay: 150 },
  { symbol: 'NHPC', name: 'National Hydro Power Company Limited', sector: 'hydropower', listedShares: 17_236_540, priceLevel: 190, eps: 2.2, bvps: 107, dailyVolume: 70_000, tradesPerDay: 110 },
  // Loss-making hydro with negative equity: EPS and book value both negative, so the Graham number
  // and the P/E-based fair value are both invalid (negative_input).
  { symbol: 'KKHL', name: 'Kali Khola Hydropower Limited', sector: 'hydropower', listedShares: 12_480_000, priceLevel: 168, eps: -31.5, bvps: -12.4, dailyVolume: 60_000, tradesPerDay: 100, degenerate: 'negative_eps' },
  // Life insurance: NPR ~400-1200.
  { symbol: 'NLIC', name: 'Nepal Life Insurance Company Limited', sector: 'life_insurance', listedShares: 71_392_110, priceLevel: 760, eps: 19.3, bvps: 242, dailyVolume: 45_000, tradesPerDay: 140 },
  { symbol: 'LICN', name: 'Life Insurance Corporation (Nepal) Limited', sector: 'life_insurance', listedShares: 40_950_000, priceLevel: 880, eps: 26.5, bvps: 298, dailyVolume: 25_000, tradesPerDay: 100 },
  // Publishes no tier-4 (individual holder) ownership.
  { symbol: 'ALICL', name: 'Asian Life Insurance Company Limited', sector: 'life_insurance', listedShares: 40_116_720, priceLevel: 520, eps: 9.8, bvps: 171, dailyVolume: 35_000, tradesPerDay: 110, degenerate: 'no_tier4' },
  // Microfinance: NPR ~500-1500.
  { symbol: 'CBBL', name: 'Chhimek Laghubitta Bittiya Sanstha Limited', sector: 'microfinance', listedShares: 15_286_400, priceLevel: 880, eps: 36.2, bvps: 231, dailyVolume: 12_000, tradesPerDay: 80 },
  { symbol: 'NUBL', name: 'Nirdhan Utthan Laghubitta Bittiya Sanstha Limited', sector: 'microfinance', listedShares: 15_963_200, priceLevel: 690, eps: 24.6, bvps: 198, dailyVolume: 10_000, tradesPerDay: 70 },
  // The provider lacks several values: metrics and statement line items with status upstream_missing.
  { symbol: 'SWBBL', name: 'Swabalamban Laghubitta Bittiya Sanstha Limited', sector: 'microfinance', listedShares: 9_482_300, priceLevel: 740, eps: 29.1, bvps: 187, dailyVolume: 8_000, tradesPerDay: 60, degenerate: 'upstream_missing' },
];

/** Exchange members by their NEPSE broker number (a subset of 1..58). */
export const BROKERS: ReadonlyArray<{ number: number; name: string; activity: number }> = [
  { number: 1, name: 'Kumari Securities Private Limited', activity: 2 },
  { number: 3, name: 'Arun Securities Private Limited', activity: 1 },
  { number: 4, name: 'Opal Securities Investment Private Limited', activity: 2 },
  { number: 5, name: 'Market Securities Exchange Company Private Limited', activity: 1 },
  { number: 6, name: 'Agrawal Securities Private Limited', activity: 1 },
  { number: 10, name: 'Pragya Securities Limited', activity: 1 },
  { number: 11, name: 'Malla & Malla Stock Broking Company Private Limited', activity: 1 },
  { number: 14, name: 'Nepal Stock House Private Limited', activity: 2 },
  { number: 16, name: 'Primo Securities Private Limited', activity: 1 },
  { number: 17, name: 'ABC Securities Private Limited', activity: 3 },
  { number: 18, name: 'Sagarmatha Securities Private Limited', activity: 2 },
  { number: 21, name: 'Midas Stock Broking Company Private Limited', activity: 2 },
  { number: 26, name: 'Asian Securities Private Limited', activity: 1 },
  { number: 28, name: 'Shree Krishna Securities Limited', activity: 2 },
  { number: 34, name: 'Vision Securities Private Limited', activity: 4 },
  { number: 35, name: 'Kohinoor Investment and Securities Private Limited', activity: 1 },
  { number: 38, name: 'Dipshikha Dhitopatra Karobar Company Private Limited', activity: 2 },
  { number: 41, name: 'Linch Stock Market Limited', activity: 2 },
  { number: 42, name: 'Sani Securities Company Limited', activity: 2 },
  { number: 44, name: 'Dynamic Money Managers Securities Private Limited', activity: 3 },
  { number: 45, name: 'Imperial Securities Company Private Limited', activity: 4 },
  { number: 49, name: 'Online Securities Private Limited', activity: 2 },
  { number: 55, name: 'Bhrikuti Stock Broking Company Private Limited', activity: 2 },
  { number: 58, name: 'Naasa Securities Company Limited', activity: 5 },
];
