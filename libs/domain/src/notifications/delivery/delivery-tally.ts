/** What one run of a delivery did; `failed` and `busy` deliveries make the job retry it. */
export interface DeliveryTally {
  sent: number;
  skipped: number;
  failed: number;
  busy: number;
  firstError: string | undefined;
}

export const emptyTally = (): DeliveryTally => ({ sent: 0, skipped: 0, failed: 0, busy: 0, firstError: undefined });
