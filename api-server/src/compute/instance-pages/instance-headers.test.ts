import { describe, expect, it } from 'vitest';
import { cookieValue, headersForInstance } from './instance-headers.js';

describe('the headers an instance gets', () => {
  it("leave out the portal's session and the pass, and keep the instance's own cookies", () => {
    expect(
      headersForInstance({
        host: '7-8888.apps.example',
        token: 'session',
        cookie: 'RC_WEB_TOKEN=session; _xsrf=abc; rc_instance_pass=pass; username-7-8888="2|1:0|x"',
        origin: 'https://7-8888.apps.example',
      }),
    ).toEqual({ host: '7-8888.apps.example', cookie: '_xsrf=abc; username-7-8888="2|1:0|x"', origin: 'https://7-8888.apps.example' });
    expect(headersForInstance({ host: '7-8888.apps.example', cookie: 'RC_WEB_TOKEN=session; rc_instance_pass=x' })).toEqual({
      host: '7-8888.apps.example',
    });
  });

  it('read one cookie of a Cookie header', () => {
    expect(cookieValue('a=1; rc_instance_pass=p-q; b=2', 'rc_instance_pass')).toBe('p-q');
    expect(cookieValue('xrc_instance_pass=p', 'rc_instance_pass')).toBeUndefined();
    expect(cookieValue(undefined, 'rc_instance_pass')).toBeUndefined();
  });
});
