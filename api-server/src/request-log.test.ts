import { describe, expect, it } from 'vitest';
import { requestLogFields } from './request-log.js';

describe('requestLogFields', () => {
  it('masks the token in a query string and keeps the rest of the URL', () => {
    expect(requestLogFields({ method: 'POST', url: '/apis/orion/auth/file/download?token=s3cr3t&x=1', ip: '127.0.0.1' })).toEqual({
      method: 'POST',
      url: '/apis/orion/auth/file/download?token=***&x=1',
      remoteAddress: '127.0.0.1',
    });
    expect(requestLogFields({ method: 'GET', url: '/a?x=1&token=s3cr3t', ip: '::1' }).url).toBe('/a?x=1&token=***');
  });
});
