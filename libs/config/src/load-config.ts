import { envSchema } from './env-schema';
import { ConfigError } from './config.errors';
import { AppConfig, toAppConfig } from './app-config';
import { withDerivedDefaults } from './derived-defaults';
import { ConfigProblem, productionProblems } from './production-rules';

type Env = Record<string, string | undefined>;

/**
 * Parses and validates the environment. Empty strings count as unset so that a blank line in
 * `.env` falls back to the default. Problems name the key and the rule, never the value.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const input = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const problems: ConfigProblem[] = [];

  if (input['NODE_ENV'] === 'production') problems.push(...productionProblems(input));

  if (input['PUSH_PROVIDER'] === 'fcm' && input['FCM_SERVICE_ACCOUNT_JSON'] === undefined) {
    problems.push({ key: 'FCM_SERVICE_ACCOUNT_JSON', problem: 'is required when PUSH_PROVIDER is fcm' });
  }

  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push({ key: String(issue.path[0] ?? '(root)'), problem: issue.message });
    }
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  return toAppConfig(withDerivedDefaults(parsed.data));
}
