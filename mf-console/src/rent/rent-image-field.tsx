import type { Dispatch } from 'react';
import { Dropdown, Form, Menu } from 'semantic-ui-react';
import { shownImages, type RentAction, type RentState } from './rent-state';

/** System or own images; hidden while a community image or an application's template decides the image. */
export function RentImageField({ state, dispatch, hidden }: { state: RentState; dispatch: Dispatch<RentAction>; hidden: boolean }) {
  const images = shownImages(state);
  return (
    <Form.Field className={hidden ? 'rc-hidden' : ''}>
      <Menu secondary size="small">
        <Menu.Item active={state.imageTab === 'system'} onClick={() => dispatch({ type: 'imageTabChosen', tab: 'system' })}>
          系统镜像
        </Menu.Item>
        <Menu.Item active={state.imageTab === 'private'} onClick={() => dispatch({ type: 'imageTabChosen', tab: 'private' })}>
          我的镜像
        </Menu.Item>
      </Menu>
      <Dropdown
        selection
        search
        className="rc-image-picker"
        aria-label="镜像"
        placeholder={images.length ? '选择镜像' : '暂无镜像'}
        options={images.map((image) => ({
          key: image.id,
          value: image.id,
          text: image.name,
          description: `Python ${image.python} · CUDA ${image.cuda} · ${image.os}`,
        }))}
        value={state.imageId ?? undefined}
        onChange={(_, data) => dispatch({ type: 'imageChosen', imageId: Number(data.value) })}
      />
    </Form.Field>
  );
}
