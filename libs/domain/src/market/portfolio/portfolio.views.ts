/** A portfolio as the API shows it. */
export interface PortfolioView {
  id: string;
  name: string;
  description: string | null;
  isDefault: boolean;
  lastFetchedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The detail read: the portfolio and how much it holds. */
export interface PortfolioDetailView extends PortfolioView {
  /** Companies with units held. */
  holdingsCount: number;
  /** Live transactions. */
  transactionsCount: number;
}

/** The columns of `portfolios` a view is made of, in the shape PORTFOLIO_COLUMNS selects them. */
export interface PortfolioRow {
  id: string;
  name: string;
  description: string | null;
  isDefault: boolean;
  lastFetchedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const PORTFOLIO_COLUMNS = `id, name, description, is_default AS "isDefault", last_fetched_at AS "lastFetchedAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

export const portfolioView = (row: PortfolioRow): PortfolioView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  isDefault: row.isDefault,
  lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
