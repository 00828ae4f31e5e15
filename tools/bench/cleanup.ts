/**
 * Undo steps registered while the bench sets up (drop the scratch database, close pools and
 * servers). They run once, newest first, each on its own: one failing step does not skip the rest.
 */
export class Cleanup {
  private readonly steps: Array<{ name: string; run: () => Promise<unknown> | unknown }> = [];
  private running?: Promise<void>;

  add(name: string, run: () => Promise<unknown> | unknown): void {
    this.steps.push({ name, run });
  }

  run(): Promise<void> {
    this.running ??= this.runAll();
    return this.running;
  }

  private async runAll(): Promise<void> {
    // pop(): a step registered while cleaning up (setup still in flight at Ctrl-C) runs too.
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      try {
        await step.run();
      } catch (error) {
        process.stderr.write(`cleanup: ${step.name} failed: ${(error as Error)?.message ?? String(error)}\n`);
      }
    }
  }
}
