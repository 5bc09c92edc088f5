/** Styles of `<rc-uploader>`, inside its shadow root only (spec §9: 520px expanded, 200px collapsed, 240px list; 700×378 inline). */
export const uploaderStyles = `
:host { all: initial; display: block; }
.panel { position: fixed; right: 24px; bottom: 24px; z-index: 900; width: 520px; background: #fff; color: #1f2329;
  border: 1px solid #e4e7ed; border-radius: 8px; box-shadow: 0 8px 24px rgba(0, 0, 0, 0.15);
  font: 14px/1.5 "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; box-sizing: border-box; }
.panel.is-collapsed { width: 200px; }
.panel.is-inline { position: static; box-shadow: none; z-index: auto; width: 700px; max-width: 100%; height: 378px;
  display: flex; flex-direction: column; }
.is-inline .body { flex: 1; min-height: 0; display: flex; flex-direction: column; }
.is-inline .list { flex: 1; height: auto; min-height: 0; }
.body[hidden] { display: none; }
/* Room below the page as tall as the floating panel and its margin: the page's last rows scroll clear of it. */
.page-room { height: 72px; }
.page-room.is-expanded { height: 360px; }
.head { display: flex; align-items: center; gap: 8px; padding: 10px 12px; border-bottom: 1px solid #ebeef5; cursor: default; }
.is-collapsed .head { border-bottom: 0; }
.title { flex: 1; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.icon { border: 0; background: transparent; color: #606266; cursor: pointer; font-size: 16px; padding: 0 4px; line-height: 1; }
.icon:hover { color: var(--rc-brand, #2563eb); }
.toolbar { display: flex; gap: 8px; padding: 8px 12px; border-bottom: 1px solid #ebeef5; }
.button { border: 1px solid #dcdfe6; background: #fff; color: #1f2329; border-radius: 4px; padding: 3px 10px; font-size: 12px; cursor: pointer; }
.button.primary { background: var(--rc-brand-fill, #2563eb); border-color: var(--rc-brand-fill, #2563eb); color: #fff; }
.button:hover { border-color: var(--rc-brand, #2563eb); }
.list { height: 240px; overflow-y: auto; margin: 0; padding: 0; list-style: none; }
.empty { color: #6b7280; text-align: center; padding-top: 96px; }
.item { padding: 8px 12px; border-bottom: 1px solid #f2f3f5; }
.row { display: flex; align-items: center; gap: 8px; }
.name { flex: 1; min-width: 0; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.meta { color: #6b7280; font-size: 12px; white-space: nowrap; }
.status { font-size: 12px; white-space: nowrap; }
.status.success { color: #15803d; }
.status.error { color: #db2828; }
.bar { height: 4px; background: #ebeef5; border-radius: 2px; margin: 6px 0 4px; overflow: hidden; }
.bar > span { display: block; height: 100%; background: var(--rc-brand-fill, #2563eb); transition: width 0.2s; }
.bar.success > span { background: #21ba45; }
.bar.error > span { background: #db2828; }
.actions { display: flex; gap: 4px; }
.link { border: 0; background: transparent; color: var(--rc-brand, #2563eb); cursor: pointer; font-size: 12px; padding: 0 2px; }
.link.danger { color: #db2828; }
.error-text { color: #db2828; font-size: 12px; }
input[type="file"] { display: none; }
:host([theme="theme_dark"]) .panel, :host([theme="theme_dark"]) .button:not(.primary) { background: #1f2329; color: #e5e6eb; border-color: #3a3f47; }
:host([theme="theme_dark"]) .head, :host([theme="theme_dark"]) .toolbar, :host([theme="theme_dark"]) .item { border-color: #3a3f47; }
:host([theme="theme_dark"]) .icon, :host([theme="theme_dark"]) .empty, :host([theme="theme_dark"]) .meta { color: #a8abb2; }
:host([theme="theme_dark"]) .status.success { color: #21ba45; }
:host([theme="theme_dark"]) .bar { background: #3a3f47; }
`;
