import { useState } from 'react';
import { Button } from 'semantic-ui-react';
import { api, ReasonDialog } from '@rc/shared-utility';
import type { ReportKind } from '@rc/api-contract/community/report';

const report = (body: { kind: ReportKind; refId: number; reason: string }) => api.post<{ id: number }>('/community/auth/report/save', body);

/** 举报: asks for a reason, then sends the report (the server takes one per user and thing). */
export function ReportButton({ kind, refId }: { kind: ReportKind; refId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button basic size="mini" icon="flag outline" content="举报" className="rc-report-button" onClick={() => setOpen(true)} />
      {open ? (
        <ReasonDialog
          header="举报"
          label="举报原因"
          placeholder="请说明违规之处，运营人员审核后处理"
          maxLength={200}
          tooShort="请填写举报原因"
          confirm="提交举报"
          send={(reason) => report({ kind, refId, reason })}
          close={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
