import type { Browser } from './chromium';

export interface FormPost {
  action: string;
  fields: Record<string, string>;
}

/** From now on, the page keeps what every form it submits posts (its action URL and its fields); the forms still submit. */
export async function recordFormPosts(browser: Browser): Promise<void> {
  await browser.execute(() => {
    const page = window as unknown as { rcFormPosts?: FormPost[] };
    if (page.rcFormPosts) return;
    page.rcFormPosts = [];
    const submit = HTMLFormElement.prototype.submit;
    HTMLFormElement.prototype.submit = function (this: HTMLFormElement) {
      const fields = Object.fromEntries(Array.from(this.elements as unknown as HTMLInputElement[], (input) => [input.name, input.value]));
      page.rcFormPosts!.push({ action: this.action, fields });
      submit.call(this);
    };
  });
}

/** The form posts the page recorded since `recordFormPosts`. */
export function recordedFormPosts(browser: Browser): Promise<FormPost[]> {
  return browser.execute(() => (window as unknown as { rcFormPosts?: FormPost[] }).rcFormPosts ?? []);
}
