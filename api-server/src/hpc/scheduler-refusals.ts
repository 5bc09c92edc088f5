/** What a scheduler's refusal means, in the user's words; the first match wins. */
const meanings: Array<[RegExp, string]> = [
  [/invalid partition/i, '分区不存在或不可用'],
  [/node configuration is not available/i, '集群没有满足该资源要求（节点、CPU、GPU或内存）的节点'],
  [/time limit/i, '最长运行时间超出了分区的上限'],
  [/memory/i, '内存超出了节点的上限'],
  [/invalid account|account\/partition/i, '该账号无权使用此分区'],
  [/QOS|accounting policy|association/i, '超出了账号的资源限制'],
  [/permission denied/i, '没有权限操作该作业'],
  [/invalid job id/i, '调度系统中找不到该作业'],
  [/ECONNREFUSED|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|timed out/i, '集群暂时无法连接，请稍后重试'],
];

/** Words a scheduler's error (sbatch, scancel) for the user: a known cause in Chinese, else its own first line. */
export function schedulerRefusalText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const text = (message.split(/(?:sbatch|scancel): error: (?:Batch job submission failed: )?/).at(-1) ?? '').trim().split('\n')[0] ?? '';
  const known = meanings.find(([pattern]) => pattern.test(text));
  return known ? known[1] : `调度系统拒绝了作业：${text.slice(0, 200)}`;
}
