import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { instancePageHosts, instancePageOrigin } from './instance-page-origin.js';

describe('the instance-pages origin', () => {
  it('defaults to a loopback name per instance and port on the server port, and fills in the pattern', () => {
    const pattern = loadConfig({ PORT: '3000' }).instancePagesOrigin;
    expect(pattern).toBe('http://{id}-{port}.apps.localhost:3000');
    expect(instancePageOrigin(pattern, { instanceId: 12, port: 8888 })).toBe('http://12-8888.apps.localhost:3000');
    const addressOf = instancePageHosts(pattern);
    expect(addressOf('12-8888.apps.localhost:3000')).toEqual({ instanceId: 12, port: 8888 });
    expect(addressOf('12-8888.APPS.localhost:3000')).toEqual({ instanceId: 12, port: 8888 });
    for (const other of [
      'localhost:3000',
      '12-8888.apps.localhost',
      '12-8888.apps.localhost:30001',
      'x12-8888.apps.localhost:3000',
      '0-8888.apps.localhost:3000',
      '12-99999.apps.localhost:3000',
      undefined,
    ]) {
      expect(addressOf(other)).toBeNull();
    }
  });

  it('matches the Host a browser sends for a site behind TLS, in either order of the placeholders', () => {
    expect(instancePageHosts('https://{id}-{port}.apps.example.com')('7-6006.apps.example.com')).toEqual({ instanceId: 7, port: 6006 });
    expect(instancePageHosts('https://{id}-{port}.apps.example.com:443')('7-6006.apps.example.com')).toEqual({ instanceId: 7, port: 6006 });
    expect(instancePageHosts('https://p{port}-i{id}.example-apps.net')('p8888-i31.example-apps.net')).toEqual({
      instanceId: 31,
      port: 8888,
    });
    expect(instancePageHosts('https://{id}-{port}.apps.example.com')('7-6006.appsXexample.com')).toBeNull();
  });

  it('is refused at start without both placeholders in the host', () => {
    for (const value of [
      'http://apps.localhost:3000',
      'http://{id}.apps.localhost',
      'http://{id}-{port}.apps.localhost/path',
      'ftp://{id}-{port}.x',
    ]) {
      expect(() => loadConfig({ INSTANCE_PAGES_ORIGIN: value })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ INSTANCE_PAGES_ORIGIN: 'http://{id}.apps.localhost' })).toThrow(
      'INSTANCE_PAGES_ORIGIN must be an http(s):// origin whose host holds {id} and {port}, got "http://{id}.apps.localhost"',
    );
  });
});
