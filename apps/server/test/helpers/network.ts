// An address of this machine other than loopback, so a test can be a client
// the server does not count as local: the server sees a connection to it
// come from that address.
import os from 'node:os';

/** The first IPv4 address of a network interface that is not loopback, if the machine has one. */
export function nonLoopbackAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}
