import type { Browser } from './chromium';

/** Answers the confirmation `<rc-dialogs>` shows (its buttons live in the element's shadow root). */
export async function confirmDialog(browser: Browser, text: string) {
  await browser.waitUntil(
    () =>
      browser.execute((label) => {
        const buttons = Array.from(
          document.querySelector('rc-dialogs')?.shadowRoot?.querySelectorAll<HTMLButtonElement>('button.action') ?? [],
        );
        const button = buttons.find((candidate) => candidate.textContent === label);
        button?.click();
        return Boolean(button);
      }, text),
    { timeout: 20_000, timeoutMsg: `no dialog button "${text}"` },
  );
}
