/**
 * The embedded DynamoDB server in a process of its own, so the store and the handlers use separate
 * cores, as DynamoDB and Lambda do. Started by `emulators.ts` with `fork`; it exits when its parent
 * goes away, whatever way the parent ends.
 */

import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';

const path = process.argv[2] || undefined;
const port = Number(process.argv[3] ?? 0);
const server = dynalite({ ...(path ? { path } : {}), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
server.once('error', (err: NodeJS.ErrnoException) => {
  process.send?.({ error: err.code ?? 'ELISTEN' }, () => process.exit(1));
});
server.listen(port, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
const stop = () => server.close(() => process.exit(0));
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', () => undefined);
