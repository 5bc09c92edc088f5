import { Icon } from 'semantic-ui-react';

/** A listed entry's name with its icon: a folder opens on click, a file opens its preview where the page offers one. */
export function EntryName({
  name,
  isDir,
  onOpen,
  onPreview,
}: {
  name: string;
  isDir: boolean;
  onOpen: () => void;
  onPreview?: () => void;
}) {
  if (isDir)
    return (
      <button type="button" className="rc-folder-link" onClick={onOpen}>
        <Icon name="folder" color="yellow" />
        {name}
      </button>
    );
  if (onPreview)
    return (
      <button type="button" className="rc-file-link" title="预览" data-name={name} onClick={onPreview}>
        <Icon name="file outline" />
        {name}
      </button>
    );
  return (
    <span className="rc-file-name">
      <Icon name="file outline" />
      {name}
    </span>
  );
}
