import { useState } from 'react';
import { Button, Message, Progress, Statistic } from 'semantic-ui-react';
import { constants, formatSize, PageHeader, PageSection } from '@rc/shared-utility';
import { measureUploadSpeed, uploadTimeText, type SpeedTestResult } from './speed-test';

const GiB = 1024 ** 3;

/** `/account/upload/test`: the upload speed from this browser to the storage service. */
export function SpeedTestPage() {
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<SpeedTestResult | null>(null);
  const [failed, setFailed] = useState(false);

  const run = async () => {
    setResult(null);
    setFailed(false);
    setProgress(0);
    try {
      setResult(await measureUploadSpeed(setProgress));
    } catch {
      setFailed(true);
    } finally {
      setProgress(null);
    }
  };

  return (
    <PageSection className="rc-speed-test">
      <PageHeader>
        <Button primary loading={progress !== null} disabled={progress !== null} onClick={() => void run()}>
          {result ? '重新测试' : '开始测试'}
        </Button>
      </PageHeader>
      {progress !== null ? <Progress percent={progress} indicating size="small" /> : null}
      {failed ? <Message negative content="测试失败，请检查网络后重试。" /> : null}
      {result ? (
        <>
          <Statistic.Group widths={3} size="small" className="rc-speed-figures">
            <Statistic>
              <Statistic.Value className="rc-upload-speed">{formatSize(result.bytesPerSecond)}/s</Statistic.Value>
              <Statistic.Label>上传速度</Statistic.Label>
            </Statistic>
            <Statistic>
              <Statistic.Value>{result.latencyMs} ms</Statistic.Value>
              <Statistic.Label>延迟</Statistic.Label>
            </Statistic>
            <Statistic>
              <Statistic.Value>{uploadTimeText(10 * GiB, result.bytesPerSecond)}</Statistic.Value>
              <Statistic.Label>上传 10 GB 文件</Statistic.Label>
            </Statistic>
          </Statistic.Group>
          <p className="rc-muted">
            按上传时的方式测得：每片 {formatSize(constants.chunkSize)}，同时 {constants.parallelChunks} 片。上传 1 GB 文件
            {uploadTimeText(GiB, result.bytesPerSecond)}。
          </p>
        </>
      ) : null}
    </PageSection>
  );
}
