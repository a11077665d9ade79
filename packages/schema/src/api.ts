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

export const healthDataSchema = z.object({
  status: componentStatus,
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
  /** The transaction queue: down when the oldest QUEUED transaction waited too long. */
  queue: z.object({
    status: componentStatus,
    queued: z.number().int().nullable(),
    sent: z.number().int().nullable(),
    oldestQueuedAgeSeconds: z.number().nullable(),
    error: z.string().optional(),
  }),
});
export type HealthData = z.infer<typeof healthDataSchema>;
export const healthResponseSchema = envelope(healthDataSchema);
