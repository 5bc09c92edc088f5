import { describe, expect, it } from 'vitest';
import { headersForJupyter } from './jupyter-headers.js';

describe('the headers Jupyter gets', () => {
  it("leave out the portal's session cookie and header and keep Jupyter's own cookies", () => {
    expect(
      headersForJupyter({
        host: 'portal.example',
        token: 'session',
        cookie: 'RC_WEB_TOKEN=session; _xsrf=abc; username-portal-example="2|1:0|x"',
        origin: 'https://portal.example',
      }),
    ).toEqual({ host: 'portal.example', cookie: '_xsrf=abc; username-portal-example="2|1:0|x"', origin: 'https://portal.example' });
    expect(headersForJupyter({ host: 'portal.example', cookie: 'RC_WEB_TOKEN=session' })).toEqual({ host: 'portal.example' });
  });
});
