import http from 'node:http';
import net from 'node:net';
import type { AppPort, AppReadiness } from '../../db/index.js';

const probeTimeoutMs = 2_000;

interface Target {
  host: string;
  port: number;
}

const connects = (target: Target) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: target.host, port: target.port, timeout: probeTimeoutMs }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('timeout', () => socket.destroy());
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });

const respondsBelow500 = (target: Target, path: string) =>
  new Promise<boolean>((resolve) => {
    const request = http.get({ host: target.host, port: target.port, path, agent: false, timeout: probeTimeoutMs }, (response) => {
      response.resume();
      resolve((response.statusCode ?? 500) < 500);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
    request.on('close', () => resolve(false));
  });

/** Whether the service answers at `target`: an HTTP port answers a GET of the path (any status below 500), a TCP port accepts a connection. */
export function answers(target: Target, readiness: AppReadiness, protocol: AppPort['protocol']): Promise<boolean> {
  return protocol === 'tcp' ? connects(target) : respondsBelow500(target, readiness.path || '/');
}
