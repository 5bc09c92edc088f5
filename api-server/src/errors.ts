/**
 * A refusal the client should see: answered as `{ code, data: null, msg }` with HTTP 200. Its `cause`, when
 * given, is the detail behind it (an engine's own error): logged on the server, never shown to the client.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const forbidden = (msg = '没有权限执行此操作') => new AppError(403, msg);
export const notFound = (msg: string) => new AppError(404, msg);
/** The thing was there and has been deleted: a page says so rather than offering to try again. */
export const gone = (msg: string) => new AppError(410, msg);
export const conflict = (msg: string, cause?: unknown) => new AppError(409, msg, { cause });
export const invalid = (msg: string) => new AppError(422, msg);
export const tooMany = (msg = '操作过于频繁，请稍后再试') => new AppError(429, msg);
export const unauthenticated = (msg = '未登录或登录已过期，请重新登录') => new AppError(401, msg);
export const loggedInElsewhere = () => new AppError(304, '你的账户已在其他地方登录！');
