import type { FastifyRequest } from 'fastify';

/** A query parameter's name as the query parser reads it (`%74oken` is `token`); undecodable names stay as written. */
function parameterName(pair: string): string {
  const name = pair.split('=', 1)[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

function maskToken(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const pairs = url.slice(start + 1).split('&');
  const masked = pairs.map((pair) => (parameterName(pair) === 'token' ? `${pair.split('=', 1)[0]}=***` : pair));
  return `${url.slice(0, start)}?${masked.join('&')}`;
}

/** What the log keeps of a request: no session token, even where a client puts one in the URL (every route refuses it there). */
export function requestLogFields(request: Pick<FastifyRequest, 'method' | 'url' | 'ip'>) {
  return { method: request.method, url: maskToken(request.url), remoteAddress: request.ip };
}
