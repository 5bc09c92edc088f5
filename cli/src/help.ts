/** `suanli --help` and the groups' help (each command's own help is in its module). */
export const mainHelp = `suanli：算力云命令行工具

用法：suanli <命令> [选项]

命令：
  login --key <密钥>      用 API 密钥登录（密钥在网页「API 密钥」页面创建）
  instances list          列出实例
  instances rent          租用实例（显示报价并确认）
  instances start <ID>    开机
  instances stop <ID>     关机
  instances release <ID>  释放实例
  instances ssh <ID>      显示 SSH 登录指令（--exec 直接登录）
  prices                  查看 GPU 价格和空闲卡数
  balance                 查看余额
  files ls [目录]         列出文件存储中的文件
  files upload <文件>     上传文件（分片、断点续传、秒传）
  files download <路径>   下载文件

每个命令都可加 --json 以 JSON 输出；suanli <命令> --help 查看命令的帮助。

退出码：
  0  成功
  1  服务器拒绝了请求（显示服务器的原因），或确认时选择了取消
  2  命令用法错误，或需要确认而无法询问（脚本中请加 --yes）
  3  尚未登录，或 API 密钥无效、已过期、已吊销
  4  无法连接服务器

配置文件：$SUANLI_CONFIG，默认 ~/.config/suanli/config.json`;

const groupHelps: Record<string, string> = {
  instances: `用法：suanli instances <list|rent|start|stop|release|ssh> [选项]

  list                 列出实例
  rent --gpu <型号>    租用实例（显示报价，确认后付款）
  start <ID>           开机
  stop <ID>            关机
  release <ID>         释放实例（不可恢复）
  ssh <ID>             显示 SSH 登录指令和密码；--exec 用系统的 ssh 登录

suanli instances <命令> --help 查看命令的帮助。`,
  files: `用法：suanli files <ls|upload|download> [选项]

  ls [目录]            列出文件存储中的文件
  upload <本地文件>    上传文件（分片、断点续传、秒传）
  download <路径>      下载文件

suanli files <命令> --help 查看命令的帮助。`,
};

export const groupHelp = (group: string) => groupHelps[group]!;
