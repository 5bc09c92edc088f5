import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Icon, Input, Menu } from 'semantic-ui-react';
import {
  ListState,
  MarkdownHtml,
  PageHeader,
  PageSection,
  PageSwitcher,
  usePagedList,
  type ScreenProps,
  ModalDialog,
} from '@rc/shared-utility';
import { appCategories, deployUrl, publishedApps, viewApp, type AppCard, type AppCategoryView, type AppDetail } from './app-centre-api';
import { AppIcon, TemplateTable } from './app-parts';
import './app-centre.css';

function AppDetailDialog({ card, close, deploy }: { card: AppCard; close: () => void; deploy: (id: number) => void }) {
  const [detail, setDetail] = useState<AppDetail | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void viewApp(card.id).then((result) => (result.code === 200 ? setDetail(result.data) : setError(result.msg || '加载失败')));
  }, [card.id]);
  return (
    <ModalDialog
      title={
        <>
          <AppIcon name={card.name} size={32} /> <span className="rc-app-detail-name">{card.name}</span>
        </>
      }
      close={close}
      size="small"
      className="rc-app-detail"
      scrolling
      actions={
        <>
          <Button content="关闭" onClick={close} />
          <Button
            color="orange"
            icon="rocket"
            content="部署"
            className="rc-app-deploy"
            disabled={!detail?.template}
            onClick={() => deploy(card.id)}
          />
        </>
      }
    >
      <p className="rc-muted">
        {card.categoryName || '未分类'} · 作者 {card.authorName} · 已部署 {card.launchCount} 次
      </p>
      <p>{card.summary}</p>
      {error ? <p className="rc-error">加载失败：{error}</p> : null}
      {!detail && !error ? <p className="rc-muted">加载中…</p> : null}
      {detail?.template ? <TemplateTable template={detail.template} /> : null}
      {detail ? <MarkdownHtml html={detail.descriptionHtml} className="rc-app-description" /> : null}
    </ModalDialog>
  );
}

/** `/account/appCenter[?id=]`: published applications by category and keyword; a card opens the detail, 部署 opens the rent page pre-filled. */
export function AppCentrePage({ navigate }: ScreenProps) {
  const [categories, setCategories] = useState<AppCategoryView[]>([]);
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<AppCard | null>(null);

  useEffect(() => {
    void appCategories().then((result) => {
      if (result.code === 200) setCategories(result.data);
    });
    // A search hit opens `/account/appCenter?id=<app>` with its detail.
    const id = Number(new URLSearchParams(window.location.search).get('id'));
    if (id)
      void viewApp(id).then((result) => {
        if (result.code === 200) setOpen(result.data);
      });
  }, []);

  const fetchPage = useCallback(
    (paging: { pageNum: number; pageSize: number }) => publishedApps({ ...paging, categoryId, ...(keyword ? { keyword } : {}) }),
    [categoryId, keyword],
  );
  const list = usePagedList(fetchPage);

  return (
    <PageSection className="rc-app-centre">
      <PageHeader />
      <div className="rc-app-filters">
        <Menu secondary pointing className="rc-app-categories">
          <Menu.Item active={categoryId === undefined} onClick={() => setCategoryId(undefined)} content="全部" />
          {categories.map((category) => (
            <Menu.Item
              key={category.id}
              active={categoryId === category.id}
              onClick={() => setCategoryId(category.id)}
              content={category.name}
              data-category={category.id}
            />
          ))}
        </Menu>
        <Input
          className="rc-app-search"
          placeholder="搜索应用"
          value={typed}
          onChange={(_, data) => setTyped(data.value)}
          onKeyDown={(event: React.KeyboardEvent) => {
            if (event.key === 'Enter') setKeyword(typed.trim());
          }}
          action={{ icon: 'search', 'aria-label': '搜索', onClick: () => setKeyword(typed.trim()) }}
        />
      </div>
      <ListState
        source={list}
        isEmpty={(page) => page.list.length === 0}
        empty={keyword ? `没有找到与「${keyword}」相关的应用` : '暂无应用'}
      >
        {(page) => (
          <Card.Group itemsPerRow={3} stackable className="rc-app-cards">
            {page.list.map((card) => (
              <Card key={card.id} className="rc-app-card" data-app={card.id} data-name={card.name} onClick={() => setOpen(card)}>
                <Card.Content>
                  <div className="rc-app-card-head">
                    <AppIcon name={card.name} />
                    <div>
                      <Card.Header className="rc-app-card-name">{card.name}</Card.Header>
                      <Card.Meta>{card.categoryName || '未分类'}</Card.Meta>
                    </div>
                  </div>
                  <Card.Description className="rc-app-summary">{card.summary}</Card.Description>
                </Card.Content>
                <Card.Content extra>
                  <span className="rc-app-card-gpu">
                    <Icon name="microchip" />
                    {card.gpuModelName ? `${card.gpuModelName} × ${card.gpuCount}` : '未设置模板'}
                  </span>
                  <span className="rc-app-card-meta">
                    {card.authorName} · 部署 {card.launchCount} 次
                  </span>
                </Card.Content>
              </Card>
            ))}
          </Card.Group>
        )}
      </ListState>
      <PageSwitcher pageNum={list.pageNum} totalPages={list.totalPages} setPageNum={list.setPageNum} />
      {open ? <AppDetailDialog card={open} close={() => setOpen(null)} deploy={(id) => navigate(deployUrl(id))} /> : null}
    </PageSection>
  );
}
