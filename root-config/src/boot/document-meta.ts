import { $webInfo } from '@rc/shared-utility';

function setHeadElement(selector: string, create: () => HTMLElement, apply: (element: HTMLElement) => void): void {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  apply(element);
}

/** Favicon, keywords and description from the website info. */
export function applyDocumentMeta(): void {
  $webInfo.subscribe((info) => {
    if (!info) return;
    if (info.ico) {
      setHeadElement(
        'link[rel="icon"]',
        () => Object.assign(document.createElement('link'), { rel: 'icon' }),
        (link) => {
          (link as HTMLLinkElement).href = info.ico;
        },
      );
    }
    for (const [name, content] of [
      ['keywords', info.keyword],
      ['description', info.desc],
    ] as const) {
      if (!content) continue;
      setHeadElement(
        `meta[name="${name}"]`,
        () => Object.assign(document.createElement('meta'), { name }),
        (meta) => {
          (meta as HTMLMetaElement).content = content;
        },
      );
    }
  });
}
