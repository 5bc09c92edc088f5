import { useCallback, useState } from 'react';
import { Button, Icon, List } from 'semantic-ui-react';
import { ListState, useLoaded } from '@rc/shared-utility';
import { listFolders } from './file-manage-api';
import { FolderBreadcrumb } from '../folder-breadcrumb';

/** Picks the target folder of a move or copy, walking the cluster's folders one level at a time. */
export function FolderPicker({
  clusterId,
  start,
  verb,
  close,
  onPick,
}: {
  clusterId: number;
  start: string;
  verb: string;
  close: () => void;
  onPick: (folder: string) => Promise<boolean>;
}) {
  const [folder, setFolder] = useState(start);
  const [busy, setBusy] = useState(false);
  const folders = useLoaded(useCallback(() => listFolders(clusterId, folder), [clusterId, folder]));
  return (
    <div className="rc-folder-picker">
      <FolderBreadcrumb path={folder} onOpen={setFolder} size="small" linkEveryStep />
      <div className="rc-picker-list">
        <ListState source={folders} isEmpty={(list) => list.length === 0} empty="此文件夹中没有子文件夹">
          {(list) => (
            <List selection>
              {list.map((entry) => (
                <List.Item key={entry.path} onClick={() => setFolder(entry.path)}>
                  <Icon name="folder" color="yellow" />
                  <List.Content>{entry.name}</List.Content>
                </List.Item>
              ))}
            </List>
          )}
        </ListState>
      </div>
      <div className="rc-dialog-actions">
        <Button content="取消" onClick={close} />
        <Button
          primary
          loading={busy}
          disabled={busy}
          content={`${verb}到「${folder || '全部文件'}」`}
          onClick={async () => {
            setBusy(true);
            const done = await onPick(folder);
            setBusy(false);
            if (done) close();
          }}
        />
      </div>
    </div>
  );
}
