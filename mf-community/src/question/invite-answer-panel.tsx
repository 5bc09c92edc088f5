import { useCallback, useState } from 'react';
import { Button, Form, Input, Label } from 'semantic-ui-react';
import { PageSection, runAction, useLoaded, useSubmit } from '@rc/shared-utility';
import { findInviteCandidates, inviteToAnswer, listInvitations, type InviteCandidate } from './question-api';

/** Invitees per question, as the server counts them. */
const maxInvitees = 5;

/**
 * The asker's (or an experienced answerer's) 邀请回答: who is invited so far, and a search by nickname or
 * whole mobile number whose results each get an 邀请 button.
 */
export function InviteAnswerPanel({ questionId }: { questionId: number }) {
  const fetchInvited = useCallback(() => listInvitations(questionId), [questionId]);
  const invited = useLoaded(fetchInvited);
  const [keyword, setKeyword] = useState('');
  const [candidates, setCandidates] = useState<InviteCandidate[] | null>(null);
  const { busy, submit } = useSubmit();
  const count = invited.data?.length ?? 0;

  const search = () =>
    submit({
      call: () => findInviteCandidates(questionId, keyword.trim()),
      success: false,
      then: setCandidates,
    });
  const invite = (candidate: InviteCandidate) =>
    runAction(() => inviteToAnswer(questionId, candidate.userId), {
      then: () => {
        setCandidates((shown) => shown?.map((row) => (row.userId === candidate.userId ? { ...row, invited: true } : row)) ?? null);
        void invited.reload();
      },
    });

  return (
    <PageSection className="rc-invite-panel" title={`邀请回答（已邀请 ${count}/${maxInvitees}）`}>
      {count > 0 ? (
        <ul className="rc-invitees" aria-label="已邀请">
          {invited.data!.map((row) => (
            <li key={row.userId}>
              <Label size="small" color={row.answered ? 'green' : undefined}>
                {row.nickname}
                <Label.Detail>{row.answered ? '已回答' : '未回答'}</Label.Detail>
              </Label>
            </li>
          ))}
        </ul>
      ) : null}
      {count < maxInvitees ? (
        <Form className="rc-invite-search" onSubmit={() => void search()}>
          <Input
            fluid
            aria-label="昵称或手机号"
            placeholder="输入昵称或完整的手机号查找用户"
            value={keyword}
            onChange={(_, data) => setKeyword(String(data.value))}
            action={{ content: '查找', loading: busy, disabled: busy || !keyword.trim(), type: 'submit' }}
          />
        </Form>
      ) : null}
      {candidates && count < maxInvitees ? (
        candidates.length === 0 ? (
          <p className="rc-question-meta">没有找到用户，换个昵称或输入完整的手机号试试</p>
        ) : (
          <ul className="rc-invite-candidates">
            {candidates.map((candidate) => (
              <li key={candidate.userId} data-user-id={candidate.userId}>
                <strong>{candidate.nickname}</strong>
                <span className="rc-question-meta">{candidate.mobile}</span>
                <Button size="mini" primary={!candidate.invited} disabled={candidate.invited} onClick={() => void invite(candidate)}>
                  {candidate.invited ? '已邀请' : '邀请'}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </PageSection>
  );
}
