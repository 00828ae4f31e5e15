/** Thrown at boot when the environment is invalid. The message names keys and rules, never values. */
export class ConfigError extends Error {
  constructor(readonly problems: ReadonlyArray<{ key: string; problem: string }>) {
    super(
      'Invalid configuration:\n' + problems.map(({ key, problem }) => `  - ${key}: ${problem}`).join('\n'),
    );
    this.name = 'ConfigError';
  }
}
