import { useCallback } from 'react';
import { Button, Table } from 'semantic-ui-react';
import { formatDateTime, ListState, runAction, useLoaded, ModalDialog } from '@rc/shared-utility';
import { attachVideo, formatDuration, myVideos, type OutlinePeriod } from './teach-api';

/** Picks one of my uploaded videos for a video period. */
export function VideoPicker({ period, close }: { period: OutlinePeriod; close: (changed: boolean) => void }) {
  const videos = useLoaded(useCallback(myVideos, []));
  const pick = (videoId: number) => runAction(() => attachVideo(period.id, videoId), { then: () => close(true) });
  return (
    <ModalDialog title={<>为「{period.title}」选择视频</>} size="small" close={() => close(false)} scrolling>
      <ListState source={videos} isEmpty={(list) => list.length === 0} empty="还没有上传过视频，可在课时上直接「上传视频」">
        {(list) => (
          <Table compact selectable>
            <Table.Body>
              {list.map((video) => (
                <Table.Row key={video.videoId}>
                  <Table.Cell>{video.title}</Table.Cell>
                  <Table.Cell collapsing>{formatDuration(video.durationSeconds)}</Table.Cell>
                  <Table.Cell collapsing>{formatDateTime(video.createdAt)}</Table.Cell>
                  <Table.Cell collapsing>
                    <Button
                      size="mini"
                      primary
                      content={period.videoId === video.videoId ? '当前视频' : '选择'}
                      disabled={period.videoId === video.videoId}
                      onClick={() => void pick(video.videoId)}
                    />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </ListState>
    </ModalDialog>
  );
}
