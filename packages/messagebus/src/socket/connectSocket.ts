import { connect as netConnect, isIP, type NetConnectOpts, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';

/**
 * A `createConnection` for `ws` clients that opens the socket as `ws` itself would (plain TCP or a Unix socket
 * for `ws:`, TLS with SNI for `wss:`; see ws's `netConnect`/`tlsConnect`) and hands it to `onSocket`, so the
 * client can batch its writes ({@link WriteBatcher}).
 * @param secure - whether the URL is `wss:`.
 */
export function connectSocket(secure: boolean, onSocket: (socket: Socket) => void): (options: NetConnectOpts & ConnectionOptions & { socketPath?: string }) => Socket {
  return (options) => {
    let socket: Socket;
    if (secure) {
      const tls: ConnectionOptions & { path?: string } = { ...options, path: undefined };
      if (!tls.servername && tls.servername !== '') tls.servername = isIP(options.host ?? '') ? '' : options.host;
      socket = tlsConnect(tls);
    } else {
      socket = netConnect({ ...options, path: options.socketPath } as NetConnectOpts);
    }
    onSocket(socket);
    return socket;
  };
}
