/** Why an admitted request (a valid pass or share) cannot be served by the instance, each with its own page. */
export type PageNotice = 'released' | 'stopped' | 'starting' | 'unreachable' | 'notListening';

const page = (title: string, text: string) => `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${title}</title>
<body style="font-family:sans-serif;text-align:center;padding-top:20vh;color:#555"><h2>${title}</h2>
<p>${text}</p></body></html>`;

/**
 * One answer for every refusal (no pass, a spent or expired ticket, a revoked or expired share, an unknown instance,
 * someone else's): the same status and page, so that an instance id tells an outsider nothing.
 */
export const refusalPage = page('无法打开该页面', '实例不存在、未运行，或你没有访问权限。请登录控制台，从实例列表重新打开。');

/** The status and page that say which and what to do; shown only to the holder of a valid pass or share for the port. */
export function noticePage(notice: PageNotice, port: number): { status: number; html: string } {
  switch (notice) {
    case 'released':
      return { status: 410, html: page('实例已释放', '实例已释放，其中的服务与数据已不存在。如需继续使用，请在控制台重新租用实例。') };
    case 'stopped':
      return { status: 503, html: page('实例已关机', '实例已关机：请在控制台开机后重新打开。') };
    case 'starting':
      return { status: 503, html: page('实例正在开机', '实例正在开机：请稍候片刻后刷新本页。') };
    case 'unreachable':
      return { status: 502, html: page('暂时无法连接实例', '实例运行中，但暂时无法连接：请稍后刷新本页。') };
    case 'notListening':
      return {
        status: 502,
        html: page('端口没有服务在监听', `实例中端口 ${port} 没有服务在监听：请确认服务已启动并监听 0.0.0.0:${port}，然后刷新本页。`),
      };
  }
}
