import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

export interface StandInAnswer {
  status: number;
  type: string;
  body: string;
}

/**
 * What an instance serves on its web ports, for the simulated pool (SIMULATED_WEB_TARGET=<address>): every request is
 * answered by `answer`, every WebSocket echoes what it is sent as `echo: <message>`, and every request's headers are kept.
 */
export async function startWebPortStandIn(answer: (request: IncomingMessage) => StandInAnswer) {
  const heard: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    heard.push(request.headers);
    const { status, type, body } = answer(request);
    response.writeHead(status, { 'content-type': type }).end(body);
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket, request) => {
    heard.push(request.headers);
    socket.on('message', (data) => socket.send(`echo: ${String(data)}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    heard,
    close: () => new Promise<void>((closed) => sockets.close(() => server.close(() => closed()))),
  };
}
