import type { ContainerInstance } from 'typedi';
import { ALL_PERMISSIONS, AccessTokenService, RegisterCustomerDto, RegisterCustomerUseCase } from '@platform/domain';

export interface BenchActors {
  customerId: string;
  customerToken: string;
  adminToken: string;
}

/** Tokens outlive any bench run (the default access TTL of 15 min could be shorter than a long run). */
const TOKEN_TTL_SECONDS = 3_600;

/** One registered customer (a row in `users`) and an admin token holding every permission. */
export async function createBenchActors(container: ContainerInstance): Promise<BenchActors> {
  const registration = Object.assign(new RegisterCustomerDto(), {
    email: 'bench-customer@example.com',
    password: 'bench-password-123',
    fullName: 'Bench Customer',
  });
  const { user } = await container.get(RegisterCustomerUseCase).execute(registration);
  const tokens = container.get(AccessTokenService);
  return {
    customerId: user.id,
    customerToken: tokens.sign({ kind: 'customer', id: user.id }, TOKEN_TTL_SECONDS),
    adminToken: tokens.sign({ kind: 'admin', id: 'bench-admin', permissions: [ALL_PERMISSIONS] }, TOKEN_TTL_SECONDS),
  };
}
