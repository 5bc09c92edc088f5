import { useStore } from '@nanostores/react';
import { $siteConfig } from '../boot/site-data';

/** Dark text on light backgrounds and white text on dark ones. */
function textColorFor(background: string): string {
  const hex = /^#?([\da-f]{6})$/i.exec(background)?.[1];
  if (!hex) return 'inherit';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b > 0.6 ? '#5c3d00' : '#ffffff';
}

/** The 32px announcement above the header (config.json `headTips`). */
export function TipBar() {
  const tips = useStore($siteConfig)?.headTips;
  if (!tips?.show || !tips.content) return null;
  return (
    <div className="rc-tip-bar" style={{ background: tips.bgColor, color: textColorFor(tips.bgColor) }}>
      {tips.content}
    </div>
  );
}
