// People moving GETS through the HTTP API, as the fault tests load the
// platform while they stop its database, node or process: each person asks
// for consent and submits it, over and over, until told to stop. Answers that
// are not QUEUED are counted by status (a 503 while the database is away is
// expected), never thrown: the load goes on through the fault.
import type { Address } from 'viem';
import type { TestUser } from './accounts.ts';

export interface TransferLoad {
  /** Transaction ids the API answered QUEUED for. */
  queued: string[];
  /** Answers other than QUEUED, by HTTP status (0: no answer at all). */
  refused: Record<number, number>;
  /** A sample of each refusal's body and headers, by HTTP status. */
  samples: Record<number, { body: string; retryAfter: string | null }>;
  stop(): Promise<void>;
}

/**
 * Starts `users` sending `amount` GETS to `to` through
 * POST /gs-api/token/transfer-token/metakeep (consent, then submit) against
 * the server at `baseUrl()` (read on each request: a restarted server may
 * listen elsewhere). Each person waits `pauseMs` between transfers.
 */
export function startTransferLoad(options: {
  baseUrl: () => string;
  users: TestUser[];
  to: Address;
  amount: string;
  pauseMs?: number;
}): TransferLoad {
  const load: Omit<TransferLoad, 'stop'> = { queued: [], refused: {}, samples: {} };
  let stopped = false;
  const refuse = (status: number, body: string, retryAfter: string | null) => {
    load.refused[status] = (load.refused[status] ?? 0) + 1;
    load.samples[status] ??= { body: body.slice(0, 500), retryAfter };
  };
  const call = async (user: TestUser, body: Record<string, unknown>) => {
    try {
      const response = await fetch(`${options.baseUrl()}/gs-api/token/transfer-token/metakeep`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...user.authorization },
        body: JSON.stringify({
          email: user.email,
          to: options.to,
          amount: options.amount,
          ...body,
        }),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      if (!response.ok) {
        refuse(response.status, text, response.headers.get('retry-after'));
        return null;
      }
      return JSON.parse(text) as { data: { consentToken?: string; transactionId?: string } };
    } catch (error) {
      refuse(0, String(error), null);
      return null;
    }
  };
  const person = async (user: TestUser) => {
    while (!stopped) {
      const consent = await call(user, {});
      const consentToken = consent?.data.consentToken;
      const submitted = consentToken ? await call(user, { consentToken }) : null;
      if (submitted?.data.transactionId) load.queued.push(submitted.data.transactionId);
      await new Promise((r) => setTimeout(r, submitted ? (options.pauseMs ?? 50) : 250));
    }
  };
  const running = Promise.all(options.users.map(person));
  return {
    ...load,
    async stop() {
      stopped = true;
      await running;
    },
  };
}
