/** Who is acting. Passed explicitly into every use case; never read from a global. */
export interface CustomerActor {
  kind: 'customer';
  id: string;
}

export interface AdminActor {
  kind: 'admin';
  /** The token's `sub`; need not match an admin row (CONTRACT section 4). */
  id: string;
  permissions: readonly string[];
}

export type Actor = CustomerActor | AdminActor;

export const ALL_PERMISSIONS = '*';

export function hasPermission(actor: AdminActor, permission: string): boolean {
  return actor.permissions.includes(ALL_PERMISSIONS) || actor.permissions.includes(permission);
}
