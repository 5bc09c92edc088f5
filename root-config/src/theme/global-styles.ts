// The portal's own look on top of fomantic-ui: CJK fonts, the spec's layout sizes (§9) and the
// light/dark palettes. Injected once by the root config so every micro-app shares it.
const css = String.raw`
:root {
  --rc-font: Lato, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif;
  --rc-header-height: 80px;
  --rc-side-width: 220px;
  /* Fills under white text (buttons, badges); AA (4.5:1) against #fff. */
  --rc-brand-fill: #2563eb;
  --rc-brand-dark: #1d4ed8;
}
/* Per theme: --rc-brand is the accent for text and lines (links, active tabs), and the -text colours are the status
   colours readable as text on that theme's surfaces; every pairing meets WCAG AA (checked by e2e/every-route-layout). */
body.theme_light {
  --rc-bg: #f4f6fa; --rc-surface: #ffffff; --rc-surface-2: #f7f8fb; --rc-text: #1f2329;
  --rc-muted: #646a73; --rc-border: #e3e6ec; --rc-header-bg: #ffffff; --rc-footer-bg: #1b1f2a;
  --rc-input-bg: #ffffff; --rc-hover: #eef3ff;
  --rc-brand: #2563eb; --rc-warn-text: #c2410c; --rc-ok-text: #15803d; --rc-danger-text: #c9302c; --rc-yellow-text: #8a5a00;
}
body.theme_dark {
  --rc-bg: #111318; --rc-surface: #1b1e25; --rc-surface-2: #22262f; --rc-text: #e4e7ec;
  --rc-muted: #9aa2ae; --rc-border: #2d323c; --rc-header-bg: #171a20; --rc-footer-bg: #0c0e12;
  --rc-input-bg: #14171c; --rc-hover: #243047;
  --rc-brand: #7aa2ff; --rc-warn-text: #fb923c; --rc-ok-text: #4ade80; --rc-danger-text: #f08a8a; --rc-yellow-text: #fbbd08;
  color-scheme: dark;
}
html, body { min-width: 1200px; }
/* Phones keep the desktop layout (viewport width 1200): no text inflation that would break it. */
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; background: var(--rc-bg); color: var(--rc-text); transition: background .2s; }
body, body *:not(i):not(.icon):not(.icons) { font-family: var(--rc-font) !important; }
a { color: var(--rc-brand); }
/* One blue: the brand's, wherever fomantic would use its own. */
.ui.primary.button, .ui.primary.buttons .button { background-color: var(--rc-brand-fill); }
.ui.primary.button:hover, .ui.primary.button:focus, .ui.primary.button:active, .ui.primary.active.button, .ui.primary.buttons .button:hover { background-color: var(--rc-brand-dark); }
.ui.basic.primary.button, .ui.basic.primary.buttons .button { background: transparent !important; color: var(--rc-brand) !important; box-shadow: 0 0 0 1px var(--rc-brand) inset !important; }
.ui.blue.label:not(.basic), .ui.blue.labels .label, .ui.blue.button:not(.basic) { background-color: var(--rc-brand-fill) !important; border-color: var(--rc-brand-fill) !important; }
.ui.basic.blue.button, .ui.basic.blue.label { color: var(--rc-brand) !important; box-shadow: 0 0 0 1px var(--rc-brand) inset !important; }
.ui.blue.progress .bar, .ui.progress .bar { background-color: var(--rc-brand-fill); }
.ui.toggle.checkbox input:checked ~ label:before, .ui.toggle.checkbox input:focus:checked ~ label:before { background-color: var(--rc-brand-fill) !important; }
/* fomantic's coloured fills under white text, darkened to AA; and its coloured text, in the theme's status colours. */
.ui.orange.button:not(.basic), .ui.orange.label:not(.basic) { background-color: #c2410c !important; border-color: #c2410c !important; color: #fff !important; }
.ui.orange.button:not(.basic):hover { background-color: #9a3412 !important; }
.ui.green.button:not(.basic), .ui.green.label:not(.basic), .ui.positive.button:not(.basic) { background-color: #15803d !important; border-color: #15803d !important; color: #fff !important; }
.ui.green.button:not(.basic):hover, .ui.positive.button:not(.basic):hover { background-color: #166534 !important; }
.ui.teal.button:not(.basic), .ui.teal.label:not(.basic) { background-color: #0f766e !important; border-color: #0f766e !important; color: #fff !important; }
.ui.yellow.label:not(.basic), .ui.yellow.button:not(.basic) { color: #1f2329 !important; }
.ui.basic.yellow.button, .ui.basic.yellow.label { color: var(--rc-yellow-text) !important; box-shadow: 0 0 0 1px var(--rc-yellow-text) inset !important; }
.ui.breadcrumb a.section { color: var(--rc-brand); }
.ui.orange.header, .ui.basic.orange.label, .ui.basic.orange.button { color: var(--rc-warn-text) !important; }
.ui.green.header, .ui.basic.green.label, .ui.basic.green.button { color: var(--rc-ok-text) !important; }
.ui.red.header, .ui.basic.red.label { color: var(--rc-danger-text) !important; }
.ui.basic.orange.label, .ui.basic.orange.button { box-shadow: 0 0 0 1px var(--rc-warn-text) inset !important; border-color: var(--rc-warn-text) !important; }
.ui.basic.green.label, .ui.basic.green.button { box-shadow: 0 0 0 1px var(--rc-ok-text) inset !important; border-color: var(--rc-ok-text) !important; }
.ui.basic.red.button, .ui.basic.negative.button { color: var(--rc-danger-text) !important; box-shadow: 0 0 0 1px var(--rc-danger-text) inset !important; }
/* fomantic's greys (placeholders, card meta, message text at 85 % opacity) are below AA: the theme's muted text instead. */
.ui.dropdown > .default.text, .ui.dropdown > .text.default, .ui.search.dropdown > .text.filtered { color: var(--rc-muted) !important; }
.ui.card .meta, .ui.cards > .card .meta, .ui.card > .extra, .ui.cards > .card > .extra, .ui.items > .item .meta { color: var(--rc-muted) !important; }
.ui.message p { opacity: 1; }
.ui.steps .step.active .title { color: var(--rc-brand) !important; }
.ui.table th { white-space: nowrap; }
/* Chinese words stay whole in a narrow column: it wraps between words, never one character a line. */
.ui.table td { word-break: keep-all; overflow-wrap: break-word; }
.ui.secondary.pointing.menu .active.item, .ui.secondary.pointing.menu .active.item:hover { border-color: var(--rc-brand); color: var(--rc-brand); }
.ui.pagination.menu .active.item { color: var(--rc-brand); font-weight: 600; }
.ui.form input:focus, .ui.input > input:focus, .ui.selection.active.dropdown, .ui.selection.active.dropdown .menu, .ui.selection.dropdown:focus { border-color: var(--rc-brand) !important; }
.ui.loading.button:after { border-color: #fff transparent transparent; }
.rc-shell { min-height: 100vh; display: flex; flex-direction: column; }
.rc-body { flex: 1; display: flex; align-items: stretch; }
.rc-main { flex: 1; min-width: 0; }
.rc-layout-default .rc-main, .rc-layout-activity .rc-main { padding: 0; }
.rc-layout-account .rc-main { padding: 20px 24px 32px; }
.rc-app-area:empty { display: none; }

/* header */
.rc-header { position: sticky; top: 0; z-index: 900; min-height: var(--rc-header-height); background: var(--rc-header-bg);
  border-bottom: 1px solid var(--rc-border); box-sizing: border-box; transition: background .25s, border-color .25s; }
.rc-header.is-floating { position: fixed; left: 0; right: 0; min-width: 1200px; }
.rc-header.is-transparent { background: transparent; border-color: transparent; }
.rc-header.is-transparent, .rc-header.is-transparent a:not(.ui), .rc-header.is-transparent .rc-header-link { color: #fff; }
.rc-header-top { height: 28px; display: flex; align-items: center; justify-content: space-between; padding: 0 24px;
  font-size: 12px; color: var(--rc-muted); border-bottom: 1px solid var(--rc-border); }
.rc-header.is-transparent .rc-header-top { color: rgba(255,255,255,.8); border-color: rgba(255,255,255,.15); }
.rc-header-top-group { display: flex; align-items: center; gap: 18px; }
.rc-header-main { height: 51px; display: flex; align-items: center; gap: 14px; padding: 0 20px; }
.rc-logo { display: flex; align-items: center; gap: 8px; font-size: 20px; font-weight: 700; color: var(--rc-text); white-space: nowrap; }
.rc-logo img { height: 30px; }
.rc-logo-mark { width: 30px; height: 30px; border-radius: 8px; background: linear-gradient(135deg, #2f6bff, #7b5cff);
  color: #fff; display: inline-flex; align-items: center; justify-content: center; font-size: 16px; }
.rc-header-link { background: none; border: 0; padding: 0; cursor: pointer; color: inherit; font-size: inherit;
  display: inline-flex; align-items: center; gap: 4px; white-space: nowrap; }
a.rc-header-link, .rc-header-link { color: var(--rc-text); }
.rc-header-top .rc-header-link { color: inherit; }
.rc-header-link:hover, .rc-header-link.is-active { color: var(--rc-brand) !important; }
.rc-header.is-transparent .rc-header-link:hover, .rc-header.is-transparent .rc-header-link.is-active { color: #a9c6ff !important; }
.rc-top-nav { display: flex; align-items: center; gap: 16px; font-size: 15px; margin-left: 12px; }
.rc-header-spacer { flex: 1; }
.rc-header-items { display: flex; align-items: center; gap: 12px; font-size: 14px; }
.rc-search .ui.input > input { width: 150px; border-radius: 16px !important; background: var(--rc-input-bg); color: var(--rc-text); }
.rc-header.is-transparent .rc-search .ui.input > input { background: rgba(255,255,255,.15); border-color: rgba(255,255,255,.3); color: #fff; }
.rc-header.is-transparent .rc-search .ui.input > input::placeholder { color: rgba(255,255,255,.7); }
.rc-auth-buttons { display: flex; gap: 8px; }
.rc-header.is-transparent .rc-auth-buttons .ui.basic.button { color: #fff !important; box-shadow: 0 0 0 1px rgba(255,255,255,.6) inset !important; background: transparent !important; }
.rc-user-trigger { display: inline-flex; align-items: center; gap: 6px; }
.rc-avatar { width: 28px; height: 28px; border-radius: 50%; background: var(--rc-brand-fill); color: #fff; display: inline-flex;
  align-items: center; justify-content: center; font-size: 13px; overflow: hidden; }
.rc-avatar img { width: 100%; height: 100%; object-fit: cover; }
.rc-user-card { padding: 14px 16px; min-width: 240px; }
.rc-user-card-row { display: flex; align-items: center; justify-content: space-between; gap: 12px; margin-top: 10px; }
.rc-money { font-weight: 700; color: var(--rc-warn-text); }
.rc-tip-bar { height: 32px; line-height: 32px; text-align: center; font-size: 13px; overflow: hidden; white-space: nowrap; }
.rc-demo-banner { height: 24px; line-height: 24px; text-align: center; font-size: 12px; overflow: hidden; white-space: nowrap; background: #fff1f0; color: #a8071a; border-bottom: 1px solid #ffccc7; }

/* side menu */
.rc-side-menu { width: var(--rc-side-width); flex: none; background: var(--rc-surface); border-right: 1px solid var(--rc-border); padding: 12px 0; }
.rc-side-menu .ui.vertical.menu { width: 100%; border: 0; box-shadow: none; border-radius: 0; background: transparent; }
.rc-side-menu .ui.vertical.menu .item { padding: 12px 24px; color: var(--rc-text); }
.rc-side-menu .ui.vertical.menu .item > .menu { margin: 8px -24px -12px; }
.rc-side-menu .ui.vertical.menu .item > .menu .item { padding: 9px 24px 9px 52px; color: var(--rc-muted); }
.rc-side-menu .ui.vertical.menu .active.item, .rc-side-menu .ui.vertical.menu .item > .menu .active.item { background: var(--rc-hover); color: var(--rc-brand); border-right: 3px solid var(--rc-brand); border-radius: 0; }
.rc-side-menu .ui.vertical.menu .item:before { display: none; }
.rc-side-menu .ui.vertical.menu .item > i.icon, .rc-side-group-title > i.icon { float: none; margin: 0 10px 0 0; width: 1.2em; }
.rc-side-menu .rc-side-group-title { color: var(--rc-text); font-weight: 600; }

/* footer */
.rc-footer { background: var(--rc-footer-bg); color: rgba(255,255,255,.72); font-size: 13px; }
.rc-footer a { color: rgba(255,255,255,.72); }
.rc-footer a:hover { color: #fff; }
.rc-footer-cta { background: linear-gradient(90deg, #1d4fd8, #6b4dff); color: #fff; text-align: center; padding: 36px 0; }
.rc-footer-cta h2 { color: #fff; margin: 0 0 16px; font-size: 26px; }
.rc-footer-body { display: flex; gap: 48px; padding: 32px 48px 20px; max-width: 1200px; margin: 0 auto; box-sizing: border-box; }
.rc-footer-col h4 { color: #fff; margin: 0 0 12px; font-size: 14px; }
.rc-footer-col ul { list-style: none; margin: 0; padding: 0; line-height: 2; }
.rc-footer-links { max-width: 1200px; margin: 0 auto; padding: 12px 48px; border-top: 1px solid rgba(255,255,255,.08); display: flex; flex-wrap: wrap; gap: 8px 18px; box-sizing: border-box; }
.rc-footer-bottom { text-align: center; padding: 14px 0 20px; border-top: 1px solid rgba(255,255,255,.08); color: rgba(255,255,255,.5); }
.rc-footer-bottom a { margin-left: 12px; }

/* pages */
.rc-page { background: var(--rc-surface); border: 1px solid var(--rc-border); border-radius: 8px; padding: 24px 28px; }
.rc-page + .rc-page { margin-top: 16px; }
.rc-page-title { font-size: 20px; font-weight: 600; margin: 0 0 8px; color: var(--rc-text); }
.rc-page-purpose { color: var(--rc-muted); margin: 0; }
/* list states (the screen kit's ListState): loading, failed with 重试, empty — one look in every screen */
.rc-empty, .rc-list-loading, .rc-list-error { text-align: center; padding: 48px 16px; color: var(--rc-muted); }
.rc-empty p, .rc-list-error p { margin: 0 0 14px; }
.rc-list-error p { color: var(--rc-danger-text); }
.rc-list-loading .ui.loader:before { border-color: var(--rc-border); }
/* not found, not yours, deleted (the screen kit's MissingState): what happened and a way back instead of 重试 */
.rc-missing { text-align: center; padding: 48px 16px; color: var(--rc-muted); }
.rc-missing h3 { color: var(--rc-text); margin: 12px 0 6px; font-size: 18px; }
.rc-missing p { margin: 0 0 18px; }
.rc-missing-actions { display: flex; justify-content: center; gap: 8px; flex-wrap: wrap; }
/* inline code of rendered Markdown (the screen kit's MarkdownHtml): stems and options show inline code as code */
body .rc-markdown-inline code:not(.icon), body .rc-markdown :not(pre) > code:not(.icon) { font-family: ui-monospace, Menlo, Consolas, 'DejaVu Sans Mono', monospace !important; font-size: 0.92em; background: var(--rc-hover); color: var(--rc-text); padding: 1px 5px; border-radius: 3px; }
/* a quote's lines, 「代金券抵扣 ¥x」 among them (the screen kit's VoucherChoice) */
.rc-quote-line { display: flex; justify-content: space-between; align-items: center; gap: 12px; padding: 2px 0; }
/* program output and file text (the screen kit's OutputBox): monospace (beating the shell's font rule), wrapped, scrolling in its box */
.rc-output-box { margin: 0; padding: 12px; overflow: auto; white-space: pre-wrap; word-break: break-all; font-size: 12px; line-height: 1.5; color: var(--rc-text); background: var(--rc-surface-2); border: 1px solid var(--rc-border); border-radius: 4px; }
body .rc-output-box:not(.icon):not(.icons) { font-family: ui-monospace, Menlo, Consolas, 'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', monospace !important; }
/* quotas (the screen kit's QuotaUsage): figures, bar, and the warning before the quota blocks */
.rc-quota-figures { display: flex; justify-content: space-between; gap: 12px; flex-wrap: wrap; color: var(--rc-text); }
.rc-quota .ui.progress { margin: 6px 0 0; }
.rc-quota-warning { margin: 8px 0 0; font-size: 13px; }
.rc-quota-near { color: #a15c00; }
.rc-quota-over { color: #c0392b; font-weight: 600; }
body.theme_dark .rc-quota-near { color: #f0b35a; }
body.theme_dark .rc-quota-over { color: #f08a8a; }
.rc-list-loading .ui.loader, .rc-list-loading .ui.loader > .text { color: var(--rc-muted) !important; }
.rc-section-title { font-size: 16px; font-weight: 600; margin: 0; color: var(--rc-text); }
.rc-page-switcher.ui.pagination.menu { margin-top: 16px; }
.rc-dialog-form-actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 16px; }
.ui.modal > .actions > .rc-dialog-form-actions { margin-top: 0; }
.rc-layout-default .rc-page-frame, .rc-layout-activity .rc-page-frame { max-width: 1200px; margin: 24px auto 40px; padding: 0 24px; box-sizing: border-box; }
/* A screen's own card in the full-width layout (community, search, the lesson player) keeps the page margins too. */
.rc-layout-default .rc-app-area > * > .rc-page, .rc-layout-activity .rc-app-area > * > .rc-page { max-width: 1152px; margin: 24px auto; box-sizing: border-box; }
.rc-app-error { padding: 8px 0; }
.rc-agreement { display: flex; align-items: center; flex-wrap: wrap; }
.rc-agreement .ui.checkbox { margin-right: 2px; }
.rc-legal .rc-page { max-width: 880px; margin: 0 auto; line-height: 1.9; }
.rc-legal h2 { font-size: 16px; margin: 24px 0 8px; color: var(--rc-text); }
.rc-legal p { color: var(--rc-text); margin: 0 0 8px; }
.rc-legal .rc-legal-updated { color: var(--rc-muted); font-size: 13px; }
.rc-app-loader.ui.loader { margin: 80px auto !important; }
.rc-layout-default .rc-app-error { max-width: 1200px; margin: 24px auto; padding: 0 24px; }
.rc-app-error-detail { font-family: monospace !important; font-size: 12px; opacity: .75; word-break: break-all; }

/* error pages */
.rc-error-page { display: flex; align-items: center; justify-content: center; gap: 56px; padding: 80px 24px; min-height: 420px; }
.rc-error-code { font-size: 72px; font-weight: 800; color: var(--rc-brand); line-height: 1; margin: 0 0 16px; }
.rc-error-title { font-size: 20px; color: var(--rc-text); margin: 0 0 8px; }
.rc-error-tip { color: var(--rc-muted); margin: 0 0 24px; }

/* toasts: top right below the header, above dialogs (z-index 1000 and up) and clear of their centred titles */
.rc-toasts { position: fixed; top: 92px; right: 24px; z-index: 2000; display: flex; flex-direction: column; align-items: flex-end; gap: 8px; width: 320px; pointer-events: none; }
.rc-toasts .ui.message { pointer-events: auto; width: 100%; }
.rc-toasts .ui.message { margin: 0 !important; box-shadow: 0 6px 20px rgba(0,0,0,.15) !important; }

/* home */
.rc-hero { height: 520px; display: flex; align-items: center; color: #fff;
  background: radial-gradient(circle at 75% 30%, rgba(123,92,255,.55), transparent 45%), linear-gradient(135deg, #0b1638 0%, #1a2f7a 55%, #2f6bff 100%); }
.rc-hero-inner { width: 1200px; margin: 0 auto; padding: 80px 48px 0; box-sizing: border-box; }
.rc-hero h1 { font-size: 46px; margin: 0 0 18px; color: #fff; }
.rc-hero .ui.basic.button.rc-hero-outline { background: transparent; color: #f9fafb; box-shadow: 0 0 0 2px rgba(255,255,255,.5) inset; }
.rc-hero .ui.basic.button.rc-hero-outline:hover, .rc-hero .ui.basic.button.rc-hero-outline:focus { background: transparent; color: #fff; box-shadow: 0 0 0 2px #fff inset; }
.rc-hero .ui.basic.button.rc-hero-outline:active { background: rgba(255,255,255,.08); color: #fff; box-shadow: 0 0 0 2px rgba(255,255,255,.9) inset; }
.rc-hero p { font-size: 18px; max-width: 620px; line-height: 1.8; color: rgba(255,255,255,.85); margin: 0 0 32px; }
.rc-home-features { width: 1200px; margin: -60px auto 56px; padding: 0 48px; box-sizing: border-box; display: grid; grid-template-columns: repeat(3, 1fr); gap: 20px; position: relative; }
.rc-feature { text-align: left; background: var(--rc-surface); border: 1px solid var(--rc-border); border-radius: 10px; padding: 24px; cursor: pointer; color: var(--rc-text);
  box-shadow: 0 8px 24px rgba(15, 30, 80, .08); transition: transform .15s, box-shadow .15s; }
.rc-feature:hover { transform: translateY(-3px); box-shadow: 0 14px 30px rgba(15, 30, 80, .14); }
.rc-feature .icon { color: var(--rc-brand); }
.rc-feature h3 { margin: 12px 0 8px; font-size: 18px; color: var(--rc-text); }
.rc-feature p { margin: 0; color: var(--rc-muted); line-height: 1.7; }
.rc-home-classes { width: 1200px; margin: -32px auto 56px; padding: 0 48px; box-sizing: border-box; display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
.rc-home-classes-title { font-weight: 600; color: var(--rc-text); margin-right: 8px; }
.rc-advert { position: fixed; right: 24px; bottom: 24px; z-index: 950; width: 300px; background: var(--rc-surface); border: 1px solid var(--rc-border);
  border-radius: 10px; box-shadow: 0 12px 32px rgba(0,0,0,.2); overflow: hidden; }
.rc-advert-body { display: block; color: var(--rc-text); }
.rc-advert-body img { display: block; width: 100%; max-height: 160px; object-fit: cover; }
.rc-advert-title { display: block; padding: 14px 40px 14px 16px; font-weight: 600; }
.rc-advert-close { position: absolute; top: 8px; right: 6px; background: rgba(0,0,0,.35); color: #fff; border: 0; border-radius: 50%;
  width: 24px; height: 24px; padding: 0; cursor: pointer; display: inline-flex; align-items: center; justify-content: center; }
.rc-advert-close .icon { margin: 0; }

/* login, register, reset */
.rc-auth { min-height: calc(100vh - var(--rc-header-height)); display: flex; align-items: center; justify-content: center; padding: 40px 0;
  background: radial-gradient(circle at 20% 20%, rgba(47,107,255,.18), transparent 40%), radial-gradient(circle at 80% 80%, rgba(123,92,255,.16), transparent 40%), var(--rc-bg); }
.rc-auth-card { display: flex; width: 900px; min-height: 480px; background: var(--rc-surface); border: 1px solid var(--rc-border); border-radius: 12px; overflow: hidden; box-shadow: 0 20px 50px rgba(15,30,80,.12); }
.rc-auth-intro { width: 380px; flex: none; padding: 48px 36px; color: #fff; background: linear-gradient(160deg, #13245c, #2f6bff); }
.rc-auth-intro h2 { color: #fff; font-size: 26px; margin: 0 0 14px; }
.rc-auth-intro p { color: rgba(255,255,255,.82); line-height: 1.8; }
.rc-auth-intro ul { padding-left: 18px; line-height: 2.1; color: rgba(255,255,255,.9); }
.rc-auth-form { flex: 1; padding: 40px 48px; }
.rc-auth-form h1 { font-size: 24px; margin: 0 0 24px; color: var(--rc-text); }
.rc-auth-form .ui.secondary.pointing.menu { margin-bottom: 24px; }
.rc-auth-links { display: flex; justify-content: space-between; margin-top: 16px; font-size: 13px; }
.rc-code-field { display: flex; gap: 10px; }
.rc-code-field .ui.input { flex: 1; }
.rc-code-field .ui.button { min-width: 130px; flex: none; margin: 0; }
/* 「60秒后重新获取」 stays on one line wherever the send-code button stands. */
.ui.button.rc-send-code { white-space: nowrap; }

/* micro-app pages */
.rc-stats { display: grid; grid-template-columns: repeat(4, 1fr); gap: 16px; }
.rc-stat { background: var(--rc-surface); border: 1px solid var(--rc-border); border-radius: 8px; padding: 20px 22px; }
.rc-stat-label { color: var(--rc-muted); font-size: 13px; }
.rc-stat-value { font-size: 28px; font-weight: 700; margin-top: 8px; color: var(--rc-text); }
.rc-stat-value small { font-size: 14px; font-weight: 400; color: var(--rc-muted); margin-left: 4px; }
.rc-page-header { display: flex; align-items: center; justify-content: space-between; gap: 16px; margin-bottom: 16px; }
.rc-message-unread { font-weight: 600; }
.rc-muted { color: var(--rc-muted); }
.rc-shortcuts { display: flex; flex-wrap: wrap; gap: 10px; }
.rc-verified { color: var(--rc-ok-text); }
.rc-unverified { color: var(--rc-warn-text); }
.rc-feature-pending { display: flex; align-items: center; gap: 8px; }

/* dark theme for fomantic-ui components */
body.theme_dark .ui.segment, body.theme_dark .ui.card, body.theme_dark .ui.cards > .card, body.theme_dark .ui.table,
body.theme_dark .ui.menu:not(.secondary):not(.text), body.theme_dark .ui.dropdown .menu, body.theme_dark .ui.popup,
body.theme_dark .ui.modal, body.theme_dark .ui.modal > .header, body.theme_dark .ui.modal > .content, body.theme_dark .ui.modal > .actions,
body.theme_dark .ui.attached.segment, body.theme_dark .ui.tabular.menu .active.item {
  background: var(--rc-surface); color: var(--rc-text); border-color: var(--rc-border); }
body.theme_dark .ui.header, body.theme_dark .ui.card .header, body.theme_dark .ui.cards > .card > .content > .header,
body.theme_dark .ui.form .field > label, body.theme_dark .ui.checkbox label, body.theme_dark .ui.statistic > .value,
body.theme_dark .ui.statistic > .label, body.theme_dark .ui.menu .item, body.theme_dark .ui.dropdown .menu > .item,
body.theme_dark .ui.table thead th, body.theme_dark .ui.list .item, body.theme_dark .ui.card .meta,
body.theme_dark .ui.card .description, body.theme_dark .ui.dropdown .menu > .header, body.theme_dark .ui.checkbox label:hover { color: var(--rc-text) !important; }
body.theme_dark .ui.table thead th { background: var(--rc-surface-2); border-color: var(--rc-border); }
body.theme_dark .ui.table td { border-color: var(--rc-border); }
body.theme_dark .ui.dropdown .menu > .item:hover, body.theme_dark .ui.menu .link.item:hover, body.theme_dark .ui.menu a.item:hover { background: var(--rc-hover); }
body.theme_dark .ui.divider:not(.vertical):not(.horizontal) { border-color: var(--rc-border); }
body.theme_dark .ui.progress { background: var(--rc-surface-2); }
body.theme_dark .ui.progress > .label { color: var(--rc-text); }
body.theme_dark .ui.form input:not([type]), body.theme_dark .ui.form input[type=text], body.theme_dark .ui.form input[type=password],
body.theme_dark .ui.form input[type=tel], body.theme_dark .ui.input > input, body.theme_dark .ui.selection.dropdown, body.theme_dark .ui.form textarea {
  background: var(--rc-input-bg); color: var(--rc-text); border-color: var(--rc-border); }
body.theme_dark .ui.input > i.icon, body.theme_dark .ui.form .ui.input > i.icon { color: var(--rc-muted); opacity: 1; }
body.theme_dark .ui.input > input::placeholder, body.theme_dark .ui.form input::placeholder { color: #6b7380; }
body.theme_dark .ui.basic.button:not(.primary):not(.red):not(.rc-hero-outline) { color: var(--rc-text) !important; box-shadow: 0 0 0 1px var(--rc-border) inset !important; }
body.theme_dark .ui.basic.button:not(.primary):not(.red):not(.rc-hero-outline):hover { background: var(--rc-hover) !important; }
body.theme_dark .ui.pagination.menu .active.item { background: var(--rc-hover); }
body.theme_dark .ui.message:not(.warning):not(.error):not(.success):not(.positive):not(.negative) { background: var(--rc-surface-2); color: var(--rc-text); box-shadow: 0 0 0 1px var(--rc-border) inset; }
body.theme_dark .ui.message .header { color: inherit; }
body.theme_dark .rc-demo-banner { background: #2a1215; color: #ffa39e; border-bottom-color: #5c2223; }
body.theme_dark .rc-tip-bar { background: #2b2616 !important; color: #f0dca8 !important; border-bottom: 1px solid var(--rc-border); }
body.theme_dark .ui.button:not(.basic):not(.primary):not(.positive):not(.negative):not(.red):not(.orange):not(.green):not(.blue):not(.rc-hero-outline),
body.theme_dark .ui.buttons .button:not(.basic):not(.primary):not(.active) { background: var(--rc-surface-2); color: var(--rc-text); box-shadow: 0 0 0 1px var(--rc-border) inset; }
body.theme_dark .ui.button:not(.basic):not(.primary):not(.positive):not(.negative):not(.red):not(.orange):not(.green):not(.blue):not(.rc-hero-outline):hover,
body.theme_dark .ui.buttons .button:not(.basic):not(.primary):hover { background: var(--rc-hover); color: var(--rc-text); }
body.theme_dark .ui.buttons .active.button:not(.primary) { background: var(--rc-hover); color: var(--rc-brand); }
body.theme_dark .ui.basic.label, body.theme_dark .ui.label:not([class*="green"]):not([class*="red"]):not([class*="orange"]):not([class*="blue"]):not([class*="grey"]) { background: var(--rc-surface-2); color: var(--rc-text); border-color: var(--rc-border); }
body.theme_dark .ui.form .field.error input, body.theme_dark .ui.form .field.error .ui.input > input { background: #2a1a1a; border-color: #8c3b3b; color: var(--rc-text); }
body.theme_dark .ui.form .field.error > label { color: #e88 !important; }
body.theme_dark .ui.selection.dropdown .menu > .item { border-color: var(--rc-border); }
body.theme_dark .ui.dropdown .menu > .divider { border-color: var(--rc-border); }
body.theme_dark .ui.dropdown .menu > .disabled.item { color: var(--rc-muted) !important; }
body.theme_dark .ui.dropdown .menu .selected.item, body.theme_dark .ui.dropdown .menu .active.item { background: var(--rc-hover) !important; color: var(--rc-text) !important; }
body.theme_dark .ui.dropdown .menu > .item > .description { color: var(--rc-muted); }
body.theme_dark .ui.search.dropdown > input.search, body.theme_dark .ui.selection.dropdown > .text { color: var(--rc-text); }
body.theme_dark .ui.search.dropdown > .text.filtered, body.theme_dark .ui.selection.dropdown > .default.text { color: var(--rc-muted); }
body.theme_dark .ui.loader:before { border-color: var(--rc-border); }
body.theme_dark .ui.breadcrumb .divider { color: var(--rc-muted); }
body.theme_dark .ui.toggle.checkbox label:before { background: var(--rc-border); }
body.theme_dark .ui.basic.label[class*="green"], body.theme_dark .ui.basic.label[class*="orange"], body.theme_dark .ui.basic.label[class*="red"],
body.theme_dark .ui.basic.label[class*="blue"], body.theme_dark .ui.basic.label[class*="yellow"] { background: transparent !important; }
body.theme_dark .ui.definition.table tr td:first-child:not(.ignored), body.theme_dark .ui.definition.table tr td.definition {
  background: var(--rc-surface-2); color: var(--rc-text); }
body.theme_dark .ui.steps .step, body.theme_dark .ui.steps .step:after { background: var(--rc-surface); color: var(--rc-text); border-color: var(--rc-border); }
body.theme_dark .ui.steps .step.active, body.theme_dark .ui.steps .step.active:after { background: var(--rc-surface-2); }
body.theme_dark .ui.steps .step .description { color: var(--rc-muted); }
`;

export function injectGlobalStyles(): void {
  const style = document.createElement('style');
  style.dataset.rc = 'root-config';
  style.textContent = css;
  document.head.append(style);
}
