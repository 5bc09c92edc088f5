import { useState } from 'react';
import { Button, Icon, Popup } from 'semantic-ui-react';
import { bus, copyText, sshCommand } from '@rc/shared-utility';
import type { InstanceView } from './instance-types';
import { openInstancePage } from './instance-page-api';

async function copy(text: string, what: string) {
  if (await copyText(text)) bus.emit('toast', { type: 'success', message: `${what}已复制` });
}

/** The command's words, each kept on one line (a host name breaks at none of its hyphens), with spaces between. */
function unbrokenWords(command: string) {
  return command.split(' ').flatMap((word, i) => [...(i ? [' '] : []), <span key={i}>{word}</span>]);
}

/**
 * The whole SSH command (wrapped between its words in a narrow column, after its copy button), the password (hidden
 * until revealed) with its buttons, and the JupyterLab link.
 */
export function SshAccess({ instance }: { instance: InstanceView }) {
  const [revealed, setRevealed] = useState(false);
  const command = sshCommand(instance.ssh);
  return (
    <div className="rc-ssh-access">
      <div className="rc-ssh-command-line">
        <Popup
          content="复制登录指令"
          trigger={
            <Button
              icon="copy outline"
              size="mini"
              basic
              className="rc-copy-ssh"
              aria-label="复制登录指令"
              onClick={() => void copy(command, '登录指令')}
            />
          }
        />
        <code className="rc-ssh-command">{unbrokenWords(command)}</code>
      </div>
      <div className="rc-ssh-line">
        <span className="rc-muted">密码</span>
        <code className="rc-ssh-password">{revealed ? instance.ssh.password : '••••••••••'}</code>
        <Button
          icon={revealed ? 'eye slash' : 'eye'}
          size="mini"
          basic
          aria-label={revealed ? '隐藏密码' : '显示密码'}
          onClick={() => setRevealed(!revealed)}
        />
        <Button icon="copy outline" size="mini" basic aria-label="复制密码" onClick={() => void copy(instance.ssh.password, '密码')} />
      </div>
      {instance.jupyterPort ? (
        <Button size="mini" basic className="rc-jupyter-link" onClick={() => void openInstancePage(instance.id, instance.jupyterPort!)}>
          <Icon name="external" />
          JupyterLab
        </Button>
      ) : (
        <Popup
          content={instance.jupyterReason}
          trigger={
            <span className="rc-muted rc-jupyter-unavailable" data-reason={instance.jupyterReason}>
              JupyterLab（{instance.status === 2 ? '不可用' : '开机后可用'}）
            </span>
          }
        />
      )}
    </div>
  );
}
