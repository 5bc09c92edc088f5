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

describe('requestLogFields with an encoded parameter name', () => {
  it('masks the token however its name is percent-encoded, as the query parser decodes it', () => {
    const url = (search: string) => requestLogFields({ method: 'POST', url: `/apis/orion/auth/file/download?${search}`, ip: '::1' }).url;
    expect(url('%74oken=s3cr3t&x=1')).toBe('/apis/orion/auth/file/download?%74oken=***&x=1');
    expect(url('x=1&%74%6F%6B%65%6E=s3cr3t')).toBe('/apis/orion/auth/file/download?x=1&%74%6F%6B%65%6E=***');
    expect(url('tok%65n=a&token=b')).toBe('/apis/orion/auth/file/download?tok%65n=***&token=***');
    expect(url('tokens=keep&%zz=keep')).toBe('/apis/orion/auth/file/download?tokens=keep&%zz=keep');
  });
});
