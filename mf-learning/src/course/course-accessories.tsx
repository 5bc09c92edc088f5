import { Button, Icon, Table } from 'semantic-ui-react';
import { EmptyState, formatSize } from '@rc/shared-utility';
import type { CourseView } from '@rc/api-contract/course/catalogue';
import { downloadAccessory } from './course-api';

interface CourseAccessoriesProps {
  accessories: CourseView['accessoryList'];
  /** Signed up, bought, or the course's teacher. */
  mayDownload: boolean;
  signedIn: boolean;
}

/** The course's files (课程附件): listed to everyone, downloaded by those who may study the course. */
export function CourseAccessories({ accessories, mayDownload, signedIn }: CourseAccessoriesProps) {
  if (accessories.length === 0) return <EmptyState>本课程没有附件</EmptyState>;
  return (
    <>
      {mayDownload ? null : <p className="rc-muted">{signedIn ? '报名或购买课程后可下载附件。' : '登录并报名课程后可下载附件。'}</p>}
      <Table compact unstackable className="rc-course-accessories">
        <Table.Body>
          {accessories.map((accessory) => (
            <Table.Row key={accessory.id}>
              <Table.Cell>
                <Icon name="attach" />
                {accessory.fileName}
              </Table.Cell>
              <Table.Cell collapsing>{formatSize(accessory.size)}</Table.Cell>
              <Table.Cell collapsing>{accessory.downloadCount} 次下载</Table.Cell>
              <Table.Cell collapsing>
                <Button
                  size="mini"
                  basic
                  icon="download"
                  content="下载"
                  disabled={!mayDownload}
                  onClick={() => downloadAccessory(accessory.id)}
                />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </>
  );
}
