import { useEffect, useState } from 'react';
import { Icon } from 'semantic-ui-react';
import { listFolders, type TreeEntry } from './file-manage-api';

/** One folder of the tree, its children loaded when it is first opened. */
function TreeNode({
  clusterId,
  entry,
  current,
  version,
  onOpen,
}: {
  clusterId: number;
  entry: { name: string; path: string };
  current: string;
  version: number;
  onOpen: (path: string) => void;
}) {
  const onTheWay = current === entry.path || current.startsWith(`${entry.path}/`) || entry.path === '';
  const [expanded, setExpanded] = useState(onTheWay);
  const [children, setChildren] = useState<TreeEntry[] | null>(null);
  useEffect(() => {
    if (onTheWay) setExpanded(true);
  }, [onTheWay]);
  useEffect(() => {
    if (!expanded) return;
    let live = true;
    void listFolders(clusterId, entry.path).then((result) => live && setChildren(result.code === 200 ? result.data : []));
    return () => {
      live = false;
    };
  }, [clusterId, entry.path, expanded, version]);
  return (
    <li>
      <Icon link name={expanded ? 'caret down' : 'caret right'} onClick={() => setExpanded(!expanded)} />
      <button type="button" className={`rc-tree-node${current === entry.path ? ' is-current' : ''}`} onClick={() => onOpen(entry.path)}>
        <Icon name="folder" color="yellow" />
        {entry.name}
      </button>
      {expanded && children && children.length > 0 ? (
        <ul>
          {children.map((child) => (
            <TreeNode key={child.path} clusterId={clusterId} entry={child} current={current} version={version} onOpen={onOpen} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The cluster's folders as a tree beside the list; `version` changes reload what is open. */
export function FolderTree(props: { clusterId: number; current: string; version: number; onOpen: (path: string) => void }) {
  return (
    <nav className="rc-folder-tree" aria-label="文件夹">
      <ul>
        <TreeNode {...props} key={props.clusterId} entry={{ name: '全部文件', path: '' }} />
      </ul>
    </nav>
  );
}
