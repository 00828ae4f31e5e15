import Big from 'big.js';
import { QueryTypes, Transaction } from 'sequelize';
import { Service } from 'typedi';
import { Database } from '@platform/db';
import { NO_POSITION, Position, ReplayedTransaction, replayPositions } from '../replay';

/** A place in a company's timeline: transactions are ordered by transacted_at, then by `sequence` (creation order). */
export interface TimelinePoint {
  transactedAt: Date;
  /** portfolio_transactions.sequence (bigint, as text); '0' is before every transaction of the instant. */
  sequence: string;
}

/** Before every transaction: a replay from here is a replay of the whole timeline. */
export const TIMELINE_START: TimelinePoint = { transactedAt: new Date(0), sequence: '0' };

interface PositionRow {
  units: string;
  cost: string;
  realisedGain: string;
  dividendIncome: string;
  cgtPaid: string;
}

const POSITION_BEFORE_SQL = `
  SELECT units_after::text AS units, cost_after::text AS cost, realised_gain_after::text AS "realisedGain",
         dividend_income_after::text AS "dividendIncome", cgt_paid_after::text AS "cgtPaid"
    FROM portfolio_transactions
   WHERE portfolio_id = :portfolioId AND company_id = :companyId AND deleted_at IS NULL AND (transacted_at, sequence) < (:at, :sequence::bigint)
   ORDER BY transacted_at DESC, sequence DESC
   LIMIT 1`;

const TRANSACTIONS_FROM_SQL = `
  SELECT id, type, quantity, amount::text, sebon_commission::text AS "sebonCommission", broker_commission::text AS "brokerCommission",
         dp_fee::text AS "dpFee", net_amount::text AS "netAmount", cgt_amount::text AS "cgtAmount"
    FROM portfolio_transactions
   WHERE portfolio_id = :portfolioId AND company_id = :companyId AND deleted_at IS NULL AND (transacted_at, sequence) >= (:at, :sequence::bigint)
   ORDER BY transacted_at, sequence`;

const WRITE_POSITIONS_SQL = `
  UPDATE portfolio_transactions t
     SET units_after = p.units, cost_after = p.cost, realised_gain_after = p.realised_gain,
         dividend_income_after = p.dividend_income, cgt_paid_after = p.cgt_paid
    FROM unnest(:ids::uuid[], :units::bigint[], :costs::numeric[], :realised::numeric[], :dividends::numeric[], :cgt::numeric[])
         AS p (id, units, cost, realised_gain, dividend_income, cgt_paid)
   WHERE t.id = p.id`;

/** The holding is the position after the company's last live transaction; no live transaction, no holding. */
const REFRESH_HOLDING_SQL = `
  WITH live AS (
    SELECT count(*)::int AS transactions, min(transacted_at) AS first_at, max(transacted_at) AS last_at
      FROM portfolio_transactions
     WHERE portfolio_id = :portfolioId AND company_id = :companyId AND deleted_at IS NULL
  ), latest AS (
    SELECT units_after, cost_after, realised_gain_after, dividend_income_after, cgt_paid_after
      FROM portfolio_transactions
     WHERE portfolio_id = :portfolioId AND company_id = :companyId AND deleted_at IS NULL
     ORDER BY transacted_at DESC, sequence DESC
     LIMIT 1
  ), removed AS (
    DELETE FROM portfolio_holdings h
     WHERE h.portfolio_id = :portfolioId AND h.company_id = :companyId AND (SELECT transactions FROM live) = 0
  )
  INSERT INTO portfolio_holdings AS h (portfolio_id, company_id, units, cost, realised_gain, dividend_income, cgt_paid,
                                       transactions, first_transacted_at, last_transacted_at, updated_at)
  SELECT :portfolioId, :companyId, latest.units_after, latest.cost_after, latest.realised_gain_after, latest.dividend_income_after,
         latest.cgt_paid_after, live.transactions, live.first_at, live.last_at, now()
    FROM live, latest
  ON CONFLICT (portfolio_id, company_id) DO UPDATE
     SET units = EXCLUDED.units, cost = EXCLUDED.cost, realised_gain = EXCLUDED.realised_gain,
         dividend_income = EXCLUDED.dividend_income, cgt_paid = EXCLUDED.cgt_paid, transactions = EXCLUDED.transactions,
         first_transacted_at = EXCLUDED.first_transacted_at, last_transacted_at = EXCLUDED.last_transacted_at, updated_at = now()`;

/**
 * Keeps the positions stored on transactions, and the holding, true after a write: replays the
 * company's live transactions from the first one the write could change (everything before it
 * keeps its stored position), so appending a trade replays one row, and a back-dated one replays
 * only what follows it. Runs inside the write's transaction, under its portfolio lock; an
 * oversold point anywhere after the change throws Oversold and the write rolls back.
 */
@Service()
export class PositionRebuild {
  constructor(private readonly db: Database) {}

  async from(portfolioId: string, companyId: string, point: TimelinePoint, transaction: Transaction): Promise<void> {
    const replacements = { portfolioId, companyId, at: point.transactedAt, sequence: point.sequence };
    const [before] = await this.select<PositionRow>(POSITION_BEFORE_SQL, replacements, transaction);
    const rows = await this.select<ReplayedTransaction>(TRANSACTIONS_FROM_SQL, replacements, transaction);
    if (rows.length > 0) {
      const [{ par }] = await this.select<{ par: string }>(`SELECT paid_up_per_share::text AS par FROM market_companies WHERE id = :companyId`, { companyId }, transaction);
      const positions = replayPositions(before ? fromRow(before) : NO_POSITION, rows, par);
      await this.db.sequelize.query(WRITE_POSITIONS_SQL, {
        replacements: {
          ids: arrayOf(rows.map((row) => row.id)),
          units: arrayOf(positions.map((p) => String(p.units))),
          costs: arrayOf(positions.map((p) => p.cost.toFixed(4))),
          realised: arrayOf(positions.map((p) => p.realisedGain.toFixed(4))),
          dividends: arrayOf(positions.map((p) => p.dividendIncome.toFixed(2))),
          cgt: arrayOf(positions.map((p) => p.cgtPaid.toFixed(2))),
        },
        transaction,
      });
    }
    await this.db.sequelize.query(REFRESH_HOLDING_SQL, { replacements: { portfolioId, companyId }, transaction });
  }

  private select<T extends object>(sql: string, replacements: Record<string, unknown>, transaction: Transaction): Promise<T[]> {
    return this.db.sequelize.query<T>(sql, { replacements, transaction, type: QueryTypes.SELECT });
  }
}

function fromRow(row: PositionRow): Position {
  return { units: Number(row.units), cost: Big(row.cost), realisedGain: Big(row.realisedGain), dividendIncome: Big(row.dividendIncome), cgtPaid: Big(row.cgtPaid) };
}

/** A PostgreSQL array literal: sequelize would expand a JS array into a list of values. */
function arrayOf(values: string[]): string {
  return `{${values.join(',')}}`;
}
