import type { LogLevel } from './env.ts';

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export interface LogEntry {
  level: Exclude<LogLevel, 'silent'>;
  message: string;
  fields: LogFields;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** Errors lose their stack and cause in JSON.stringify; logs need both. */
function serialise(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] =
      value instanceof Error
        ? { name: value.name, message: value.message, stack: value.stack, cause: value.cause }
        : value;
  }
  return out;
}

/**
 * One JSON line per entry in production (for log collectors), a readable line otherwise.
 * Errors go to stderr, the rest to stdout.
 */
export function createLogger(options: { level: LogLevel; json: boolean }): Logger {
  const write = (level: LogEntry['level'], message: string, fields: LogFields = {}) => {
    if (RANK[level] < RANK[options.level]) return;
    const stream = level === 'error' || level === 'warn' ? process.stderr : process.stdout;
    const data = serialise(fields);
    if (options.json) {
      stream.write(
        `${JSON.stringify({ time: new Date().toISOString(), level, message, ...data })}\n`,
      );
      return;
    }
    const { err, ...rest } = data;
    const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
    const stack = err && typeof err === 'object' && 'stack' in err ? `\n${String(err.stack)}` : '';
    stream.write(`${level.padEnd(5)} ${message}${extra}${stack}\n`);
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

/** Keeps entries in memory, for tests that assert what was logged. */
export function createMemoryLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const push =
    (level: LogEntry['level']) =>
    (message: string, fields: LogFields = {}) => {
      entries.push({ level, message, fields });
    };
  return {
    entries,
    debug: push('debug'),
    info: push('info'),
    warn: push('warn'),
    error: push('error'),
  };
}
