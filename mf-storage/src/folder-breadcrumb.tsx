import type { ReactNode } from 'react';
import { Breadcrumb } from 'semantic-ui-react';

/** The folders from the root down to `path`: [{ name: 'a', path: 'a' }, { name: 'b', path: 'a/b' }]. */
function foldersOf(path: string): { name: string; path: string }[] {
  const names = path.split('/').filter(Boolean);
  return names.map((name, index) => ({ name, path: names.slice(0, index + 1).join('/') }));
}

/**
 * 全部文件 › a › b for a '/'-separated folder path ('' is the root), every step but the current one
 * a link. `after` adds sections past the last folder (e.g. 回收站), and `linkEveryStep` (folder
 * pickers) makes every folder a link.
 */
export function FolderBreadcrumb({
  path,
  onOpen,
  rootLabel = '全部文件',
  size,
  after,
  linkEveryStep = false,
}: {
  path: string;
  onOpen: (path: string) => void;
  rootLabel?: string;
  size?: 'small';
  after?: ReactNode;
  linkEveryStep?: boolean;
}) {
  const isCurrent = (step: string) => !linkEveryStep && after === undefined && step === path;
  return (
    <Breadcrumb size={size}>
      <Breadcrumb.Section link={!isCurrent('')} active={isCurrent('')} onClick={() => onOpen('')}>
        {rootLabel}
      </Breadcrumb.Section>
      {foldersOf(path).map((step) => (
        <span key={step.path}>
          <Breadcrumb.Divider icon="right angle" />
          <Breadcrumb.Section link={!isCurrent(step.path)} active={isCurrent(step.path)} onClick={() => onOpen(step.path)}>
            {step.name}
          </Breadcrumb.Section>
        </span>
      ))}
      {after}
    </Breadcrumb>
  );
}
