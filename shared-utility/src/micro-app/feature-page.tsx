import { Icon } from 'semantic-ui-react';
import type { RouteEntry } from './shell-props';

/** A route whose screen has not been built yet: its title and what it will be for. */
export function FeaturePage({ entry }: { entry: RouteEntry }) {
  return (
    <div className="rc-page-frame">
      <section className="rc-page rc-feature-page" data-route={entry.path}>
        <h1 className="rc-page-title">{entry.title}</h1>
        <p className="rc-page-purpose">{entry.purpose}</p>
      </section>
      <section className="rc-page rc-feature-pending">
        <Icon name="wrench" disabled />
        <span className="rc-muted">「{entry.title}」功能正在建设中，敬请期待。</span>
      </section>
    </div>
  );
}
