import { Button, Dropdown, Table } from 'semantic-ui-react';
import { IntegerInput } from '@rc/shared-utility';
import { kindNames, questionKinds } from '../question-bank/question-bank-api';
import { difficultyNames, type ExamPoolInput } from './exam-admin-api';

const difficulties = [1, 2, 3] as const;

/**
 * 随机抽题: sections that each draw N questions of one kind and difficulty from the class teacher's bank, fixed per
 * attempt; every drawn slot is worth the same points, so scores stay comparable.
 */
export function ExamPoolsEditor({
  pools,
  disabled,
  onChange,
}: {
  pools: ExamPoolInput[];
  disabled: boolean;
  onChange: (pools: ExamPoolInput[]) => void;
}) {
  const update = (index: number, change: Partial<ExamPoolInput>) =>
    onChange(pools.map((pool, at) => (at === index ? { ...pool, ...change } : pool)));
  return (
    <div className="rc-exam-pools">
      <div className="rc-exam-paper-bar">
        <strong>随机抽题（题池）</strong>
        <span className="rc-muted">每名学生从题库中按题型与难度随机抽题，作答期间固定；每个抽题位分值相同</span>
        <Button
          type="button"
          size="mini"
          basic
          icon="plus"
          content="添加题池"
          className="rc-add-pool"
          disabled={disabled || pools.length >= 10}
          onClick={() => onChange([...pools, { kind: 1, difficulty: 2, draw: 1, points: 5 }])}
        />
      </div>
      {pools.length === 0 ? null : (
        <Table compact className="rc-exam-pool-table">
          <Table.Body>
            {pools.map((pool, index) => (
              <Table.Row key={index} data-pool={index}>
                <Table.Cell collapsing>
                  <Dropdown
                    selection
                    compact
                    aria-label={`题池 ${index + 1} 题型`}
                    disabled={disabled}
                    value={pool.kind}
                    options={questionKinds.map((value) => ({ key: value, value, text: kindNames[value] }))}
                    onChange={(_, data) => update(index, { kind: data.value as ExamPoolInput['kind'] })}
                  />
                </Table.Cell>
                <Table.Cell collapsing>
                  <Dropdown
                    selection
                    compact
                    aria-label={`题池 ${index + 1} 难度`}
                    disabled={disabled}
                    value={pool.difficulty}
                    options={difficulties.map((value) => ({ key: value, value, text: difficultyNames[value] }))}
                    onChange={(_, data) => update(index, { difficulty: data.value as ExamPoolInput['difficulty'] })}
                  />
                </Table.Cell>
                <Table.Cell>
                  抽{' '}
                  <IntegerInput
                    size="mini"
                    aria-label={`题池 ${index + 1} 抽题数`}
                    className="rc-exam-points-input"
                    value={pool.draw}
                    min={1}
                    max={100}
                    disabled={disabled}
                    onChange={(draw) => update(index, { draw })}
                  />{' '}
                  题，每题{' '}
                  <IntegerInput
                    size="mini"
                    aria-label={`题池 ${index + 1} 每题分值`}
                    className="rc-exam-points-input"
                    value={pool.points}
                    min={1}
                    max={100}
                    disabled={disabled}
                    onChange={(points) => update(index, { points })}
                  />{' '}
                  分
                </Table.Cell>
                <Table.Cell collapsing>
                  <Button
                    type="button"
                    size="mini"
                    basic
                    icon="close"
                    aria-label="移除题池"
                    disabled={disabled}
                    onClick={() => onChange(pools.filter((_, at) => at !== index))}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </div>
  );
}
