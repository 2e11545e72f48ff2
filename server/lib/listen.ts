import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StartError } from './start-failure';

/** Listens on PORT and HOST, or fails with one line naming the port or the address. */
export function listenOrFail(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(new StartError(describeListenError(error, port, host), { cause: error }));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

export function describeListenError(error: NodeJS.ErrnoException, port: number, host: string): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${port} is already in use on ${host}: stop the program using it or set PORT to a free port.`;
    case 'EACCES':
      return `Port ${port} on ${host} needs privileges this user does not have: set PORT above 1023.`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine: set HOST to one of its addresses, 127.0.0.1 or 0.0.0.0 (every interface).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
    case 'EAI_FAIL':
      return `HOST ${host} is not an address and does not resolve to one: set HOST to an address of this machine, 127.0.0.1 or 0.0.0.0 (every interface).`;
    default:
      return `Cannot listen on ${host} port ${port}: ${error.code ?? error.message}.`;
  }
}
