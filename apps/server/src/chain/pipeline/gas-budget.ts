// What a relay transaction is budgeted besides its requests' own calls: the
// gas limit the relayer signs is an upper bound, and only gas used is paid.

/** Gas of the forwarder's own work per request (signature, nonce, event, calldata). */
export const PER_REQUEST_OVERHEAD_GAS = 40_000n;
/** Gas of the relay transaction itself around its requests. */
export const BATCH_OVERHEAD_GAS = 60_000n;
/**
 * A batch of one ordinary request (a transfer's call is budgeted 100,000): a
 * relayer that cannot pay this much can pay for next to nothing.
 */
export const SMALLEST_BATCH_GAS = BATCH_OVERHEAD_GAS + PER_REQUEST_OVERHEAD_GAS + 100_000n;
