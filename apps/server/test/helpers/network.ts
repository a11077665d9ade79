// An address of this machine other than loopback, so a test can be a client
// the server does not count as local: the server sees a connection to it
// come from that address; and a free port for a program a test starts.
import net from 'node:net';
import os from 'node:os';

/** The first IPv4 address of a network interface that is not loopback, if the machine has one. */
export function nonLoopbackAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

/** A port nothing listens on right now, as the system hands them out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
