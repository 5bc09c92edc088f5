import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Button, Message } from 'semantic-ui-react';
import { formatSize, ListState, OutputBox, useLoaded } from '@rc/shared-utility';
import { readJobOutput, type HpcJobOutput } from './job-api';

/** How often a running job's output is read again. */
const refreshMs = 3000;

function OutputText({ output }: { output: HpcJobOutput }) {
  const view = useRef<HTMLPreElement>(null);
  const following = useRef(true);
  const text = output.preview?.text ?? '';
  // The last lines first: the view opens at the end, and stays there as lines come in unless the user scrolled up.
  useLayoutEffect(() => {
    const element = view.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [text]);
  if (!output.exists)
    return (
      <p className="rc-muted rc-job-output-empty">
        {output.running ? '作业还没有输出，输出文件生成后会显示在这里。' : '没有找到输出文件。'}
      </p>
    );
  if (output.preview?.binary) return <Message info content="输出文件不是文本，无法显示，请在文件管理中下载查看。" />;
  return (
    <OutputBox
      ref={view}
      className="rc-job-output-text"
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollTop + element.clientHeight >= element.scrollHeight - 4;
      }}
    >
      {text}
    </OutputBox>
  );
}

/** 查看输出: a job's output in the portal, its last lines in view, read again every few seconds while the job runs. */
export function JobOutput({ id, onOpenFolder }: { id: number; onOpenFolder: () => void }) {
  const output = useLoaded(useCallback(() => readJobOutput(id), [id]));
  const { reload } = output;
  const running = output.data?.running ?? true;
  useEffect(() => {
    if (!running || output.loading) return;
    const timer = window.setTimeout(() => void reload(), refreshMs);
    return () => window.clearTimeout(timer);
  }, [running, output.loading, output.data, reload]);

  return (
    <div className="rc-job-output-view">
      <ListState source={output} isEmpty={() => false} empty={null}>
        {(data) => (
          <>
            <div className="rc-job-output-bar">
              <code className="rc-mono">{data.path}</code>
              <span className={data.running ? 'rc-job-output-live' : 'rc-muted'}>
                {data.running ? '作业运行中，输出每 3 秒自动刷新' : '作业已结束'}
              </span>
              <span className="rc-spacer" />
              <Button
                basic
                size="mini"
                icon="folder open"
                className="rc-job-output-folder"
                content="在文件管理中打开"
                onClick={onOpenFolder}
              />
            </div>
            {data.preview?.truncated ? <p className="rc-muted">输出较长（共 {formatSize(data.preview.size)}），只显示最后 512 KB</p> : null}
            <OutputText output={data} />
          </>
        )}
      </ListState>
    </div>
  );
}
