import { useEffect, useState } from 'react';
import { Button, Message } from 'semantic-ui-react';
import type { SharedDataset } from '@rc/api-contract/data/share';
import { sharedDataset } from './rent-api';

export interface DatasetShare {
  /** The share page's pass, sent with the order so the new instance mounts the dataset. */
  pass: string | undefined;
  dataset: SharedDataset | null;
  problem: string | null;
  clear: () => void;
}

/** The dataset of `?datasetShare=` (「用此数据集租用实例」 on a dataset's share page). */
export function useDatasetShare(): DatasetShare {
  const [pass, setPass] = useState(() => new URLSearchParams(window.location.search).get('datasetShare') ?? undefined);
  const [dataset, setDataset] = useState<SharedDataset | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!pass) return;
    void sharedDataset(pass).then((result) => {
      if (result.code === 200) setDataset(result.data);
      else setProblem(result.msg);
    });
  }, [pass]);
  return {
    pass: dataset ? pass : undefined,
    dataset,
    problem,
    clear: () => {
      setPass(undefined);
      setDataset(null);
      setProblem(null);
    },
  };
}

/** The shared dataset the instance will mount, or why it cannot. */
export function DatasetShareChoice({ share }: { share: DatasetShare }) {
  if (share.problem) return <Message warning className="rc-dataset-share-problem" content={`分享的数据集无法挂载：${share.problem}`} />;
  if (!share.dataset) return null;
  return (
    <Message color="teal" className="rc-dataset-share">
      实例创建后将挂载数据集「<b className="rc-dataset-share-title">{share.dataset.title}</b>」到 /root/public-data/{share.dataset.name}
      （只读）
      <div>
        <Button basic size="mini" type="button" onClick={share.clear}>
          不挂载
        </Button>
      </div>
    </Message>
  );
}
