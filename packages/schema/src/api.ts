// The envelope every API answer uses (spec section 7: "Responses are read as
// JSON with message and data"), and the schemas of the foundation's calls.
import { z } from 'zod';

/** Wraps a data schema in the `{ message, data }` envelope. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ message: z.string(), data });
}

export const errorResponseSchema = z.object({
  message: z.string(),
  data: z.unknown().nullable(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

const componentStatus = z.enum(['up', 'down']);
/** degraded: working, but an operator should act (a relayer out of gas money, or low). */
const serviceStatus = z.enum(['up', 'degraded', 'down']);

export const healthDataSchema = z.object({
  /** down answers 503; up and degraded answer 200. */
  status: serviceStatus,
  database: z.object({
    status: componentStatus,
    driver: z.enum(['pglite', 'postgres']),
    error: z.string().optional(),
  }),
  chain: z.object({
    status: componentStatus,
    chainId: z.number().int().nullable(),
    latestBlock: z.string().nullable(),
    embedded: z.boolean(),
    error: z.string().optional(),
  }),
  worker: z.object({
    status: componentStatus,
    lastHeartbeatAt: z.string().nullable(),
    error: z.string().optional(),
  }),
  /**
   * The transaction queue: down when requests the relay could take have
   * waited too long with no relay transaction sent meanwhile (a stalled
   * pipeline). One account's long queue is not a stall: each of its
   * transactions waits for the one before it.
   */
  queue: z.object({
    /** degraded while settled requests the chain node lost are being sent again. */
    status: serviceStatus,
    queued: z.number().int().nullable(),
    sent: z.number().int().nullable(),
    oldestQueuedAgeSeconds: z.number().nullable(),
    /** The oldest transaction the relay could take now (its wallet has nothing in flight). */
    oldestWaitingAgeSeconds: z.number().nullable(),
    /** Since the newest relay transaction was signed; null when none ever was. */
    lastBatchAgeSeconds: z.number().nullable(),
    error: z.string().optional(),
  }),
  /**
   * The relayers that pay the gas: degraded when one cannot pay (it left the
   * rotation, the others take its work) or holds less than the low-balance
   * threshold; down when none can pay.
   */
  relayers: z.object({
    status: serviceStatus,
    relayers: z.array(
      z.object({
        address: z.string(),
        /** Its balance of the chain's coin at the worker's last read, e.g. "12.5 POL"; null before one. */
        balance: z.string().nullable(),
        inRotation: z.boolean(),
        lowBalance: z.boolean(),
        pendingBatches: z.number().int(),
        note: z.string().optional(),
      }),
    ),
    error: z.string().optional(),
  }),
});
export type HealthData = z.infer<typeof healthDataSchema>;
export const healthResponseSchema = envelope(healthDataSchema);
/** What /health tells anyone beyond this machine (without the metrics token): the word only. */
export const publicHealthDataSchema = healthDataSchema.pick({ status: true });
export const publicHealthResponseSchema = envelope(publicHealthDataSchema);
