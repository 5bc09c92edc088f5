import os from 'node:os';
import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.js';
import { requestLogFields } from '../request-log.js';

/** Where log lines go instead of stdout (a test reads them). */
export interface LogDestination {
  write(line: string): void;
}

/** Every line names the replica that wrote it, so the lines of many replicas can be merged and followed by reqId. */
export function loggerOptions(
  config: Pick<AppConfig, 'logLevel' | 'replicaId'>,
  destination?: LogDestination,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    base: { pid: process.pid, hostname: os.hostname(), replica: config.replicaId },
    serializers: { req: requestLogFields },
    ...(destination && { stream: destination }),
  };
}
