/** The share of the window a dialog may take before its body scrolls. */
export const maxHeightShare = 0.76;
/** The body's padding, top and bottom together (px). */
export const bodyPadding = 32;

/** Styles of the dialog frames, inside `<rc-dialogs>`'s shadow root; dialog content is slotted light DOM. */
export const dialogStyles = `
/* No box of its own: the frames' z-indexes compete with the page's, not inside a stacking context. */
:host { display: contents; font-family: "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; }
/* Slotted content inherits from these frames, not from the page: give it the page's box model and line height,
   or semantic-ui's fields come out taller and wider than the dialog (their 100% width plus padding). */
*, *::before, *::after { box-sizing: border-box; }
.backdrop { position: fixed; inset: 0; background: rgba(0, 0, 0, 0.35); pointer-events: auto; }
.dialog { position: fixed; top: 12vh; left: 50%; transform: translateX(-50%); max-width: calc(100vw - 32px);
  display: flex; flex-direction: column; background: #fff; color: #1f2329; border-radius: 8px;
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.18); pointer-events: auto; }
.dialog.is-active { box-shadow: 0 16px 40px rgba(0, 0, 0, 0.28); }
.title-bar { display: flex; align-items: center; gap: 8px; padding: 14px 16px; border-bottom: 1px solid #ebeef5; }
.title { flex: 1; font-size: 16px; font-weight: 600; margin: 0; }
.icon-button { border: 0; background: transparent; cursor: pointer; font-size: 18px; line-height: 1; color: #8a8f99; padding: 2px 6px; }
.icon-button:hover { color: #1f2329; }
.body { padding: 16px; font-size: 14px; line-height: 1.4285em; }
/* Only content taller than the window scrolls, and then only up and down. */
.dialog.is-overflowing { max-height: ${maxHeightShare * 100}vh; }
.dialog.is-overflowing .body { overflow-y: auto; overflow-x: hidden; }
.actions { display: flex; justify-content: flex-end; gap: 8px; padding: 12px 16px; border-top: 1px solid #ebeef5; }
.action { min-width: 72px; padding: 7px 16px; border-radius: 4px; border: 1px solid #dcdfe6; background: #fff; color: #1f2329; cursor: pointer; font-size: 14px; }
.action.primary { background: var(--rc-brand-fill, #2563eb); border-color: var(--rc-brand-fill, #2563eb); color: #fff; }
.action.primary:hover { background: var(--rc-brand-dark, #1d4ed8); border-color: var(--rc-brand-dark, #1d4ed8); }
.action.danger { background: #db2828; border-color: #db2828; color: #fff; }
.tray { position: fixed; left: 16px; bottom: 16px; display: flex; gap: 8px; pointer-events: auto; }
.tray-item { padding: 6px 12px; border-radius: 16px; border: 1px solid #dcdfe6; background: #fff; cursor: pointer; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.12); font-size: 13px; }
:host([theme="theme_dark"]) .dialog, :host([theme="theme_dark"]) .tray-item, :host([theme="theme_dark"]) .action:not(.primary):not(.danger) { background: #1f2329; color: #e5e6eb; border-color: #3a3f47; }
:host([theme="theme_dark"]) .title-bar, :host([theme="theme_dark"]) .actions { border-color: #3a3f47; }
:host([theme="theme_dark"]) .icon-button:hover { color: #e5e6eb; }
:host([theme="theme_dark"]) .backdrop { background: rgba(0, 0, 0, 0.55); }
`;
