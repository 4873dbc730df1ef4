import { AsyncLocalStorage } from 'node:async_hooks';
import { pino } from 'pino';
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

/**
 * The request (or job) a piece of work runs for. Every log line written inside it carries its
 * id, so a request can be followed into the jobs it queued and the providers it called.
 */
interface LogContext {
  requestId: string;
}

const context = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `requestId` attached to everything it logs (and to outgoing provider calls). */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return context.run({ requestId }, work);
}

/** The id of the request or job being served, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/**
 * Headers for a call to a provider: the request id travels on, so the provider's own logs (and
 * our simulators') can be matched with ours.
 */
export function requestIdHeader(): Record<string, string> {
  const id = currentRequestId();
  return id ? { 'X-Request-Id': id } : {};
}

/**
 * JSON lines through pino in production (for log collectors: `time`, `level`, `msg`,
 * `requestId`, `err` with its stack), a readable line otherwise. Errors and warnings go to
 * stderr, the rest to stdout.
 */
export function createLogger(options: { level: LogLevel; json: boolean }): Logger {
  if (!options.json) return createTextLogger(options.level);
  // Synchronous writes: a line logged just before process.exit() is not lost.
  const to = (fd: number) =>
    pino(
      { level: options.level, base: undefined, mixin, timestamp: pino.stdTimeFunctions.isoTime },
      pino.destination({ fd, sync: true }),
    );
  const stdout = to(1);
  const stderr = to(2);
  return {
    debug: (message, fields) => stdout.debug(fields ?? {}, message),
    info: (message, fields) => stdout.info(fields ?? {}, message),
    warn: (message, fields) => stderr.warn(fields ?? {}, message),
    error: (message, fields) => stderr.error(fields ?? {}, message),
  };
}

function mixin(): object {
  const id = currentRequestId();
  return id ? { requestId: id } : {};
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** For a developer's terminal: one readable line, the stack of an error under it. */
function createTextLogger(level: LogLevel): Logger {
  const write = (entryLevel: LogEntry['level'], message: string, fields: LogFields = {}) => {
    if (RANK[entryLevel] < RANK[level]) return;
    const stream =
      entryLevel === 'error' || entryLevel === 'warn' ? process.stderr : process.stdout;
    const { err, ...rest } = { ...mixin(), ...fields };
    const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
    const stack =
      err instanceof Error ? `\n${err.stack ?? err.message}` : err ? ` ${String(err)}` : '';
    stream.write(`${entryLevel.padEnd(5)} ${message}${extra}${stack}\n`);
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
      entries.push({ level, message, fields: { ...mixin(), ...fields } });
    };
  return {
    entries,
    debug: push('debug'),
    info: push('info'),
    warn: push('warn'),
    error: push('error'),
  };
}
