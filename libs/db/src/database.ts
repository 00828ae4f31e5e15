import { Sequelize, ModelCtor } from 'sequelize-typescript';
import { Transaction } from 'sequelize';
import type { Logger } from 'pino';

export interface DatabaseSettings {
  url: string;
  pool: { max: number; min: number; idleMs: number; acquireMs: number };
  statementTimeoutMs: number;
}

const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']); // serialization failure, deadlock

export interface TransactionOptions {
  isolationLevel?: Transaction.ISOLATION_LEVELS;
  /** Extra attempts after a serialization failure or deadlock; the work must be safe to repeat. */
  retries?: number;
}

/** Owns the sequelize connection pool; the only way code reaches PostgreSQL. */
export class Database {
  readonly sequelize: Sequelize;

  constructor(settings: DatabaseSettings, models: ModelCtor[], private readonly logger?: Logger) {
    this.sequelize = new Sequelize(settings.url, {
      dialect: 'postgres',
      logging: false,
      models,
      pool: { max: settings.pool.max, min: settings.pool.min, idle: settings.pool.idleMs, acquire: settings.pool.acquireMs },
      dialectOptions: { statement_timeout: settings.statementTimeoutMs || undefined, application_name: 'platform' },
      define: { underscored: true, timestamps: true },
    });
  }

  async ping(): Promise<void> {
    await this.sequelize.query('SELECT 1');
  }

  /**
   * Runs `work` in one transaction. Side effects that must only happen once the data is
   * durable (events, jobs, socket messages) go in `tx.afterCommit(...)`.
   */
  async transaction<T>(work: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const attempts = 1 + (options.retries ?? 0);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.sequelize.transaction({ isolationLevel: options.isolationLevel }, work);
      } catch (error) {
        if (attempt >= attempts || !isRetryable(error)) throw error;
        this.logger?.debug({ attempt }, 'retrying transaction after a serialization failure');
      }
    }
  }

  /**
   * Runs a hot statement as a named prepared statement: PostgreSQL parses and plans it once per
   * connection instead of on every call (sequelize sends replacements inlined into the text, so
   * a long statement is re-read and re-planned each time). For a request's hot path only; the
   * errors are pg's own (SQLSTATE in `code`).
   */
  async prepared<Row>(statement: PreparedStatement, params: Record<string, unknown>): Promise<Row[]> {
    const connections = this.sequelize.connectionManager as unknown as PgConnections;
    const client = await connections.getConnection({ type: 'write' });
    try {
      const result = await client.query({ name: statement.name, text: statement.text, values: statement.order.map((key) => params[key]) });
      return result.rows as Row[];
    } finally {
      connections.releaseConnection(client);
    }
  }

  /** `prepared` inside `tx`, on the transaction's own connection, so it commits or rolls back with the rest. */
  async preparedIn<Row>(tx: Transaction, statement: PreparedStatement, params: Record<string, unknown>): Promise<Row[]> {
    const client = (tx as unknown as { connection: PgClient }).connection;
    const result = await client.query({ name: statement.name, text: statement.text, values: statement.order.map((key) => params[key]) });
    return result.rows as Row[];
  }

  async close(): Promise<void> {
    await this.sequelize.close();
  }
}

/** A statement with `:name` parameters turned into typed `$n` ones (see `preparedStatement`). */
export interface PreparedStatement {
  name: string;
  text: string;
  /** The parameter name of each `$n`, in order. */
  order: string[];
}

/**
 * Compiles `sql` written with `:name` parameters (sequelize's replacement style; `::` casts are
 * left alone) into a named statement whose every parameter carries its SQL type from `types`,
 * so PostgreSQL never has to guess one (an INSERT … SELECT list gives it no context).
 */
export function preparedStatement(name: string, sql: string, types: Record<string, string>): PreparedStatement {
  const order = Object.keys(types);
  const text = sql.replace(/(?<![:\w]):([a-zA-Z]\w*)/g, (_match, key: string) => {
    const index = order.indexOf(key);
    if (index < 0) throw new Error(`preparedStatement ${name}: no type given for :${key}`);
    return `$${index + 1}::${types[key]}`;
  });
  return { name, text, order };
}

interface PgClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

interface PgConnections {
  getConnection(options: { type: 'write' }): Promise<PgClient>;
  releaseConnection(connection: unknown): void;
}

function isRetryable(error: unknown): boolean {
  return isConcurrencyFailure(error);
}

/**
 * PostgreSQL gave up on a statement because of another transaction (a deadlock it broke, or a
 * serialization failure): nothing was written, and the same request may simply be tried again.
 */
export function isConcurrencyFailure(error: unknown): boolean {
  const code = (error as { parent?: { code?: string } })?.parent?.code;
  return code !== undefined && RETRYABLE_SQLSTATES.has(code);
}

/** PostgreSQL's unique_violation, for turning a lost race into a domain error. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const parent = (error as { parent?: { code?: string; constraint?: string } })?.parent;
  return parent?.code === '23505' && (constraint === undefined || parent.constraint === constraint);
}

/** PostgreSQL's foreign_key_violation: a row is still referenced (or references nothing). */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as { parent?: { code?: string } })?.parent?.code === '23503';
}
