import { useCallback, useState } from 'react';
import { Button } from 'semantic-ui-react';
import { dialogs, ListState, PageSwitcher, runAction, usePagedList, type Paging } from '@rc/shared-utility';
import { disbandGrade, myGrades, type GradeCard, type GradeRole } from './grade-api';
import { GradeCardView } from './grade-card';
import { GradeFormDialog } from './grade-form-dialog';

const emptyText: Record<GradeRole, string> = {
  teacher: '还没有创建班级，点击「创建班级」开始',
  admin: '你还不是任何班级的管理员',
  student: '你还没有加入班级，去班级列表看看吧',
};

/** My classes in one role as cards; the teacher also creates, edits and disbands them. */
export function GradesByRole({ role, navigate }: { role: GradeRole; navigate: (url: string) => void }) {
  const fetchPage = useCallback((paging: Paging) => myGrades(role, paging), [role]);
  const paged = usePagedList(fetchPage);
  const [editing, setEditing] = useState<GradeCard | null | 'new'>(null);
  const disband = async (grade: GradeCard) => {
    const sure = await dialogs.confirm({
      title: '解散班级',
      content: `解散班级「${grade.gradeName}」后，成员将收到通知，班级和其中的考试不再可用，且无法恢复。确定解散？`,
      confirmText: '解散',
      danger: true,
    });
    if (sure) await runAction(() => disbandGrade(grade.gradeId), { then: () => paged.reload() });
  };
  const manages = role !== 'student';
  return (
    <>
      {role === 'teacher' ? (
        <div className="rc-grade-toolbar" style={{ marginBottom: 12 }}>
          <Button primary icon="add" className="rc-grade-new" content="创建班级" onClick={() => setEditing('new')} />
          <Button basic icon="list" content="题库" onClick={() => navigate('/account/grades/questions')} />
        </div>
      ) : null}
      <ListState source={paged} isEmpty={(page) => page.list.length === 0} empty={emptyText[role]}>
        {(page) => (
          <div className="rc-grade-grid">
            {page.list.map((grade) => (
              <GradeCardView key={grade.gradeId} grade={grade} navigate={navigate}>
                {manages ? (
                  <>
                    <Button
                      size="mini"
                      primary
                      className="rc-grade-manage"
                      content="管理"
                      onClick={() => navigate(`/account/grades/manage/${grade.gradeId}`)}
                    />
                    <Button size="mini" basic content="考试管理" onClick={() => navigate(`/account/grades/exams/${grade.gradeId}`)} />
                  </>
                ) : (
                  <Button size="mini" primary content="进入班级" onClick={() => navigate(`/grade/view/${grade.gradeId}`)} />
                )}
                {role === 'teacher' ? (
                  <>
                    <Button size="mini" basic className="rc-grade-edit" content="编辑" onClick={() => setEditing(grade)} />
                    <Button size="mini" basic negative className="rc-grade-disband" content="解散" onClick={() => void disband(grade)} />
                  </>
                ) : null}
              </GradeCardView>
            ))}
          </div>
        )}
      </ListState>
      <PageSwitcher {...paged} />
      {editing ? (
        <GradeFormDialog
          grade={editing === 'new' ? null : editing}
          close={(changed) => {
            setEditing(null);
            if (changed) void paged.reload();
          }}
        />
      ) : null}
    </>
  );
}
