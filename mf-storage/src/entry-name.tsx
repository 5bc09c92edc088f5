import { Icon } from 'semantic-ui-react';

/** A listed entry's name with its icon: a folder opens on click, a file is plain text. */
export function EntryName({ name, isDir, onOpen }: { name: string; isDir: boolean; onOpen: () => void }) {
  return isDir ? (
    <button type="button" className="rc-folder-link" onClick={onOpen}>
      <Icon name="folder" color="yellow" />
      {name}
    </button>
  ) : (
    <span className="rc-file-name">
      <Icon name="file outline" />
      {name}
    </span>
  );
}
