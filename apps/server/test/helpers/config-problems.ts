// The problems a configuration is refused with, for tests of config variables.
import { ConfigError, loadConfig } from '../../src/config.ts';

export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}
