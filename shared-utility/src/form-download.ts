import { getConfig } from './config';
import { $token } from './stores';

/**
 * Spec §7: a download is a form posted to `/apis{path}` with hidden fields; the server answers with the
 * file as an attachment, so the browser saves it and the page stays where it is. The session token is one
 * of the hidden fields, never in the URL, which access logs keep.
 */
export function formDownload(path: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = `${getConfig().apiBase}${path}`;
  form.hidden = true;
  for (const [name, value] of Object.entries({ ...fields, token: $token.get() ?? '' })) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}
