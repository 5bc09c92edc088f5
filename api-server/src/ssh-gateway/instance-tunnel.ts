import net from 'node:net';
import type { Readable, Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { DriverRefusal, jupyterPort, startJupyter, type InstanceRow } from '../compute/index.js';
import { connectTcp } from '../lib/index.js';

/** A byte stream to a port inside an instance: what the client sends goes into `input`, what the port answers comes out of `output`. */
export interface Tunnel {
  input: Writable;
  output: Readable;
  close(): void;
}

const connectTimeoutMs = 10_000;

// Runs inside the instance (the system image has Python 3): connects to the port on the instance's loopback, says so
// with one byte on stderr, then copies stdin to the socket and the socket to stdout, passing on either side's end.
const loopbackBridge = `
import os, socket, sys, threading
try:
    s = socket.create_connection(('localhost', int(sys.argv[1])))
except OSError:
    sys.exit(1)
os.write(2, b'+')
def upstream():
    try:
        while True:
            data = os.read(0, 65536)
            if not data:
                break
            s.sendall(data)
        s.shutdown(socket.SHUT_WR)
    except OSError:
        pass
threading.Thread(target=upstream, daemon=True).start()
try:
    while True:
        data = s.recv(65536)
        if not data:
            break
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
except OSError:
    sys.exit(1)
`;

/**
 * A tunnel to `port` of the running instance, or null when nothing there accepts a connection. A service listening on
 * all addresses is reached directly where the driver says (`httpTarget`); one bound to the instance's loopback only
 * (TensorBoard and Jupyter by default) refuses that connection, and is then reached through a bridge process in the instance.
 */
export async function openTunnel(app: FastifyInstance, instance: InstanceRow, port: number): Promise<Tunnel | null> {
  const tunnel = await tunnelTo(app, instance, port);
  // Jupyter starts on the first open, through the portal or a tunnel.
  if (tunnel || port !== jupyterPort || (await startJupyter(app, instance)) !== 'started') return tunnel;
  return tunnelTo(app, instance, port);
}

async function tunnelTo(app: FastifyInstance, instance: InstanceRow, port: number): Promise<Tunnel | null> {
  const target = await app.compute.driver.httpTarget(instance, port);
  if (!target) return null;
  const direct = await connectTcp(target.host, target.port, connectTimeoutMs);
  if (direct instanceof net.Socket) return { input: direct, output: direct, close: () => direct.destroy() };
  return direct === 'ECONNREFUSED' ? bridgeThroughExec(app, instance, port) : null;
}

async function bridgeThroughExec(app: FastifyInstance, instance: InstanceRow, port: number): Promise<Tunnel | null> {
  let child;
  try {
    child = await app.compute.driver.exec(instance, {
      command: ['/usr/bin/python3', '-c', loopbackBridge, String(port)],
      tty: null,
      env: {},
    });
  } catch (error) {
    if (error instanceof DriverRefusal) return null;
    throw error;
  }
  const connected = await new Promise<boolean>((resolve) => {
    child.stderr.once('data', () => resolve(true));
    void child.exited.then(() => resolve(false));
  });
  if (!connected) return null;
  child.stderr.resume();
  child.stdin.on('error', () => {});
  return { input: child.stdin, output: child.stdout, close: () => void child.kill().catch(() => {}) };
}
