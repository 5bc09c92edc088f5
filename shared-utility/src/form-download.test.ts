import { afterEach, describe, expect, it, vi } from 'vitest';
import { formDownload } from './form-download';
import { $token } from './stores';

afterEach(() => vi.restoreAllMocks());

describe('formDownload', () => {
  it('posts a hidden form to /apis{path} with the fields and the token as one of them, never in the URL, then takes the form away', () => {
    $token.set('tok en');
    let posted: { action: string; method: string; fields: Record<string, string> } | null = null;
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted = {
        action: this.action,
        method: this.method,
        fields: Object.fromEntries(new FormData(this) as unknown as Iterable<[string, string]>),
      };
    });
    formDownload('/orion/auth/file/download', { path: '报告/a b.bin' });
    expect(posted).toEqual({
      action: `${location.origin}/apis/orion/auth/file/download`,
      method: 'post',
      fields: { path: '报告/a b.bin', token: 'tok en' },
    });
    expect(document.querySelector('form')).toBeNull();
  });
});
