import { mulberry32 } from '../market-demo/random';
/**
 * Pure helpers of the portfolio bench (tools/bench/portfolio.ts): a deterministic generator of
 * portfolio transactions that the spec's rules accept and that never oversell, the columns to
 * insert them in bulk, and the timing statistics. No database, no app: portfolio.spec.ts tests them.
 */
export type GeneratedType = 'BUY' | 'SELL' | 'DIVIDEND' | 'BONUS';

/** A transaction as the API would take it (decimals as text with 2 places), `company` an index into the companies. */
export interface GeneratedTransaction {
  company: number;
  type: GeneratedType;
  transactedAt: Date;
  quantity: number | null;
  rate: string | null;
  amount: string | null;
  sebonCommission: string | null;
  brokerCommission: string | null;
  dpFee: string | null;
  netAmount: string | null;
  basePrice: string | null;
  term: 'short' | 'long' | null;
  cgtAmount: string | null;
}

export interface GeneratorOptions {
  count: number;
  /** Where each company's price hovers (NPR); one entry per company. */
  priceLevels: readonly number[];
  seed: number;
  /** The first transaction's instant; each next one `stepMs` later (so no two share a transacted_at). */
  start?: Date;
  stepMs?: number;
}

export const GENERATOR_START = new Date('2015-01-01T04:15:00Z');
/** 30 minutes: 100,000 transactions end in 2020, long before any appended "now". */
export const GENERATOR_STEP_MS = 30 * 60_000;
/** Above this many units of a company the next transaction of it sells half (keeps positions, and bonus compounding, bounded). */
export const MAX_UNITS = 5_000;
/** CONTRACT section 8's CGT ceilings, in per mille of the gain: 7.5 % short, 5 % long. */
const CGT_PER_MILLE = { short: 75, long: 50 } as const;
const DP_FEE_PAISA = 2_500;
const YEAR_MS = 365 * 86_400_000;


/** Whole paisa as NPR text with two places: 12345 → "123.45". */
export function rupees(paisa: number): string {
  if (!Number.isSafeInteger(paisa) || paisa < 0) throw new Error(`not a whole, non-negative paisa amount: ${paisa}`);
  return `${Math.floor(paisa / 100)}.${String(paisa % 100).padStart(2, '0')}`;
}

interface CompanyState {
  units: number;
  /** Cost of the units held, in paisa (weighted average, as the replay keeps it, to the paisa). */
  costPaisa: number;
  pricePaisa: number;
  levelPaisa: number;
  firstBuyAt: number | null;
}

/**
 * `count` transactions over the companies, in timeline order (strictly increasing transactedAt),
 * BUY, SELL, DIVIDEND and BONUS mixed (about 50/30/12/8 % once a company is held). Every amount is
 * whole paisa computed in integers, so amount = quantity × rate and netAmount = amount ± fees
 * exactly, and a SELL's CGT is at most the ceiling of its term. A SELL never takes more than the
 * units held; a company holding nothing is bought first; above MAX_UNITS it sells half. The same
 * options always give the same transactions.
 */
export function generateTransactions(options: GeneratorOptions): GeneratedTransaction[] {
  const { count, priceLevels, seed, start = GENERATOR_START, stepMs = GENERATOR_STEP_MS } = options;
  if (!Number.isInteger(count) || count < 0) throw new Error(`count must be a whole number (got ${count})`);
  if (priceLevels.length === 0) throw new Error('at least one company is needed');
  const next = mulberry32(seed);
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const companies: CompanyState[] = priceLevels.map((level) => {
    const levelPaisa = Math.max(5_000, Math.round(level * 100));
    return { units: 0, costPaisa: 0, pricePaisa: levelPaisa, levelPaisa, firstBuyAt: null };
  });
  const out: GeneratedTransaction[] = [];
  for (let n = 0; n < count; n += 1) {
    const company = Math.floor(next() * companies.length);
    const state = companies[company];
    const at = start.getTime() + n * stepMs;
    // A random walk of ±2 % a step, kept within half and double the level, to the paisa.
    state.pricePaisa = Math.min(state.levelPaisa * 2, Math.max(Math.round(state.levelPaisa / 2), Math.round(state.pricePaisa * (0.98 + 0.04 * next()))));
    const draw = next();
    const type: GeneratedType =
      state.units === 0 ? 'BUY' : state.units > MAX_UNITS ? 'SELL' : draw < 0.5 ? 'BUY' : draw < 0.8 ? 'SELL' : draw < 0.92 ? 'DIVIDEND' : 'BONUS';
    const blank = { company, type, transactedAt: new Date(at), quantity: null, rate: null, amount: null, sebonCommission: null, brokerCommission: null, dpFee: null, netAmount: null, basePrice: null, term: null, cgtAmount: null };
    switch (type) {
      case 'BUY': {
        const quantity = between(10, 200);
        const amount = quantity * state.pricePaisa;
        const fees = feesOf(amount);
        state.units += quantity;
        state.costPaisa += amount + fees.total;
        state.firstBuyAt ??= at;
        out.push({ ...blank, quantity, ...trade(quantity, state.pricePaisa, fees), netAmount: rupees(amount + fees.total) });
        break;
      }
      case 'SELL': {
        const quantity = state.units > MAX_UNITS ? Math.floor(state.units / 2) : between(1, state.units);
        const amount = quantity * state.pricePaisa;
        const fees = feesOf(amount);
        const basePaisa = Math.round(state.costPaisa / state.units);
        // Held a year since the first BUY of the position, or, half the time, declared long anyway (lots bought earlier).
        const term = (state.firstBuyAt !== null && at - state.firstBuyAt >= YEAR_MS) || next() < 0.5 ? 'long' : 'short';
        const gain = Math.max(0, (state.pricePaisa - basePaisa) * quantity);
        const cgt = Math.floor((gain * CGT_PER_MILLE[term]) / 1_000);
        const soldCost = quantity === state.units ? state.costPaisa : Math.round((state.costPaisa * quantity) / state.units);
        state.units -= quantity;
        state.costPaisa -= soldCost;
        if (state.units === 0) state.firstBuyAt = null;
        out.push({
          ...blank,
          quantity,
          ...trade(quantity, state.pricePaisa, fees),
          netAmount: rupees(amount - fees.total),
          basePrice: rupees(basePaisa),
          term,
          cgtAmount: rupees(cgt),
        });
        break;
      }
      case 'DIVIDEND':
        out.push({ ...blank, amount: rupees(state.units * between(100, 2_000)) });
        break;
      case 'BONUS': {
        const quantity = Math.max(1, Math.floor((state.units * between(5, 15)) / 100));
        state.units += quantity;
        state.costPaisa += quantity * 10_000; // at a par of Rs 100 (the replay uses the company's own par)
        out.push({ ...blank, quantity });
        break;
      }
    }
  }
  return out;
}

interface Fees {
  sebon: number;
  broker: number;
  total: number;
}

/** SEBON 0.015 %, broker 0.36 % (rounded to the paisa) and a DP fee of Rs 25. */
function feesOf(amountPaisa: number): Fees {
  const sebon = Math.round((amountPaisa * 15) / 100_000);
  const broker = Math.round((amountPaisa * 36) / 10_000);
  return { sebon, broker, total: sebon + broker + DP_FEE_PAISA };
}

function trade(quantity: number, ratePaisa: number, fees: Fees) {
  return {
    rate: rupees(ratePaisa),
    amount: rupees(quantity * ratePaisa),
    sebonCommission: rupees(fees.sebon),
    brokerCommission: rupees(fees.broker),
    dpFee: rupees(DP_FEE_PAISA),
  };
}

/** How many of each type, and how many companies were traded. */
export function countTransactions(transactions: readonly GeneratedTransaction[]): Record<GeneratedType, number> & { companies: number } {
  const counts = { BUY: 0, SELL: 0, DIVIDEND: 0, BONUS: 0 };
  for (const tx of transactions) counts[tx.type] += 1;
  return { ...counts, companies: new Set(transactions.map((tx) => tx.company)).size };
}

/** The bind values of one bulk INSERT ... SELECT FROM unnest(...) (see INSERT_TRANSACTIONS_SQL in portfolio.ts), `$2` to `$15`. */
export function insertColumns(transactions: readonly GeneratedTransaction[], ids: readonly string[], companyIds: readonly string[]): unknown[][] {
  if (ids.length !== transactions.length) throw new Error(`${ids.length} ids for ${transactions.length} transactions`);
  const column = <T>(pick: (tx: GeneratedTransaction) => T) => transactions.map(pick);
  return [
    [...ids],
    column((tx) => companyIds[tx.company]),
    column((tx) => tx.type),
    column((tx) => tx.transactedAt.toISOString()),
    column((tx) => tx.quantity),
    column((tx) => tx.rate),
    column((tx) => tx.amount),
    column((tx) => tx.sebonCommission),
    column((tx) => tx.brokerCommission),
    column((tx) => tx.dpFee),
    column((tx) => tx.netAmount),
    column((tx) => tx.basePrice),
    column((tx) => tx.term),
    column((tx) => tx.cgtAmount),
  ];
}

/** Units held of each company after all of `transactions` (what the replay must end with). */
export function finalUnits(transactions: readonly GeneratedTransaction[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const tx of transactions) {
    const held = units.get(tx.company) ?? 0;
    const quantity = tx.quantity ?? 0;
    units.set(tx.company, tx.type === 'SELL' ? held - quantity : tx.type === 'DIVIDEND' ? held : held + quantity);
  }
  return units;
}

export interface TimingStats {
  count: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentiles of durations in ms. */
export function timingStats(samples: readonly number[]): TimingStats {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  return { count: sorted.length, p50: rank(50), p95: rank(95), max: sorted[sorted.length - 1], mean: sorted.reduce((sum, x) => sum + x, 0) / sorted.length };
}

/** "met" or "NOT met", and the two goal lines of the issue. */
export function goalLines(p50TenThousand: number, p50HundredThousand: number, goalMs = 50, goalRatio = 12): string[] {
  const ratio = p50HundredThousand / p50TenThousand;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  return [
    `summary server time 10k: p50 ${p50TenThousand.toFixed(2)} ms (goal < ${goalMs} ms) — ${met(p50TenThousand < goalMs)}`,
    `100k/10k ratio: ${ratio.toFixed(2)} (goal ≤ ${goalRatio}) — ${met(ratio <= goalRatio)}`,
  ];
}

/** A BUY body as POST /transactions takes it: `quantity` at `ratePaisa`, fees as generated ones, at `transactedAt`. */
export function buyBody(companyId: string, quantity: number, ratePaisa: number, transactedAt: Date): Record<string, unknown> {
  const amount = quantity * ratePaisa;
  const fees = feesOf(amount);
  return { type: 'BUY', companyId, transactedAt: transactedAt.toISOString(), quantity, ...trade(quantity, ratePaisa, fees), netAmount: rupees(amount + fees.total) };
}
