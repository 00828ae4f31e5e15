import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { ContainerInstance } from 'typedi';
import { Database, OrderModel, UserModel } from '@platform/db';
import { adminToken } from '@platform/testing';

/** Shared by the admin order e2e files: customers and timestamps written straight to the database. */

export interface TaggedCustomer {
  id: string;
  /** Lower-case hex, unique to this customer: part of the name and the email. */
  tag: string;
  fullName: string;
  email: string;
  phone: string;
}

/**
 * A bare `users` row (no password hashing: admin routes never log the customer in) whose name,
 * email and phone carry a unique tag, so a search for it finds only this test's orders in a
 * database other test files share.
 */
export async function insertCustomer(label = 'Customer'): Promise<TaggedCustomer> {
  const tag = randomBytes(5).toString('hex');
  const customer = {
    id: randomUUID(),
    tag,
    fullName: `${label} Zq${tag.toUpperCase()} Shrestha`,
    email: `buyer.${tag}@example.com`,
    phone: `+97798${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
  };
  await UserModel.create({ ...customer, passwordHash: 'not-a-hash: this customer never logs in' });
  return customer;
}

/** Sets an order's timestamps (the model would overwrite them). */
export async function stamp(container: ContainerInstance, order: OrderModel, createdAt: string, updatedAt = createdAt): Promise<void> {
  await container.get(Database).sequelize.query('UPDATE orders SET created_at = :createdAt, updated_at = :updatedAt WHERE id = :id', {
    replacements: { createdAt, updatedAt, id: order.id },
  });
}

/**
 * `Authorization` for an admin holding these permissions, under a fresh id by default: the
 * per-admin rate limits then never see two tests as one admin.
 */
export const adminBearer = (container: ContainerInstance, permissions: string[] = ['Orders_READ', 'Orders_UPDATE'], id: string = randomUUID()) =>
  `Bearer ${adminToken(container, permissions, id)}`;
