import { useRef, useState, type ChangeEvent } from 'react';
import { useStore } from '@nanostores/react';
import { formatSize } from '../size';
import { formatRemaining } from '../upload/remaining-time';
import { statusLabel } from '../upload/upload-labels';
import type { UploadEngine } from '../upload/upload-engine';
import type { AddOptions, UploadItem } from '../upload/upload-types';
import { uploaderStyles } from './uploader-styles';

function FilePicker({ label, onFiles, primary }: { label: string; onFiles: (files: File[]) => void; primary?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    onFiles([...(event.target.files ?? [])]);
    event.target.value = '';
  };
  return (
    <>
      <button type="button" className={primary ? 'button primary' : 'link'} onClick={() => input.current?.click()}>
        {label}
      </button>
      <input ref={input} type="file" multiple={primary} onChange={picked} />
    </>
  );
}

function ItemRow({ item, engine }: { item: UploadItem; engine: UploadEngine }) {
  const shownProgress = item.status === 'preparing' ? item.hashProgress : item.progress;
  const statusClass = item.status === 'success' ? ' success' : item.status === 'error' ? ' error' : '';
  return (
    <li className="item" data-upload-id={item.id} data-status={item.status}>
      <div className="row">
        <span className="name" title={item.fileName}>
          {item.fileName}
        </span>
        <span className="meta">{formatSize(item.fileSize)}</span>
        <span className={`status${statusClass}`}>{statusLabel(item)}</span>
      </div>
      <div className={`bar${statusClass}`} role="progressbar" aria-valuenow={shownProgress} aria-valuemin={0} aria-valuemax={100}>
        <span style={{ width: `${shownProgress}%` }} />
      </div>
      <div className="row">
        <span className="meta">
          {item.status === 'uploading' && item.speed > 0 ? `${formatSize(item.speed)}/s` : ''}
          {item.status === 'uploading' && item.remainingMs !== null ? ` · 剩余 ${formatRemaining(item.remainingMs)}` : ''}
          {item.status === 'preparing' ? `正在计算文件校验值 ${item.hashProgress}%` : ''}
          {item.status === 'paused' && !item.file ? '页面已刷新，请重新选择该文件以继续上传' : ''}
        </span>
        {item.error ? <span className="error-text">{item.error}</span> : null}
        <span style={{ flex: 1 }} />
        <span className="actions">
          {item.status === 'uploading' || item.status === 'pending' ? (
            <button type="button" className="link" onClick={() => engine.pause(item.id)}>
              暂停
            </button>
          ) : null}
          {item.status === 'paused' && item.file ? (
            <button type="button" className="link" onClick={() => engine.resume(item.id)}>
              继续
            </button>
          ) : null}
          {item.status === 'paused' && !item.file ? (
            <FilePicker label="重新选择文件" onFiles={([file]) => file && engine.attachFile(item.id, file)} />
          ) : null}
          {item.status === 'error' && item.file ? (
            <button type="button" className="link" onClick={() => engine.retry(item.id)}>
              重试
            </button>
          ) : null}
          {item.status !== 'success' ? (
            <button type="button" className="link danger" onClick={() => engine.cancel(item.id)}>
              取消
            </button>
          ) : null}
        </span>
      </div>
    </li>
  );
}

export interface UploaderPanelProps {
  engine: UploadEngine;
  /** Where picked files go; without it the panel has no file picker. */
  addOptions: AddOptions | null;
  onClose?: () => void;
  /**
   * `floating` sits at the bottom right and keeps room below the page, so any row can be scrolled clear of it;
   * `inline` is the 700×378 queue a page embeds (spec §9), never collapsed.
   */
  variant?: 'floating' | 'inline';
  /** The portal's floating list opens collapsed, so it never covers a page's controls until asked to. */
  startCollapsed?: boolean;
}

/** The transfer list: every item of the queue with its state and controls. */
export function UploaderPanel({ engine, addOptions, onClose, variant = 'floating', startCollapsed = false }: UploaderPanelProps) {
  const items = useStore(engine.$items);
  const inline = variant === 'inline';
  const [collapsedState, setCollapsed] = useState(startCollapsed);
  const collapsed = !inline && collapsedState;
  const active = items.filter((item) => item.status === 'uploading' || item.status === 'preparing' || item.status === 'pending').length;
  const title = active > 0 ? `传输列表（${active}个上传中）` : '传输列表';
  const panelClass = `panel${inline ? ' is-inline' : ''}${collapsed ? ' is-collapsed' : ''}`;
  return (
    <>
      <style>{uploaderStyles}</style>
      <section className={panelClass} aria-label="传输列表">
        <header className="head">
          <span className="title">{title}</span>
          {inline ? null : (
            <button
              type="button"
              className="icon"
              aria-label={collapsed ? '展开' : '收起'}
              aria-expanded={!collapsed}
              title={collapsed ? '展开' : '收起'}
              onClick={() => setCollapsed(!collapsed)}
            >
              {collapsed ? '▴' : '▾'}
            </button>
          )}
          {onClose ? (
            <button type="button" className="icon" aria-label="关闭" title="关闭" onClick={onClose}>
              ×
            </button>
          ) : null}
        </header>
        {/* Hidden rather than removed: uploads picked in it keep their rows and inputs while collapsed. */}
        <div className="body" hidden={collapsed}>
          <div className="toolbar">
            {addOptions ? (
              <FilePicker primary label="上传文件" onFiles={(files) => files.forEach((file) => engine.add(file, addOptions))} />
            ) : null}
            {items.some((item) => item.status === 'success') ? (
              <button type="button" className="button" onClick={() => engine.clearFinished()}>
                清除已完成
              </button>
            ) : null}
          </div>
          <ul className="list">
            {items.length === 0 ? (
              <li className="empty">暂无上传任务</li>
            ) : (
              items.map((item) => <ItemRow key={item.id} item={item} engine={engine} />)
            )}
          </ul>
        </div>
      </section>
      {inline ? null : <div className={`page-room${collapsed ? '' : ' is-expanded'}`} aria-hidden="true" />}
    </>
  );
}
