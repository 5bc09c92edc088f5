import { useState } from 'react';
import { Button, Form, Message, Radio, Table } from 'semantic-ui-react';
import { formatSize, ListState, PageHeader, PageSection, useLoaded, type ScreenProps } from '@rc/shared-utility';
import { readyPrivateImages } from './image-community-api';
import { loadDraft, saveDraft, stepPaths } from './publish-draft';
import { PublishSteps } from './publish-steps';
import { PublishSettings } from './publish-settings';
import './image-community.css';

/** `/account/imageCommunity/add`: step 1, pick one of my ready private images; with `?step=3` the last step. */
export function AddImagePage({ navigate }: ScreenProps) {
  const step3 = new URLSearchParams(window.location.search).get('step') === '3';
  return (
    <PageSection className="rc-image-publish">
      <PageHeader />
      <PublishSteps current={step3 ? 3 : 1} />
      {step3 ? <PublishSettings navigate={navigate} /> : <PickImage navigate={navigate} />}
    </PageSection>
  );
}

function PickImage({ navigate }: ScreenProps) {
  const images = useLoaded(readyPrivateImages);
  const [draft, setDraft] = useState(loadDraft);
  const [error, setError] = useState('');

  const next = () => {
    if (!draft.imageId) return setError('请选择要发布的镜像');
    if (!draft.title.trim()) return setError('请填写标题');
    saveDraft({ ...draft, title: draft.title.trim() });
    navigate(stepPaths.describe);
  };

  return (
    <Form>
      <ListState
        source={images}
        isEmpty={(page) => page.list.every((image) => image.status !== 1)}
        empty="还没有可发布的私有镜像：在实例管理中把实例保存为镜像后再来发布"
      >
        {(page) => (
          <Table compact selectable className="rc-pick-image">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell />
                <Table.HeaderCell>镜像名称</Table.HeaderCell>
                <Table.HeaderCell>框架</Table.HeaderCell>
                <Table.HeaderCell>CUDA</Table.HeaderCell>
                <Table.HeaderCell>大小</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {page.list
                .filter((image) => image.status === 1)
                .map((image) => (
                  <Table.Row
                    key={image.id}
                    data-image={image.name}
                    onClick={() =>
                      setDraft({
                        ...draft,
                        imageId: image.id,
                        imageName: image.name,
                        title: draft.imageId === image.id && draft.title ? draft.title : image.name,
                        cudaVersion: draft.cudaVersion || image.cuda,
                      })
                    }
                  >
                    <Table.Cell collapsing>
                      <Radio checked={draft.imageId === image.id} aria-label={image.name} />
                    </Table.Cell>
                    <Table.Cell>{image.name}</Table.Cell>
                    <Table.Cell>
                      {image.framework} {image.frameworkVersion}
                    </Table.Cell>
                    <Table.Cell>{image.cuda}</Table.Cell>
                    <Table.Cell>{formatSize(image.sizeBytes)}</Table.Cell>
                  </Table.Row>
                ))}
            </Table.Body>
          </Table>
        )}
      </ListState>
      <Form.Input
        label="标题"
        className="rc-publish-title"
        maxLength={60}
        value={draft.title}
        onChange={(_, data) => setDraft({ ...draft, title: data.value })}
      />
      <Form.TextArea
        label="简介"
        className="rc-publish-summary"
        maxLength={200}
        rows={2}
        value={draft.summary}
        onChange={(_, data) => setDraft({ ...draft, summary: String(data.value ?? '') })}
      />
      {error ? <Message negative content={error} /> : null}
      <div className="rc-wizard-actions">
        <Button primary className="rc-next-step" onClick={next}>
          下一步
        </Button>
      </div>
    </Form>
  );
}
