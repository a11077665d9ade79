// Which errors mean "the database cannot be reached right now" rather than
// "this statement is wrong": the first kind is the server's or the network's
// and passes (a restart, a failover), so a request answers 503 and asks to be
// tried again, and a pipeline step waits and retries; the second is a bug or
// a rule, and answers what it always answered.

/** Node's words for a socket that could not be opened or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or not there yet: 57P01 admin_shutdown
 * ("terminating connection due to administrator command", also an immediate
 * shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now ("the database
 * system is starting up / shutting down"), and class 08, connection exception.
 */
const SERVER_GONE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const CONNECTION_EXCEPTION_CLASS = '08';

/**
 * What pg and pg-pool throw with no code: a connection that ended under a
 * statement ("Connection terminated unexpectedly", "Connection terminated"),
 * a client whose connection already broke ("Client has encountered a
 * connection error and is not queryable"), and a pool that could not open a
 * connection in time ("Connection terminated due to connection timeout",
 * "timeout exceeded when trying to connect").
 */
const DRIVER_WORDS =
  /^Connection terminated|is not queryable|timeout exceeded when trying to connect/;

/**
 * True when the error says the database could not be reached. Only the error
 * itself is read, never its `cause`: a chain node's fetch failure wraps an
 * ECONNREFUSED too, and is not the database's.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || SERVER_GONE_SQLSTATES.has(code)) return true;
    if (code.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS)) return true;
  }
  if (DRIVER_WORDS.test(error.message)) return true;
  // A connect to a host name with several addresses (localhost: ::1 and
  // 127.0.0.1) fails with one error per address, gathered in one.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnreachable);
}
