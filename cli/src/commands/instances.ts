import { spawn } from 'node:child_process';
import type { InstanceView } from '@rc/api-contract/user/compute';
import { CliError, exitCodes, usageError } from '../cli-error.js';
import { confirm, wholeNumber, type Command } from '../command.js';
import { allInstances, instanceById, instanceLine, instanceTable, statusCodes, waitForStatus } from '../instance-views.js';

const waitOption = { wait: { type: 'boolean' } } as const;

export const list: Command = {
  help: `用法：suanli instances list

列出账户的实例（已释放的不列出）：ID、名称、状态、GPU、计费方式、地区、每小时价格。

选项：
  --json       以 JSON 输出实例数组（字段同控制台的实例列表）
  -h, --help   显示帮助`,
  async run(_parsed, context) {
    const instances = await allInstances(context.api());
    return { json: instances, text: instanceTable(instances) };
  },
};

/** start, stop and release: one call on one instance, then (with --wait) until it is done. */
function operation(o: { path: string; verb: string; done: number; help: string; confirmFirst?: boolean }): Command {
  return {
    help: o.help,
    options: { ...waitOption, ...(o.confirmFirst ? { yes: { type: 'boolean' } } : {}) },
    positionals: [1, 1],
    async run(parsed, context) {
      const id = wholeNumber(parsed.positionals[0], '实例ID');
      const api = context.api();
      if (o.confirmFirst) {
        const instance = await instanceById(api, id);
        if (!(await confirm(parsed, `${o.verb}实例 ${id}「${instance.name}」（数据盘和系统盘中的数据将被删除，不可恢复）`))) {
          throw new CliError(exitCodes.refused, `已取消，未${o.verb}`);
        }
      }
      const changed = await api.post<InstanceView>(`/user/auth/user/instance/${o.path}`, { id });
      const final = parsed.values.wait ? await waitForStatus(api, id, o.done) : changed;
      return {
        json: final ?? { ...changed, status: statusCodes.released, statusName: '已释放', nextStatus: null },
        text: final ? instanceLine(final) : `实例 ${id}「${changed.name}」：已释放`,
      };
    },
  };
}

const waitHelp = (what: string) => `  --wait       等到${what}后再返回（否则发出请求即返回）`;

export const start = operation({
  path: 'start',
  verb: '开机',
  done: statusCodes.running,
  help: `用法：suanli instances start <实例ID> [--wait]

开机。按量计费的实例开机时重新占用 GPU；没有空闲 GPU 时服务器会说明原因。

选项：
${waitHelp('运行中')}
  --json       以 JSON 输出实例
  -h, --help   显示帮助`,
});

export const stop = operation({
  path: 'stop',
  verb: '关机',
  done: statusCodes.stopped,
  help: `用法：suanli instances stop <实例ID> [--wait]

关机。按量计费的实例关机后停止计费并释放 GPU，数据保留。

选项：
${waitHelp('已关机')}
  --json       以 JSON 输出实例
  -h, --help   显示帮助`,
});

export const release = operation({
  path: 'release/instance',
  verb: '释放',
  done: statusCodes.released,
  confirmFirst: true,
  help: `用法：suanli instances release <实例ID> [--yes] [--wait]

释放（删除）已关机的按量计费实例，连同它的系统盘和数据盘，不可恢复。
在终端中会先询问确认；脚本中须加 --yes，否则拒绝执行。

选项：
  --yes        不询问，直接确认
${waitHelp('释放完成')}
  --json       以 JSON 输出实例
  -h, --help   显示帮助`,
});

export const ssh: Command = {
  help: `用法：suanli instances ssh <实例ID> [--exec [-- <远程命令>…]]

显示实例的 SSH 登录指令和密码（与控制台显示的相同）。
加 --exec 则用系统的 ssh 直接登录（用可配合已保存 SSH 密钥的登录指令；没有密钥时 ssh 会询问密码），
-- 之后的内容作为远程命令执行；退出码为 ssh 的退出码。

选项：
  --exec       用系统的 ssh 登录
  --json       以 JSON 输出 { id, status, command, keyCommand, host, port, user, password }
  -h, --help   显示帮助`,
  options: { exec: { type: 'boolean' } },
  positionals: [1, Infinity],
  async run(parsed, context) {
    const id = wholeNumber(parsed.positionals[0], '实例ID');
    const remote = parsed.positionals.slice(1);
    if (remote.length > 0 && !parsed.values.exec) throw usageError('远程命令只能和 --exec 一起使用');
    if (parsed.values.exec && context.json) throw usageError('--exec 不能与 --json 一起使用');
    const instance = await instanceById(context.api(), id);
    if (parsed.values.exec) return { json: null, text: '', exitCode: await runSsh(instance, remote) };
    const { command, keyCommand, host, port, user, password } = instance.ssh;
    return {
      json: { id, status: instance.status, command, keyCommand, host, port, user, password },
      text: [
        `登录指令：${command}`,
        `密码：${password}`,
        `使用已保存的 SSH 密钥登录：${keyCommand}`,
        ...(instance.status === statusCodes.running ? [] : [`实例当前${instance.statusName}，开机后才能登录`]),
      ].join('\n'),
    };
  },
};

/** The system's ssh with the console's key command and the user's terminal; its exit code. */
async function runSsh(instance: InstanceView, remote: string[]): Promise<number> {
  if (instance.status !== statusCodes.running) {
    throw new CliError(
      exitCodes.refused,
      `实例 ${instance.id} 未运行（${instance.statusName}），请先开机：suanli instances start ${instance.id}`,
    );
  }
  const [, ...words] = instance.ssh.keyCommand.split(' ');
  const child = spawn('ssh', [...words, ...remote], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new CliError(exitCodes.usage, `无法运行 ssh：${error.message}（请安装 OpenSSH 客户端）`)));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}
