import { useCallback, useState } from 'react';
import { Button, Icon, List } from 'semantic-ui-react';
import { ListState, useLoaded } from '@rc/shared-utility';
import { listEntries } from './net-disk-api';
import { FolderBreadcrumb } from '../folder-breadcrumb';

/** Picks a folder of the network disk to move into: browse the folders, then 移动到这里. */
export function FolderPicker({
  regionCode,
  moving,
  close,
  onPick,
}: {
  regionCode: string;
  /** The paths being moved: neither they nor their insides can be the target. */
  moving: string[];
  close: () => void;
  onPick: (folder: string) => void;
}) {
  const [folder, setFolder] = useState('');
  const folders = useLoaded(
    useCallback(
      () => listEntries({ regionCode, path: folder, sort: 'name', order: 'asc', pageNum: 1, pageSize: 100 }),
      [regionCode, folder],
    ),
  );
  const blocked = (path: string) => moving.some((source) => path === source || path.startsWith(`${source}/`));
  return (
    <div className="rc-folder-picker">
      <FolderBreadcrumb path={folder} onOpen={setFolder} rootLabel="网盘" size="small" linkEveryStep />
      <ListState source={folders} isEmpty={(page) => page.list.every((entry) => !entry.isDir)} empty="这里没有子文件夹">
        {(page) => (
          <List selection divided className="rc-picker-folders">
            {page.list
              .filter((entry) => entry.isDir && !blocked(entry.path))
              .map((entry) => (
                <List.Item key={entry.path} onClick={() => setFolder(entry.path)} className="rc-picker-folder">
                  <Icon name="folder" color="yellow" />
                  {entry.name}
                </List.Item>
              ))}
          </List>
        )}
      </ListState>
      <div className="rc-dialog-form-actions">
        <Button onClick={close}>取消</Button>
        <Button
          primary
          className="rc-move-here"
          disabled={blocked(folder)}
          onClick={() => {
            onPick(folder);
            close();
          }}
        >
          移动到「{folder || '网盘根目录'}」
        </Button>
      </div>
    </div>
  );
}
