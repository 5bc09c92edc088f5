import { useState } from 'react';
import { Button, Table } from 'semantic-ui-react';
import {
  formatDateTime,
  MarkdownHtml,
  PageHeader,
  PageSection,
  PagedTable,
  runAction,
  usePagedList,
  type ScreenProps,
  ReasonDialog,
  ModalDialog,
} from '@rc/shared-utility';
import { approveApp, appsToReview, rejectApp, viewApp, type AppDetail, type ManagedAppCard } from './app-centre-api';
import { AppIcon, TemplateTable } from './app-parts';
import './app-centre.css';

function DetailDialog({ detail, close }: { detail: AppDetail; close: () => void }) {
  return (
    <ModalDialog title={detail.name} close={close} size="small" scrolling>
      <p>{detail.summary}</p>
      {detail.template ? <TemplateTable template={detail.template} /> : null}
      <MarkdownHtml html={detail.descriptionHtml} />
    </ModalDialog>
  );
}

/** `/account/review/app` (应用审核, operators): applications submitted for review; 通过 puts one on the shelf, 驳回 sends the reason to its author. */
export function AppReviewPage(_: ScreenProps) {
  const list = usePagedList(appsToReview);
  const [rejecting, setRejecting] = useState<ManagedAppCard | null>(null);
  const [viewing, setViewing] = useState<AppDetail | null>(null);
  const open = async (app: ManagedAppCard) => {
    const result = await viewApp(app.id);
    if (result.code === 200) setViewing(result.data);
  };
  return (
    <PageSection className="rc-app-review">
      <PageHeader />
      <PagedTable
        list={list}
        columns={['应用', '作者', 'GPU', '提交时间', '操作']}
        empty="没有待审核的应用"
        row={(app) => (
          <Table.Row key={app.id} data-app={app.id}>
            <Table.Cell>
              <AppIcon name={app.name} size={28} />{' '}
              <a
                href="#"
                onClick={(event) => {
                  event.preventDefault();
                  void open(app);
                }}
              >
                {app.name}
              </a>
              <div className="rc-muted">{app.summary}</div>
            </Table.Cell>
            <Table.Cell collapsing>{app.authorName}</Table.Cell>
            <Table.Cell collapsing>{app.gpuModelName ? `${app.gpuModelName} × ${app.gpuCount}` : '未设置'}</Table.Cell>
            <Table.Cell collapsing>{formatDateTime(app.updatedAt)}</Table.Cell>
            <Table.Cell collapsing>
              <Button
                size="mini"
                primary
                content="通过"
                className="rc-approve"
                onClick={() => void runAction(() => approveApp(app.id), { then: () => list.reload() })}
              />
              <Button size="mini" negative basic content="驳回" className="rc-reject" onClick={() => setRejecting(app)} />
            </Table.Cell>
          </Table.Row>
        )}
      />
      {rejecting ? (
        <ReasonDialog
          header={`驳回应用「${rejecting.name}」`}
          label="驳回原因（作者可见）"
          maxLength={200}
          tooShort="请填写驳回原因"
          send={(reason) => rejectApp(rejecting.id, reason)}
          close={(changed) => {
            setRejecting(null);
            if (changed) void list.reload();
          }}
        />
      ) : null}
      {viewing ? <DetailDialog detail={viewing} close={() => setViewing(null)} /> : null}
    </PageSection>
  );
}
