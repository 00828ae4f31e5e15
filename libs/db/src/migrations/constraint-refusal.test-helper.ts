import { expect } from 'chai';

/** Runs `work` and expects PostgreSQL to refuse it with a message matching `constraint` (a constraint's name, usually). */
export async function refused(work: () => Promise<unknown>, constraint: RegExp): Promise<void> {
  let error: unknown;
  try {
    await work();
  } catch (caught) {
    error = caught;
  }
  expect(String((error as { parent?: { message?: string } })?.parent?.message ?? error)).to.match(constraint);
}
