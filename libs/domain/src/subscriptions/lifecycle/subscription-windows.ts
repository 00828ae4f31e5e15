import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database, Op, SubscriptionModel, Transaction } from '@platform/db';
import { DomainError } from '../../shared';
import { SubscriptionAlreadyActive, SubscriptionNotFound, SubscriptionPlanNotFound, SubscriptionTrialAlreadyUsed } from '../subscriptions.errors';
import { isUuid } from '../views';

export const DAY_MS = 86_400_000;
export const addDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/** A plan with what the lifecycle rules need of its tier and module. */
export interface PlanRef {
  id: string;
  moduleId: string;
  trialDays: number;
  /** The plan, its tier and its module are all active. */
  sellable: boolean;
}

/** A transition the row's stored status does not allow (CONTRACT section 4: 409 CONFLICT). */
export const SubscriptionTransitionNotAllowed = (status: string, action: string) =>
  new DomainError('CONFLICT', `A ${status} subscription cannot be ${action}`);

/**
 * Shared steps of the subscription commands: the (user, module) lock, plan lookups, the rows
 * whose window is open, and mapping the schema's backstops (migration 0007) to domain errors.
 */
@Service()
export class SubscriptionWindows {
  constructor(private readonly db: Database) {}

  /**
   * Serializes every command creating or moving a window of one user in one module, so racing
   * requests get the clean error of the rule they break instead of a constraint violation.
   */
  async lockUserModule(userId: string, moduleId: string, tx: Transaction): Promise<void> {
    await this.db.sequelize.query('SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))', {
      replacements: { key: `subscription:${userId}:${moduleId}` },
      transaction: tx,
    });
  }

  /** The plan (non-UUID or unknown: 404 SUBSCRIPTION_PLAN_NOT_FOUND). */
  async plan(planId: string, tx: Transaction): Promise<PlanRef> {
    if (!isUuid(planId)) throw SubscriptionPlanNotFound();
    const [row] = await this.db.sequelize.query<PlanRef>(
      `SELECT p.id, t.module_id AS "moduleId", p.trial_days AS "trialDays",
              (p.is_active AND t.is_active AND m.is_active) AS sellable
         FROM subscription_plans p
         JOIN subscription_tiers t ON t.id = p.tier_id
         JOIN subscription_modules m ON m.id = t.module_id
        WHERE p.id = :planId`,
      { replacements: { planId }, type: QueryTypes.SELECT, transaction: tx },
    );
    if (!row) throw SubscriptionPlanNotFound();
    return row;
  }

  /** The subscription, locked FOR UPDATE (non-UUID or unknown: 404 SUBSCRIPTION_NOT_FOUND). */
  async lockSubscription(id: string, tx: Transaction): Promise<SubscriptionModel> {
    if (!isUuid(id)) throw SubscriptionNotFound();
    const row = await SubscriptionModel.findByPk(id, { transaction: tx, lock: tx.LOCK.UPDATE });
    if (!row) throw SubscriptionNotFound();
    return row;
  }

  /**
   * Locks (user, module) for the subscription, then the row itself: the same order as the
   * commands that create windows, so two commands never wait on each other the other way round.
   */
  async lockForChange(id: string, tx: Transaction): Promise<SubscriptionModel> {
    if (!isUuid(id)) throw SubscriptionNotFound();
    const owner = await SubscriptionModel.findByPk(id, { attributes: ['userId', 'moduleId'], transaction: tx });
    if (!owner) throw SubscriptionNotFound();
    await this.lockUserModule(owner.userId, owner.moduleId, tx);
    return this.lockSubscription(id, tx);
  }

  /** Trial and active rows of the module whose window has not ended at `now` (live or scheduled), earliest first. */
  openWindows(userId: string, moduleId: string, now: Date, tx: Transaction): Promise<SubscriptionModel[]> {
    return SubscriptionModel.findAll({
      where: { userId, moduleId, status: { [Op.in]: ['trial', 'active'] }, endsAt: { [Op.gt]: now } },
      order: [['startsAt', 'ASC']],
      transaction: tx,
    });
  }

  /** Other trial or active rows of the module whose window meets [from, to). */
  overlapping(row: SubscriptionModel, from: Date, to: Date, tx: Transaction): Promise<SubscriptionModel[]> {
    return SubscriptionModel.findAll({
      where: {
        id: { [Op.ne]: row.id },
        userId: row.userId,
        moduleId: row.moduleId,
        status: { [Op.in]: ['trial', 'active'] },
        startsAt: { [Op.lt]: to },
        endsAt: { [Op.gt]: from },
      },
      transaction: tx,
    });
  }

  async trialUsed(userId: string, moduleId: string, tx: Transaction): Promise<boolean> {
    return (await SubscriptionModel.count({ where: { userId, moduleId, source: 'trial' }, transaction: tx })) > 0;
  }
}

/**
 * The schema's backstops behind the lock (migration 0007): the one-trial unique index and the
 * no-overlap exclusion constraint, answered with the errors their rules have; anything else is rethrown.
 */
export function windowConflict(error: unknown): DomainError | undefined {
  const parent = (error as { parent?: { code?: string; constraint?: string } })?.parent;
  if (parent?.code === '23505' && parent.constraint === 'subscriptions_one_trial_per_module') return SubscriptionTrialAlreadyUsed();
  if (parent?.code === '23P01' && parent.constraint === 'subscriptions_no_overlap') return SubscriptionAlreadyActive();
  return undefined;
}

export async function guardWindows<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw windowConflict(error) ?? error;
  }
}

/** numeric(12,2) text ("999.00") as integer paisa. */
export function toPaisa(npr: string): bigint {
  const [whole, fraction = ''] = npr.split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}

const MAX_VALUE_PAISA = 999_999_999_999n; // numeric(12, 2)

/** Integer paisa back to numeric text, capped at what numeric(12,2) holds. */
export function fromPaisa(paisa: bigint): string {
  const capped = paisa > MAX_VALUE_PAISA ? MAX_VALUE_PAISA : paisa;
  return `${capped / 100n}.${(capped % 100n).toString().padStart(2, '0')}`;
}

/** `spNpr × windowMs / (durationDays days)`, rounded half up to the paisa, in exact integer arithmetic. */
export function prorate(spNpr: string, durationDays: number, windowMs: number): string {
  const numerator = toPaisa(spNpr) * BigInt(Math.max(0, Math.round(windowMs)));
  const denominator = BigInt(durationDays) * BigInt(DAY_MS);
  return fromPaisa((numerator * 2n + denominator) / (denominator * 2n));
}
