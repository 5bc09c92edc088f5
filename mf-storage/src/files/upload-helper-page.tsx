import { constants, formatSize, hashWhileSendingAbove, PageHeader, PageSection } from '@rc/shared-utility';

/** `/account/upload/helper`: how uploads work and what to do when one stops. */
export function UploadHelperPage() {
  return (
    <PageSection className="rc-upload-helper">
      <PageHeader />
      <h3>上传是怎样进行的</h3>
      <ol>
        <li>
          不超过 {formatSize(hashWhileSendingAbove)} 的文件：浏览器先在后台计算文件的 MD5（准备中），页面不会卡顿。
          {'更大的文件立即开始上传；只有您已存有同样大小的文件时，浏览器才一边上传一边计算 MD5，以便发现相同内容时立即完成（秒传）。'}
        </li>
        <li>
          文件被切成 {formatSize(constants.chunkSize)} 的分片，同时上传 {constants.parallelChunks} 片；某一片失败会自动重试{' '}
          {constants.chunkRetries} 次。
        </li>
        <li>
          全部分片到达后，服务器一次保存整个文件，文件不会出现一半。
          {'浏览器算过 MD5 的文件，服务器先核对一致再保存；浏览器未算的大文件，服务器保存后再计算它的 MD5，稍后显示在文件列表中。'}
        </li>
      </ol>
      <h3>断点续传与秒传</h3>
      <ul>
        <li>上传中途关闭页面或网络中断：重新打开页面，传输列表里会显示未完成的任务，再次选择同一个文件，只上传缺少的分片。</li>
        <li>已经上传过相同内容的文件：不再发送数据，立即完成（秒传）。</li>
        <li>未完成的上传保留 24 小时，之后自动清理并释放预留的空间。</li>
      </ul>
      <h3>遇到问题</h3>
      <ul>
        <li>「分片n上传失败」：网络不稳定，点击传输列表中的「重试」即可从断点继续。</li>
        <li>「存储空间不足」：删除不需要的文件，或等待未完成的上传过期后再试。</li>
      </ul>
    </PageSection>
  );
}
