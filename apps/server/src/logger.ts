// The platform's log: JSON lines (one object each, with a request id) for log
// collectors, or pino-pretty's coloured one-liners for a person at a terminal.
// LOG_FORMAT chooses; unset, a terminal outside production gets pretty lines.
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): Logger {
  if (config.logFormat === 'json') return pino({ level: config.logLevel });
  return pino(
    { level: config.logLevel },
    // Synchronous, like pino's own stdout: nothing is lost when the process exits.
    pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
  );
}
