import type { ReactNode } from 'react';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with every matched word in a <mark>; React puts both in as text nodes, so nothing in it is parsed as HTML. */
export function HighlightedText({ text, words }: { text: string; words: readonly string[] }) {
  const wanted = words.filter((word) => word.length > 0);
  if (wanted.length === 0) return <>{text}</>;
  const pattern = new RegExp(
    `(${[...wanted]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})`,
    'gi',
  );
  const parts: ReactNode[] = text.split(pattern).map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part));
  return <>{parts}</>;
}
