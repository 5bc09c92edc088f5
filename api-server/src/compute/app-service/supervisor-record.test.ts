import { describe, expect, it } from 'vitest';
import { appEnvironment, type InstanceApp } from './app-snapshot.js';
import { exitText, parseRecord, serviceState } from './supervisor-record.js';

const record = (o: Partial<{ state: string; restarts: number; quick: number; exit: string }> = {}) =>
  parseRecord(
    `state=${o.state ?? 'running'}\npid=42\nrestarts=${o.restarts ?? 0}\nquick_exits=${o.quick ?? 0}\nlast_exit=${o.exit ?? ''}\n\n`,
  );

describe("the supervisor's record", () => {
  it('reads what suanli-init.sh writes, and nothing before it wrote', () => {
    expect(record({ state: 'waiting', restarts: 4, quick: 2, exit: '137' })).toEqual({
      state: 'waiting',
      restarts: 4,
      quickExits: 2,
      lastExit: 137,
    });
    expect(record()).toEqual({ state: 'running', restarts: 0, quickExits: 0, lastExit: null });
    expect(parseRecord('')).toBeNull();
    expect(parseRecord('state=unknown\n')).toBeNull();
  });

  it('decides 运行中 only while the process runs and the check passes, and 启动失败 after three quick exits in a row', () => {
    expect(serviceState(null, false)).toEqual({ state: 'starting', reason: '' });
    expect(serviceState(record(), false)).toEqual({ state: 'starting', reason: '' });
    expect(serviceState(record(), true)).toEqual({ state: 'running', reason: '' });
    expect(serviceState(record({ state: 'waiting', quick: 2, exit: '1' }), true)).toEqual({ state: 'starting', reason: '' });
    expect(serviceState(record({ state: 'waiting', quick: 3, exit: '127' }), false)).toEqual({
      state: 'failed',
      reason: '启动命令连续 3 次在启动后一分钟内退出，最近一次退出码 127（命令不存在）；平台会继续间隔重试',
    });
    // Back and answering after the failures: it runs.
    expect(serviceState(record({ quick: 5, exit: '1' }), true)).toEqual({ state: 'running', reason: '' });
  });

  it('says what an exit code means', () => {
    expect(exitText(3)).toBe('退出码 3');
    expect(exitText(126)).toBe('退出码 126（命令无法执行）');
    expect(exitText(137)).toBe('被信号 9 终止（退出码 137）');
    expect(exitText(null)).toBe('退出');
  });
});

describe("the container's environment for an application", () => {
  const deployed = (o: Partial<InstanceApp>): InstanceApp => ({
    instanceId: 1,
    appId: 1,
    appName: '应用',
    startCommand: 'python3 -m http.server 8000',
    env: [],
    ports: [],
    readiness: null,
    createdAt: new Date(0),
    ...o,
  });

  it('passes the command and the variables, and keeps the built-in Jupyter off when the application serves 8888', () => {
    expect(appEnvironment(undefined)).toEqual({});
    expect(appEnvironment(deployed({ startCommand: '' }))).toEqual({});
    expect(
      appEnvironment(deployed({ env: [{ name: 'PORT', value: '8000' }], ports: [{ port: 8000, name: 'web', protocol: 'http' }] })),
    ).toEqual({
      PORT: '8000',
      SUANLI_APP_COMMAND: 'python3 -m http.server 8000',
    });
    expect(appEnvironment(deployed({ ports: [{ port: 8888, name: 'Jupyter', protocol: 'http' }] }))).toMatchObject({
      SUANLI_APP_SERVES_JUPYTER: '1',
    });
  });
});
